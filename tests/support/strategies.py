"""Hypothesis strategies for cards, hands, melds and contracts."""

from __future__ import annotations

from hypothesis import strategies as st

from hellsrummy import Card, Contract, Rank, Requirement, Suit, contract_for
from hellsrummy.deck.melds import MeldKind

ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank]
WILDS = [c for c in ALL_CARDS if c.is_wild]

any_card = st.sampled_from(ALL_CARDS)
wild_card = st.sampled_from(WILDS)


@st.composite
def meldy_cards(draw: st.DrawFn, min_size: int = 0, max_size: int = 10) -> list[Card]:
    """Cards drawn from a few suits and a narrow band of ranks, often wild, so that melds and
    near-melds are common; duplicates and the extra suits occur."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=3, unique=True))
    low = draw(st.integers(3, 14))
    high = draw(st.integers(low, min(14, low + draw(st.integers(0, 6)))))
    naturals = [Card(Rank(r), s) for s in suits for r in range(low, high + 1)]
    pick = st.one_of(st.sampled_from(naturals), wild_card, st.sampled_from(naturals))
    return draw(st.lists(pick, min_size=min_size, max_size=max_size))


@st.composite
def valid_meld(draw: st.DrawFn, max_size: int = 8) -> list[Card]:
    """A valid meld: a set or a run with some places taken by wildcards, shuffled."""
    size = draw(st.integers(3, max_size))
    wild_places = draw(st.sets(st.integers(0, size - 1), max_size=size))
    if draw(st.booleans()):
        rank = Rank(draw(st.integers(3, 14)))
        places = [Card(rank, draw(st.sampled_from(list(Suit)))) for _ in range(size)]
    else:
        suit = draw(st.sampled_from(list(Suit)))
        low = draw(st.integers(3, 15 - size))
        places = [Card(Rank(low + k), suit) for k in range(size)]
    meld = [draw(wild_card) if k in wild_places else c for k, c in enumerate(places)]
    return draw(st.permutations(meld))


requirement = st.builds(Requirement, st.sampled_from(list(MeldKind)), st.integers(3, 5))


@st.composite
def small_contract(draw: st.DrawFn) -> Contract:
    """A standard contract of difficulty 3..10, or a small custom one (mixed sizes too)."""
    if draw(st.booleans()):
        return contract_for(draw(st.integers(3, 10)))
    return Contract(draw(st.lists(requirement, min_size=1, max_size=3)))


@st.composite
def hand_for(draw: st.DrawFn, contract: Contract, extra: int = 3) -> list[Card]:
    """A hand of about the contract's size, from few suits and ranks, often able to meet it."""
    size = draw(st.integers(max(0, contract.difficulty - 1), contract.difficulty + extra))
    return draw(meldy_cards(min_size=size, max_size=size))
