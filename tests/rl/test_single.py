"""The single-seat Gymnasium environment (issue 30): the env checker, whole games, seeds."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hellsrummy import DiscardPolicy, GreedyBot, RandomBot, Rules
from hellsrummy.rl import SINGLE_ID, HellsRummySingleEnv

CLASSIC = Rules(discard_policy=DiscardPolicy.CLASSIC)


def play(single: gymnasium.Env, seed: int, policy_seed: int = 0) -> tuple[list, list, bool, bool]:
    """A masked random policy through one episode: the observations and rewards."""
    rng = np.random.default_rng(policy_seed)
    observation, info = single.reset(seed=seed)
    observations, rewards = [observation], []
    terminated = truncated = False
    while not (terminated or truncated):
        mask = info["action_mask"]
        assert mask.any()
        assert (single.unwrapped.action_masks() == mask.astype(bool)).all()
        step = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = single.step(step)
        observations.append(observation)
        rewards.append(reward)
    return observations, rewards, terminated, truncated


def test_check_env_passes_on_the_unwrapped_and_the_made_env() -> None:
    check_env(HellsRummySingleEnv(opponents=[RandomBot, GreedyBot()]), skip_render_check=True)
    made = gymnasium.make(SINGLE_ID, max_cycles=300)
    check_env(made.unwrapped, skip_render_check=True)
    made.close()


def test_a_masked_random_policy_plays_a_whole_game() -> None:
    single = gymnasium.make(SINGLE_ID, opponents=[RandomBot, RandomBot])
    _, rewards, terminated, truncated = play(single, seed=4)
    assert terminated and not truncated
    game = single.unwrapped.aec.game
    assert sum(rewards) == -game.scores[0]
    assert not single.unwrapped.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        single.unwrapped.step(0)


def test_the_same_seed_gives_the_same_episode() -> None:
    first = play(HellsRummySingleEnv(opponents=[RandomBot] * 3, max_cycles=400), seed=11)
    again = play(HellsRummySingleEnv(opponents=[RandomBot] * 3, max_cycles=400), seed=11)
    assert first[1] == again[1]
    assert len(first[0]) == len(again[0])
    assert all((a == b).all() for a, b in zip(first[0], again[0], strict=True))
    other = play(HellsRummySingleEnv(opponents=[RandomBot] * 3, max_cycles=400), seed=12)
    assert len(other[0]) != len(first[0]) or any(
        (a != b).any() for a, b in zip(first[0], other[0], strict=False)
    )


def test_truncation_follows_max_cycles() -> None:
    _, _, terminated, truncated = play(HellsRummySingleEnv(max_cycles=30), seed=1)
    assert truncated and not terminated


def test_sync_vector_env_steps_with_masks() -> None:
    vector = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(SINGLE_ID, max_cycles=40) for _ in range(2)]
    )
    observations, infos = vector.reset(seed=[1, 2])
    assert observations.shape[0] == 2
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        masks = infos["action_mask"]
        # (an env whose episode ended has an empty mask: the vector resets it on this step)
        steps = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        observations, rewards, terminated, truncated, infos = vector.step(steps)
        assert rewards.shape == (2,) and observations.shape[0] == 2
        ended += int((terminated | truncated).sum())
    assert ended  # and the vector reset the env whose episode ended
    vector.close()


@pytest.mark.parametrize(
    ("opponents", "rules", "seat"),
    [
        ([GreedyBot()] * 3, CLASSIC, 2),
        ([RandomBot, GreedyBot()], CLASSIC, 1),
        ([GreedyBot(), RandomBot, RandomBot, GreedyBot()], None, 4),
    ],
)
def test_classic_rules_and_three_and_five_seats(opponents, rules, seat) -> None:
    single = HellsRummySingleEnv(opponents=opponents, rules=rules, seat=seat)
    _, rewards, terminated, _ = play(single, seed=seat)
    assert terminated
    assert single.aec.num_agents == len(opponents) + 1
    assert sum(rewards) == -single.aec.game.scores[seat]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        HellsRummySingleEnv(opponents=[])
    with pytest.raises(TypeError, match="a bot"):
        HellsRummySingleEnv(opponents=[GreedyBot(), 3])
    with pytest.raises(TypeError, match="sequence of bots"):
        HellsRummySingleEnv(opponents=GreedyBot())
    with pytest.raises(ValueError, match="range"):
        HellsRummySingleEnv(seat=4)
    with pytest.raises(TypeError, match="seat must be an int"):
        HellsRummySingleEnv(seat="0")
    with pytest.raises(ValueError, match="players"):
        HellsRummySingleEnv(opponents=[GreedyBot()] * 20)
    single = HellsRummySingleEnv(strict=True)
    single.reset(seed=1)
    with pytest.raises(ValueError, match="not allowed"):
        single.step(int(np.flatnonzero(~single.action_masks())[0]))
    with pytest.raises(ValueError, match="range"):
        single.step(-1)
    with pytest.raises(TypeError, match="int id"):
        single.step(1.5)


def test_a_step_the_mask_forbids_changes_nothing() -> None:
    single = HellsRummySingleEnv(max_cycles=2, seat=1)
    before, _ = single.reset(seed=1)
    assert single.aec.agent_selection == "player_1"  # the learner decides first
    forbidden = int(np.flatnonzero(~single.action_masks())[0])
    after, reward, terminated, truncated, info = single.step(forbidden)
    assert (before == after).all() and reward == 0.0 and info["illegal"]
    assert not (terminated or truncated)
    assert single.step(forbidden)[3]  # max_cycles of them truncate
    with pytest.raises(RuntimeError, match="reset"):
        single.step(forbidden)
    # A max_cycles the bots use up before the learner's first step truncates at once.
    tiny = HellsRummySingleEnv(max_cycles=1, seat=0)
    tiny.reset(seed=1)
    assert not tiny.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        tiny.step(0)


def test_registration_is_idempotent() -> None:
    import importlib

    import hellsrummy.rl

    importlib.reload(hellsrummy.rl)
    assert SINGLE_ID in gymnasium.registry


class Recording:
    """A greedy bot that counts the calls it is asked for and the calls it makes."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()
        self.asked = self.made = 0

    def __call__(self, seen):
        return self.greedy(seen)

    def call(self, seen):
        self.asked += 1
        called = self.greedy.call(seen)
        self.made += called is not None
        return called


