"""Seats: whose turn comes next, and whether a seat may act at all.

A seat that has left the game is skipped: the turn, the deal and a passed discard go to the
next seat still in. Every turn asks :func:`next_seat`, so this module is compiled in the
compiled build; :mod:`hellsrummy.play.dealing` and :mod:`hellsrummy.play.turns` both import it.

>>> next_seat((False, False, False), 2), next_seat((False, True, False), 0)
(0, 2)
>>> verify_seat(new_game(3, seed=1), 5).reason
<Reason.NO_SUCH_SEAT: 'no_such_seat'>
"""

from __future__ import annotations

from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.state import GameState

__all__ = ["next_seat", "too_few_seats", "verify_seat"]


def next_seat(left: tuple[bool, ...], seat: int) -> int:
    """The next seat after ``seat`` that is still in the game (``left`` marks those gone).

    ``seat`` itself when every other seat has left.

    >>> next_seat((False, False, False), 2), next_seat((False, True, True), 0)
    (0, 0)
    """
    count = len(left)
    candidate = seat
    for _ in range(count):  # each seat once at most, round the table
        candidate = candidate + 1 if candidate + 1 < count else 0
        if not left[candidate]:
            return candidate
    return seat


def too_few_seats(left: tuple[bool, ...]) -> bool:
    """Whether fewer than two seats are still in the game (``left`` marks those gone).

    Then no round goes on, and the game is over.

    >>> too_few_seats((False, True, False)), too_few_seats((True, False, True))
    (False, True)
    """
    return left.count(False) < 2


def verify_seat(state: GameState, seat: int) -> IllegalActionError | None:
    """Why ``seat`` cannot act (no such seat, or it has left the game), or ``None``.

    >>> verify_seat(new_game(3, seed=1), 3).reason
    <Reason.NO_SUCH_SEAT: 'no_such_seat'>
    """
    if seat >= len(state.names):
        return IllegalActionError(
            Reason.NO_SUCH_SEAT, f"seat {seat} does not exist (the game has {len(state.names)})"
        )
    if state.left[seat]:
        return IllegalActionError(Reason.SEAT_LEFT, f"seat {seat} has left the game")
    return None
