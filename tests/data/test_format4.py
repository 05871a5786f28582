"""Data format 4: one name per kind, the same in ``to_dict``, ``from_dict`` and ``json_schema``.

Before format 4, ``to_dict`` tagged values ``"GameState"``, ``"PlayerView"``, ``"Rules"``,
``"GameRecord"`` while ``json_schema`` and ``SCHEMA_KINDS`` named them ``"state"``,
``"view"``, ``"rules"``, ``"record"`` (so ``from_dict({"type": "view", ...})`` failed with
"unknown type 'view'"), and the results of studies (``"GameResult"``, ``"DealRecord"``,
``"Comparison"``) had no ``"format"`` and no schema. Now every kind of :data:`SCHEMA_KINDS` is
written under its name with ``"format": 4``, validated by its schema and read back; the names
of formats 1 to 3 are still read with those formats, and refused with format 4 (and the other
way round), the message naming the field and the name the format uses.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from hellsrummy import (
    FORMAT,
    SCHEMA_KINDS,
    Comparison,
    DealRecord,
    GameRecord,
    GameResult,
    Ladder,
    from_dict,
    json_schema,
    to_dict,
)
from hellsrummy.data.plain import KINDS, READABLE_FORMATS
from hellsrummy.data.serialize import register_reader

from ..support.frozen import as_format
from .every_kind import result_values, values_of_every_kind

RESULTS = ("game_result", "deal_record", "comparison", "ladder")
#: The classes whose own ``from_dict`` reads a kind too.
OWN_READERS: dict[str, Any] = {
    "record": GameRecord.from_dict,
    "game_result": GameResult.from_dict,
    "deal_record": DealRecord.from_dict,
    "comparison": Comparison.from_dict,
    "ladder": Ladder.from_dict,
}
RENAMED = [kind for kind in SCHEMA_KINDS if KINDS[kind] != kind]


def written(kind: str) -> dict[str, Any]:
    """``to_dict`` of the value of ``kind``, through JSON."""
    data: dict[str, Any] = json.loads(json.dumps(to_dict(values_of_every_kind()[kind])))
    return data


def without_format(data: Any) -> Any:
    """``data`` with every ``"format"`` left out, at any depth (results before format 4)."""
    if isinstance(data, dict):
        return {key: without_format(value) for key, value in data.items() if key != "format"}
    if isinstance(data, list):
        return [without_format(item) for item in data]
    return data


def test_the_format_and_the_kinds() -> None:
    assert FORMAT == 4 and READABLE_FORMATS == (1, 2, 3, 4)
    assert SCHEMA_KINDS == (
        "state",
        "view",
        "rules",
        "action",
        "event",
        "record",
        "game_result",
        "deal_record",
        "comparison",
        "ladder",
    )
    assert tuple(values_of_every_kind()) == SCHEMA_KINDS == tuple(KINDS)


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_every_kind_is_written_described_and_read_under_one_name(kind: str) -> None:
    value = values_of_every_kind()[kind]
    data = written(kind)
    assert list(data)[:2] == ["format", "type"]
    assert data["format"] == FORMAT and data["type"] == kind
    schema = json_schema(kind)
    assert schema["properties"]["type"] == {"const": kind}
    assert schema["properties"]["format"] == {"const": FORMAT}
    if kind not in ("action", "event"):  # tagged unions: each branch is closed
        assert schema["additionalProperties"] is False
    assert not [
        error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(data)
    ]
    back = from_dict(data)
    assert type(back) is type(value) and back == value
    if kind in OWN_READERS:
        assert OWN_READERS[kind](data) == value


def test_from_dict_reads_a_view_named_as_its_schema_names_it() -> None:
    seen = values_of_every_kind()["view"]
    data = {**written("view"), "type": "view"}
    assert from_dict(data) == seen
    assert from_dict({**written("state"), "type": "state"}) == values_of_every_kind()["state"]


def assert_refused(kind: str, data: dict[str, Any], message: str) -> None:
    """``from_dict`` and the kind's own reader (if it has one) both refuse ``data``."""
    with pytest.raises(ValueError, match=message):
        from_dict(data)
    if kind in OWN_READERS:
        with pytest.raises(ValueError, match=message):
            OWN_READERS[kind](data)


@pytest.mark.parametrize("kind", RENAMED)
def test_a_name_before_format_4_is_refused_with_format_4(kind: str) -> None:
    data = {**written(kind), "type": KINDS[kind]}
    assert_refused(kind, data, f"^type: format 4 names this kind '{kind}', not '{KINDS[kind]}'$")


@pytest.mark.parametrize("kind", RENAMED)
@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_name_of_format_4_is_refused_with_an_older_format(kind: str, version: int) -> None:
    data = {**written(kind), "format": version}
    message = f"^type: format {version} names this kind '{KINDS[kind]}', not '{kind}'$"
    assert_refused(kind, data, message)


@pytest.mark.parametrize("kind", RESULTS)
def test_a_result_named_as_format_4_needs_its_format(kind: str) -> None:
    data = {key: item for key, item in written(kind).items() if key != "format"}
    message = rf"^format: missing \(a '{kind}' says its format, 4; .* named '{KINDS[kind]}'\)$"
    with pytest.raises(ValueError, match=message):
        from_dict(data)
    with pytest.raises(ValueError, match=message):
        OWN_READERS[kind](data)


@pytest.mark.parametrize("kind", RESULTS)
def test_a_result_written_before_format_4_still_reads(kind: str) -> None:
    """Without a format and with its old name (a comparison's records too), as format 3 wrote."""
    for value in result_values()[kind]:
        data = without_format(as_format(json.loads(json.dumps(to_dict(value))), 3))
        assert data["type"] == KINDS[kind]
        assert from_dict(data) == value
        assert OWN_READERS[kind](data) == value
        again = to_dict(from_dict(data))
        assert again["format"] == FORMAT and again["type"] == kind


@pytest.mark.parametrize("kind", RESULTS)
def test_every_result_of_real_runs_validates(kind: str) -> None:
    check = jsonschema.Draft202012Validator(json_schema(kind))
    for value in result_values()[kind]:
        data = json.loads(json.dumps(to_dict(value)))
        assert not [error.message for error in check.iter_errors(data)]
        assert from_dict(data) == value


def test_a_comparisons_records_are_tagged_and_its_parts_are_not() -> None:
    data = written("comparison")
    assert {(record["format"], record["type"]) for record in data["records"]} == {
        (FORMAT, "deal_record")
    }
    parts = [data["baseline"], *data["candidates"], *data["pairs"]]
    parts += [data["candidates"][0]["points"], data["records"][0]["baseline"]]
    assert not [part for part in parts if {"format", "type"} & set(part)]
    deal = written("deal_record")
    assert not [one for rounds in deal["candidates"].values() for one in rounds if "type" in one]


@pytest.mark.parametrize("name", [*SCHEMA_KINDS[:6], "GameState", "PlayerView", "GameRecord"])
def test_the_games_documents_cannot_be_registered_over_under_either_name(name: str) -> None:
    with pytest.raises(ValueError, match=f"'{name}' is a document of the game"):
        register_reader(name, lambda data: data)


def test_the_results_are_registered_under_both_names() -> None:
    for kind in RESULTS:
        data = written(kind)
        old = without_format(as_format(data, 3))
        assert from_dict(data) == from_dict(old) == values_of_every_kind()[kind]
