"""Card points: what each card left in a hand scores when a round ends, under a score table.

A round's score for each seat is the *card points* of the cards left in its hand plus its
*penalties* that round (the discard-error points, :attr:`hellsrummy.GameState.penalties`);
:meth:`hellsrummy.GameState.hand_value` adds the two up (see :ref:`rules-scoring`). The card
points are decided here, by a :class:`ScoreTable` (a field of :class:`hellsrummy.Rules`).
When a round ends and how its scores add up is :mod:`hellsrummy.play.scoring`.

>>> card_points(card("KH")), card_points(card("2C"))
(10, 20)
>>> ScoreTable(ace=25).hand_points(cards("AS 3C"))
30
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterable

import attrs

from hellsrummy.deck.cards import BY_INDEX, Card, Rank
from hellsrummy.errors import non_negative

__all__ = ["CARD_POINTS", "PENALTY_OF", "ScoreTable", "card_points", "penalty_value"]


@attrs.frozen
class ScoreTable:
    """The card points of the cards left in a hand when a round ends (see :ref:`rules-scoring`).

    The default is the library's **[decision]**: 3-9 score 5, 10-K score 10, an Ace 15 and a
    wildcard 20.

    >>> table = ScoreTable()
    >>> table.card_points(card("9S")), table.card_points(card("10S")), table.card_points(card("AS"))
    (5, 10, 15)
    >>> table.hand_points(cards("9S 2C"))
    25
    >>> ScoreTable(wild=50).card_points(card("2D"))
    50
    """

    low: int = attrs.field(default=5, validator=non_negative)
    """Points of a 3 to 9."""
    high: int = attrs.field(default=10, validator=non_negative)
    """Points of a 10, Jack, Queen or King."""
    ace: int = attrs.field(default=15, validator=non_negative)
    """Points of an Ace."""
    wild: int = attrs.field(default=20, validator=non_negative)
    """Points of a wildcard (any deuce)."""

    def card_points(self, card: Card) -> int:
        """The points ``card`` scores when left in hand.

        >>> ScoreTable().card_points(card("QD"))
        10
        """
        rank = card.rank
        if rank == Rank.TWO:
            return self.wild
        if rank == Rank.ACE:
            return self.ace
        return self.high if rank >= Rank.TEN else self.low

    def hand_points(self, hand: Iterable[Card]) -> int:
        """The card points of a whole hand (no penalties: see :meth:`GameState.hand_value`).

        >>> ScoreTable().hand_points(cards("3C 10D AH 2S"))
        50
        """
        points = _points(self)
        try:
            return sum(map(points.__getitem__, hand))
        except (KeyError, TypeError):  # not a card: let card_points say what is wrong
            return sum(self.card_points(c) for c in hand)

    def round_points(self, hand: Iterable[Card], penalties: int) -> int:
        """A seat's points for a round: its hand's card points plus its ``penalties``.

        The one place the two add up: :meth:`hellsrummy.GameState.hand_value` (and a view's)
        and the end of a round ask it.

        >>> ScoreTable().round_points(cards("3C 10D"), penalties=6)
        21
        """
        return self.hand_points(hand) + penalties

    def value(self, card: Card) -> int:
        """Deprecated since 0.3.0, the old name of :meth:`card_points` (it warns).

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     ScoreTable().value(card("QD"))
        10
        """
        _deprecated("ScoreTable.value", "ScoreTable.card_points")
        return self.card_points(card)

    def hand_value(self, hand: Iterable[Card]) -> int:
        """Deprecated since 0.3.0, the old name of :meth:`hand_points` (it warns).

        ``hand_value`` now means one thing: a seat's points if the round ended now, penalties
        included (:meth:`hellsrummy.GameState.hand_value`).

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     ScoreTable().hand_value(cards("3C 10D"))
        15
        """
        _deprecated("ScoreTable.hand_value", "ScoreTable.hand_points")
        return self.hand_points(hand)


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=3)


@functools.lru_cache(maxsize=64)
def _points(table: ScoreTable) -> dict[Card, int]:
    """Every card's points under ``table`` (every round's end scores every hand)."""
    return {c: table.card_points(c) for c in BY_INDEX}


_DEFAULT_TABLE = ScoreTable()


def card_points(card: Card) -> int:
    """The points ``card`` scores when left in hand, under the default :class:`ScoreTable`.

    >>> [card_points(c) for c in cards("3C 9C 10C KC AC 2C")]
    [5, 5, 10, 10, 15, 20]
    """
    return _BY_INDEX[card.index]


def penalty_value(card: Card) -> int:
    """The 0.2.0 name of :func:`card_points` (a card's points are not a penalty).

    >>> penalty_value(card("AC")) == card_points(card("AC"))
    True
    """
    return _BY_INDEX[card.index]


# The default points of every card, by card index (bots ask for them all the time).
_BY_INDEX: tuple[int, ...] = tuple(_DEFAULT_TABLE.card_points(c) for c in BY_INDEX)
#: The default points of every card, by card (bots sum them over melds).
CARD_POINTS: dict[Card, int] = _points(_DEFAULT_TABLE)
#: The 0.2.0 name of :data:`CARD_POINTS`.
PENALTY_OF: dict[Card, int] = CARD_POINTS
