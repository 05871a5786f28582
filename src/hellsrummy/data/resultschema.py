"""JSON Schema (2020-12) bodies of the results of simulations and studies, since format 4.

:func:`hellsrummy.json_schema` gives, for ``"game_result"``, ``"deal_record"``,
``"comparison"`` and ``"ladder"``, what :meth:`hellsrummy.GameResult.to_dict`,
:meth:`hellsrummy.DealRecord.to_dict`, :meth:`hellsrummy.Comparison.to_dict` and
:meth:`hellsrummy.Ladder.to_dict` write: closed
objects (``additionalProperties: false``), like the game's documents, with the format's
``format`` and ``type`` as ``const``. The classes live in the players' room, above this one, so
their shapes are written out here by hand; the tests validate real results against them, so
a field added to a result without its schema here fails them.

The parts of the results (a deal's round, an estimate, a candidate's and a pair's summary, a
rating) are no documents of their own: they sit under ``$defs`` (``deal_round``,
``estimate``, ``candidate_summary``, ``pair_summary``, ``rating``, and ``deal_record`` for the
records of a comparison or a ladder). A result that keeps its games' records
(``history=True``) holds them as ``record`` documents (``$defs`` ``record``).

>>> from hellsrummy.data.resultschema import result_schema
>>> body, defs = result_schema("deal_record")
>>> body["properties"]["type"], body["properties"]["baseline"]["properties"]["seat"]
({'const': 'deal_record'}, {'type': 'null'})
>>> sorted(defs)
['deal_round']
"""

from __future__ import annotations

import copy
from typing import Any

from hellsrummy.contracts.difficulty import DIFFICULTIES
from hellsrummy.data.plain import FORMAT, type_name
from hellsrummy.errors import shown

__all__ = ["RESULT_KINDS", "result_schema"]

#: The results of simulations and studies that :func:`hellsrummy.json_schema` describes.
RESULT_KINDS = ("game_result", "deal_record", "comparison", "ladder")

Schema = dict[str, Any]

_COUNT: Schema = {"type": "integer", "minimum": 0}
_NUMBER: Schema = {"type": "number"}
_BOT: Schema = {"type": "integer", "minimum": 0, "description": "A bot's number, from 0."}
_SEAT: Schema = {"type": "integer", "minimum": 0, "description": "A seat number, from 0."}
_DIFFICULTY: Schema = {"type": "integer", "minimum": DIFFICULTIES[0], "maximum": DIFFICULTIES[-1]}
_SECONDS: Schema = {"type": "number", "minimum": 0}
#: A seed as :func:`hellsrummy.seed_to_data` writes it (the game's documents' ``seed`` too).
_SEED: Schema = {
    "anyOf": [
        {"type": "integer"},
        {"type": "string"},
        {
            "type": "object",
            "properties": {"hex": {"type": "string", "pattern": "^(?:[0-9a-fA-F]{2})*$"}},
            "required": ["hex"],
            "additionalProperties": False,
        },
    ]
}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _array(items: Schema, least: int = 0) -> Schema:
    schema: Schema = {"type": "array", "items": items}
    if least:
        schema["minItems"] = least
    return schema


def _closed(properties: Schema, description: str | None = None) -> Schema:
    schema: Schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def _head(kind: str) -> Schema:
    return {"format": {"const": FORMAT}, "type": {"const": type_name(kind)}}


#: The game record a result keeps when asked for (``history=True``), else null.
_KEPT_RECORD: Schema = {
    "anyOf": [{"$ref": "#/$defs/record"}, {"type": "null"}],
    "description": "The game's record (a record document), kept on request; null otherwise.",
}


def _game_result() -> Schema:
    round_summary = _closed(
        {
            "difficulty": dict(_DIFFICULTY),
            "points": _array(_COUNT, 1),
            "winner": _nullable(_BOT),
            "met_after": {
                **_array(_nullable(_COUNT), 1),
                "description": "Per bot, the turns played when it met the minimum (null: never).",
            },
            "turns": dict(_COUNT),
        },
        "One round, by bot (not by seat).",
    )
    return _closed(
        {
            **_head("game_result"),
            "game": dict(_COUNT),
            "seats": {**_array(_SEAT, 1), "description": "seats[b]: the seat bot b sat in."},
            "totals": {**_array(_COUNT, 1), "description": "Each bot's total points."},
            "winners": {**_array(_BOT, 1), "description": "The bots with the lowest total."},
            "rounds": _array(round_summary),
            "decisions": dict(_COUNT),
            "record": _KEPT_RECORD,
        }
    )


def _deal_round(seat: Schema) -> Schema:
    return _closed(
        {
            "seat": seat,
            "points": {**_array(_COUNT, 1), "description": "By seat."},
            "winner": _nullable(_SEAT),
            "turns": dict(_COUNT),
            "decisions": dict(_COUNT),
            "seconds": {
                **_array(_SECONDS),
                "description": "The wall time of each decision of the candidate, or none.",
            },
            "record": _KEPT_RECORD,
        }
    )


