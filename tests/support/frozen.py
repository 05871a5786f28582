"""The frozen fixtures of an older data format (``tests/fixtures/format<N>/``), loaded for tests.

Each folder holds game records, state and view snapshots, actions, events and rules saved with
that format's ``to_dict`` / ``GameRecord.to_dict`` / ``GameRecord.to_text``, and a
``manifest.json`` of where each snapshot comes from and what the format gave at the end of each
record; format 3's also holds the results of a simulated game, a study's deal and a comparison
(``manifest["results"]``). :class:`Frozen` reads them with the library under test;
:data:`FORMAT1`, :data:`FORMAT2` and :data:`FORMAT3` are the three folders. :func:`as_format`
names the kinds of a document written now as an older format did, to compare it with a fixture.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from hellsrummy import (
    Action,
    GameRecord,
    GameState,
    Leave,
    Phase,
    SetPlayProtection,
    apply,
    new_game,
    next_round,
    replay,
)
from hellsrummy.data.plain import KINDS, type_name

FIXTURES = Path(__file__).parent.parent / "fixtures"


class Frozen:
    """The fixtures in ``tests/fixtures/<folder>/``, which data format ``format`` wrote.

    Records and their replayed final states are read once and kept.
    """

    def __init__(self, folder: str, format: int) -> None:
        self.name = folder
        self.folder = FIXTURES / folder
        self.format = format
        self.manifest: dict[str, Any] = self.load("manifest.json")
        self.records: dict[str, dict[str, Any]] = self.manifest["records"]
        self.snapshots: list[dict[str, Any]] = self.manifest["snapshots"]
        self.results: dict[str, dict[str, Any]] = self.manifest.get("results", {})
        self.all_files = sorted(path.name for path in self.folder.glob("*.json"))
        self._records: dict[str, GameRecord] = {}
        self._finals: dict[str, GameState] = {}

    def __repr__(self) -> str:
        return f"Frozen({self.name!r}, {self.format})"

    def text(self, name: str) -> str:
        return (self.folder / name).read_text()

    def load(self, name: str) -> Any:
        return json.loads(self.text(name))

    def record(self, name: str) -> GameRecord:
        """The record ``name`` of the manifest, loaded from its JSON."""
        if name not in self._records:
            self._records[name] = GameRecord.from_dict(self.load(self.records[name]["json"]))
        return self._records[name]

    def final(self, name: str) -> GameState:
        """The record ``name`` replayed by the library under test."""
        if name not in self._finals:
            self._finals[name] = replay(self.record(name))
        return self._finals[name]

    def prefix(self, name: str, count: int, dealt: Sequence[int] | None = None) -> GameState:
        """The state after the first ``count`` actions of the record ``name``.

        ``dealt``, where a format that says so (3) had dealt each next round by then; without
        it, each next round is dealt when it is due (formats 1 and 2).
        """
        record = self.record(name)
        if dealt is not None:
            return replay(attrs.evolve(record, actions=record.actions[:count], dealt=dealt))
        start = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
        return play_on(start, record.actions[:count])

    def play_on(self, name: str, state: GameState, after: int) -> GameState:
        """Play the record ``name`` on from ``state``, the position after ``after`` actions.

        A record that says where rounds were dealt (format 3) deals them there: the rounds it
        dealt after ``state``'s; otherwise each next round is dealt when it is due.
        """
        record = self.record(name)
        if record.dealt is None:
            return play_on(state, record.actions[after:])
        dealt = record.dealt[state.round :]
        for number in range(after, len(record.actions) + 1):
            if number in dealt:
                state = next_round(state)
            if number < len(record.actions):
                state = apply(state, record.actions[number])
        return state


def play_on(state: GameState, actions: Sequence[Action]) -> GameState:
    """Play ``actions`` on from ``state`` the way ``replay`` does (a new round when one is due)."""
    for action in actions:
        if state.phase is Phase.ROUND_OVER and not isinstance(action, (SetPlayProtection, Leave)):
            state = next_round(state)
        state = apply(state, action)
    return state


def as_format(data: Any, version: int) -> Any:
    """``data`` (written now) with every ``"type"`` of a kind named as format ``version`` did.

    >>> as_format({"format": 4, "type": "record", "rules": {"type": "rules"}}, 3)
    {'format': 4, 'type': 'GameRecord', 'rules': {'type': 'Rules'}}
    """
    if isinstance(data, dict):
        return {
            key: type_name(value, version)
            if key == "type" and isinstance(value, str) and value in KINDS
            else as_format(value, version)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [as_format(item, version) for item in data]
    return data


def formats(data: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every ``"format"`` value in ``data``, with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "format":
                yield f"{where}.format", value
            else:
                yield from formats(value, f"{where}.{key}")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from formats(item, f"{where}[{index}]")


FORMAT1 = Frozen("format1", 1)
"""What release 0.1.0 saved (data format 1)."""
FORMAT2 = Frozen("format2", 2)
"""What data format 2 saved (the code before format 3)."""
FORMAT3 = Frozen("format3", 3)
"""What data format 3 saved (the code before format 4), the results of studies included."""
