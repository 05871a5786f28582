"""Scoring: the end of a round, its result and the totals, and discard-error penalties.

A round's score for each seat is the penalty value of the cards left in its hand (the rules'
:class:`hellsrummy.ScoreTable`) plus that round's discard-error points; a seat that went out
has no cards left. After the last round of the schedule the game is over.

>>> state = new_game(3, seed=1)
>>> over = end_round(state, winner=None)
>>> over.phase, over.results[0].points == tuple(state.hand_value(s) for s in range(3))
(<Phase.ROUND_OVER: 'round_over'>, True)
"""

from __future__ import annotations

import attrs

from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.events import DiscardErrorMade, Event, PlayProtectionWarning, RoundEnded
from hellsrummy.game.state import GameState, Phase, RoundResult
from hellsrummy.game.successor import replace

__all__ = ["end_round", "penalize"]


def end_round(state: GameState, winner: int | None) -> GameState:
    """End the round of ``state``: score every seat, record the result, add up the totals.

    ``winner`` is the seat that went out, or ``None`` (stopped by ``Rules.max_turns``, or
    too few seats remain). Seats that left the game score nothing more.

    >>> end_round(new_game(3, seed=1), winner=None).results[0].winner is None
    True
    """
    table = state.rules.score_table
    points = tuple(
        0 if state.left[seat] else table.hand_value(state.hands[seat]) + state.penalties[seat]
        for seat in range(len(state.names))
    )
    result = RoundResult(
        round=state.round,
        difficulty=state.difficulty,
        winner=winner,
        points=points,
        met=state.met,
        errors=state.errors,
        turns=state.turns,
    )
    last = state.round + 1 == len(state.rules.schedule)
    return attrs.evolve(
        state,
        phase=Phase.GAME_OVER if last else Phase.ROUND_OVER,
        results=(*state.results, result),
        scores=tuple(a + b for a, b in zip(state.scores, points, strict=True)),
        taken=None,
        discarder=None,
        log=state.log.append(RoundEnded(state.round, winner, points)),
    )


def penalize(state: GameState, error: IllegalActionError) -> GameState:
    """The current seat's refused discard under ``DiscardPolicy.PENALIZE``: points and an event.

    A play-protection warning is announced as such; any other refusal as a discard error.

    >>> error = IllegalActionError(Reason.WILDCARD_DISCARD, "2C is a wildcard")
    >>> after = penalize(new_game(3, seed=1), error)
    >>> after.penalties, after.errors, str(after.log.last)
    ((0, 3, 0), (0, 1, 0), 'seat 1 made a discard error (3 points)')
    """
    seat = state.current
    points = state.rules.discard_error_points
    event: Event
    if error.reason is Reason.PLAY_REMAINS:
        event = PlayProtectionWarning(seat, points)
    else:
        event = DiscardErrorMade(seat, points)
    return attrs.evolve(
        state,
        penalties=replace(state.penalties, seat, state.penalties[seat] + points),
        errors=replace(state.errors, seat, state.errors[seat] + 1),
        log=state.log.append(event),
    )
