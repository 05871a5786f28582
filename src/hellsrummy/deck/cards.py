"""The deck: cards, ranks, suits, card text, packs and the orders hands are sorted in.

A card is a value: every :class:`Card` of a given rank and suit is the *same* object, created
once when this module is imported, so building a hand never allocates card objects and
comparing or hashing cards is cheap.

>>> card("10H")
card('10H')
>>> card("10h") is Card(Rank.TEN, Suit.HEARTS)
True
>>> cards("7H 7s 2C")
(card('7H'), card('7S'), card('2C'))
>>> card("2D").is_wild
True
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Iterable
from typing import Any

import attrs

from hellsrummy.errors import shown

__all__ = [
    "FRENCH_SUITS",
    "NATURAL_RANKS",
    "RUN_RANKS",
    "SUITS",
    "Card",
    "Rank",
    "Suit",
    "card",
    "cards",
    "format_cards",
    "pack",
    "sort_by_run",
    "sort_by_set",
    "sort_cards",
]


class Rank(enum.IntEnum):
    """A card rank, low to high; the deuce (``TWO``) is always a wildcard.

    The integer value is the rank's usual number (``JACK`` is 11, ``ACE`` 14), so ranks
    compare the way they rank in a run: the Ace is always high.

    >>> Rank.ACE > Rank.KING > Rank.THREE
    True
    >>> Rank.from_text("t"), Rank.from_text("10"), str(Rank.QUEEN)
    (<Rank.TEN: 10>, <Rank.TEN: 10>, 'Q')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank's canonical text: ``"2"``-``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``.

        >>> Rank.TEN.text, Rank.ACE.text
        ('10', 'A')
        """
        return _RANK_TEXT[self]

    @classmethod
    def from_text(cls, text: str) -> Rank:
        """Parse a rank: ``2``-``10``, ``T`` for ten, ``J``, ``Q``, ``K``, ``A`` (any case).

        >>> Rank.from_text("k")
        <Rank.KING: 13>
        >>> Rank.from_text("1")
        Traceback (most recent call last):
        ...
        ValueError: unknown rank '1' (expected 2-10, T, J, Q, K or A)
        """
        try:
            return _RANK_BY_TEXT[text.upper()]
        except (KeyError, AttributeError):
            raise ValueError(
                f"unknown rank {shown(text)} (expected 2-10, T, J, Q, K or A)"
            ) from None

    def __str__(self) -> str:
        return _RANK_TEXT[self]


class Suit(enum.IntEnum):
    """A suit: the four French suits, then three extra suits used at large tables.

    Suits are ordered Clubs, Diamonds, Hearts, Spades, Eagles, Roses, Moons, which is the
    order in which the deck plan adds them (see :func:`hellsrummy.deck_plan`).

    >>> Suit.from_text("♥"), Suit.from_text("m")
    (<Suit.HEARTS: 2>, <Suit.MOONS: 6>)
    >>> Suit.SPADES.letter, Suit.SPADES.symbol, Suit.ROSES.symbol
    ('S', '♠', 'R')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    EAGLES = 4
    ROSES = 5
    MOONS = 6

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``C D H S E R M``.

        >>> Suit.EAGLES.letter
        'E'
        """
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol for display (the extra suits have none and use their letter).

        >>> Suit.CLUBS.symbol
        '♣'
        """
        return _SUIT_SYMBOLS[self]

    @classmethod
    def from_text(cls, text: str) -> Suit:
        """Parse a suit from its letter (any case) or its symbol.

        >>> Suit.from_text("d")
        <Suit.DIAMONDS: 1>
        >>> Suit.from_text("X")
        Traceback (most recent call last):
        ...
        ValueError: unknown suit 'X' (expected one of C D H S E R M or ♣ ♦ ♥ ♠)
        """
        try:
            return _SUIT_BY_TEXT[text.upper()]
        except (KeyError, AttributeError):
            raise ValueError(
                f"unknown suit {shown(text)} (expected one of C D H S E R M or ♣ ♦ ♥ ♠)"
            ) from None

    def __str__(self) -> str:
        return _SUIT_LETTERS[self]


_RANK_TEXT = {rank: (str(int(rank)) if rank <= 10 else "JQKA"[rank - 11]) for rank in Rank}
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": Rank.TEN}
_SUIT_LETTERS = dict(zip(Suit, "CDHSERM", strict=False))
_SUIT_SYMBOLS = dict(zip(Suit, "♣♦♥♠ERM", strict=False))
_SUIT_BY_TEXT = (
    {letter: suit for suit, letter in _SUIT_LETTERS.items()}
    | dict(zip("♣♦♥♠", Suit, strict=False))
    | dict(zip("♧♢♡♤", Suit, strict=False))
)

#: The ranks a natural card can have (3 to Ace), low to high.
NATURAL_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if rank != Rank.TWO)
#: The ranks a run can cover, low to high; the same as :data:`NATURAL_RANKS`.
RUN_RANKS = NATURAL_RANKS
#: Every suit, in deck-plan order.
SUITS: tuple[Suit, ...] = tuple(Suit)
#: The four French suits, the suits of every pack.
FRENCH_SUITS: tuple[Suit, ...] = SUITS[:4]


