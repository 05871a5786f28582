"""What keeping a game's history costs: ``record_of`` of a finished game against the game itself.

A game of four GreedyBots (``play_game(..., history=True)``, seed "cost", game 0) is replayed to
its final state; the script times ``record_of`` of that state and the game played without
history, each for about two seconds, and prints both with the cost per action. Run it pinned to
one core, once with the pure build and once with the compiled one::

    taskset -c 0 python bench/record_cost.py
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hellsrummy import GreedyBot, play_game, record_of, replay


def _seconds_each(run: Callable[[], object], budget: float = 2.0) -> float:
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < budget:
        run()
        count += 1
    return (time.perf_counter() - start) / count


def main() -> None:
    kept = play_game([GreedyBot()] * 4, "cost", 0, history=True)
    assert kept.record is not None
    state = replay(kept.record)
    actions = len(kept.record.actions)
    reading = _seconds_each(lambda: record_of(state))
    game = _seconds_each(lambda: play_game([GreedyBot()] * 4, "cost", 0))
    print(
        f"{actions} actions: record_of {reading * 1e3:.3f} ms ({reading / actions * 1e6:.2f} us"
        f" an action); the game without history {game * 1e3:.1f} ms;"
        f" history adds {reading / game:.1%}"
    )


if __name__ == "__main__":
    main()
