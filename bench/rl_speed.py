"""Side-by-side speed of environments: hellsrummy's PettingZoo env against RLCard's gin rummy.

Both loops run in this one process, pinned to one core, in alternating chunks of about
``--chunk`` seconds (hellsrummy first in odd rounds, RLCard first in even ones). Each round
gives a ratio, hellsrummy's env steps/s over RLCard's; the script prints every round and the
median ratio with its range. The machines this runs on are shared and noisy: only a ratio
measured side by side like this means anything.

What is compared, each as a new user would write it:

* hellsrummy: PettingZoo's documented agent loop on ``hellsrummy.rl.env(4)`` (standard rules,
  whole games, ``reset()`` when one ends): ``env.agent_iter()``, ``env.last()``, a uniformly
  random step among those the action mask allows, ``env.step``. One step is one ``env.step``
  (a move of several steps — a meld card by card, a page of table melds — is several). The
  script also counts the *decisions* those steps make (a move made, or a call turn declined).
* RLCard: ``rlcard.make("gin-rummy")`` (2 players), ``env.reset()``, then a uniformly random
  action among ``state["legal_actions"]`` and ``env.step`` until ``env.is_over()``. One step is
  one ``env.step``. Both envs build an observation every step.

``--flat`` measures instead how a step's cost moves along a round: it plays hellsrummy's loop
over ``--games`` games, times every step, and for each round of at least ``--long`` steps
compares the steps/s of its first tenth with those of its last tenth.

Needs the ``rl`` and ``bench`` extras (``pip install -e ".[rl,bench]"``; the bench extra brings
RLCard)::

    taskset -c 0 python bench/rl_speed.py --rounds 9 --chunk 2
    taskset -c 0 python bench/rl_speed.py --flat --games 6
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from typing import Any

import numpy as np

import hellsrummy
from hellsrummy.rl import env as hellsrummy_env


def pin_to_one_core() -> str:
    """Pin this process to one core (the first it may use); say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {allowed[0]})
    return f"pinned to core {allowed[0]}"


class HellsRummyLoop:
    """PettingZoo's agent loop on ``hellsrummy.rl.env(4)`` with random allowed steps."""

    name = "hellsrummy env"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.env = hellsrummy_env(4)
        self.env.reset(seed=seed)
        self.raw: Any = self.env.unwrapped
        self.decisions = 0
        self.episodes = 0

    def run(self, seconds: float) -> tuple[int, float]:
        """Steps for about ``seconds``; returns (steps, elapsed seconds)."""
        env, rng, raw = self.env, self.rng, self.raw
        steps = decisions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    action = None
                else:
                    allowed = np.flatnonzero(observation["action_mask"])
                    action = allowed[rng.randrange(len(allowed))]
                builder = raw.builder
                env.step(action)
                steps += 1
                decisions += raw.builder is not builder
                if not steps % 64 and time.perf_counter() >= deadline:
                    self.decisions += decisions
                    return steps, time.perf_counter() - start
            env.reset()
            self.episodes += 1


class RLCardLoop:
    """RLCard's gin rummy env with random legal actions."""

    name = "RLCard env"

    def __init__(self, seed: int) -> None:
        import rlcard  # the bench extra

        self.rng = random.Random(seed)
        self.env = rlcard.make("gin-rummy", config={"seed": seed})
        self.state: dict[str, Any] | None = None

    def run(self, seconds: float) -> tuple[int, float]:
        """Steps for about ``seconds``; returns (steps, elapsed seconds)."""
        env, rng = self.env, self.rng
        steps = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                steps += 1
                if not steps % 64 and time.perf_counter() >= deadline:
                    return steps, time.perf_counter() - start


