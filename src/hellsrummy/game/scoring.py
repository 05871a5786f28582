"""Scoring values: the points of a card left in hand, under the rules' score table.

A round's score for each seat is the points of the cards left in its hand plus that round's
discard-error points (see :ref:`rules-scoring`); the points of a card are decided here, by a
:class:`ScoreTable` (a field of :class:`hellsrummy.Rules`). When a round ends and how its
scores add up is :mod:`hellsrummy.play.scoring`.

>>> penalty_value(card("KH")), penalty_value(card("2C"))
(10, 20)
>>> ScoreTable(ace=25).hand_value(cards("AS 3C"))
30
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from hellsrummy.deck.cards import BY_INDEX, Card, Rank
from hellsrummy.errors import non_negative

__all__ = ["PENALTY_OF", "ScoreTable", "penalty_value"]


@attrs.frozen
class ScoreTable:
    """Penalty points of the cards left in a hand when a round ends (see :ref:`rules-scoring`).

    The default is the library's **[decision]**: 3-9 score 5, 10-K score 10, an Ace 15 and a
    wildcard 20.

    >>> table = ScoreTable()
    >>> table.value(card("9S")), table.value(card("10S")), table.value(card("AS"))
    (5, 10, 15)
    >>> table.hand_value(cards("9S 2C"))
    25
    >>> ScoreTable(wild=50).value(card("2D"))
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

    def value(self, card: Card) -> int:
        """Points a card scores when left in hand.

        >>> ScoreTable().value(card("QD"))
        10
        """
        rank = card.rank
        if rank == Rank.TWO:
            return self.wild
        if rank == Rank.ACE:
            return self.ace
        return self.high if rank >= Rank.TEN else self.low

    def hand_value(self, hand: Iterable[Card]) -> int:
        """Points a whole hand scores.

        >>> ScoreTable().hand_value(cards("3C 10D AH 2S"))
        50
        """
        points = _points(self)
        try:
            return sum(map(points.__getitem__, hand))
        except (KeyError, TypeError):  # not a card: let value say what is wrong
            return sum(self.value(c) for c in hand)


@functools.lru_cache(maxsize=64)
def _points(table: ScoreTable) -> dict[Card, int]:
    """Every card's points under ``table`` (every round's end scores every hand)."""
    return {c: table.value(c) for c in BY_INDEX}


_DEFAULT_SCORES = ScoreTable()


def penalty_value(card: Card) -> int:
    """Points ``card`` scores when left in hand, under the default :class:`ScoreTable`.

    >>> [penalty_value(c) for c in cards("3C 9C 10C KC AC 2C")]
    [5, 5, 10, 10, 15, 20]
    """
    return _PENALTIES[card.index]


# The default points of every card, by card index (bots ask for them all the time).
_PENALTIES: tuple[int, ...] = tuple(_DEFAULT_SCORES.value(c) for c in BY_INDEX)
#: The default points of every card, by card (bots sum them over melds).
PENALTY_OF: dict[Card, int] = _points(_DEFAULT_SCORES)
