"""The discard rules have one deciding function; every other answer is pinned to it.

:func:`hellsrummy.discard_verdict` decides, card by card, why a discard is refused and whether
the policy penalises it. :func:`hellsrummy.play.discarding.discards` lists the cards that may
go; under the usual rules it works them out for the whole hand at once (a fast path), from the
position's ``kept`` cards (the naturals that are not rummies). Here, on random games of every
rule variant: the fast listing is exactly the cards the verdict lets go, in card order; a
discard is legal exactly when the verdict lets it go; the engine's error is the verdict's
(reason, message, penalised); ``kept`` is the cards that are no bad discard
(:func:`hellsrummy.is_bad_discard`, the calls' test); and ``apply`` charges exactly the
penalised verdicts.
"""

from __future__ import annotations

import copy
import itertools
import random
import warnings

from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Card,
    Discard,
    DiscardPolicy,
    GameState,
    Phase,
    Reason,
    Rules,
    SetPlayProtection,
    Take,
    apply,
    discard_verdict,
    is_bad_discard,
    is_legal,
    new_game,
)
from hellsrummy.contracts.difficulty import contract_for
from hellsrummy.game.position import position
from hellsrummy.moves.meldmoves import requirement_groups
from hellsrummy.play.discarding import discard_rules, discards, refusal
from hellsrummy.play.engine import verify

from ..support.positions import Style, random_game, random_rules


def _let_go(state: GameState) -> tuple[Card, ...]:
    """The cards :func:`refusal` (the verdict as an error) lets go, asked one by one of a fresh
    position (a copy of the state keeps none of the derived facts, so nothing the fast path
    cached is reused)."""
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
        here = position(state)
        listed = discards(here)
        assert listed == _let_go(state)
        bad = {c for c in here.distinct if is_bad_discard(state, c)}
        assert bad == {c for c in here.distinct if c.is_wild or c in here.rummies}
        assert tuple(here.hand_facts.kept) == tuple(c for c in here.distinct if c not in bad)
        for c in here.distinct:
            assert is_legal(state, Discard(c)) == (c in listed)
            _the_engine_answers_as_the_verdict(state, c)


def _the_engine_answers_as_the_verdict(state: GameState, chosen: Card) -> None:
    verdict = discard_verdict(state, chosen)
    error = verify(state, Discard(chosen))
    if verdict is None:
        assert error is None
        return
    assert error is not None
    assert (error.reason, str(error), error.penalized) == (
        verdict.reason,
        verdict.message,
        verdict.penalized,
    )
    penalizing = state.rules.discard_policy is DiscardPolicy.PENALIZE
    assert verdict.penalized == (penalizing and verdict.reason is not Reason.TAKEN_CARD_DISCARD)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert verdict.penalized == (penalizing and verdict.reason.penalizable)
    if verdict.penalized:
        after = apply(state, Discard(chosen))
        seat = state.current
        assert after.penalties[seat] == state.penalties[seat] + state.rules.discard_error_points
        assert after.hands == state.hands and after.phase is Phase.PLAY


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
