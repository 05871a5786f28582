"""Laying a meld out for display: what each wildcard stands for, and the order of its cards.

A meld's reading is never fixed (see :mod:`hellsrummy.deck.melds`); a frontend still wants to show
one. :func:`arrange` picks a reading and places every card, each wildcard marked with the rank
(and, in a run, the suit) it stands for.

>>> print(arrange(cards("2C 5H 6H 8H")))
5H 6H [7H] 8H
>>> arrange(cards("2C 7S 7H")).pretty
'7♥ 7♠ [7]'
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hellsrummy.deck.cards import Card, Rank, Suit, sort_cards
from hellsrummy.deck.melds import MeldKind, _as_tuple, meld_kinds

__all__ = ["Arrangement", "Slot", "arrange"]


@attrs.frozen
class Slot:
    """One place in an arranged meld: the card there and the rank and suit it stands for.

    A natural card stands for itself. A wildcard in a run stands for a rank and suit; in a
    set, for a rank only (``suit`` is ``None``); in a meld of wildcards only, for nothing in
    particular (both ``None``).

    >>> Slot(card("2C"), Rank.SEVEN, Suit.HEARTS).text
    '[7H]'
    >>> Slot(card("7S"), Rank.SEVEN, Suit.SPADES).text
    '7S'
    """

    card: Card
    rank: Rank | None
    suit: Suit | None

    @property
    def text(self) -> str:
        """The slot as text: a natural card's text, or ``[what the wildcard stands for]``.

        >>> Slot(card("2C"), Rank.SEVEN, None).text, Slot(card("2C"), None, None).text
        ('[7]', '[*]')
        """
        return self._format(pretty=False)

    @property
    def pretty(self) -> str:
        """Like :attr:`text`, with suit symbols.

        >>> Slot(card("2C"), Rank.SEVEN, Suit.HEARTS).pretty
        '[7♥]'
        """
        return self._format(pretty=True)

    def _format(self, *, pretty: bool) -> str:
        if not self.card.is_wild:
            return self.card.pretty if pretty else str(self.card)
        if self.rank is None:
            return "[*]"
        suit = "" if self.suit is None else (self.suit.symbol if pretty else self.suit.letter)
        return f"[{self.rank.text}{suit}]"


@attrs.frozen
class Arrangement:
    """A meld laid out for display: its reading and each card's place, low to high.

    >>> arranged = arrange(cards("8H 2C 5H 6H"))
    >>> arranged.kind, str(arranged), arranged.pretty
    (<MeldKind.RUN: 'run'>, '5H 6H [7H] 8H', '5♥ 6♥ [7♥] 8♥')
    >>> [str(c) for c in arranged.cards]
    ['5H', '6H', '2C', '8H']
    """

    kind: MeldKind
    slots: tuple[Slot, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The meld's cards in display order.

        >>> arrange(cards("2C 7S 7H")).cards
        (card('7H'), card('7S'), card('2C'))
        """
        return tuple(slot.card for slot in self.slots)

    @property
    def pretty(self) -> str:
        """The arrangement with suit symbols.

        >>> arrange(cards("2C 7S 7H")).pretty
        '7♥ 7♠ [7]'
        """
        return " ".join(slot.pretty for slot in self.slots)

    def __str__(self) -> str:
        return " ".join(slot.text for slot in self.slots)


def arrange(cards: Iterable[Card], kind: MeldKind | None = None) -> Arrangement:
    """Lay out a meld for display, showing what each wildcard stands for.

    ``kind`` picks the reading; by default a meld that reads both ways is shown as a set.
    A run's wildcards fill the gaps first, then extend it upwards, then downwards from the
    Ace. A set lists its naturals by suit, then its wildcards.

    Raises :class:`ValueError` if the cards are not a meld or cannot be read as ``kind``.

    >>> print(arrange(cards("2C 5H 6H")))
    5H 6H [7H]
    >>> print(arrange(cards("2C KH 2D AH")))
    [JH] [QH] KH AH
    >>> print(arrange(cards("2C 2D 7H")))
    7H [7] [7]
    >>> print(arrange(cards("2C 2D 7H"), MeldKind.RUN))
    7H [8H] [9H]
    >>> print(arrange(cards("2C 2D 2H")))
    [*] [*] [*]
    """
    seq = _as_tuple(cards)
    kinds = meld_kinds(seq)
    if not kinds:
        raise ValueError(f"not a meld: [{' '.join(map(str, seq))}]")
    if kind is None:
        kind = MeldKind.SET if MeldKind.SET in kinds else MeldKind.RUN
    elif kind not in kinds:
        raise ValueError(f"[{' '.join(map(str, seq))}] cannot be read as a {kind.value}")
    naturals = [c for c in seq if not c.is_wild]
    wilds = sort_cards(c for c in seq if c.is_wild)
    if not naturals:
        return Arrangement(kind, tuple(Slot(w, None, None) for w in wilds))
    if kind is MeldKind.SET:
        rank = naturals[0].rank
        slots = [Slot(c, c.rank, c.suit) for c in sorted(naturals, key=lambda c: c.suit)]
        slots += [Slot(w, rank, None) for w in wilds]
        return Arrangement(kind, tuple(slots))
    suit = naturals[0].suit
    by_rank = {c.rank: c for c in naturals}
    n = len(seq)
    low = max(Rank.THREE, min(min(by_rank), Rank.ACE + 1 - n))
    spare = iter(wilds)
    run_slots = []
    for value in range(low, low + n):
        rank = Rank(value)
        natural = by_rank.get(rank)
        if natural is None:
            run_slots.append(Slot(next(spare), rank, suit))
        else:
            run_slots.append(Slot(natural, rank, suit))
    return Arrangement(kind, tuple(run_slots))
