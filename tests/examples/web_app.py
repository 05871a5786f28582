"""Load the web example's server module (examples/web/app.py) for the tests, and their helpers."""

from __future__ import annotations

import functools
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from hellsrummy import (
    Deal,
    Discard,
    DiscardPolicy,
    GameState,
    Meld,
    Rules,
    Take,
    apply,
    card,
    cards,
    new_game,
)

APP_PATH = Path(__file__).resolve().parents[2] / "examples" / "web" / "app.py"


def load() -> ModuleType:
    """The example's ``app`` module (with ``create_app`` and ``message_schema``)."""
    if "hellsrummy_web_app" in sys.modules:
        return sys.modules["hellsrummy_web_app"]
    spec = importlib.util.spec_from_file_location("hellsrummy_web_app", APP_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hellsrummy_web_app"] = module
    spec.loader.exec_module(module)
    return module


def link_fields(link: str) -> dict[str, Any]:
    """The hello message of an invitation link ``/#table=..&seat=..&token=..``."""
    fields = dict(part.split("=", 1) for part in link[2:].split("&"))
    return {"table": fields["table"], "seat": int(fields["seat"]), "token": fields["token"]}


def greedy_move(message: dict[str, Any]) -> dict[str, Any] | None:
    """What a page playing like ``GreedyBot`` sends for an update, or ``None`` (not its turn)."""
    from hellsrummy import GreedyBot, from_dict, to_dict

    seen = message["view"]
    if seen["phase"] == "round_over":
        return {"type": "next_round"}
    if (
        seen["phase"] == "game_over"
        or seen["current"] != seen["seat"]
        or seen["left"][seen["seat"]]
    ):
        return None
    if message["call_window"]:
        return None  # the decision waits for the call window
    action = to_dict(GreedyBot()(from_dict(seen)))
    return {"type": "action", "action": action}


def play_until(
    socket: Any,
    token: str,
    message: dict[str, Any],
    done: Callable[[dict[str, Any]], bool],
    check: Callable[[dict[str, Any]], dict[str, Any]],
    limit: int = 3000,
) -> dict[str, Any]:
    """Play greedily over ``socket`` until ``done(update)``; every message passes ``check``."""
    for _ in range(limit):
        if message["type"] == "update" and done(message):
            return message
        move = greedy_move(message) if message["type"] == "update" else None
        if move is not None:
            socket.send_json({**move, "token": token})
        message = check(socket.receive_json())
    raise AssertionError("the game did not get there")


def meeting_position(names: list[str]) -> GameState:
    """Seat 0 to play with 2C 2S 3C 8S 9D QD QH AC AC AH: 8 ways to meet Two Sets of 3.

    (11 with the choice of deuce: the listing, and so the table, gives each layout once.)
    """
    deal = Deal(
        hands=[
            cards("2C 2S 3C 8S 9D QD QH AC AC"),
            cards("3D 4D 5D 6D 7D 8D 9D 10D KS"),
            cards("3H 4H 5H 6H 7H 8H 9H 10H AH"),
        ],
        discard=card("5C"),
        stock=cards("8C 8H 9C 9S 10S"),
    )
    state = new_game(names, seed=1, deal=deal)
    for action in (Take(), Discard(card("KS")), Take(), Discard(card("AH")), Take()):
        state = apply(state, action)
    return state


def classic_position(names: list[str]) -> GameState:
    """Bot 2 has discarded 9S, which plays on meld 2; seat 0 (a person) decides on it."""
    deal = Deal(
        hands=[
            cards("3D 4D 6C 8H"),
            cards("7H 7S 7D 9C 9D 9H KH 5S 6S"),
            cards("3C 4C 5D 9S"),
        ],
        discard=card("QS"),
        stock=cards("8C 8D 8S"),
    )
    state = new_game(names, seed=1, deal=deal, rules=Rules(discard_policy=DiscardPolicy.CLASSIC))
    melds = Meld([cards("7H 7S 7D"), cards("9C 9D 9H")])
    for action in (Take(), melds, Discard(card("KH")), Take(), Discard(card("9S"))):
        state = apply(state, action)
    return state


def hand_by_position(names: list[str]) -> GameState:
    """Seat 0 to play with 2C 3C 9D QD QH QS AC AC AD AH: a meld with a wildcard by hand
    (QH 2C QD / AC AC AH), then AD extends the aces, QS swaps the 2C out, 2C is a bad discard."""
    deal = Deal(
        hands=[
            cards("2C 3C 9D QD QH QS AC AC AD"),
            cards("3D 4D 5D 6D 7D 8D 9D 10D KS"),
            cards("3H 4H 5H 6H 7H 8H 9H 10H AH"),
        ],
        discard=card("5C"),
        stock=cards("8C 8H 9C 9S 10S JC JD JH"),
    )
    state = new_game(names, seed=1, deal=deal, rules=Rules(schedule=[6]))
    for action in (Take(), Discard(card("KS")), Take(), Discard(card("AH")), Take()):
        state = apply(state, action)
    return state


def inject(table: Any, state: GameState) -> None:
    """Put ``state`` on ``table`` (same names and rules) as if it had been played there."""
    table.state = state
    table.told = state.log


def new_table(client: Any, **options: Any) -> tuple[str, list[dict[str, Any]]]:
    reply = client.post("/api/tables", json={"players": 4, **options})
    assert reply.status_code == 200, reply.text
    data = reply.json()
    return data["table"], [link_fields(link) for link in data["links"]]


@functools.cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(load().message_schema())


def valid(message: dict[str, Any]) -> dict[str, Any]:
    """Every message the server sends validates against the message schema."""
    found = [error.message for error in _validator().iter_errors(message)]
    assert not found, found[:3]
    return message


def receive(socket: Any) -> dict[str, Any]:
    return valid(socket.receive_json())


def until(socket: Any, test: Any = bool, kind: str = "update", limit: int = 200) -> dict[str, Any]:
    """Receive messages until one of ``kind`` passes ``test``."""
    for _ in range(limit):
        message = receive(socket)
        if message["type"] == kind and test(message):
            return message
    raise AssertionError(f"no such {kind}")


def send(socket: Any, link: dict[str, Any], **message: Any) -> None:
    socket.send_json({**message, "token": link["token"]})


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(*arguments: str, port: int | None = None) -> tuple[Any, str]:
    """``examples/web/app.py`` in a process of its own on 127.0.0.1: the process, its URL."""
    import subprocess
    import time
    import urllib.request

    port = free_port() if port is None else port
    process = subprocess.Popen(
        [sys.executable, str(APP_PATH), "--port", str(port), *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):  # a safety net: it starts in about a second
        try:
            with urllib.request.urlopen(base + "/message.schema.json", timeout=2):
                return process, base
        except OSError:
            if process.poll() is not None:
                raise AssertionError(process.stderr.read().decode()) from None
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")
