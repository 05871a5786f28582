"""The ASGI application: the page, card pictures, table creation and the seats' websockets."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hellsrummy import STANDARD_SCHEDULE, Rules, card
from hellsrummy.svg import card_svg

from .limits import BadInput, Bucket, RateLimit, flag, integer, parse_json, text
from .messages import handle
from .options import Options
from .schema import message_schema
from .table import Table

PAGE = Path(__file__).resolve().parent.parent
STATIC = {"page.js": "text/javascript", "style.css": "text/css"}
CARD = re.compile(r"^(?:[2-9]|10|[JQKA])[CDHSERM]$")
POLICIES = ("penalize", "classic", "reject")
log = logging.getLogger("hellsrummy.web")


@functools.lru_cache(maxsize=256)
def _card_picture(name: str) -> str:
    return card_svg(card(name))


def _error(message: str, status: int) -> Response:
    return JSONResponse({"error": message}, status_code=status)


def table_rules(data: dict[str, Any], players: int) -> Rules:
    """The table options of a creation request, as ``Rules`` (raises ``BadInput``)."""
    schedule: tuple[int, ...] = STANDARD_SCHEDULE
    if "schedule" in data:
        given = data["schedule"]
        if not isinstance(given, list) or not 1 <= len(given) <= 20:
            raise BadInput("schedule must be a list of 1 to 20 difficulties")
        schedule = tuple(integer({"d": d}, "d", 0, 3, 25) for d in given)
    elif "rounds" in data:
        schedule = STANDARD_SCHEDULE[: integer(data, "rounds", 5, 1, len(STANDARD_SCHEDULE))]
    policy = data.get("discard_policy", "penalize")
    if policy not in POLICIES:
        raise BadInput(f"discard_policy must be one of {', '.join(POLICIES)}")
    try:
        return Rules(schedule=schedule, discard_policy=policy, expert=flag(data, "expert", False))
    except ValueError as error:
        raise BadInput(str(error)) from None


def create_app(options: Options | None = None, **overrides: Any) -> Starlette:
    """The ASGI application; keyword arguments override ``options`` (``seed=11`` for tests)."""
    settings = Options(**overrides) if options is None else options
    if options is not None and overrides:
        import attrs

        settings = attrs.evolve(options, **overrides)
    tables: dict[str, Table] = {}
    creations = RateLimit(settings.tables_per_minute, 60.0)
    sockets: dict[str, int] = {}

    async def expire(now: float) -> None:
        """Forget expired tables; pages still open on one are told and closed."""
        for ident in [
            k
            for k, t in tables.items()
            if t.expired(now, settings.idle_expiry, settings.finished_expiry)
        ]:
            table = tables.pop(ident)
            for number, seat in enumerate(table.seats):
                if seat.socket is not None:
                    message = {"type": "error", "message": "this table has expired", "reason": None}
                    await deliver(table, [(seat.socket, table.reply(number, message))])
                    with contextlib.suppress(Exception):
                        await seat.socket.close(code=4410)
        creations.forget_old(now)

    async def index(request: Request) -> Response:
        return FileResponse(PAGE / "index.html", media_type="text/html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _error("not found", 404)
        return FileResponse(PAGE / name, media_type=STATIC[name])

    async def picture(request: Request) -> Response:
        name = request.path_params["name"]
        if not CARD.match(name):
            return _error("no such card", 404)
        headers = {"Cache-Control": "public, max-age=86400"}
        return Response(_card_picture(name), media_type="image/svg+xml", headers=headers)

    async def schema(request: Request) -> Response:
        return JSONResponse(message_schema())

    async def create(request: Request) -> Response:
        client = request.client.host if request.client else "unknown"
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > settings.max_message:
                return _error("request too large", 413)
        try:
            data = parse_json(body or b"{}", settings.max_message)
            if not isinstance(data, dict):
                raise BadInput("expected a JSON object of table options")
            players = integer(data, "players", 4, 3, 10)
            people = integer(data, "humans", 1, 1, players)
            name = text(data, "name", "Seat 0")  # unnamed seats: as the library names them
            invited = data.get("names", [])
            if not isinstance(invited, list) or len(invited) > players:
                raise BadInput("names must be a list of the other people's names")
            rules = table_rules(data, players)
        except BadInput as error:
            return _error(f"bad table options: {error}", 400)
        now = time.monotonic()
        await expire(now)
        if len(tables) >= settings.max_tables:
            return _error("too many tables; try again later", 503)
        if not creations.allow(client, now):
            return _error("too many new tables from this address; wait a minute", 429)
        names = [name]
        for k in range(1, players):
            given = invited[k - 1] if k - 1 < len(invited) else None
            default = f"Seat {k}"
            names.append(text({"n": given}, "n", default) if isinstance(given, str) else default)
        try:
            table = Table.create(
                names,
                people,
                rules,
                now=now,
                grace=settings.grace,
                call_window=settings.call_window,
                seed=settings.seed,
            )
        except ValueError as error:
            return _error(f"bad table options: {error}", 400)
        tables[table.ident] = table
        links = [
            f"/#table={table.ident}&seat={k}&token={s.token}"
            for k, s in enumerate(table.seats)
            if s.human
        ]
        return JSONResponse({"table": table.ident, "links": links})

    async def deliver(table: Table, outgoing: list[tuple[WebSocket, dict[str, Any]]]) -> None:
        """Send messages in the order they were numbered; a page that does not read is closed."""
        async with table.sending:
            for socket, message in outgoing:
                try:
                    await asyncio.wait_for(socket.send_json(message), settings.send_timeout)
                except asyncio.TimeoutError:
                    log.info("closing a page that does not read its messages")
                    with contextlib.suppress(Exception):
                        await socket.close(code=4408)
                except Exception:  # a page that went away: its handler cleans up
                    log.debug("send failed", exc_info=True)

    async def broadcast(table: Table) -> None:
        now = time.monotonic()
        table.collect_notices()
        outgoing = []
        for number, seat in enumerate(table.seats):
            if seat.socket is None:
                seat.notices.clear()
            else:
                outgoing.append((seat.socket, table.message(number, now)))
        table_signature[table.ident] = _signature(table, now)
        await deliver(table, outgoing)

    table_signature: dict[str, tuple[Any, ...]] = {}

    async def sweep() -> None:
        """Run the timers: grace periods, call windows, expiry."""
        while True:
            await asyncio.sleep(settings.tick)
            now = time.monotonic()
            await expire(now)
            for ident, table in list(tables.items()):
                try:
                    table.advance(now)
                    if table_signature.get(ident) != _signature(table, now):
                        await broadcast(table)
                except Exception:
                    log.exception("table %s", ident)
            for ident in [k for k in table_signature if k not in tables]:
                del table_signature[ident]

    async def play(socket: WebSocket) -> None:
        client = socket.client.host if socket.client else "unknown"
        if sockets.get(client, 0) >= settings.sockets_per_client:
            await socket.accept()
            await _refuse(socket, "too many open pages from this address", 4429)
            return
        sockets[client] = sockets.get(client, 0) + 1
        table: Table | None = None
        number = -1
        try:
            await socket.accept()
            table, number = await _hello(socket, tables, settings)
            if table is None:
                return
            old = table.connected(number, socket, time.monotonic())
            if old is not None:  # the same link opened again: the new page wins
                with contextlib.suppress(Exception):
                    await old.close(code=4000)
            table.advance(time.monotonic())
            await broadcast(table)
            bucket = Bucket(settings.messages_per_second)
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if table.seats[number].socket is not socket:
                    return  # replaced by a newer page
                before = table.state
                table.advance(time.monotonic())  # timers first: a call window may have closed
                if table.state is not before:
                    await broadcast(table)
                    moved = "the table moved on before your message arrived; nothing was done"
                    reply: dict[str, Any] | None = {
                        "type": "error",
                        "message": moved,
                        "reason": None,
                    }
                elif not bucket.take():
                    reply = {
                        "type": "error",
                        "message": "too many messages; slow down",
                        "reason": None,
                    }
                else:
                    reply = handle(table, number, message.get("text"), settings, time.monotonic())
                if reply is not None:
                    await deliver(table, [(socket, table.reply(number, reply))])
                    continue
                table.advance(time.monotonic())
                await broadcast(table)
        except WebSocketDisconnect:
            pass
        finally:
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]
            if table is not None and table.disconnected(number, socket, time.monotonic()):
                with contextlib.suppress(Exception):
                    await broadcast(table)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(sweep())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/static/{name}", static),
            Route("/card/{name}.svg", picture),
            Route("/message.schema.json", schema),
            Route("/api/tables", create, methods=["POST"]),
            WebSocketRoute("/ws", play),
        ],
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.options = settings
    return app


def _signature(table: Table, now: float) -> tuple[Any, ...]:
    return (id(table.state), tuple(table.presences(now)), table.window_until)


def _token_ok(expected: str, token: Any) -> bool:
    return isinstance(token, str) and hmac.compare_digest(expected.encode(), token.encode())


async def _hello(
    socket: WebSocket, tables: dict[str, Table], settings: Options
) -> tuple[Table | None, int]:
    """The table and seat a new socket says it plays; ``(None, -1)`` (closed) if it cannot."""
    try:
        message = await asyncio.wait_for(socket.receive(), settings.hello_timeout)
    except asyncio.TimeoutError:
        await _refuse(socket, "no hello in time: say which table and seat this page plays", 4408)
        return None, -1
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        hello = parse_json(message.get("text") or "", settings.max_message)
    except BadInput as error:
        await _refuse(socket, f"bad hello: {error}", 4400)
        return None, -1
    fields = hello if isinstance(hello, dict) else {}
    ident, seat = fields.get("table"), fields.get("seat")
    table = tables.get(ident) if isinstance(ident, str) else None
    if (
        table is None
        or isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < len(table.seats)
        or not table.seats[seat].human
        or not _token_ok(table.seats[seat].token, fields.get("token"))
    ):
        await _refuse(socket, "unknown table, seat or token (or the table has expired)", 4403)
        return None, -1
    return table, seat


async def _refuse(socket: WebSocket, message: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await socket.send_json({"type": "error", "seq": 1, "message": message, "reason": None})
        await socket.close(code=code)
