"""ISMCTS on the game, and bots across the border: OpenSpiel's at our table, ours in OpenSpiel."""

from __future__ import annotations

import functools
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from hellsrummy import (
    CallRummy,
    DiscardPolicy,
    GreedyBot,
    RandomBot,
    Rules,
    SearchBot,
    Unseeded,
    compare,
    play_game,
)
from hellsrummy.openspiel import (
    GreedyRolloutEvaluator,
    LibraryBot,
    OpenSpielBot,
    ismcts_bot,
)
from hellsrummy.openspiel.evaluator import finish_move
from tests.support.spiel import chance, play_until, walk


def _play(state: Any, bots: list[Any], rng: random.Random) -> Any:
    """Play ``state`` to the end: chance by its probabilities, seat ``s`` by ``bots[s]``."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
            continue
        action = int(bots[state.current_player()].step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize(
    "name",
    [
        "python_hellsrummy(players=3,difficulty=6,max_turns=40)",
        "python_hellsrummy(players=4,difficulty=7,discard_policy=classic,max_turns=40)",
    ],
)
def test_ismcts_plays_whole_games(name: str) -> None:
    game = pyspiel.load_game(name)
    bot = ismcts_bot(game, seed=1, simulations=6)
    state = game.new_initial_state()
    assert _play(state, [bot] * game.num_players(), random.Random(1)) > 10
    returns = state.returns()
    assert all(game.min_utility() <= value <= game.max_utility() for value in returns)


def test_openspiel_own_ismcts_with_random_rollouts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6,max_turns=15,returns=win)")
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
        uct_c=1.5,
        max_simulations=4,
        random_state=np.random.RandomState(4),
    )
    state = game.new_initial_state()
    _play(state, [bot] * 3, random.Random(2))
    assert state.is_terminal() and abs(sum(state.returns())) < 1e-9


def test_ismcts_bot_is_reproducible_from_its_seed() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=8,max_turns=30)")

    def actions(seed: int) -> list[int]:
        bot = ismcts_bot(game, seed=seed, simulations=5)
        state = game.new_initial_state()
        rng = random.Random(0)
        chosen: list[int] = []
        while not state.is_terminal() and len(chosen) < 12:
            if state.is_chance_node():
                chance(state, rng)
            else:
                chosen.append(int(bot.step(state)))
                state.apply_action(chosen[-1])
        return chosen

    assert actions(7) == actions(7)


def test_library_bots_play_in_openspiel_calls_included() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4,discard_policy=classic,max_turns=60)")
    greedy = LibraryBot(GreedyBot())
    search = LibraryBot(SearchBot(seed=1, iterations=3))
    state = game.new_initial_state()
    calls = 0
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            chance(state, rng)
            continue
        seat = state.current_player()
        bot = search if seat == 0 else greedy
        state.apply_action(int(bot.step(state)))
        calls += isinstance(state.last_move, CallRummy) and not state.steps
    assert state.is_terminal()
    assert calls > 0  # GreedyBot calls Rummy whenever it can
    with pytest.raises(ValueError, match="chance or terminal"):
        greedy.step(game.new_initial_state())


def test_library_bots_in_openspiel_evaluate_bots() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6,max_turns=40)")
    bots = [LibraryBot(GreedyBot()), LibraryBot(RandomBot(1)), LibraryBot(GreedyBot())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert len(returns) == 3 and all(value <= 0 for value in returns)


def test_a_library_bot_finishes_steps_it_did_not_choose() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,max_turns=60)")
    state = play_until(game.new_initial_state(), random.Random(6), lambda here: bool(here.steps))
    bot = LibraryBot(GreedyBot())
    seat = state.current_player()
    while state.current_player() == seat and not state.is_chance_node():
        before = len(state.steps)
        state.apply_action(bot.step(state))
        if not state.steps or len(state.steps) < before:
            break
    assert not state.steps


def test_an_openspiel_bot_plays_at_our_table() -> None:
    bot = OpenSpielBot(seed=3, make=functools.partial(ismcts_bot, simulations=4))
    rules = Rules(schedule=[6, 7], max_turns=40, discard_policy=DiscardPolicy.CLASSIC)
    result = play_game([bot, GreedyBot(), GreedyBot()], "openspiel table", 0, rules=rules)
    assert len(result.totals) == 3 and result.decisions > 0
    again = pickle.loads(pickle.dumps(bot))
    assert (again.seed, again.make.func, again._bots) == (3, ismcts_bot, {})
    assert play_game([again, GreedyBot(), GreedyBot()], "openspiel table", 0, rules=rules) == (
        play_game(
            [
                OpenSpielBot(seed=3, make=functools.partial(ismcts_bot, simulations=4)),
                GreedyBot(),
                GreedyBot(),
            ],
            "openspiel table",
            0,
            rules=rules,
        )
    )


def test_an_openspiel_bot_plays_a_table_without_a_turn_cap() -> None:
    from hellsrummy import new_game, view

    bot = OpenSpielBot(seed=1, make=functools.partial(ismcts_bot, simulations=3))
    state = new_game(3, seed=4)
    assert str(bot(view(state, 1))) in ("take", "pass")
    with pytest.raises(ValueError, match="not the seat to act"):
        bot(view(state, 2))
    with pytest.raises(ValueError, match="sees only a PlayerView"):
        bot(state)  # type: ignore[arg-type]


def test_compare_ranks_an_openspiel_bot() -> None:
    factory = functools.partial(OpenSpielBot, make=functools.partial(ismcts_bot, simulations=3))
    rules = Rules(schedule=[6], max_turns=40)
    study = compare(
        {"ismcts": factory}, Unseeded(GreedyBot), deals=1, seed="os", rules=rules, players=3
    )
    assert study["ismcts"].rounds == 3
    assert pickle.loads(pickle.dumps(factory))(5).seed == factory(5).seed == 5
    again = compare(
        {"ismcts": factory}, Unseeded(GreedyBot), deals=1, seed="os", rules=rules, players=3
    )
    assert again["ismcts"].points == study["ismcts"].points


def test_the_greedy_evaluator_from_any_node() -> None:
    game = pyspiel.load_game(
        "python_hellsrummy(players=4,discard_policy=classic,max_turns=60,schedule=6 7)"
    )
    evaluator = GreedyRolloutEvaluator(rollouts=2, random_state=np.random.RandomState(1))
    short = GreedyRolloutEvaluator(random_state=np.random.RandomState(1), horizon="round")
    rng = random.Random(9)
    kinds = set()
    for state in walk(game.new_initial_state(), rng):
        kind = (
            "chance"
            if state.is_chance_node()
            else "call"
            if state.call_turn
            else "steps"
            if state.steps
            else "decision"
        )
        if kind in kinds and rng.random() > 0.05:
            continue
        kinds.add(kind)
        before = str(state)
        for judge in (evaluator, short):
            value = judge.evaluate(state)
            assert value.shape == (4,)
            assert all(game.min_utility() <= v <= game.max_utility() for v in value)
        assert str(state) == before  # the state is not changed
        if not state.is_chance_node():
            prior = evaluator.prior(state)
            assert [a for a, _ in prior] == state.legal_actions()
    assert kinds == {"chance", "call", "steps", "decision"}
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        GreedyRolloutEvaluator(rollouts=0)


def test_finish_move_walks_the_builder_when_the_steps_do_not_fit() -> None:
    from hellsrummy import Pass

    game = pyspiel.load_game("python_hellsrummy(players=3,max_turns=60)")
    state = play_until(game.new_initial_state(), random.Random(6), lambda here: bool(here.steps))
    node = state.node
    steps = finish_move(node, Pass())  # no pass can follow: the first move allowed is finished
    for step in steps:
        node = node.step(step)
    assert not node.prefix and node.last is not None
