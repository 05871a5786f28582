from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    SUITS,
    Card,
    Contract,
    MeldKind,
    Rank,
    Requirement,
    Suit,
    can_meet,
    cards,
    contract_for,
    find_fulfillment,
    format_cards,
    fulfillments,
    meld_kinds,
    pack,
    possible_melds,
    sort_cards,
    wildcards_needed,
)
from hellsrummy.contracts.cheapest import _searched, best_cheapest, cheapest_skeletons
from hellsrummy.contracts.enumeration import (
    meld_choices,
    skeletons_of,
)
from hellsrummy.contracts.needs import (
    _cheapest_window,
    _held_least_wilds,
    _set_need,
    lacks_melds_of_3,
)
from hellsrummy.contracts.solver import Pool, _facts_of, _least_wilds
from hellsrummy.game.scoring import PENALTY_OF

from ..support.strategies import hand_for, meldy_cards, small_contract

BIG_PACK = pack(SUITS, 4)


def check(hand: list[Card] | tuple[Card, ...], contract: Contract) -> None:
    """find_fulfillment's answer, when there is one, really fulfils the contract."""
    melds = find_fulfillment(hand, contract)
    assert (melds is not None) == can_meet(hand, contract)
    if melds is None:
        return
    used: Counter[Card] = Counter()
    for requirement, meld in zip(contract.requirements, melds, strict=True):
        assert len(meld) == requirement.size
        assert requirement.kind in meld_kinds(meld)
        used.update(meld)
    assert not used - Counter(hand)


@pytest.mark.parametrize(
    ("difficulty", "hand", "meets"),
    [
        (3, "7H 7S 7C", True),
        (3, "7H 2S 2C", True),
        (3, "2H 2S 2C", True),
        (3, "7H 7S 8C", False),
        (4, "4H 5H 6H 7H", True),
        (4, "4H 5H 6H 8S", False),
        (4, "4H 2C 6H 7H", True),
        (5, "JH QH KH AH 2C", True),
        (5, "QH KH AH 3H 2C", False),
        (6, "7H 7S 7C 9D 9S 9C", True),
        (6, "7H 7S 7C 7D 7S 7C", True),  # two sets of one rank: separate melds
        (6, "7H 7S 7C 7D 7S 8C", False),
        (7, "4H 5H 6H 7H 9C 9D 9S", True),
        (7, "4H 5H 6H 7H 7C 7D", False),  # the 7H cannot serve both melds
        (7, "4H 5H 6H 7H 7C 7D 7S", True),
        (8, "4H 5H 6H 7H 4H 5H 6H 7H", True),  # two runs from two decks
        (8, "4H 5H 6H 7H 8H 9H 10H JH", True),
        (8, "4H 5H 6H 7H 8H 9H 10H 2C", True),
        (8, "4H 5H 6H 7H 8H 9H 10H QH", False),
        (9, "2C 2D 2H 2S 2C 2D 2H 2S 2C", True),
        (10, "3S 4S 5S 6S 7S 8S 9S KH KD KC", True),
        (10, "3S 4S 5S 6S 7S 8S 10S KH KD KC", False),
        (10, "3S 4S 5S 6S 7S 8S 2C KH KD 2D", True),
    ],
)
def test_contract_examples(difficulty: int, hand: str, meets: bool) -> None:
    contract = contract_for(difficulty)
    assert can_meet(cards(hand), contract) is meets
    check(cards(hand), contract)


def test_find_fulfillment_keeps_the_contracts_order_and_exact_sizes() -> None:
    hand = cards("KC KD KH KS 3S 4S 5S 6S 7S 8S 9S 10S")
    melds = find_fulfillment(hand, contract_for(10))
    assert melds is not None
    assert [len(m) for m in melds] == [7, 3]
    assert MeldKind.RUN in meld_kinds(melds[0])
    assert MeldKind.SET in meld_kinds(melds[1])


def test_find_fulfillment_spends_as_few_wildcards_as_possible() -> None:
    hand = cards("2C 2D 2H 7H 7S 7D 9C 9D 9S")
    melds = find_fulfillment(hand, contract_for(6))
    assert melds is not None
    assert sum(c.is_wild for m in melds for c in m) == 0
    assert wildcards_needed(hand, contract_for(6)) == 0
    assert wildcards_needed(cards("2C 2D 2H"), contract_for(3)) == 3


def test_short_hands_never_meet() -> None:
    for difficulty in range(3, 26):
        contract = contract_for(difficulty)
        short = cards("2C") * (difficulty - 1)
        assert not can_meet(short, contract)
        assert find_fulfillment(short, contract) is None
        assert wildcards_needed(short, contract) is None
        assert list(fulfillments(short, contract)) == []


