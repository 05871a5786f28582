"""The ASGI application: the page, card pictures, table creation and the seats' websockets."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hellsrummy import STANDARD_SCHEDULE, Rules, card
from hellsrummy.svg import card_svg

from .limits import (
    BadInput,
    Bucket,
    RateLimit,
    check_all_text,
    flag,
    integer,
    parse_json,
    seconds,
    text,
)
from .messages import handle
from .options import Options
from .schema import message_schema
from .store import Store
from .table import Table, link

PAGE = Path(__file__).resolve().parent.parent
STATIC = {"page.js": "text/javascript", "style.css": "text/css"}
CARD = re.compile(r"^(?:[2-9]|10|[JQKA])[CDHSERM]$")
POLICIES = ("penalize", "classic", "reject")
#: The table options a person may choose for the call window and the turn time, in seconds.
CALL_TIMES = (5.0, 300.0)
TURN_TIMES = (10.0, 3600.0)
log = logging.getLogger("hellsrummy.web")


@functools.lru_cache(maxsize=256)
def _card_picture(name: str) -> str:
    return card_svg(card(name))


def _error(message: str, status: int, retry_after: float | None = None) -> Response:
    headers = None
    if retry_after is not None:
        headers = {"Retry-After": str(max(1, math.ceil(retry_after)))}
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def table_rules(data: dict[str, Any], players: int) -> Rules:
    """The table options of a creation request, as ``Rules`` (raises ``BadInput``)."""
    schedule: tuple[int, ...] = STANDARD_SCHEDULE
    if "schedule" in data:
        given = data["schedule"]
        if not isinstance(given, list) or not 1 <= len(given) <= 20:
            raise BadInput("schedule must be a list of 1 to 20 difficulties")
        schedule = tuple(
            integer({"d": d}, "d", 0, 3, 25, label=f"schedule[{k}] (a difficulty)")
            for k, d in enumerate(given)
        )
    elif "rounds" in data:
        schedule = STANDARD_SCHEDULE[: integer(data, "rounds", 5, 1, len(STANDARD_SCHEDULE))]
    policy = data.get("discard_policy", "penalize")
    if policy not in POLICIES:
        raise BadInput(f"discard_policy must be one of {', '.join(POLICIES)}")
    try:
        return Rules(schedule=schedule, discard_policy=policy, expert=flag(data, "expert", False))
    except ValueError as error:
        raise BadInput(str(error)) from None


def client_address(connection: HTTPConnection, settings: Options) -> str:
    """The address a request or socket is counted for (limits are per address).

    The peer's address, but for a request from ``--trusted-proxy``: then the last address of
    its ``X-Forwarded-For`` header (the one the proxy saw), and only then.
    """
    direct = connection.client.host if connection.client else "unknown"
    if settings.trusted_proxy and direct == settings.trusted_proxy:
        forwarded = connection.headers.get("x-forwarded-for", "").split(",")[-1].strip()
        if forwarded:
            return forwarded[:100]
    return direct


def origin_ok(connection: HTTPConnection, settings: Options) -> bool:
    """Whether a websocket comes from this server's own page (or from no page at all).

    Browsers send ``Origin`` with every websocket: a page of another site may not play here.
    A client without one is not a browser's page (a script, which no page of another site can
    drive). The origin's host and port must be the ``Host`` the request was sent to (behind
    ``--trusted-proxy``, the ``X-Forwarded-Host`` it names, if any).
    """
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = connection.headers.get("host", "")
    direct = connection.client.host if connection.client else ""
    if settings.trusted_proxy and direct == settings.trusted_proxy:
        host = connection.headers.get("x-forwarded-host", host).split(",")[-1].strip()
    try:
        given = urlsplit(origin)
    except ValueError:
        return False
    return given.scheme in ("http", "https") and given.netloc.lower() == host.lower()


def create_app(options: Options | None = None, **overrides: Any) -> Starlette:
    """The ASGI application; keyword arguments override ``options`` (``seed=11`` for tests)."""
    settings = Options(**overrides) if options is None else options
    if options is not None and overrides:
        import attrs

        settings = attrs.evolve(options, **overrides)
    store = Store(settings.database)
    tables: dict[str, Table] = {}
    start = time.monotonic()
    for saved in store.load():
        try:
            table = Table.restore(saved, now=start, grace=settings.grace)
        except Exception:  # a row this version cannot use: logged, left in the file
            log.exception("a saved table could not be restored")
            continue
        tables[table.ident] = table
    if tables:
        log.warning("restored %d tables from %s", len(tables), settings.database)
    creations = RateLimit(settings.tables_per_minute, 60.0)
    sockets: dict[str, int] = {}
    table_signature: dict[str, tuple[Any, ...]] = {}

    # sending: every message to a page goes through ``transmit``

    async def transmit(socket: WebSocket, message: dict[str, Any]) -> bool:
        """Send one message; if it cannot be sent, close the socket and say so (``False``).

        A message that UTF-8 cannot carry, a page that does not take it within
        ``--send-timeout``, a socket that failed: the socket is closed (1011, or 4408 for a
        page that does not read), so its page reconnects and the table is not held up.
        """
        try:
            data = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
            data.encode("utf-8")  # what no socket can carry fails here, not half sent
            await asyncio.wait_for(socket.send_text(data), settings.send_timeout)
            return True
        except asyncio.TimeoutError:
            log.info("closing a page that does not read its messages")
            code = 4408
        except UnicodeEncodeError:  # no input lets such text in: a bug, said once a message
            log.warning("a message held text that UTF-8 cannot carry; closing its socket")
            code = 1011
        except Exception:  # most often a page that has just gone away
            log.debug("a message could not be sent; closing its socket", exc_info=True)
            code = 1011
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(code=code), settings.send_timeout)
        return False

    async def deliver(table: Table, outgoing: list[tuple[WebSocket, dict[str, Any]]]) -> None:
        """Send messages in the order they were numbered; a failed send marks its seat away."""
        async with table.sending:
            for socket, message in outgoing:
                if not await transmit(socket, message):
                    now = time.monotonic()
                    for number, seat in enumerate(table.seats):
                        if seat.socket is socket:
                            table.disconnected(number, socket, now)

    def persist(table: Table) -> None:
        """Save the table if it changed since it was last saved (before anyone is told)."""
        key = table.save_key()
        if key == table.saved or table.ident not in tables:
            return
        invites = sum(seat.invite is not None for seat in table.seats)
        try:
            store.save(table.ident, table.document(), forget=invites < table.saved_invites)
            table.saved, table.saved_invites = key, invites
        except Exception:  # the game goes on in memory; the next change tries again
            log.exception("table %s could not be saved", table.ident)

    async def broadcast(table: Table) -> None:
        now = time.monotonic()
        persist(table)
        table.collect_notices()
        outgoing = []
        for number, seat in enumerate(table.seats):
            if seat.socket is None:
                seat.notices.clear()
            else:
                outgoing.append((seat.socket, table.message(number, now)))
        table_signature[table.ident] = _signature(table, now)
        await deliver(table, outgoing)

    # tables end: expired, or to make room

    async def end(ident: str, message: str) -> None:
        """Forget table ``ident`` (in memory and on disk); its open pages are told, closed."""
        table = tables.pop(ident)
        with contextlib.suppress(Exception):
            store.delete(ident)
        table_signature.pop(ident, None)
        outgoing = []
        for number, seat in enumerate(table.seats):
            if seat.socket is not None:
                reply = {"type": "error", "message": message, "reason": None}
                outgoing.append((seat.socket, table.reply(number, reply)))
        await deliver(table, outgoing)
        for socket, _ in outgoing:
            with contextlib.suppress(Exception):
                await socket.close(code=4410)

    async def expire(now: float) -> None:
        """Forget expired tables; pages still open on one are told and closed."""
        for ident in [
            k
            for k, t in tables.items()
            if t.expired(now, settings.idle_expiry, settings.finished_expiry)
        ]:
            await end(ident, "this table has expired")
        creations.forget_old(now)

    async def make_room(now: float) -> bool:
        """Room for one more table: end the oldest unopened one, else the oldest finished one."""
        while len(tables) >= settings.max_tables:
            unopened = [t for t in tables.values() if not t.opened()]
            finished = [t for t in tables.values() if t.opened() and t.finished()]
            if unopened:
                oldest = min(unopened, key=lambda t: t.created)
            elif finished:
                oldest = min(finished, key=lambda t: now if t.over_since is None else t.over_since)
            else:
                return False  # every table is in use
            await end(oldest.ident, "this table has ended to make room for new ones")
        return True

    def next_room(now: float) -> float:
        """Seconds until a table in use may have expired (a 503's ``Retry-After``)."""
        waits = [
            t.idle_since + settings.idle_expiry - now
            for t in tables.values()
            if t.idle_since is not None
        ]
        return min([60.0, *waits])

    # HTTP

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
        client = client_address(request, settings)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > settings.max_message:
                return _error("request too large", 413)
        try:
            data = parse_json(body or b"{}", settings.max_message)
            if not isinstance(data, dict):
                raise BadInput("expected a JSON object of table options")
            check_all_text(data)
            players = integer(data, "players", 4, 3, 10)
            people = integer(data, "humans", 1, 1, players, label='people ("humans")')
            name = text(data, "name", "Seat 0", label='your name ("name")')
            invited = data.get("names", [])
            if not isinstance(invited, list) or len(invited) > players:
                raise BadInput("names must be a list of the other people's names")
            names = [name]
            for k in range(1, players):
                given = invited[k - 1] if k - 1 < len(invited) else None
                label = f"friends' names (names[{k - 1}])"
                given_name = {} if given is None else {"n": given}
                names.append(text(given_name, "n", f"Seat {k}", label=label))
            rules = table_rules(data, players)
            call_time = settings.call_window
            if "call_time" in data:
                call_time = seconds(data, "call_time", 0, *CALL_TIMES)
            turn_time = settings.turn_time
            if "turn_time" in data:
                given = data["turn_time"]
                if type(given) is int and given == 0:  # no turn time (not false: a flag)
                    turn_time = 0.0
                else:
                    try:
                        turn_time = seconds(data, "turn_time", 0, *TURN_TIMES)
                    except BadInput:
                        low, high = TURN_TIMES
                        raise BadInput(
                            f"turn_time must be 0 (none) or a number of seconds from {low:g}"
                            f" to {high:g}"
                        ) from None
        except BadInput as error:
            return _error(f"bad table options: {error}", 400)
        now = time.monotonic()
        await expire(now)
        if not creations.allow(client, now):
            wait = creations.retry_after(client, now)
            return _error(
                f"too many new tables from this address; try again in {math.ceil(wait)} s",
                429,
                wait,
            )
        if not await make_room(now):
            wait = max(1.0, next_room(now))
            return _error(f"every table is in use; try again in {math.ceil(wait)} s", 503, wait)
        try:
            table = Table.create(
                names,
                people,
                rules,
                now=now,
                grace=settings.grace,
                call_window=call_time,
                turn_time=turn_time,
                seed=settings.seed,
            )
        except ValueError as error:
            return _error(f"bad table options: {error}", 400)
        links = [link(table.ident, k, token) for k, _, token in table.invites()]
        tables[table.ident] = table
        persist(table)
        return JSONResponse({"table": table.ident, "links": links})

    # the timers

    async def sweep() -> None:
        """Run the timers: grace periods, call windows, turn times, expiry."""
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

    # the seats' websockets

    async def refuse(socket: WebSocket, message: str, code: int) -> None:
        error = {"type": "error", "seq": 1, "message": message, "reason": None}
        if await transmit(socket, error):
            with contextlib.suppress(Exception):
                await socket.close(code=code)

    async def hello(socket: WebSocket) -> tuple[Table | None, int]:
        """The table and seat a new socket says it plays; ``(None, -1)`` (closed) if it cannot."""
        try:
            message = await asyncio.wait_for(socket.receive(), settings.hello_timeout)
        except asyncio.TimeoutError:
            await refuse(socket, "no hello in time: say which table and seat this page plays", 4408)
            return None, -1
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        try:
            fields = parse_json(message.get("text") or "", settings.max_message)
            check_all_text(fields)
        except BadInput as error:
            await refuse(socket, f"bad hello: {error}", 4400)
            return None, -1
        fields = fields if isinstance(fields, dict) else {}
        ident, seat = fields.get("table"), fields.get("seat")
        table = tables.get(ident) if isinstance(ident, str) else None
        if (
            table is None
            or isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < len(table.seats)
            or not table.seats[seat].token_ok(fields.get("token"))
        ):
            await refuse(socket, "unknown table, seat or token (or the table has expired)", 4403)
            return None, -1
        return table, seat

    async def play(socket: WebSocket) -> None:
        if not origin_ok(socket, settings):
            log.info("refused a websocket from origin %r", socket.headers.get("origin"))
            await socket.close(code=1008)  # before accepting: the handshake gets a 403
            return
        client = client_address(socket, settings)
        if sockets.get(client, 0) >= settings.sockets_per_client:
            await socket.accept()
            await refuse(socket, "too many open pages from this address", 4429)
            return
        sockets[client] = sockets.get(client, 0) + 1
        table: Table | None = None
        number = -1
        try:
            await socket.accept()
            table, number = await hello(socket)
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
                if table.seats[number].socket is not socket or table.ident not in tables:
                    return  # replaced by a newer page, or the table has ended
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
    app.state.store = store
    return app


def _signature(table: Table, now: float) -> tuple[Any, ...]:
    return (
        id(table.state),
        tuple(table.presences(now)),
        table.window_until,
        tuple(sorted(table.answered)),
        table.turn_until,
        tuple(s.invite is None for s in table.seats),
    )
