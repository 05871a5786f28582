"""A table in memory: its game, its seats and who is at them, the bots, the call window."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from typing import Any

import attrs
from starlette.websockets import WebSocket

from hellsrummy import (
    Action,
    CallRummy,
    DiscardPolicy,
    EventLog,
    GameState,
    GreedyBot,
    Meld,
    Phase,
    PlayerView,
    Rules,
    apply,
    arrange,
    bot_move,
    from_dict,
    is_bad_discard,
    legal_actions,
    new_game,
    next_round,
    rummy_calls,
    sort_by_run,
    sort_by_set,
    to_dict,
    view,
)
from hellsrummy.players.asking import bot_call

from .texts import notice

MAX_LEGAL = 300  # legal moves sent at most (``legal_complete`` says whether all were)
MAX_WAYS = 30  # ways to meet the minimum sent at most (``ways.total`` counts them all)
MAX_BOT_STEPS = 20_000  # bot moves in a row at most (a safety net: games end long before)


@attrs.define
class Seat:
    """A seat of a table: its name and secret token, and where its person is."""

    name: str
    token_hash: str  # SHA-256 of the seat's secret token (the token itself is in its link)
    human: bool
    invite: str | None = None  # the token while nobody has opened the link (shown at the table)
    socket: WebSocket | None = None
    claimed: bool = False  # a page has connected at least once
    away_since: float | None = None  # when its page went away (None: here, or never came)
    sent: int = 0  # messages sent to the open socket
    notices: list[str] = attrs.Factory(list)  # told with the next update

    @classmethod
    def new(cls, name: str, human: bool) -> Seat:
        """A seat with a fresh token (kept as an invitation until its link is opened)."""
        token = secrets.token_urlsafe(18)
        return cls(name, hash_token(token), human, invite=token if human else None)

    def token_ok(self, token: Any) -> bool:
        """Whether ``token`` is this seat's (compared in constant time)."""
        if not isinstance(token, str) or not self.human:
            return False
        given = hash_token(token)
        return hmac.compare_digest(given.encode(), self.token_hash.encode())

    def presence(self, now: float, grace: float, left: bool) -> str:
        """``here``, ``reconnecting``, ``away``, ``waiting``, ``bot`` or ``left``."""
        if left:
            return "left"
        if not self.human:
            return "bot"
        if self.socket is not None:
            return "here"
        if not self.claimed:
            return "waiting"
        if self.away_since is not None and now - self.away_since < grace:
            return "reconnecting"
        return "away"


