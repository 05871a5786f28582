from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellsrummy import (
    FRENCH_SUITS,
    SUITS,
    Card,
    Rank,
    Suit,
    card,
    cards,
    format_cards,
    pack,
    sort_by_run,
    sort_by_set,
)

from ..support.strategies import ALL_CARDS, any_card


def test_there_are_91_distinct_cards_with_dense_indices() -> None:
    assert len(ALL_CARDS) == 13 * 7
    assert sorted(c.index for c in ALL_CARDS) == list(range(91))


def test_deuces_and_only_deuces_are_wild() -> None:
    assert [c for c in ALL_CARDS if c.is_wild] == [Card(Rank.TWO, s) for s in Suit]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7H", Card(Rank.SEVEN, Suit.HEARTS)),
        ("10S", Card(Rank.TEN, Suit.SPADES)),
        ("ts", Card(Rank.TEN, Suit.SPADES)),
        ("QC", Card(Rank.QUEEN, Suit.CLUBS)),
        ("2D", Card(Rank.TWO, Suit.DIAMONDS)),
        ("AE", Card(Rank.ACE, Suit.EAGLES)),
        ("kr", Card(Rank.KING, Suit.ROSES)),
        ("3m", Card(Rank.THREE, Suit.MOONS)),
        ("7♥", Card(Rank.SEVEN, Suit.HEARTS)),
        ("J♣", Card(Rank.JACK, Suit.CLUBS)),
        ("a♦", Card(Rank.ACE, Suit.DIAMONDS)),
        ("10♠", Card(Rank.TEN, Suit.SPADES)),
        (" 9c\n", Card(Rank.NINE, Suit.CLUBS)),
    ],
)
def test_card_text_of_the_spec_parses(text: str, expected: Card) -> None:
    assert card(text) is expected


@pytest.mark.parametrize(
    "bad", ["", "7", "H", "1H", "11H", "7X", "7HH", "ZZ", "10", "2 H", "JOKER"]
)
def test_bad_card_text_raises_value_error_naming_the_token(bad: str) -> None:
    with pytest.raises(ValueError, match="bad card") as error:
        card(bad)
    assert repr(bad.strip()) in str(error.value)


def test_non_string_card_text_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="must be a str"):
        card(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a str"):
        cards(None)  # type: ignore[arg-type]


def test_cards_names_the_bad_token_and_its_position() -> None:
    with pytest.raises(ValueError, match=r"bad card '1H' \(card 3 of 4\): unknown rank '1'"):
        cards("7H 8H 1H 9H")


def test_card_constructor_validates() -> None:
    with pytest.raises(ValueError, match="no card with rank"):
        Card(1, Suit.HEARTS)
    with pytest.raises(ValueError, match="no card with rank"):
        Card(Rank.TEN, 7)
    with pytest.raises(ValueError, match="no card with rank"):
        Card("7", "H")  # type: ignore[arg-type]


@given(any_card)
def test_text_round_trips_and_cards_are_interned(c: Card) -> None:
    assert card(str(c)) is c
    assert card(c.text.lower()) is c
    assert card(c.pretty) is c
    assert Card(c.rank, c.suit) is c
    assert Card(int(c.rank), int(c.suit)) is c
    assert eval(repr(c), {"card": card}) is c


@given(any_card)
def test_cards_survive_pickle_and_copy_as_the_same_object(c: Card) -> None:
    assert pickle.loads(pickle.dumps(c)) is c
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c


@given(any_card)
def test_cards_are_frozen(c: Card) -> None:
    with pytest.raises(AttributeError):
        c.rank = Rank.ACE  # type: ignore[misc]


@given(st.lists(any_card, max_size=20))
def test_format_and_parse_round_trip(hand: list[Card]) -> None:
    assert cards(format_cards(hand)) == tuple(hand)
    assert cards(format_cards(hand, pretty=True)) == tuple(hand)


@given(any_card, any_card)
def test_order_is_rank_then_suit(a: Card, b: Card) -> None:
    assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
    assert (a <= b) == ((a.rank, a.suit) <= (b.rank, b.suit))
    assert (a > b) == ((a.rank, a.suit) > (b.rank, b.suit))
    assert (a >= b) == ((a.rank, a.suit) >= (b.rank, b.suit))
    assert (a == b) == (a.rank == b.rank and a.suit == b.suit)


def test_comparing_a_card_with_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        _ = card("7H") < 7  # type: ignore[operator]
    assert card("7H") != "7H"


@pytest.mark.parametrize("suits", [FRENCH_SUITS, SUITS, SUITS[:5], (Suit.MOONS,)])
@pytest.mark.parametrize("decks", [1, 2, 4])
def test_pack_holds_each_card_once_per_deck(suits: tuple[Suit, ...], decks: int) -> None:
    cards_in_pack = pack(suits, decks)
    assert len(cards_in_pack) == 13 * len(suits) * decks
    counts = Counter(cards_in_pack)
    assert set(counts) == {Card(r, s) for r in Rank for s in suits}
    assert set(counts.values()) == {decks}
    assert list(cards_in_pack) == sorted(cards_in_pack)


@pytest.mark.parametrize("decks", [0, -1, True, 1.5])
def test_pack_rejects_bad_deck_counts(decks: object) -> None:
    with pytest.raises(ValueError, match="decks"):
        pack(FRENCH_SUITS, decks)  # type: ignore[arg-type]


def test_pack_rejects_no_suits() -> None:
    with pytest.raises(ValueError, match="at least one suit"):
        pack([])


@given(st.lists(any_card, max_size=30))
def test_sorting_helpers_put_wildcards_first(hand: list[Card]) -> None:
    by_set = sort_by_set(hand)
    by_run = sort_by_run(hand)
    assert Counter(by_set) == Counter(hand) == Counter(by_run)
    for ordered in (by_set, by_run):
        wild_flags = [c.is_wild for c in ordered]
        assert wild_flags == sorted(wild_flags, reverse=True)
    naturals = [c for c in by_set if not c.is_wild]
    assert naturals == sorted(naturals, key=lambda c: (c.rank, c.suit))
    naturals = [c for c in by_run if not c.is_wild]
    assert naturals == sorted(naturals, key=lambda c: (c.suit, c.rank))


def test_rank_and_suit_text() -> None:
    assert [r.text for r in Rank] == "2 3 4 5 6 7 8 9 10 J Q K A".split()
    assert "".join(s.letter for s in Suit) == "CDHSERM"
    assert "".join(s.symbol for s in FRENCH_SUITS) == "♣♦♥♠"
    with pytest.raises(ValueError, match="unknown suit"):
        Suit.from_text("Z")
    with pytest.raises(ValueError, match="unknown rank"):
        Rank.from_text("0")
