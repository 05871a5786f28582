"""Record what GreedyBot simulations gave under hellsrummy 0.1.0, for a regression test.

Run it from the repository's root with the interpreter of an environment where release 0.1.0
is installed (not this working tree)::

    /work/venv-old/bin/python tests/data/record_greedy_results.py

It plays every run of :data:`RUNS` with ``simulate([GreedyBot()] * bots, games=...,
seed=..., rules=...)`` and writes each run's parameters and every ``GameResult`` (as
``attrs.asdict``, tuples as lists) to ``greedy_results_0_1_0.json`` next to this script.
``tests/test_greedy_regression.py`` plays the same runs with the library under test and
requires identical results. The file is recorded once; there is no reason to record it again
unless a run is added (then record it with 0.1.0, never with a later version).

It refuses to run under any version but 0.1.0 (``--any-version`` overrides that, to try it).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import attrs

import hellsrummy
from hellsrummy import GreedyBot, Rules, simulate

OUTPUT = Path(__file__).with_name("greedy_results_0_1_0.json")

#: Each run: a name, the number of GreedyBots, games, the seed, and the ``Rules`` keyword
#: arguments (``None``: ``simulate``'s default rules).
RUNS: list[dict[str, Any]] = [
    {"name": "3 bots", "bots": 3, "games": 48, "seed": "greedy 3 bots", "rules": None},
    {"name": "4 bots", "bots": 4, "games": 120, "seed": "greedy 4 bots", "rules": None},
    {"name": "6 bots", "bots": 6, "games": 48, "seed": "greedy 6 bots", "rules": None},
    {
        "name": "4 bots, hard schedule",
        "bots": 4,
        "games": 24,
        "seed": "greedy hard schedule",
        "rules": {"schedule": [9, 13, 19, 25], "max_turns": 300},
    },
]


def as_data(result: Any) -> Any:
    """A ``GameResult`` as JSON data: ``attrs.asdict`` (which makes every tuple a list)."""
    return json.loads(json.dumps(attrs.asdict(result)))


def play(run: dict[str, Any]) -> list[Any]:
    """The results of one run, as JSON data."""
    rules = None if run["rules"] is None else Rules(**run["rules"])
    results = simulate(
        [GreedyBot()] * run["bots"], games=run["games"], seed=run["seed"], rules=rules
    )
    return [as_data(result) for result in results]


def dump(data: dict[str, Any]) -> str:
    """JSON text with one game result per line, so that a difference shows as one line."""
    runs = []
    for run in data["runs"]:
        head = json.dumps({k: v for k, v in run.items() if k != "results"})[:-1]
        results = ",\n".join(f"   {json.dumps(result)}" for result in run["results"])
        runs.append(f'  {head}, "results": [\n{results}\n  ]}}')
    joined = ",\n".join(runs)
    return f'{{"hellsrummy": {json.dumps(data["hellsrummy"])}, "runs": [\n{joined}\n]}}\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true", help="run under any version")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write the JSON")
    options = parser.parse_args()
    version = hellsrummy.__version__
    print(f"hellsrummy {version} from {Path(hellsrummy.__file__).parent}")
    if version != "0.1.0" and not options.any_version:
        sys.exit(f"this records 0.1.0's results; hellsrummy {version} is installed here")
    recorded = []
    for run in RUNS:
        start = time.perf_counter()
        results = play(run)
        print(f"{run['name']}: {len(results)} games in {time.perf_counter() - start:.1f} s")
        recorded.append({**run, "results": results})
    options.output.write_text(dump({"hellsrummy": version, "runs": recorded}))
    print(f"wrote {options.output}")


if __name__ == "__main__":
    main()
