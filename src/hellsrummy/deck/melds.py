"""Melds: what makes a set or a run, extending a meld, swapping out a wildcard, rummies.

A meld is a multiset of three or more cards that can be *read* as a set (all naturals of one
rank) or as a run (naturals of one suit on distinct, consecutive-enough ranks within 3..A).
Wildcards (deuces) fill any place, and a meld's reading is never fixed: a play on a meld is
valid exactly when the resulting multiset is itself a meld under some reading (see
:ref:`rules-melds`).

>>> is_meld(cards("2C 5H 6H")), is_meld(cards("QH KH AS"))
(True, False)
>>> can_extend(cards("2C 5H 6H"), cards("3H")), can_extend(cards("2C 5H 6H"), cards("8H"))
(True, True)
>>> can_swap(cards("2C 5H 6H"), card("4H")), can_swap(cards("2C 5H 6H"), card("3H"))
(True, False)
>>> print(arrange(cards("2C 5H 6H 8H")))  # laid out for display (hellsrummy.deck.arrangement)
5H 6H [7H] 8H
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from hellsrummy.deck.cards import BY_INDEX, Card, Rank, Suit, sort_cards

__all__ = [
    "MAX_RUN",
    "MIN_MELD",
    "MeldKind",
    "can_extend",
    "can_swap",
    "extension_set",
    "extensions",
    "is_meld",
    "is_rummy",
    "is_run",
    "is_set",
    "meld_kinds",
    "swap_set",
    "swaps",
]


#: The fewest cards a meld can have.
MIN_MELD = 3
#: The most cards a run can have: one of each rank 3..A.
MAX_RUN = 12


class MeldKind(enum.Enum):
    """How a meld can be read: as a ``SET`` (one rank) or a ``RUN`` (one suit, in sequence).

    >>> str(MeldKind.SET), MeldKind.RUN.plural
    ('Set', 'Runs')
    """

    SET = "set"
    RUN = "run"

    @property
    def plural(self) -> str:
        """The capitalised plural, as contracts are written: ``"Sets"``, ``"Runs"``.

        >>> MeldKind.SET.plural
        'Sets'
        """
        return f"{self.value.capitalize()}s"

    def __str__(self) -> str:
        return self.value.capitalize()


def _as_key(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hashable cache key for a meld: the cards as a tuple (already sorted ones stay put)."""
    return cards if isinstance(cards, tuple) else tuple(sort_cards(cards))


def _as_tuple(cards: Iterable[Card]) -> Sequence[Card]:
    return cards if isinstance(cards, (tuple, list)) else tuple(cards)


def _run_span(naturals_mask: int) -> int:
    """The number of ranks from the lowest to the highest bit of a rank mask."""
    return naturals_mask.bit_length() - (naturals_mask & -naturals_mask).bit_length() + 1


def _is_set(cards: Sequence[Card]) -> bool:
    rank = None
    for c in cards:
        if not c.is_wild:
            if rank is None:
                rank = c.rank
            elif c.rank != rank:
                return False
    return True


def _is_run(cards: Sequence[Card]) -> bool:
    n = len(cards)
    if n > MAX_RUN:
        return False
    suit = None
    mask = 0
    for c in cards:
        if c.is_wild:
            continue
        if suit is None:
            suit = c.suit
        elif c.suit != suit:
            return False
        bit = 1 << c.rank
        if mask & bit:
            return False
        mask |= bit
    return mask == 0 or _run_span(mask) <= n


