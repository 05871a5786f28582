"""The rules' answers, as values: a discard's verdict, and how a round ended.

The rules of play decide (:func:`hellsrummy.discard_verdict` in :mod:`hellsrummy.play.discarding`,
:func:`hellsrummy.play.scoring.outcome` in :mod:`hellsrummy.play.scoring`); what they answer is a
small frozen value of this module, so that programs read its fields, not a ``None`` or a ``-1``.

>>> DiscardVerdict(1, card("2C"), Reason.WILDCARD_DISCARD, penalized=True).message
'2C is a wildcard and may not be discarded'
>>> Outcome(Ending.WENT_OUT, winner=2, game_over=False).winner
2
"""

from __future__ import annotations

import enum

import attrs

from hellsrummy.deck.cards import Card
from hellsrummy.errors import IllegalActionError, Reason, instance_of

__all__ = ["DiscardVerdict", "Ending", "Outcome"]


@attrs.frozen
class DiscardVerdict:
    """The discard rules' verdict on a refused discard: why, and what the policy does about it.

    ``reason`` is why ``card`` may not go from ``seat``'s hand; ``penalized`` is true when
    ``DiscardPolicy.PENALIZE`` charges the attempt (the seat scores
    ``Rules.discard_error_points`` and its turn stays open) instead of refusing it. The taken
    card's refusal is never penalised. :meth:`error` is the verdict as the
    :class:`hellsrummy.IllegalActionError` that :func:`hellsrummy.verify` answers.

    >>> verdict = DiscardVerdict(1, card("2C"), Reason.WILDCARD_DISCARD, penalized=False)
    >>> verdict.message
    '2C is a wildcard and may not be discarded'
    >>> error = verdict.error()
    >>> error.reason, error.penalized, str(error) == verdict.message
    (<Reason.WILDCARD_DISCARD: 'wildcard_discard'>, False, True)
    """

    seat: int
    """The seat that tried to discard."""
    card: Card
    """The card it tried to discard."""
    reason: Reason
    """Why the discard rules refuse it."""
    penalized: bool
    """Whether the discard policy charges the attempt instead of refusing it."""

    @property
    def message(self) -> str:
        """The refusal in words, for people (programs read :attr:`reason`).

        >>> DiscardVerdict(0, card("9S"), Reason.PLAY_REMAINS, penalized=True).message
        'play protection: seat 0 still has a play to make'
        """
        chosen = self.card
        reason = self.reason
        if reason is Reason.TAKEN_CARD_DISCARD:
            return f"{chosen} was taken this turn and may not be discarded"
        if reason is Reason.WILDCARD_DISCARD:
            return f"{chosen} is a wildcard and may not be discarded"
        if reason is Reason.RUMMY_DISCARD:
            return f"{chosen} is a rummy (it plays on a meld on the table) and may not be discarded"
        return f"play protection: seat {self.seat} still has a play to make"

    def error(self) -> IllegalActionError:
        """The verdict as an error: its reason, its message, and whether it is penalised.

        >>> error = DiscardVerdict(0, card("9S"), Reason.RUMMY_DISCARD, penalized=True).error()
        >>> error.reason.value, error.penalized
        ('rummy_discard', True)
        """
        return IllegalActionError(self.reason, self.message, penalized=self.penalized)


class Ending(enum.Enum):
    """Why a round ended.

    >>> [ending.value for ending in Ending]
    ['went_out', 'turn_cap', 'too_few_seats']
    """

    WENT_OUT = "went_out"
    """A seat emptied its hand: it wins the round."""
    TURN_CAP = "turn_cap"
    """The round reached ``Rules.max_turns`` turns with no winner."""
    TOO_FEW_SEATS = "too_few_seats"
    """Fewer than two seats are left in the game: no winner, and the game ends too."""


@attrs.frozen
class Outcome:
    """How a round ended: why, who won it, and whether the game ends with it.

    ``winner`` is the seat that went out, ``None`` unless ``ending`` is ``Ending.WENT_OUT``.
    ``game_over`` is true after the schedule's last round, or when fewer than two seats are
    left in the game (see :func:`game_ends`).

    >>> Outcome(Ending.TURN_CAP, winner=None, game_over=False).winner is None
    True
    >>> Outcome(Ending.TURN_CAP, winner=2, game_over=False)
    Traceback (most recent call last):
    ...
    ValueError: only a round that ended with Ending.WENT_OUT has a winner, got 2
    """

    ending: Ending = attrs.field(validator=instance_of(Ending))
    """Why the round ended."""
    winner: int | None
    """The seat that went out (``None`` when nobody did)."""
    game_over: bool
    """Whether the game ends with this round."""

    def __attrs_post_init__(self) -> None:
        went_out = self.ending is Ending.WENT_OUT
        if went_out and self.winner is None:
            raise ValueError("a round that ended with Ending.WENT_OUT has a winner, got None")
        if not went_out and self.winner is not None:
            raise ValueError(
                f"only a round that ended with Ending.WENT_OUT has a winner, got {self.winner}"
            )
