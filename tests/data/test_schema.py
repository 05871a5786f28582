"""The JSON schemas: every ``to_dict`` output of random games validates; broken ones do not.

Thousands of documents (states, every seat's view, the action played, each new event, the
rules and the game record) from random games of every rule variant, 3 to 10 seats, are
validated against :func:`hellsrummy.json_schema` with ``jsonschema``, and so are the results of
small simulations and studies (``test_format4.py``); a few hand-broken documents are rejected,
and the schemas follow the field tables of ``serialize`` and ``readers``.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

from hellsrummy import (
    FORMAT,
    SCHEMA_KINDS,
    GameRecord,
    GameState,
    PlayerView,
    Rules,
    json_schema,
    new_game,
    to_dict,
    view,
)
from hellsrummy.data import readers, serialize
from hellsrummy.data import schema as schema_module

from ..support.positions import random_game, random_rules
from .every_kind import values_of_every_kind

GAMES = 24
STEPS = 40
ROOT = Path(__file__).resolve().parents[2]


def validator(kind: str) -> jsonschema.protocols.Validator:
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {kind: validator(kind) for kind in SCHEMA_KINDS}


def errors(kind: str, document: Any) -> list[str]:
    return [error.message for error in VALIDATORS[kind].iter_errors(document)]


def test_every_schema_is_a_valid_2020_12_schema_carrying_the_format() -> None:
    for kind in SCHEMA_KINDS:
        schema = json_schema(kind)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"urn:hellsrummy:format:{FORMAT}:{kind}"
        assert schema["properties"]["format"] == {"const": FORMAT}
        json.dumps(schema)  # plain JSON
        assert json_schema(kind) == schema  # deterministic, and a fresh copy each time
        assert json_schema(kind) is not schema


def test_random_games_of_every_rule_variant_validate() -> None:
    counts = dict.fromkeys(SCHEMA_KINDS, 0)

    def valid(kind: str, document: Any) -> None:
        found = errors(kind, document)
        assert not found, (kind, found[:3], json.dumps(document)[:500])
        counts[kind] += 1

    for game in range(GAMES):
        rng = random.Random(f"schema {game}")
        players = rng.randint(3, 10)
        rules = random_rules(rng, players)
        valid("rules", to_dict(rules))
        record = GameRecord(players=tuple(f"P{k}" for k in range(players)), seed=game, rules=rules)
        seen_events = 0
        state: GameState | None = None
        for step in random_game(game, rules, players, steps=STEPS):
            state = step.state
            if step.number % 3 == 0 or step.action is None:
                valid("state", to_dict(state))
                for seat in range(players):
                    valid("view", to_dict(view(state, seat)))
            log = list(state.log)
            for event in log[seen_events if seen_events <= len(log) else 0 :]:
                valid("event", to_dict(event))
            seen_events = len(log)
            if step.action is not None:
                valid("action", to_dict(step.action))
                record = attrs.evolve(record, actions=(*record.actions, step.action))
        assert state is not None
        valid("record", record.to_dict())
    assert counts["view"] + counts["state"] > 1500, counts
    assert sum(counts.values()) > 3000, counts


@pytest.fixture(scope="module")
def documents() -> dict[str, dict[str, Any]]:
    state = new_game(4, seed=3)
    return {
        "state": to_dict(state),
        "view": to_dict(view(state, 1)),
        "rules": to_dict(Rules()),
        "record": GameRecord(players=("A", "B", "C"), seed=1).to_dict(),
        "action": {"format": FORMAT, "type": "action", "action": "discard", "card": "KS"},
        "event": {"format": FORMAT, "type": "event", "event": "took", "seat": 0, "card": "2C"},
        **{
            kind: json.loads(json.dumps(to_dict(values_of_every_kind()[kind])))
            for kind in ("game_result", "deal_record", "comparison", "ladder")
        },
    }


def broken(document: dict[str, Any], change: Any) -> dict[str, Any]:
    copied = copy.deepcopy(document)
    change(copied)
    return copied


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("view", lambda d: d.update(hands=[["2C"], ["3C"]])),  # another seat's cards
        ("view", lambda d: d.pop("hand")),
        ("view", lambda d: d["hand"].append("1S")),
        ("view", lambda d: d.update(format=FORMAT + 1)),
        ("view", lambda d: d.update(phase="thinking")),
        ("view", lambda d: d["melds"].append({"cards": ["7H", "7S", "7D"], "owner": -1})),
        ("state", lambda d: d.update(stock="7H 8H")),
        ("state", lambda d: d["events"].append({"event": "took", "seat": 0})),
        ("state", lambda d: d.update(seed=1.5)),
        ("rules", lambda d: d.update(discard_policy="forgive")),
        ("rules", lambda d: d["score_table"].pop("wild")),
        ("record", lambda d: d["actions"].append({"action": "take"})),
        ("action", lambda d: d.update(card="10X")),
        ("action", lambda d: d.update(action="steal")),
        ("action", lambda d: d.update(extra=1)),
        ("event", lambda d: d.update(seat="0")),
        ("event", lambda d: d.update(card=True)),
        ("record", lambda d: d.update(type="GameRecord")),
        ("state", lambda d: d.update(type="GameState")),
        ("game_result", lambda d: d.update(type="GameResult")),
        ("game_result", lambda d: d.pop("format")),
        ("game_result", lambda d: d["rounds"][0].update(winner="0")),
        ("game_result", lambda d: d.update(seed=1)),
        ("deal_record", lambda d: d["baseline"].update(seat=0)),
        ("deal_record", lambda d: d["candidates"]["random"][0]["seconds"].append(-1.0)),
        ("deal_record", lambda d: d["candidates"].update(empty=[])),
        ("comparison", lambda d: d["records"][0].update(type="DealRecord")),
        ("comparison", lambda d: d["candidates"][0]["points"].pop("sd")),
        ("comparison", lambda d: d["pairs"][0].update(rounds=-1)),
        ("comparison", lambda d: d["baseline"].update(extra=0)),
        ("comparison", lambda d: d.update(seed=[1])),
    ],
)
def test_hand_broken_documents_are_rejected(
    documents: dict[str, dict[str, Any]], kind: str, change: Any
) -> None:
    assert not errors(kind, documents[kind])
    assert errors(kind, broken(documents[kind], change))


def test_the_schemas_follow_the_field_tables_of_serialize() -> None:
    assert set(schema_module._FIELD_SCHEMAS) == set(readers._FIELD_READERS)
    assert set(schema_module._SPECIAL_SCHEMAS) == set(readers._SPECIAL_READERS)
    view_schema = json_schema("view")
    written = set(to_dict(view(new_game(3, seed=1), 0)))
    assert set(view_schema["properties"]) == written == set(view_schema["required"])
    fields = {f.name for f in attrs.fields(PlayerView)} - set(serialize._VIEW_SKIP)
    assert fields <= set(view_schema["properties"])
    state_props = set(json_schema("state")["properties"])
    assert state_props == set(to_dict(new_game(3, seed=1)))
    for rule in json_schema("action")["allOf"]:
        name = rule["if"]["properties"]["action"]["const"]
        cls = serialize._ACTIONS[name]
        assert set(rule["then"]["properties"]) == {"format", "type", "action"} | {
            f.name for f in attrs.fields(cls)
        }


@pytest.mark.parametrize(
    ("kind", "tag", "table"),
    [("action", "action", serialize._ACTIONS), ("event", "event", serialize._EVENTS)],
)
def test_tagged_unions_dispatch_on_their_tag(kind: str, tag: str, table: dict[str, type]) -> None:
    for union in (json_schema(kind), json_schema("state")["$defs"][kind]):
        assert union["type"] == "object"
        assert union["properties"][tag] == {"enum": list(table)}
        assert tag in union["required"]
        assert "oneOf" not in union and "anyOf" not in union
        rules = union["allOf"]
        assert [rule["if"] for rule in rules] == [
            {"properties": {tag: {"const": name}}, "required": [tag]} for name in table
        ]
        for rule in rules:
            branch = rule["then"]
            assert branch["type"] == "object" and branch["additionalProperties"] is False
            assert set(union["properties"]) <= set(branch["properties"]) == set(branch["required"])


def objects(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every subschema of ``schema`` (a dict) with the path to it, ``schema`` first."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(schema, dict):
        found.append((path, schema))
        for key, value in schema.items():
            if key in ("properties", "$defs"):  # maps of names to schemas
                for name, subschema in value.items():
                    found += objects(subschema, f"{path}/{key}/{name}")
            elif key not in ("const", "enum"):
                found += objects(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += objects(value, f"{path}/{index}")
    return found


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_every_object_schema_says_it_is_an_object(kind: str) -> None:
    """What ajv's strict mode asks (strictTypes, strictRequired), checked without node."""
    for path, schema in objects(json_schema(kind)):
        if path.endswith("/if"):  # a test of the tag, under its union's "type": "object"
            assert set(schema) == {"properties", "required"}, path
            assert schema["required"] == list(schema["properties"]), path
            continue
        if {"properties", "required", "additionalProperties"} & set(schema):
            assert schema.get("type") == "object", path
            assert set(schema.get("required", ())) <= set(schema.get("properties", {})), path
        if {"items", "prefixItems", "minItems"} & set(schema):
            assert schema.get("type") == "array", path
        assert not isinstance(schema.get("type", ""), list), path  # no union types


