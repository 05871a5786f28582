"""How strong are the bots? A ladder: every bot rated on one Elo scale, from duplicate deals.

Plays the candidates against a field of GreedyBots on duplicate deals
(:func:`hellsrummy.stream_deals`: deal ``k`` is one round of 4 players at difficulty 6, 7, 8, 9,
10 in turn, played by the field alone and by each candidate from every seat) and rates them
with :func:`hellsrummy.rate` (Bradley-Terry on the Elo scale, the field at 0; games between
every two players who sat in the same seat of a deal, fewer points winning; 95% intervals
from a bootstrap over deals). The documentation's page "How strong are the bots" explains the
ladder and shows its figures.

Candidates (``--only`` picks some; all by default):

* ``random``: RandomBot; ``greedy``: GreedyBot, the field's equal (a check: it must rate 0);
* ``search``: SearchBot at each time budget of ``--budgets`` (seconds per decision);
* ``learned``: :class:`hellsrummy.rl.LearnedBot` with its shipped weights (the ``rl`` extra);
* ``guided``: SearchBot guided by LearnedBot (``guide=LearnedBot().guide``, ``prior`` from
  ``--prior``) at each time budget of ``--budgets``;
* ``search-iterations``: SearchBot under an iteration budget, for each of ``--iterations``
  (reproducible: the choice for restartable games);
* ``ismcts-greedy`` / ``ismcts-random``: OpenSpiel's ISMCTSBot at the library's table
  (:class:`hellsrummy.openspiel.OpenSpielBot`, its rollouts GreedyBots or random play, to the
  end of the round; ``unwon`` as SearchBot's), at *equal time*: ``--calibrate`` measures
  SearchBot's mean seconds per decision at ``--reference`` seconds on ``--calibrate-deals``
  deals, then each ISMCTS's at two simulation counts (``--calibrate-simulations``, and
  ``--calibrate-random-simulations`` for random rollouts, some 20 times as slow), and picks
  the count whose mean time per decision matches (linear in the simulations); or
  ``--simulations N [M]`` fixes the counts (greedy rollouts, random rollouts). A decision is
  a move, as :func:`hellsrummy.compare` times it, and ISMCTS searches each step of a move;
* ``policy``: a trained policy, with ``--policy model.zip`` (a MaskablePPO saved by
  ``examples/train.py``, played deterministically) or ``--policy module:factory`` (a function
  of the seat's seed that returns a policy, ``hellsrummy.rl:masked_random`` say), through
  :class:`hellsrummy.rl.PolicyBot`.

Records: ``--records FILE.jsonl`` writes a header line and each deal's record as it is played,
and resumes: run again, and only the deals missing are played (the header must match).
``--rate FILE.jsonl ...`` plays nothing and rates saved files together: the expensive
candidates can be run apart (on separate cores, at separate times) and joined on their deals.
Either way it prints the ladder (Elo with intervals, share of rounds won and points against
the baseline seat with intervals, seconds per decision), whether SearchBot stands above each
ISMCTS at equal time, and writes ``--json`` (a summary) and ``--plot`` (a PNG: the ratings,
and each rating against the seconds per decision; needs matplotlib, the examples extra).

A time budget makes the result depend on the machine and its load: one process per core, on
an otherwise idle machine, pinned (``taskset``); ``--workers`` above 1 only with a core for
each. A tiny run, end to end (about a minute)::

    taskset -c 1 python bench/ladder.py --deals 3 --budgets 0.01 0.02 0.04 --reference 0.02 \\
        --calibrate --calibrate-deals 1 --calibrate-simulations 2 8 \\
        --calibrate-random-simulations 2 3 --policy hellsrummy.rl:masked_random \\
        --records /tmp/tiny.jsonl --json /tmp/tiny.json --plot /tmp/tiny.png

The real ladder, 200 deals on two cores: a SearchBot decision costs its budget, some 62
decisions a deal (4 seats), so SearchBot at 0.8 s takes about 2.8 hours, at 0.2 s 40 minutes,
at 0.05 s 10 minutes, each ISMCTS at equal time about 40 minutes, the rest a minute or two.
SearchBot at 0.8 s goes on one core, the rest (with the equal-time calibration, 5 deals, a few
minutes) on the other, each into its own records file; then the files are rated together::

    taskset -c 0 python bench/ladder.py --only search --budgets 0.8 --records slow.jsonl &
    taskset -c 1 python bench/ladder.py --only random greedy search ismcts-greedy \\
        ismcts-random --budgets 0.05 0.2 --calibrate --calibrate-deals 5 --records rest.jsonl
    wait
    python bench/ladder.py --rate rest.jsonl slow.jsonl --json ladder.json \\
        --plot docs/_figures/ladder.png

An interrupted run resumes with the same command; the calibrated one with ``--simulations G R``
in place of ``--calibrate`` (the counts its header and output give), lest a new calibration
choose other counts.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import hellsrummy
from hellsrummy import (
    Comparison,
    DealRecord,
    GreedyBot,
    Ladder,
    RandomBot,
    SearchBot,
    Unseeded,
    compare,
    rate,
    stream_deals,
)

#: The name the field is rated under.
FIELD = "field: GreedyBot"
#: The kinds of candidate, in the ladder's order of running.
KINDS = (
    "random",
    "greedy",
    "policy",
    "search",
    "learned",
    "guided",
    "search-iterations",
    "ismcts-greedy",
    "ismcts-random",
)
#: SearchBot's ``unwon``, which the ISMCTS bots' games count too.
UNWON: int = attrs.fields(SearchBot).unwon.default
HEADER = "LadderRecords"
#: The fewest simulations ISMCTSBot can choose with: its first simulation only expands the root.
MIN_SIMULATIONS = 2


def search_name(budget: float) -> str:
    return f"SearchBot {budget:g}s"


def ismcts_name(evaluator: str, simulations: int) -> str:
    return f"ISMCTS {evaluator} rollouts {simulations} sims"


def ismcts(evaluator: str, simulations: int) -> Any:
    """The factory of OpenSpiel's ISMCTS at our table, a one-round horizon, SearchBot's unwon."""
    from hellsrummy.openspiel import OpenSpielBot, ismcts_bot

    make = functools.partial(
        ismcts_bot, simulations=simulations, evaluator=evaluator, horizon="round"
    )
    return functools.partial(OpenSpielBot, make=make, unwon=UNWON)


@attrs.frozen
class PolicyFactory:
    """A trained policy's bots: ``path`` a MaskablePPO ``.zip``, or ``module:factory``.

    Picklable (a path), so that worker processes load the model themselves, once each.
    """

    spec: str

    def __call__(self, seed: int) -> Any:
        from hellsrummy.rl import PolicyBot

        if self.spec.endswith(".zip"):
            return PolicyBot(_model_policy(self.spec))
        module, _, name = self.spec.partition(":")
        return PolicyBot(getattr(importlib.import_module(module), name)(seed))


@functools.cache
def _model_policy(path: str) -> Any:
    from sb3_contrib import MaskablePPO  # the train extra

    model = MaskablePPO.load(path, device="cpu")

    def policy(observation: Any, mask: Any) -> int:
        step, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(step)

    return policy


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "processor": platform.processor(),
        "cpus": os.cpu_count(),
        "affinity": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "python": platform.python_version(),
        "hellsrummy": hellsrummy.__version__,
        "compiled": hellsrummy.COMPILED,
    }


# --- equal time -----------------------------------------------------------------------------


def calibrate(args: argparse.Namespace, evaluators: Sequence[str]) -> dict[str, Any]:
    """SearchBot's mean seconds per decision at the reference budget, and each ISMCTS's at the
    simulation counts tried; the counts that match, interpolated linearly."""
    tried = {"greedy": args.calibrate_simulations, "random": args.calibrate_random_simulations}
    candidates: dict[str, Any] = {
        "search": functools.partial(SearchBot, seconds=args.reference, iterations=None)
    }
    for evaluator in evaluators:
        for count in tried[evaluator]:
            candidates[f"{evaluator} {count}"] = ismcts(evaluator, count)
    print(
        f"calibrating on {args.calibrate_deals} deal(s) (seed {args.seed!r}/calibration):"
        f" SearchBot at {args.reference:g} s, "
        + ", ".join(
            f"ISMCTS {e} rollouts at {' and '.join(map(str, tried[e]))}" for e in evaluators
        )
        + " simulations",
        flush=True,
    )
    start = time.perf_counter()
    study = compare(
        candidates, deals=args.calibrate_deals, seed=f"{args.seed}/calibration", workers=1
    )
    target = study["search"].seconds_mean or 0.0
    found: dict[str, Any] = {
        "reference": args.reference,
        "deals": args.calibrate_deals,
        "search_seconds": target,
        "search_decisions": study["search"].decisions,
        "seconds": time.perf_counter() - start,
    }
    print(
        f"  SearchBot {args.reference:g}s: {1000 * target:.1f} ms a decision"
        f" ({study['search'].decisions} decisions)"
    )
    for evaluator in evaluators:
        low, high = tried[evaluator]
        t_low = study[f"{evaluator} {low}"].seconds_mean or 0.0
        t_high = study[f"{evaluator} {high}"].seconds_mean or 0.0
        slope = (t_high - t_low) / (high - low)
        chosen = max(MIN_SIMULATIONS, round(low + (target - t_low) / slope)) if slope > 0 else high
        outside = "" if low <= chosen <= high else " (extrapolated)"
        print(
            f"  ISMCTS {evaluator} rollouts: {1000 * t_low:.1f} ms a decision at {low}"
            f" simulations, {1000 * t_high:.1f} ms at {high}: {chosen} simulations{outside}"
        )
        found[evaluator] = {
            "measured": {str(low): t_low, str(high): t_high},
            "decisions": {
                str(count): study[f"{evaluator} {count}"].decisions for count in (low, high)
            },
            "simulations": chosen,
        }
    print(f"  calibration took {found['seconds']:.0f} s", flush=True)
    return found


# --- playing and storing ----------------------------------------------------------------------


def read_records(path: Path) -> tuple[dict[str, Any], list[DealRecord]]:
    """A records file's header and records."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        raise ValueError(f"{path} is empty")
    header = json.loads(lines[0])
    if header.get("type") != HEADER:
        raise ValueError(f"{path} does not start with a {HEADER} header")
    records = [DealRecord.from_dict(json.loads(line)) for line in lines[1:]]
    return header, records


