"""The search bot: reproducible at an iteration budget, fair (its view only), bounded."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from hellsrummy import (
    Discard,
    GameState,
    GreedyBot,
    Pass,
    Phase,
    Rules,
    Take,
    apply,
    is_legal,
    legal_actions,
    new_game,
    resample,
    view,
)
from hellsrummy.search import SearchBot


def _positions_of(seed: str, rules: Rules) -> Iterator[GameState]:
    """Every state of a one-round game between GreedyBots at which a seat decides."""
    state = new_game(4, seed=seed, rules=rules)
    bot = GreedyBot()
    while state.phase in (Phase.DECIDE, Phase.PLAY):
        yield state
        state = apply(state, bot(view(state, state.current)))


def _positions(seed: str, count: int) -> list[GameState]:
    return list(itertools.islice(_positions_of(seed, Rules(schedule=[7], max_turns=400)), count))


def test_decisions_are_legal_and_reproducible_at_an_iteration_budget() -> None:
    bot = SearchBot(seed=3, iterations=6)
    for state in _positions("search", 12):
        seen = view(state, state.current)
        chosen = bot(seen)
        assert is_legal(state, chosen)
        assert SearchBot(seed=3, iterations=6)(seen) == chosen


def test_the_bot_decides_from_the_view_alone() -> None:
    # Two states that differ only in cards the seat cannot see give the same view, and so the
    # same decision: the bot is never handed anything else.
    for state in _positions("fair", 10)[2::3]:
        seat = state.current
        seen = view(state, seat)
        other = resample(seen, "another deal of the hidden cards")
        assert other.hands != state.hands or other.stock != state.stock
        assert view(other, seat) == seen
        bot = SearchBot(seed=1, iterations=5)
        assert bot(view(other, seat)) == bot(seen)


def test_candidates_put_the_greedy_move_first_and_respect_the_width() -> None:
    for state in _positions("width", 14):
        seen = view(state, state.current)
        found = SearchBot(width=3).candidates(seen)
        assert found[0] == GreedyBot()(seen)
        assert len(found) == min(3, len(legal_actions(seen)))
        assert len(set(found)) == len(found)
        assert all(move in legal_actions(seen) for move in found)
    decide = view(new_game(3, seed=1), 1)
    assert set(SearchBot().candidates(decide)) == {Take(), Pass()}


def test_a_single_legal_move_costs_no_search() -> None:
    lone = next(
        state
        for state in _positions_of("one0", Rules(schedule=[6], max_turns=400))
        if len(legal_actions(state)) == 1
    )
    bot = SearchBot(iterations=10**9)  # would run for hours if it searched
    assert bot(view(lone, lone.current)) == next(iter(legal_actions(lone)))
    assert bot.candidates(view(lone, lone.current)) == [Discard(lone.hands[lone.current][0])]


def test_a_time_budget_gives_legal_moves() -> None:
    # How long a decision takes is measured in bench/search_eval.py, not asserted here.
    bot = SearchBot(iterations=None, seconds=0.02)
    for state in _positions("time", 6):
        assert is_legal(state, bot(view(state, state.current)))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": None}, "give exactly one budget"),
        ({"seconds": 0.1}, "give exactly one budget"),
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"iterations": None, "seconds": -1}, "seconds must be a positive number"),
        ({"width": 1}, "width must be an int of at least 2"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchBot(**kwargs)


def test_the_bot_refuses_a_view_of_a_seat_not_to_act() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ValueError, match="not the seat to act"):
        SearchBot(iterations=2)(view(state, 0))