def is_meld(cards: Iterable[Card]) -> bool:
    """Whether ``cards`` form a valid meld: three or more cards that read as a set or a run.

    Any number of wildcards is allowed, even all of them. A set may hold duplicates and any
    number of cards; a run holds at most 12 cards, one per rank. The Ace is always high.

    >>> is_meld(cards("4S 4H 4S")), is_meld(cards("2C 8H 8D")), is_meld(cards("10S JH 10D"))
    (True, True, False)
    >>> is_meld(cards("5H 6H 7H")), is_meld(cards("2C 7H 8H")), is_meld(cards("QH KH AS"))
    (True, True, False)
    >>> is_meld(cards("8H 10H JH")), is_meld(cards("2C 2D 2H")), is_meld(cards("AH 2C 3H"))
    (False, True, False)
    """
    seq = _as_tuple(cards)
    return len(seq) >= MIN_MELD and (_is_set(seq) or _is_run(seq))


def is_set(cards: Iterable[Card]) -> bool:
    """Whether ``cards`` can be read as a set: three or more cards, all naturals of one rank.

    >>> is_set(cards("9C 9C 2H 9S")), is_set(cards("9C 10C JC"))
    (True, False)
    """
    seq = _as_tuple(cards)
    return len(seq) >= MIN_MELD and _is_set(seq)


def is_run(cards: Iterable[Card]) -> bool:
    """Whether ``cards`` can be read as a run: 3 to 12 cards, naturals of one suit in sequence.

    >>> is_run(cards("9C 2H JC")), is_run(cards("9C 9D 9H"))
    (True, False)
    """
    seq = _as_tuple(cards)
    return len(seq) >= MIN_MELD and _is_run(seq)


def meld_kinds(cards: Iterable[Card]) -> frozenset[MeldKind]:
    """Every way ``cards`` can be read: empty when they are not a meld.

    >>> sorted(k.value for k in meld_kinds(cards("2C 2D 7H")))
    ['run', 'set']
    >>> meld_kinds(cards("7H 7S 2D")) == {MeldKind.SET}, meld_kinds(cards("7H 8S 9D"))
    (True, frozenset())
    """
    seq = _as_tuple(cards)
    if len(seq) < MIN_MELD:
        return frozenset()
    kinds = []
    if _is_set(seq):
        kinds.append(MeldKind.SET)
    if _is_run(seq):
        kinds.append(MeldKind.RUN)
    return frozenset(kinds)


def _require_meld(meld_cards: Sequence[Card]) -> None:
    if not is_meld(meld_cards):
        text = " ".join(map(str, meld_cards))
        raise ValueError(f"meld_cards is not a meld: [{text}]")


def can_extend(meld_cards: Iterable[Card], new_cards: Iterable[Card]) -> bool:
    """Whether adding ``new_cards`` to the meld ``meld_cards`` gives a valid meld.

    The meld's reading may change: ``[2 5H 6H]`` takes a ``3H`` (read 3 2 5 6) or an ``8H``
    (read 5 6 2 8), and ``[2 2 7H]`` takes a ``7S`` (a set) or an ``8H`` (a run). Extending
    with a wildcard is allowed.

    Raises :class:`ValueError` if ``meld_cards`` is not a meld or ``new_cards`` is empty.

    >>> can_extend(cards("2C 5H 6H"), cards("3H")), can_extend(cards("2C 5H 6H"), cards("9H"))
    (True, False)
    >>> can_extend(cards("7H 8H 9H"), cards("10H JH 2S"))
    True
    """
    meld = _as_tuple(meld_cards)
    new = _as_tuple(new_cards)
    _require_meld(meld)
    if not new:
        raise ValueError("new_cards is empty: extend a meld with at least one card")
    return is_meld((*meld, *new))


def can_swap(meld_cards: Iterable[Card], natural: Card) -> bool:
    """Whether ``natural`` can take the place of one of the meld's wildcards (a "buy").

    The natural card goes into the meld, one wildcard comes out, and the result must still be
    a meld. Which deuce comes out does not matter to validity: every wildcard is alike.
    ``False`` when the meld holds no wildcard.

    Raises :class:`ValueError` if ``meld_cards`` is not a meld or ``natural`` is a wildcard.

    >>> can_swap(cards("JH 2C JS"), card("JD")), can_swap(cards("6H 2C 8H"), card("7H"))
    (True, True)
    >>> can_swap(cards("2C 5H 6H"), card("7H")), can_swap(cards("5H 6H 7H"), card("8H"))
    (True, False)
    """
    meld = _as_tuple(meld_cards)
    _require_meld(meld)
    if natural.is_wild:
        raise ValueError(f"{natural} is a wildcard: only a natural card can replace a wildcard")
    for position, c in enumerate(meld):
        if c.is_wild:
            return is_meld((*meld[:position], natural, *meld[position + 1 :]))
    return False


