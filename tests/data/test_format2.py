"""What data format 2 saved still loads and replays unchanged (issue 33, point 5).

``tests/fixtures/format2/`` holds game records, state and view snapshots, actions, events and
rules saved with data format 2 (the code before format 3) with ``to_dict`` /
``GameRecord.to_dict`` / ``GameRecord.to_text``, and a ``manifest.json`` of where each snapshot
comes from and what format 2 gave at the end of each record;
``tests/fixtures/format2/make_format2_fixtures.py`` wrote them (see there). The library under
test must read every file, replay every record to the state format 2 saved (format 2's records
do not say where rounds were dealt: a table action in a finished round comes before the next
deal), continue any snapshot identically, and write back the same data (new fields and a newer
``"format"`` aside).

Nothing here assumes the library's own ``FORMAT`` is 2: only that the files say so.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

from hellsrummy import (
    Action,
    Event,
    GameRecord,
    GameState,
    Leave,
    Phase,
    PlayerView,
    Rules,
    SetPlayProtection,
    apply,
    format_action,
    from_dict,
    new_game,
    next_round,
    parse_action,
    replay,
    to_dict,
    view,
)

from ..support.compare import first_difference

FIXTURES = Path(__file__).parent.parent / "fixtures" / "format2"
MANIFEST: dict[str, Any] = json.loads((FIXTURES / "manifest.json").read_text())
RECORDS: dict[str, dict[str, Any]] = MANIFEST["records"]
SNAPSHOTS: list[dict[str, Any]] = MANIFEST["snapshots"]


def _load(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


@cache
def _record(name: str) -> GameRecord:
    return GameRecord.from_dict(_load(RECORDS[name]["json"]))


@cache
def _final(name: str) -> GameState:
    return replay(_record(name))


def _formats(data: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every ``"format"`` value in ``data``, with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "format":
                yield f"{where}.format", value
            else:
                yield from _formats(value, f"{where}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _formats(item, f"{where}[{index}]")


def _continue(state: GameState, actions: Sequence[Action]) -> GameState:
    """Play ``actions`` on from ``state`` the way ``replay`` does (a new round when one is due)."""
    for action in actions:
        if state.phase is Phase.ROUND_OVER and not isinstance(action, (SetPlayProtection, Leave)):
            state = next_round(state)
        state = apply(state, action)
    return state


def _prefix(name: str, count: int) -> GameState:
    record = _record(name)
    start = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
    return _continue(start, record.actions[:count])


ALL_FILES = sorted(path.name for path in FIXTURES.glob("*.json"))


def test_the_fixtures_are_there() -> None:
    assert MANIFEST["format"] == 2
    assert set(RECORDS) == {"default", "variant", "leave", "classic"}
    named = {MANIFEST["actions"]["json"], MANIFEST["events"], MANIFEST["rules"], "manifest.json"}
    named |= {entry["file"] for entry in SNAPSHOTS}
    named |= {entry[kind] for entry in RECORDS.values() for kind in ("json", "final")}
    assert set(ALL_FILES) == named
    assert {entry["type"] for entry in SNAPSHOTS} == {"GameState", "PlayerView"}
    assert sum((FIXTURES / name).stat().st_size for name in ALL_FILES) < 300_000


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_fixture_says_format_2(name: str) -> None:
    formats = list(_formats(_load(name)))
    assert formats, f"{name} has no format"
    assert all(value == 2 for _, value in formats), formats


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_loads_the_same_from_its_json_and_its_text(name: str) -> None:
    entry = RECORDS[name]
    record = _record(name)
    assert len(record.actions) == entry["actions"]
    text = (FIXTURES / entry["text"]).read_text()
    assert text.startswith("# hellsrummy record 1\n")
    assert record.dealt is None  # format 2 did not say where rounds were dealt
    assert GameRecord.from_text(text) == record
    assert first_difference(record.to_dict(), _load(entry["json"]), newer_format=True) is None
    assert GameRecord.from_dict(record.to_dict()) == record


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_replays_to_the_state_format_2_saved(name: str) -> None:
    entry = RECORDS[name]
    final = _final(name)
    saved_data = _load(entry["final"])
    saved = from_dict(saved_data)
    assert isinstance(saved, GameState)
    assert final == saved
    assert final.events == saved.events  # the log takes no part in equality
    assert first_difference(to_dict(final), saved_data, newer_format=True) is None
    assert from_dict(to_dict(final)) == final


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_gives_the_facts_format_2_gave(name: str) -> None:
    entry = RECORDS[name]
    final = _final(name)
    assert final.phase.value == entry["phase"]
    assert final.round == entry["round"]
    assert list(final.scores) == entry["scores"]
    assert list(final.winners()) == entry["winners"]
    assert list(final.left) == entry["left"]
    assert [list(result.points) for result in final.results] == entry["round_points"]
    assert [result.winner for result in final.results] == entry["round_winners"]
    assert len(final.events) == entry["events"]


def test_the_records_cover_what_they_should() -> None:
    default, variant, leave = _final("default"), _final("variant"), _final("leave")
    classic = _final("classic")
    assert all(state.phase is Phase.GAME_OVER for state in (default, variant, leave, classic))
    assert classic.rules.discard_policy.value == "classic"
    assert "RummyCalled" in {type(event).__name__ for event in classic.events}
    # Seat 4 left while the first round was over, before the second was dealt.
    assert classic.left[4] and classic.results[1].points[4] == 0
    kinds = {type(event).__name__ for event in default.events}
    assert {"DiscardErrorMade", "PlayProtectionWarning", "PlayProtectionChanged"} <= kinds
    assert variant.rules == Rules(
        discard_policy="reject", schedule=(6, 7), hand_size=7, expert=True
    )
    assert "SeatLeft" in {type(event).__name__ for event in leave.events}
    assert _record("leave").deal is not None
    assert isinstance(_record("leave").seed, bytes)


@pytest.mark.parametrize("snapshot", SNAPSHOTS, ids=[entry["file"] for entry in SNAPSHOTS])
def test_a_snapshot_loads_as_the_replayed_position(snapshot: dict[str, Any]) -> None:
    data = _load(snapshot["file"])
    loaded = from_dict(data)
    state = _prefix(snapshot["record"], snapshot["after"])
    if snapshot["seat"] is None:
        assert isinstance(loaded, GameState)
        assert loaded == state
    else:
        assert isinstance(loaded, PlayerView)
        assert loaded == view(state, snapshot["seat"])
    assert loaded.events == state.events
    assert loaded.phase.value == snapshot["phase"]
    assert loaded.round == snapshot["round"]
    assert first_difference(to_dict(loaded), data, newer_format=True) is None
    assert from_dict(to_dict(loaded)) == loaded


@pytest.mark.parametrize(
    "snapshot",
    [entry for entry in SNAPSHOTS if entry["type"] == "GameState"],
    ids=lambda entry: entry["file"],
)
def test_a_loaded_snapshot_plays_on_to_the_same_end(snapshot: dict[str, Any]) -> None:
    loaded = from_dict(_load(snapshot["file"]))
    record = _record(snapshot["record"])
    end = _continue(loaded, record.actions[snapshot["after"] :])
    saved = from_dict(_load(RECORDS[snapshot["record"]]["final"]))
    assert end == saved
    assert end.events == saved.events


def test_actions_load_and_match_their_notation() -> None:
    saved = _load(MANIFEST["actions"]["json"])
    lines = (FIXTURES / MANIFEST["actions"]["text"]).read_text().splitlines()
    assert len(saved) == len(lines)
    kinds = set()
    for data, line in zip(saved, lines, strict=True):
        action = from_dict(data)
        kinds.add(type(action).__name__)
        assert parse_action(line) == action
        assert format_action(action) == line
        assert first_difference(to_dict(action), data, newer_format=True) is None
    assert kinds == {
        "Take",
        "Pass",
        "Meld",
        "Extend",
        "SwapWildcard",
        "Discard",
        "SetPlayProtection",
        "Leave",
        "CallRummy",
    }


def test_events_load_as_the_games_logged_them() -> None:
    saved = _load(MANIFEST["events"])
    logged: set[Event] = {event for name in RECORDS for event in _final(name).events}
    assert len({item["event"] for item in saved}) == len(saved) >= 12
    for data in saved:
        event = from_dict(data)
        assert event in logged
        assert first_difference(to_dict(event), data, newer_format=True) is None


def test_rules_load() -> None:
    saved = _load(MANIFEST["rules"])
    loaded = [from_dict(data) for data in saved]
    records = ("variant", "leave", "classic")
    assert loaded == [Rules(), *(_record(name).rules for name in records)]
    for rules, data in zip(loaded, saved, strict=True):
        assert first_difference(to_dict(rules), data, newer_format=True) is None


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_written_again_replays_the_same(name: str) -> None:
    """Written in the current format (``dealt`` null: it does not say), a record replays the same;
    said where its rounds were dealt, it replays the same too."""
    record = _record(name)
    again = from_dict(to_dict(record))
    assert again == record and again.dealt is None
    assert replay(GameRecord.from_text(record.to_text())) == _final(name)
    start = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
    dealt, state = [], start
    for number, action in enumerate(record.actions):
        if state.phase is Phase.ROUND_OVER and not isinstance(action, (SetPlayProtection, Leave)):
            state = next_round(state)
            dealt.append(number)
        state = apply(state, action)
    exact = attrs.evolve(record, dealt=dealt)
    assert replay(exact) == _final(name)
    assert replay(GameRecord.from_text(exact.to_text())) == _final(name)