def _deal_record() -> Schema:
    return _closed(
        {
            **_head("deal_record"),
            "deal": dict(_COUNT),
            "difficulty": dict(_DIFFICULTY),
            "baseline": _deal_round({"type": "null"}),
            "candidates": {
                "type": "object",
                "additionalProperties": _array({"$ref": "#/$defs/deal_round"}, 1),
                "description": "Each candidate's rounds, by name, one per seat in seat order.",
            },
        }
    )


def _estimate() -> Schema:
    return _closed(
        {
            "value": dict(_NUMBER),
            "low": dict(_NUMBER),
            "high": dict(_NUMBER),
            "sd": {"type": "number", "minimum": 0},
            "deals": {"type": "integer", "minimum": 1},
        },
        "A mean over rounds, with its 95% interval (low to high).",
    )


def _candidate_summary() -> Schema:
    estimate = {"$ref": "#/$defs/estimate"}
    return _closed(
        {
            "name": {"type": "string"},
            "rounds": dict(_COUNT),
            "capped": dict(_COUNT),
            "won": estimate,
            "even": dict(_NUMBER),
            "won_gain": dict(estimate),
            "points": dict(estimate),
            "mean_points": dict(_NUMBER),
            "baseline_points": dict(_NUMBER),
            "decisions": dict(_COUNT),
            "seconds_mean": _nullable(_SECONDS),
            "seconds_median": _nullable(_SECONDS),
            "seconds_worst": _nullable(_SECONDS),
        }
    )


def _pair_summary() -> Schema:
    return _closed(
        {
            "first": {"type": "string"},
            "second": {"type": "string"},
            "rounds": dict(_COUNT),
            "points": {"$ref": "#/$defs/estimate"},
            "won": {"$ref": "#/$defs/estimate"},
        },
        "Two candidates on the same deals and seats: first minus second.",
    )


def _comparison() -> Schema:
    return _closed(
        {
            **_head("comparison"),
            "seed": copy.deepcopy(_SEED),
            "players": {"type": "integer", "minimum": 2},
            "deals": {"type": "integer", "minimum": 1},
            "resamples": {"type": "integer", "minimum": 1},
            "baseline": _closed(
                {
                    "points": dict(_NUMBER),
                    "capped": dict(_COUNT),
                    "won": {**_array(_COUNT, 2), "description": "By seat."},
                }
            ),
            "candidates": _array({"$ref": "#/$defs/candidate_summary"}, 1),
            "pairs": _array({"$ref": "#/$defs/pair_summary"}),
            "records": _array({"$ref": "#/$defs/deal_record"}, 1),
        }
    )


def _rating() -> Schema:
    return _closed(
        {
            "name": {"type": "string"},
            "elo": dict(_NUMBER),
            "low": dict(_NUMBER),
            "high": dict(_NUMBER),
            "games": dict(_COUNT),
            "score": {"type": "number", "minimum": 0, "maximum": 1},
            "deals": dict(_COUNT),
            "seconds": _nullable(_SECONDS),
        },
        "One player's rating: Elo with its 95% interval (low to high), the field at 0.",
    )


def _ladder() -> Schema:
    return _closed(
        {
            **_head("ladder"),
            "field": {"type": "string"},
            "anchor": {"type": "string"},
            "players": {"type": "integer", "minimum": 2},
            "deals": {"type": "integer", "minimum": 1},
            "prior": {"type": "number", "minimum": 0},
            "resamples": {"type": "integer", "minimum": 1},
            "seed": copy.deepcopy(_SEED),
            "ratings": _array({"$ref": "#/$defs/rating"}, 1),
            "records": _array({"$ref": "#/$defs/deal_record"}, 1),
        }
    )


def result_schema(kind: str) -> tuple[Schema, Schema]:
    """The schema body of the result ``kind`` (one of :data:`RESULT_KINDS`) and its ``$defs``.

    :func:`hellsrummy.json_schema` adds ``$schema``, ``$id`` and ``title``. Each call builds
    new dicts.

    >>> from hellsrummy.data.resultschema import result_schema
    >>> body, defs = result_schema("game_result")
    >>> body["properties"]["format"], body["additionalProperties"], defs
    ({'const': 4}, False, {})
    >>> sorted(result_schema("ladder")[1])
    ['deal_record', 'deal_round', 'rating']
    >>> result_schema("state")
    Traceback (most recent call last):
    ...
    ValueError: unknown result 'state' (known: game_result, deal_record, comparison, ladder)
    """
    if kind == "game_result":
        return _game_result(), {}
    if kind == "deal_record":
        return _deal_record(), {"deal_round": _deal_round(dict(_SEAT))}
    if kind == "comparison":
        defs = {
            "deal_record": _deal_record(),
            "deal_round": _deal_round(dict(_SEAT)),
            "estimate": _estimate(),
            "candidate_summary": _candidate_summary(),
            "pair_summary": _pair_summary(),
        }
        return _comparison(), defs
    if kind == "ladder":
        defs = {
            "deal_record": _deal_record(),
            "deal_round": _deal_round(dict(_SEAT)),
            "rating": _rating(),
        }
        return _ladder(), defs
    raise ValueError(f"unknown result {shown(kind)} (known: {', '.join(RESULT_KINDS)})")
