"""GreedyBot simulations give exactly what they gave under release 0.1.0.

``tests/fixtures/greedy_results_0_1_0.json`` holds every ``GameResult`` of a few
``simulate([GreedyBot()] * n, ...)`` runs, recorded with 0.1.0 by
``tests/fixtures/record_greedy_results.py`` (see there). The runs are played again here with the
library under test: any change in the moves listed, their order, the transitions or the
shuffles shows up as a different score, winner or number of decisions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from hellsrummy import GreedyBot, Rules, simulate

from ..support.compare import first_difference

RECORDED = Path(__file__).parent.parent / "fixtures" / "greedy_results_0_1_0.json"
RUNS: list[dict[str, Any]] = json.loads(RECORDED.read_text())["runs"]


def test_the_recorded_runs_are_there() -> None:
    assert [run["name"] for run in RUNS] == [
        "3 bots",
        "4 bots",
        "6 bots",
        "4 bots, hard schedule",
    ]
    assert all(len(run["results"]) == run["games"] for run in RUNS)


@pytest.mark.parametrize("run", RUNS, ids=[run["name"] for run in RUNS])
def test_greedy_simulations_give_the_results_of_0_1_0(run: dict[str, Any]) -> None:
    rules = None if run["rules"] is None else Rules(**run["rules"])
    results = simulate(
        [GreedyBot()] * run["bots"], games=run["games"], seed=run["seed"], rules=rules
    )
    assert len(results) == len(run["results"])
    for result, recorded in zip(results, run["results"], strict=True):
        # ``record`` (the game's record, kept on request) is new since 0.1.0, and not asked here.
        ours = json.loads(json.dumps(attrs.asdict(result, filter=lambda a, _: a.name != "record")))
        assert result.record is None
        if ours != recorded:
            raise AssertionError(
                f"run {run['name']!r} (seed {run['seed']!r}): game {recorded['game']} differs"
                f" from 0.1.0 first at {first_difference(ours, recorded)}"
            )
