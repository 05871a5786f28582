"""The observation the environment builds equals a slow reference, whatever it kept before.

``hellsrummy.rl.encode_view`` keeps the table's segments per table and page, and works out the
counts of a table from the last table it counted; ``tests/support/slow_observation.py`` writes
every value afresh. Positions of random games under random rules, asked for every seat, page
and turn in a shuffled order (so that the tables kept and carried on are of other games and
other moments), give the same vectors.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import DiscardPolicy, view

from ..support.positions import Style, random_game, random_rules

np = pytest.importorskip("numpy")
rl = pytest.importorskip("hellsrummy.rl")
observation = pytest.importorskip("hellsrummy.rl.observation")
encode_view = observation.encode_view
slow = pytest.importorskip("tests.support.slow_observation")


def positions(seed: int) -> list:  # type: ignore[type-arg]
    rng = random.Random(seed)
    players = rng.randint(3, 10)
    rules = random_rules(
        rng, players, (DiscardPolicy.CLASSIC,) if seed % 3 == 0 else tuple(DiscardPolicy)
    )
    if seed % 2 == 0:  # long rounds of an easy contract: many melds, several pages
        rules = attrs.evolve(rules, max_turns=None, schedule=[rng.randint(3, 8)])
    style = Style(take=0.7, play=1.0, first=0.3, call=0.3)  # tables fill up: several pages
    return [
        step.state for step in random_game(seed, rules, players, steps=300, style=style, cap=60)
    ]


@settings(max_examples=8, deadline=None)
@given(seeds=st.lists(st.integers(0, 2**32), min_size=2, max_size=3))
def test_encode_view_equals_the_slow_reference_in_any_order(seeds: list[int]) -> None:
    rng = random.Random(repr(seeds))
    asked = []
    for seed in seeds:
        for state in positions(seed):
            pages = 1 + len(state.melds) // rl.WINDOW
            for seat in range(state.players):
                asked.append((state, seat, rng.randrange(pages + 1), rng.choice(list(rl.Turn))))
    rng.shuffle(asked)
    for state, seat, page, turn in asked[:800]:
        seen = view(state, seat)
        made = encode_view(seen, page, turn)
        wanted = slow.slow_encode_view(seen, page, turn)
        assert made.dtype == wanted.dtype and np.array_equal(made, wanted), state.describe()


def test_the_random_games_reach_tables_of_several_pages() -> None:
    most = max(len(state.melds) for seed in range(6) for state in positions(seed))
    assert most > rl.WINDOW
