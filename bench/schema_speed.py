"""How long Python's ``jsonschema`` takes to validate a large state against the library's schemas.

Run by hand: ``python bench/schema_speed.py`` (needs ``jsonschema``, in the ``test`` extra).
Plays one game of RandomBots (``--bot greedy`` for GreedyBots; ``--players``, ``--seed``) and
keeps its largest state, the view of seat 0 of that state and the game's record; then times
``jsonschema.Draft202012Validator(schema).validate(document)`` for each, best of ``--repeat``
runs in each of ``--rounds`` rounds, and the state without its events. ``--against DIR``
also times the schemas written to ``DIR`` (``python examples/write_schemas.py DIR``, say from
an older commit), alternating with the current ones, so that two versions are measured in the
same run on the same machine.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import platform
import time
from pathlib import Path
from typing import Any

import jsonschema

import hellsrummy as hr


def long_game(players: int, seed: str, bot: hr.Bot) -> tuple[hr.GameState, hr.GameRecord]:
    """The largest state (most events) of a game ``bot`` plays, and the game's record."""
    state = hr.new_game(players, seed=seed)
    record = hr.GameRecord(players=state.names, seed=seed, rules=state.rules)
    actions: list[hr.Action] = []
    largest = state
    while state.phase is not hr.Phase.GAME_OVER:
        if state.phase is hr.Phase.ROUND_OVER:
            state = hr.next_round(state)
            continue
        action = bot(hr.view(state, state.current))
        actions.append(action)
        state = hr.apply(state, action)
        if len(state.log) >= len(largest.log):
            largest = state
    return largest, hr.GameRecord(
        players=record.players, seed=seed, rules=state.rules, actions=tuple(actions)
    )


def best_of(repeat: int, validator: Any, document: Any) -> float:
    """The fastest of ``repeat`` validations, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        validator.validate(document)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", default="schema speed")
    parser.add_argument("--bot", choices=("random", "greedy"), default="random")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of alternation")
    parser.add_argument("--against", type=Path, help="a directory of *.schema.json to compare")
    args = parser.parse_args()
    version = importlib.metadata.version("jsonschema")
    print(f"Python {platform.python_version()}, jsonschema {version}")

    bot = hr.RandomBot(args.seed) if args.bot == "random" else hr.GreedyBot()
    state, record = long_game(args.players, args.seed, bot)
    documents = {
        "state": hr.to_dict(state),
        "view": hr.to_dict(hr.view(state, 0)),
        "record": record.to_dict(),
    }
    size = len(json.dumps(documents["state"]))
    print(
        f"{args.players} {type(bot).__name__}s, seed {args.seed!r}:"
        f" largest state {size / 1000:.0f} KB, {len(state.log)} events;"
        f" record {len(record.actions)} actions"
    )
    versions = {"current": {kind: hr.json_schema(kind) for kind in documents}}
    if args.against is not None:
        versions[str(args.against)] = {
            kind: json.loads((args.against / f"{kind}.schema.json").read_text(encoding="utf-8"))
            for kind in documents
        }
    validators = {
        name: {kind: jsonschema.Draft202012Validator(schema) for kind, schema in schemas.items()}
        for name, schemas in versions.items()
    }
    events_only = dict(documents["state"], events=[])
    results: dict[str, dict[str, float]] = {name: {} for name in versions}
    for _ in range(args.rounds):  # alternate the versions, keep each one's best
        for name, kinds in validators.items():
            for kind, validator in kinds.items():
                took = best_of(args.repeat, validator, documents[kind])
                results[name][kind] = min(took, results[name].get(kind, float("inf")))
            took = best_of(args.repeat, kinds["state"], events_only)
            results[name]["state without events"] = min(
                took, results[name].get("state without events", float("inf"))
            )
    for name, timings in results.items():
        shown = ", ".join(f"{kind} {seconds * 1000:.1f} ms" for kind, seconds in timings.items())
        print(f"{name}: {shown}")


if __name__ == "__main__":
    main()
