"""Side-by-side speed: hellsrummy's random playouts against RLCard's gin rummy game, one core.

Both engines run in this one process, pinned to one core, in alternating chunks of about
``--chunk`` seconds each: ours, then RLCard's, then ours again... Each pair of chunks gives a
ratio (our decisions/s over RLCard's steps/s); the script prints every chunk and the median
ratio with its range. The machines this runs on are shared and noisy: only a ratio measured
side by side like this means anything.

What is compared, like with like:

* hellsrummy: the loop of ``bench/engine.py`` — ``legal_actions``, ``len``, index, ``apply``
  with a uniformly random legal action — 4 players, standard schedule, whole games
  (``next_round`` between rounds); one decision is one ``apply``.
* RLCard: its pure-Python gin rummy *game* (``rlcard.games.gin_rummy.game.GinRummyGame``):
  ``init_game``, then ``judge.get_legal_actions()`` and ``step`` with a uniformly random legal
  action until the game is over; one step is one ``step``. Not its env, which builds numpy
  observations every step.

Needs the ``bench`` extra (``pip install -e ".[bench]"``, which brings RLCard)::

    taskset -c 0 python bench/side_by_side.py --rounds 9 --chunk 2
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable

from hellsrummy import Phase, apply, legal_actions, new_game, next_round


def pin_to_one_core() -> str:
    """Pin this process to one core (the first it may use); say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {allowed[0]})
    return f"pinned to core {allowed[0]}"


class HellsRummyPlayouts:
    """Random playouts of standard 4-player games, the loop of ``bench/engine.py``."""

    name = "hellsrummy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.game = 0

    def play(self) -> int:
        """One whole game; returns its number of decisions."""
        rng = self.rng
        state = new_game(4, seed=self.game)
        self.game += 1
        decisions = 0
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions


class RLCardPlayouts:
    """Random playouts of RLCard's gin rummy game (game level, no env observations)."""

    name = "RLCard"

    def __init__(self, seed: int) -> None:
        from rlcard.games.gin_rummy.game import GinRummyGame  # the bench extra

        self.rng = random.Random(seed)
        self.game = GinRummyGame()
        self.game.np_random.seed(seed)

    def play(self) -> int:
        """One whole game; returns its number of steps."""
        rng = self.rng
        game = self.game
        game.init_game()
        steps = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps


def chunk(play: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Play whole games for about ``seconds``; return (decisions, elapsed seconds)."""
    count = 0
    start = time.perf_counter()
    while True:
        count += play()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=9, help="pairs of chunks (default 9)")
    parser.add_argument("--chunk", type=float, default=2.0, help="seconds per chunk (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import rlcard

    print(f"Python {platform.python_version()} on {platform.machine()}; {pin_to_one_core()}")
    print(f"RLCard {rlcard.__version__} GinRummyGame against hellsrummy random playouts")
    ours = HellsRummyPlayouts(args.seed)
    theirs = RLCardPlayouts(args.seed)
    chunk(ours.play, 0.5)  # warm both up
    chunk(theirs.play, 0.5)
    ratios = []
    for number in range(args.rounds):
        done, elapsed = chunk(ours.play, args.chunk)
        our_rate = done / elapsed
        done, elapsed = chunk(theirs.play, args.chunk)
        their_rate = done / elapsed
        ratios.append(our_rate / their_rate)
        print(
            f"chunk {number + 1}: hellsrummy {our_rate:9,.0f} decisions/s"
            f"   RLCard {their_rate:9,.0f} steps/s   ratio {ratios[-1]:.2f}"
        )
    print(
        f"median ratio hellsrummy/RLCard {statistics.median(ratios):.2f}"
        f" (range {min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} pairs)"
    )


if __name__ == "__main__":
    main()
