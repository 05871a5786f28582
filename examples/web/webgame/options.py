"""The server's options: every limit and timer, with its default, and the command line."""

from __future__ import annotations

import argparse
import itertools
from typing import Any

import attrs


@attrs.frozen(kw_only=True)
class Options:
    """Every option of the server; the command line (``--help``) has one flag per field."""

    host: str = "127.0.0.1"
    port: int = 8000
    database: str = ":memory:"
    """The SQLite file every table is saved to as it changes and restored from at start
    (``:memory:``: nothing is kept)."""
    trusted_proxy: str = ""
    """The address of a reverse proxy in front of this server: requests from it (and only from
    it) are counted for the client address its X-Forwarded-For header names."""
    max_tables: int = 200
    """Tables at most; to make room for a new one, the oldest table nobody has opened ends, or
    else the oldest finished one."""
    tables_per_minute: int = 10
    """New tables one client address may create per minute."""
    sockets_per_client: int = 32
    """Open websockets one client address may hold."""
    messages_per_second: float = 20.0
    """Messages one socket may send per second, on average (bursts of twice that)."""
    max_message: int = 4096
    """Characters of one message from a page, or bytes of a request body."""
    grace: float = 60.0
    """Seconds a person's seat waits for their page to reconnect before a bot plays it."""
    call_window: float = 30.0
    """Seconds, at most, the next decision waits for the people who may call Rummy! on a bad
    discard to answer (a table's own option; this is its default)."""
    turn_time: float = 0.0
    """Seconds a connected person has for a turn before a bot plays it (a table's own option;
    this is its default; 0: no limit)."""
    idle_expiry: float = 900.0
    """Seconds a table lives with no person connected to it (never-opened tables too)."""
    finished_expiry: float = 600.0
    """Seconds a finished game stays in memory (a new game at the table starts it afresh)."""
    hello_timeout: float = 10.0
    """Seconds a new websocket has to say which seat it plays before it is closed."""
    send_timeout: float = 10.0
    """Seconds a page has to take a message before it is closed as not reading."""
    tick: float = 0.25
    """Seconds between two checks of the timers (grace, call windows, expiry)."""
    seed: Any = None
    """The seed of every table's first game (for tests and demos); random when ``None``."""


#: The command line's database: a file in the current directory.
DATABASE = "hellsrummy-web.sqlite3"


def parser(description: str) -> argparse.ArgumentParser:
    """The command line: one flag per option, its default shown by ``--help``."""
    made = argparse.ArgumentParser(
        description=description, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    docs = _docs()
    for field in attrs.fields(Options):
        flag = "--" + field.name.replace("_", "-")
        kind = str if field.name in ("host", "seed") else type(field.default)
        default = field.default
        if field.name == "database":
            default = DATABASE  # the server keeps its tables; Options() alone (tests) does not
        made.add_argument(flag, type=kind, default=default, help=docs.get(field.name, " "))
    return made


def from_arguments(arguments: argparse.Namespace) -> Options:
    """The options a parsed command line gives."""
    return Options(
        **{field.name: getattr(arguments, field.name) for field in attrs.fields(Options)}
    )


def _docs() -> dict[str, str]:
    """Each field's docstring (the string under it in the class body), read from the source."""
    import ast
    import inspect

    found: dict[str, str] = {}
    tree = ast.parse(inspect.getsource(Options))
    body = tree.body[0].body  # type: ignore[attr-defined]
    for first, second in itertools.pairwise(body):
        if (
            isinstance(first, ast.AnnAssign)
            and isinstance(first.target, ast.Name)
            and isinstance(second, ast.Expr)
            and isinstance(second.value, ast.Constant)
        ):
            found[first.target.id] = str(second.value.value)
    found.setdefault("host", "address to listen on")
    found.setdefault("port", "port to listen on")
    return found
