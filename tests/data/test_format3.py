"""What only data format 3's fixtures (``tests/fixtures/format3/``) show.

``test_frozen_formats.py`` loads, replays and writes back every fixture of formats 1 to 3;
here, that format 3's records say where each next round was dealt (the ``default`` game switches
play protection on either side of a deal), and the results of a simulated game, of a study's
deal and of a comparison, which format 3 wrote with a ``"type"`` (``"GameResult"``...) but no
``"format"``: they read back as they were (equal to the same small runs made now), and written
again they say format 4 and the kind's one name, with the same data.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import jsonschema
import pytest

from hellsrummy import (
    FORMAT,
    Comparison,
    DealRecord,
    GameRecord,
    GameResult,
    GreedyBot,
    Ladder,
    PlayProtectionChanged,
    RoundStarted,
    Unseeded,
    compare,
    from_dict,
    json_schema,
    play_game,
    rate,
    replay,
    stream_deals,
    to_dict,
)
from hellsrummy.data.plain import KINDS

from ..support.compare import first_difference
from ..support.frozen import FORMAT3, as_format
from ..support.released import ReleasedRandomBot

CLASSES: dict[str, Any] = {
    "game_result": GameResult,
    "deal_record": DealRecord,
    "comparison": Comparison,
    "ladder": Ladder,
}


def test_the_default_record_switches_protection_on_either_side_of_a_deal() -> None:
    record = FORMAT3.record("default")
    text = FORMAT3.text(FORMAT3.records["default"]["text"])
    assert "protection 0 off\n--- round 2\nprotection 2 on\n" in text
    events = list(FORMAT3.final("default").events)

    def at(event: Any) -> int:
        return events.index(event)

    second_round = next(e for e in events if isinstance(e, RoundStarted) and e.round == 1)
    off, on = PlayProtectionChanged(0, on=False), PlayProtectionChanged(2, on=True)
    assert at(off) < at(second_round) < at(on)
    # Dealt when due instead (formats 1 and 2 did not say), both switches come before the deal.
    undated = list(replay(attrs.evolve(record, dealt=None)).events)
    assert undated.index(on) < undated.index(second_round)


@pytest.mark.parametrize("name", FORMAT3.records)
def test_a_record_written_again_says_where_its_rounds_were_dealt(name: str) -> None:
    record = FORMAT3.record(name)
    data = to_dict(record)
    assert data["format"] == FORMAT and data["type"] == "record"
    again = from_dict(json.loads(json.dumps(data)))
    assert again == record and again.dealt == record.dealt is not None
    assert replay(GameRecord.from_text(record.to_text())) == FORMAT3.final(name)


def the_same_runs() -> dict[str, Any]:
    """The runs ``make_format3_fixtures.py`` saved, made again now (by 0.3.0's ``RandomBot``)."""
    (record,) = stream_deals({"random": ReleasedRandomBot}, deals=[3], seed="format 3 results")
    study = compare(
        {"random": ReleasedRandomBot, "greedy": Unseeded(GreedyBot)},
        deals=2,
        seed="format 3 results",
        players=3,
        resamples=50,
    )
    return {
        "game_result": play_game(
            [GreedyBot(), ReleasedRandomBot(1), ReleasedRandomBot(2)], "format 3 results", 1
        ),
        "deal_record": record,
        "comparison": study,
        "ladder": rate(study, resamples=50),
    }


@pytest.fixture(scope="module")
def runs() -> dict[str, Any]:
    return the_same_runs()


def test_the_results_are_there_without_a_format() -> None:
    assert set(FORMAT3.results) == set(CLASSES)
    for kind, entry in FORMAT3.results.items():
        data = FORMAT3.load(entry["file"])
        assert "format" not in data
        assert data["type"] == entry["type"] == KINDS[kind]


@pytest.mark.parametrize("kind", CLASSES)
def test_a_result_reads_back_as_it_was(kind: str, runs: dict[str, Any]) -> None:
    entry = FORMAT3.results[kind]
    data = FORMAT3.load(entry["file"])
    value = from_dict(data)
    assert type(value) is CLASSES[kind]
    assert CLASSES[kind].from_dict(data) == value
    assert value == runs[kind]
    # Written again: format 4, the kind's one name, and otherwise the same data.
    written = to_dict(value)
    assert written["format"] == FORMAT and written["type"] == kind
    assert first_difference(as_format(written, 3), data, newer_format=True) is None
    # New in format 4: "format", and "record" (a game's record, kept on request: none here).
    assert not [key for key in written if key not in data and key not in ("format", "record")]
    assert written.get("record") is None
    assert from_dict(json.loads(json.dumps(written))) == value
    assert not list(jsonschema.Draft202012Validator(json_schema(kind)).iter_errors(written))


def test_the_results_give_the_facts_format_3_gave() -> None:
    facts = FORMAT3.results
    result = from_dict(FORMAT3.load(facts["game_result"]["file"]))
    assert list(result.totals) == facts["game_result"]["totals"]
    assert list(result.winners) == facts["game_result"]["winners"]
    record = from_dict(FORMAT3.load(facts["deal_record"]["file"]))
    assert record.deal == facts["deal_record"]["deal"]
    assert list(record.names) == facts["deal_record"]["names"]
    study = from_dict(FORMAT3.load(facts["comparison"]["file"]))
    assert study.deals == facts["comparison"]["deals"]
    assert [c.name for c in study.candidates] == facts["comparison"]["names"]
    assert study.players == facts["comparison"]["players"]
    # A comparison's records were written without a format too, as "DealRecord".
    saved = FORMAT3.load(facts["comparison"]["file"])
    assert {item["type"] for item in saved["records"]} == {"DealRecord"}
