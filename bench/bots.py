"""Benchmarks of the bots and the simulation API.

Run by hand: ``python bench/bots.py`` (``--games N`` for the speed runs, ``--duel N`` for the
win-rate study). Reports games per second with four GreedyBots on one core and with
``workers=2``, and GreedyBot's results against three RandomBots.
"""

from __future__ import annotations

import argparse
import platform
import time

from hellsrummy import GreedyBot, RandomBot, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--duel", type=int, default=1000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.platform()})")

    greedy = [GreedyBot()] * 4
    for workers in (1, 2):
        start = time.perf_counter()
        results = simulate(greedy, games=args.games, seed="speed", workers=workers, chunk=8)
        elapsed = time.perf_counter() - start
        decisions = sum(result.decisions for result in results)
        print(
            f"4 GreedyBots, standard games, workers={workers}: {args.games} games in"
            f" {elapsed:.1f} s = {args.games / elapsed:.1f} games/s"
            f" ({decisions / elapsed:,.0f} decisions/s)"
        )

    start = time.perf_counter()
    duel = simulate(
        [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)],
        games=args.duel,
        seed="duel",
        workers=2,
    )
    elapsed = time.perf_counter() - start
    wins = sum(0 in result.winners for result in duel)
    means = [sum(result.totals[b] for result in duel) / len(duel) for b in range(4)]
    print(
        f"GreedyBot against 3 RandomBots, {args.duel} games ({elapsed:.0f} s): GreedyBot wins"
        f" {wins} ({wins / len(duel):.1%}); mean totals GreedyBot {means[0]:.0f},"
        f" RandomBots {means[1]:.0f} / {means[2]:.0f} / {means[3]:.0f}"
    )


if __name__ == "__main__":
    main()
