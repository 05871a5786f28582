"""How well does a bot play? One bot against three GreedyBots, measured on duplicate deals.

What is played
--------------
Deal ``k`` (``k = 0 .. --deals - 1``) is a one-round game of 4 players:
``new_game(4, seed=f"{--seed}/{k}", rules=Rules(schedule=[d], max_turns=SIMULATION_MAX_TURNS))``
with ``d = STANDARD_SCHEDULE[k % 5]`` (difficulties 6, 7, 8, 9, 10 in turn), the default
rules otherwise (``DiscardPolicy.PENALIZE``). Every play of deal ``k`` gets exactly the same
cards, the same stock and the same dealer. Each deal is played

* once by four GreedyBots: the *baseline*;
* for each candidate bot and each seat ``s`` in 0..3, once with the candidate in seat ``s``
  and GreedyBots in the other three seats (each bot acts on its own view only).

So a candidate plays ``4 x --deals`` rounds, each deal from every seat; the GreedyBots around
it are deterministic, so any difference from the baseline on a deal is caused by the
candidate's choices (and what they set off). The candidate is built in the worker by its
factory with ``seed=`` (an int derived from ``--seed``, the deal and the seat: different for
every round, the same for every candidate) and the budget ``seconds=`` or ``iterations=``
(whichever of ``--seconds`` / ``--iterations`` is given, the other ``None``); keyword
arguments the factory does not accept are left out (so ``hellsrummy:GreedyBot`` works, a useful
check of the harness: it must score exactly the baseline), and the JSON after the factory
overrides them.

What is reported, per candidate
-------------------------------
* rounds played, and how many ended by ``max_turns`` with no winner;
* the share of its rounds the candidate won (went out): a bot no better than three GreedyBots
  wins about 25% (a little less, as a capped round has no winner);
* the mean of (candidate's points - the baseline GreedyBot's points in the same seat of the same
  deal): negative is better, 0 is GreedyBot's level; its own mean points and the baseline's;
* mean, median and worst wall seconds per decision (``time.perf_counter`` around each call of
  the candidate), decisions per round, and playouts per decision if the bot reports them: a
  bot with an ``analyse(view)`` method (``SearchBot``) is asked through it, and its analysis's
  rollouts are counted; otherwise a ``last_playouts`` attribute is read after the call;
* with two or more candidates, for each pair the mean paired difference of points in the same
  deal and seat.

Intervals are 95% percentile bootstraps over *deals*, not rounds: the four seats of a deal share
its cards and are not independent, so each resample draws deals with replacement and takes all
the rounds of each deal drawn (``--resamples`` resamples, ``random.Random(--bootstrap-seed)``).

Run
---
From anywhere (the script puts its own directory, ``bench/``, on ``sys.path``, so bench modules
import by their bare name)::

    python bench/search_eval.py --deals 2 --bot flat=flat_mc:FlatMonteCarloBot --iterations 20
    python bench/search_eval.py --bot flat=flat_mc:FlatMonteCarloBot \\
        --bot search=hellsrummy.players.search:SearchBot --seconds 0.2 --json search_eval.json

The full evaluation (the defaults: 100 deals x 4 seats, 0.2 s per decision) costs about
20 CPU-minutes per time-bound bot: 400 rounds x about 12 to 15 decisions of the candidate x
0.2 s (a decision with one legal move costs nothing; the GreedyBots' moves and the baseline
rounds take seconds in all), so about 10 minutes of wall time per bot on 2 idle cores. ``--bot`` is
``NAME=module:factory[:kwargs-json]`` and may be repeated; ``--workers`` (default: every core)
runs rounds in a process pool ("spawn"); ``--json out.json`` saves the parameters and every
round's raw record.

A time budget makes the result depend on the machine and its load: compare bots in one run,
and keep the machine otherwise idle (at most one worker per core). An iteration budget makes
every decision, and so the whole evaluation, reproducible from ``--seed``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import importlib
import inspect
import itertools
import json
import math
import multiprocessing
import os
import platform
import random
import shlex
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hellsrummy
from hellsrummy import (
    SIMULATION_MAX_TURNS,
    STANDARD_SCHEDULE,
    GameState,
    GreedyBot,
    Phase,
    Rules,
    apply,
    new_game,
    view,
)

PLAYERS = 4
_PLAYING = (Phase.DECIDE, Phase.PLAY)


class Task(TypedDict):
    """One round to play: a baseline round (``bot`` is ``None``) or a candidate in a seat."""

    deal: int
    seed: str
    bot: str | None
    spec: str | None
    seat: int | None
    bot_seed: int | None
    budget: dict[str, Any]


# --- deals and bots -----------------------------------------------------------------------


def deal_difficulty(deal: int) -> int:
    """The difficulty of deal ``deal``: the standard schedule, in turn."""
    return STANDARD_SCHEDULE[deal % len(STANDARD_SCHEDULE)]


def deal_state(seed: str, deal: int) -> GameState:
    """Deal ``deal`` of an evaluation with ``seed``: a one-round game of 4 players."""
    rules = Rules(schedule=[deal_difficulty(deal)], max_turns=SIMULATION_MAX_TURNS)
    return new_game(PLAYERS, seed=f"{seed}/{deal}", rules=rules)


def bot_seed(seed: str, deal: int, seat: int) -> int:
    """The candidate's seed for a deal and seat: a stable 63-bit int."""
    digest = hashlib.sha256(f"search_eval/{seed}/deal {deal}/seat {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def parse_spec(spec: str) -> tuple[str, str, dict[str, Any]]:
    """``module:factory[:kwargs-json]`` as (module, factory, kwargs)."""
    parts = spec.split(":", 2)
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise ValueError(f"a bot is module:factory[:kwargs-json], got {spec!r}")
    extra: dict[str, Any] = {}
    if len(parts) == 3:
        extra = json.loads(parts[2])
        if not isinstance(extra, dict):
            raise ValueError(f"the kwargs of {spec!r} must be a JSON object")
    return parts[0], parts[1], extra


def load_factory(spec: str) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The factory named by ``spec`` (imported with importlib) and its extra kwargs."""
    module_name, factory_name, extra = parse_spec(spec)
    target: Any = importlib.import_module(module_name)
    for part in factory_name.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"{spec!r} does not name a callable")
    return target, extra


def factory_kwargs(factory: Callable[..., Any], offered: dict[str, Any]) -> dict[str, Any]:
    """The offered keyword arguments that ``factory`` accepts (all if it takes ``**kwargs``)."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # no signature to read: offer everything
        return dict(offered)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return dict(offered)
    names = {
        p.name
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }
    return {key: value for key, value in offered.items() if key in names}


def make_bot(spec: str, seed: int, budget: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The candidate bot of ``spec`` for one round, and the kwargs it was built with."""
    factory, extra = load_factory(spec)
    kwargs = {**factory_kwargs(factory, {"seed": seed, **budget}), **extra}
    return factory(**kwargs), kwargs


# --- one round ----------------------------------------------------------------------------


def play_round(task: Task) -> dict[str, Any]:
    """Play one task's round; a JSON-ready record of it (run in a worker process)."""
    deal = task["deal"]
    state = deal_state(task["seed"], deal)
    greedy = GreedyBot()
    seat = task["seat"]
    candidate: Any = None
    if task["spec"] is not None:
        assert task["bot_seed"] is not None
        candidate, _ = make_bot(task["spec"], task["bot_seed"], task["budget"])
    seconds: list[float] = []
    playouts: list[int] = []
    while state.phase in _PLAYING:
        current = state.current
        seen = view(state, current)
        if current == seat:
            # SearchBot is asked through its analysis, which says how many rollouts it made.
            analyse = getattr(candidate, "analyse", None)
            start = time.perf_counter()
            found = None if analyse is None else analyse(seen)
            action = candidate(seen) if found is None else found.action
            seconds.append(time.perf_counter() - start)
            if found is None:
                done = getattr(candidate, "last_playouts", None)
            else:
                done = sum(found.rollouts)
            if isinstance(done, int):
                playouts.append(done)
        else:
            action = greedy(seen)
        try:
            state = apply(state, action)
        except ValueError as error:
            who = f"{task['bot']} in seat {seat}" if current == seat else "GreedyBot"
            raise RuntimeError(
                f"deal {deal}, turn {state.turns}: {who} played {action!r}: {error}"
            ) from error
    result = state.results[-1]
    record: dict[str, Any] = {
        "kind": "baseline" if seat is None else "candidate",
        "deal": deal,
        "difficulty": result.difficulty,
        "winner": result.winner,
        "turns": result.turns,
    }
    if seat is None:
        record["points"] = list(result.points)
        return record
    record.update(
        bot=task["bot"],
        seat=seat,
        bot_seed=task["bot_seed"],
        points=result.points[seat],
        all_points=list(result.points),
        won=result.winner == seat,
        decisions=len(seconds),
        seconds=[round(s, 6) for s in seconds],
    )
    if playouts:
        record["playouts"] = playouts
    return record


def run_tasks(
    tasks: Sequence[Task], workers: int, progress: Callable[[int], None]
) -> list[dict[str, Any]]:
    """Every task's record, on ``workers`` spawned processes (or here, for one worker)."""
    records: list[dict[str, Any]] = []
    if workers == 1:
        for task in tasks:
            records.append(play_round(task))
            progress(len(records))
        return records
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(play_round, task) for task in tasks]
        try:
            for future in concurrent.futures.as_completed(futures):
                records.append(future.result())
                progress(len(records))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return records


# --- statistics ---------------------------------------------------------------------------


def bootstrap(
    per_deal: Sequence[tuple[float, int]], resamples: int, seed: int
) -> tuple[float, float, float]:
    """Mean over rounds with a 95% percentile interval, resampling deals with replacement.

    ``per_deal`` holds each deal's (sum over its rounds, number of rounds).
    """
    total = sum(s for s, _ in per_deal)
    count = sum(c for _, c in per_deal)
    if not count:
        return math.nan, math.nan, math.nan
    point = total / count
    rng = random.Random(seed)
    n = len(per_deal)
    means: list[float] = []
    for _ in range(resamples):
        drawn_sum = 0.0
        drawn_count = 0
        for _ in range(n):
            s, c = per_deal[rng.randrange(n)]
            drawn_sum += s
            drawn_count += c
        means.append(drawn_sum / drawn_count)
    means.sort()
    low = means[math.floor(0.025 * (resamples - 1))]
    high = means[math.ceil(0.975 * (resamples - 1))]
    return point, low, high


def by_deal(values: Iterable[tuple[int, float]]) -> list[tuple[float, int]]:
    """(deal, value) pairs gathered into each deal's (sum, count), in deal order."""
    sums: dict[int, float] = defaultdict(float)
    counts: dict[int, int] = defaultdict(int)
    for deal, value in values:
        sums[deal] += value
        counts[deal] += 1
    return [(sums[d], counts[d]) for d in sorted(sums)]


def summarize(
    names: Sequence[str],
    candidates: Sequence[dict[str, Any]],
    baseline: dict[int, dict[str, Any]],
    resamples: int,
    seed: int,
) -> dict[str, Any]:
    """The report's numbers, per bot and per pair of bots."""
    summary: dict[str, Any] = {"bots": {}, "pairs": []}
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for record in candidates:
        rows[record["bot"]].append(record)
    for name in names:
        mine = rows[name]
        if not mine:
            continue
        won = bootstrap(by_deal((r["deal"], float(r["won"])) for r in mine), resamples, seed)
        diff = bootstrap(
            by_deal((r["deal"], r["points"] - r["baseline_points"]) for r in mine),
            resamples,
            seed,
        )
        times = [s for r in mine for s in r["seconds"]]
        playouts = [p for r in mine for p in r.get("playouts", [])]
        summary["bots"][name] = {
            "rounds": len(mine),
            "capped": sum(r["winner"] is None for r in mine),
            "won": won,
            "diff": diff,
            "points": statistics.fmean(r["points"] for r in mine),
            "baseline_points": statistics.fmean(r["baseline_points"] for r in mine),
            "decisions": len(times),
            "seconds_mean": statistics.fmean(times) if times else math.nan,
            "seconds_median": statistics.median(times) if times else math.nan,
            "seconds_worst": max(times) if times else math.nan,
            "seconds_total": sum(times),
            "decisions_per_round": len(times) / len(mine),
            "playouts_per_decision": statistics.fmean(playouts) if playouts else None,
        }
    for first, second in itertools.combinations(names, 2):
        theirs = {(r["deal"], r["seat"]): r["points"] for r in rows[second]}
        paired = [
            (r["deal"], r["points"] - theirs[(r["deal"], r["seat"])])
            for r in rows[first]
            if (r["deal"], r["seat"]) in theirs
        ]
        if paired:
            summary["pairs"].append(
                {
                    "first": first,
                    "second": second,
                    "rounds": len(paired),
                    "diff": bootstrap(by_deal(paired), resamples, seed),
                }
            )
    return summary


# --- the report ---------------------------------------------------------------------------


def _interval(values: tuple[float, float, float], scale: float = 1.0, digits: int = 1) -> str:
    point, low, high = (v * scale for v in values)
    return f"{point:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def _share(values: tuple[float, float, float]) -> str:
    point, low, high = values
    return f"{point:.1%} [{low:.1%}, {high:.1%}]"


def print_report(
    summary: dict[str, Any], baseline: dict[int, dict[str, Any]], resamples: int
) -> None:
    """The tables of the report, on standard output."""
    rounds = len(baseline)
    capped = sum(r["winner"] is None for r in baseline.values())
    mean_points = statistics.fmean(p for r in baseline.values() for p in r["points"])
    by_seat = [sum(r["winner"] == s for r in baseline.values()) for s in range(PLAYERS)]
    print(
        f"\nBaseline, 4 GreedyBots: {rounds} rounds, {capped} stopped by max_turns;"
        f" mean points per seat {mean_points:.1f}; rounds won by seat 0-3: {by_seat}"
    )
    print(
        f"\nPer candidate (95% intervals: {resamples} bootstrap resamples of the deals;"
        " points: lower is better)"
    )
    header = (
        f"{'bot':<12} {'rounds':>6} {'capped':>6}  {'won [95% CI]':<24}"
        f" {'points - baseline [95% CI]':<27} {'own':>6} {'base':>6}"
        f"  {'s/decision mean':>15} {'median':>7} {'worst':>7} {'dec/round':>9} {'playouts':>8}"
    )
    print(header)
    print("-" * len(header))
    for name, row in summary["bots"].items():
        playouts = row["playouts_per_decision"]
        print(
            f"{name:<12} {row['rounds']:>6} {row['capped']:>6}  {_share(row['won']):<24}"
            f" {_interval(row['diff']):<27} {row['points']:>6.1f} {row['baseline_points']:>6.1f}"
            f"  {row['seconds_mean']:>15.4f} {row['seconds_median']:>7.4f}"
            f" {row['seconds_worst']:>7.3f} {row['decisions_per_round']:>9.1f}"
            f" {'-' if playouts is None else f'{playouts:.1f}':>8}"
        )
    if summary["pairs"]:
        print("\nPaired, same deal and seat: mean (first - second) points per round [95% CI]")
        for pair in summary["pairs"]:
            print(
                f"  {pair['first']} - {pair['second']}: {_interval(pair['diff'])}"
                f" over {pair['rounds']} rounds"
            )


# --- the command line ---------------------------------------------------------------------


def parse_bots(parser: argparse.ArgumentParser, given: Sequence[str]) -> dict[str, str]:
    """``NAME=spec`` options as an ordered name -> spec map."""
    bots: dict[str, str] = {}
    for option in given:
        name, sep, spec = option.partition("=")
        if not sep or not name or not spec:
            parser.error(f"--bot must be NAME=module:factory[:kwargs-json], got {option!r}")
        if name in bots:
            parser.error(f"--bot {name} is given twice")
        try:
            parse_spec(spec)
        except ValueError as error:
            parser.error(str(error))
        bots[name] = spec
    return bots


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="See the module docstring (python -m pydoc bench/search_eval.py) for details.",
    )
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="NAME=module:factory[:kwargs-json]",
        help="a candidate bot (repeatable), e.g. flat=flat_mc:FlatMonteCarloBot",
    )
    parser.add_argument("--deals", type=int, default=100, help="number of deals (default 100)")
    parser.add_argument("--seed", default="duplicate", help="the deals' seed (default duplicate)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="seconds per decision (default 0.2)")
    budget.add_argument("--iterations", type=int, help="playouts per decision instead")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples")
    parser.add_argument("--bootstrap-seed", type=int, default=2026)
    parser.add_argument("--json", type=Path, help="save the parameters and every round's record")
    args = parser.parse_args(argv)
    bots = parse_bots(parser, args.bot)
    if args.deals < 1 or args.workers < 1 or args.resamples < 1:
        parser.error("--deals, --workers and --resamples must be positive")
    if args.iterations is not None:
        budget_kwargs: dict[str, Any] = {"seconds": None, "iterations": args.iterations}
    else:
        seconds = 0.2 if args.seconds is None else args.seconds
        budget_kwargs = {"seconds": seconds, "iterations": None}

    built: dict[str, dict[str, Any]] = {}
    for name, spec in bots.items():  # fail here, not in a worker, on a bad spec or kwargs
        try:
            bot, kwargs = make_bot(spec, bot_seed(args.seed, 0, 0), budget_kwargs)
        except Exception as error:
            parser.error(f"--bot {name}={spec}: {type(error).__name__}: {error}")
        if not callable(bot):
            parser.error(f"--bot {name}={spec} does not make a callable bot")
        built[name] = {
            key: "<per deal and seat>" if key == "seed" else v for key, v in kwargs.items()
        }

    machine = {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "cpus": os.cpu_count(),
        "python": sys.version.replace("\n", " "),
        "implementation": platform.python_implementation(),
        "hellsrummy": hellsrummy.__version__,
    }
    parameters = {
        "deals": args.deals,
        "seed": args.seed,
        "players": PLAYERS,
        "schedule": list(STANDARD_SCHEDULE),
        "max_turns": SIMULATION_MAX_TURNS,
        "budget": budget_kwargs,
        "workers": args.workers,
        "resamples": args.resamples,
        "bootstrap_seed": args.bootstrap_seed,
        "bots": bots,
    }
    command = shlex.join([sys.executable, *sys.argv])
    print("Search evaluation on duplicate deals: one candidate against three GreedyBots")
    print(f"command:    {command}")
    print(
        f"machine:    {machine['platform']}, {machine['cpus']} CPUs;"
        f" {machine['implementation']} {platform.python_version()};"
        f" hellsrummy {machine['hellsrummy']}"
    )
    print(
        f"deals:      {args.deals} one-round 4-player games, seed {args.seed!r}/k, difficulty"
        f" STANDARD_SCHEDULE[k % 5] = {list(STANDARD_SCHEDULE)}, max_turns {SIMULATION_MAX_TURNS}"
    )
    print(f"budget:     {budget_kwargs}; workers {args.workers}")
    for name, spec in bots.items():
        print(f"bot {name}:{' ' * max(1, 6 - len(name))}{spec}  built with {built[name]}")

    sys.stdout.flush()
    tasks: list[Task] = []
    for deal in range(args.deals):
        tasks.append(
            Task(
                deal=deal, seed=args.seed, bot=None, spec=None, seat=None, bot_seed=None, budget={}
            )
        )
        for name, spec in bots.items():
            for seat in range(PLAYERS):
                tasks.append(
                    Task(
                        deal=deal,
                        seed=args.seed,
                        bot=name,
                        spec=spec,
                        seat=seat,
                        bot_seed=bot_seed(args.seed, deal, seat),
                        budget=budget_kwargs,
                    )
                )
    start = time.perf_counter()
    cpu_start = time.process_time()
    last = [start]

    def progress(done: int) -> None:
        now = time.perf_counter()
        if done == len(tasks) or now - last[0] >= 30:
            last[0] = now
            sys.stdout.flush()
            print(f"  {done}/{len(tasks)} rounds, {now - start:.0f} s", file=sys.stderr)

    records = run_tasks(tasks, args.workers, progress)
    elapsed = time.perf_counter() - start
    baseline = {r["deal"]: r for r in records if r["kind"] == "baseline"}
    candidates = sorted(
        (r for r in records if r["kind"] == "candidate"),
        key=lambda r: (list(bots).index(r["bot"]), r["deal"], r["seat"]),
    )
    for record in candidates:
        record["baseline_points"] = baseline[record["deal"]]["points"][record["seat"]]
    summary = summarize(list(bots), candidates, baseline, args.resamples, args.bootstrap_seed)
    decision_seconds = sum(row["seconds_total"] for row in summary["bots"].values())
    print(
        f"\n{len(records)} rounds in {elapsed:.1f} s wall on {args.workers} worker(s)"
        f" ({decision_seconds:.1f} s inside candidate decisions)"
    )
    print_report(summary, baseline, args.resamples)
    if args.json is not None:
        data = {
            "command": command,
            "machine": machine,
            "parameters": parameters,
            "wall_seconds": elapsed,
            "driver_cpu_seconds": time.process_time() - cpu_start,
            "summary": summary,
            "baseline": [baseline[d] for d in sorted(baseline)],
            "rounds": candidates,
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
        print(f"\nrecords saved to {args.json}")


if __name__ == "__main__":
    main()
