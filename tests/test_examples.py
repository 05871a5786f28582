"""Smoke tests: every example runs to the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize(
    ("script", "args", "expected"),
    [
        ("demo.py", ["--seed", "smoke", "--players", "3"], "winner:"),
        ("demo.py", ["--seed", "smoke", "--verbose"], "round 5 ended"),
        ("solver_demo.py", ["--hands", "2"], "Two Sets of 3"),
    ],
)
def test_example_runs(script: str, args: list[str], expected: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout
