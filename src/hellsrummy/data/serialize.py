"""Plain data in and out: every value of the library as JSON-ready dicts, validated on the way in.

:func:`to_dict` turns a :class:`hellsrummy.GameState`, :class:`hellsrummy.PlayerView`,
:class:`hellsrummy.Rules`, any action, any event or a :class:`hellsrummy.GameRecord` into a
dict of ``str`` / ``int`` / ``bool`` / ``None`` / ``list`` / ``dict`` only, with cards as their
text (``"10H"``), a format version (``"format"``) and its kind (``"type"``: ``"state"``,
``"view"``, ``"rules"``, ``"action"``, ``"event"``, ``"record"``; the same names as
:func:`hellsrummy.json_schema`'s, since format 4). :func:`from_dict` reads one back and checks
*everything*: a malformed or hostile dict raises :class:`ValueError` naming the path of the
bad field (``hands[2][4]``), and never yields a half-built or inconsistent value. No I/O
happens here: ``json.dumps`` and ``json.loads`` are the caller's.

Rounds are numbered from 0 in the data (``round``, a result's ``round``, an event's
``round``), as in the library's values; every text (``str()`` of an event, a record's
``--- round N`` line, the messages) counts them from 1.

>>> state = new_game(3, seed=7)
>>> data = to_dict(state)
>>> data["format"], data["type"], data["hands"][0][:3]
(4, 'state', ['2D', '4C', '5S'])
>>> from_dict(data) == state
True
>>> from_dict({**data, "current": 5})
Traceback (most recent call last):
...
ValueError: current: must be a seat from 0 to 2, got 5
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from hellsrummy.contracts.difficulty import contract_for
from hellsrummy.data.consistency import check_state, read_deal
from hellsrummy.data.plain import (
    _ACTION_NAMES,
    _ACTIONS,
    _EVENT_NAMES,
    _EVENTS,
    FORMAT,
    KINDS,
    READABLE_FORMATS,
    _action_document,
    _contract_data,
    _event_data,
    _read_format,
    _rules_data,
    _rules_document,
    _with_fields,
    head,
    read_head,
    seed_from_data,
    seed_to_data,
)
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
from hellsrummy.data.records import GameRecord
from hellsrummy.deck.cards import Card
from hellsrummy.errors import shown
from hellsrummy.game import events as _events
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import GameState, Phase
from hellsrummy.views.view import PlayerView

__all__ = [
    "FORMAT",
    "READABLE_FORMATS",
    "from_dict",
    "register_reader",
    "seed_from_data",
    "seed_to_data",
    "to_dict",
]

#: The fields of a state and of a view that :func:`to_dict` writes in a form of their own.
_STATE_SKIP = ("rules", "seed", "log")
_VIEW_SKIP = ("rules", "log")


# --- writing ---------------------------------------------------------------------------------


def _derived(value: GameState | PlayerView) -> dict[str, Any]:
    """The derived, read-only fields of a state or view: the round's difficulty and contract."""
    return {"difficulty": value.difficulty, "contract": _contract_data(value.contract)}


