"""The hardest decisions found by the scans stay cheap: work counted, not timed.

GreedyBot meets the minimum with the way of the fewest wildcards that sheds the most points.
It used to list every such way, and a hand of 30 to 50 cards at difficulty 21 or 25 has
hundreds of thousands (seconds a decision); :func:`hellsrummy.contracts.cheapest.best_cheapest`
finds the same way by branch and bound. Here the hands of ``bench/listing_scan.py``'s biggest
listings (``tests/fixtures/worst_listings.json``) and the slowest difficulty-25 hands of
``bench/decision_scan.py`` are held to a few hundred branches, with the way listing would
choose. SearchBot's work before its first rollout is its candidates (at most ``width``, the
listing walked lazily), and its rollouts are held to its iteration budget.
"""

from __future__ import annotations

from typing import Any

import pytest

from hellsrummy import (
    GreedyBot,
    SearchBot,
    cards,
    contract_for,
    sort_cards,
    view,
)
from hellsrummy.contracts.cheapest import _searched, cheapest_skeletons
from hellsrummy.game.scoring import PENALTY_OF

from ..support.worst import IDS, SAVED, state_of

SLOW_AT_25 = (  # GreedyBot took 0.3 to 1 s on each (pure build) before the branch and bound
    "2C 2S 6C 6C 7C 7D 7D 7H 8C 8C 8C 8D 8D 8D 8H 8H 8H 8H 8S 8S 8S 9D 9H 9S 10C 10C 10D 10D"
    " 10D 10H 10H 10S 10S JC",
    "2C 2D 2H 8C 8C 8D 8H 9C QC QC QC QD QD QD QH QS KC KC KD KD KH KS KS AC AC AD AD AH AS AS",
)
BRANCHES = 500


def first_most(hand: tuple[Any, ...], contract: Any) -> Any:
    """The way GreedyBot took before: the first listed of the cheapest that sheds the most."""
    best, most = None, -1
    for chosen in cheapest_skeletons(hand, contract):
        shed = sum(PENALTY_OF[c] for choice in chosen for c in choice[0])
        if shed > most:
            best, most = chosen, shed
    return best


@pytest.mark.parametrize("saved", SAVED, ids=IDS)
def test_greedybot_meets_a_worst_listings_minimum_in_few_branches(saved: dict[str, Any]) -> None:
    state = state_of(saved)
    hand, contract = state.hands[state.current], state.contract
    found, branches = _searched(hand, contract, PENALTY_OF)
    assert found is not None and branches <= BRANCHES
    assert found == first_most(hand, contract)


@pytest.mark.parametrize("text", SLOW_AT_25)
def test_greedybot_meets_five_sets_of_five_in_few_branches(text: str) -> None:
    hand = tuple(sort_cards(cards(text)))
    found, branches = _searched(hand, contract_for(25), PENALTY_OF)
    assert found is not None and branches <= BRANCHES
    assert found == first_most(hand, contract_for(25))


@pytest.mark.parametrize("saved", SAVED, ids=IDS)
def test_searchbot_on_a_worst_listing_does_its_budget_and_no_more(saved: dict[str, Any]) -> None:
    state = state_of(saved)
    seen = view(state, state.current)
    bot = SearchBot(seed=1, iterations=24, width=6)
    found = bot.analyse(seen)
    assert found.candidates[0] == GreedyBot()(seen)
    assert len(found.candidates) <= 6
    assert sum(found.rollouts) <= 24 + 6  # whole deals: the last may pass the budget by one deal
    assert found.action in found.candidates