def play(
    args: argparse.Namespace,
    candidates: dict[str, Any],
    header: dict[str, Any],
) -> list[DealRecord]:
    """Play the deals not on record yet (all without ``--records``), writing each one down."""
    records: list[DealRecord] = []
    out = None
    if args.records is not None:
        if args.records.exists() and args.records.stat().st_size:
            old, records = read_records(args.records)
            for key in ("seed", "players", "candidates"):
                if old[key] != header[key]:
                    mine, theirs = old[key], header[key]
                    if key == "candidates":  # the names say enough
                        mine, theirs = list(mine), list(theirs)
                    sys.exit(
                        f"{args.records}: written with {key} {mine!r}, this run has {theirs!r}:"
                        " give another --records file (or the same settings)"
                    )
            print(f"resuming {args.records}: {len(records)} deal(s) on record")
        else:
            args.records.write_text(json.dumps(header) + "\n")
        out = args.records.open("a")
    done = {record.deal for record in records}
    missing = [deal for deal in range(args.deals) if deal not in done]
    start = last = time.perf_counter()
    try:
        stream = stream_deals(
            candidates, Unseeded(GreedyBot), deals=missing, seed=args.seed, workers=args.workers
        )
        for count, record in enumerate(stream, 1):
            records.append(record)
            if out is not None:
                out.write(json.dumps(record.to_dict()) + "\n")
                out.flush()
            now = time.perf_counter()
            if count == len(missing) or now - last >= 30:
                last = now
                print(f"  {count}/{len(missing)} deals, {now - start:.0f} s", file=sys.stderr)
    finally:
        if out is not None:
            out.close()
    print(f"played {len(missing)} deal(s) in {time.perf_counter() - start:.1f} s", flush=True)
    return [record for record in records if record.deal < args.deals]


