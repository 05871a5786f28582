"""The data format's version and the writing of values as plain data, shared by every document.

:data:`FORMAT` is the version :func:`hellsrummy.to_dict` writes and :data:`READABLE_FORMATS`
every version it reads. The writers of a field value (cards as text, enums as their value,
tuples as lists), of rules, seeds, actions and events, and the tables of the action and event
tags are here, below both :mod:`hellsrummy.data.records` (whose :class:`hellsrummy.GameRecord`
holds rules and actions) and :mod:`hellsrummy.data.serialize` (which reads and writes whole
documents, records included). So is the one vocabulary of the documents' kinds
(:data:`KINDS`): each kind's ``"type"``, the same in :func:`hellsrummy.to_dict`,
:func:`hellsrummy.from_dict` and :func:`hellsrummy.json_schema` since format 4, with the name
formats 1 to 3 gave it.

>>> from hellsrummy.data.plain import FORMAT, READABLE_FORMATS
>>> FORMAT, READABLE_FORMATS
(4, (1, 2, 3, 4))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.data.readers import Reader, _read_rules, _read_seed, _read_tagged
from hellsrummy.deck.cards import Card, Suit
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game.events import EVENT_KINDS
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import Phase, TableMeld
from hellsrummy.play.kinds import ACTION_KINDS

__all__ = ["FORMAT", "READABLE_FORMATS", "seed_from_data", "seed_to_data"]

#: The version of the data format written by :func:`hellsrummy.to_dict`.
#:
#: * Format 4 (this one): one name per kind, the same in ``to_dict``'s ``"type"``,
#:   ``from_dict``, ``json_schema`` and ``SCHEMA_KINDS`` (:data:`KINDS`: ``"state"`` for
#:   ``"GameState"``, ``"view"`` for ``"PlayerView"``, ``"rules"``, ``"record"`` for
#:   ``"GameRecord"``...); the results of simulations and studies (``"game_result"``,
#:   ``"deal_record"``, ``"comparison"``, ``"ladder"``) write their ``"format"`` too.
#: * Format 3 (0.2.0): a record's ``dealt`` (where each next round was dealt, so a
#:   record replays exactly: ``--- round N`` lines in its text); a state's and a view's
#:   ``difficulty`` and ``contract``, derived from the rules' schedule and the round, written
#:   for readers and checked when read back.
#: * Format 2: the ``discarder`` of states and views, the ``rummy`` action and the
#:   ``rummy_called`` and ``discard_turned_up`` events.
#: * Format 1 (0.1.0).
#:
#: Every format of :data:`READABLE_FORMATS` is still read.
FORMAT = 4

#: Every format :func:`hellsrummy.from_dict` (and :meth:`hellsrummy.GameRecord.from_dict`) reads.
READABLE_FORMATS = (1, 2, 3, 4)

#: Every kind of document by its ``"type"`` since format 4, with its ``"type"`` in formats 1
#: to 3. The last four are the results of simulations and studies (the players' room), which
#: wrote no ``"format"`` before format 4.
KINDS: dict[str, str] = {
    "state": "GameState",
    "view": "PlayerView",
    "rules": "Rules",
    "action": "action",
    "event": "event",
    "record": "GameRecord",
    "game_result": "GameResult",
    "deal_record": "DealRecord",
    "comparison": "Comparison",
    "ladder": "Ladder",
}
#: The kinds whose documents had no ``"format"`` before format 4 (read as format 3).
_UNFORMATTED = ("game_result", "deal_record", "comparison", "ladder")

# The class of each action's and each event's tag in the data, and back: from the tables of kinds.
_ACTIONS: dict[str, type] = {kind.tag: kind.cls for kind in ACTION_KINDS}
_EVENTS: dict[str, type] = {kind.tag: kind.cls for kind in EVENT_KINDS}
_ACTION_NAMES = {kind.cls: kind.tag for kind in ACTION_KINDS}
_EVENT_NAMES = {kind.cls: kind.tag for kind in EVENT_KINDS}


def _plain(value: Any) -> Any:
    """A field value as plain data: cards as text, tuples as lists, enums as their value."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (Phase, DiscardPolicy)):
        return value.value
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, TableMeld):
        return {"cards": _plain(value.cards), "owner": value.owner}
    if attrs.has(type(value)):
        return {
            field.name: _plain(getattr(value, field.name)) for field in attrs.fields(type(value))
        }
    return value


def seed_to_data(seed: Seed) -> Any:
    r"""A seed as plain data: an ``int`` or ``str`` as itself, ``bytes`` as ``{"hex": ...}``.

    >>> seed_to_data(42), seed_to_data(b"\x01\xff")
    (42, {'hex': '01ff'})
    """
    if isinstance(seed, bytes):
        return {"hex": seed.hex()}
    return seed