@pytest.mark.parametrize("difficulty", range(3, 26))
def test_enough_wildcards_meet_every_contract(difficulty: int) -> None:
    contract = contract_for(difficulty)
    hand = cards("2C") * difficulty
    check(hand, contract)
    assert can_meet(hand, contract)
    assert len(list(fulfillments(hand, contract))) == 1


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match="contract must be a Contract"):
        can_meet(cards("7H 7S 7D"), 6)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="use cards"):
        can_meet("7H 7S 7D", contract_for(3))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only Card objects"):
        find_fulfillment(["7H", "7S", "7D"], contract_for(3))  # type: ignore[list-item]


def test_fulfillments_is_lazy() -> None:
    hand = BIG_PACK
    first = next(fulfillments(hand, contract_for(25)))
    assert len(first) == 5


def test_fulfillments_counts_a_small_hand_by_hand() -> None:
    hand = cards("4H 5H 6H 7H 2C")
    listed = [" ".join(map(format_cards, f)) for f in fulfillments(hand, contract_for(4))]
    # Four naturals; any three of them plus the deuce in the gap or at an end, or all four.
    assert listed == [
        "2C 4H 5H 6H",
        "2C 4H 5H 7H",
        "2C 4H 6H 7H",
        "4H 5H 6H 7H",
        "2C 5H 6H 7H",
    ]


def random_hand(rng: random.Random, size: int, wilds: int) -> list[Card]:
    deuces = [c for c in BIG_PACK if c.is_wild]
    naturals = [c for c in BIG_PACK if not c.is_wild]
    return rng.sample(deuces, wilds) + rng.sample(naturals, size - wilds)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 60), st.integers(0, 10), st.integers(3, 25))
def test_large_hands_from_seven_suits_and_four_decks(
    seed: int, size: int, wilds: int, difficulty: int
) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng, size, wilds)
    contract = contract_for(difficulty)
    check(hand, contract)
    needed = wildcards_needed(hand, contract)
    assert (needed is not None) == can_meet(hand, contract)
    if needed is not None:
        assert 0 <= needed <= wilds
        first = next(fulfillments(hand, contract))
        assert len(first) == len(contract)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(10, 40), st.integers(3, 25))
def test_more_cards_never_hurt(seed: int, size: int, difficulty: int) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng, size + 5, 4)
    contract = contract_for(difficulty)
    if can_meet(hand[:size], contract):
        assert can_meet(hand, contract)


@given(meldy_cards(max_size=14))
def test_a_pool_of_a_held_hand_is_the_pool_of_its_cards(hand: list[Card]) -> None:
    checked = Pool(hand)
    assert checked.wild_cards == sort_cards(c for c in hand if c.is_wild)
    # Held as a state holds it (sorted), or in any order: the same pool, its deuces sorted.
    for held in (tuple(sort_cards(hand)), tuple(hand)):
        fast = Pool(held=held)
        assert (fast.counts, fast.masks, fast.totals, fast.size, fast.wilds) == (
            checked.counts,
            checked.masks,
            checked.totals,
            checked.size,
            checked.wilds,
        )
        assert fast.wild_cards == checked.wild_cards


@given(meldy_cards(max_size=14))
def test_the_quick_no_meld_of_3_test_agrees_with_the_enumeration(hand: list[Card]) -> None:
    held = tuple(sort_cards(hand))
    assert lacks_melds_of_3(held) == (not meld_choices(Pool(held=held), 3))
    assert lacks_melds_of_3(held) == (not list(possible_melds(hand, 3)))


def test_the_quick_no_meld_of_3_test_on_a_hand_of_many_naturals() -> None:
    # Past 127 naturals a rank's 8-bit count could overflow: the quick test answers False
    # without counting, as it must (12 ranks: such a hand holds a set of 3).
    rng = random.Random(5)
    for _ in range(20):
        held = tuple(sort_cards(random_hand(rng, 130, rng.randrange(2))))
        assert lacks_melds_of_3(held) is False
        assert meld_choices(Pool(held=held), 3)
    spread = tuple(sort_cards([Card(Rank(r), s) for s in list(Suit)[:2] for r in (3, 6, 9, 12)]))
    assert lacks_melds_of_3(tuple(sort_cards(spread * 40))) is False  # sets of every rank
    assert lacks_melds_of_3(spread) is True


@settings(max_examples=100, deadline=None)
@given(st.data(), small_contract())
def test_the_fulfilments_of_the_fewest_wildcards_are_those_of_every_fulfilment(
    data: st.DataObject, contract: Contract
) -> None:
    hand = tuple(sort_cards(data.draw(hand_for(contract, extra=4))))
    every = list(skeletons_of(hand, contract))
    fewest = min((sum(c[1] for c in chosen) for chosen in every), default=None)
    cheapest = [chosen for chosen in every if sum(c[1] for c in chosen) == fewest]
    assert cheapest_skeletons(hand, contract) == cheapest


