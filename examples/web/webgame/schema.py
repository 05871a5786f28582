"""The JSON Schema of every message the server sends to a page."""

from __future__ import annotations

from typing import Any

from hellsrummy import json_schema

#: Where a seat's person is: at the table, reconnecting (within the grace period), away (a
#: bot plays the seat), invited but not yet come, a bot's seat, or left the game.
PRESENCES = ("here", "reconnecting", "away", "waiting", "bot", "left")


def _object(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """A closed object schema: every property required but the ``optional`` ones."""
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def message_schema() -> dict[str, Any]:
    """The JSON Schema of every message the server sends, from the library's schemas.

    A message is an object whose ``type`` says which of ``update``, ``error`` and ``verdict``
    it is; ``if``/``then`` on that tag picks the one schema a validator checks.
    """
    seen = json_schema("view")
    defs = dict(seen.pop("$defs"))
    for key in ("$schema", "$id", "title"):
        seen.pop(key, None)
    defs["view"] = seen
    card = {"$ref": "#/$defs/card"}
    cards = {"$ref": "#/$defs/cards"}
    text = {"type": "string"}
    seq = {"type": "integer", "minimum": 1, "description": "This socket's message number."}
    slot = _object({"card": card, "stands_for": _nullable(text)})
    laid = _object(
        {
            "kind": {"enum": ["set", "run"]},
            "slots": {"type": "array", "items": slot},
            "swap_out": {
                **_nullable(card),
                "description": "The wildcard a swap takes out of this meld (null: none).",
            },
        }
    )
    seat = _object(
        {
            "name": text,
            "presence": {"enum": list(PRESENCES)},
            "total": {
                "type": "integer",
                "description": "Score so far, with this round's penalty points while it runs.",
            },
        }
    )
    ways = _object(
        {
            "melds": {
                "type": "array",
                "description": "Ways to meet the minimum, fewest wildcards first.",
                "items": {"type": "array", "items": cards},
            },
            "total": {"type": "integer", "minimum": 0},
        }
    )
    update = _object(
        {
            "type": {"const": "update"},
            "seq": seq,
            "view": {"$ref": "#/$defs/view"},
            "legal": {"type": "array", "items": {"$ref": "#/$defs/action"}},
            "legal_complete": {"type": "boolean"},
            "arranged": {
                "type": "array",
                "description": "Each table meld laid out (hellsrummy.arrange), in table order.",
                "items": laid,
            },
            "hand_by_set": cards,
            "hand_by_run": cards,
            "contract": text,
            "seats": {"type": "array", "items": seat},
            "ways": ways,
            "calls": {
                "type": "array",
                "description": "This seat's Rummy! calls now (hellsrummy.rummy_calls).",
                "items": {"$ref": "#/$defs/action"},
            },
            "call_window": {
                **_nullable({"type": "number", "minimum": 0}),
                "description": "Seconds left in which a person may call Rummy! (null: none).",
            },
            "call_waiting": {
                "type": "array",
                "description": "The seats whose people may still answer the call window.",
                "items": {"type": "integer", "minimum": 0},
            },
            "turn_time": {
                **_nullable({"type": "number", "minimum": 0}),
                "description": "Seconds left before a bot plays the person's turn under way"
                " (null: no turn time runs).",
            },
            "invites": {
                "type": "array",
                "description": "The links of the people who have not opened theirs yet.",
                "items": _object(
                    {"seat": {"type": "integer", "minimum": 0}, "name": text, "link": text}
                ),
            },
            "paused": {"type": "boolean"},
            "notices": {"type": "array", "items": text},
        }
    )
    error = _object(
        {"type": {"const": "error"}, "seq": seq, "message": text, "reason": _nullable(text)}
    )
    verdict = _object(
        {
            "type": {"const": "verdict"},
            "seq": seq,
            "ok": {"type": "boolean"},
            "message": text,
            "reason": _nullable(text),
        }
    )
    kinds = {"update": update, "error": error, "verdict": verdict}
    defs.update({f"{name}_message": schema for name, schema in kinds.items()})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:hellsrummy:example:web:message",
        "title": "A message of the web example's server to a page",
        "type": "object",
        "properties": {"type": {"enum": list(kinds)}},
        "required": ["type"],
        "allOf": [
            {
                "if": {
                    "type": "object",
                    "properties": {"type": {"const": name}},
                    "required": ["type"],
                },
                "then": {"$ref": f"#/$defs/{name}_message"},
            }
            for name in kinds
        ],
        "$defs": defs,
    }