_NATURALS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank if rank != 2)
_WILDS: Final[frozenset[Card]] = frozenset(Card(Rank.TWO, suit) for suit in Suit)
_BY_RANK: Final = {rank: [c for c in _NATURALS if c.rank == rank] for rank in Rank}
_BY_SUIT: Final = {suit: [c for c in _NATURALS if c.suit == suit] for suit in Suit}
_NATURAL_SET = frozenset(_NATURALS)
_ANYTHING = _NATURAL_SET | _WILDS
_NOTHING: Final[frozenset[Card]] = frozenset()
_RANK_AT: Final = tuple(int(c.rank) for c in BY_INDEX)  # by card index
_SUIT_AT: Final = tuple(int(c.suit) for c in BY_INDEX)
#: The number of cards (of every suit): card indexes are below it.
CARDS: Final = len(_NATURALS) + len(_WILDS)


def _reading(naturals: Sequence[Card]) -> tuple[int, int, int]:
    """How a meld's naturals can be read: ``(rank or 0, suit or -1, rank mask or -1)``.

    The rank is the naturals' common rank (0 when they have several); the suit their common
    suit (-1 when several) and the mask their ranks as bits (-1 when two share a rank, so no
    run can hold them).
    """
    first = naturals[0].index
    reading = (_RANK_AT[first], _SUIT_AT[first], 0)
    for c in naturals:
        reading = _read_on(reading, c)
    return reading


def _read_on(reading: tuple[int, int, int], c: Card) -> tuple[int, int, int]:
    """The :func:`_reading` of some naturals and the natural ``c``, from theirs."""
    rank, suit, mask = reading
    index = c.index
    own = _RANK_AT[index]
    if own != rank:
        rank = 0
    if _SUIT_AT[index] != suit:
        suit = -1
    bit = 1 << own
    if mask & bit:
        mask = -1
    elif mask >= 0:
        mask |= bit
    return rank, suit, mask


def _fitted(reading: tuple[int, int, int], size: int) -> list[Card]:
    """The naturals ``c`` that make a meld of ``size`` with wildcards and these naturals.

    ``reading`` is the :func:`_reading` of the naturals, which are not empty.
    """
    rank, suit, mask = reading
    fits: list[Card] = list(_BY_RANK[Rank(rank)]) if rank else []
    if suit >= 0 and mask > 0 and size <= MAX_RUN:
        fits += [
            c
            for c in _BY_SUIT[Suit(suit)]
            if not mask >> c.rank & 1 and _run_span(mask | 1 << c.rank) <= size
        ]
    return fits


class Accepted:
    """What a meld accepts: the cards that extend it alone and the naturals that buy a wildcard.

    Each as a frozenset of cards (``extend``, ``buy``) and, for the kernels, as places
    (``marks``): the index ``i`` of each card that extends it, then ``CARDS + i`` for each
    natural that buys (:data:`CARDS` is the number of cards). ``reading`` is the reading of the
    meld's naturals (``None`` for a meld of wildcards only). Shared by every meld of the same
    reading, size and wildness.

    >>> marks = accepted_by(cards("2C 5H 6H")).marks
    >>> len(marks), marks[-2:] == (CARDS + card("4H").index, CARDS + card("7H").index)
    (13, True)
    """

    __slots__ = ("buy", "extend", "marks", "reading")

    def __init__(
        self,
        extend: frozenset[Card],
        buy: frozenset[Card],
        reading: tuple[int, int, int] | None,
    ) -> None:
        self.extend = extend
        self.buy = buy
        self.reading = reading
        extending = sorted([c.index for c in extend])
        self.marks: tuple[int, ...] = (*extending, *sorted([CARDS + c.index for c in buy]))


