"""Stable Baselines3 on the single-seat environment: its env checker and MaskablePPO.

Marked ``torch``: PyTorch does not come from PyPI in a usable size (its default wheel is a
multi-GB CUDA build), so the README's test command deselects these; CI installs a CPU build
with stable-baselines3 and sb3-contrib and runs them in a step of their own.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest

from hellsrummy import DiscardPolicy, GreedyBot, RandomBot, Rules, play_game
from hellsrummy.rl import SINGLE_ID, HellsRummySingleEnv, PolicyBot

pytestmark = pytest.mark.torch

CLASSIC = Rules(discard_policy=DiscardPolicy.CLASSIC)


@pytest.mark.parametrize(
    "made",
    [
        lambda: HellsRummySingleEnv(opponents=[RandomBot] * 3),
        lambda: HellsRummySingleEnv(opponents=[GreedyBot(), RandomBot], rules=CLASSIC, seat=1),
        lambda: gymnasium.make(SINGLE_ID).unwrapped,
    ],
)
def test_stable_baselines3_check_env_passes_without_a_warning(made) -> None:
    from stable_baselines3.common.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker fails the test
        check_env(made(), warn=True, skip_render_check=True)


def test_maskable_ppo_learns_on_it_and_its_policy_plays_as_a_bot() -> None:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    single = HellsRummySingleEnv(opponents=[RandomBot] * 3)
    model = MaskablePPO("MlpPolicy", single, n_steps=64, batch_size=32, seed=0, device="cpu")
    from stable_baselines3.common.logger import Logger

    model.set_logger(Logger(folder=None, output_formats=[]))  # (no log folder in /tmp)
    model.learn(128)
    observation, info = single.reset(seed=4)
    masks = get_action_masks(single)  # sb3-contrib finds the action_masks() method
    assert (masks == info["action_mask"].astype(bool)).all()
    step, _ = model.predict(observation, action_masks=masks, deterministic=True)
    assert masks[int(step)]

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        chosen, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(chosen)

    bots = [PolicyBot(policy), RandomBot(1), RandomBot(2), RandomBot(3)]
    result = play_game(bots, "sb3", 0)
    assert result == play_game(bots, "sb3", 0)  # a deterministic policy plays the same game
    assert result.decisions > 0


def test_the_training_example_trains_saves_and_evaluates(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[2] / "examples" / "train.py"
    command = [sys.executable, str(script), "--method", "ppo", "--timesteps", "1024"]
    command += ["--n-steps", "256"]
    done = subprocess.run(
        [*command, "--deals", "2", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "trained - masked random:" in done.stdout
    assert "trained - GreedyBot:" in done.stdout
    assert (tmp_path / "learning_curve.png").read_bytes().startswith(b"\x89PNG")
    rows = (tmp_path / "episodes.csv").read_text().splitlines()
    assert rows[0] == "episode,steps,game points"
    assert (tmp_path / "log" / "progress.csv").exists()
    assert json.loads((tmp_path / "evaluation.json").read_text())["deals"] == 2
    again = subprocess.run(
        [*command, "--deals", "2", "--out", str(tmp_path), "--evaluate-only"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    # The saved model plays the same deals the same way.
    # (The line that says how long the evaluation took is left out: it is a wall clock.)
    assert _results(again.stdout) == _results(done.stdout)
    bad = subprocess.run(
        [sys.executable, str(script), "--method", "ppo", "--timesteps", "0"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert bad.returncode == 2
    assert "usage:" in bad.stderr
    assert "must be at least 1, got 0" in bad.stderr


def _results(stdout: str) -> list[str]:
    """The evaluation's lines after its header, which carries the seconds it took."""
    return stdout.split("evaluated", 1)[1].splitlines()[1:]