# --- the report -----------------------------------------------------------------------------


def summaries(
    files: Sequence[tuple[dict[str, Any], list[DealRecord]]], resamples: int
) -> dict[str, Any]:
    """Each candidate's share of rounds won and points against the baseline (Comparison)."""
    found: dict[str, Any] = {}
    by_name: dict[str, list[DealRecord]] = {}
    seed = files[0][0]["seed"]
    for _, records in files:
        for record in records:
            for name, rounds in zip(record.names, record.rounds, strict=True):
                one = attrs.evolve(record, names=(name,), rounds=(rounds,))
                by_name.setdefault(name, []).append(one)
    for name, records in by_name.items():
        study = Comparison.from_records(records, seed=seed, resamples=resamples)
        found[name] = study[name]
    return found


def verdicts(
    files: Sequence[tuple[dict[str, Any], list[DealRecord]]], ladder: Ladder, args: Any
) -> list[dict[str, Any]]:
    """SearchBot against each ISMCTS it was timed equal to: the Elo difference's interval."""
    pairs: dict[str, str] = {}
    for header, _ in files:
        pairs.update(header.get("equal_time") or {})
    names = {rating.name for rating in ladder.ratings}
    found = []
    for theirs, ours in pairs.items():
        if theirs not in names or ours not in names:
            continue
        rated = rate(
            *[records for _, records in files],
            field=FIELD,
            anchor=theirs,
            resamples=args.resamples,
        )
        mine = rated[ours]
        clear = mine.low > 0
        found.append(
            {
                "ours": ours,
                "theirs": theirs,
                "elo": mine.elo,
                "low": mine.low,
                "high": mine.high,
                "above": clear,
            }
        )
    return found


