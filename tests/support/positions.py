"""Random games: positions reached by random moves, under any rules.

:func:`random_walk` plays a game by uniformly random legal moves with the library, and
:func:`random_state` is where such a game stands after a number of steps.

:func:`random_game` plays one game from an integer seed with random moves and yields every
position it reaches, with the action it then applied. Everything random comes from that seed
(through :class:`random.Random`), so a seed replays the same game as long as the engine that
drives it behaves the same. The engine is a parameter (:data:`LIBRARY` or :data:`REFERENCE`),
so a test can drive games with the library and check every step against the reference.

The moves are chosen with a per-game :class:`Style` (how often to take, to play rather than
discard, to blunder a refused discard, to switch play protection, to leave), so that games
both progress (many melds on the table) and stall (big hands of seats that could meet the
minimum in many ways but discard instead). Listing every move of a big stalled hand can take
long, so the driver looks at most at the first ``cap`` listed moves plus the legal discards.
"""

from __future__ import annotations

import collections
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import attrs

import hellsrummy as hr
from hellsrummy import (
    Action,
    Discard,
    DiscardPolicy,
    GameState,
    Leave,
    Phase,
    Rules,
    SetPlayProtection,
)

from ..reference import engine as reference_engine
from ..reference import moves as reference_moves

__all__ = [
    "LIBRARY",
    "REFERENCE",
    "Engine",
    "Step",
    "Style",
    "random_game",
    "random_rules",
    "random_state",
    "random_walk",
]


class Engine(NamedTuple):
    """The entry points a game driver needs, from the library or from the reference."""

    name: str
    new_game: Callable[..., GameState]
    apply: Callable[[GameState, Action], GameState]
    check: Callable[[GameState, Action], hr.Reason | None]
    next_round: Callable[[GameState], GameState]
    legal_actions: Callable[[Any], Any]
    legal_discards: Callable[[GameState], list[hr.Card]]


LIBRARY = Engine(
    "library",
    hr.new_game,
    hr.apply,
    hr.check,
    hr.next_round,
    hr.legal_actions,
    hr.legal_discards,
)
REFERENCE = Engine(
    "reference",
    reference_engine.new_game,
    reference_engine.apply,
    reference_engine.check,
    reference_engine.next_round,
    reference_moves.legal_actions,
    reference_engine.legal_discards,
)


@attrs.frozen
class Style:
    """How a random game is played; each field is a probability.

    * ``take``: take the discard rather than pass it;
    * ``play``: make a play (meet the minimum, meld, extend, swap) rather than discard, when
      both are open; a low value stalls the round and makes hands grow (passes add cards);
    * ``first``: when playing, choose the first listed play (the minimum or a new meld)
      rather than a uniformly random one;
    * ``blunder``: try to discard a random card of the hand (refused discards are penalised
      under ``DiscardPolicy.PENALIZE`` and skipped under ``REJECT``);
    * ``protect``: switch play protection on or off for a random seat (when allowed);
    * ``leave``: a random seat leaves (when allowed);
    * ``call``: under ``DiscardPolicy.CLASSIC``, while a discard may be called, a random seat
      among those that may call Rummy on it does so (never drawn by :meth:`draw`: 0 keeps
      the games of a seed as they were).
    * ``between``: while a round is over, before the next is dealt, a random seat switches
      play protection or leaves, again and again while this draw says so (never drawn by
      :meth:`draw`: 0 keeps the games of a seed as they were).
    """

    take: float = 0.5
    play: float = 0.7
    first: float = 0.2
    blunder: float = 0.02
    protect: float = 0.02
    leave: float = 0.0
    call: float = 0.0
    between: float = 0.0

    @classmethod
    def draw(cls, rng: random.Random) -> Style:
        """A random style: some games progress quickly, some stall with big hands."""
        return cls(
            take=rng.choice([0.1, 0.4, 0.7, 0.95]),
            play=rng.choice([0.05, 0.3, 0.7, 1.0]),
            first=rng.choice([0.0, 0.3, 0.8]),
            blunder=rng.choice([0.0, 0.03, 0.1]),
            protect=rng.choice([0.0, 0.02, 0.08]),
            leave=rng.choice([0.0, 0.0, 0.005, 0.02]),
        )


class Step(NamedTuple):
    """A position of a game and what the driver did next.

    ``action`` is the action applied to ``state`` (while a round is over too, with
    ``Style.between``); ``None`` when the driver dealt the next round (``state`` is a finished
    round) or stopped there (the game is over or stuck, or the
    steps ran out). ``number`` counts the steps of the game from 0.
    """

    number: int
    state: GameState
    action: Action | None


def random_rules(
    rng: random.Random, players: int, policies: Sequence[DiscardPolicy] = tuple(DiscardPolicy)
) -> Rules:
    """Rules with every field that matters to the engine drawn at random (among ``policies``)."""
    if rng.random() < 0.2:
        schedule = [rng.choice([18, 19, 20, 21, 22, 23, 24, 25])]
    else:
        schedule = [rng.randint(3, 25) for _ in range(rng.randint(1, 3))]
    return Rules(
        schedule=schedule,
        hand_size=rng.choice([1, 2, 3, 5, 7, 9, 9, 11, 13, 15]),
        discard_policy=rng.choice(list(policies)),
        discard_error_points=rng.choice([0, 3, 5]),
        expert=rng.random() < 0.2,
        max_turns=rng.choice([None, 1, 5, 20, 40, 80]),
        exact_contract_melds=rng.random() < 0.3,
        discard_taken_card=rng.random() < 0.7,
    )


