"""The end of a round and of the game: the one decision, the round's points and the totals.

:func:`outcome` is where it is decided whether a round is over once a seat has acted, who won
it, why it ended and whether the game ends with it; it answers an :class:`hellsrummy.Outcome`,
or ``None`` while the round goes on. Every transition that can end a round asks it (a play, a
call or a discard that empties the hand, the discard that reaches ``Rules.max_turns``, a leave that
leaves fewer than two seats) and hands its answer to :func:`end_round`, which scores every seat
(:meth:`hellsrummy.GameState.hand_value`: the card points left in the hand, see
:mod:`hellsrummy.game.cardpoints`, plus the round's discard-error points), records the result
and adds up the totals. The game is over after the schedule's last round, or as soon as fewer
than two seats are left in it (:func:`game_ends`).

>>> state = new_game(3, seed=1, rules=Rules(max_turns=40))
>>> outcome(state, 1, state.hands[1]) is None  # a hand left, turns to go: the round goes on
True
>>> ended = outcome(state, 1, ())
>>> ended
Outcome(ending=<Ending.WENT_OUT: 'went_out'>, winner=1, game_over=False)
>>> over = end_round(state, ended)
>>> over.phase, over.results[0].points == tuple(state.hand_value(s) for s in range(3))
(<Phase.ROUND_OVER: 'round_over'>, True)
"""

from __future__ import annotations

from typing import Final

from hellsrummy.deck.cards import Card
from hellsrummy.game.events import RoundEnded
from hellsrummy.game.rules import Rules
from hellsrummy.game.rulings import Ending, Outcome
from hellsrummy.game.state import GameState, Phase, RoundResult
from hellsrummy.game.successor import successor
from hellsrummy.play.seats import too_few_seats

__all__ = ["end_round", "game_ends", "outcome"]


def game_ends(rules: Rules, round_number: int, left: tuple[bool, ...]) -> bool:
    """Whether the game is over once round ``round_number`` (0-based) has ended.

    It is over after the schedule's last round, or when fewer than two seats are left in the
    game (``left`` marks those gone): a seat that leaves between rounds can end it too.

    >>> rules = Rules(schedule=[6, 7])
    >>> game_ends(rules, 0, (False,) * 3), game_ends(rules, 1, (False,) * 3)
    (False, True)
    >>> game_ends(rules, 0, (False, True, True))
    True
    """
    return round_number + 1 >= len(rules.schedule) or too_few_seats(left)


def outcome(
    state: GameState,
    seat: int,
    hand: tuple[Card, ...],
    *,
    turns: int | None = None,
    left: tuple[bool, ...] | None = None,
) -> Outcome | None:
    """How the round ends once ``seat`` has acted in ``state``, or ``None`` if it goes on.

    The one place this is decided (see :ref:`rules-scoring`). ``hand`` is the seat's hand
    after its action; ``turns`` (the round's turns after it) and ``left`` (who has left the
    game after it) are ``state``'s unless given. In this order: a seat whose hand is empty went
    out and wins; the round stops with no winner when ``Rules.max_turns`` turns are reached, or
    when fewer than two seats are left in the game; otherwise it goes on.

    >>> state = new_game(3, seed=1, rules=Rules(max_turns=40))
    >>> outcome(state, 1, (), turns=7).winner, outcome(state, 1, cards("7H"), turns=40).ending
    (1, <Ending.TURN_CAP: 'turn_cap'>)
    >>> outcome(state, 0, cards("7H"), left=(False, True, True))
    Outcome(ending=<Ending.TOO_FEW_SEATS: 'too_few_seats'>, winner=None, game_over=True)
    >>> outcome(state, 1, cards("7H"), turns=7) is None
    True
    """
    rules = state.rules
    if left is None:
        left = state.left
    if not hand:
        return Outcome(Ending.WENT_OUT, seat, game_ends(rules, state.round, left))
    cap = rules.max_turns
    if cap is not None and (state.turns if turns is None else turns) >= cap:
        return Outcome(Ending.TURN_CAP, None, game_ends(rules, state.round, left))
    if too_few_seats(left):
        return Outcome(Ending.TOO_FEW_SEATS, None, True)
    return None


_GAME_OVER: Final = Phase.GAME_OVER
_ROUND_OVER: Final = Phase.ROUND_OVER


def end_round(state: GameState, ended: Outcome) -> GameState:
    """End the round of ``state`` as :func:`outcome` decided: score, record, add up the totals.

    Each seat scores :meth:`hellsrummy.GameState.hand_value` (seats that left the game score
    nothing more); the phase becomes ``GAME_OVER`` when ``ended.game_over``, else
    ``ROUND_OVER``.

    >>> state = new_game(3, seed=1)
    >>> over = end_round(state, Outcome(Ending.TURN_CAP, winner=None, game_over=False))
    >>> over.results[0].winner is None, over.phase
    (True, <Phase.ROUND_OVER: 'round_over'>)
    """
    left = state.left
    before = state.scores
    points = tuple(0 if left[seat] else state.hand_value(seat) for seat in range(len(left)))
    winner = ended.winner
    result = RoundResult(
        round=state.round,
        difficulty=state.difficulty,
        winner=winner,
        points=points,
        met=state.met,
        errors=state.errors,
        turns=state.turns,
    )
    return successor(
        state,
        current=state.current,
        phase=_GAME_OVER if ended.game_over else _ROUND_OVER,
        hands=state.hands,
        discard=state.discard,
        log=state.log.append(RoundEnded(state.round, winner, points)),
        results=(*state.results, result),
        scores=tuple(map(int.__add__, before, points)),
    )
