"""The table of event kinds: every event class is in it once, and everything made from it (the
event log's records, the dict tags, the schema) covers every kind."""

from __future__ import annotations

import collections
import inspect
from typing import Any, get_args

import attrs
import jsonschema
import pytest

from hellsrummy import Event, EventLog, card, cards, from_dict, json_schema, to_dict
from hellsrummy.data import serialize
from hellsrummy.game import eventlog, events
from hellsrummy.game.events import EVENT_KINDS, EventKind

KINDS = {kind.tag: kind for kind in EVENT_KINDS}

# A value of each field type an event has, so that every kind, a new one too, has an example.
SAMPLES: dict[str, Any] = {
    "int": 6,
    "bool": True,
    "int | None": 1,
    "Card": card("7H"),
    "Card | None": card("2C"),
    "tuple[int, ...]": (5, 0, 10),
    "tuple[Card, ...]": cards("7S 8S"),
    "tuple[tuple[Card, ...], ...]": (cards("7C 7D 7H"), cards("9S 10S JS")),
}


def example(kind: EventKind) -> Any:
    """An event of the kind, with a sample value in every field."""
    return kind.cls(*(SAMPLES[str(field.type)] for field in attrs.fields(kind.cls)))


def test_every_event_class_is_in_the_table_once_in_the_order_of_the_union() -> None:
    classes = [kind.cls for kind in EVENT_KINDS]
    assert classes == list(get_args(Event))
    assert all(count == 1 for count in collections.Counter(classes).values())
    defined = {
        cls
        for name, cls in inspect.getmembers(events, inspect.isclass)
        if attrs.has(cls) and name in events.__all__ and cls is not EventKind
    }
    assert defined == set(classes)


def test_the_tags_are_distinct() -> None:
    tags = [kind.tag for kind in EVENT_KINDS]
    assert len(set(tags)) == len(tags) == len(EVENT_KINDS)


@pytest.mark.parametrize("tag", list(KINDS))
def test_every_kind_is_kept_as_a_record_numbered_by_its_place_in_the_table(tag: str) -> None:
    kind = KINDS[tag]
    event = example(kind)
    record = eventlog._encode(event)
    assert isinstance(record, tuple)
    assert record[0] == EVENT_KINDS.index(kind)
    assert eventlog._decode(record) == event
    assert list(EventLog().append(event)) == [event]


@pytest.mark.parametrize("tag", list(KINDS))
def test_every_kind_has_its_tag_in_the_data_and_its_branch_in_the_schema(tag: str) -> None:
    kind = KINDS[tag]
    event = example(kind)
    data = to_dict(event)
    assert data["event"] == kind.tag
    assert from_dict(data) == event
    assert serialize._EVENTS[kind.tag] is kind.cls
    schema = json_schema("event")
    jsonschema.Draft202012Validator(schema).validate(data)
    branches = [rule["then"]["properties"]["event"]["const"] for rule in schema["allOf"]]
    assert branches == list(KINDS)
    for kind_of_document in ("event", "state", "view"):
        defs = json_schema(kind_of_document)["$defs"]["event"]["allOf"]
        assert [rule["then"]["properties"]["event"]["const"] for rule in defs] == branches