def _position_body(value: GameState | PlayerView, skip: Sequence[str]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for name, item in _with_fields(value, skip=skip).items():
        body[name] = item
        if name == "round":
            body.update(_derived(value))
    return body


def to_dict(value: Any) -> dict[str, Any]:
    """``value`` as a JSON-ready dict with ``"format"`` and ``"type"`` keys first.

    Accepts every value of the library that has a dict form:

    * the game's documents, each with a JSON Schema (:func:`hellsrummy.json_schema`) and read
      back by :func:`from_dict`: a :class:`hellsrummy.GameState`, a
      :class:`hellsrummy.PlayerView`, :class:`hellsrummy.Rules`, any action, any event and a
      :class:`hellsrummy.GameRecord` (the same as :meth:`hellsrummy.GameRecord.to_dict`);
    * the results of simulations and studies, which write themselves with their own
      ``to_dict`` method: ``to_dict(value)`` is ``value.to_dict()``. The results,
      :class:`hellsrummy.GameResult`, :class:`hellsrummy.DealRecord`,
      :class:`hellsrummy.Comparison` and :class:`hellsrummy.Ladder`, say their ``"format"``
      and ``"type"`` (``"game_result"``, ``"deal_record"``, ``"comparison"``, ``"ladder"``)
      and have a JSON Schema too; their parts, :class:`hellsrummy.DealRound`,
      :class:`hellsrummy.Estimate`, :class:`hellsrummy.CandidateSummary`,
      :class:`hellsrummy.PairSummary` and :class:`hellsrummy.Rating`, do not.
      :func:`from_dict` reads the four results back (through their classes' ``from_dict``,
      which the players' room registers with :func:`register_reader`).

    Each kind has one name, the same in ``"type"``, :func:`from_dict`,
    :func:`hellsrummy.json_schema` and :data:`hellsrummy.SCHEMA_KINDS` (format 4; formats 1
    to 3 named them ``"GameState"``, ``"PlayerView"``, ``"Rules"``, ``"GameRecord"``,
    ``"GameResult"``... and are still read).

    A state's and a view's dict also carry the round's ``difficulty`` and ``contract`` (its
    name and requirements), derived from the rules' schedule and the ``round`` (numbered from
    0 in the data, from 1 in every text): read-only, for readers that do not know the rules.

    >>> to_dict(Extend(2, cards("8H")))
    {'format': 4, 'type': 'action', 'action': 'extend', 'meld': 2, 'cards': ['8H']}
    >>> to_dict(Rules())["discard_policy"]
    'penalize'
    >>> data = to_dict(new_game(3, seed=1))
    >>> data["round"], data["difficulty"], data["contract"]["name"]
    (0, 6, 'Two Sets of 3')
    >>> data["contract"]["requirements"]
    [{'kind': 'set', 'size': 3}, {'kind': 'set', 'size': 3}]
    >>> to_dict(GameRecord(players=("A", "B", "C"), seed=1))["type"]
    'record'
    >>> to_dict(view(new_game(3, seed=1), 0))["type"]
    'view'
    >>> to_dict(3)
    Traceback (most recent call last):
    ...
    ValueError: cannot convert int to a dict
    """
    if isinstance(value, GameState):
        return {
            **head("state"),
            "rules": _rules_data(value.rules),
            "seed": seed_to_data(value.seed),
            **_position_body(value, _STATE_SKIP),
            "events": [_event_data(event) for event in value.log],
        }
    if isinstance(value, PlayerView):
        return {
            **head("view"),
            "rules": _rules_data(value.rules),
            **_position_body(value, _VIEW_SKIP),
            "events": [_event_data(event) for event in value.log],
        }
    if isinstance(value, Rules):
        return _rules_document(value)
    if isinstance(value, GameRecord):
        return value.to_dict()
    if type(value) in _ACTION_NAMES:
        return _action_document(value)
    if type(value) in _EVENT_NAMES:
        return {**head("event"), **_event_data(value)}
    written = _written_by_itself(value)
    if written is not None:
        return written
    raise ValueError(f"cannot convert {type(value).__name__} to a dict")


def _written_by_itself(value: Any) -> dict[str, Any] | None:
    """The dict form of a value of the library that writes itself (a study's results)."""
    cls = type(value)
    method = getattr(cls, "to_dict", None)
    if not callable(method) or not cls.__module__.startswith("hellsrummy."):
        return None
    data = method(value)
    return data if isinstance(data, dict) else None


# --- reading ---------------------------------------------------------------------------------


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


def _same(found: Any, expected: Any) -> bool:
    """Whether plain data ``found`` is ``expected``, types included (``4.0`` is not ``4``)."""
    if type(found) is not type(expected):
        return False
    if isinstance(expected, dict):
        return found.keys() == expected.keys() and all(
            _same(found[key], value) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return len(found) == len(expected) and all(map(_same, found, expected))
    return bool(found == expected)


def _check_derived(data: Reader, rules: Rules, round_number: int) -> None:
    """The derived ``difficulty`` and ``contract`` (format 3) must be the round's."""
    difficulty = rules.schedule[round_number]
    if not _same(data.key("difficulty").value, difficulty):
        raise data.key("difficulty").fail(
            f"must be {difficulty}, the difficulty of round {round_number} in the rules'"
            f" schedule (derived, read-only), got {shown(data.key('difficulty').value)}"
        )
    contract = _contract_data(contract_for(difficulty))
    if not _same(data.key("contract").value, contract):
        raise data.key("contract").fail(
            f"must be {contract}, the contract of difficulty {difficulty} (derived, read-only),"
            f" got {shown(data.key('contract').value)}"
        )


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
    if version >= 3:
        _check_derived(data, rules, round_number)
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
        events = events.append(_read_tagged(item, "event", _EVENTS, players, version))
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
    says = data.key("format").value >= 4  # format 4 says whether round 1 was a fixed deal
    deal = read_deal(data.key("deal"), players) if says else None
    state = GameState(
        seed=_read_seed(data.key("seed")), hands=hands, stock=stock, deal=deal, **common
    )
    check_state(data, state, exact=says)
    return state


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


#: The kinds of the game's documents, which :func:`from_dict` reads itself.
_GAME_KINDS = ("state", "view", "rules", "action", "event", "record")
#: The kind of each ``type`` of the game's documents: its name since format 4 and before.
_DOCUMENTS = {name: kind for kind in _GAME_KINDS for name in (kind, KINDS[kind])}
#: The readers of the documents of the rooms above this one (the results of studies), by
#: ``type`` (each name a format gave them: ``"game_result"`` and ``"GameResult"``...).
_READERS: dict[str, Callable[[Any], Any]] = {}


def register_reader(kind: str, reader: Callable[[Any], Any]) -> None:
    """Have :func:`from_dict` read the documents whose ``"type"`` is ``kind`` with ``reader``.

    The rooms above this one register the documents they define when they are imported (so
    whenever ``hellsrummy`` is): the players' room registers ``game_result``,
    ``deal_record``, ``comparison`` and ``ladder``, each with its class's ``from_dict``. A
    kind that formats 1 to 3 named otherwise (:data:`hellsrummy.data.plain.KINDS`) is
    registered under that name too (``GameResult``...), with the same reader, for the files
    written then. The game's own documents cannot be registered over, under either name.

    >>> from hellsrummy import GameResult, RandomBot, play_game
    >>> register_reader("game_result", GameResult.from_dict)  # done on import; no harm again
    >>> result = play_game([RandomBot(1)] * 3, "doc", 0)
    >>> from_dict(to_dict(result)) == result
    True
    >>> older = {**to_dict(result), "type": "GameResult"}  # as written before format 4
    >>> del older["format"]
    >>> from_dict(older) == result
    True
    >>> register_reader("GameState", GameResult.from_dict)
    Traceback (most recent call last):
    ...
    ValueError: 'GameState' is a document of the game, read by from_dict itself
    """
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"kind must be a document's type name, got {shown(kind)}")
    if kind in _DOCUMENTS:
        raise ValueError(f"{shown(kind)} is a document of the game, read by from_dict itself")
    if not callable(reader):
        raise TypeError(f"reader must be a callable of the data, got {shown(reader)}")
    _READERS[kind] = reader
    if kind in KINDS:
        _READERS[KINDS[kind]] = reader


def from_dict(data: Any) -> Any:
    """Read back what :func:`to_dict` wrote, checking every field.

    Reads every document of the game (a state, a view, rules, an action, an event and a
    :class:`hellsrummy.GameRecord`) in any of :data:`READABLE_FORMATS`, each format with its
    names of the kinds (``"state"`` since format 4, ``"GameState"`` before: a name of another
    format is refused at ``type``). Raises
    :class:`ValueError` naming the path of the first bad field; anything else that is wrong
    (an unknown card, an impossible count, a meld that is not a meld, a card more often than
    the pack allows, a ``difficulty`` or ``contract`` that is not the round's...) is reported
    the same way. The results of simulations and studies (``game_result``, ``deal_record``,
    ``comparison``, ``ladder``) are read by their own class's ``from_dict``, registered here
    by the players' room (:func:`register_reader`).

    >>> from_dict(to_dict(Discard(card("KS"))))
    Discard(card=card('KS'))
    >>> from_dict({"format": 4, "type": "Rules"})
    Traceback (most recent call last):
    ...
    ValueError: type: format 4 names this kind 'rules', not 'Rules'
    >>> from_dict({"format": 3, "type": "view"})
    Traceback (most recent call last):
    ...
    ValueError: type: format 3 names this kind 'PlayerView', not 'view'
    >>> from_dict({"format": 1, "type": "action", "action": "discard", "card": "1S"})
    Traceback (most recent call last):
    ...
    ValueError: card: bad card '1S': unknown rank '1' (expected 2-10, T, J, Q, K or A)
    >>> record = GameRecord(players=("A", "B", "C"), seed=1, actions=[Take()])
    >>> from_dict(to_dict(record)) == record
    True
    >>> from_dict({**to_dict(new_game(3, seed=1)), "difficulty": 7})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: difficulty: must be 6, the difficulty of round 0 in the rules' schedule ...
    """
    reader = Reader(data)
    name = reader.key("type").text()
    if name in _READERS:
        return _READERS[name](data)
    kind = _DOCUMENTS.get(name)
    if kind is None:
        named = {*KINDS, *KINDS.values()}  # the kinds in their order, no name before format 4
        known = [kind for kind in KINDS if kind in _DOCUMENTS or kind in _READERS]
        known += [other for other in _READERS if other not in named]
        raise reader.key("type").fail(f"unknown type {shown(name)} (known: {', '.join(known)})")
    if kind == "record":
        return GameRecord.from_dict(data)
    version = read_head(reader, kind)
    if kind == "state":
        return _read_state(reader)
    if kind == "view":
        return _read_view(reader)
    if kind == "rules":
        return _read_rules(reader)
    if kind == "action":
        return _read_tagged(reader, "action", _ACTIONS, None, version)
    return _read_tagged(reader, "event", _EVENTS, None, version)
