"""The JSON schemas under ajv 8, a validator not written in Python (draft 2020-12, strict mode).

Needs Node.js and the npm packages ``ajv`` (8) and ``ajv-formats``; deselected by the README's
test command (``-m "not node"``) and run by a CI step of its own::

    npm install --no-save --prefix ~/.cache/hellsrummy-node ajv@8 ajv-formats
    python -m pytest -m node tests/data/test_ajv.py

The packages are looked for in ``$HELLSRUMMY_NODE_MODULES`` (a ``node_modules`` directory),
by default ``~/.cache/hellsrummy-node/node_modules`` as installed above. When the test is
selected and they are missing, it fails and says how to install them.

Every schema of :data:`hellsrummy.SCHEMA_KINDS` and the web example's message schema compile
with ``strict: true`` (strictTypes, strictTuples, strictRequired: no unknown keyword, every
``properties`` under ``"type": "object"``...); the documents of random games of every rule
variant (CLASSIC calls and leaves included) and the results of small simulations and studies
(``play_game``, ``simulate``, ``stream_deals``, ``compare``) validate; broken documents are
rejected with the error at the bad field's ``instancePath``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from hellsrummy import (
    FORMAT,
    SCHEMA_KINDS,
    DiscardPolicy,
    GameRecord,
    json_schema,
    new_game,
    to_dict,
    view,
)

from ..examples.web_app import load
from ..support.positions import Style, random_game, random_rules
from .every_kind import result_values

pytestmark = pytest.mark.node

NODE_MODULES = Path(
    os.environ.get("HELLSRUMMY_NODE_MODULES")
    or Path.home() / ".cache" / "hellsrummy-node" / "node_modules"
)
INSTALL = (
    "npm install --no-save --prefix ~/.cache/hellsrummy-node ajv@8 ajv-formats"
    " (or set HELLSRUMMY_NODE_MODULES to a node_modules directory holding them)"
)
GAMES = 12
STEPS = 60

#: Compiles every schema of a directory under ajv's strict mode, validates the documents and
#: checks the broken ones fail at their path; prints a JSON summary, exits 1 on any failure.
CHECK_JS = """
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("fs");
const path = require("path");
const dir = process.argv[2];
const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
const validators = {};
const summary = {ajv: require("ajv/package.json").version, compiled: [], validated: {},
                 rejected: [], failures: []};
