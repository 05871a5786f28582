"""Side-by-side speed: the working tree's hellsrummy against another build of it, one core.

The other build is an older release, or a build of the same version made differently (a compiled
build against the pure one), installed in a second venv. The two builds cannot share a process,
so this script (the driver) starts two workers — this same file run with ``--worker`` — one
under the current interpreter (``sys.executable``, "this" side, labelled ``--label-this``,
default ``new``; normally the dev venv's editable install of the working tree) and one under
``--python-other`` (``--python-old`` is the same option, its older name), labelled
``--label-other`` (default ``old``).

The workers run without ``PYTHONPATH``: the driver drops it from their environment, so that a
``PYTHONPATH`` pointing at a source tree (``src``) cannot make both import the same source; each
imports the hellsrummy installed in its own venv. The driver prints, for each side, the
interpreter, the hellsrummy version, its ``__file__`` and its ``COMPILED`` flag (False when the
build has none), and stops if both sides import the same file.

The driver and both workers are pinned to the same single core. The driver tells one worker at a
time to play a chunk of whole games and reads back (games, decisions, seconds) over a line
protocol on the workers' stdin/stdout, so no files are needed. Both workers play *the same
games* in each pair of chunks (the same game numbers from a fixed seed); the number of games per
chunk is set once, from a warm-up, so that a chunk lasts about ``--chunk`` seconds. Each pair
gives a ratio this/other (the order of the two alternates from pair to pair); the script prints
every chunk and the median ratio with its range. The machines this runs on are shared and noisy:
only a ratio measured side by side like this means anything.

Workloads (``--workload``):

* ``greedy``: four GreedyBots, standard games through ``hellsrummy.play_game(bots, seed, game)``
  (standard rules, ``max_turns`` = ``SIMULATION_MAX_TURNS``) — games/s.
* ``random``: the random-playout loop of ``bench/engine.py`` (``legal_actions``, ``len``, index,
  ``apply`` with a uniformly random legal action; ``next_round`` between rounds), 4 players,
  standard schedule, whole games; the game and its random stream are seeded by the game
  number — decisions/s.

The worker only uses API that exists in 0.1.0. If the two sides' games differ (a changed move
order or rule), the decision counts of a pair differ and the chunk is marked.

Make a venv with the release (0.1.0 may not be on PyPI yet, so from the git tag)::

    git worktree add /tmp/v010 v0.1.0    # the tag v0.1.0 is commit 526aa19
    python -m venv /tmp/old && /tmp/old/bin/pip install /tmp/v010
    # once it is on PyPI: /tmp/old/bin/pip install hellsrummy==0.1.0

Then, from the repository root with the dev venv (editable install) active::

    python bench/versus_release.py --python-old /tmp/old/bin/python --workload greedy
    python bench/versus_release.py --python-old /tmp/old/bin/python --workload random \\
        --rounds 9 --chunk 2

A compiled build against the pure one (the same version), with the compiled build in its own
venv (``/tmp/compiled``) and the dev venv's editable, pure install on this side::

    python bench/versus_release.py --python-other /tmp/compiled/bin/python \\
        --label-other compiled --label-this pure --workload random --rounds 9 --chunk 2
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


def say_hello() -> None:
    """Pin this worker to one core and write its first line: ``hello`` and a JSON object
    describing it (the build it imports, the core); bench/kernels.py's workers say it too."""
    pinned = pin_to_one_core()
    import hellsrummy

    hello = {
        "python": platform.python_version(),
        "executable": sys.executable,
        "machine": platform.machine(),
        "version": hellsrummy.__version__,
        "file": hellsrummy.__file__,
        "compiled": getattr(hellsrummy, "COMPILED", False),
        "pinned": pinned,
        "core": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
    }
    print(f"hello {json.dumps(hello)}", flush=True)


def worker(workload: str, seed: str) -> None:
    """Answer the driver's commands on stdin, one line each, until ``quit`` or end of input.

    * ``play FIRST COUNT``: play games FIRST..FIRST+COUNT-1;
    * ``warm SECONDS``: play games from number 1,000,000 on for at least SECONDS;

    both answer ``done GAMES DECISIONS SECONDS``. The first line out is ``hello`` and a JSON
    object describing this worker.
    """
    say_hello()
    play = {"greedy": greedy_games, "random": random_games}[workload](seed)
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
        print(f"done {games} {decisions} {elapsed!r}", flush=True)


# --- the driver ------------------------------------------------------------------------------