def side_by_side(rounds: int, seconds: float, seed: int) -> None:
    import rlcard

    ours, theirs = HellsRummyLoop(seed), RLCardLoop(seed)
    print(f"RLCard {rlcard.__version__} gin-rummy env against hellsrummy.rl.env(4)")
    for loop in (ours, theirs):  # warm up
        loop.run(0.5)
    ours.decisions = 0
    ratios: list[float] = []
    our_steps = our_seconds = 0.0
    for number in range(rounds):
        order = (ours, theirs) if number % 2 == 0 else (theirs, ours)
        rates = {}
        for loop in order:
            steps, elapsed = loop.run(seconds)
            rates[loop.name] = steps / elapsed
            if loop is ours:
                our_steps += steps
                our_seconds += elapsed
        ratios.append(rates[ours.name] / rates[theirs.name])
        print(
            f"round {number + 1} ({order[0].name} first): {ours.name} {rates[ours.name]:9,.0f}"
            f" steps/s  {theirs.name} {rates[theirs.name]:9,.0f} steps/s"
            f"  ratio {ratios[-1]:.3f}"
        )
    print(
        f"median ratio hellsrummy env/RLCard env {statistics.median(ratios):.3f}"
        f" (range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} rounds)"
    )
    print(
        f"hellsrummy env: {our_steps / our_seconds:,.0f} steps/s and"
        f" {ours.decisions / our_seconds:,.0f} game decisions/s over the timed chunks"
        f" ({our_steps / max(1, ours.decisions):.2f} steps per decision)"
    )


def flatness(games: int, long: int, seed: int) -> None:
    """Steps/s in the first and the last tenth of each long round."""
    rng = random.Random(seed)
    env = hellsrummy_env(4)
    raw: Any = env.unwrapped
    first_time = last_time = 0.0
    first_steps = last_steps = 0
    lengths = []
    for game in range(games):
        env.reset(seed=seed * 1000 + game)
        times: list[float] = []
        round_number = raw.game.round
        clock = time.perf_counter
        for _ in env.agent_iter():
            before = clock()
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                allowed = np.flatnonzero(observation["action_mask"])
                action = allowed[rng.randrange(len(allowed))]
            env.step(action)
            times.append(clock() - before)
            if raw.game.round != round_number or not env.agents:
                lengths.append(len(times))
                if len(times) >= long:
                    tenth = len(times) // 10
                    first_time += sum(times[:tenth])
                    last_time += sum(times[-tenth:])
                    first_steps += tenth
                    last_steps += tenth
                    print(
                        f"game {game} round {round_number + 1}: {len(times):,} steps; first"
                        f" tenth {tenth / sum(times[:tenth]):,.0f} steps/s, last tenth"
                        f" {tenth / sum(times[-tenth:]):,.0f} steps/s"
                    )
                times = []
                round_number = raw.game.round
    if not first_steps:
        print(f"no round of {long} steps or more (longest {max(lengths, default=0)})")
        return
    first, last = first_steps / first_time, last_steps / last_time
    print(
        f"rounds of {long}+ steps: first tenth {first:,.0f} steps/s, last tenth {last:,.0f}"
        f" steps/s: last/first {last / first:.2f} ({len(lengths)} rounds played, median"
        f" {statistics.median(lengths):,.0f} steps)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=9, help="rounds of chunks (default 9)")
    parser.add_argument("--chunk", type=float, default=2.0, help="seconds per chunk (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flat", action="store_true", help="measure along rounds instead")
    parser.add_argument("--games", type=int, default=6, help="games for --flat (default 6)")
    parser.add_argument(
        "--long", type=int, default=1000, help="steps of a long round for --flat (default 1000)"
    )
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {pin_to_one_core()}")
    if args.flat:
        flatness(args.games, args.long, args.seed)
    else:
        side_by_side(args.rounds, args.chunk, args.seed)
    print(
        f"hellsrummy measured: {hellsrummy.__version__} from {hellsrummy.__file__}"
        f" (COMPILED {getattr(hellsrummy, 'COMPILED', False)})"
    )


if __name__ == "__main__":
    main()
