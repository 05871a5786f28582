"""Calibrate a machine: RLCard's pure-Python gin rummy, stepped with uniformly random legal actions.

The engine issue compares hellsrummy's playout speed with RLCard's gin rummy on the same machine.
This measures the latter, so that figures taken on a slower or busier machine can be put in
proportion. RLCard is not a dependency of hellsrummy: ``pip install rlcard`` in a scratch
environment, then ``python bench/rlcard_calibration.py [--seconds 8]``.
"""

from __future__ import annotations

import argparse
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    import rlcard  # imported here: only this script needs it

    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
    elapsed = time.perf_counter() - start
    print(f"RLCard {rlcard.__version__} gin rummy: {steps / elapsed:,.0f} steps/s")


if __name__ == "__main__":
    main()
