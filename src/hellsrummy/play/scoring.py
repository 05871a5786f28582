"""Scoring: when a round ends and who wins it, its result and the totals.

:func:`outcome` decides whether a round is over once a seat has acted, and who won it; every
transition that can end a round asks it (a play, a call or a discard that empties the hand, the
discard that reaches ``Rules.max_turns``, a leave that leaves fewer than two seats) and then
calls :func:`end_round`. A round's score for each seat is the points of the cards left in its
hand (:mod:`hellsrummy.game.scoring`) plus that round's discard-error points; a seat that went
out has no cards left. After the last round of the schedule the game is over.

>>> state = new_game(3, seed=1)
>>> over = end_round(state, winner=None)
>>> over.phase, over.results[0].points == tuple(state.hand_value(s) for s in range(3))
(<Phase.ROUND_OVER: 'round_over'>, True)
"""

from __future__ import annotations

from typing import Final

from hellsrummy.deck.cards import Card
from hellsrummy.game.events import RoundEnded
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import GameState, Phase, RoundResult
from hellsrummy.game.successor import successor

__all__ = ["GOES_ON", "end_round", "outcome"]

#: What :func:`outcome` answers while the round goes on (no seat is numbered -1).
GOES_ON: Final = -1


def outcome(
    rules: Rules, left: tuple[bool, ...], seat: int, hand: tuple[Card, ...], turns: int
) -> int | None:
    """Whether the round is over once ``seat`` has acted, and who won it.

    The one place this is decided (see :ref:`rules-scoring`). ``hand`` is the seat's hand after its
    action, ``turns`` the round's turns so far and ``left`` who has left the game. The answer is the
    seat that went out (its hand is empty: it wins), ``None`` when the round ends with no winner
    (the turn cap ``Rules.max_turns`` is reached, or fewer than two seats are left in the game), or
    :data:`GOES_ON`.

    >>> rules, seated = Rules(max_turns=40), (False, False, False)
    >>> outcome(rules, seated, 1, (), 7), outcome(rules, seated, 1, cards("7H"), 40)
    (1, None)
    >>> outcome(rules, (False, True, True), 0, cards("7H"), 7)
    >>> outcome(rules, seated, 1, cards("7H"), 7) == GOES_ON
    True
    """
    if not hand:
        return seat
    cap = rules.max_turns
    if cap is not None and turns >= cap:
        return None
    seated = 0  # the seats still in the game, counted up to two
    for gone in left:
        if not gone:
            seated += 1
            if seated == 2:
                return GOES_ON
    return None


def end_round(state: GameState, winner: int | None) -> GameState:
    """End the round of ``state``: score every seat, record the result, add up the totals.

    ``winner`` is the seat that went out, or ``None``, as :func:`outcome` decided. Seats
    that left the game score nothing more.

    >>> end_round(new_game(3, seed=1), winner=None).results[0].winner is None
    True
    """
    rules = state.rules
    table = rules.score_table
    left = state.left
    hands = state.hands
    penalties = state.penalties
    before = state.scores
    points_: list[int] = []
    totals: list[int] = []
    for seat in range(len(state.names)):
        scored = 0 if left[seat] else table.hand_value(hands[seat]) + penalties[seat]
        points_.append(scored)
        totals.append(before[seat] + scored)
    points = tuple(points_)
    result = RoundResult(
        round=state.round,
        difficulty=state.difficulty,
        winner=winner,
        points=points,
        met=state.met,
        errors=state.errors,
        turns=state.turns,
    )
    last = state.round + 1 == len(rules.schedule)
    return successor(
        state,
        state.current,
        Phase.GAME_OVER if last else Phase.ROUND_OVER,
        hands,
        state.melds,
        state.discard,
        state.stock,
        state.refills,
        state.met,
        state.turns,
        None,
        state.log.append(RoundEnded(state.round, winner, points)),
        results=(*state.results, result),
        scores=tuple(totals),
    )
