"""Play Hell's Rummy in a browser: ``python examples/web/app.py`` (needs the ``web`` extra).

A small ASGI server (starlette + uvicorn, websockets) that keeps each table's ``GameState``
in memory, sends every seat only its own view (``to_dict``) with its legal moves, what each
wildcard on the table stands for and its hand in both sort orders, accepts actions as JSON
or notation, and plays the ``GreedyBot`` seats. A seat whose page disconnects is played by a
``GreedyBot`` until the person comes back with the same link. The page is ``index.html``
next to this file: plain HTML, CSS and JavaScript.

Every message the server sends validates against :func:`message_schema`, built from
``hellsrummy.json_schema``. Options: ``--host``, ``--port`` (default 8000), ``--max-tables``.
"""

from __future__ import annotations

import argparse
import contextlib
import hmac
import json
import secrets
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hellsrummy import (
    FORMAT,
    Action,
    CallRummy,
    GameState,
    GreedyBot,
    IllegalActionError,
    Leave,
    Phase,
    Reason,
    SetPlayProtection,
    apply,
    arrange,
    from_dict,
    json_schema,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    sort_by_run,
    sort_by_set,
    to_dict,
    view,
)

HERE = Path(__file__).resolve().parent
MAX_MESSAGE = 4096  # characters of one message from a page
MAX_LEGAL = 300  # legal moves sent at most (``legal_complete`` says whether all were)
MAX_BOT_STEPS = 20_000  # bot moves in a row at most (a safety net: games end long before)

#: Readable titles for the reasons an action is refused (the engine's message follows).
TITLES: dict[Reason, str] = {
    Reason.NOT_CLASSIC: "No Rummy calls at this table",
    Reason.WRONG_PHASE: "Not now",
    Reason.NOT_IN_HAND: "You do not hold that",
    Reason.NO_SUCH_MELD: "No such meld",
    Reason.NO_SUCH_SEAT: "No such seat",
    Reason.SEAT_LEFT: "That seat has left",
    Reason.EMPTY_PLAY: "Choose some cards first",
    Reason.NOT_A_MELD: "Not a meld",
    Reason.MINIMUM_NOT_MET: "Meet the minimum first",
    Reason.CONTRACT_NOT_FULFILLED: "That does not meet the round's contract",
    Reason.NO_WILDCARD: "That meld has no wildcard",
    Reason.WILDCARD_SWAP: "Swap in a natural card",
    Reason.BAD_SWAP: "That card cannot replace the wildcard",
    Reason.WILDCARD_DISCARD: "Discard error",
    Reason.RUMMY_DISCARD: "Discard error",
    Reason.PLAY_REMAINS: "Play protection",
    Reason.TAKEN_CARD_DISCARD: "You cannot discard the card you took",
    Reason.EXPERT_MODE: "No play protection in expert mode",
    Reason.CLASSIC_POLICY: "No play protection under these rules",
}


def readable(error: IllegalActionError) -> str:
    """An ``IllegalActionError`` as a sentence for people."""
    title = TITLES.get(error.reason, "Not allowed")
    return f"{title}: {error}"


