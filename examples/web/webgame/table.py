"""A table in memory: its game, its seats and who is at them, the bots, the call window."""

from __future__ import annotations

import asyncio
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
    is_bad_discard,
    legal_actions,
    new_game,
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
    token: str
    human: bool
    socket: WebSocket | None = None
    claimed: bool = False  # a page has connected at least once
    away_since: float | None = None  # when its page went away (None: here, or never came)
    sent: int = 0  # messages sent to the open socket
    notices: list[str] = attrs.Factory(list)  # told with the next update

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
    call_window: float
    seed: Any
    state: GameState
    created: float
    games: int = 1
    idle_since: float | None = None  # since when no person is connected (None: someone is)
    over_since: float | None = None  # since when the game is over
    offer_key: tuple[int, int] | None = None  # the bad discard offered to callers
    window_until: float | None = None  # the call window of that discard closes then
    offered: bool = False  # the bot-played seats have been offered that discard
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
        seed: Any = None,
    ) -> Table:
        """A new table: seats ``0 .. people-1`` are people's, the others bots'."""
        seats = [Seat(name, secrets.token_urlsafe(18), k < people) for k, name in enumerate(names)]
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
            idle_since=now,
            told=state.log,
        )

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
        self.told = self.state.log

    def window_open(self, now: float) -> bool:
        return self.window_until is not None and now < self.window_until

    def advance(self, now: float) -> None:
        """Let the bots play, and bot-played seats, until a person is to act or a timer runs.

        Nothing moves while no person is connected (the table is paused). Under
        ``DiscardPolicy.CLASSIC`` a bad discard opens a call window when a connected person
        may call it; when it closes (or at once, if no person may call), the bot-played seats
        are offered the call in seat order after the discarder, as ``offer_calls`` does.
        """
        bot = GreedyBot()
        for _ in range(MAX_BOT_STEPS):
            state = self.state
            if state.phase is Phase.GAME_OVER:
                if self.over_since is None:
                    self.over_since = now
                return
            if not self.anyone_here() or state.phase is Phase.ROUND_OVER:
                return  # paused, or a person starts the next round
            if self._callable(state):
                key = (state.round, len(state.log))
                if key != self.offer_key:
                    self.offer_key, self.offered = key, False
                    self._tell_bad_discard(state)
                    if self._people_may_call(state):
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
            if not self.bot_plays(seat, now):
                return
            self.state, _ = bot_move(state, bot)  # (no bot can hang the table: BotMoveError)

    def _callable(self, state: GameState) -> bool:
        return (
            state.rules.discard_policy is DiscardPolicy.CLASSIC
            and state.phase is Phase.DECIDE
            and state.discarder is not None
            and state.discard is not None
            and is_bad_discard(state, state.discard)
        )

    def _people_may_call(self, state: GameState) -> bool:
        return any(
            seat.socket is not None and rummy_calls(state, k) for k, seat in enumerate(self.seats)
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
        window = self.window_until
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


def _seed(seed: Any, game: int) -> Any:
    """The seed of game ``game`` at a table: ``seed`` itself first (tests know the deal)."""
    if seed is None:
        return secrets.token_bytes(16)
    return seed if game == 0 else f"{seed}/game {game}"
