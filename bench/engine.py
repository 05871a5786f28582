"""Benchmarks of the engine: random playouts, and apply / legal_actions alone per phase.

Run by hand: ``python bench/engine.py`` (``--games N`` for more or fewer games). One core.
"""

from __future__ import annotations

import argparse
import copy
import platform
import random
import statistics
import time
from collections import defaultdict

from hellsrummy import GameState, Phase, apply, legal_actions, new_game, next_round


def playout(seed: int, rng: random.Random, record: list[GameState] | None = None) -> int:
    """Play one standard 4-player game with uniformly random legal actions; count decisions."""
    state = new_game(4, seed=seed)
    decisions = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        if record is not None:
            record.append(state)
        moves = legal_actions(state)
        state = apply(state, moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions


def phase_of(state: GameState) -> str:
    if state.phase is Phase.DECIDE:
        return "decide"
    return "play, minimum met" if state.met[state.current] else "play, minimum not met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.platform()})")

    rng = random.Random(args.seed)
    start = time.perf_counter()
    decisions = sum(playout(game, rng) for game in range(args.games))
    elapsed = time.perf_counter() - start
    print(
        f"random playouts, 4 players, standard schedule, {args.games} games: "
        f"{decisions} decisions in {elapsed:.2f} s = {decisions / elapsed:,.0f} decisions/s, "
        f"{args.games / elapsed:.2f} games/s, {decisions / args.games:.0f} decisions/game"
    )

    states: list[GameState] = []
    for game in range(min(args.games, 20)):
        playout(10_000 + game, rng, states)
    by_phase: dict[str, list[GameState]] = defaultdict(list)
    for state in states:
        by_phase[phase_of(state)].append(state)
    for phase, group in sorted(by_phase.items()):
        moves = [list(legal_actions(s)) for s in group]
        # Each timing gets a fresh copy: a state keeps what it has worked out (its position's
        # facts, its listed moves), so timing the same state twice would time a look-up.
        generate = []
        for state in group:
            fresh = copy.copy(state)
            t0 = time.perf_counter()
            len(legal_actions(fresh))
            generate.append(time.perf_counter() - t0)
        applying = []
        for state, options in zip(group, moves, strict=True):
            move = options[rng.randrange(len(options))]
            fresh = copy.copy(state)
            t0 = time.perf_counter()
            apply(fresh, move)
            applying.append(time.perf_counter() - t0)
        count = statistics.mean(len(m) for m in moves)
        print(
            f"{phase:<22} {len(group):>6} states, {count:5.1f} actions on average: "
            f"legal_actions mean {statistics.mean(generate) * 1e6:6.1f} us "
            f"(median {statistics.median(generate) * 1e6:5.1f}); "
            f"apply mean {statistics.mean(applying) * 1e6:5.1f} us "
            f"(median {statistics.median(applying) * 1e6:5.1f})"
        )


if __name__ == "__main__":
    main()
