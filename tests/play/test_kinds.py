"""The table of action kinds: every action class is in it once, and everything made from it
(the engine's dispatch, the dict tags, the notation, the schema, replays) covers every kind."""

from __future__ import annotations

import collections
import inspect
from typing import Any, get_args

import attrs
import jsonschema
import pytest

from hellsrummy import (
    Action,
    GameRecord,
    Phase,
    Rules,
    check,
    format_action,
    from_dict,
    json_schema,
    parse_action,
    to_dict,
)
from hellsrummy.data import notation, serialize
from hellsrummy.game import actions
from hellsrummy.play import engine
from hellsrummy.play.kinds import ACTION_KINDS, ActionKind, NotationLine

from ..support.positions import random_walk

KINDS = {kind.word: kind for kind in ACTION_KINDS}


def example(kind: ActionKind[Any]) -> Any:
    """The action the kind's usage line stands for."""
    return kind.read(NotationLine(kind.usage))


def test_every_action_class_is_in_the_table_once_in_the_order_of_the_union() -> None:
    classes = [kind.cls for kind in ACTION_KINDS]
    assert classes == list(get_args(Action))
    assert all(count == 1 for count in collections.Counter(classes).values())
    defined = {
        cls
        for name, cls in inspect.getmembers(actions, inspect.isclass)
        if attrs.has(cls) and cls.__module__ == actions.__name__ and name in actions.__all__
    }
    assert defined == set(classes)


def test_the_words_and_the_tags_are_distinct() -> None:
    for names in ([kind.word for kind in ACTION_KINDS], [kind.tag for kind in ACTION_KINDS]):
        assert len(set(names)) == len(names) == len(ACTION_KINDS)


def test_the_engine_dispatches_every_kind_to_its_checker_and_transition() -> None:
    assert list(engine.DISPATCH) == [kind.cls for kind in ACTION_KINDS]
    for kind in ACTION_KINDS:
        assert engine.DISPATCH[kind.cls] == (kind.verify, kind.transition)


@pytest.mark.parametrize("word", list(KINDS))
def test_the_notation_of_every_kind_reads_back(word: str) -> None:
    kind = KINDS[word]
    action = parse_action(kind.usage)
    assert action == example(kind)
    assert type(action) is kind.cls
    text = format_action(action)
    assert text == str(action)
    assert text.split()[0] == kind.word
    assert parse_action(text) == action
    assert parse_action(text.upper()) == action
    assert kind.usage in notation.__doc__  # the module's list of the notation shows every kind


def test_an_unknown_word_lists_every_kind_and_a_malformed_line_shows_its_usage() -> None:
    with pytest.raises(ValueError, match="unknown action") as caught:
        parse_action("dance")
    assert f"(known: {', '.join(KINDS)})" in str(caught.value)
    for kind in ACTION_KINDS:
        # the word alone, or with a word too many if the word alone is the whole action
        line = kind.word if " " in kind.usage else f"{kind.word} now"
        with pytest.raises(ValueError, match=f"^'{kind.word}' ") as caught:
            parse_action(line)
        assert repr(kind.usage) in str(caught.value)


@pytest.mark.parametrize("word", list(KINDS))
def test_every_kind_has_its_tag_in_the_data_and_its_branch_in_the_schema(word: str) -> None:
    kind = KINDS[word]
    action = example(kind)
    data = to_dict(action)
    assert data["action"] == kind.tag
    assert from_dict(data) == action
    assert serialize._ACTIONS[kind.tag] is kind.cls
    schema = json_schema("action")
    jsonschema.Draft202012Validator(schema).validate(data)
    branches = [rule["then"]["properties"]["action"]["const"] for rule in schema["allOf"]]
    assert branches == [k.tag for k in ACTION_KINDS]
    assert [
        rule["then"]["properties"]["action"]["const"] for rule in schema["$defs"]["action"]["allOf"]
    ] == branches
    record = GameRecord(players=("A", "B", "C", "D"), seed=1, actions=(action,))
    assert GameRecord.from_dict(record.to_dict()) == record
    assert GameRecord.from_text(record.to_text()) == record


def test_the_kinds_any_seat_may_take_at_any_time_are_those_legal_while_a_round_is_over() -> None:
    over = next(s for s in random_walk(1, Rules(), 4) if s.phase is Phase.ROUND_OVER)
    for kind in ACTION_KINDS:
        assert (check(over, example(kind)) is None) == kind.any_time, kind.word
