"""JSON Schema (2020-12) documents for the data :func:`hellsrummy.to_dict` writes.

The schemas are the published contract for frontends and other programs reading the
library's JSON. They are built here, in code, from the same tables :func:`hellsrummy.to_dict`
and :func:`hellsrummy.from_dict` use: the attrs fields of each class, the kinds of action and
of event with their tags (:data:`hellsrummy.play.kinds.ACTION_KINDS`,
:data:`hellsrummy.game.events.EVENT_KINDS`; one branch each, in their order), and one schema
per field name next to the reader of that field name. A field added to an action, an event,
a state or a view without a schema here makes :func:`json_schema` fail, so the documents
cannot drift from what is written.

The unions of actions and of events dispatch on their tag (``action``, ``event``): the union
is an object whose tag is one of an ``enum`` of the kinds, with ``allOf`` one ``if``/``then``
per kind, the ``then`` being that kind's closed object. A validator so checks one branch and
reports a bad field at its path, and the schemas compile under ajv's strict mode (every
schema with ``properties`` says ``"type": "object"``; no keyword beyond the 2020-12 dialect).

Rounds are numbered from 0 in the data, as in the library's values, and from 1 in every text
(``str()`` of an event, a record's ``--- round N`` lines): the ``round`` fields say so in their
``description``. A state's and a view's ``difficulty`` and ``contract`` are derived from the
rules' schedule and the round, read-only (:func:`hellsrummy.from_dict` checks them).

Each kind of :data:`SCHEMA_KINDS` is named as ``to_dict`` writes its ``"type"`` (one name per
kind since format 4); the results of simulations and studies (``game_result``,
``deal_record``, ``comparison``, ``ladder``) have their schemas in
:mod:`hellsrummy.data.resultschema`.

>>> schema = json_schema("action")
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> schema["properties"]["format"], schema["properties"]["type"]
({'const': 4}, {'const': 'action'})
>>> schema["properties"]["action"]["enum"][:3]
['take', 'pass', 'meld']
>>> rule = schema["allOf"][5]
>>> rule["if"]
{'properties': {'action': {'const': 'discard'}}, 'required': ['action']}
>>> rule["then"]["required"], rule["then"]["additionalProperties"]
(['format', 'type', 'action', 'card'], False)
>>> SCHEMA_KINDS[:6]
('state', 'view', 'rules', 'action', 'event', 'record')
>>> SCHEMA_KINDS[6:]
('game_result', 'deal_record', 'comparison', 'ladder')
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import attrs

from hellsrummy.contracts.difficulty import DIFFICULTIES
from hellsrummy.data.plain import _ACTIONS, _EVENTS, FORMAT, KINDS, type_name
from hellsrummy.data.readers import _FIELD_READERS, _SPECIAL_READERS
from hellsrummy.data.resultschema import RESULT_KINDS, result_schema
from hellsrummy.data.serialize import _STATE_SKIP, _VIEW_SKIP
from hellsrummy.deck.cards import SUITS
from hellsrummy.deck.melds import MIN_MELD, MeldKind
from hellsrummy.errors import shown
from hellsrummy.game import events as _events
from hellsrummy.game.cardpoints import ScoreTable
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import GameState, Phase, RoundResult
from hellsrummy.views.view import PlayerView

__all__ = ["SCHEMA_KINDS", "json_schema"]

#: The kinds of document :func:`json_schema` describes, each named as its ``"type"``: the
#: game's documents, then the results of simulations and studies.
SCHEMA_KINDS = tuple(KINDS)

_DIALECT = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]

# --- building blocks ------------------------------------------------------------------------

_CARD: Schema = {
    "type": "string",
    "pattern": f"^(?:[2-9]|10|[JQKA])[{''.join(s.letter for s in SUITS)}]$",
    "description": "A card as text: rank (2-10, J, Q, K, A) then suit letter; deuces are wild.",
}
_CARDS: Schema = {"type": "array", "items": {"$ref": "#/$defs/card"}}
_SEAT: Schema = {"type": "integer", "minimum": 0, "description": "A seat number, from 0."}
_COUNT: Schema = {"type": "integer", "minimum": 0}
_ROUND: Schema = {
    "type": "integer",
    "minimum": 0,
    "description": "A round's number in the rules' schedule, from 0 (every text counts from 1).",
}
_BOOL: Schema = {"type": "boolean"}
_MELDS: Schema = {"type": "array", "items": {"$ref": "#/$defs/cards"}, "minItems": 1}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _per_seat(items: Schema) -> Schema:
    return {"type": "array", "items": items, "minItems": 2, "description": "One entry per seat."}


#: One schema per field name of an action or event: the same keys as serialize's readers.
_FIELD_SCHEMAS: dict[str, Schema] = {
    "seat": _SEAT,
    "to": _SEAT,
    "winner": _nullable(_SEAT),
    "round": _ROUND,
    "dealer": _SEAT,
    "difficulty": {"type": "integer", "minimum": DIFFICULTIES[0], "maximum": DIFFICULTIES[-1]},
    "first": _COUNT,
    "meld": {"type": "integer", "minimum": 0, "description": "A table meld's number, from 0."},
    "cards": {"$ref": "#/$defs/cards"},
    "card": {"$ref": "#/$defs/card"},
    "wildcard": {"$ref": "#/$defs/card"},
    "substitute": {"$ref": "#/$defs/card"},
    "swap": _BOOL,
    "discard": {"$ref": "#/$defs/card"},
    "melds": _MELDS,
    "met": _BOOL,
    "on": _BOOL,
    "points": _COUNT,
}
#: Fields whose meaning depends on the class: the same keys as serialize's special readers.
_SPECIAL_SCHEMAS: dict[tuple[type, str], Schema] = {
    (_events.Refilled, "cards"): {"type": "integer", "minimum": 1},
    (_events.RummyCalled, "wildcard"): _nullable({"$ref": "#/$defs/card"}),
    (_events.RoundEnded, "points"): _per_seat(_COUNT),
    (_events.DiscardErrorMade, "card"): _nullable({"$ref": "#/$defs/card"}),
    (_events.PlayProtectionWarning, "card"): _nullable({"$ref": "#/$defs/card"}),
}


def _field_schema(cls: type, name: str) -> Schema:
    schema = _SPECIAL_SCHEMAS.get((cls, name)) or _FIELD_SCHEMAS.get(name)
    if schema is None:
        raise LookupError(f"no schema for the field {name!r} of {cls.__name__}")
    return copy.deepcopy(schema)


def _object(properties: Schema, required: list[str] | None = None) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def _tagged(tag: str, name: str, cls: type, head: Schema) -> Schema:
    properties: Schema = {**head, tag: {"const": name}}
    for field in attrs.fields(cls):
        properties[field.name] = _field_schema(cls, field.name)
    schema = _object(properties)
    schema["title"] = f"{tag} {name}"
    return schema


def _union(tag: str, classes: dict[str, type], head: Schema) -> Schema:
    """A tagged union that dispatches on its tag: one ``if``/``then`` per kind, under ``allOf``.

    The union itself checks the fields every kind has (``head``) and that the tag is one of
    the kinds (``enum``); the kind's own branch (a closed object) then checks the rest. A
    validator so looks at one branch only, and reports a bad field at its own path, where a
    ``oneOf`` over the kinds tries them all and says no more than that none fits.
    """
    properties: Schema = {**copy.deepcopy(head), tag: {"enum": list(classes)}}
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "allOf": [
            {
                "if": {"properties": {tag: {"const": name}}, "required": [tag]},
                "then": _tagged(tag, name, cls, head),
            }
            for name, cls in classes.items()
        ],
    }


def _of_type(kind: str) -> Schema:
    return {"format": {"const": FORMAT}, "type": {"const": type_name(kind)}}


# --- rules ------------------------------------------------------------------------------------

_PAIRS: Schema = {
    "type": "array",
    "items": {
        "type": "array",
        "prefixItems": [{"type": "integer"}, {"type": "integer"}],
        "minItems": 2,
        "maxItems": 2,
    },
    "minItems": 1,
}
_RULES_FIELDS: dict[str, Callable[[], Schema]] = {
    "schedule": lambda: {
        "type": "array",
        "items": {"type": "integer", "minimum": DIFFICULTIES[0], "maximum": DIFFICULTIES[-1]},
        "minItems": 1,
    },
    "hand_size": lambda: {"type": "integer", "minimum": 1},
    "min_players": lambda: {"type": "integer", "minimum": 2},
    "max_players": lambda: {"type": "integer", "minimum": 2},
    "deck_plan": lambda: _object({"suits_by_players": _PAIRS, "decks_by_difficulty": _PAIRS}),
    "score_table": lambda: _object({f.name: dict(_COUNT) for f in attrs.fields(ScoreTable)}),
    "discard_policy": lambda: {"enum": [policy.value for policy in DiscardPolicy]},
    "discard_error_points": lambda: dict(_COUNT),
    "expert": lambda: dict(_BOOL),
    "max_turns": lambda: _nullable({"type": "integer", "minimum": 1}),
    "exact_contract_melds": lambda: dict(_BOOL),
    "discard_taken_card": lambda: dict(_BOOL),
}


def _rules_body() -> Schema:
    properties: Schema = {}
    for field in attrs.fields(Rules):
        if field.name not in _RULES_FIELDS:
            raise LookupError(f"no schema for the field {field.name!r} of Rules")
        properties[field.name] = _RULES_FIELDS[field.name]()
    return properties


# --- states and views -----------------------------------------------------------------------

_RESULT_FIELDS: dict[str, Schema] = {
    "round": _ROUND,
    "difficulty": _FIELD_SCHEMAS["difficulty"],
    "winner": _nullable(_SEAT),
    "points": _per_seat(_COUNT),
    "met": _per_seat(_BOOL),
    "errors": _per_seat(_COUNT),
    "turns": _COUNT,
}

_POSITION_FIELDS: dict[str, Schema] = {
    "seat": _SEAT,
    "names": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2},
    "round": _ROUND,
    "dealer": _SEAT,
    "current": _SEAT,
    "phase": {"enum": [phase.value for phase in Phase]},
    "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}, "minItems": 2},
    "hand": {"$ref": "#/$defs/cards"},
    "hand_sizes": _per_seat(_COUNT),
    "melds": {
        "type": "array",
        "items": _object({"cards": {"$ref": "#/$defs/cards"}, "owner": _SEAT}),
        "description": "The table melds, numbered from 0 in this order.",
    },
    "discard": _nullable({"$ref": "#/$defs/card"}),
    "stock": {"$ref": "#/$defs/cards"},
    "stock_size": _COUNT,
    "suits": {
        "type": "array",
        "items": {"enum": [suit.letter for suit in SUITS]},
        "minItems": 1,
        "maxItems": len(SUITS),
    },
    "decks": {"type": "integer", "minimum": 1, "maximum": 100},
    "refills": {"type": "integer", "minimum": 0, "maximum": 1000},
    "met": _per_seat(_BOOL),
    "penalties": _per_seat(_COUNT),
    "errors": _per_seat(_COUNT),
    "results": {
        "type": "array",
        "items": _object(
            {field.name: _RESULT_FIELDS[field.name] for field in attrs.fields(RoundResult)}
        ),
    },
    "scores": _per_seat(_COUNT),
    "protection": _per_seat(_BOOL),
    "left": _per_seat(_BOOL),
    "turns": _COUNT,
    "taken": _nullable({"$ref": "#/$defs/card"}),
    "discarder": _nullable(_SEAT),
    "deal": _nullable(
        _object(
            {
                "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}},
                "discard": {"$ref": "#/$defs/card"},
                "stock": {"$ref": "#/$defs/cards"},
            }
        )
        | {"description": "The fixed deal round 1 was dealt from; null: shuffled from the seed."}
    ),
}

#: The derived, read-only fields written after ``round``: ``from_dict`` checks them.
_DERIVED_FIELDS: dict[str, Schema] = {
    "difficulty": {
        **_FIELD_SCHEMAS["difficulty"],
        "description": "The round's difficulty: rules.schedule[round] (derived, read-only).",
    },
    "contract": {
        **_object(
            {
                "name": {"type": "string", "description": "As the library says it in English."},
                "requirements": {
                    "type": "array",
                    "items": _object(
                        {
                            "kind": {"enum": [kind.value for kind in MeldKind]},
                            "size": {"type": "integer", "minimum": MIN_MELD},
                        }
                    ),
                    "minItems": 1,
                    "description": "One meld each, in order: a set or a run of at least size.",
                },
            }
        ),
        "description": "The round's contract, of its difficulty (derived, read-only).",
    },
}

_SEED: Schema = {
    "anyOf": [
        {"type": "integer"},
        {"type": "string"},
        _object({"hex": {"type": "string", "pattern": "^(?:[0-9a-fA-F]{2})*$"}}),
    ]
}


def _position(name: str, cls: type, skip: tuple[str, ...]) -> Schema:
    """The schema of a state or view, in the order :func:`hellsrummy.to_dict` writes it."""
    properties: Schema = {**_of_type(name), "rules": {"$ref": "#/$defs/rules"}}
    if cls is GameState:
        properties["seed"] = copy.deepcopy(_SEED)
    for field in attrs.fields(cls):
        if field.name in skip:
            continue
        if field.name not in _POSITION_FIELDS:
            raise LookupError(f"no schema for the field {field.name!r} of {cls.__name__}")
        properties[field.name] = copy.deepcopy(_POSITION_FIELDS[field.name])
        if field.name == "round":
            properties.update(copy.deepcopy(_DERIVED_FIELDS))
    properties["events"] = {"type": "array", "items": {"$ref": "#/$defs/event"}}
    return _object(properties)


# --- documents --------------------------------------------------------------------------------


def _defs() -> Schema:
    return {
        "card": copy.deepcopy(_CARD),
        "cards": copy.deepcopy(_CARDS),
        "rules": _object(_rules_body()),
        "event": _union("event", _EVENTS, {}),
        "action": _union("action", _ACTIONS, _of_type("action")),
    }


def _record() -> Schema:
    deal = _object(
        {
            "hands": {"type": "array", "items": {"$ref": "#/$defs/cards"}},
            "discard": {"$ref": "#/$defs/card"},
            "stock": {"$ref": "#/$defs/cards"},
        }
    )
    return _object(
        {
            **_of_type("record"),
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 2},
            "seed": copy.deepcopy(_SEED),
            "rules": _object({**_of_type("rules"), **_rules_body()}),
            "deal": {"anyOf": [deal, {"type": "null"}]},
            "actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
            "dealt": _nullable(
                {
                    "type": "array",
                    "items": _COUNT,
                    "description": (
                        "Where each round after the first was dealt: dealt[k] actions came"
                        " before round k + 1 (from 0) was dealt, rising; null when the record"
                        " does not say (each next round is dealt when it is due)."
                    ),
                }
            ),
        }
    )


_TITLES = {
    "view": "A seat's view (PlayerView)",
    "state": "A whole game state (GameState)",
    "action": "An action",
    "event": "A public event",
    "rules": "The rules of a game (Rules)",
    "record": "A game record (GameRecord.to_dict)",
    "game_result": "A simulated game's result (GameResult.to_dict)",
    "deal_record": "A study's record of one deal (DealRecord.to_dict)",
    "comparison": "A study on duplicate deals (Comparison.to_dict)",
    "ladder": "Ratings of players on one Elo scale (Ladder.to_dict)",
}


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (2020-12) of what :func:`hellsrummy.to_dict` writes for ``kind``.

    ``kind`` is one of :data:`SCHEMA_KINDS`, the ``"type"`` :func:`hellsrummy.to_dict`
    writes: ``"state"``, ``"view"``, ``"rules"``, ``"action"``, ``"event"``, ``"record"``
    (:meth:`hellsrummy.GameRecord.to_dict`), and the results of simulations and studies,
    ``"game_result"``, ``"deal_record"``, ``"comparison"`` and ``"ladder"``
    (:meth:`hellsrummy.GameResult.to_dict`...; their parts under ``$defs``). Each
    document is a new dict, carries the data format version :data:`hellsrummy.FORMAT` (in its
    ``$id`` and as the ``format`` property's ``const``) and keeps its shared parts under
    ``$defs`` (``card``, ``cards``, ``rules``, ``event``, ``action``) for other schemas to
    reference; ``action`` and ``event`` are tagged unions that dispatch on their tag (see the
    module's documentation). The schemas check shapes, types and ranges; the consistency
    checks of :func:`hellsrummy.from_dict` (card counts, seats against the number of players,
    sums of scores...) go further.

    >>> schema = json_schema("view")
    >>> schema["$id"], schema["properties"]["type"]
    ('urn:hellsrummy:format:4:view', {'const': 'view'})
    >>> schema["$defs"]["card"]["pattern"]
    '^(?:[2-9]|10|[JQKA])[CDHSERM]$'
    >>> json_schema("hand")
    Traceback (most recent call last):
    ...
    ValueError: unknown schema 'hand' (known: state, view, rules, action, event, record, ...)
    >>> json_schema("game_result")["properties"]["type"]
    {'const': 'game_result'}
    """
    if kind not in SCHEMA_KINDS:
        raise ValueError(f"unknown schema {shown(kind)} (known: {', '.join(SCHEMA_KINDS)})")
    defs = {} if kind in RESULT_KINDS else _defs()
    body: Schema
    if kind in RESULT_KINDS:
        body, parts = result_schema(kind)
        defs = {**_defs(), "record": _record(), **parts}  # a result may keep a game's record
    elif kind == "view":
        body = _position("view", PlayerView, _VIEW_SKIP)
    elif kind == "state":
        body = _position("state", GameState, _STATE_SKIP)
    elif kind == "action":
        body = defs["action"]
    elif kind == "event":
        body = _union("event", _EVENTS, _of_type("event"))
    elif kind == "rules":
        body = _object({**_of_type("rules"), **_rules_body()})
    else:
        body = _record()
    body = copy.deepcopy(body)
    return {
        "$schema": _DIALECT,
        "$id": f"urn:hellsrummy:format:{FORMAT}:{kind}",
        "title": f"{_TITLES[kind]}, data format {FORMAT}",
        **body,
        "$defs": defs,
    }


def _check_tables() -> None:
    """The field schemas name the same fields as serialize's readers (checked on import)."""
    if set(_FIELD_SCHEMAS) != set(_FIELD_READERS) or set(_SPECIAL_SCHEMAS) != set(_SPECIAL_READERS):
        raise LookupError("hellsrummy.data.schema's field tables differ from serialize's readers")


_check_tables()