@pytest.mark.parametrize(
    ("kind", "change", "path", "says"),
    [
        ("action", lambda d: d.update(card="10X"), ["card"], "does not match"),
        ("action", lambda d: d.update(action="steal"), ["action"], "is not one of"),
        ("action", lambda d: d.update(extra=1), [], "'extra' was unexpected"),
        ("action", lambda d: d.pop("card"), [], "'card' is a required property"),
        ("event", lambda d: d.update(seat="0"), ["seat"], "is not of type 'integer'"),
        ("event", lambda d: d.update(card=True), ["card"], "is not of type 'string'"),
        (
            "state",
            lambda d: d["events"].append({"event": "took", "seat": 0, "card": "2Z"}),
            ["events", -1, "card"],
            "does not match",
        ),
        (
            "state",
            lambda d: d["events"].append({"event": "took", "seat": -1, "card": "2C"}),
            ["events", -1, "seat"],
            "is less than the minimum",
        ),
        (
            "state",
            lambda d: d["events"].append({"event": "stole", "seat": 0}),
            ["events", -1, "event"],
            "is not one of",
        ),
        (
            "record",
            lambda d: d["actions"].append(
                {"format": FORMAT, "type": "action", "action": "meld", "melds": []}
            ),
            ["actions", 0, "melds"],
            "should be non-empty",
        ),
    ],
)
def test_a_bad_field_is_reported_at_its_path(
    documents: dict[str, dict[str, Any]], kind: str, change: Any, path: list[Any], says: str
) -> None:
    document = broken(documents[kind], change)
    error = jsonschema.exceptions.best_match(VALIDATORS[kind].iter_errors(document))
    assert error is not None
    path = [len(document["events"]) - 1 if step == -1 else step for step in path]  # the last
    assert list(error.absolute_path) == path, (error.message, list(error.absolute_path))
    assert says in error.message, error.message
    assert "is not valid under any of the given schemas" not in error.message


def test_the_script_writes_the_schemas(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "examples" / "write_schemas.py"), str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for kind in SCHEMA_KINDS:
        written = json.loads((tmp_path / f"{kind}.schema.json").read_text(encoding="utf-8"))
        assert written == json_schema(kind)
