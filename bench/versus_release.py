"""Side-by-side speed: the working tree's hellsrummy against an older release, one core.

The two versions cannot share a process, so this script (the driver) starts two workers — this
same file run with ``--worker`` — one under the current interpreter (``sys.executable``, which
must import the working tree's hellsrummy, e.g. the dev venv's editable install) and one under
``--python-old`` (a venv with the release installed). The driver and both workers are pinned
to the same single core. The driver tells one worker at a time to play a chunk of whole games
and reads back (games, decisions, seconds) over a line protocol on the workers' stdin/stdout,
so no files are needed. Both workers play *the same games* in each pair of chunks (the same
game numbers from a fixed seed); the number of games per chunk is set once, from a warm-up,
so that a chunk lasts about ``--chunk`` seconds. Each pair gives a ratio new/old (the order
old/new alternates from pair to pair); the script prints every chunk and the median ratio with
its range. The machines this runs on are shared and noisy: only a ratio measured side by side
like this means anything.

Workloads (``--workload``):

* ``greedy``: four GreedyBots, standard games through ``hellsrummy.play_game(bots, seed, game)``
  (standard rules, ``max_turns`` = ``SIMULATION_MAX_TURNS``) — games/s.
* ``random``: the random-playout loop of ``bench/engine.py`` (``legal_actions``, ``len``, index,
  ``apply`` with a uniformly random legal action; ``next_round`` between rounds), 4 players,
  standard schedule, whole games; the game and its random stream are seeded by the game
  number — decisions/s.

The worker only uses API that exists in 0.1.0. If the two versions' games differ (a changed
move order or rule), the decision counts of a pair differ and the chunk is marked.

Make a venv with the release (0.1.0 may not be on PyPI yet, so from the git tag)::

    git worktree add /tmp/v010 v0.1.0
    python -m venv /tmp/old && /tmp/old/bin/pip install /tmp/v010
    # once it is on PyPI: /tmp/old/bin/pip install hellsrummy==0.1.0

Then, from the repository root with the dev venv (editable install) active::

    python bench/versus_release.py --python-old /tmp/old/bin/python --workload greedy
    python bench/versus_release.py --python-old /tmp/old/bin/python --workload random \\
        --rounds 9 --chunk 2
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO

from side_by_side import pin_to_one_core

WORKLOADS = {"greedy": "games/s", "random": "decisions/s"}


# --- the worker: runs under either interpreter, only stdlib and 0.1.0 API ---------------------


def greedy_games(seed: str) -> Callable[[int], int]:
    """A function playing game ``n`` with four GreedyBots; returns its decisions."""
    from hellsrummy import GreedyBot, play_game

    bots = [GreedyBot() for _ in range(4)]

    def play(game: int) -> int:
        return play_game(bots, seed, game).decisions

    return play


def random_games(seed: str) -> Callable[[int], int]:
    """A function playing game ``n`` with uniformly random legal actions; returns its decisions."""
    from hellsrummy import Phase, apply, legal_actions, new_game, next_round

    def play(game: int) -> int:
        rng = random.Random(f"{seed}/{game}")
        state = new_game(4, seed=f"{seed}/{game}")
        decisions = 0
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions

    return play


def worker(workload: str, seed: str) -> None:
    """Answer the driver's commands on stdin, one line each, until ``quit`` or end of input.

    * ``play FIRST COUNT``: play games FIRST..FIRST+COUNT-1;
    * ``warm SECONDS``: play games from number 1,000,000 on for at least SECONDS;

    both answer ``done GAMES DECISIONS SECONDS``. The first line out is ``hello`` and a JSON
    object describing this worker.
    """
    pinned = pin_to_one_core()
    import hellsrummy

    play = {"greedy": greedy_games, "random": random_games}[workload](seed)
    out = sys.stdout
    hello = {
        "python": platform.python_version(),
        "executable": sys.executable,
        "machine": platform.machine(),
        "version": hellsrummy.__version__,
        "file": hellsrummy.__file__,
        "pinned": pinned,
        "core": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
    }
    out.write(f"hello {json.dumps(hello)}\n")
    out.flush()
    warm_game = 1_000_000
    for line in sys.stdin:
        command, *args = line.split()
        if command == "quit":
            return
        games = decisions = 0
        start = time.perf_counter()
        if command == "play":
            first, count = int(args[0]), int(args[1])
            for game in range(first, first + count):
                decisions += play(game)
            games = count
        elif command == "warm":
            seconds = float(args[0])
            while time.perf_counter() - start < seconds:
                decisions += play(warm_game)
                warm_game += 1
                games += 1
        else:
            raise ValueError(f"unknown command {line!r}")
        elapsed = time.perf_counter() - start
        out.write(f"done {games} {decisions} {elapsed!r}\n")
        out.flush()


# --- the driver ------------------------------------------------------------------------------


class Worker:
    """One worker subprocess and its pipes."""

    def __init__(self, label: str, python: str, workload: str, seed: str) -> None:
        self.label = label
        command = [python, os.path.abspath(__file__), "--worker", "--workload", workload]
        self.process = subprocess.Popen(
            [*command, "--seed", seed],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        reply = self._read()
        if not reply.startswith("hello "):
            raise RuntimeError(f"{label} worker said {reply!r} instead of hello")
        self.info = json.loads(reply.removeprefix("hello "))

    def _read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise RuntimeError(f"the {self.label} worker ended (exit code {code}); see above")
        return line.strip()

    def ask(self, command: str) -> tuple[int, int, float]:
        """Send one command; return (games, decisions, seconds)."""
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(command + "\n")
        stdin.flush()
        word, games, decisions, seconds = self._read().split()
        if word != "done":
            raise RuntimeError(f"the {self.label} worker said {word!r}")
        return int(games), int(decisions), float(seconds)

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
            self.process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--python-old", help="the interpreter of a venv with the older release")
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="greedy")
    parser.add_argument("--rounds", type=int, default=9, help="pairs of chunks (default 9)")
    parser.add_argument("--chunk", type=float, default=2.0, help="seconds per chunk (default 2)")
    parser.add_argument("--seed", default="versus", help="seed of the games (default 'versus')")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.workload, args.seed)
        return
    if not args.python_old:
        parser.error("--python-old PATH is required (the python of a venv with the release)")

    pinned = pin_to_one_core()  # the workers inherit this single core and pin to it again
    print(f"Python {platform.python_version()} on {platform.machine()}; driver {pinned}")
    unit = WORKLOADS[args.workload]
    workers: list[Worker] = []
    try:
        new = Worker("new", sys.executable, args.workload, args.seed)
        workers.append(new)
        old = Worker("old", args.python_old, args.workload, args.seed)
        workers.append(old)
        for w in (old, new):
            i = w.info
            print(
                f"{w.label}: hellsrummy {i['version']} from {i['file']}\n"
                f"     Python {i['python']} on {i['machine']} ({i['executable']}); {i['pinned']}"
            )
        if os.path.realpath(old.info["file"]) == os.path.realpath(new.info["file"]):
            raise SystemExit("both workers import the same hellsrummy: nothing to compare")
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        if not os.path.realpath(new.info["file"]).startswith(os.path.realpath(here) + os.sep):
            print(f"warning: the new worker's hellsrummy is not this checkout's ({here})")
        if old.info["core"] != new.info["core"]:
            raise SystemExit(f"workers on different cores: {old.info['core']} {new.info['core']}")
        if old.info["python"] != new.info["python"]:
            print("warning: different Python versions; the ratio measures them too")

        # Warm both up, and size the chunks: COUNT games take about --chunk s on average.
        per_game = []
        for w in (old, new):
            games, _, seconds = w.ask(f"warm {max(1.0, args.chunk / 2)}")
            per_game.append(seconds / games)
        count = max(1, round(args.chunk / statistics.mean(per_game)))
        print(
            f"workload {args.workload} ({unit}); {count} games per chunk"
            f" (warm-up: old {1 / per_game[0]:.1f} games/s, new {1 / per_game[1]:.1f} games/s)"
        )

        ratios = []
        differ = 0
        for number in range(args.rounds):
            first = number * count
            order = (old, new) if number % 2 == 0 else (new, old)
            done = {w.label: w.ask(f"play {first} {count}") for w in order}
            rate = {}
            for label, (games, decisions, seconds) in done.items():
                rate[label] = (games if args.workload == "greedy" else decisions) / seconds
            ratios.append(rate["new"] / rate["old"])
            same = done["new"][1] == done["old"][1]
            differ += not same
            print(
                f"pair {number + 1} (games {first}-{first + count - 1}, {order[0].label} first):"
                f" old {rate['old']:10,.1f}  new {rate['new']:10,.1f} {unit}"
                f"   ratio new/old {ratios[-1]:.3f}"
                + ("" if same else "  * decision counts differ")
            )
        print(
            f"median ratio new/old {statistics.median(ratios):.3f}"
            f" (range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} pairs, {unit})"
        )
        if differ:
            print(f"* in {differ} pairs the versions played different games (rules or move order)")
    finally:
        for w in workers:
            w.close()


if __name__ == "__main__":
    main()