def table(ladder: Ladder, summary: dict[str, Any]) -> str:
    width = max(len(rating.name) for rating in ladder.ratings)
    lines = [
        f"{'player':<{width}}  {'Elo [95% CI]':<19}  {'won [95% CI]':<21}"
        f"  {'points - baseline [95% CI]':<26}  {'ms/decision':>11}  {'deals':>5}"
    ]
    for rating in ladder.ratings:
        one = summary.get(rating.name)
        won = "(the baseline)" if one is None else one.won.share()
        points = "+0.0" if one is None else str(one.points)
        ms = "-" if rating.seconds is None else f"{1000 * rating.seconds:.2f}"
        lines.append(
            f"{rating.name:<{width}}  {rating!s:<19}  {won:<21}  {points:<26}  {ms:>11}"
            f"  {rating.deals:>5}"
        )
    return "\n".join(lines)


def plot(ladder: Ladder, path: Path) -> None:
    """The ratings with their intervals, best at the top; and each against its time."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    def colour(name: str) -> str:
        for start, shade in (
            ("SearchBot", "tab:blue"),
            ("ISMCTS greedy", "tab:orange"),
            ("ISMCTS random", "tab:red"),
            ("Policy", "tab:green"),
            ("RandomBot", "tab:purple"),
        ):
            if name.startswith(start):
                return shade
        return "tab:gray"

    ratings = list(ladder.ratings)
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(12, 0.4 * len(ratings) + 2.6))
    for row, rating in enumerate(reversed(ratings)):
        left.errorbar(
            rating.elo,
            row,
            xerr=[[rating.elo - rating.low], [rating.high - rating.elo]],
            fmt="o",
            color=colour(rating.name),
            capsize=3,
        )
    left.set_yticks(range(len(ratings)), [rating.name for rating in reversed(ratings)])
    left.axvline(0, color="0.6", linestyle="--", linewidth=1)
    left.set_xlabel("Elo (the field of GreedyBots at 0), 95% interval")
    left.grid(axis="x", alpha=0.3)
    left.set_title("Ratings, best at the top", fontsize=10)
    timed = [rating for rating in ratings if rating.seconds]
    search = sorted(
        (rating for rating in timed if rating.name.startswith("SearchBot")),
        key=lambda rating: rating.seconds or 0.0,
    )
    if len(search) > 1:
        right.plot(
            [rating.seconds for rating in search],
            [rating.elo for rating in search],
            color="tab:blue",
            alpha=0.5,
        )
    # Labels alternate above and below their points, so that neighbours do not overwrite.
    for place, rating in enumerate(sorted(timed, key=lambda rating: rating.seconds or 0.0)):
        right.errorbar(
            rating.seconds,
            rating.elo,
            yerr=[[rating.elo - rating.low], [rating.high - rating.elo]],
            fmt="o",
            color=colour(rating.name),
            capsize=3,
        )
        right.annotate(
            rating.name, (rating.seconds or 0.0, rating.elo), fontsize=7,
            xytext=(5, 5 if place % 2 else -11), textcoords="offset points",
        )  # fmt: skip
    right.set_xscale("log")
    if timed:  # room for the labels on the right
        times = [rating.seconds or 1.0 for rating in timed]
        right.set_xlim(min(times) / 2, max(times) * 8)
    right.axhline(0, color="0.6", linestyle="--", linewidth=1)
    right.set_xlabel("mean seconds per decision (log scale)")
    right.set_ylabel("Elo")
    right.set_title("Strength against time", fontsize=10)
    right.grid(alpha=0.3)
    figure.suptitle(
        f"How strong are the bots: {ladder.deals} deals of {ladder.players} players,"
        " each bot in every seat against three GreedyBots"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    pyplot.close(figure)


def report(
    args: argparse.Namespace,
    files: Sequence[tuple[dict[str, Any], list[DealRecord]]],
    extra: dict[str, Any],
) -> None:
    seeds = {json.dumps(header["seed"]) for header, _ in files}
    if len(seeds) > 1:
        sys.exit(f"the records have different seeds ({', '.join(sorted(seeds))}): not one ladder")
    ladder = rate(*[records for _, records in files], field=FIELD, resamples=args.resamples)
    summary = summaries(files, args.resamples)
    found = verdicts(files, ladder, args)
    print()
    print(ladder.table(timing=False).split("\n\n")[0])
    print()
    print(table(ladder, summary))
    print()
    greedy = [rating for rating in ladder.ratings if rating.name == "GreedyBot"]
    if greedy:
        same = greedy[0].elo == greedy[0].low == greedy[0].high == 0.0
        print(f"check: GreedyBot, the field's equal, rates exactly 0: {'yes' if same else 'NO'}")
    for one in found:
        word = "above, the interval clear of 0" if one["above"] else "NOT shown above"
        ms = [ladder[one[side]].seconds for side in ("ours", "theirs")]
        took = " and ".join("-" if t is None else f"{1000 * t:.1f}" for t in ms)
        print(
            f"equal time: {one['ours']} - {one['theirs']}: {one['elo']:+.0f} Elo"
            f" [{one['low']:+.0f}, {one['high']:+.0f}]: {word} ({took} ms a decision)"
        )
    if args.json is not None:
        data = {
            **extra,
            "ladder": {key: v for key, v in ladder.to_dict().items() if key != "records"},
            "candidates": {
                name: {
                    "won": one.won.to_dict(),
                    "points": one.points.to_dict(),
                    "decisions": one.decisions,
                    "seconds_mean": one.seconds_mean,
                    "seconds_median": one.seconds_median,
                    "seconds_worst": one.seconds_worst,
                }
                for name, one in summary.items()
            },
            "equal_time": found,
            "headers": [header for header, _ in files],
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
        print(f"summary written to {args.json}")
    if args.plot is not None:
        plot(ladder, args.plot)
        print(f"plot written to {args.plot}")


# --- the command ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        epilog="See the module docstring (python -m pydoc bench/ladder.py) for details.",
    )
    parser.add_argument("--deals", type=int, default=200, help="deals to play (default 200)")
    parser.add_argument("--seed", default="ladder", help="the deals' seed (default ladder)")
    parser.add_argument("--workers", type=int, default=1, help="processes, one per core")
    parser.add_argument("--only", nargs="+", choices=KINDS, help="candidates to play")
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.05, 0.2, 0.8])
    parser.add_argument(
        "--iterations", type=int, nargs="+", default=[25, 100], help="search-iterations budgets"
    )
    parser.add_argument(
        "--prior", type=float, default=8.0, help="guided: the rollouts a guide's value counts as"
    )
    parser.add_argument("--reference", type=float, default=0.2, help="equal-time budget (s)")
    parser.add_argument("--calibrate", action="store_true", help="time ISMCTS to --reference")
    parser.add_argument("--calibrate-deals", type=int, default=3)
    parser.add_argument(
        "--calibrate-simulations", type=int, nargs=2, default=[100, 300], metavar=("LOW", "HIGH"),
        help="ISMCTS counts timed, greedy rollouts (default 100 300)",
    )  # fmt: skip
    parser.add_argument(
        "--calibrate-random-simulations", type=int, nargs=2, default=[2, 4],
        metavar=("LOW", "HIGH"), help="ISMCTS counts timed, random rollouts (default 2 4)",
    )  # fmt: skip
    parser.add_argument("--simulations", type=int, nargs="+", help="ISMCTS counts: N [M]")
    parser.add_argument("--policy", help="model.zip (MaskablePPO) or module:factory")
    parser.add_argument("--records", type=Path, help="JSON lines to write (and resume)")
    parser.add_argument("--rate", type=Path, nargs="+", help="rate saved records; play nothing")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--json", type=Path, help="write a JSON summary")
    parser.add_argument("--plot", type=Path, help="write the plot (PNG)")
    args = parser.parse_args(argv)
    command = shlex.join([sys.executable, *sys.argv])
    print(f"command: {command}")
    extra: dict[str, Any] = {"command": command, "machine": machine()}
    if args.rate:
        report(args, [read_records(path) for path in args.rate], extra)
        return
    if args.deals < 0 or args.workers < 1 or args.calibrate_deals < 1:
        parser.error("--deals must be 0 or more, --workers and --calibrate-deals positive")
    for low, high in (args.calibrate_simulations, args.calibrate_random_simulations):
        if not MIN_SIMULATIONS <= low < high:
            parser.error(
                f"the calibration's simulation counts must be {MIN_SIMULATIONS} <= LOW < HIGH"
            )
    optional = ("policy", "learned", "guided", "search-iterations")  # asked for by --only
    kinds = list(
        args.only
        or [kind for kind in KINDS if kind not in optional or (kind == "policy" and args.policy)]
    )
    if "policy" in kinds and not args.policy:
        parser.error("--only policy needs --policy")
    evaluators = [kind.split("-")[1] for kind in kinds if kind.startswith("ismcts")]
    simulations: dict[str, int] = {}
    if evaluators and args.simulations:
        if len(args.simulations) > 2 or min(args.simulations) < MIN_SIMULATIONS:
            parser.error(f"--simulations takes one or two counts of at least {MIN_SIMULATIONS}")
        counts = [*args.simulations, args.simulations[-1]]
        simulations = {"greedy": counts[0], "random": counts[1]}
    elif evaluators and args.calibrate:
        extra["calibration"] = calibrate(args, evaluators)
        simulations = {e: extra["calibration"][e]["simulations"] for e in evaluators}
    elif evaluators:
        parser.error("ISMCTS needs --calibrate or --simulations (or leave it out with --only)")
    candidates: dict[str, Any] = {}
    described: dict[str, str] = {}
    equal_time: dict[str, str] = {}
    for kind in kinds:
        if kind == "random":
            candidates["RandomBot"], described["RandomBot"] = RandomBot, "RandomBot(seed)"
        elif kind == "greedy":
            candidates["GreedyBot"], described["GreedyBot"] = Unseeded(GreedyBot), "GreedyBot()"
        elif kind == "policy":
            name = f"PolicyBot {Path(args.policy).name.rpartition(':')[2]}"
            candidates[name], described[name] = PolicyFactory(args.policy), args.policy
        elif kind == "search":
            for budget in args.budgets:
                name = search_name(budget)
                candidates[name] = functools.partial(SearchBot, seconds=budget, iterations=None)
                described[name] = f"SearchBot(seed, seconds={budget:g}, iterations=None)"
        elif kind == "search-iterations":
            for count in args.iterations:
                name = f"SearchBot {count} rollouts"
                candidates[name] = functools.partial(SearchBot, iterations=count)
                described[name] = f"SearchBot(seed, iterations={count})"
        elif kind == "learned":
            from hellsrummy.rl import LearnedBot

            candidates["LearnedBot"], described["LearnedBot"] = LearnedBot, "LearnedBot(seed)"
        elif kind == "guided":
            from hellsrummy.rl import LearnedBot

            for budget in args.budgets:
                name = f"guided SearchBot {budget:g}s"
                candidates[name] = functools.partial(
                    SearchBot,
                    seconds=budget,
                    iterations=None,
                    guide=LearnedBot().guide,
                    prior=args.prior,
                )
                described[name] = (
                    f"SearchBot(seed, seconds={budget:g}, iterations=None,"
                    f" guide=LearnedBot().guide, prior={args.prior:g})"
                )
        else:
            evaluator = kind.split("-")[1]
            name = ismcts_name(evaluator, simulations[evaluator])
            candidates[name] = ismcts(evaluator, simulations[evaluator])
            described[name] = (
                f"OpenSpielBot(seed, make=ismcts_bot(simulations={simulations[evaluator]},"
                f" evaluator={evaluator!r}, horizon='round'), unwon={UNWON})"
            )
            equal_time[name] = search_name(args.reference)
    header = {
        "type": HEADER,
        "seed": args.seed,
        "players": 4,
        "candidates": described,
        "equal_time": equal_time,
        "calibration": extra.get("calibration"),
        "command": command,
        "machine": extra["machine"],
    }
    for name, what in described.items():
        print(f"  {name}: {what}")
    if not args.deals:  # calibration only
        if args.json is not None:
            args.json.write_text(json.dumps({**extra, "header": header}, indent=1) + "\n")
            print(f"calibration written to {args.json}")
        return
    records = play(args, candidates, header)
    report(args, [(header, records)], extra)


if __name__ == "__main__":
    main()
