"""Issue 35, target 1: the installed hellsrummy against RLCard, OpenSpiel and its other build.

Part one, the engines, in this process, pinned to one core: random legal playouts of the
hellsrummy this interpreter imports (pure or compiled: the script says which, from
``hellsrummy.COMPILED``) — 4 players, standard schedule, whole games — against RLCard's gin
rummy game (``GinRummyGame``, game level, not its env) and OpenSpiel's C++ gin rummy played from
``new_initial_state()`` and from ``clone()`` of one initial state (OpenSpiel counts player steps
only; its chance steps are sampled and timed but not counted). The engines are those of
``bench/side_by_side.py``, which says what each one's step is. They run in chunks of about
``--chunk`` seconds, one chunk each per round, the order rotating from round to round; each
round gives every engine's rate and the ratio hellsrummy/peer for each peer. The summary has the
median ratio and its range, for each peer, and every engine's rate over RLCard's (the yardstick
of the issue: "compiled at least 2.5x RLCard's game level").

Part two, only with ``--python-other`` (the python of a venv with the other build: the compiled
one against the pure one): two workers, this interpreter and that one (this same file run with
``--worker``, without ``PYTHONPATH``), both on this one core, take turns on the same work, the
order alternating from pair to pair:

* four GreedyBots playing standard games (``play_game``, as ``bench/versus_release.py
  --workload greedy``): games/s;
* a SearchBot with ``seconds=0.2`` deciding fixed positions (taken from GreedyBot games, only
  positions with more than one candidate): its rollouts per decision (``SearchAnalysis``'s
  rollouts, summed over the candidates).

Each pair gives the ratio this/other; the script prints the median and range of each.

A compiled venv and a pure one, from the repository root (each with the ``bench`` extra, which
brings RLCard and OpenSpiel)::

    HELLSRUMMY_COMPILE=1 .venv/bin/python -m build --wheel -o /tmp/kw .
    python -m venv /tmp/kvenv-compiled
    /tmp/kvenv-compiled/bin/pip install "$(ls /tmp/kw/*.whl)[bench]"
    python -m build --wheel -o /tmp/kw-pure . && python -m venv /tmp/kvenv-pure
    /tmp/kvenv-pure/bin/pip install "$(ls /tmp/kw-pure/*.whl)[bench]"

    taskset -c 0 /tmp/kvenv-compiled/bin/python bench/kernels.py --rounds 7 --chunk 1 \\
        --python-other /tmp/kvenv-pure/bin/python

The machines this runs on are shared and noisy: only ratios measured side by side like this
mean anything, and one run is one sample.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from typing import Any

from side_by_side import (
    HellsRummyPlayouts,
    OpenSpielPlayouts,
    Playouts,
    RLCardPlayouts,
    chunk,
    open_spiel_or_why_not,
    pin_to_one_core,
)
from versus_release import Worker, greedy_games, say_hello

import hellsrummy


def build_of(compiled: bool) -> str:
    return "compiled" if compiled else "pure"


def spread(values: list[float], what: str = "rounds") -> str:
    """The median of ``values`` with its range."""
    return (
        f"{statistics.median(values):.2f} (range {min(values):.2f}-{max(values):.2f},"
        f" {len(values)} {what})"
    )


# --- part one: the engines, in this process ---------------------------------------------------


def engines_side_by_side(args: argparse.Namespace) -> None:
    import rlcard

    ours = HellsRummyPlayouts(args.seed)
    ours.name = f"hellsrummy {build_of(hellsrummy.COMPILED)}"
    rlcard_games = RLCardPlayouts(args.seed)
    openspiel, openspiel_line = open_spiel_or_why_not(args.openspiel, args.seed)
    peers: list[Playouts] = [rlcard_games]
    if openspiel is not None:
        fresh = OpenSpielPlayouts(args.seed, fresh=True)
        fresh.name = "OpenSpiel new_initial_state()"
        openspiel.name = "OpenSpiel clone()"
        peers += [fresh, openspiel]
    print(f"RLCard {rlcard.__version__} GinRummyGame (game level); {openspiel_line}")
    engines = [ours, *peers]
    for engine in engines:  # warm all up
        chunk(engine.play, 0.5)
    chance_before = {e.name: getattr(e, "chance_steps", 0) for e in engines}
    totals = {engine.name: [0, 0] for engine in engines}  # games, steps of the timed chunks
    ratios: dict[str, list[float]] = {peer.name: [] for peer in peers}
    over_rlcard: dict[str, list[float]] = {engine.name: [] for engine in engines}
    for number in range(args.rounds):
        turn = number % len(engines)
        rates = {}
        for engine in engines[turn:] + engines[:turn]:
            games, steps, elapsed = chunk(engine.play, args.chunk)
            rates[engine.name] = steps / elapsed
            totals[engine.name][0] += games
            totals[engine.name][1] += steps
        line = f"round {number + 1} ({engines[turn].name} first):"
        for engine in engines:
            line += f" {engine.name} {rates[engine.name]:,.0f};"
            over_rlcard[engine.name].append(rates[engine.name] / rates[rlcard_games.name])
        line += " ours/peer"
        for peer in peers:
            ratios[peer.name].append(rates[ours.name] / rates[peer.name])
            line += f" {ratios[peer.name][-1]:.2f}"
        print(line)
    print("(rates: hellsrummy decisions/s, the peers' steps/s; ours/peer in the order above)")
    for peer in peers:
        print(f"median ratio {ours.name} / {peer.name}: {spread(ratios[peer.name])}")
    for engine in peers[1:]:
        print(f"median {engine.name} / RLCard: {spread(over_rlcard[engine.name])}")
    for engine in engines:
        games, steps = totals[engine.name]
        unit = "decisions" if engine is ours else "steps"
        line = f"{engine.name}: {games:,} games timed, {steps / games:.1f} {unit} per game"
        if isinstance(engine, OpenSpielPlayouts):
            chance = engine.chance_steps - chance_before[engine.name]
            line += f" and {chance / games:.1f} chance steps (not counted)"
        print(line)


# --- part two: the bots, this build against the other, one worker each -----------------------


def search_positions(seed: str, count: int) -> list[Any]:
    """``count`` player views from GreedyBot games where a SearchBot has two candidates or more."""
    from hellsrummy import (
        SIMULATION_MAX_TURNS,
        GreedyBot,
        Phase,
        Rules,
        SearchBot,
        apply,
        new_game,
        next_round,
        view,
    )

    bot, probe = GreedyBot(), SearchBot(iterations=1)
    positions: list[Any] = []
    game = 0
    while len(positions) < count:
        state = new_game(4, seed=f"{seed}/{game}", rules=Rules(max_turns=SIMULATION_MAX_TURNS))
        decision = 0
        while state.phase is not Phase.GAME_OVER and len(positions) < count:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            seen = view(state, state.current)
            if decision % 23 == 0 and len(tuple(probe.candidates(seen))) > 1:
                positions.append(seen)
            state = apply(state, bot(seen))
            decision += 1
        game += 1
    return positions


def worker(seed: str, positions: int, seconds: float) -> None:
    """Answer the driver's commands on stdin, one a line, until ``quit``.

    ``greedy FIRST COUNT`` plays games FIRST..FIRST+COUNT-1 with four GreedyBots and answers
    ``done GAMES DECISIONS SECONDS``; ``warm SECONDS`` plays games from 1,000,000 on for that
    long, the same answer; ``search FIRST COUNT`` has a SearchBot decide positions
    FIRST..FIRST+COUNT-1 and answers ``done DECISIONS ROLLOUTS SECONDS``.
    """
    from hellsrummy import SearchBot

    say_hello()
    play = greedy_games(seed)
    views = search_positions(seed, positions)
    warm_game = 1_000_000
    for line in sys.stdin:
        command, *words = line.split()
        if command == "quit":
            return
        count = done = 0
        start = time.perf_counter()
        if command == "warm":
            while time.perf_counter() - start < float(words[0]):
                done += play(warm_game)
                warm_game += 1
                count += 1
        elif command == "greedy":
            first, count = int(words[0]), int(words[1])
            done = sum(play(game) for game in range(first, first + count))
        elif command == "search":
            first, count = int(words[0]), int(words[1])
            for number in range(first, first + count):
                bot = SearchBot(seed=number, iterations=None, seconds=seconds)
                done += sum(bot.analyse(views[number % len(views)]).rollouts)
        else:
            raise ValueError(f"unknown command {line!r}")
        print(f"done {count} {done} {time.perf_counter() - start!r}", flush=True)


def worker_command(python: str, args: argparse.Namespace) -> list[str]:
    """The command of this file's worker (``--worker``) under ``python``."""
    command = [python, os.path.abspath(__file__), "--worker", "--seed", str(args.seed)]
    command += ["--search-positions", str(args.search_positions * args.bot_rounds)]
    return [*command, "--search-seconds", str(args.search_seconds)]