for (const name of fs.readdirSync(dir).filter((n) => n.endsWith(".schema.json")).sort()) {
  const ajv = new Ajv2020({strict: true, allErrors: true});
  addFormats(ajv);
  try {
    validators[name.replace(".schema.json", "")] = ajv.compile(read(name));
    summary.compiled.push(name);
  } catch (error) {
    summary.failures.push(`${name} does not compile: ${error.message}`);
  }
}
const documents = read("documents.json");
for (const [kind, list] of Object.entries(documents)) {
  const validate = validators[kind];
  if (!validate) continue;
  summary.validated[kind] = 0;
  list.forEach((document, index) => {
    if (validate(document)) summary.validated[kind] += 1;
    else summary.failures.push(
      `${kind} document ${index} is invalid: ${JSON.stringify(validate.errors.slice(0, 3))}`);
  });
}
for (const {kind, document, instancePath} of read("broken.json")) {
  const validate = validators[kind];
  if (!validate) continue;
  if (validate(document)) {
    summary.failures.push(`a broken ${kind} document is valid (${instancePath})`);
    continue;
  }
  const paths = validate.errors.map((error) => error.instancePath);
  if (!paths.includes(instancePath))
    summary.failures.push(`a broken ${kind} document fails at ${paths}, not ${instancePath}`);
  else summary.rejected.push(
    `${kind} ${instancePath}: ` + validate.errors.filter((e) => e.instancePath === instancePath)
      .map((e) => e.message).join("; "));
}
console.log(JSON.stringify(summary, null, 1));
process.exit(summary.failures.length ? 1 : 0);
"""


@pytest.fixture(scope="module")
def node() -> list[str]:
    """The command that runs node with ajv and ajv-formats found; fails if they are missing."""
    executable = shutil.which("node")
    if executable is None:
        pytest.fail(f"the node test needs Node.js (node on PATH), then: {INSTALL}")
    for package in ("ajv", "ajv-formats"):
        if not (NODE_MODULES / package / "package.json").is_file():
            pytest.fail(f"the node test needs {package} in {NODE_MODULES}: {INSTALL}")
    major = json.loads((NODE_MODULES / "ajv" / "package.json").read_text())["version"][0]
    if major != "8":
        pytest.fail(f"the node test needs ajv 8 in {NODE_MODULES}: {INSTALL}")
    return [executable]


def random_documents() -> dict[str, list[Any]]:
    """Documents of random games of every rule variant, CLASSIC calls and leaves included."""
    documents: dict[str, list[Any]] = {kind: [] for kind in SCHEMA_KINDS}
    actions: Counter[str] = Counter()
    for game in range(GAMES):
        rng = random.Random(f"ajv {game}")
        players = rng.randint(3, 10)
        policy = DiscardPolicy.CLASSIC if game % 2 else list(DiscardPolicy)[game // 2 % 3]
        rules = attrs.evolve(random_rules(rng, players, [policy]), max_turns=None)
        style = attrs.evolve(Style.draw(rng), play=0.7, blunder=0.1, call=0.5, leave=0.01)
        documents["rules"].append(to_dict(rules))
        record = GameRecord(players=tuple(f"P{k}" for k in range(players)), seed=game, rules=rules)
        seen = 0
        for step in random_game(game, rules, players, steps=STEPS, style=style):
            state = step.state
            if step.number % 5 == 0 or step.action is None:
                documents["state"].append(to_dict(state))
                documents["view"] += [to_dict(view(state, seat)) for seat in range(players)]
            log = list(state.log)
            documents["event"] += [
                to_dict(event) for event in log[seen if seen <= len(log) else 0 :]
            ]
            seen = len(log)
            if step.action is not None:
                data = to_dict(step.action)
                actions[data["action"]] += 1
                documents["action"].append(data)
                record = attrs.evolve(record, actions=(*record.actions, step.action))
        documents["record"].append(record.to_dict())
    assert actions["rummy"] and actions["leave"], actions  # the variants are played
    for kind, values in result_values().items():
        documents[kind] += [json.loads(json.dumps(to_dict(value))) for value in values]
    return documents


def broken_documents() -> list[dict[str, Any]]:
    """Documents with one bad field, and the JSON pointer of that field."""
    state = to_dict(new_game(4, seed=3))
    last = len(state["events"])
    discard = {"format": FORMAT, "type": "action", "action": "discard", "card": "KS"}
    took = {"format": FORMAT, "type": "event", "event": "took", "seat": 0, "card": "2C"}
    record = GameRecord(players=("A", "B", "C"), seed=1).to_dict()
    results = result_values()
    game = to_dict(results["game_result"][0])
    deal = to_dict(results["deal_record"][0])
    study = to_dict(results["comparison"][0])
    name = next(iter(deal["candidates"]))
    return [
        {"kind": "action", "document": {**discard, "card": "10X"}, "instancePath": "/card"},
        {"kind": "action", "document": {**discard, "action": "steal"}, "instancePath": "/action"},
        {"kind": "event", "document": {**took, "seat": "0"}, "instancePath": "/seat"},
        {
            "kind": "state",
            "document": {**state, "events": [*state["events"], {**took, "card": "2Z"}]},
            "instancePath": f"/events/{last}/card",
        },
        {
            "kind": "record",
            "document": {**record, "actions": [{**discard, "card": True}]},
            "instancePath": "/actions/0/card",
        },
        {"kind": "view", "document": {"format": FORMAT + 1}, "instancePath": "/format"},
        {"kind": "state", "document": {**state, "type": "GameState"}, "instancePath": "/type"},
        {
            "kind": "game_result",
            "document": {**game, "type": "GameResult"},
            "instancePath": "/type",
        },
        {
            "kind": "game_result",
            "document": {**game, "rounds": [{**game["rounds"][0], "winner": "0"}]},
            "instancePath": "/rounds/0/winner",
        },
        {
            "kind": "deal_record",
            "document": {**deal, "baseline": {**deal["baseline"], "seat": 0}},
            "instancePath": "/baseline/seat",
        },
        {
            "kind": "deal_record",
            "document": {**deal, "candidates": {name: [{"seat": 0}]}},
            "instancePath": f"/candidates/{name}/0",
        },
        {
            "kind": "comparison",
            "document": {**study, "records": [{**deal, "format": 3}]},
            "instancePath": "/records/0/format",
        },
        {
            "kind": "comparison",
            "document": {**study, "resamples": 0},
            "instancePath": "/resamples",
        },
    ]


def test_every_schema_compiles_under_ajv_strict_and_random_games_validate(
    node: list[str], tmp_path: Path
) -> None:
    for kind in SCHEMA_KINDS:
        (tmp_path / f"{kind}.schema.json").write_text(json.dumps(json_schema(kind)))
    message = load().message_schema()
    (tmp_path / "message.schema.json").write_text(json.dumps(message))
    documents = random_documents()
    (tmp_path / "documents.json").write_text(json.dumps(documents))
    broken = broken_documents()
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    (tmp_path / "check.js").write_text(CHECK_JS)
    run = subprocess.run(
        [*node, str(tmp_path / "check.js"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NODE_PATH": str(NODE_MODULES)},
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    summary = json.loads(run.stdout)
    print(json.dumps(summary, indent=1))  # shown with -s: what ajv compiled and validated
    assert summary["compiled"] == sorted(
        f"{kind}.schema.json" for kind in (*SCHEMA_KINDS, "message")
    )
    assert summary["validated"] == {kind: len(documents[kind]) for kind in SCHEMA_KINDS}
    assert len(summary["rejected"]) == len(broken)
    assert sum(summary["validated"].values()) > 2000, summary["validated"]
