"""The table actions: what a seat may do at any moment, in its turn or not.

Besides the moves of the seat to act (:func:`hellsrummy.legal_actions`), every seat still in
the game may, at any moment until the game is over, leave it (:class:`hellsrummy.Leave`) and
switch its play protection (:class:`hellsrummy.SetPlayProtection`: on only outside expert mode
and not under the classic discard policy; off whenever it is on). :func:`table_actions` lists
those open to a seat now, from the rules' own checkers, so a frontend shows every button from
the library's answer. (A "Rummy!" call, the other action out of turn, is listed by
:func:`hellsrummy.rummy_calls` and, for the seat's own view, by ``legal_actions``.)

>>> table_actions(new_game(3, seed=1), 2)
[Leave(seat=2), SetPlayProtection(seat=2, on=True)]
"""

from __future__ import annotations

from hellsrummy.errors import shown
from hellsrummy.game.actions import Action, Leave, SetPlayProtection
from hellsrummy.game.state import GameState
from hellsrummy.play.engine import is_legal
from hellsrummy.views.view import PlayerView

__all__ = ["table_actions"]


def table_actions(state: GameState | PlayerView, seat: int | None = None) -> list[Action]:
    """The table actions ``seat`` may take now: leaving, switching its play protection.

    ``seat`` is by default the viewing seat of a :class:`hellsrummy.PlayerView` (a view
    answers only for its own seat), or the seat to act of a state. In a fixed order: leave,
    then the protection switch (to the other setting). Empty once the game is over or the
    seat has left.

    >>> state = new_game(3, seed=1, rules=Rules(expert=True))
    >>> table_actions(view(state, 0))  # no play protection in expert mode
    [Leave(seat=0)]
    >>> table_actions(view(state, 0), 1)
    Traceback (most recent call last):
    ...
    ValueError: a view of seat 0 lists only that seat's table actions, not seat 1's
    """
    if isinstance(state, PlayerView):
        if seat is None:
            seat = state.seat
        elif seat != state.seat:
            raise ValueError(
                f"a view of seat {state.seat} lists only that seat's table actions,"
                f" not seat {shown(seat)}'s"
            )
    elif isinstance(state, GameState):
        if seat is None:
            seat = state.current
    else:
        raise TypeError(f"state must be a GameState or a PlayerView, got {shown(state)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise ValueError(
            f"seat must be a seat of the game (0 to {len(state.names) - 1}), got {shown(seat)}"
        )
    candidates: list[Action] = [Leave(seat), SetPlayProtection(seat, not state.protection[seat])]
    return [action for action in candidates if is_legal(state, action)]
