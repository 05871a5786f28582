"""check and is_legal on a seat's view give the reasons the state gives (issue 33, point 1).

Before, ``check(view, action)`` raised "state must be a GameState": a bot, which only ever
holds a view, could list its moves (``legal_actions(view)``) but not ask why one is refused.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Action,
    CallRummy,
    Discard,
    DiscardPolicy,
    GameState,
    Leave,
    Pass,
    Phase,
    Reason,
    SetPlayProtection,
    Take,
    check,
    is_legal,
    legal_actions,
    new_game,
    rummy_calls,
    view,
)

from ..support.positions import Style, random_game, random_rules


def candidates(state: GameState, seat: int) -> list[Action]:
    """Moves of the seat to act, legal or not, and ``seat``'s out-of-turn actions."""
    actions: list[Action] = [Take(), Pass()]
    hand = state.hands[state.current]
    actions += [Discard(card) for card in set(hand)]
    actions += itertools.islice(legal_actions(state), 40)  # (a listing can be huge: walked)
    actions += [Leave(seat), SetPlayProtection(seat, True), SetPlayProtection(seat, False)]
    actions += rummy_calls(state, seat)
    discard = state.discard
    if discard is not None and state.melds:
        actions.append(CallRummy(seat, discard, 0, discard))  # mostly refused
    return actions


def positions(seed: int) -> list[GameState]:
    rng = random.Random(f"check views {seed}")
    players = rng.randint(3, 6)
    policies = (DiscardPolicy.CLASSIC,) if seed % 2 else tuple(DiscardPolicy)
    rules = random_rules(rng, players, policies)
    style = attrs.evolve(Style.draw(rng), call=0.3, leave=rng.choice([0.0, 0.01]))
    return [step.state for step in random_game(seed, rules, players, steps=120, style=style)]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_view_gives_the_states_reason_for_its_own_seats_actions(seed: int) -> None:
    rng = random.Random(seed)
    states = positions(seed)
    for state in rng.sample(states, min(12, len(states))):
        for seat in range(state.players):
            seen = view(state, seat)
            for action in candidates(state, seat):
                named = getattr(action, "seat", None)
                if named is not None and named != seat:  # (the state lists every seat's calls)
                    with pytest.raises(ValueError, match="checks only that seat's actions"):
                        check(seen, action)
                    continue
                expected = check(state, action)
                in_turn = state.phase in (Phase.DECIDE, Phase.PLAY)
                if named is None and seat != state.current and in_turn:
                    expected = Reason.NOT_TO_ACT
                assert check(seen, action) == expected, (seat, action, state.describe())
                assert is_legal(seen, action) == (expected is None)


def test_a_bot_asks_its_view_why_a_move_is_refused() -> None:
    state = new_game(3, seed=2026)
    mine = view(state, 1)  # seat 1 decides first
    assert check(mine, Take()) is None and is_legal(mine, Pass())
    assert check(mine, Discard(state.hands[1][0])) is Reason.WRONG_PHASE
    assert check(view(state, 2), Take()) is Reason.NOT_TO_ACT
    assert check(view(state, 2), Leave(2)) is None
    assert check(view(state, 0), SetPlayProtection(0, True)) is None


def test_a_view_refuses_to_judge_another_seats_action() -> None:
    state = new_game(3, seed=2026)
    with pytest.raises(ValueError, match="a view of seat 2 checks only that seat's actions"):
        check(view(state, 2), Leave(0))
    with pytest.raises(ValueError, match="not an action"):
        check(view(state, 1), "take")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="state must be a GameState"):
        check(None, Take())  # type: ignore[arg-type]
