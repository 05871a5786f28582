"""The engine's entry points: check an action, apply it, start a game, deal the next round.

:func:`apply` runs an action's checker and then its transition (its kind's, in
:data:`hellsrummy.play.kinds.ACTION_KINDS`) and never half-applies anything: it returns a new
state or raises, and its input is never changed. The rules themselves live one per module:
:mod:`hellsrummy.play.dealing` (a new game, each round's deal), :mod:`hellsrummy.play.seats`
(whose turn comes next), :mod:`hellsrummy.play.stock` (drawing, refills),
:mod:`hellsrummy.play.turns` (take or pass, discard, leaving), :mod:`hellsrummy.play.plays` (meeting
the minimum, melds, extensions, swaps), :mod:`hellsrummy.play.discarding` (the discard verdict
and play protection), :mod:`hellsrummy.play.calls` (calling Rummy under the classic policy) and
:mod:`hellsrummy.play.scoring` (the outcome of a round, and the game's end). When a refused
discard is penalised rather than raised is the discard verdict's answer
(:attr:`hellsrummy.IllegalActionError.penalized`), which ``apply`` only reads.
:func:`new_game`, :func:`next_round`, :func:`legal_discards`, :func:`play_remains` and
:func:`rummies` are importable from here too.

>>> state = new_game(3, seed=2026)
>>> state = apply(state, Take())
>>> state.phase
<Phase.PLAY: 'play'>
>>> check(state, Take())
<Reason.WRONG_PHASE: 'wrong_phase'>
>>> apply(state, Discard(card("AH")))
Traceback (most recent call last):
...
hellsrummy.errors.IllegalActionError: AH is not in seat 1's hand
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from hellsrummy.errors import IllegalActionError, Reason, shown
from hellsrummy.game.actions import Action, Discard
from hellsrummy.game.state import GameState, Phase
from hellsrummy.play.dealing import new_game, next_round
from hellsrummy.play.discarding import legal_discards, penalize, play_remains, rummies
from hellsrummy.play.kinds import ACTION_KINDS
from hellsrummy.views.resampling import own_state
from hellsrummy.views.view import PlayerView

__all__ = [
    "DISPATCH",
    "apply",
    "check",
    "is_legal",
    "legal_discards",
    "new_game",
    "next_round",
    "play_remains",
    "rummies",
    "verify",
]


#: Each action class with its checker and its transition, made from
#: :data:`hellsrummy.play.kinds.ACTION_KINDS` (looked up by the action's class on every move).
DISPATCH: Final[
    dict[
        type,
        tuple[
            Callable[[GameState, Any], IllegalActionError | None],
            Callable[[GameState, Any], GameState],
        ],
    ]
] = {kind.cls: (kind.verify, kind.transition) for kind in ACTION_KINDS}

_GAME_STATE: Final = GameState  # (compiled: read as a constant, not looked up by name)

# The action classes that the seat they name takes, out of turn too (leave, protection, calls).
_BY_NAMED_SEAT = frozenset(kind.cls for kind in ACTION_KINDS if kind.by_named_seat)


def _rule(
    state: GameState, action: Action
) -> tuple[
    Callable[[GameState, Any], IllegalActionError | None], Callable[[GameState, Any], GameState]
]:
    """The checker and the transition of ``action``; bad arguments raise ``ValueError``."""
    if type(state) is not _GAME_STATE and not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {shown(state)}")
    return _kind_rule(action)


def _kind_rule(
    action: Action,
) -> tuple[
    Callable[[GameState, Any], IllegalActionError | None], Callable[[GameState, Any], GameState]
]:
    """The checker and the transition of ``action``'s kind; a non-action raises ``ValueError``."""
    try:
        return DISPATCH[type(action)]  # (compiled, ``type`` reads the object's type directly)
    except KeyError:
        raise ValueError(f"not an action: {shown(action)}") from None


def _verify(state: GameState | PlayerView, action: Action) -> IllegalActionError | None:
    if state.__class__ is PlayerView:
        return _verify_seen(state, action)
    return _rule(state, action)[0](state, action)  # type: ignore[arg-type]