def seed_from_data(data: Any, path: str = "seed") -> Seed:
    r"""Read back what :func:`seed_to_data` wrote; bad data raises ``ValueError`` at ``path``.

    >>> seed_from_data({"hex": "01ff"}), seed_from_data("text")
    (b'\x01\xff', 'text')
    >>> seed_from_data(1.5)
    Traceback (most recent call last):
    ...
    ValueError: seed: must be an integer, a string or {'hex': ...}, got float
    """
    return _read_seed(Reader(data, path))


def _rules_data(rules: Rules) -> dict[str, Any]:
    data = _plain(rules)
    data["deck_plan"] = {
        "suits_by_players": [list(step) for step in rules.deck_plan.suits_by_players],
        "decks_by_difficulty": [list(step) for step in rules.deck_plan.decks_by_difficulty],
    }
    return data  # type: ignore[no-any-return]


def _contract_data(contract: Contract) -> dict[str, Any]:
    """A contract as plain data: its name and its requirements (kind and least size)."""
    return {
        "name": str(contract),
        "requirements": [
            {"kind": requirement.kind.value, "size": requirement.size}
            for requirement in contract.requirements
        ],
    }


def _with_fields(value: Any, skip: Sequence[str]) -> dict[str, Any]:
    return {
        field.name: _plain(getattr(value, field.name))
        for field in attrs.fields(type(value))
        if field.name not in skip
    }


def _action_data(action: Any) -> dict[str, Any]:
    return {"action": _ACTION_NAMES[type(action)], **_with_fields(action, skip=())}


def _event_data(event: Any) -> dict[str, Any]:
    return {"event": _EVENT_NAMES[type(event)], **_with_fields(event, skip=())}


def type_name(kind: str, version: int = FORMAT) -> str:
    """The ``"type"`` that data format ``version`` (by default :data:`FORMAT`) gives ``kind``.

    >>> from hellsrummy.data.plain import type_name
    >>> type_name("state"), type_name("state", 3), type_name("game_result", 2)
    ('state', 'GameState', 'GameResult')
    """
    return kind if version >= 4 else KINDS[kind]


def head(kind: str) -> dict[str, Any]:
    """The ``"format"`` and ``"type"`` a document of ``kind`` (one of :data:`KINDS`) starts with.

    >>> from hellsrummy.data.plain import head
    >>> head("game_result")
    {'format': 4, 'type': 'game_result'}
    """
    return {"format": FORMAT, "type": type_name(kind)}


def read_head(data: Reader, kind: str) -> int:
    """Read the format of a document of ``kind`` and check its ``"type"`` is that format's name.

    Each format names a kind one way (:data:`KINDS`): a name of another format is refused,
    at ``type``, saying the name. A result of a simulation or study (``game_result``,
    ``deal_record``, ``comparison``, ``ladder``) without a ``"format"`` is one written before
    format 4, read as format 3.

    >>> from hellsrummy.data.plain import read_head
    >>> from hellsrummy.data.readers import Reader
    >>> read_head(Reader({"format": 4, "type": "state"}), "state")
    4
    >>> read_head(Reader({"type": "GameResult"}), "game_result")
    3
    >>> read_head(Reader({"format": 4, "type": "GameState"}), "state")
    Traceback (most recent call last):
    ...
    ValueError: type: format 4 names this kind 'state', not 'GameState'
    >>> read_head(Reader({"format": 3, "type": "state"}), "state")
    Traceback (most recent call last):
    ...
    ValueError: type: format 3 names this kind 'GameState', not 'state'
    """
    found = data.key("type").value
    if kind in _UNFORMATTED and data.optional_key("format") is None:
        if found == kind:
            field = f"{data.path}.format" if data.path else "format"
            raise ValueError(
                f"{field}: missing (a {shown(kind)} says its format, {FORMAT}; a result without"
                f" one is of format 3 or before, named {shown(KINDS[kind])})"
            )
        version, where = 3, "a result without a format (format 3 or before)"
    else:
        version = _read_format(data)
        where = f"format {version}"
    expected = type_name(kind, version)
    if found != expected:
        raise data.key("type").fail(
            f"{where} names this kind {shown(expected)}, not {shown(found)}"
        )
    return version


def _rules_document(rules: Rules) -> dict[str, Any]:
    return {**head("rules"), **_rules_data(rules)}


def _action_document(action: Any) -> dict[str, Any]:
    return {**head("action"), **_action_data(action)}


def _read_format(data: Reader) -> int:
    version = data.key("format").integer()
    if version not in READABLE_FORMATS:
        readable = f"{', '.join(map(str, READABLE_FORMATS[:-1]))} and {READABLE_FORMATS[-1]}"
        raise data.key("format").fail(
            f"unsupported format {shown(version)} (this library reads formats {readable})"
        )
    return version


def _read_rules_document(data: Reader) -> Rules:
    read_head(data, "rules")
    return _read_rules(data)


def _read_action_document(data: Reader) -> Any:
    version = read_head(data, "action")
    return _read_tagged(data, "action", _ACTIONS, None, version)
