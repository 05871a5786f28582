"""PolicyBot: a step policy plays as a bot, seeing what the environment would show it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellsrummy import (
    DiscardPolicy,
    GreedyBot,
    Pass,
    Phase,
    RandomBot,
    Rules,
    apply,
    compare,
    new_game,
    play_game,
    view,
)
from hellsrummy.rl import PolicyBot, Turn, env, masked_random

CLASSIC = Rules(discard_policy=DiscardPolicy.CLASSIC)


class Recorded:
    """A policy that records what it was shown, then asks ``policy``."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.shown: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        self.shown.append((observation.copy(), mask.copy()))
        return int(self.policy(observation, mask))


def same_shown(left: list, right: list) -> bool:
    return len(left) == len(right) and all(
        (a == c).all() and (b == d).all() for (a, b), (c, d) in zip(left, right, strict=True)
    )


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [(4, None, 1), (3, None, 2), (4, CLASSIC, 3), (5, CLASSIC, 4), (4, Rules(expert=True), 5)],
)
def test_a_policy_bot_sees_what_the_environment_shows_and_makes_its_move(
    players: int, rules: Rules | None, seed: int
) -> None:
    """Every move of an AEC episode, rebuilt by a PolicyBot from the seat's view alone."""
    policy = masked_random(seed)
    game = env(players, rules=rules, max_cycles=1500)
    game.reset(seed=seed)
    raw = game.unwrapped
    moves = calls = 0
    expected: Any = None
    bot_shown: list = []
    env_shown: list = []
    before = raw.game
    while game.agents:
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        if not raw.builder.prefix:  # a move begins: the bot builds it from the view alone
            before = raw.game
            seen = view(before, raw.possible_agents.index(game.agent_selection))
            recorded = Recorded(policy)
            bot = PolicyBot(recorded)
            call_turn = raw.turn is Turn.CALL
            expected = bot.call(seen) if call_turn else bot(seen)
            bot_shown, env_shown = recorded.shown, []
        env_shown.append((observation["observation"], observation["action_mask"]))
        game.step(policy(observation["observation"], observation["action_mask"]))
        if any(raw.truncations.values()):
            break  # (cut off by max_cycles, perhaps in the middle of a move)
        if raw.builder is None or not raw.builder.prefix:  # the move is made
            assert same_shown(bot_shown, env_shown)
            if call_turn:
                calls += 1
            if expected is None:
                assert raw.game == before  # a declined call changes nothing
            else:
                after = apply(before, expected)
                if after.phase in (Phase.DECIDE, Phase.PLAY):
                    assert after == raw.game
            moves += 1
    assert moves > 50
    if rules is CLASSIC:
        assert calls > 0


def test_policy_bots_play_games_and_duplicate_deals_deterministically() -> None:
    bots = [PolicyBot(masked_random(1)), RandomBot(2), GreedyBot(), PolicyBot(masked_random(4))]
    first = play_game(bots, "policy", 0, CLASSIC)
    assert first == play_game(bots, "policy", 0, CLASSIC)
    assert first.decisions > 0

    def factory(seed: int) -> PolicyBot:
        return PolicyBot(masked_random(seed))

    study = compare({"masked random": factory}, RandomBot, deals=4, seed="policy")
    again = compare({"masked random": factory}, RandomBot, deals=4, seed="policy")
    assert study.records == again.records
    assert study["masked random"].rounds == 16


def test_a_policy_choosing_a_forbidden_step_is_refused_by_name() -> None:
    seen = view(new_game(3, seed=1), 1)  # take (0) or pass (1)
    with pytest.raises(ValueError, match=r"chose step 3 \(.*\), which the mask forbids"):
        PolicyBot(lambda observation, mask: 3)(seen)
    with pytest.raises(ValueError, match=r"step 99999 .*forbids"):
        PolicyBot(lambda observation, mask: 99999)(seen)
    with pytest.raises(TypeError, match="step id"):
        PolicyBot(lambda observation, mask: "take")(seen)
    with pytest.raises(TypeError, match="step id"):
        PolicyBot(lambda observation, mask: True)(seen)
    with pytest.raises(TypeError, match="callable"):
        PolicyBot("not a policy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not the seat to act"):
        PolicyBot(masked_random())(view(new_game(3, seed=1), 0))
    with pytest.raises(TypeError, match="PlayerView"):
        PolicyBot(masked_random())(new_game(3, seed=1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        masked_random(1.5)  # type: ignore[arg-type]
    assert PolicyBot(lambda observation, mask: np.int64(1))(seen) == Pass()
