from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellsrummy import (
    Card,
    MeldKind,
    arrange,
    can_extend,
    can_swap,
    card,
    cards,
    is_meld,
    is_rummy,
    is_run,
    is_set,
    meld_kinds,
)

from ..support.strategies import any_card, meldy_cards, valid_meld, wild_card


# The online game's own examples (SPEC.md section 2).
@pytest.mark.parametrize(
    ("text", "good"),
    [
        ("4C 4D 4H", True),
        ("2S 8C 8D", True),
        ("10C JD 10H", False),
        ("5H 6H 7H", True),
        ("2S 7H 8H", True),
        ("QC KD AH", False),
        ("8C 10C JC", False),
        ("2C 2D 2H", True),
        ("2C 2D 7H", True),
    ],
)
def test_online_game_meld_examples(text: str, good: bool) -> None:
    assert is_meld(cards(text)) is good


def test_both_readings_of_two_deuces_and_a_seven() -> None:
    assert meld_kinds(cards("2C 2D 7H")) == {MeldKind.SET, MeldKind.RUN}
    assert meld_kinds(cards("2C 2D 2H")) == {MeldKind.SET, MeldKind.RUN}


def test_the_floating_reading_of_deuce_five_six_of_hearts() -> None:
    meld = cards("2C 5H 6H")
    assert can_swap(meld, card("4H"))
    assert can_swap(meld, card("7H"))
    assert not can_swap(meld, card("3H"))
    assert not can_swap(meld, card("7S"))
    assert can_extend(meld, cards("3H"))  # 3 2 5 6
    assert can_extend(meld, cards("8H"))  # 5 6 2 8
    assert can_extend(meld, cards("4H"))
    assert can_extend(meld, cards("7H"))
    assert not can_extend(meld, cards("9H"))
    assert str(arrange([*meld, card("8H")])) == "5H 6H [7H] 8H"
    assert str(arrange([*meld, card("3H")])) == "3H [4H] 5H 6H"


def test_buying_wildcards_examples() -> None:
    assert can_swap(cards("2C JH JS"), card("JD"))
    assert can_swap(cards("6H 2C 8H"), card("7H"))
    assert not can_swap(cards("6H 2C 8H"), card("7S"))
    assert not can_swap(cards("6H 7H 8H"), card("9H"))  # no wildcard to buy


def test_the_ace_is_always_high() -> None:
    assert not is_meld(cards("AH 2C 3H"))
    assert not is_meld(cards("KH AH 3H"))  # no wrapping round from the Ace to the 3
    assert not is_meld(cards("AH 2C 2D 4H"))
    assert is_meld(cards("2C 2D KH AH"))  # JH QH KH AH
    assert is_meld(cards("QH KH AH"))
    assert not can_extend(cards("QH KH AH"), cards("3H"))


def test_sets_take_duplicates_and_any_size() -> None:
    sevens = cards("7H 7H 7S 7S 7D 7D 7C 7C 7E 7R 7M 2C 2D 7H")
    assert is_set(sevens)
    assert is_meld(sevens)
    assert not is_run(sevens)


def test_runs_hold_at_most_twelve_cards_and_no_duplicate_rank() -> None:
    full = cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert is_run(full)
    assert not can_extend(full, cards("2C"))
    assert not is_run(cards("3H 4H 4H"))
    assert is_run(cards("2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C"))
    assert not is_run(cards("2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C"))
    assert is_set(cards("2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C 2C"))


def test_fewer_than_three_cards_is_never_a_meld() -> None:
    for text in ["", "7H", "7H 7S", "2C 2D"]:
        assert not is_meld(cards(text))
        assert meld_kinds(cards(text)) == frozenset()


def test_can_extend_and_can_swap_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="not a meld"):
        can_extend(cards("7H 8S 9D"), cards("10H"))
    with pytest.raises(ValueError, match="empty"):
        can_extend(cards("7H 8H 9H"), [])
    with pytest.raises(ValueError, match="not a meld"):
        can_swap(cards("7H 8S"), card("9H"))
    with pytest.raises(ValueError, match="wildcard"):
        can_swap(cards("7H 8H 2C"), card("2D"))


def test_rummy_examples() -> None:
    table = [cards("7H 8H 9H"), cards("QS QD 2C")]
    assert is_rummy(card("6H"), table)
    assert is_rummy(card("10H"), table)
    assert is_rummy(card("QH"), table)  # extends the set, or buys its wildcard
    assert is_rummy(card("2S"), table)
    assert not is_rummy(card("5H"), table)
    assert not is_rummy(card("KS"), table)  # cannot replace the set's wildcard
    assert not is_rummy(card("2S"), [])


@given(meldy_cards(max_size=9), st.randoms())
def test_meld_checks_ignore_order(hand: list[Card], rnd: object) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert is_meld(hand) == is_meld(shuffled)
    assert meld_kinds(hand) == meld_kinds(shuffled)


@given(meldy_cards(max_size=9))
def test_readings_agree_with_is_meld(hand: list[Card]) -> None:
    kinds = meld_kinds(hand)
    assert bool(kinds) == is_meld(hand)
    assert (MeldKind.SET in kinds) == is_set(hand)
    assert (MeldKind.RUN in kinds) == is_run(hand)


@given(valid_meld(max_size=12))
def test_generated_melds_are_melds(meld: list[Card]) -> None:
    assert is_meld(meld)


@given(valid_meld(max_size=12), any_card)
def test_arrange_lays_out_every_card_once_and_explains_every_wildcard(
    meld: list[Card], extra: Card
) -> None:
    for kind in meld_kinds(meld):
        arranged = arrange(meld, kind)
        assert arranged.kind is kind
        assert Counter(arranged.cards) == Counter(meld)
        naturals = [slot for slot in arranged.slots if not slot.card.is_wild]
        assert all(s.rank == s.card.rank and s.suit == s.card.suit for s in naturals)
        if kind is MeldKind.RUN and naturals:
            ranks = [slot.rank for slot in arranged.slots]
            assert ranks == list(range(ranks[0], ranks[0] + len(meld)))  # type: ignore[arg-type]
            assert {slot.suit for slot in arranged.slots} == {naturals[0].suit}
        if kind is MeldKind.SET and naturals:
            assert {slot.rank for slot in arranged.slots} == {naturals[0].rank}


def test_arrange_refuses_non_melds_and_impossible_readings() -> None:
    with pytest.raises(ValueError, match="not a meld"):
        arrange(cards("7H 8S 9D"))
    with pytest.raises(ValueError, match="cannot be read as a run"):
        arrange(cards("7H 7S 7D"), MeldKind.RUN)


@given(valid_meld(), wild_card)
def test_a_wildcard_extends_any_meld_that_has_room(meld: list[Card], wild: Card) -> None:
    # Every set can grow; a run can grow until it covers all twelve ranks.
    assert can_extend(meld, [wild]) == (is_set(meld) or len(meld) < 12)


@given(valid_meld(), any_card)
def test_a_swap_keeps_the_meld_size_and_a_valid_meld(meld: list[Card], natural: Card) -> None:
    if natural.is_wild:
        return
    if can_swap(meld, natural):
        wild_at = next(k for k, c in enumerate(meld) if c.is_wild)
        assert is_meld([*meld[:wild_at], natural, *meld[wild_at + 1 :]])
    elif not any(c.is_wild for c in meld):
        assert not can_swap(meld, natural)