def test_a_bots_call_method_answers_its_classic_calls() -> None:
    bots = [Recording(), Recording()]
    for seed in range(4):
        play(HellsRummySingleEnv(opponents=bots, rules=CLASSIC), seed=seed)
    assert bots[0].asked + bots[1].asked > 0
    assert bots[0].made + bots[1].made > 0


class Seated:
    """A greedy bot that notes the seats it plays."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()
        self.seats: set[int] = set()

    def __call__(self, seen):
        self.seats.add(seen.seat)
        return self.greedy(seen)


def test_the_opponents_take_the_other_seats_lowest_first() -> None:
    bots = [Seated(), Seated(), Seated()]
    play(HellsRummySingleEnv(opponents=bots, seat=1, rules=Rules(schedule=[6])), seed=2)
    assert [bot.seats for bot in bots] == [{0}, {2}, {3}]


def test_an_opponent_making_a_refused_move_raises_naming_its_seat_and_bot() -> None:
    from hellsrummy import BotMoveError, Discard, Phase, Take, card

    def cheat(seen):
        if seen.phase is Phase.DECIDE:
            return Take()
        return Discard(next(c for c in map(card, ("AH", "KH", "QH")) if c not in seen.hand))

    def play() -> None:
        _, info = single.reset(seed=1)
        for _ in range(50):
            step = int(np.flatnonzero(info["action_mask"])[0])
            _, _, terminated, truncated, info = single.step(step)
            assert not (terminated or truncated)

    single = HellsRummySingleEnv(opponents=[cheat, GreedyBot(), GreedyBot()], seat=0)
    with pytest.raises(BotMoveError, match=r"seat 1's bot .*cheat.* made an illegal move"):
        play()