_EVERYTHING: Final = Accepted(_ANYTHING, _NATURAL_SET, None)

# What a meld accepts, by its reading, size (13 standing for any bigger size: no run then) and
# wildness, packed in an int: worked out once for each.
_KNOWN: Final[dict[int, Accepted]] = {}


def _facts(reading: tuple[int, int, int], size: int, wild: bool) -> Accepted:
    """What a meld of ``size`` cards accepts: the cards that extend it, the naturals that buy.

    Only the reading of its naturals matters, and whether it holds a wildcard.
    """
    rank, suit, mask = reading
    key = (((mask + 1) * 16 + rank) * 8 + suit + 1) * 32 + (size if size < 13 else 13) * 2 + wild
    key ^= key >> 12  # the mask's bits into the low ones too, where a dict looks first
    found = _KNOWN.get(key)
    if found is None:
        extends = _fitted(reading, size + 1)
        # A wildcard extends a set always, and a run while it has room for one more place.
        if rank or (suit >= 0 and mask > 0 and size < MAX_RUN):
            extends += _WILDS
        buys = frozenset(_fitted(reading, size)) if wild else _NOTHING
        found = Accepted(frozenset(extends), buys, reading)
        if len(_KNOWN) >= 1 << 16:
            _KNOWN.clear()
        _KNOWN[key] = found
    return found


def _accepts(meld: tuple[Card, ...]) -> tuple[frozenset[Card], frozenset[Card]]:
    """What a meld accepts: ``(extension_set(meld), swap_set(meld))``, worked out together.

    The answer depends only on the reading of the meld's naturals, its size and whether it
    holds a wildcard, and it is kept on those.
    """
    accepted = accepted_by(meld)
    return accepted.extend, accepted.buy


def accepted_by(meld: tuple[Card, ...]) -> Accepted:
    """What a meld accepts (:class:`Accepted`), with the reading of its naturals."""
    naturals = [c for c in meld if not c.is_wild]
    if not naturals:  # wildcards only: every card extends it, every natural buys one
        return _EVERYTHING
    return _facts(_reading(naturals), len(meld), len(naturals) < len(meld))


def accepted_after(before: Accepted, added: Card, meld: tuple[Card, ...]) -> Accepted:
    """:func:`accepted_by` of ``meld``, the meld of ``before`` grown by the card ``added``.

    ``added`` was put in (an extension) or in the place of one of its wildcards (a swap);
    ``meld`` is sorted. Read from ``before``, without reading the whole meld again.

    >>> grown = cards("2C 5H 6H 7H")
    >>> accepted_after(accepted_by(cards("2C 5H 6H")), card("7H"), grown) is accepted_by(grown)
    True
    """
    reading = before.reading
    if reading is None:
        return accepted_by(meld)
    if not added.is_wild:
        reading = _read_on(reading, added)
    return _facts(reading, len(meld), meld[0].is_wild)


def by_card(accepted: Sequence[Accepted]) -> list[int]:
    """By place (see :class:`Accepted`), the melds that take the card there, as bits.

    ``accepted`` is what each meld accepts; bit ``k`` stands for meld ``k``. Place ``i`` holds
    the melds that card ``i`` extends, place ``CARDS + i`` those it buys a wildcard from.

    >>> taking = by_card([accepted_by(cards("7S 7D 7C")), accepted_by(cards("2C 7H 8H"))])
    >>> taking[card("7H").index], taking[card("2D").index], taking[CARDS + card("9H").index]
    (1, 3, 2)
    """
    found = [0] * (2 * CARDS)
    for number in range(len(accepted)):
        place(found, accepted[number].marks, 1 << number)
    return found


