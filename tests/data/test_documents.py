"""``to_dict`` / ``from_dict`` take every public value with a dict form (issue 33, point 4).

The game's documents (states, views, rules, actions, events and records) go both ways; the
results of studies, which write themselves, go out through ``to_dict`` and say where they are
read back. A state's and a view's dicts carry the round's difficulty and contract, derived from
the rules and the round (numbered from 0 in the data) and checked when read back; the schemas
say so, and how rounds are numbered.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest

import hellsrummy
from hellsrummy import (
    SCHEMA_KINDS,
    Comparison,
    DealRecord,
    GameRecord,
    GameResult,
    GameState,
    GreedyBot,
    PlayerView,
    RandomBot,
    Rules,
    Take,
    Unseeded,
    apply,
    compare,
    from_dict,
    json_schema,
    new_game,
    next_round,
    play_game,
    stream_deals,
    to_dict,
    view,
)
from hellsrummy.data.serialize import register_reader

#: Every public class with a ``to_dict`` method, and whether ``from_dict`` reads it back.
READ_BACK = {
    "GameRecord": True,
    "GameResult": True,
    "DealRecord": True,
    "Comparison": True,
    "Ladder": True,
}
#: The parts of results: written inside them, read back with them.
WRITTEN_ONLY = {
    "DealRound": None,
    "Estimate": None,
    "CandidateSummary": None,
    "PairSummary": None,
    "Rating": None,
}


def test_every_public_class_with_a_dict_form_is_decided() -> None:
    with_dict = {
        name
        for name in hellsrummy.__all__
        if inspect.isclass(getattr(hellsrummy, name))
        and hasattr(getattr(hellsrummy, name), "to_dict")
    }
    assert with_dict == set(READ_BACK) | set(WRITTEN_ONLY)


def test_to_dict_and_from_dict_take_a_record() -> None:
    start = new_game(3, seed=1)
    record = GameRecord.of(start, [Take()])
    data = to_dict(record)
    assert data == record.to_dict()
    assert data["format"] == hellsrummy.FORMAT and data["type"] == "record"
    assert from_dict(json.loads(json.dumps(data))) == record
    with pytest.raises(ValueError, match="players: must be a list of names"):
        from_dict({**data, "players": "A, B"})


def study_values() -> dict[str, Any]:
    result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], "documents", 0)
    comparison = compare({"greedy": Unseeded(GreedyBot)}, deals=1, players=3, seed="documents")
    (deal,) = stream_deals({"random": RandomBot}, deals=1, players=3, seed="documents")
    return {
        "GameResult": result,
        "DealRecord": deal,
        "Comparison": comparison,
        "DealRound": deal.baseline,
        "Estimate": comparison.candidates[0].points,
        "CandidateSummary": comparison.candidates[0],
    }


def test_to_dict_takes_the_results_of_studies_as_they_write_themselves() -> None:
    values = study_values()
    for name, value in values.items():
        assert type(value).__name__ == name
        assert to_dict(value) == value.to_dict(), name
    result, deal = values["GameResult"], values["DealRecord"]
    assert GameResult.from_dict(to_dict(result)) == result
    assert DealRecord.from_dict(to_dict(deal)) == deal
    assert isinstance(values["Comparison"], Comparison)


def test_from_dict_reads_the_results_of_studies_back() -> None:
    # Before, from_dict refused them: "type: 'GameResult' is a study's result: read it with
    # hellsrummy.GameResult.from_dict".
    values = study_values()
    for name in ("GameResult", "DealRecord", "Comparison"):
        value = values[name]
        data = json.loads(json.dumps(to_dict(value)))
        back = from_dict(data)
        assert type(back) is type(value) and back == value, name
        assert to_dict(back) == to_dict(value), name  # the timings too


def test_a_comparison_whose_summary_does_not_follow_from_its_records_is_refused() -> None:
    data = json.loads(json.dumps(to_dict(study_values()["Comparison"])))
    data["candidates"][0]["points"]["low"] -= 1.0
    with pytest.raises(
        ValueError, match=r"^candidates\[0\]\.points\.low: must be .*, what the rest"
    ):
        from_dict(data)
    data = json.loads(json.dumps(to_dict(study_values()["Comparison"])))
    data["records"][0]["candidates"] = {}
    with pytest.raises(ValueError, match=r"^records"):
        from_dict(data)


def test_register_reader_keeps_the_games_documents() -> None:
    with pytest.raises(ValueError, match="'Rules' is a document of the game"):
        register_reader("Rules", lambda data: data)
    with pytest.raises(TypeError, match="reader must be a callable"):
        register_reader("Mine", 3)  # type: ignore[arg-type]


def test_from_dict_lists_the_types_it_knows() -> None:
    known = ", ".join(SCHEMA_KINDS)  # every kind's one name, the ladder's too
    with pytest.raises(ValueError, match=rf"unknown type 'Hand' \(known: {known}\)$"):
        from_dict({"format": 3, "type": "Hand"})
    with pytest.raises(ValueError, match="cannot convert int to a dict"):
        to_dict(3)


# --- the contract and the difficulty --------------------------------------------------------


def a_later_round() -> GameState:
    state = new_game(4, seed=3, rules=Rules(max_turns=1, schedule=[6, 10, 25]))
    state = apply(state, Take())
    state = apply(state, hellsrummy.Discard(state.hands[1][-1]))
    return next_round(state)


@pytest.mark.parametrize("which", ["state", "view"])
def test_the_dicts_carry_the_contract_and_the_difficulty(which: str) -> None:
    state = a_later_round()
    value: GameState | PlayerView = state if which == "state" else view(state, 2)
    data = to_dict(value)
    assert data["round"] == 1 and data["difficulty"] == 10 == value.difficulty
    keys = list(data)
    assert keys.index("difficulty") == keys.index("round") + 1
    assert keys.index("contract") == keys.index("round") + 2
    assert data["contract"] == {
        "name": str(value.contract),
        "requirements": [
            {"kind": requirement.kind.value, "size": requirement.size}
            for requirement in value.contract.requirements
        ],
    }
    assert data["contract"]["name"] == "One Run of 7, One Set of 3"
    assert from_dict(json.loads(json.dumps(data))) == value


@pytest.mark.parametrize("which", ["state", "view"])
@pytest.mark.parametrize(
    ("field", "bad", "message"),
    [
        ("difficulty", 11, r"difficulty: must be 10, the difficulty of round 1 .* got 11"),
        ("difficulty", "10", r"difficulty: must be 10, .* got '10'"),
        ("difficulty", 10.0, r"difficulty: must be 10, .* got 10.0"),
        ("difficulty", True, r"difficulty: must be 10, .* got True"),
        ("contract", {"name": "Two Runs of 4", "requirements": []}, r"contract: must be \{"),
        ("contract", None, r"contract: must be .*derived, read-only\), got None"),
        (
            "contract",
            {
                "name": "One Run of 7, One Set of 3",
                "requirements": [{"kind": "run", "size": 7.0}, {"kind": "set", "size": 3}],
            },
            r"contract: must be \{",
        ),
    ],
)
def test_a_contract_or_difficulty_that_is_not_the_rounds_is_refused(
    which: str, field: str, bad: Any, message: str
) -> None:
    state = a_later_round()
    data = to_dict(state if which == "state" else view(state, 0))
    with pytest.raises(ValueError, match=message):
        from_dict({**data, field: bad})
    # A round moved without its derived fields is refused too.
    with pytest.raises(ValueError, match="difficulty: must be 25, the difficulty of round 2"):
        from_dict({**data, "round": 2, "results": [*data["results"], data["results"][0]]})


@pytest.mark.parametrize("field", ["difficulty", "contract"])
def test_format_3_needs_the_derived_fields_and_formats_1_and_2_do_without(field: str) -> None:
    data = to_dict(a_later_round())
    without = {key: value for key, value in data.items() if key != field}
    with pytest.raises(ValueError, match=f"{field}: missing"):
        from_dict(without)
    old = {k: v for k, v in data.items() if k not in ("difficulty", "contract", "deal")}
    assert from_dict({**old, "format": 2, "type": "GameState"}) == a_later_round()


def test_the_schemas_state_the_derived_fields_and_the_round_numbering() -> None:
    for kind in ("state", "view"):
        schema = json_schema(kind)
        properties = schema["properties"]
        assert {"difficulty", "contract"} <= set(schema["required"])
        assert "from 0" in properties["round"]["description"]
        assert "from 1" in properties["round"]["description"]
        assert "derived, read-only" in properties["difficulty"]["description"]
        assert "derived, read-only" in properties["contract"]["description"]
        result = properties["results"]["items"]["properties"]["round"]
        assert "from 0" in result["description"]
    record = json_schema("record")["properties"]
    assert "dealt" in json_schema("record")["required"]
    assert "from 0" in record["dealt"]["anyOf"][0]["description"]
