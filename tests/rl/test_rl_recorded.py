"""The environment builds the same observations, masks and rewards as when they were recorded.

``tests/fixtures/rl_episodes.json`` holds the digests of seeded episodes recorded before the
environment was made faster (``tests/support/episodes.py`` plays and records them); each step of
the same episodes must give the same digest.
"""

from __future__ import annotations

import json

import pytest

from ..support.episodes import CASES, FIXTURE, play

pytest.importorskip("hellsrummy.rl")


@pytest.mark.parametrize("case", list(CASES))
def test_an_episode_gives_the_observations_masks_and_rewards_recorded(case: str) -> None:
    recorded = json.loads(FIXTURE.read_text())[case]
    digests = play(case, len(recorded))
    pairs = enumerate(zip(digests, recorded, strict=True))
    first = next((number for number, (made, kept) in pairs if made != kept), None)
    assert first is None, f"step {first} of {case!r} differs from the recording"