@attrs.frozen(init=False, eq=False, repr=False, weakref_slot=False)
class Card:
    """A playing card: a rank and a suit. Deuces (any suit) are wildcards.

    Cards are interned: ``Card(rank, suit)`` returns the one shared instance, so equality is
    identity, hashing is as cheap as it gets and a card costs nothing to pass around. Cards
    order by rank, then suit, so wildcards sort first.

    >>> seven = Card(Rank.SEVEN, Suit.HEARTS)
    >>> seven, str(seven), seven.is_wild
    (card('7H'), '7H', False)
    >>> seven is card("7h") is Card(7, 2)
    True
    >>> sorted(cards("AS 3C 2H 3D"))
    [card('2H'), card('3C'), card('3D'), card('AS')]
    """

    rank: Rank
    suit: Suit
    #: ``True`` for a deuce: a wildcard that can stand for any natural card.
    is_wild: bool = attrs.field(init=False)
    #: A small integer unique to the card, ``0 <= index < 91``; handy as an array index.
    index: int = attrs.field(init=False)
    #: The card's place in the card order (rank, then suit), as an int: a fast sort key.
    order: int = attrs.field(init=False)

    def __new__(cls, rank: Rank | int, suit: Suit | int) -> Card:  # noqa: D102
        try:
            return _INTERNED[rank, suit]  # type: ignore[index]
        except (KeyError, TypeError):
            raise ValueError(f"no card with rank {shown(rank)} and suit {shown(suit)}") from None

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (int(self.rank), int(self.suit)))

    # Equality and hashing are identity: cards are interned. Ordering is by (rank, suit).
    # ``__eq__`` is spelled out: once a class defines an ordering method, CPython dispatches
    # every comparison of its instances through Python, and the inherited ``object.__eq__``
    # would then answer ``NotImplemented`` twice (once each way) before falling back on
    # identity, which made ``card in hand`` three times slower.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order >= other.order

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; the same as :func:`card`.

        >>> Card.parse("QS")
        card('QS')
        """
        return card(text)

    @property
    def text(self) -> str:
        """The canonical card text, e.g. ``"10H"``; the same as ``str(card)``.

        >>> card("th").text
        '10H'
        """
        return _TEXT[self.index]

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for display, e.g. ``"10♥"``.

        >>> card("10H").pretty, card("5E").pretty
        ('10♥', '5E')
        """
        return f"{_RANK_TEXT[self.rank]}{_SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"card({_TEXT[self.index]!r})"


def _make_card(rank: Rank, suit: Suit) -> Card:
    new = object.__new__(Card)
    object.__setattr__(new, "rank", rank)
    object.__setattr__(new, "suit", suit)
    object.__setattr__(new, "is_wild", rank == Rank.TWO)
    object.__setattr__(new, "index", int(suit) * 13 + int(rank) - 2)
    object.__setattr__(new, "order", int(rank) * 8 + int(suit))
    return new


_INTERNED: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): _make_card(rank, suit) for suit in Suit for rank in Rank
}
BY_INDEX: tuple[Card, ...] = tuple(
    sorted(_INTERNED.values(), key=lambda c: c.index)  # index is dense: 0..90
)
_TEXT: tuple[str, ...] = tuple(f"{_RANK_TEXT[c.rank]}{_SUIT_LETTERS[c.suit]}" for c in BY_INDEX)
_BY_TEXT: dict[str, Card] = {}
for _c in BY_INDEX:
    for _r in [text for text, rank in _RANK_BY_TEXT.items() if rank == _c.rank]:
        for _s in [text for text, suit in _SUIT_BY_TEXT.items() if suit == _c.suit]:
            _BY_TEXT[_r + _s] = _c
del _c, _r, _s


def card(text: str) -> Card:
    """Parse one card from its text: rank then suit, e.g. ``7H``, ``10S``, ``TS``, ``2D``, ``AE``.

    Parsing ignores case and surrounding spaces, accepts ``T`` for ten and the suit symbols
    ``♣ ♦ ♥ ♠``.

    >>> card("10s"), card("T♠"), card(" qc ")
    (card('10S'), card('10S'), card('QC'))
    >>> card("1H")
    Traceback (most recent call last):
    ...
    ValueError: bad card '1H': unknown rank '1' (expected 2-10, T, J, Q, K or A)
    """
    try:
        return _BY_TEXT[text.strip().upper()]
    except KeyError:
        pass
    except AttributeError:
        raise ValueError(f"bad card {shown(text)}: card text must be a str") from None
    token = text.strip()
    if len(token) < 2:
        raise ValueError(f"bad card {shown(token)}: a card is a rank followed by a suit, e.g. '7H'")
    try:
        Rank.from_text(token[:-1])
        Suit.from_text(token[-1])
    except ValueError as error:
        raise ValueError(f"bad card {shown(token)}: {error}") from None
    raise ValueError(f"bad card {shown(token)}")  # pragma: no cover - every valid pair is tabled


def cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards; commas are accepted as separators too.

    >>> cards("7H 7S, 2c")
    (card('7H'), card('7S'), card('2C'))
    >>> cards("")
    ()
    >>> cards("7H 1H 9C")
    Traceback (most recent call last):
    ...
    ValueError: bad card '1H' (card 2 of 3): unknown rank '1' (expected 2-10, T, J, Q, K or A)
    """
    if not isinstance(text, str):
        raise ValueError(f"card text must be a str, not {type(text).__name__}")
    tokens = text.replace(",", " ").split()
    result = []
    for position, token in enumerate(tokens, 1):
        found = _BY_TEXT.get(token.upper())
        if found is None:
            try:
                card(token)
            except ValueError as error:
                detail = str(error).removeprefix(f"bad card {shown(token)}").lstrip(": ")
                raise ValueError(
                    f"bad card {shown(token)} (card {position} of {len(tokens)}): {detail}"
                ) from None
        else:
            result.append(found)
    return tuple(result)


def format_cards(hand: Iterable[Card], *, pretty: bool = False) -> str:
    """Format cards as space-separated text, the inverse of :func:`cards`.

    >>> format_cards(cards("10h 2c qs"))
    '10H 2C QS'
    >>> format_cards(cards("10h 2c qs"), pretty=True)
    '10♥ 2♣ Q♠'
    """
    if pretty:
        return " ".join(c.pretty for c in hand)
    return " ".join(_TEXT[c.index] for c in hand)


def _suit(value: Suit | int, position: int) -> Suit:
    # Checked here: Suit(value) would put an unbounded repr of a bad value in its message.
    if isinstance(value, int) and 0 <= value < len(Suit):
        return Suit(value)
    raise ValueError(f"suits[{position}] must be a Suit, got {shown(value)}")


def pack(suits: Iterable[Suit] = FRENCH_SUITS, decks: int = 1) -> tuple[Card, ...]:
    """The cards of a pack: ``decks`` decks of the 13 ranks in each of ``suits``, sorted.

    Identical cards occur once per deck. The result is sorted (by rank, then suit); shuffling
    is the engine's business.

    >>> len(pack(decks=2)), pack(decks=2).count(card("7H"))
    (104, 2)
    >>> format_cards(pack([Suit.HEARTS]))
    '2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'
    """
    chosen = tuple(dict.fromkeys(_suit(s, position) for position, s in enumerate(suits)))
    if not chosen:
        raise ValueError("a pack needs at least one suit")
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"decks must be a positive int, got {shown(decks)}")
    return _pack(tuple(sorted(chosen)), decks)


@functools.lru_cache(maxsize=256)
def _pack(suits: tuple[Suit, ...], decks: int) -> tuple[Card, ...]:
    """:func:`pack` of distinct sorted suits, made once (every round deals one)."""
    return tuple(_INTERNED[rank, suit] for rank in Rank for suit in suits for _ in range(decks))


#: The sort key of card order (rank, then suit; wildcards first): ``sorted(hand, key=BY_ORDER)``,
#: and the key ``bisect`` finds a card's place in a sorted hand with. The one definition of
#: card order that the package sorts and searches by.
BY_ORDER = operator.attrgetter("order")


def sort_cards(hand: Iterable[Card]) -> list[Card]:
    """Sort cards in card order (rank, then suit); the same as ``sorted`` but faster.

    >>> format_cards(sort_cards(cards("KH 3S 2D 3C")))
    '2D 3C 3S KH'
    """
    return sorted(hand, key=BY_ORDER)


def leading_wilds(ordered: tuple[Card, ...]) -> int:
    """How many wildcards cards in card order start with (deuces sort first): all they hold.

    >>> leading_wilds(tuple(sort_cards(cards("7H 2D 2C 8S"))))
    2
    """
    count = 0
    for c in ordered:
        if not c.is_wild:
            break
        count += 1
    return count


def sort_by_set(hand: Iterable[Card]) -> list[Card]:
    """Sort cards for reading sets: wildcards first, then by rank, then by suit.

    This is the online game's "sort by set" order.

    >>> format_cards(sort_by_set(cards("KH 3S 2D KC 3H 2C")))
    '2C 2D 3H 3S KC KH'
    """
    return sorted(hand, key=_set_key)


def sort_by_run(hand: Iterable[Card]) -> list[Card]:
    """Sort cards for reading runs: wildcards first, then by suit, then by rank.

    This is the online game's "sort by run" order.

    >>> format_cards(sort_by_run(cards("KH 3S 2D KC 3H 2C")))
    '2C 2D KC 3H KH 3S'
    """
    return sorted(hand, key=_run_key)


def _set_key(c: Card) -> tuple[int, int, int]:
    return (not c.is_wild, c.rank, c.suit)


def _run_key(c: Card) -> tuple[int, int, int]:
    return (not c.is_wild, c.suit, c.rank)