def _first_most(found: list[tuple[Any, ...]], points: dict[Card, int]) -> tuple[Any, ...] | None:
    """The oracle of best_cheapest: the first of the listed that sheds the most."""
    best, most = None, -1
    for chosen in found:
        shed = sum(points[c] for choice in chosen for c in choice[0])
        if shed > most:
            best, most = chosen, shed
    return best


@settings(max_examples=300, deadline=None)
@given(st.data(), small_contract(), st.sampled_from(["penalty", "flat", "rank", "card"]))
def test_the_best_cheapest_is_the_first_listed_of_those_shedding_most(
    data: st.DataObject, contract: Contract, scoring: str
) -> None:
    """Branch and bound finds what listing every cheapest fulfilment and keeping the best finds.

    Flat points make every fulfilment tie (the first listed wins); the game's penalties make
    many ties and ranks fewer; points by card (rank and suit) take the search that does not
    count sets by rank.
    """
    hand = tuple(sort_cards(data.draw(hand_for(contract, extra=6))))
    if scoring == "penalty":
        points = dict(PENALTY_OF)
    elif scoring == "card":
        points = {c: int(c.rank) * 8 + int(c.suit) for c in hand}
    else:
        points = {c: 1 if scoring == "flat" else int(c.rank) for c in hand}
    expected = _first_most(cheapest_skeletons(hand, contract), points)
    assert best_cheapest(hand, contract, points) == expected
    assert _searched(hand, contract, points)[0] == expected  # the branch and bound alone


@settings(max_examples=150, deadline=None)
@given(
    st.data(),
    st.integers(3, 5),
    st.integers(3, 4),
    st.sampled_from(["penalty", "flat", "card"]),
)
def test_the_best_cheapest_of_many_sets_is_the_first_listed_of_those_shedding_most(
    data: st.DataObject, count: int, size: int, scoring: str
) -> None:
    """Contracts of sets only, as the hardest difficulties ask (Seven Sets of 3, Five Sets of
    5), from hands of many duplicates: the sets are counted by rank when points go by rank."""
    contract = Contract([Requirement(MeldKind.SET, size)] * count)
    hand = tuple(
        sort_cards(data.draw(meldy_cards(min_size=count * size, max_size=count * size + 6)))
    )
    if scoring == "penalty":
        points = dict(PENALTY_OF)
    elif scoring == "card":
        points = {c: int(c.rank) * 8 + int(c.suit) for c in hand}
    else:
        points = dict.fromkeys(hand, 1)
    expected = _first_most(cheapest_skeletons(hand, contract), points)
    assert best_cheapest(hand, contract, points) == expected
    assert _searched(hand, contract, points)[0] == expected  # the branch and bound alone


@settings(max_examples=300, deadline=None)
@given(st.data(), small_contract())
def test_the_bound_of_a_held_hand_is_the_pools(data: st.DataObject, contract: Contract) -> None:
    """The packed counts and masks give the pool's lower bound on the wildcards needed.

    It is the one test before any search, so it must never turn away a hand that meets the
    contract, and it must never be above the wildcards a fulfilment takes.
    """
    drawn = data.draw(hand_for(contract, extra=6))
    hand = tuple(sort_cards(drawn))
    facts = _facts_of(contract)
    runs, sets = facts.runs, facts.sets
    pool = Pool(held=hand)
    least = _set_need(pool.totals, sets) + sum(_cheapest_window(pool.masks, n) for n in runs)
    assert _held_least_wilds(hand, runs, sets) == (least, pool.wilds)
    expected = None if pool.size < contract.difficulty or least > pool.wilds else least
    assert _least_wilds(hand, facts) == expected
    assert _least_wilds(tuple(drawn), facts) == expected  # the order of the cards is no matter
    needed = wildcards_needed(hand, contract)
    if expected is None:
        assert needed is None
    else:
        assert needed is None or needed >= expected


def test_the_bound_of_a_held_hand_of_many_naturals() -> None:
    """Hands of hundreds of naturals (counts that once had 8 bits) get the pool's bound too."""
    rng = random.Random(7)
    for difficulty in (6, 7, 8, 13, 19, 25):
        facts = _facts_of(contract_for(difficulty))
        runs, sets = facts.runs, facts.sets
        hand = tuple(sort_cards(random_hand(rng, 300, rng.randrange(3))))
        pool = Pool(held=hand)
        least = _set_need(pool.totals, sets) + sum(_cheapest_window(pool.masks, n) for n in runs)
        assert _held_least_wilds(hand, runs, sets)[0] == least
