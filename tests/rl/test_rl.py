"""The PettingZoo environment: PettingZoo's own API and seed tests, truncation, rewards,
call turns, rendering, and the observation built from a seat's view only."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from hellsrummy import (
    DeckPlan,
    DiscardPolicy,
    Phase,
    Rules,
    new_game,
    resample,
    rummy_calls,
    view,
)

from ..support.released import released_listing

np = pytest.importorskip("numpy")
pz_test = pytest.importorskip("pettingzoo.test")
rl = pytest.importorskip("hellsrummy.rl")

POLICIES = list(DiscardPolicy)


def random_steps(game: rl.HellsRummyEnv, seed: int) -> Iterator[str]:
    """Step ``game`` with uniformly random allowed steps; yield each agent before its step."""
    rng = np.random.default_rng(seed)
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        yield agent
        if terminated or truncated:
            game.step(None)
        else:
            game.step(rng.choice(np.flatnonzero(observation["action_mask"])))


API_CASES = {
    "3 seats, penalize": (3, Rules(), 100_000),
    "6 seats, reject": (6, Rules(discard_policy=DiscardPolicy.REJECT), 100_000),
    "6 seats, classic": (6, Rules(discard_policy=DiscardPolicy.CLASSIC), 100_000),
    "10 seats, classic, exact melds": (
        10,
        Rules(discard_policy="classic", exact_contract_melds=True, discard_taken_card=False),
        100_000,
    ),
    "games that end": (4, Rules(schedule=[3], discard_policy=DiscardPolicy.CLASSIC), 100_000),
    "games truncated": (5, Rules(schedule=[13, 21]), 300),
}


@pytest.mark.parametrize("case", list(API_CASES))
def test_pettingzoo_api_test(case: str) -> None:
    players, rules, max_cycles = API_CASES[case]
    game = rl.env(players, rules=rules, seed=case, max_cycles=max_cycles)
    with warnings.catch_warnings():
        # Dict observations with an action mask are PettingZoo's convention for classic
        # games; the API test warns about them for environments it does not know by name.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        pz_test.api_test(game, num_cycles=1000)


@pytest.mark.parametrize("policy", POLICIES)
def test_pettingzoo_seed_test(policy: DiscardPolicy) -> None:
    pz_test.seed_test(lambda: rl.env(4, rules=Rules(discard_policy=policy)))


def test_max_cycles_truncates_every_agent() -> None:
    game = rl.env(4, seed="truncate", max_cycles=25)
    game.reset()
    seen = []
    for agent in random_steps(game, seed=1):
        seen.append((agent, game.terminations[agent], game.truncations[agent]))
    live = [entry for entry in seen if not entry[1] and not entry[2]]
    done = seen[len(live) :]
    assert len(live) == 25
    assert sorted(agent for agent, _, _ in done) == sorted(game.possible_agents)
    assert all(truncated and not terminated for _, terminated, truncated in done)
    assert game.agents == []
    assert game.unwrapped.game.phase in (Phase.DECIDE, Phase.PLAY)  # the game was not over


def test_a_whole_game_terminates_and_returns_minus_the_final_scores() -> None:
    rules = Rules(schedule=[3, 4], discard_policy=DiscardPolicy.CLASSIC)
    for zero_sum in (False, True):
        game = rl.env(3, rules=rules, seed="returns", zero_sum=zero_sum)
        game.reset()
        returns = dict.fromkeys(game.possible_agents, 0.0)
        terminated = set()
        for agent in random_steps(game, seed=2):
            for other, reward in game.rewards.items():
                returns[other] += reward
            if game.terminations[agent]:
                terminated.add(agent)
        state = game.unwrapped.game
        assert state.phase is Phase.GAME_OVER
        assert terminated == set(game.possible_agents)
        scores = state.scores
        if zero_sum:
            expected = [sum(scores) / 2 - 1.5 * score for score in scores]
        else:
            expected = [-float(score) for score in scores]
        assert list(returns.values()) == pytest.approx(expected)


def test_the_masks_come_from_the_legal_moves_of_the_seat_selected() -> None:
    game = rl.raw_env(5, rules=Rules(discard_policy=DiscardPolicy.CLASSIC), seed="masks")
    game.reset()
    for count, agent in enumerate(random_steps(game, seed=3)):
        if count == 600 or not game.agents:
            break
        builder = game.builder
        if builder is None or builder.prefix:
            continue
        seat = game.possible_agents.index(agent)
        # The steps reach every listed move and its variants (every choice of deuces).
        moves: list[Any] = released_listing(view(game.game, seat))
        if game.turn is rl.Turn.CALL:
            moves.append(rl.Decline())
        assert set(builder.moves()) == set(moves)
        firsts = {rl.action_steps(move)[0] for move in moves}
        allowed = set(np.flatnonzero(game.observe(agent)["action_mask"]).tolist())
        # The melds meeting identical requirements may come in any order: more first cards.
        assert firsts <= allowed
        assert all(rl.MELD_CARD <= step < rl.EXTEND for step in allowed - firsts)
        for other in game.possible_agents:
            if other != agent:
                assert not game.observe(other)["action_mask"].any()


def test_call_turns_go_in_seat_order_after_the_deciding_seat() -> None:
    game = rl.raw_env(6, rules=Rules(discard_policy=DiscardPolicy.CLASSIC), seed="calls")
    game.reset()
    rng = np.random.default_rng(4)
    rounds = 0
    while game.agents and rounds < 30:
        state = game.game
        if game.turn is rl.Turn.CALL:  # a bad discard: every seat that may call is asked
            rounds += 1
            callers = [
                (state.current + ahead) % state.players
                for ahead in range(1, state.players)
                if rummy_calls(state, (state.current + ahead) % state.players)
            ]
            assert state.discarder not in callers
            for caller in callers:
                assert game.turn is rl.Turn.CALL
                assert game.agent_selection == f"player_{caller}"
                moves = list(game.builder.moves())
                assert moves[-1] == rl.Decline()
                assert moves[:-1] == rummy_calls(state, caller)
                turn = rl.segment("turn")
                observed = game.observe(game.agent_selection)["observation"]
                assert observed[turn.start : turn.stop].tolist() == [0, 0, 0, 1]
                game.step(rl.DECLINE)
                assert game.game == state  # declining changes nothing in the game
            assert game.turn is rl.Turn.DECIDE
            assert game.agent_selection == f"player_{state.current}"
        observation = game.observe(game.agent_selection)
        if game.terminations[game.agent_selection] or game.truncations[game.agent_selection]:
            game.step(None)
        else:
            game.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    assert rounds == 30


def test_a_masked_out_step_is_refused_and_changes_nothing() -> None:
    game = rl.raw_env(3, seed="refuse")
    game.reset()
    before = game.game
    with pytest.raises(ValueError, match=r"step 5 \(next page\) is not allowed now"):
        game.step(rl.NEXT_PAGE)
    with pytest.raises(ValueError, match="not a step id"):
        game.step(rl.ACTION_SIZE)
    assert game.game == before and game.builder.prefix == ()
    with pytest.raises(ValueError, match="must be an action id"):
        game.step(None)


def test_render_ansi() -> None:
    game = rl.env(["Ann", "Bob", "Cat"], seed="render", render_mode="ansi")
    game.reset()
    game.step(rl.TAKE)
    text = game.render()
    assert "player_1 (Bob): 10 cards, score 0, <- play" in text
    assert "steps chosen: nothing yet" in text
    quiet = rl.env(3, seed="render")
    quiet.reset()
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        rl.env(3, render_mode="human")
    with pytest.raises(ValueError, match="max_cycles"):
        rl.env(3, max_cycles=0)
    with pytest.raises(ValueError, match="3 to 10 players"):
        rl.env(2)
    plan = DeckPlan(suits_by_players=[(11, 7)], decks_by_difficulty=[(25, 4)])
    with pytest.raises(ValueError, match="room for 10 seats"):
        rl.env(11, rules=Rules(max_players=11, deck_plan=plan))


def test_reset_seeds_replay_and_a_sequence_goes_on() -> None:
    game = rl.raw_env(4, seed="first")
    game.reset()
    assert game.game == new_game(4, seed="first")
    game.reset()
    second = game.game
    assert second != new_game(4, seed="first")
    game.reset(seed=9)
    assert game.game == new_game(4, seed=9)
    game.reset()
    again = rl.raw_env(4)
    again.reset(seed=9)
    again.reset()
    assert again.game == game.game


def test_the_observation_depends_on_the_view_only() -> None:
    state = new_game(5, seed="hidden")
    for seat in range(5):
        seen = view(state, seat)
        guess = resample(seen, rng_seed=seat)  # other hands and the stock differ
        assert guess.hands != state.hands
        assert np.array_equal(rl.encode(seen), rl.encode(view(guess, seat)))
    vector = rl.encode(view(state, 0))
    assert vector.shape == (rl.OBSERVATION_SIZE,)
    assert (vector >= 0).all() and (vector <= rl.HIGH).all()


def test_import_hellsrummy_imports_no_extra() -> None:
    code = (
        "import sys, hellsrummy\n"
        "heavy = [m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_extra_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = None\n"
        "try:\n"
        "    import hellsrummy.rl\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'needs pettingzoo, which the rl extra installs: pip install "hellsrummy[rl]"' in (
        done.stdout
    )
