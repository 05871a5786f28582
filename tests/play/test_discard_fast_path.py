"""The discard rules have one deciding function; the fast listing of discards is pinned to it.

:func:`hellsrummy.play.discarding.refusal` decides, card by card, why a discard is refused.
:func:`hellsrummy.play.discarding.discards` lists the cards that may go; under the usual rules it
works them out for the whole hand at once (a fast path). Here, on random games of every rule
variant, the fast listing is exactly the cards the deciding function lets go, in card order,
and a discard is legal exactly when the deciding function lets it go.
"""

from __future__ import annotations

import copy
import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Card,
    Discard,
    GameState,
    Phase,
    Rules,
    SetPlayProtection,
    Take,
    apply,
    is_legal,
    new_game,
)
from hellsrummy.contracts.difficulty import contract_for
from hellsrummy.game.position import position
from hellsrummy.moves.meldmoves import requirement_groups
from hellsrummy.play.discarding import discard_rules, discards, refusal

from ..support.positions import Style, random_game, random_rules


def _let_go(state: GameState) -> tuple[Card, ...]:
    """The cards :func:`refusal` lets go, asked one by one of a fresh position (a copy of the
    state keeps none of the derived facts, so nothing the fast path cached is reused)."""
    here = position(copy.copy(state))
    return tuple(c for c in here.distinct if refusal(here, c) is None)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 6))
def test_the_listed_discards_are_the_cards_refusal_lets_go(seed: int, players: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, players)
    for step in random_game(seed, rules, players, steps=80, style=Style.draw(rng), protected=(1,)):
        state = step.state
        if state.phase is not Phase.PLAY:
            continue
        listed = discards(position(state))
        assert listed == _let_go(state)
        for c in position(state).distinct:
            assert is_legal(state, Discard(c)) == (c in listed)


def test_play_protection_refuses_every_discard_in_both_ways_of_deciding() -> None:
    for seed in range(40):
        state = new_game(3, seed=seed)
        state = apply(apply(state, SetPlayProtection(state.current, True)), Take())
        assert discards(position(state)) == _let_go(state)


def test_discard_rules_handed_out_stay_true_when_other_rules_are_asked_about() -> None:
    classic = discard_rules(Rules(discard_policy="classic"))
    strict = discard_rules(Rules(discard_taken_card=False))
    usual = discard_rules(Rules())
    assert (classic.classic, classic.usual) == (True, False)
    assert (strict.classic, strict.usual) == (False, False)
    assert (usual.classic, usual.usual) == (False, True)


def test_requirement_groups_answer_each_contract_asked_in_turn() -> None:
    for number in [6, 7, 6, 9, 9, 12, 6]:
        requirements = contract_for(number).requirements
        expected = tuple(sum(1 for _ in run) for _, run in itertools.groupby(requirements))
        assert requirement_groups(requirements) == expected
