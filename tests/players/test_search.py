"""The search bot: reproducible at an iteration budget, fair (its view only), bounded."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from hellsrummy import (
    Action,
    CallRummy,
    Discard,
    DiscardPolicy,
    GameState,
    GreedyBot,
    Pass,
    Phase,
    PlayerView,
    RandomBot,
    Rules,
    RummyCalled,
    Take,
    apply,
    finish_round,
    is_legal,
    legal_actions,
    new_game,
    play_game,
    resample,
    view,
)
from hellsrummy.players.search import SearchAnalysis, SearchBot
from hellsrummy.players.simulation import _game_seed


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


def test_an_analysis_says_why_the_move_was_chosen() -> None:
    bot = SearchBot(seed=5, iterations=30)
    for state in _positions("analyse", 16)[::3]:
        seen = view(state, state.current)
        found = bot.analyse(seen)
        assert found.action == bot(seen)
        assert list(found.candidates) == bot.candidates(seen)
        count = len(found.candidates)
        assert len(found.rollouts) == len(found.means) == count
        if count == 1:
            assert found == SearchAnalysis(found.action, found.candidates, (0,), (None,), 0)
            continue
        # Every candidate is tried on the first deals; the survivors on every deal; the move is
        # the survivor with the best mean, and the budget of rollouts is not overrun.
        assert min(found.rollouts) >= 1 and max(found.rollouts) == found.deals
        assert sum(found.rollouts) <= 30 or found.deals == 1
        survivors = [i for i in range(count) if found.rollouts[i] == found.deals]
        chosen = found.candidates.index(found.action)
        assert chosen in survivors
        means = [found.means[i] for i in survivors]
        assert None not in means and found.means[chosen] == min(m for m in means if m is not None)


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


def test_out_of_time_before_one_whole_deal_plays_the_greedy_move() -> None:
    # Rollouts look at the clock every few decisions: a budget spent before every candidate has
    # finished one deal leaves nothing to compare, and GreedyBot's move is played. (Early in a
    # round every rollout runs longer than one slice, so with a budget that is over at once no
    # deal is ever whole.)
    bot = SearchBot(iterations=None, seconds=1e-9)
    for state in _positions("late", 3):
        seen = view(state, state.current)
        assert bot(seen) == GreedyBot()(seen)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 10, "seconds": 0.1}, "give one budget, not both: iterations=10 or"),
        ({"iterations": 0}, "iterations must be None or a positive int"),
        ({"seconds": -1}, "seconds must be a positive number"),
        ({"width": 1}, "width must be an int of at least 2"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, message: str) -> None:
    """Giving both budgets is refused, as are budgets and widths out of range."""
    with pytest.raises(ValueError, match=message):
        SearchBot(**kwargs)


def test_the_bot_refuses_a_view_of_a_seat_not_to_act() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ValueError, match="not the seat to act"):
        SearchBot(iterations=2)(view(state, 0))


class _CarelessCaller:
    """Discards at random (bad discards too, under the classic policy); calls like GreedyBot."""

    def __call__(self, seen: PlayerView) -> Action:
        return RandomBot(7)(seen)

    def call(self, seen: PlayerView) -> CallRummy | None:
        return GreedyBot().call(seen)


@pytest.mark.parametrize(
    "policy", [DiscardPolicy.REJECT, DiscardPolicy.PENALIZE, DiscardPolicy.CLASSIC]
)
def test_finish_round_plays_the_round_as_play_game_does(policy: DiscardPolicy) -> None:
    # One-round games: play_game's round and finish_round's agree, calls under the classic
    # policy included (the careless bots make bad discards, and call them).
    calls = 0
    for game in range(4):
        rules = Rules(schedule=[6 + game], max_turns=400, discard_policy=policy)
        for bot in (GreedyBot(), _CarelessCaller()):
            played = play_game([bot] * 4, "rollout", game, rules)
            start = new_game(4, seed=_game_seed("rollout", game), rules=rules)
            end = finish_round(start, bot)
            assert end.phase is Phase.GAME_OVER
            points = end.results[-1].points
            assert played.rounds[0].points == tuple(points[played.seats[b]] for b in range(4))
            calls += sum(isinstance(event, RummyCalled) for event in end.log)
    assert (calls > 0) is (policy is DiscardPolicy.CLASSIC)


def test_finish_round_stops_after_max_decisions_and_checks_its_arguments() -> None:
    start = new_game(4, seed="cap")
    assert finish_round(start, GreedyBot(), max_decisions=5).phase in (Phase.DECIDE, Phase.PLAY)
    for bad in (0, True, 1.5):
        with pytest.raises(ValueError, match="max_decisions must be None or a positive int"):
            finish_round(start, GreedyBot(), max_decisions=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="state must be a GameState"):
        finish_round(view(start, 1), GreedyBot())  # type: ignore[arg-type]


def test_one_budget_given_drops_the_other_default() -> None:
    assert SearchBot(seconds=0.2) == SearchBot(iterations=None, seconds=0.2)
    assert SearchBot(seconds=0.2).iterations is None
    assert SearchBot(iterations=50).seconds is None
    assert SearchBot().iterations == SearchBot(iterations=None).iterations == 200
    assert SearchBot() == SearchBot(iterations=200)
    assert eval(repr(SearchBot(seconds=0.2)), {"SearchBot": SearchBot, "GreedyBot": GreedyBot}) == (
        SearchBot(seconds=0.2)
    )
