"""How long does one ISMCTS decision take on ``python_hellsrummy``? For "equal time" budgets.

Deals the ladder's kind of position: one round of 4 players at each difficulty asked, from a
given deal (:meth:`hellsrummy.openspiel.HellsRummyGame.state_from` of ``new_game``), played by
GreedyBots (:class:`hellsrummy.openspiel.LibraryBot`, so every run sees the same positions).
At each decision of seat ``--seat`` with more than one legal step (OpenSpiel's ISMCTSBot
answers a forced step at once), :func:`hellsrummy.openspiel.ismcts_bot` is asked for a step at
each simulation count and timed; the GreedyBot's step is played. Prints, per simulation count,
the decisions timed and the mean, median and largest seconds per decision (and per
simulation). Pin it to a core of its own::

    taskset -c 0 python bench/ismcts_time.py --simulations 100 300 1000 --decisions 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

import hellsrummy.openspiel as hos
from hellsrummy import GreedyBot, new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--difficulties", type=int, nargs="+", default=[6, 8, 10])
    parser.add_argument("--decisions", type=int, default=10, help="per difficulty")
    parser.add_argument("--evaluator", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--seed", default="ismcts time")
    arguments = parser.parse_args()
    times: dict[int, list[float]] = {count: [] for count in arguments.simulations}
    greedy = hos.LibraryBot(GreedyBot())
    for difficulty in arguments.difficulties:
        game = pyspiel.load_game("python_hellsrummy", {"players": 4, "difficulty": difficulty})
        deal = new_game(4, seed=f"{arguments.seed}/{difficulty}", rules=game.rules)
        state = game.state_from(deal)
        bots = {
            count: hos.ismcts_bot(
                game, seed=count, simulations=count, evaluator=arguments.evaluator
            )
            for count in arguments.simulations
        }
        rng = random.Random(difficulty)
        timed = 0
        while not state.is_terminal() and timed < arguments.decisions:
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if state.current_player() == arguments.seat and len(state.legal_actions()) > 1:
                for count, bot in bots.items():
                    start = time.perf_counter()
                    bot.step(state)
                    times[count].append(time.perf_counter() - start)
                timed += 1
            state.apply_action(greedy.step(state))
    for count, seconds in times.items():
        print(
            f"{count:5d} simulations: {len(seconds)} decisions, mean {statistics.mean(seconds):.3f}"
            f" s, median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s"
            f" ({1000 * statistics.mean(seconds) / count:.2f} ms a simulation)"
        )


if __name__ == "__main__":
    main()
