"""What data formats 1, 2 and 3 saved still loads and replays unchanged.

``tests/fixtures/format1/`` (release 0.1.0, ``make_fixtures.py``), ``tests/fixtures/format2/``
(the code before format 3, ``make_format2_fixtures.py``) and ``tests/fixtures/format3/`` (the
code before format 4, ``make_format3_fixtures.py``) hold game records, state and view
snapshots, actions, events and rules saved with ``to_dict`` / ``GameRecord.to_dict`` /
``GameRecord.to_text``, and a ``manifest.json`` of where each snapshot comes from and what the
format gave at the end of each record (see :mod:`tests.support.frozen`). For each folder the
library under test must read every file, replay every record to the state the format saved
(formats 1 and 2 do not say where rounds were dealt: a table action in a finished round comes
before the next deal; format 3 does), continue any snapshot identically, and write back the
same data (new fields, a newer ``"format"`` and the kinds' names since format 4 aside).
Format 3's folder also holds a game's result, a deal's record and a comparison, which format 3
wrote without a ``"format"``: they read back as they were, and write back the same data.

Nothing here assumes the library's own ``FORMAT``: only that the files say which they are.
What only one folder holds is tested in ``test_format1.py``, ``test_format2.py`` and
``test_format3.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from hellsrummy import (
    Event,
    GameRecord,
    GameState,
    Phase,
    PlayerView,
    Rules,
    format_action,
    from_dict,
    parse_action,
    to_dict,
    view,
)

from ..support.compare import first_difference
from ..support.frozen import FORMAT1, FORMAT2, FORMAT3, Frozen, as_format, formats

ACTIONS = {
    "Take",
    "Pass",
    "Meld",
    "Extend",
    "SwapWildcard",
    "Discard",
    "SetPlayProtection",
    "Leave",
}

#: Each folder's records, in the order ``rules.json`` holds their rules (after the default rules).
RECORD_NAMES = {
    FORMAT1.format: ("default", "variant", "leave"),
    FORMAT2.format: ("default", "variant", "leave", "classic"),
    FORMAT3.format: ("default", "variant", "leave", "classic"),
}
#: The kinds of action each folder's ``actions.json`` holds: one of each kind its format knew.
ACTION_KINDS = {
    FORMAT1.format: ACTIONS,
    FORMAT2.format: ACTIONS | {"CallRummy"},
    FORMAT3.format: ACTIONS | {"CallRummy"},
}
#: The first line of each folder's records as text.
TEXT_HEADERS = {
    1: "# hellsrummy record 1\n",
    2: "# hellsrummy record 1\n",
    3: "# hellsrummy record 3\n",
}
ALL = (FORMAT1, FORMAT2, FORMAT3)


def saved_events(state: GameState | PlayerView) -> tuple[Event, ...]:
    """The events as formats 1 to 3 kept them: without the card a refused discard tried.

    Format 4 keeps that card in a state's log (a view reads it as ``None``, as every format did).
    """
    return tuple(state.log.public())


def same_data(ours: Any, frozen: Frozen, saved: Any) -> str | None:
    """Where ``ours`` (written now) differs from ``saved``, but for new fields and the names."""
    return first_difference(as_format(ours, frozen.format), saved, newer_format=True)


def _each(items: Callable[[Frozen], Iterable[Any]], label: Callable[[Any], str] = str) -> list[Any]:
    """``(frozen, item)`` for each folder and each of its ``items``, as ``format<N>-<label>``."""
    return [
        pytest.param(frozen, item, id=f"{frozen.name}-{label(item)}")
        for frozen in ALL
        for item in items(frozen)
    ]


FOLDERS = [pytest.param(frozen, id=frozen.name) for frozen in ALL]
RESULT_FILES = {entry["file"] for frozen in ALL for entry in frozen.results.values()}
FILES = _each(lambda frozen: [name for name in frozen.all_files if name not in RESULT_FILES])
RECORDS = _each(lambda frozen: frozen.records)
SNAPSHOTS = _each(lambda frozen: frozen.snapshots, lambda entry: entry["file"])
STATES = _each(
    lambda frozen: [entry for entry in frozen.snapshots if entry["type"] == "GameState"],
    lambda entry: entry["file"],
)


@pytest.mark.parametrize("frozen", FOLDERS)
def test_the_fixtures_are_there(frozen: Frozen) -> None:
    manifest = frozen.manifest
    assert manifest["format"] == frozen.format
    assert list(frozen.records) == list(RECORD_NAMES[frozen.format])
    named = {manifest["actions"]["json"], manifest["events"], manifest["rules"], "manifest.json"}
    named |= {entry["file"] for entry in frozen.snapshots}
    named |= {entry[kind] for entry in frozen.records.values() for kind in ("json", "final")}
    named |= {entry["file"] for entry in frozen.results.values()}
    assert set(frozen.all_files) == named
    assert {entry["type"] for entry in frozen.snapshots} == {"GameState", "PlayerView"}
    assert sum((frozen.folder / name).stat().st_size for name in frozen.all_files) < 300_000


@pytest.mark.parametrize(("frozen", "name"), FILES)
def test_every_fixture_says_its_format(frozen: Frozen, name: str) -> None:
    found = list(formats(frozen.load(name)))
    assert found, f"{name} has no format"
    assert all(value == frozen.format for _, value in found), found


@pytest.mark.parametrize(("frozen", "name"), RECORDS)
def test_a_record_loads_the_same_from_its_json_and_its_text(frozen: Frozen, name: str) -> None:
    entry = frozen.records[name]
    record = frozen.record(name)
    assert len(record.actions) == entry["actions"]
    # Formats 1 and 2 did not say where rounds were dealt; format 3 does.
    assert record.dealt == (tuple(entry["dealt"]) if frozen.format >= 3 else None)
    text = frozen.text(entry["text"])
    assert text.startswith(TEXT_HEADERS[frozen.format])
    assert GameRecord.from_text(text) == record
    assert same_data(record.to_dict(), frozen, frozen.load(entry["json"])) is None
    assert GameRecord.from_dict(record.to_dict()) == record


@pytest.mark.parametrize(("frozen", "name"), RECORDS)
def test_a_record_replays_to_the_state_its_format_saved(frozen: Frozen, name: str) -> None:
    final = frozen.final(name)
    saved_data = frozen.load(frozen.records[name]["final"])
    saved = from_dict(saved_data)
    assert isinstance(saved, GameState)
    assert final == saved
    assert saved_events(final) == saved.events  # the log takes no part in equality
    assert same_data(to_dict(final), frozen, saved_data) is None
    assert from_dict(to_dict(final)) == final


@pytest.mark.parametrize(("frozen", "name"), RECORDS)
def test_a_record_gives_the_facts_its_format_gave(frozen: Frozen, name: str) -> None:
    entry = frozen.records[name]
    final = frozen.final(name)
    assert final.phase.value == entry["phase"]
    assert final.round == entry["round"]
    assert list(final.scores) == entry["scores"]
    assert list(final.winners()) == entry["winners"]
    assert list(final.left) == entry["left"]
    assert [list(result.points) for result in final.results] == entry["round_points"]
    assert [result.winner for result in final.results] == entry["round_winners"]
    assert len(final.events) == entry["events"]


@pytest.mark.parametrize("frozen", FOLDERS)
def test_the_records_cover_what_they_should(frozen: Frozen) -> None:
    assert all(frozen.final(name).phase is Phase.GAME_OVER for name in frozen.records)
    default, variant, leave = (frozen.final(name) for name in ("default", "variant", "leave"))
    kinds = {type(event).__name__ for event in default.events}
    assert {"DiscardErrorMade", "PlayProtectionWarning", "PlayProtectionChanged"} <= kinds
    assert variant.rules == Rules(
        discard_policy="reject", schedule=(6, 7), hand_size=7, expert=True
    )
    assert "SeatLeft" in {type(event).__name__ for event in leave.events}
    assert frozen.record("leave").deal is not None
    assert isinstance(frozen.record("leave").seed, bytes)


@pytest.mark.parametrize(("frozen", "snapshot"), SNAPSHOTS)
def test_a_snapshot_loads_as_the_replayed_position(
    frozen: Frozen, snapshot: dict[str, Any]
) -> None:
    data = frozen.load(snapshot["file"])
    loaded = from_dict(data)
    state = frozen.prefix(snapshot["record"], snapshot["after"], snapshot.get("dealt"))
    if snapshot["seat"] is None:
        assert isinstance(loaded, GameState)
        assert loaded == state
    else:
        assert isinstance(loaded, PlayerView)
        assert loaded == view(state, snapshot["seat"])
    assert loaded.events == saved_events(state)
    assert loaded.phase.value == snapshot["phase"]
    assert loaded.round == snapshot["round"]
    assert same_data(to_dict(loaded), frozen, data) is None
    assert from_dict(to_dict(loaded)) == loaded


@pytest.mark.parametrize(("frozen", "snapshot"), STATES)
def test_a_loaded_snapshot_plays_on_to_the_same_end(
    frozen: Frozen, snapshot: dict[str, Any]
) -> None:
    loaded = from_dict(frozen.load(snapshot["file"]))
    end = frozen.play_on(snapshot["record"], loaded, snapshot["after"])
    saved = from_dict(frozen.load(frozen.records[snapshot["record"]]["final"]))
    assert end == saved
    assert saved_events(end) == saved.events


@pytest.mark.parametrize("frozen", FOLDERS)
def test_actions_load_and_match_their_notation(frozen: Frozen) -> None:
    saved = frozen.load(frozen.manifest["actions"]["json"])
    lines = frozen.text(frozen.manifest["actions"]["text"]).splitlines()
    assert len(saved) == len(lines)
    kinds = set()
    for data, line in zip(saved, lines, strict=True):
        action = from_dict(data)
        kinds.add(type(action).__name__)
        assert parse_action(line) == action
        assert format_action(action) == line
        assert same_data(to_dict(action), frozen, data) is None
    assert kinds == ACTION_KINDS[frozen.format]


@pytest.mark.parametrize("frozen", FOLDERS)
def test_events_load_as_the_games_logged_them(frozen: Frozen) -> None:
    saved = frozen.load(frozen.manifest["events"])
    logged: set[Event] = {
        event for name in frozen.records for event in saved_events(frozen.final(name))
    }
    assert len({item["event"] for item in saved}) == len(saved) >= 12
    for data in saved:
        event = from_dict(data)
        assert event in logged
        assert same_data(to_dict(event), frozen, data) is None


@pytest.mark.parametrize("frozen", FOLDERS)
def test_rules_load(frozen: Frozen) -> None:
    saved = frozen.load(frozen.manifest["rules"])
    loaded = [from_dict(data) for data in saved]
    games = RECORD_NAMES[frozen.format][1:]
    assert loaded == [Rules(), *(frozen.record(name).rules for name in games)]
    for rules, data in zip(loaded, saved, strict=True):
        assert same_data(to_dict(rules), frozen, data) is None
