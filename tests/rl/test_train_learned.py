"""examples/train.py's default method: LearnedBot's weights from nothing, in a small run.

Marked ``torch`` (the learner is PyTorch); CI's PyTorch step runs it. Two stages (rollout
labels, then labels bootstrapped from the first network), one epoch each, a few thousand
decisions: minutes of one core. It must write what the docs say, resume instead of starting
over, and make weights that LearnedBot loads and plays with.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hellsrummy import new_game, view
from hellsrummy.rl import LearnedBot, load_network

pytestmark = pytest.mark.torch

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train.py"
SMALL = ["--decisions", "2000", "--td-decisions", "2000", "--td-stages", "1", "--workers", "1"]
SMALL += ["--epochs", "1", "--deals", "2"]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_a_small_run_labels_learns_in_two_stages_and_evaluates(tmp_path: Path) -> None:
    done = run(*SMALL, "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "rollouts: labelled 2000 decisions" in done.stdout
    assert "td1: labelled 2000 decisions" in done.stdout
    assert "learned - GreedyBot:" in done.stdout
    for name in ("learned.npz", "history.json", "evaluation.txt", "evaluation.json"):
        assert (tmp_path / name).exists(), name
    assert (tmp_path / "learning_curve.png").read_bytes().startswith(b"\x89PNG")
    history = json.loads((tmp_path / "history.json").read_text())
    assert [row["stage"] for row in history] == ["rollouts", "td1"]
    network = load_network(tmp_path / "learned.npz")
    assert network.trained["stage"] == "td1" and network.trained["decisions"] >= 2000
    state = new_game(4, seed="trained")
    seen = view(state, state.current)
    assert LearnedBot(weights=tmp_path / "learned.npz").analyse(seen).learned
    again = run(*SMALL, "--out", str(tmp_path))  # resumes: nothing to label or learn again
    assert again.returncode == 0, again.stderr
    assert "2000 labelled decisions already" in again.stdout
    assert "labelled 2000" not in again.stdout
    assert results(again.stdout) == results(done.stdout)  # the same weights, the same games


def results(stdout: str) -> str:
    """The evaluation's table, without the timings (a wall clock)."""
    return stdout.split("deals of 4 players", 1)[1].split("ms/decision", 1)[0]


def test_bad_arguments_are_refused_with_usage() -> None:
    bad = run("--epochs", "0")
    assert bad.returncode == 2
    assert "usage:" in bad.stderr and "must be at least 1, got 0" in bad.stderr