def random_game(
    seed: int,
    rules: Rules,
    players: int,
    *,
    steps: int = 100,
    engine: Engine = LIBRARY,
    style: Style | None = None,
    protected: Sequence[int] = (),
    cap: int = 300,
) -> Iterator[Step]:
    """Play a game of ``players`` seats with random moves; yield each position and its action.

    The game is ``new_game(players, seed=seed, rules=rules)``; the seats in ``protected``
    switch play protection on first (when the rules allow it). At most ``steps`` positions
    are yielded; the last one yielded has ``action`` ``None`` (also when the seat to act has
    no legal move, which 0.1.0 allows: see ``_move``). ``style`` defaults to one drawn
    from the seed. At most ``cap`` listed moves (plus the legal discards) are considered.
    """
    rng = random.Random(f"random_game {seed}")
    if style is None:
        style = Style.draw(rng)
    state = engine.new_game(players, seed=seed, rules=rules)
    for seat in protected:
        action = SetPlayProtection(seat, True)
        if engine.check(state, action) is None:
            state = engine.apply(state, action)
    for number in range(steps):
        if state.phase is Phase.GAME_OVER or number == steps - 1:
            yield Step(number, state, None)
            return
        if state.phase is Phase.ROUND_OVER:
            between = _between_rounds(state, rng, style, engine)
            yield Step(number, state, between)
            state = engine.next_round(state) if between is None else engine.apply(state, between)
            continue
        action = _table_action(state, rng, style, engine) or _move(state, rng, style, engine, cap)
        yield Step(number, state, action)
        if action is None:  # a seat in play with no legal move: the game is stuck
            return
        state = engine.apply(state, action)


def _between_rounds(
    state: GameState, rng: random.Random, style: Style, engine: Engine
) -> Action | None:
    """Sometimes (``style.between``) a protection switch or a seat leaving between rounds."""
    if not style.between or rng.random() >= style.between:
        return None
    seat = rng.randrange(state.players)
    action: Action = (
        Leave(seat) if rng.random() < 0.5 else SetPlayProtection(seat, rng.random() < 0.5)
    )
    return action if engine.check(state, action) is None else None


def _table_action(
    state: GameState, rng: random.Random, style: Style, engine: Engine
) -> Action | None:
    """Sometimes a protection switch, a seat leaving or a blunder; ``None`` if not this time."""
    if (
        style.call
        and state.discarder is not None
        and state.phase is Phase.DECIDE
        and state.rules.discard_policy is DiscardPolicy.CLASSIC
        and rng.random() < style.call
    ):
        calls = [call for seat in range(state.players) for call in hr.rummy_calls(state, seat)]
        if calls:
            return rng.choice(calls)
    roll = rng.random()
    action: Action | None = None
    if roll < style.protect:
        action = SetPlayProtection(rng.randrange(state.players), rng.random() < 0.7)
    elif roll < style.protect + style.leave:
        action = Leave(rng.randrange(state.players))
    elif state.phase is Phase.PLAY and rng.random() < style.blunder:
        action = Discard(rng.choice(state.hands[state.current]))
        reason = engine.check(state, action)
        if reason is None or (
            reason in reference_engine.PENALIZABLE
            and state.rules.discard_policy is DiscardPolicy.PENALIZE
        ):
            return action
        return None
    if action is not None and engine.check(state, action) is None:
        return action
    return None


def _move(
    state: GameState, rng: random.Random, style: Style, engine: Engine, cap: int
) -> Action | None:
    """A random listed move, in the style of the game; ``None`` if none is listed.

    0.1.0 lists no move at all when ``Rules.discard_taken_card`` is off and the seat holds
    the card it took and otherwise only wildcards and rummies, with no play to make: the
    taken card may not go, nor may the others while a card that is not a rummy is held.
    """
    listed = engine.legal_actions(state)
    moves = list(itertools.islice(listed, cap))
    if state.phase is Phase.DECIDE:
        return moves[0] if rng.random() < style.take else moves[1]
    plays = [m for m in moves if not isinstance(m, Discard)]
    discards = [m for m in moves if isinstance(m, Discard)]
    if len(moves) == cap:  # perhaps cut short: the discards come last
        discards = [Discard(c) for c in engine.legal_discards(state)]
    if plays and (not discards or rng.random() < style.play):
        return plays[0] if rng.random() < style.first else rng.choice(plays)
    if not discards:
        return None
    return rng.choice(discards)


def random_walk(seed: int, rules: Rules, players: int = 4) -> Iterator[GameState]:
    """Every position of a game played by uniformly random legal moves, up to its end.

    The game is ``new_game(players, seed=seed, rules=rules)`` and the moves are drawn from
    ``random.Random(seed)``; a finished round is yielded, then the next round is dealt.
    """
    rng = random.Random(seed)
    state = hr.new_game(players, seed=seed, rules=rules)
    while True:
        yield state
        if state.phase is Phase.GAME_OVER:
            return
        if state.phase is Phase.ROUND_OVER:
            state = hr.next_round(state)
            continue
        moves = hr.legal_actions(state)
        state = hr.apply(state, moves[rng.randrange(len(moves))])


def random_state(seed: int, steps: int, players: int = 4) -> GameState:
    """Where a random walk under ``Rules(max_turns=30)`` stands after ``steps`` steps (dealing
    a round is a step), or at the end of its game if that comes first."""
    walk = random_walk(seed, Rules(max_turns=30), players)
    return collections.deque(itertools.islice(walk, steps + 1), maxlen=1)[0]
