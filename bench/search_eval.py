"""How well does a bot play? Candidates against a field of GreedyBots, on duplicate deals.

A thin command over the library's studies, :func:`hellsrummy.compare` (the documentation's
page "Is my bot better?" explains what is played and what is reported). Deal ``k`` is one
round of 4 players at difficulty ``STANDARD_SCHEDULE[k % 5]`` (6, 7, 8, 9, 10 in turn), capped
at ``SIMULATION_MAX_TURNS``; the field plays it alone (the baseline) and each candidate plays it
from every seat with the field in the others, all on the same cards. Per candidate: the share
of rounds won (a bot equal to the field wins about 25%), its points minus the baseline seat's
(negative is better), seconds per decision; per pair of candidates, their paired difference.
Intervals are 95% bootstraps over deals, seeded from ``--seed``.

Each ``--bot NAME=module:factory[:kwargs-json]`` (repeatable) is built for every seat of every
deal with ``seed=`` (the seat's seed, :func:`hellsrummy.seat_seed`: different for every deal and
seat, the same for every candidate) and the budget ``seconds=`` or ``iterations=`` (whichever of
``--seconds`` / ``--iterations`` is given, the other ``None``); keyword arguments the factory
does not accept are left out (so ``hellsrummy:GreedyBot`` works: it must score exactly the
baseline, a check of the harness), and the JSON after the factory overrides them. ``--field``
is built the same way, without the budget.

Run it from anywhere (the script puts its own directory, ``bench/``, on ``sys.path``, so bench
modules import by their bare name)::

    python bench/search_eval.py --deals 2 --bot flat=flat_mc:FlatMonteCarloBot --iterations 20
    python bench/search_eval.py --bot flat=flat_mc:FlatMonteCarloBot \\
        --bot search=hellsrummy:SearchBot --seconds 0.2 --json search_eval.json

``--workers`` (default: every core) runs deals in a process pool ("spawn"); ``--json out.json``
saves the parameters, the machine, the summary and every deal's record. A time budget makes the
result depend on the machine and its load: compare bots in one run, on an otherwise idle
machine (at most one worker per core). An iteration budget makes every decision, and so the
whole evaluation, reproducible from ``--seed``.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hellsrummy
from hellsrummy import SIMULATION_MAX_TURNS, STANDARD_SCHEDULE, compare


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


@attrs.frozen
class SpecFactory:
    """The factory :func:`hellsrummy.compare` calls with a seat's seed, from a ``--bot`` spec.

    Picklable (a spec and a budget), so that worker processes build their own bots.
    """

    spec: str
    budget: tuple[tuple[str, Any], ...] = ()

    def kwargs(self, seed: int) -> dict[str, Any]:
        """The keyword arguments the bot is built with for ``seed``."""
        factory, extra = load_factory(self.spec)
        return {**factory_kwargs(factory, {"seed": seed, **dict(self.budget)}), **extra}

    def __call__(self, seed: int) -> Any:
        factory, _ = load_factory(self.spec)
        return factory(**self.kwargs(seed))


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
    parser.add_argument(
        "--field",
        default="hellsrummy:GreedyBot",
        metavar="module:factory[:kwargs-json]",
        help="the bots in the other seats (default hellsrummy:GreedyBot)",
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
    parser.add_argument("--json", type=Path, help="save the parameters, summary and records")
    args = parser.parse_args(argv)
    bots = parse_bots(parser, args.bot)
    try:
        parse_spec(args.field)
    except ValueError as error:
        parser.error(f"--field: {error}")
    if args.deals < 1 or args.workers < 1 or args.resamples < 1:
        parser.error("--deals, --workers and --resamples must be positive")
    if args.iterations is not None:
        budget_kwargs: dict[str, Any] = {"seconds": None, "iterations": args.iterations}
    else:
        budget_kwargs = {"seconds": 0.2 if args.seconds is None else args.seconds}
        budget_kwargs["iterations"] = None
    candidates = {
        name: SpecFactory(spec, tuple(budget_kwargs.items())) for name, spec in bots.items()
    }
    field = SpecFactory(args.field)

    built: dict[str, dict[str, Any]] = {}
    for name, made in [*candidates.items(), ("field", field)]:  # a bad spec fails here
        try:
            kwargs = made.kwargs(0)
        except Exception as error:
            parser.error(f"{name}={made.spec}: {type(error).__name__}: {error}")
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
        "compiled": hellsrummy.COMPILED,
    }
    parameters = {
        "deals": args.deals,
        "seed": args.seed,
        "players": 4,
        "schedule": list(STANDARD_SCHEDULE),
        "max_turns": SIMULATION_MAX_TURNS,
        "budget": budget_kwargs,
        "workers": args.workers,
        "resamples": args.resamples,
        "bots": bots,
        "field": args.field,
    }
    command = shlex.join([sys.executable, *sys.argv])
    print("Evaluation on duplicate deals: each candidate against a field of three")
    print(f"command:    {command}")
    print(
        f"machine:    {machine['platform']}, {machine['cpus']} CPUs;"
        f" {machine['implementation']} {platform.python_version()};"
        f" hellsrummy {machine['hellsrummy']}{' (compiled)' if machine['compiled'] else ''}"
    )
    print(f"budget:     {budget_kwargs}; workers {args.workers}")
    for name, made in [*candidates.items(), ("field", field)]:
        print(f"{name}:{' ' * max(1, 10 - len(name))}{made.spec}  built with {built[name]}")
    sys.stdout.flush()

    start = time.perf_counter()
    last = [start]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if done == total or now - last[0] >= 30:
            last[0] = now
            print(f"  {done}/{total} deals, {now - start:.0f} s", file=sys.stderr)

    study = compare(
        candidates,
        field,
        deals=args.deals,
        seed=args.seed,
        workers=args.workers,
        progress=progress,
        resamples=args.resamples,
    )
    elapsed = time.perf_counter() - start
    print(f"\n{args.deals} deals in {elapsed:.1f} s wall on {args.workers} worker(s)\n")
    print(study)
    if args.json is not None:
        data = {
            "command": command,
            "machine": machine,
            "parameters": parameters,
            "wall_seconds": elapsed,
            "study": study.to_dict(),
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
        print(f"\nsummary and records saved to {args.json}")


if __name__ == "__main__":
    main()