@attrs.define
class Table:
    """A game in memory, its seats, and the timers the server keeps for it."""

    ident: str
    rules: Rules
    seats: list[Seat]
    grace: float
    call_window: float  # seconds the people who may call Rummy! have, at most, to answer
    seed: Any
    state: GameState
    created: float
    turn_time: float = 0.0  # seconds a connected person has for a turn (0: no limit)
    games: int = 1
    idle_since: float | None = None  # since when no person is connected (None: someone is)
    over_since: float | None = None  # since when the game is over
    offer_key: tuple[int, int] | None = None  # the bad discard offered to callers
    window_until: float | None = None  # the call window of that discard closes then
    offered: bool = False  # the bot-played seats have been offered that discard
    answered: set[int] = attrs.Factory(set)  # seats whose person said "no call" on it
    turn_key: tuple[int, int, int, int] | None = None  # the turn the turn timer times
    turn_until: float | None = None  # that turn's time runs out then
    bot_turn: tuple[int, int, int, int] | None = None  # a turn a bot plays (time ran out)
    saved: Any = None  # what was last saved (the state and the seats' flags)
    saved_invites: int = 0  # the invitations then
    told: EventLog | None = None  # the log as of the last notices
    sending: asyncio.Lock = attrs.field(factory=asyncio.Lock, repr=False, eq=False)
    events: list[dict[str, Any]] = attrs.Factory(list)  # the public log as JSON, kept up
    events_of: EventLog | None = None  # the log ``events`` was written from

    @classmethod
    def create(
        cls,
        names: list[str],
        people: int,
        rules: Rules,
        *,
        now: float,
        grace: float,
        call_window: float,
        turn_time: float = 0.0,
        seed: Any = None,
    ) -> Table:
        """A new table: seats ``0 .. people-1`` are people's, the others bots'."""
        seats = [Seat.new(name, k < people) for k, name in enumerate(names)]
        state = new_game(names, seed=_seed(seed, 0), rules=rules)
        return cls(
            secrets.token_urlsafe(8),
            rules,
            seats,
            grace,
            call_window,
            seed,
            state,
            now,
            turn_time=turn_time,
            idle_since=now,
            told=state.log,
        )

    # saved and restored

    def document(self) -> dict[str, Any]:
        """What the table needs to go on after a restart, as JSON (see ``store``)."""
        return {
            "ident": self.ident,
            "seats": [
                {
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "human": s.human,
                    "invite": s.invite,
                    "claimed": s.claimed,
                }
                for s in self.seats
            ],
            "call_window": self.call_window,
            "turn_time": self.turn_time,
            "seed": self.seed if isinstance(self.seed, (str, int)) else None,
            "games": self.games,
            "state": to_dict(self.state),
        }

    @classmethod
    def restore(cls, saved: dict[str, Any], *, now: float, grace: float) -> Table:
        """A table saved by ``document``: its people are away since ``now`` (grace starts)."""
        state = from_dict(saved["state"])
        assert isinstance(state, GameState)
        seats = [
            Seat(s["name"], s["token_hash"], s["human"], invite=s["invite"], claimed=s["claimed"])
            for s in saved["seats"]
        ]
        for seat in seats:
            seat.away_since = now if seat.claimed else None
        table = cls(
            saved["ident"],
            state.rules,
            seats,
            grace,
            float(saved["call_window"]),
            saved["seed"],
            state,
            now,
            turn_time=float(saved["turn_time"]),
            games=int(saved["games"]),
            idle_since=now,
            over_since=now if state.phase is Phase.GAME_OVER else None,
            told=state.log,
        )
        table.saved = table.save_key()
        table.saved_invites = len(table.invites())
        return table

    def save_key(self) -> tuple[Any, ...]:
        """Changes when what ``document`` writes changes (the state is replaced, never changed)."""
        return (id(self.state), self.games, tuple((s.claimed, s.invite) for s in self.seats))

    def opened(self) -> bool:
        """Whether a page has ever played a seat of this table (it is in use unless finished)."""
        return any(seat.claimed for seat in self.seats)

    def finished(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    def invites(self) -> list[tuple[int, str, str]]:
        """``(seat, name, token)`` of each invitation whose link nobody has opened yet."""
        return [
            (k, seat.name, seat.invite)
            for k, seat in enumerate(self.seats)
            if seat.invite is not None and not self.state.left[k]
        ]

    # who is where

    def presences(self, now: float) -> list[str]:
        left = self.state.left
        return [s.presence(now, self.grace, left[k]) for k, s in enumerate(self.seats)]

    def bot_plays(self, seat: int, now: float) -> bool:
        """Whether a bot plays ``seat`` now: a bot seat, or a person away past the grace."""
        return self.seats[seat].presence(now, self.grace, False) in ("bot", "away")

    def anyone_here(self) -> bool:
        return any(seat.socket is not None for seat in self.seats)

    def connected(self, seat: int, socket: WebSocket, now: float) -> WebSocket | None:
        """A page now plays ``seat``; the page it replaces, if any."""
        place = self.seats[seat]
        old = place.socket
        place.socket, place.claimed, place.away_since, place.sent = socket, True, None, 0
        place.invite = None  # its link is its person's now: no longer shown to the others
        self.idle_since = None
        return old

    def disconnected(self, seat: int, socket: WebSocket, now: float) -> bool:
        """The page of ``seat`` went away (the grace period starts); whether it was the seat's."""
        place = self.seats[seat]
        if place.socket is not socket:
            return False
        place.socket, place.away_since = None, now
        if not self.anyone_here():
            self.idle_since = now
        return True

    def expired(self, now: float, idle: float, finished: float) -> bool:
        if self.idle_since is not None and now - self.idle_since >= idle:
            return True
        return self.over_since is not None and now - self.over_since >= finished

    # the game goes on

    def apply(self, action: Action) -> None:
        """Apply a checked action (raises ``IllegalActionError`` and changes nothing if not)."""
        self.state = apply(self.state, action)

    def new_game(self, now: float) -> None:
        """A new game at this table: same seats, names and rules, a fresh shuffle."""
        self.state = new_game(
            list(self.state.names), seed=_seed(self.seed, self.games), rules=self.rules
        )
        self.games += 1
        self.over_since = None
        self.offer_key = None
        self.window_until = None
        self.turn_key = self.turn_until = self.bot_turn = None
        self.told = self.state.log

    def window_open(self, now: float) -> bool:
        """Whether the call window holds the decision: a person may still answer, in time."""
        return (
            self.window_until is not None
            and now < self.window_until
            and bool(self.waiting_for(self.state))
        )

    def waiting_for(self, state: GameState) -> list[int]:
        """The connected people who may call Rummy! on the discard and have not answered."""
        return [
            k
            for k, seat in enumerate(self.seats)
            if seat.socket is not None
            and k not in self.answered
            and not state.left[k]
            and rummy_calls(state, k)
        ]

    def answer(self, seat: int) -> bool:
        """``seat``'s person makes no call on the discard; whether there was one to answer."""
        if self.window_until is None or seat not in self.waiting_for(self.state):
            return False
        self.answered.add(seat)
        return True

    def turn(self) -> tuple[int, int, int, int]:
        """The turn under way: the game, the round, the turns completed, the seat to act."""
        state = self.state
        return (self.games, state.round, state.turns, state.current)

    def turn_left(self, now: float) -> float | None:
        """Seconds left of the turn timer of a person's turn (``None``: no timer runs)."""
        if self.turn_until is None or self.bot_turn is not None:
            return None
        if self.state.phase is Phase.ROUND_OVER:
            key: tuple[int, int, int, int] = (self.games, self.state.round, -1, -1)
        elif self.state.phase in (Phase.DECIDE, Phase.PLAY):
            key = self.turn()
        else:
            return None
        return max(0.0, self.turn_until - now) if key == self.turn_key else None

    def advance(self, now: float) -> None:
        """Let the bots play, and bot-played seats, until a person is to act or a timer runs.

        Nothing moves while no person is connected (the table is paused). Under
        ``DiscardPolicy.CLASSIC`` a bad discard opens a call window when a connected person
        may call it: it holds the decision until every such person has answered (Rummy! or
        no call) or its time is up; then the bot-played seats are offered the call in seat
        order after the discarder, as ``offer_calls`` does. With a turn time, a bot plays a
        connected person's turn once the time is up (that turn only); the time starts with
        the turn, or when a call window on the turn's discard closes.
        """
        bot = GreedyBot()
        for _ in range(MAX_BOT_STEPS):
            state = self.state
            if state.phase is Phase.GAME_OVER:
                if self.over_since is None:
                    self.over_since = now
                return
            if not self.anyone_here():
                return  # paused
            if state.phase is Phase.ROUND_OVER:
                self._round_over(now)  # a person starts the next round (or the turn time)
                return
            if self._callable(state):
                key = (state.round, len(state.log))
                if key != self.offer_key:
                    self.offer_key, self.offered, self.answered = key, False, set()
                    self._tell_bad_discard(state)
                    self.turn_key = self.turn_until = None  # the turn's time starts after
                    if self.waiting_for(state):
                        self.window_until = now + self.call_window
                        return
                if self.window_open(now):
                    return
                self.window_until = None
                if not self.offered:
                    self.offered = True
                    call = self._bot_call(bot, now)
                    if call is not None:
                        self.state = bot_call(state, call.seat, bot, call)
                        continue
            else:
                self.window_until = None  # a call was made, or the decision taken
            seat = state.current
            turn = self.turn()
            if self.bot_turn is not None and self.bot_turn != turn:
                self.bot_turn = None  # the timed-out turn is over: its person plays on
            if self.bot_turn == turn or self.bot_plays(seat, now):
                self.state, _ = bot_move(state, bot)  # (no bot can hang the table: BotMoveError)
                continue
            if self.turn_time <= 0 or self.seats[seat].socket is None:
                return  # a person's turn (a page away waits for the grace period)
            if turn != self.turn_key:
                self.turn_key, self.turn_until = turn, now + self.turn_time
                return
            if self.turn_until is not None and now < self.turn_until:
                return
            self.bot_turn = turn  # time is up: a bot plays this turn for its person
            name = state.names[seat]
            for k, other in enumerate(self.seats):
                other.notices.append(
                    "Time is up: a bot played your turn."
                    if k == seat
                    else f"Time is up for {name}: a bot played the turn."
                )

    def _round_over(self, now: float) -> None:
        """With a turn time, the next round starts by itself once that time has passed."""
        if self.turn_time <= 0:
            return
        key = (self.games, self.state.round, -1, -1)
        if key != self.turn_key:
            self.turn_key, self.turn_until = key, now + self.turn_time
        elif self.turn_until is not None and now >= self.turn_until:
            self.state = next_round(self.state)

    def _callable(self, state: GameState) -> bool:
        return (
            state.rules.discard_policy is DiscardPolicy.CLASSIC
            and state.phase is Phase.DECIDE
            and state.discarder is not None
            and state.discard is not None
            and is_bad_discard(state, state.discard)
        )

    def _bot_call(self, bot: GreedyBot, now: float) -> CallRummy | None:
        state = self.state
        assert state.discarder is not None
        count = len(self.seats)
        for step in range(1, count):
            seat = (state.discarder + step) % count
            if state.left[seat] or not self.bot_plays(seat, now):
                continue
            seen = view(state, seat)
            if rummy_calls(seen, seat):
                call = bot.call(seen)
                if call is not None:
                    return call
        return None

    def _tell_bad_discard(self, state: GameState) -> None:
        assert state.discarder is not None
        assert state.discard is not None
        names = state.names
        for k, seat in enumerate(self.seats):
            who = "You" if k == state.discarder else names[state.discarder]
            what = "a wildcard" if state.discard.is_wild else "a card that plays on the table"
            seat.notices.append(
                f"{who} discarded {state.discard}, {what}: Rummy! may be called on it."
            )

    # what each page is sent

    def collect_notices(self) -> None:
        """Queue, for every seat, the notices of the public events since the last ones."""
        log = self.state.log
        events = log.since(self.told) if self.told is not None else []
        self.told = log
        names = list(self.state.names)
        for event in events:
            for k, seat in enumerate(self.seats):
                text = notice(event, k, names)
                if text:
                    seat.notices.append(text)

    def message(self, seat: int, now: float) -> dict[str, Any]:
        """The update ``seat``'s page receives: its view and what it needs to draw it."""
        state = self.state
        seen = view(state, seat)
        legal = []
        complete = True
        ways: list[list[list[str]]] = []
        total_ways = 0
        for number, action in enumerate(legal_actions(seen)):
            if isinstance(action, Meld) and not seen.met[seat]:
                total_ways += 1
                ways.append([[str(c) for c in meld] for meld in action.melds])
            if number >= MAX_LEGAL:
                complete = False
                continue
            legal.append(to_dict(action))
        ways.sort(key=lambda way: sum(c.startswith("2") and len(c) == 2 for m in way for c in m))
        arranged = []
        for meld in seen.melds:
            laid = arrange(meld.cards)
            slots = []
            for slot in laid.slots:
                stands = None if not slot.card.is_wild else slot.text.strip("[]")
                slots.append({"card": str(slot.card), "stands_for": stands})
            first = meld.cards[0]
            swap_out = str(first) if first.is_wild else None
            arranged.append({"kind": laid.kind.value, "slots": slots, "swap_out": swap_out})
        # this round's penalty points count until the round ends; then the scores hold them
        live = seen.phase in (Phase.DECIDE, Phase.PLAY)
        totals = [s + (p if live else 0) for s, p in zip(seen.scores, seen.penalties, strict=True)]
        presences = self.presences(now)
        place = self.seats[seat]
        place.sent += 1
        notices, place.notices = place.notices, []
        window = self.window_until if self.window_open(now) else None
        invites = self.invites() if place.human and not state.left[seat] else []
        return {
            "type": "update",
            "seq": place.sent,
            "view": self._view_data(seen),
            "legal": legal,
            "legal_complete": complete,
            "arranged": arranged,
            "hand_by_set": [str(c) for c in sort_by_set(seen.hand)],
            "hand_by_run": [str(c) for c in sort_by_run(seen.hand)],
            "contract": str(seen.contract),
            "seats": [
                {"name": name, "presence": presences[k], "total": totals[k]}
                for k, name in enumerate(seen.names)
            ],
            "ways": {"melds": ways[:MAX_WAYS], "total": total_ways},
            "calls": [to_dict(call) for call in rummy_calls(seen, seat)],
            "call_window": None if window is None else round(max(0.0, window - now), 3),
            "call_waiting": self.waiting_for(state) if window is not None else [],
            "turn_time": _rounded(self.turn_left(now)),
            "invites": [
                {"seat": k, "name": name, "link": link(self.ident, k, token)}
                for k, name, token in invites
            ],
            "paused": not self.anyone_here(),
            "notices": notices,
        }

    def _view_data(self, seen: PlayerView) -> dict[str, Any]:
        """``to_dict(seen)``, its public events written once for all seats (they are the same)."""
        log = seen.log
        added = list(log) if self.events_of is None else log.since(self.events_of)
        if len(added) != len(log) - len(self.events):  # not grown from it: write them all
            self.events, added = [], list(log)
        for event in added:
            written = to_dict(event)
            del written["format"], written["type"]
            self.events.append(written)
        self.events_of = log
        data = to_dict(attrs.evolve(seen, log=EventLog()))
        data["events"] = list(self.events)
        return data

    def reply(self, seat: int, message: dict[str, Any]) -> dict[str, Any]:
        """A reply to ``seat`` alone (an error or a verdict), numbered on its socket."""
        place = self.seats[seat]
        place.sent += 1
        return {**message, "seq": place.sent}


def hash_token(token: str) -> str:
    """What a table keeps of a seat's token: its SHA-256, in hexadecimal."""
    return hashlib.sha256(token.encode()).hexdigest()


def link(ident: str, seat: int, token: str) -> str:
    """The link (from the server's root) that plays ``seat`` of table ``ident``."""
    return f"/#table={ident}&seat={seat}&token={token}"


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 3)


def _seed(seed: Any, game: int) -> Any:
    """The seed of game ``game`` at a table: ``seed`` itself first (tests know the deal)."""
    if seed is None:
        return secrets.token_bytes(16)
    return seed if game == 0 else f"{seed}/game {game}"
