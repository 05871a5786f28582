"""The real implementation against the brute-force oracle in ``tests/support/oracle.py``.

And the contract solver against 0.1.0's, frozen in ``tests/reference/solver.py``.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import hellsrummy as hr
from hellsrummy import Card, Contract, MeldKind
from hellsrummy.contracts.difficulty import DIFFICULTIES
from hellsrummy.contracts.solver import held_meets

from ..reference import solver as reference
from ..support import oracle
from ..support.strategies import (
    any_card,
    hand_for,
    meldy_cards,
    small_contract,
    valid_meld,
    wild_card,
)

card_or_extra_suit = st.one_of(any_card, st.sampled_from(hr.cards("2C 2M 7E 8E 9E")))


@settings(max_examples=1500)
@given(meldy_cards(max_size=14))
def test_is_meld_matches_the_oracle(hand: list[Card]) -> None:
    assert hr.is_meld(hand) == oracle.is_meld(hand)
    assert hr.is_set(hand) == oracle.reads_as_set(hand)
    assert hr.is_run(hand) == oracle.reads_as_run(hand)


@settings(max_examples=500)
@given(st.lists(card_or_extra_suit, max_size=7))
def test_is_meld_matches_the_oracle_on_any_cards(hand: list[Card]) -> None:
    assert hr.is_meld(hand) == oracle.is_meld(hand)


@settings(max_examples=800)
@given(valid_meld(max_size=11), meldy_cards(min_size=1, max_size=4))
def test_can_extend_matches_the_oracle(meld: list[Card], new: list[Card]) -> None:
    assert hr.can_extend(meld, new) == oracle.can_extend(meld, new)


@settings(max_examples=800)
@given(
    valid_meld(max_size=12),
    st.one_of(any_card, meldy_cards(min_size=1, max_size=1).map(lambda h: h[0])),
)
def test_can_swap_matches_the_oracle(meld: list[Card], natural: Card) -> None:
    if natural.is_wild:
        return
    assert hr.can_swap(meld, natural) == oracle.can_swap(meld, natural)


@settings(max_examples=400)
@given(st.lists(valid_meld(max_size=6), max_size=3), any_card)
def test_is_rummy_matches_the_oracle(table: list[list[Card]], candidate: Card) -> None:
    assert hr.is_rummy(candidate, table) == oracle.is_rummy(candidate, table)


@st.composite
def contract_and_hand(draw: st.DrawFn) -> tuple[Contract, list[Card]]:
    contract = draw(small_contract())
    return contract, draw(hand_for(contract, extra=2))


def _check_fulfillment(hand: list[Card], contract: Contract, melds: hr.Fulfillment) -> None:
    assert len(melds) == len(contract.requirements)
    used: Counter[Card] = Counter()
    for requirement, meld in zip(contract.requirements, melds, strict=False):
        assert len(meld) == requirement.size
        assert list(meld) == sorted(meld)
        kinds = hr.meld_kinds(meld)
        assert requirement.kind in kinds
        used.update(meld)
    assert not used - Counter(hand), "a fulfilment used cards the hand does not hold"


@settings(max_examples=500, deadline=None)
@given(contract_and_hand())
def test_can_meet_and_find_fulfillment_match_the_oracle(case: tuple[Contract, list[Card]]) -> None:
    contract, hand = case
    expected = oracle.all_fulfillments(hand, contract)
    assert hr.can_meet(hand, contract) == bool(expected)
    found = hr.find_fulfillment(hand, contract)
    assert (found is not None) == bool(expected)
    fewest = oracle.fewest_wildcards(hand, contract)
    assert hr.wildcards_needed(hand, contract) == fewest
    if found is not None:
        _check_fulfillment(hand, contract, found)
        assert oracle.canonical(contract, found) in expected
        assert sum(c.is_wild for meld in found for c in meld) == fewest


@settings(max_examples=300, deadline=None)
@given(contract_and_hand())
def test_fulfillments_lists_exactly_the_oracles_fulfillments_once(
    case: tuple[Contract, list[Card]],
) -> None:
    contract, hand = case
    listed = list(hr.fulfillments(hand, contract))
    for melds in listed:
        _check_fulfillment(hand, contract, melds)
    canonical = [oracle.canonical(contract, melds) for melds in listed]
    assert len(canonical) == len(set(canonical)), "a fulfilment was listed twice"
    assert set(canonical) == oracle.all_fulfillments(hand, contract)


@settings(max_examples=300, deadline=None)
@given(contract_and_hand())
def test_fulfillments_hand_out_deuces_in_sorted_order(case: tuple[Contract, list[Card]]) -> None:
    contract, hand = case
    deuces = sorted(c for c in hand if c.is_wild)
    for melds in hr.fulfillments(hand, contract):
        used = [c for meld in melds for c in meld if c.is_wild]
        assert used == deuces[: len(used)]


@settings(max_examples=200, deadline=None)
@given(meldy_cards(min_size=3, max_size=9), st.sampled_from(list(MeldKind)), st.integers(3, 6))
def test_single_requirement_contracts_match_the_oracle(
    hand: list[Card], kind: MeldKind, size: int
) -> None:
    contract = Contract([hr.Requirement(kind, size)])
    assert hr.can_meet(hand, contract) == oracle.can_meet(hand, contract)


@st.composite
def bigger_case(draw: st.DrawFn) -> tuple[Contract, list[Card]]:
    if draw(st.booleans()):
        contract = hr.contract_for(draw(st.sampled_from([8, 11, 12, 14, 16])))
    else:
        runs = draw(st.lists(st.integers(3, 6), min_size=1, max_size=4))
        sets = draw(st.lists(st.integers(3, 4), max_size=4 - len(runs)))
        contract = Contract.of(runs=runs, sets=sets)
    return contract, draw(hand_for(contract, extra=4).filter(lambda h: len(h) <= 20))


@settings(max_examples=150, deadline=None)
@given(bigger_case())
def test_can_meet_matches_the_template_oracle_on_bigger_hands(
    case: tuple[Contract, list[Card]],
) -> None:
    contract, hand = case
    expected = oracle.can_meet_by_templates(hand, contract)
    assert hr.can_meet(hand, contract) == expected
    found = hr.find_fulfillment(hand, contract)
    assert (found is not None) == expected
    if found is not None:
        _check_fulfillment(hand, contract, found)


@settings(max_examples=300, deadline=None)
@given(meldy_cards(max_size=28), st.lists(wild_card, max_size=6), any_card)
def test_can_meet_and_its_held_fast_path_match_the_reference_at_every_difficulty(
    drawn: list[Card], deuces: list[Card], extra: Card
) -> None:
    """``held_meets`` is ``can_meet`` for a hand held by a state, as the reference solver says.

    Held as a state holds it (sorted, wildcards first), as GreedyBot asks (a natural added at
    the end), or in any order: one answer, for every contract difficulty.
    """
    hand = drawn + deuces  # more deuces: the big contracts are met too
    held = tuple(hr.sort_cards(hand))
    helds = [held, tuple(hand)]
    if not extra.is_wild:
        helds.append((*held, extra))
    for difficulty in DIFFICULTIES:
        contract = hr.contract_for(difficulty)
        for cards in helds:
            expected = reference.can_meet(cards, contract)
            assert hr.can_meet(list(cards), contract) == expected
            assert held_meets(cards, contract) == expected


@settings(max_examples=150, deadline=None)
@given(contract_and_hand())
def test_the_two_oracles_agree(case: tuple[Contract, list[Card]]) -> None:
    contract, hand = case
    assert oracle.can_meet_by_templates(hand, contract) == oracle.can_meet(hand, contract)


@settings(max_examples=300, deadline=None)
@given(meldy_cards(max_size=10), st.integers(3, 5))
def test_possible_melds_are_every_distinct_meld_of_the_hand(hand: list[Card], size: int) -> None:
    import itertools

    deuces = hr.sort_cards(c for c in hand if c.is_wild)

    def collapsed(meld: tuple[Card, ...]) -> tuple[Card, ...]:
        naturals = [c for c in meld if not c.is_wild]
        return tuple(hr.sort_cards(deuces[: len(meld) - len(naturals)] + naturals))

    expected = {
        collapsed(combo) for combo in itertools.combinations(hand, size) if oracle.is_meld(combo)
    }
    listed = list(hr.possible_melds(hand, size))
    assert len(listed) == len(set(listed))
    assert set(listed) == expected