def place(marks: list[int], indexes: tuple[int, ...], bit: int) -> None:
    """Set ``bit`` of ``marks[i]`` for each index ``i`` (see :func:`by_card`)."""
    for index in indexes:
        marks[index] |= bit


def replace_marks(
    marks: list[int], before: tuple[int, ...], after: tuple[int, ...], bit: int
) -> None:
    """Move ``bit`` of ``marks`` from the places ``before`` to the places ``after`` (ascending).

    Only the places in one of them and not the other change.

    >>> marks = [1, 1, 0, 0]
    >>> replace_marks(marks, (0, 1), (1, 3), 1)
    >>> marks
    [0, 1, 0, 1]
    """
    old = 0
    new = 0
    olds = len(before)
    news = len(after)
    while old < olds and new < news:
        was = before[old]
        will = after[new]
        if was == will:
            old += 1
            new += 1
        elif was < will:
            marks[was] &= ~bit
            old += 1
        else:
            marks[will] |= bit
            new += 1
    while old < olds:
        marks[before[old]] &= ~bit
        old += 1
    while new < news:
        marks[after[new]] |= bit
        new += 1


def extension_set(meld: tuple[Card, ...]) -> frozenset[Card]:
    """The cards that extend a meld alone (:func:`extensions` takes any iterable of cards).

    ``meld`` must be a meld.

    >>> sorted(map(str, extension_set(cards("JH JS JD"))))
    ['2C', '2D', '2E', '2H', '2M', '2R', '2S', 'JC', 'JD', 'JE', 'JH', 'JM', 'JR', 'JS']
    """
    return _accepts(meld)[0]


def swap_set(meld: tuple[Card, ...]) -> frozenset[Card]:
    """The naturals that can take one of a meld's wildcards.

    ``meld`` must be a meld. :func:`swaps` takes any iterable of cards.

    >>> sorted(map(str, swap_set(cards("2C 5H 6H")))), swap_set(cards("5H 6H 7H"))
    (['4H', '7H'], frozenset())
    """
    return _accepts(meld)[1]


def extensions(meld_cards: Iterable[Card]) -> frozenset[Card]:
    """Every card that extends the meld on its own: ``c`` such that meld + ``c`` is a meld.

    The answer covers all 91 cards (every suit), and is cached on the meld's reading.

    >>> sorted(map(str, extensions(cards("5H 6H 7H"))))
    ['2C', '2D', '2E', '2H', '2M', '2R', '2S', '4H', '8H']
    """
    return _accepts(_as_key(meld_cards))[0]


def swaps(meld_cards: Iterable[Card]) -> frozenset[Card]:
    """Every natural card that can take the place of one of the meld's wildcards.

    Empty when the meld holds no wildcard. Cached on the meld's reading.

    >>> sorted(map(str, swaps(cards("2C 5H 6H"))))
    ['4H', '7H']
    """
    return _accepts(_as_key(meld_cards))[1]


def is_rummy(candidate: Card, melds: Iterable[Iterable[Card]]) -> bool:
    """Whether ``candidate`` could be played on one of ``melds`` right now: a *rummy*.

    A natural card is a rummy when it extends a meld or can be swapped for one of its
    wildcards; a wildcard is a rummy when some meld can take it.

    >>> table = [cards("7H 8H 9H"), cards("QS QD 2C")]
    >>> is_rummy(card("10H"), table), is_rummy(card("QC"), table), is_rummy(card("5C"), table)
    (True, True, False)
    >>> full_run = cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    >>> is_rummy(card("2D"), table), is_rummy(card("2D"), [full_run])
    (True, False)
    """
    for meld_cards in melds:
        extend, buy = _accepts(_as_key(meld_cards))
        if candidate in extend or candidate in buy:
            return True
    return False
