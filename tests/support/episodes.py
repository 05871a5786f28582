"""Seeded episodes of the environment, each step reduced to a digest, for the recorded fixture.

``python -m tests.support.episodes`` (from the repository's top) writes
``tests/fixtures/rl_episodes.json``: for each case, the digest of every step of a seeded
episode played by random allowed steps — the selected agent, its observation and mask, its
reward, termination and truncation, and every few steps every agent's observation too.
``tests/rl/test_rl_recorded.py`` plays the same episodes and checks every digest, so a faster
environment must build the very same observations, masks and rewards.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from hellsrummy import DiscardPolicy, Rules

FIXTURE = Path(__file__).parent.parent / "fixtures" / "rl_episodes.json"
STEPS = 1500
#: name: (players, rules, max_cycles, zero_sum, seed)
CASES: dict[str, tuple[int, Rules, int, bool, int]] = {
    "4 seats, standard": (4, Rules(), 100_000, False, 1),
    "3 seats, classic": (3, Rules(discard_policy=DiscardPolicy.CLASSIC), 100_000, False, 2),
    "6 seats, reject, zero sum": (6, Rules(discard_policy=DiscardPolicy.REJECT), 100_000, True, 3),
    "5 seats, classic, short rounds": (
        5,
        Rules(discard_policy=DiscardPolicy.CLASSIC, schedule=[6, 3, 14], max_turns=40),
        100_000,
        False,
        4,
    ),
    "10 seats, classic, exact melds": (
        10,
        Rules(discard_policy="classic", exact_contract_melds=True, discard_taken_card=False),
        100_000,
        False,
        5,
    ),
    "4 seats, truncated": (4, Rules(schedule=[9, 12], hand_size=11), 250, False, 6),
}


def _digest(*parts: Any) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part.tobytes() if hasattr(part, "tobytes") else repr(part).encode())
        hasher.update(b"|")
    return hasher.hexdigest()[:16]


def play(case: str, steps: int = STEPS) -> list[str]:
    """The digests of the first ``steps`` steps of the case's episode (then of its next)."""
    import numpy as np

    from hellsrummy.rl import env

    players, rules, max_cycles, zero_sum, seed = CASES[case]
    game = env(players, rules=rules, max_cycles=max_cycles, zero_sum=zero_sum)
    game.reset(seed=seed)
    rng = random.Random(seed)
    digests: list[str] = []
    while len(digests) < steps:
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, info = game.last()
            parts: list[Any] = [
                agent,
                observation["observation"],
                observation["action_mask"],
                float(reward),
                terminated,
                truncated,
                sorted(info),
            ]
            if len(digests) % 5 == 0:
                for other in game.agents:
                    seen = game.observe(other)
                    parts += [other, seen["observation"], seen["action_mask"]]
            digests.append(_digest(*parts))
            if terminated or truncated:
                game.step(None)
            else:
                allowed = np.flatnonzero(observation["action_mask"])
                game.step(int(allowed[rng.randrange(len(allowed))]))
            if len(digests) >= steps:
                break
        else:
            game.reset()
    return digests


def main() -> None:
    """Write the fixture."""
    recorded = {case: play(case) for case in CASES}
    FIXTURE.write_text(json.dumps(recorded, indent=0) + "\n")
    print(f"wrote {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    main()
