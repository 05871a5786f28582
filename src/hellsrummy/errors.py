"""Why an action is illegal: a machine-readable :class:`Reason` and :class:`IllegalActionError`.

>>> error = IllegalActionError(Reason.NOT_IN_HAND, "7C is not in seat 1's hand")
>>> isinstance(error, ValueError), error.reason, str(error)
(True, <Reason.NOT_IN_HAND: 'not_in_hand'>, "7C is not in seat 1's hand")
"""

from __future__ import annotations

import enum

__all__ = ["IllegalActionError", "Reason"]


class Reason(enum.Enum):
    """Every reason an action can be refused, for programs to act on (messages are for people).

    >>> Reason.RUMMY_DISCARD.penalizable, Reason.NOT_IN_HAND.penalizable
    (True, False)
    """

    WRONG_PHASE = "wrong_phase"
    """The action does not fit the phase of the game (e.g. a discard before taking or passing)."""
    NOT_IN_HAND = "not_in_hand"
    """A card the action uses is not (or not that many times) in the player's hand."""
    NO_SUCH_MELD = "no_such_meld"
    """The meld number is not a meld on the table."""
    NO_SUCH_SEAT = "no_such_seat"
    """The seat number is not a seat of the game."""
    SEAT_LEFT = "seat_left"
    """The seat has left the game."""
    EMPTY_PLAY = "empty_play"
    """The action names no cards or no melds."""
    NOT_A_MELD = "not_a_meld"
    """Cards laid down or the result of an extension are not a valid meld."""
    MINIMUM_NOT_MET = "minimum_not_met"
    """Only meeting the minimum (or discarding) is open to a player who has not met it."""
    CONTRACT_NOT_FULFILLED = "contract_not_fulfilled"
    """The melds laid down do not fulfil the round's contract."""
    NO_WILDCARD = "no_wildcard"
    """A swap names a meld that holds no wildcard."""
    WILDCARD_SWAP = "wildcard_swap"
    """A swap must put a natural card, not a wildcard, into the meld."""
    BAD_SWAP = "bad_swap"
    """The meld would not be valid with the card in place of a wildcard."""
    WILDCARD_DISCARD = "wildcard_discard"
    """A wildcard may not be discarded while the hand holds a card that is not a rummy."""
    RUMMY_DISCARD = "rummy_discard"
    """A rummy may not be discarded while the hand holds a card that is not a rummy."""
    PLAY_REMAINS = "play_remains"
    """Play protection: a play remains, so the discard is refused with a warning."""
    TAKEN_CARD_DISCARD = "taken_card_discard"
    """The rules forbid discarding the card taken this turn."""
    EXPERT_MODE = "expert_mode"
    """Play protection cannot be switched on in expert mode."""
    OWN_TURN = "own_turn"
    """No longer given: since 0.2.0 a seat may leave at any moment, in its own turn too."""
    NOT_CLASSIC = "not_classic"
    """Calling Rummy belongs to ``DiscardPolicy.CLASSIC``; these rules have no calls."""
    CLASSIC_POLICY = "classic_policy"
    """Play protection does not exist under ``DiscardPolicy.CLASSIC``."""
    NOTHING_TO_CALL = "nothing_to_call"
    """No discard can be called now (it was turned up, or already taken or passed)."""
    NOT_THE_DISCARD = "not_the_discard"
    """A call names a card that is not the discard (it may have been replaced already)."""
    OWN_DISCARD = "own_discard"
    """A seat cannot call Rummy on its own discard."""

    @property
    def penalizable(self) -> bool:
        """Whether, under ``DiscardPolicy.PENALIZE``, the attempt is penalised, not raised.

        >>> Reason.PLAY_REMAINS.penalizable
        True
        """
        return self in _PENALIZABLE


_PENALIZABLE = frozenset({Reason.WILDCARD_DISCARD, Reason.RUMMY_DISCARD, Reason.PLAY_REMAINS})


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state.

    ``reason`` is a :class:`Reason` for programs; the message names the problem for people.

    >>> try:
    ...     raise IllegalActionError(Reason.NO_SUCH_MELD, "meld 4 does not exist")
    ... except ValueError as error:
    ...     print(error.reason.value, "-", error)
    no_such_meld - meld 4 does not exist
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
