"""Plain data in and out: every value of the library as JSON-ready dicts, validated on the way in.

:func:`to_dict` turns a :class:`hellsrummy.GameState`, :class:`hellsrummy.PlayerView`,
:class:`hellsrummy.Rules`, any action or any event into a dict of ``str`` / ``int`` /
``bool`` / ``None`` / ``list`` / ``dict`` only, with cards as their text (``"10H"``) and a
format version. :func:`from_dict` reads one back and checks *everything*: a malformed or
hostile dict raises :class:`ValueError` naming the path of the bad field (``hands[2][4]``),
and never yields a half-built or inconsistent value. No I/O happens here: ``json.dumps`` and
``json.loads`` are the caller's.

>>> state = new_game(3, seed=7)
>>> data = to_dict(state)
>>> data["format"], data["type"], data["hands"][0][:3]
(2, 'GameState', ['2D', '4C', '5S'])
>>> from_dict(data) == state
True
>>> from_dict({**data, "current": 5})
Traceback (most recent call last):
...
ValueError: current: must be a seat from 0 to 2, got 5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from hellsrummy.data.readers import (
    Reader,
    _check_counts,
    _read_melds,
    _read_results,
    _read_rules,
    _read_seed,
    _read_suits,
    _read_tagged,
)
from hellsrummy.deck.cards import Card, Suit
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game import events as _events
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import EVENT_KINDS
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import GameState, Phase, TableMeld
from hellsrummy.play.kinds import ACTION_KINDS
from hellsrummy.views.view import PlayerView

__all__ = ["FORMAT", "READABLE_FORMATS", "from_dict", "seed_from_data", "seed_to_data", "to_dict"]

#: The version of the data format written by :func:`to_dict`. Format 2 (0.2.0) added the
#: ``discarder`` of states and views, the ``rummy`` action and the ``rummy_called`` and
#: ``discard_turned_up`` events; format 1 (0.1.0) is still read.
FORMAT = 2

#: Every format :func:`from_dict` (and :meth:`hellsrummy.GameRecord.from_dict`) reads.
READABLE_FORMATS = (1, 2)

# The class of each action's and each event's tag in the data, and back: from the tables of kinds.
_ACTIONS: dict[str, type] = {kind.tag: kind.cls for kind in ACTION_KINDS}
_EVENTS: dict[str, type] = {kind.tag: kind.cls for kind in EVENT_KINDS}
_ACTION_NAMES = {kind.cls: kind.tag for kind in ACTION_KINDS}
_EVENT_NAMES = {kind.cls: kind.tag for kind in EVENT_KINDS}
#: The fields of a state and of a view that :func:`to_dict` writes in a form of their own.
_STATE_SKIP = ("rules", "seed", "log")
_VIEW_SKIP = ("rules", "log")


# --- writing ---------------------------------------------------------------------------------


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


def _with_fields(value: Any, skip: Sequence[str]) -> dict[str, Any]:
    return {
        field.name: _plain(getattr(value, field.name))
        for field in attrs.fields(type(value))
        if field.name not in skip
    }


def to_dict(value: Any) -> dict[str, Any]:
    """``value`` as a JSON-ready dict with ``"format"`` and ``"type"`` keys.

    Accepts a :class:`hellsrummy.GameState`, :class:`hellsrummy.PlayerView`,
    :class:`hellsrummy.Rules`, any action and any event.

    >>> to_dict(Extend(2, cards("8H")))
    {'format': 2, 'type': 'action', 'action': 'extend', 'meld': 2, 'cards': ['8H']}
    >>> to_dict(Rules())["discard_policy"]
    'penalize'
    """
    head: dict[str, Any] = {"format": FORMAT}
    if isinstance(value, GameState):
        body = _with_fields(value, skip=_STATE_SKIP)
        return {
            **head,
            "type": "GameState",
            "rules": _rules_data(value.rules),
            "seed": seed_to_data(value.seed),
            **body,
            "events": [_event_data(event) for event in value.log],
        }
    if isinstance(value, PlayerView):
        body = _with_fields(value, skip=_VIEW_SKIP)
        return {
            **head,
            "type": "PlayerView",
            "rules": _rules_data(value.rules),
            **body,
            "events": [_event_data(event) for event in value.log],
        }
    if isinstance(value, Rules):
        return {**head, "type": "Rules", **_rules_data(value)}
    if type(value) in _ACTION_NAMES:
        return {**head, "type": "action", **_action_data(value)}
    if type(value) in _EVENT_NAMES:
        return {**head, "type": "event", **_event_data(value)}
    raise ValueError(f"cannot convert {type(value).__name__} to a dict")


def _action_data(action: Any) -> dict[str, Any]:
    return {"action": _ACTION_NAMES[type(action)], **_with_fields(action, skip=())}


def _event_data(event: Any) -> dict[str, Any]:
    return {"event": _EVENT_NAMES[type(event)], **_with_fields(event, skip=())}


# --- reading ---------------------------------------------------------------------------------


def _read_format(data: Reader) -> int:
    version = data.key("format").integer()
    if version not in READABLE_FORMATS:
        readable = " and ".join(map(str, READABLE_FORMATS))
        raise data.key("format").fail(
            f"unsupported format {shown(version)} (this library reads formats {readable})"
        )
    return version


def _read_discarder(
    data: Reader, version: int, common: dict[str, Any], events: EventLog
) -> int | None:
    """Who discarded the discard. Format 1 did not say: the public events tell."""
    if version == 1:
        if common["phase"] is not Phase.DECIDE:
            return None
        for event in events.newest_first():
            if isinstance(event, (_events.PlayProtectionChanged, _events.SeatLeft)):
                continue  # what any seat may do while the discard waits
            if isinstance(event, _events.Discarded) and event.card == common["discard"]:
                return event.seat
            return None
        return None
    discarder: int | None = data.key("discarder").optional(lambda r: r.seat(len(common["left"])))
    if discarder is not None and common["phase"] is not Phase.DECIDE:
        raise data.key("discarder").fail("only a discard waiting for a decision has a discarder")
    return discarder


def _read_common(data: Reader) -> dict[str, Any]:
    """The fields a GameState and a PlayerView share, checked against each other."""
    version = _read_format(data)
    rules = _read_rules(data.key("rules"))
    names = tuple(item.text() for item in data.key("names").items())
    players = len(names)
    if not rules.min_players <= players <= rules.max_players:
        raise data.key("names").fail(
            f"must name {rules.min_players} to {rules.max_players} players, got {players}"
        )
    if len(set(names)) != players or not all(name.strip() for name in names):
        raise data.key("names").fail("names must be distinct and not blank")
    round_number = data.key("round").integer(0, len(rules.schedule) - 1)
    phase_text = data.key("phase").text()
    try:
        phase = Phase(phase_text)
    except ValueError:
        raise data.key("phase").fail(f"unknown phase {shown(phase_text)}") from None
    common: dict[str, Any] = {
        "rules": rules,
        "names": names,
        "round": round_number,
        "dealer": data.key("dealer").seat(players),
        "current": data.key("current").seat(players),
        "phase": phase,
        "melds": _read_melds(data.key("melds"), players),
        "discard": data.key("discard").optional(Reader.card),
        "suits": _read_suits(data.key("suits")),
        "decks": data.key("decks").integer(1, 100),
        "refills": data.key("refills").integer(0, 1000),
        "met": data.key("met").bools(players),
        "penalties": data.key("penalties").ints(players),
        "errors": data.key("errors").ints(players),
        "results": _read_results(data.key("results"), players, rules),
        "scores": data.key("scores").ints(players),
        "protection": data.key("protection").bools(players),
        "left": data.key("left").bools(players),
        "turns": data.key("turns").integer(0),
        "taken": data.key("taken").optional(Reader.card),
    }
    results = common["results"]
    totals = tuple(sum(r.points[seat] for r in results) for seat in range(players))
    if common["scores"] != totals:
        raise data.key("scores").fail(f"must be the sums of the round results, {list(totals)}")
    finished = len(results)
    if phase in (Phase.DECIDE, Phase.PLAY) and finished != round_number:
        raise data.key("results").fail(
            f"a round in play needs {round_number} results, got {finished}"
        )
    if phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and finished not in (
        round_number,
        round_number + 1,
    ):
        raise data.key("results").fail(f"a finished round needs {round_number + 1} results")
    if phase is Phase.DECIDE and common["discard"] is None:
        raise data.key("discard").fail("the decide phase needs a discard")
    if phase is Phase.PLAY and common["discard"] is not None:
        raise data.key("discard").fail("the play phase has no discard")
    if phase in (Phase.DECIDE, Phase.PLAY) and common["left"][common["current"]]:
        raise data.key("current").fail("the seat to act has left the game")
    for position, meld in enumerate(common["melds"]):
        if not common["met"][meld.owner]:
            raise (
                data.key("melds")
                .items()[position]
                .key("owner")
                .fail("a seat that laid a meld must have met the minimum")
            )
    events = EventLog()
    for item in data.key("events").items():
        events = events.append(_read_tagged(item, "event", _EVENTS, players))
    common["log"] = events
    common["discarder"] = _read_discarder(data, version, common, events)
    return common


def _read_state(data: Reader) -> GameState:
    common = _read_common(data)
    players = len(common["names"])
    hands_data = data.key("hands")
    hands = tuple(item.cards() for item in hands_data.items())
    if len(hands) != players:
        raise hands_data.fail(f"must have one hand per seat ({players}), got {len(hands)}")
    for seat, hand in enumerate(hands):
        if list(hand) != sorted(hand):
            raise hands_data.items()[seat].fail("cards must be sorted (rank, then suit)")
    stock = data.key("stock").cards()
    seen: Counter[Card] = Counter(stock)
    for hand in hands:
        seen.update(hand)
    for meld in common["melds"]:
        seen.update(meld.cards)
    if common["discard"] is not None:
        seen[common["discard"]] += 1
    _check_counts(data, seen, common["suits"], common["decks"], common["refills"])
    return GameState(seed=_read_seed(data.key("seed")), hands=hands, stock=stock, **common)


def _read_view(data: Reader) -> PlayerView:
    common = _read_common(data)
    players = len(common["names"])
    seat = data.key("seat").seat(players)
    hand = data.key("hand").cards()
    if list(hand) != sorted(hand):
        raise data.key("hand").fail("cards must be sorted (rank, then suit)")
    sizes = data.key("hand_sizes").ints(players)
    if sizes[seat] != len(hand):
        raise data.key("hand_sizes").fail(f"seat {seat} holds {len(hand)} cards, not {sizes[seat]}")
    stock_size = data.key("stock_size").integer(0)
    seen: Counter[Card] = Counter(hand)
    for meld in common["melds"]:
        seen.update(meld.cards)
    if common["discard"] is not None:
        seen[common["discard"]] += 1
    _check_counts(data, seen, common["suits"], common["decks"], common["refills"])
    room = 13 * len(common["suits"]) * (common["decks"] + common["refills"])
    if sum(sizes) + stock_size + sum(seen.values()) - len(hand) > room:
        raise data.key("stock_size").fail("more cards than the round's pack and refills hold")
    return PlayerView(seat=seat, hand=hand, hand_sizes=sizes, stock_size=stock_size, **common)


def from_dict(data: Any) -> Any:
    """Read back what :func:`to_dict` wrote, checking every field.

    Raises :class:`ValueError` naming the path of the first bad field; anything else that is
    wrong (an unknown card, an impossible count, a meld that is not a meld, a card more often
    than the pack allows...) is reported the same way.

    >>> from_dict(to_dict(Discard(card("KS"))))
    Discard(card=card('KS'))
    >>> from_dict({"format": 1, "type": "action", "action": "discard", "card": "1S"})
    Traceback (most recent call last):
    ...
    ValueError: card: bad card '1S': unknown rank '1' (expected 2-10, T, J, Q, K or A)
    """
    reader = Reader(data)
    kind = reader.key("type").text()
    if kind not in ("GameState", "PlayerView", "Rules", "action", "event"):
        raise reader.key("type").fail(f"unknown type {shown(kind)}")
    _read_format(reader)
    if kind == "GameState":
        return _read_state(reader)
    if kind == "PlayerView":
        return _read_view(reader)
    if kind == "Rules":
        return _read_rules(reader)
    if kind == "action":
        return _read_tagged(reader, "action", _ACTIONS, players=None)
    return _read_tagged(reader, "event", _EVENTS, players=None)