def _verify_seen(seen: PlayerView, action: Action) -> IllegalActionError | None:
    """Check an action of the viewing seat from its view (see :func:`check`)."""
    verify = _kind_rule(action)[0]
    if action.__class__ in _BY_NAMED_SEAT:
        named = getattr(action, "seat", None)  # (every class of _BY_NAMED_SEAT has one)
        if named != seen.seat:
            raise ValueError(
                f"a view of seat {seen.seat} checks only that seat's actions, not {action!r}"
                f" (seat {named}'s): check it on the state or on seat {named}'s view"
            )
    elif not seen.to_act and seen.phase in (Phase.DECIDE, Phase.PLAY):
        return IllegalActionError(
            Reason.NOT_TO_ACT,
            f"seat {seen.seat} is not the seat to act (seat {seen.current} is): {action}"
            " is that seat's to make",
        )
    return verify(own_state(seen), action)


def verify(state: GameState | PlayerView, action: Action) -> IllegalActionError | None:
    """The error that refuses ``action`` in ``state`` (its reason and message), or ``None``.

    :func:`check` is its reason alone; ``state`` may be a seat's view, as there.

    >>> state = new_game(3, seed=2026)
    >>> print(verify(state, Discard(card("AH"))))
    cannot discard in phase decide
    """
    return _verify(state, action)


def check(state: GameState | PlayerView, action: Action) -> Reason | None:
    """Why ``action`` is refused in ``state``, or ``None`` if it is legal.

    A discard that the rules refuse (a wildcard, a rummy, a play-protection warning) has a
    reason here even when :func:`apply` accepts it under ``DiscardPolicy.PENALIZE`` and
    penalises it.

    >>> state = new_game(3, seed=2026)
    >>> check(state, Pass()) is None, check(state, Discard(state.hands[1][0]))
    (True, <Reason.WRONG_PHASE: 'wrong_phase'>)

    ``state`` may also be a seat's :class:`hellsrummy.PlayerView`, which is all a bot or a
    client holds: the view of the seat to act checks its moves, and any seat's view checks
    what that seat may do out of turn (leave, play protection, a Rummy call), each with the
    reason the state would give. The moves of the seat to act, checked from another seat's
    view, are refused with ``Reason.NOT_TO_ACT``; an action naming another seat raises
    ``ValueError`` (a view cannot see that seat's hand).

    >>> check(view(state, 1), Pass()) is None, check(view(state, 1), Discard(state.hands[1][0]))
    (True, <Reason.WRONG_PHASE: 'wrong_phase'>)
    >>> check(view(state, 2), Take()), check(view(state, 2), Leave(2))
    (<Reason.NOT_TO_ACT: 'not_to_act'>, None)
    """
    error = _verify(state, action)
    return None if error is None else error.reason


def is_legal(state: GameState | PlayerView, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (``check`` finds no reason to refuse it).

    ``state`` may be a seat's view, as for :func:`check`.

    >>> state = new_game(3, seed=2026)
    >>> is_legal(state, Take()), is_legal(view(state, 1), Take()), is_legal(view(state, 0), Take())
    (True, True, False)
    """
    return _verify(state, action) is None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`hellsrummy.IllegalActionError` (a ``ValueError``) with a reason when the
    action is not allowed. Under ``DiscardPolicy.PENALIZE`` a refused discard of a wildcard or
    a rummy, or a play-protection warning, is not raised: the returned state records the error
    (points, a public event) and the turn stays open.

    >>> state = new_game(3, seed=2026)
    >>> after = apply(state, Pass())
    >>> len(after.hands[1]) - len(state.hands[1]), len(after.hands[2]) - len(state.hands[2])
    (1, 2)
    >>> state.phase, after.phase
    (<Phase.DECIDE: 'decide'>, <Phase.PLAY: 'play'>)
    """
    verify, transition = _rule(state, action)
    error = verify(state, action)
    if error is not None:
        if error.penalized:  # the discard verdict's: the policy charges it (see penalize)
            return penalize(state, error, action.card if isinstance(action, Discard) else None)
        raise error
    return transition(state, action)