def started(python: str, args: argparse.Namespace) -> Worker:
    """A worker of this file under ``python``, labelled by the build it imports."""
    worker = Worker(python, worker_command(python, args))
    worker.label = build_of(worker.info["compiled"])
    return worker


def bots_side_by_side(args: argparse.Namespace) -> None:
    workers: list[Worker] = []
    try:
        this = started(sys.executable, args)
        workers.append(this)
        other = started(args.python_other, args)
        workers.append(other)
        if this.label == other.label:
            this.label, other.label = "this", "other"
        for w in (this, other):
            print(
                f"{w.label}: {w.info['file']} (COMPILED {w.info['compiled']}), {w.info['pinned']}"
            )
        if os.path.realpath(this.info["file"]) == os.path.realpath(other.info["file"]):
            raise SystemExit("both workers import the same hellsrummy: nothing to compare")
        name = f"{this.label}/{other.label}"

        per_game = []
        for w in (other, this):
            games, _, seconds = w.ask(f"warm {max(1.0, args.chunk / 2)}")
            per_game.append(seconds / games)
        count = max(1, round(args.chunk / statistics.mean(per_game)))
        greedy = []
        for number in range(args.bot_rounds):
            order = (other, this) if number % 2 == 0 else (this, other)
            rate = {}
            for w in order:
                games, _, seconds = w.ask(f"greedy {number * count} {count}")
                rate[w] = games / seconds
            greedy.append(rate[this] / rate[other])
            print(
                f"greedy pair {number + 1} ({count} games each, {order[0].label} first):"
                f" {other.label} {rate[other]:.1f}, {this.label} {rate[this]:.1f} games/s,"
                f" {name} {greedy[-1]:.2f}"
            )
        print(f"median ratio {name}, four GreedyBots' games/s: {spread(greedy, 'pairs')}")

        step = args.search_positions
        search = []
        for number in range(args.bot_rounds):
            order = (other, this) if number % 2 == 0 else (this, other)
            mean, took = {}, {}
            for w in order:
                decisions, rollouts, seconds = w.ask(f"search {number * step} {step}")
                mean[w], took[w] = rollouts / decisions, seconds / decisions
            search.append(mean[this] / mean[other])
            print(
                f"search pair {number + 1} ({step} positions, {order[0].label} first):"
                f" {other.label} {mean[other]:.1f}, {this.label} {mean[this]:.1f} rollouts per"
                f" decision ({took[other]:.3f} s, {took[this]:.3f} s), {name} {search[-1]:.2f}"
            )
        print(
            f"median ratio {name}, SearchBot rollouts per {args.search_seconds} s decision:"
            f" {spread(search, 'pairs')}"
        )
    finally:
        for w in workers:
            w.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=7, help="rounds of engine chunks (7)")
    parser.add_argument("--chunk", type=float, default=1.0, help="seconds per chunk (1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--openspiel",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="run OpenSpiel's gin rummy (default: if pyspiel imports; --openspiel fails without)",
    )
    parser.add_argument(
        "--python-other", help="the python of a venv with the other build (part two)"
    )
    parser.add_argument("--bot-rounds", type=int, default=None, help="pairs (--rounds)")
    parser.add_argument("--search-positions", type=int, default=3, help="positions per pair (3)")
    parser.add_argument("--search-seconds", type=float, default=0.2)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(str(args.seed), args.search_positions, args.search_seconds)
        return
    args.bot_rounds = args.bot_rounds or args.rounds
    pinned = pin_to_one_core()  # the workers inherit this core and pin to it again
    print(f"Python {platform.python_version()} on {platform.machine()}; {pinned}")
    print(
        f"hellsrummy {hellsrummy.__version__} from {hellsrummy.__file__}"
        f" (COMPILED {hellsrummy.COMPILED}: the {build_of(hellsrummy.COMPILED)} build)"
    )
    engines_side_by_side(args)
    if args.python_other:
        bots_side_by_side(args)
    else:
        print("GreedyBot and SearchBot, compiled over pure: not run (needs --python-other)")


if __name__ == "__main__":
    main()