def worker_environment() -> dict[str, str]:
    """The driver's environment without ``PYTHONPATH``: each worker imports its venv's build."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}


def worker_command(python: str, args: argparse.Namespace) -> list[str]:
    """The command of this file's worker for ``args``' workload and seed under ``python``."""
    return [
        python,
        os.path.abspath(__file__),
        "--worker",
        "--workload",
        args.workload,
        "--seed",
        args.seed,
    ]


class Worker:
    """One worker subprocess and its pipes: ``command`` starts it (bench/kernels.py's too).

    A worker says ``hello <json>`` first, then answers each command line with ``done <count>
    <decisions> <seconds>``, and ends on ``quit``.
    """

    def __init__(self, label: str, command: list[str]) -> None:
        self.label = label
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=worker_environment(),
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
    parser.add_argument(
        "--python-other",
        "--python-old",
        dest="python_other",
        help="the interpreter of a venv with the other build (an older release, or the same"
        " version built differently); --python-old is its older name",
    )
    parser.add_argument("--label-other", default="old", help="that side's name (default old)")
    parser.add_argument("--label-this", default="new", help="this side's name (default new)")
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="greedy")
    parser.add_argument("--rounds", type=int, default=9, help="pairs of chunks (default 9)")
    parser.add_argument("--chunk", type=float, default=2.0, help="seconds per chunk (default 2)")
    parser.add_argument("--seed", default="versus", help="seed of the games (default 'versus')")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.workload, args.seed)
        return
    if not args.python_other:
        parser.error("--python-other PATH is required (the python of a venv with the other build)")
    if args.label_this == args.label_other:
        parser.error(f"both sides are labelled {args.label_this!r}")

    pinned = pin_to_one_core()  # the workers inherit this single core and pin to it again
    print(f"Python {platform.python_version()} on {platform.machine()}; driver {pinned}")
    if "PYTHONPATH" in os.environ:
        print(f"PYTHONPATH={os.environ['PYTHONPATH']} is not passed on to the workers")
    unit = WORKLOADS[args.workload]
    workers: list[Worker] = []
    try:
        this = Worker(args.label_this, worker_command(sys.executable, args))
        workers.append(this)
        other = Worker(args.label_other, worker_command(args.python_other, args))
        workers.append(other)
        for w in (other, this):
            i = w.info
            print(
                f"{w.label}: hellsrummy {i['version']} from {i['file']}"
                f" (COMPILED {i.get('compiled', False)})\n"
                f"     Python {i['python']} on {i['machine']} ({i['executable']}); {i['pinned']}"
            )
        if os.path.realpath(other.info["file"]) == os.path.realpath(this.info["file"]):
            raise SystemExit("both workers import the same hellsrummy: nothing to compare")
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        if not os.path.realpath(this.info["file"]).startswith(os.path.realpath(here) + os.sep):
            print(f"note: the {this.label} worker's hellsrummy is not this checkout's ({here})")
        if other.info["core"] != this.info["core"]:
            raise SystemExit(
                f"workers on different cores: {other.info['core']} {this.info['core']}"
            )
        if other.info["python"] != this.info["python"]:
            print("warning: different Python versions; the ratio measures them too")

        # Warm both up, and size the chunks: COUNT games take about --chunk s on average.
        per_game = []
        for w in (other, this):
            games, _, seconds = w.ask(f"warm {max(1.0, args.chunk / 2)}")
            per_game.append(seconds / games)
        count = max(1, round(args.chunk / statistics.mean(per_game)))
        print(
            f"workload {args.workload} ({unit}); {count} games per chunk (warm-up:"
            f" {other.label} {1 / per_game[0]:.1f} games/s, {this.label} {1 / per_game[1]:.1f}"
            " games/s)"
        )

        ratio_name = f"{this.label}/{other.label}"
        ratios = []
        differ = 0
        for number in range(args.rounds):
            first = number * count
            order = (other, this) if number % 2 == 0 else (this, other)
            done = {w: w.ask(f"play {first} {count}") for w in order}
            rate = {}
            for w, (games, decisions, seconds) in done.items():
                rate[w] = (games if args.workload == "greedy" else decisions) / seconds
            ratios.append(rate[this] / rate[other])
            same = done[this][1] == done[other][1]
            differ += not same
            print(
                f"pair {number + 1} (games {first}-{first + count - 1}, {order[0].label} first):"
                f" {other.label} {rate[other]:10,.1f}  {this.label} {rate[this]:10,.1f} {unit}"
                f"   ratio {ratio_name} {ratios[-1]:.3f}"
                + ("" if same else "  * decision counts differ")
            )
        print(
            f"median ratio {ratio_name} {statistics.median(ratios):.3f}"
            f" (range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} pairs, {unit})"
        )
        if differ:
            print(f"* in {differ} pairs the two sides played different games (rules or move order)")
    finally:
        for w in workers:
            w.close()


if __name__ == "__main__":
    main()
