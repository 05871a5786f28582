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

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from webgame.options import Options, from_arguments, parser  # noqa: E402
from webgame.schema import message_schema  # noqa: E402
from webgame.server import create_app  # noqa: E402
from webgame.texts import readable  # noqa: E402

__all__ = ["Options", "create_app", "main", "message_schema", "readable"]


def main(argv: list[str] | None = None) -> None:
    """Serve the example: prints the URL to open."""
    import uvicorn

    options = from_arguments(parser(__doc__.splitlines()[0]).parse_args(argv))
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
