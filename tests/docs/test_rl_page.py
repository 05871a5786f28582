"""What the Reinforcement learning page says of the Gymnasium environment holds.

docs/rl.rst: it "passes ``gymnasium.utils.env_checker.check_env`` ... (without a warning)",
whatever its render mode: ``render_fps`` is declared, as the checker asks of an environment
that renders.
"""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra")


@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_check_env_passes_without_a_warning(render_mode: str | None) -> None:
    from gymnasium.utils.env_checker import check_env

    import hellsrummy.rl  # registers hellsrummy/HellsRummy-v0
    from hellsrummy import Rules

    single = gymnasium.make(
        "hellsrummy/HellsRummy-v0", rules=Rules(schedule=[6]), render_mode=render_mode
    )
    assert isinstance(single.unwrapped, hellsrummy.rl.HellsRummySingleEnv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(single.unwrapped, skip_render_check=False)
    assert [str(warning.message) for warning in caught] == []
    fps = single.metadata["render_fps"]
    assert isinstance(fps, int) and fps > 0
