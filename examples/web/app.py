"""Play Hell's Rummy in a browser: ``python examples/web/app.py`` (needs the ``web`` extra).

A small ASGI server (starlette + uvicorn, websockets) that keeps each table's ``GameState``
in memory and sends every seat only its own view, with its legal moves, its Rummy! calls and
the ways to meet the minimum (fewest wildcards first). ``GreedyBot`` plays the bot seats, and
a person's seat once its page has been away longer than the grace period; while no person is
connected the table waits. The page is ``index.html``, ``page.js`` and ``style.css`` next to
this file (plain HTML, CSS and JavaScript); the card pictures are ``hellsrummy.svg.card_svg``.

The server is in the ``webgame`` package beside this file: ``options`` (every limit and timer,
``--help`` shows the defaults), ``schema`` (:func:`message_schema`: every message the server
sends validates against it), ``table`` (seats, presence, bots, the call window), ``messages``
(what a page may send), ``limits`` (hostile input) and ``server`` (:func:`create_app`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

# What needs only the library: the options and --help work without the web extra.
from webgame.options import Options, from_arguments, parser  # noqa: E402
from webgame.schema import message_schema  # noqa: E402
from webgame.texts import readable  # noqa: E402

if TYPE_CHECKING:  # at run time, create_app is imported when asked for (see __getattr__)
    from webgame.server import create_app

__all__ = ["Options", "create_app", "main", "message_schema", "readable"]


def __getattr__(name: str) -> Any:
    """``create_app``, imported when asked for: the server needs the web extra (starlette)."""
    if name == "create_app":
        from webgame.server import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> None:
    """Serve the example: prints the URL to open."""
    options = from_arguments(parser(__doc__.splitlines()[0]).parse_args(argv))
    try:
        import uvicorn
        from webgame.server import create_app
    except ModuleNotFoundError as error:
        print(
            f'app.py needs {error.name}, from the web extra: pip install "hellsrummy[web]"',
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    print(f"Hell's Rummy: open http://{options.host}:{options.port}/ in a browser", flush=True)
    uvicorn.run(
        create_app(options),
        host=options.host,
        port=options.port,
        log_level="warning",
        ws_max_size=max(65536, options.max_message * 4),
    )


if __name__ == "__main__":
    main()