def message_schema() -> dict[str, Any]:
    """The JSON Schema of every message the server sends, from the library's schemas."""
    seen = json_schema("view")
    defs = dict(seen.pop("$defs"))
    for key in ("$schema", "$id", "title"):
        seen.pop(key)
    defs["view"] = seen
    cards = {"$ref": "#/$defs/cards"}
    slot = {
        "type": "object",
        "properties": {
            "card": {"$ref": "#/$defs/card"},
            "stands_for": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "required": ["card", "stands_for"],
        "additionalProperties": False,
    }
    update = {
        "type": "object",
        "properties": {
            "type": {"const": "update"},
            "view": {"$ref": "#/$defs/view"},
            "legal": {"type": "array", "items": {"$ref": "#/$defs/action"}},
            "legal_complete": {"type": "boolean"},
            "arranged": {
                "type": "array",
                "description": "Each table meld laid out (hellsrummy.arrange), in table order.",
                "items": {
                    "type": "object",
                    "properties": {
                        "kind": {"enum": ["set", "run"]},
                        "slots": {"type": "array", "items": slot},
                    },
                    "required": ["kind", "slots"],
                    "additionalProperties": False,
                },
            },
            "hand_by_set": cards,
            "hand_by_run": cards,
            "contract": {"type": "string"},
            "connected": {"type": "array", "items": {"type": "boolean"}},
            "humans": {"type": "array", "items": {"type": "boolean"}},
            "notice": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "additionalProperties": False,
    }
    update["required"] = list(update["properties"])  # type: ignore[arg-type]
    error = {
        "type": "object",
        "properties": {
            "type": {"const": "error"},
            "message": {"type": "string"},
            "reason": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "required": ["type", "message", "reason"],
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:hellsrummy:example:web:message",
        "title": "A message of the web example's server to a page",
        "oneOf": [update, error],
        "$defs": defs,
    }


@attrs.define
class Seat:
    """A seat of a table: its secret token, whether a person plays it, its open page."""

    token: str
    human: bool
    socket: WebSocket | None = None
    claimed: bool = False  # a page has connected at least once

    @property
    def bot_played(self) -> bool:
        """Played by a ``GreedyBot``: a bot seat, or a person's seat whose page has closed."""
        return not self.human or (self.claimed and self.socket is None)


@attrs.define
class Table:
    """A game in memory and its seats."""

    state: GameState
    seats: list[Seat]

    def run_bots(self) -> None:
        """Let the bots play (and bot-played seats) until a person is to act."""
        bot = GreedyBot()
        for _ in range(MAX_BOT_STEPS):
            state = self.state
            if state.phase is Phase.GAME_OVER:
                return
            if state.phase is Phase.ROUND_OVER:
                if any(not seat.bot_played for seat in self.seats):
                    return  # a person starts the next round
                self.state = next_round(state)
                continue
            if not self.seats[state.current].bot_played:
                return
            self.state = apply(state, bot(view(state, state.current)))

    def message(self, seat: int, notice: str | None = None) -> dict[str, Any]:
        """The update a seat's page receives: its view and what it needs to draw the table."""
        seen = view(self.state, seat)
        legal = []
        complete = True
        for number, action in enumerate(legal_actions(seen)):
            if number >= MAX_LEGAL:
                complete = False
                break
            legal.append(to_dict(action))
        arranged = []
        for meld in seen.melds:
            laid = arrange(meld.cards)
            slots = []
            for slot in laid.slots:
                stands = None if not slot.card.is_wild else slot.text.strip("[]")
                slots.append({"card": str(slot.card), "stands_for": stands})
            arranged.append({"kind": laid.kind.value, "slots": slots})
        return {
            "type": "update",
            "view": to_dict(seen),
            "legal": legal,
            "legal_complete": complete,
            "arranged": arranged,
            "hand_by_set": [str(c) for c in sort_by_set(seen.hand)],
            "hand_by_run": [str(c) for c in sort_by_run(seen.hand)],
            "contract": str(seen.contract),
            "connected": [s.socket is not None for s in self.seats],
            "humans": [s.human for s in self.seats],
            "notice": notice,
        }

    async def broadcast(self, notices: dict[int, str] | None = None) -> None:
        """Send every open page its update."""
        for number, seat in enumerate(self.seats):
            if seat.socket is not None:
                try:
                    await seat.socket.send_json(self.message(number, (notices or {}).get(number)))
                except Exception:  # a page that went away: its disconnect handler cleans up
                    seat.socket = None


def _error(message: str, reason: Reason | None = None) -> dict[str, Any]:
    return {"type": "error", "message": message, "reason": None if reason is None else reason.value}


def _notice(before: GameState, after: GameState, seat: int) -> str | None:
    """The online game's discard error or play-protection warning, if the action drew one."""
    from hellsrummy import DiscardErrorMade, PlayProtectionWarning

    for event in after.log.since(before.log):
        if isinstance(event, DiscardErrorMade) and event.seat == seat:
            return (
                "Discard error! You may not discard a wildcard or a card that plays on the"
                f" table while you hold another card: {event.points} points this round."
            )
        if isinstance(event, PlayProtectionWarning) and event.seat == seat:
            return (
                "Play protection: a play remains, so the discard was refused"
                f" (it would have cost {event.points} points)."
            )
    return None


def create_app(*, max_tables: int = 100, seed: Any = None) -> Starlette:
    """The ASGI application; ``seed`` fixes every new table's shuffle (for tests)."""
    tables: dict[str, Table] = {}

    async def index(request: Request) -> Response:
        return FileResponse(HERE / "index.html", media_type="text/html")

    async def schema(request: Request) -> Response:
        return JSONResponse(message_schema())

    async def create(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_MESSAGE:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            data = json.loads(body or b"{}")
            players = int(data.get("players", 4))
            humans = int(data.get("humans", 1))
            name = str(data.get("name", "You"))[:20].strip() or "You"
        except (ValueError, TypeError, AttributeError):
            return JSONResponse({"error": "expected {players, humans, name}"}, status_code=400)
        if not 3 <= players <= 10 or not 1 <= humans <= players:
            return JSONResponse({"error": "3 to 10 players, 1 or more people"}, status_code=400)
        if len(tables) >= max_tables:
            return JSONResponse({"error": "too many tables; try again later"}, status_code=503)
        names = [
            name if k == 0 else (f"Player {k + 1}" if k < humans else f"Bot {k}")
            for k in range(players)
        ]
        table_id = secrets.token_urlsafe(8)
        state = new_game(names, seed=secrets.token_bytes(16) if seed is None else seed)
        seats = [Seat(secrets.token_urlsafe(18), human=k < humans) for k in range(players)]
        table = Table(state, seats)
        tables[table_id] = table
        table.run_bots()
        links = [
            f"/#table={table_id}&seat={k}&token={s.token}" for k, s in enumerate(seats) if s.human
        ]
        return JSONResponse({"table": table_id, "links": links})

    async def play(socket: WebSocket) -> None:
        await socket.accept()
        table: Table | None = None
        number = -1
        try:
            hello = await _receive(socket)
            if hello is None:
                return
            table = tables.get(str(hello.get("table")))
            number = hello.get("seat") if isinstance(hello.get("seat"), int) else -1
            if (
                table is None
                or not 0 <= number < len(table.seats)
                or not _token_ok(table.seats[number], hello.get("token"))
            ):
                await socket.send_json(_error("unknown table, seat or token"))
                await socket.close(code=4403)
                table = None
                return
            seat = table.seats[number]
            if seat.socket is not None:  # the same link opened again: the new page wins
                old, seat.socket = seat.socket, None
                with contextlib.suppress(Exception):
                    await old.close(code=4000)
            seat.socket = socket
            seat.claimed = True
            table.run_bots()
            await table.broadcast()
            while True:
                data = await _receive(socket)
                if data is None:
                    continue
                if not _token_ok(seat, data.get("token")) or seat.socket is not socket:
                    await socket.send_json(_error("bad token: this page no longer plays the seat"))
                    continue
                reply = _handle(table, number, data)
                if reply is not None and reply.get("type") == "error":
                    await socket.send_json(reply)
                    continue
                table.run_bots()
                notice = None if reply is None else reply.get("notice")
                await table.broadcast({number: notice} if notice else None)
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and 0 <= number < len(table.seats):
                seat = table.seats[number]
                if seat.socket is socket:
                    seat.socket = None
                    table.run_bots()  # the seat is now played by a bot
                    await table.broadcast()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/message.schema.json", schema),
            Route("/api/tables", create, methods=["POST"]),
            WebSocketRoute("/ws", play),
        ]
    )
    app.state.tables = tables
    return app


def _token_ok(seat: Seat, token: Any) -> bool:
    return isinstance(token, str) and hmac.compare_digest(seat.token.encode(), token.encode())


async def _receive(socket: WebSocket) -> dict[str, Any] | None:
    """The next message as a JSON object, or ``None`` (after an error reply) if it is not one."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        await socket.send_json(_error("messages must be JSON text"))
        return None
    if len(text) > MAX_MESSAGE:
        await socket.send_json(_error(f"message too large (at most {MAX_MESSAGE} characters)"))
        return None
    try:
        data = json.loads(text)
    except ValueError:
        await socket.send_json(_error("messages must be JSON"))
        return None
    if not isinstance(data, dict):
        await socket.send_json(_error("messages must be JSON objects"))
        return None
    return data


def _handle(table: Table, seat: int, data: dict[str, Any]) -> dict[str, Any] | None:
    """Apply one message of a seat; an error reply changes nothing."""
    kind = data.get("type")
    state = table.state
    if kind == "next_round":
        if state.phase is not Phase.ROUND_OVER:
            return _error("the round is not over")
        table.state = next_round(state)
        return None
    action: Action
    if kind == "action":
        try:
            parsed = from_dict({"format": FORMAT, **data.get("action", {}), "type": "action"})
        except (ValueError, TypeError, AttributeError) as error:
            return _error(f"bad action: {error}")
        action = parsed
    elif kind == "notation":
        text = data.get("text")
        if not isinstance(text, str):
            return _error("notation must be text, such as 'discard KS'")
        try:
            action = parse_action(text)
        except ValueError as error:
            return _error(f"bad notation: {error}")
    else:
        return _error("unknown message type (expected action, notation or next_round)")
    if isinstance(action, (SetPlayProtection, Leave, CallRummy)):
        if action.seat != seat:
            return _error("you can only act for your own seat")
    elif state.phase not in (Phase.DECIDE, Phase.PLAY) or state.current != seat:
        return _error("it is not your turn")
    try:
        after = apply(state, action)
    except IllegalActionError as error:
        return _error(readable(error), error.reason)
    except ValueError as error:
        return _error(f"not allowed: {error}")
    table.state = after
    return {"type": "ok", "notice": _notice(state, after, seat)}


def main() -> None:
    """Serve the example: prints the URL to open."""
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--max-tables", type=int, default=100)
    options = parser.parse_args()
    print(f"Hell's Rummy: open http://{options.host}:{options.port}/ in a browser", flush=True)
    uvicorn.run(
        create_app(max_tables=options.max_tables),
        host=options.host,
        port=options.port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
    )


if __name__ == "__main__":
    main()
