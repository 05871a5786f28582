"""Reading plain data field by field: the checks behind :func:`hellsrummy.from_dict`.

A :class:`Reader` holds a value and its path in the document (``hands[2][4]``) and reads it as
an integer, a seat, a card, a list... raising ``ValueError("path: problem")`` on anything off.
The readers of whole values (rules, seeds, suits, melds, round results, tagged actions and
events) and the per-field tables (:data:`_FIELD_READERS`, shared
with :mod:`hellsrummy.data.schema`) are here; :mod:`hellsrummy.data.serialize` reads whole
documents with them.

>>> from hellsrummy.data.readers import Reader
>>> Reader([3, "x"], "hand").items()[1].card()
Traceback (most recent call last):
...
ValueError: hand[1]: bad card 'x': ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from hellsrummy.contracts.difficulty import DeckPlan
from hellsrummy.deck.cards import SUITS, Card, Suit, card, pack
from hellsrummy.deck.melds import is_meld
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game import events as _events
from hellsrummy.game.cardpoints import ScoreTable
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import RoundResult, TableMeld

__all__: list[str] = []

T = TypeVar("T")


class Reader:
    """Reads plain data at a path, raising ``ValueError("path: problem")`` on anything off."""

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: str = "") -> None:
        self.value = value
        self.path = path

    def fail(self, problem: str) -> ValueError:
        return ValueError(f"{self.path or 'value'}: {problem}")

    def key(self, name: str) -> Reader:
        data = self.mapping()
        if name not in data:
            raise ValueError(f"{self._join(name)}: missing")
        return Reader(data[name], self._join(name))

    def optional_key(self, name: str) -> Reader | None:
        data = self.mapping()
        return Reader(data[name], self._join(name)) if name in data else None

    def _join(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def mapping(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.fail(f"must be an object, got {_kind(self.value)}")
        return self.value

    def items(self) -> list[Reader]:
        if not isinstance(self.value, list):
            raise self.fail(f"must be a list, got {_kind(self.value)}")
        return [Reader(item, f"{self.path}[{k}]") for k, item in enumerate(self.value)]

    def integer(self, low: int | None = None, high: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"must be an integer, got {_kind(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(f"must be {bounds}, got {shown(value)}")
        return value

    def seat(self, players: int | None) -> int:
        value = self.integer(0)
        if players is not None and not 0 <= value < players:
            raise self.fail(f"must be a seat from 0 to {players - 1}, got {shown(value)}")
        return value

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"must be true or false, got {_kind(self.value)}")
        return self.value

    def seconds(self) -> float:
        """A duration: a non-negative number (an int is read as a float)."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
            raise self.fail(f"must be a non-negative number, got {shown(value)}")
        return float(value)

    def text(self) -> str:
        if not isinstance(self.value, str):
            raise self.fail(f"must be a string, got {_kind(self.value)}")
        return self.value

    def card(self) -> Card:
        text = self.text()
        try:
            return card(text)
        except ValueError as error:
            raise self.fail(str(error)) from None

    def optional(self, read: Callable[[Reader], T]) -> T | None:
        return None if self.value is None else read(self)

    def cards(self) -> tuple[Card, ...]:
        return tuple(item.card() for item in self.items())

    def ints(self, players: int | None, low: int = 0) -> tuple[int, ...]:
        values = tuple(item.integer(low) for item in self.items())
        self._per_seat(values, players)
        return values

    def bools(self, players: int | None) -> tuple[bool, ...]:
        values = tuple(item.boolean() for item in self.items())
        self._per_seat(values, players)
        return values

    def _per_seat(self, values: tuple[Any, ...], players: int | None) -> None:
        if players is not None and len(values) != players:
            raise self.fail(f"must have one entry per seat ({players}), got {len(values)}")


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _read_rules(data: Reader) -> Rules:
    plan = data.key("deck_plan")
    scores = data.key("score_table")
    try:
        deck_plan = DeckPlan(
            suits_by_players=[
                tuple(x.integer() for x in step.items())
                for step in plan.key("suits_by_players").items()
            ],
            decks_by_difficulty=[
                tuple(x.integer() for x in step.items())
                for step in plan.key("decks_by_difficulty").items()
            ],
        )
    except ValueError as error:
        if str(error).startswith(plan.path + "."):
            raise
        raise plan.fail(str(error)) from None
    max_turns = data.key("max_turns").optional(lambda r: r.integer(1))
    try:
        return Rules(
            schedule=[item.integer() for item in data.key("schedule").items()],
            hand_size=data.key("hand_size").integer(1),
            min_players=data.key("min_players").integer(2),
            max_players=data.key("max_players").integer(2),
            deck_plan=deck_plan,
            score_table=ScoreTable(
                low=scores.key("low").integer(0),
                high=scores.key("high").integer(0),
                ace=scores.key("ace").integer(0),
                wild=scores.key("wild").integer(0),
            ),
            discard_policy=data.key("discard_policy").text(),
            discard_error_points=data.key("discard_error_points").integer(0),
            expert=data.key("expert").boolean(),
            max_turns=max_turns,
            exact_contract_melds=data.key("exact_contract_melds").boolean(),
            discard_taken_card=data.key("discard_taken_card").boolean(),
        )
    except ValueError as error:
        message = str(error)
        if not data.path or message.startswith(data.path + "."):
            raise
        first = re.split(r"[\[: ]", message, maxsplit=1)[0]
        if first in _RULES_FIELDS:  # the message starts with the field it is about
            raise ValueError(f"{data.path}.{message}") from None
        raise data.fail(message) from None


_RULES_FIELDS = frozenset(field.name for field in attrs.fields(Rules))


def _read_seed(data: Reader) -> Seed:
    value = data.value
    if isinstance(value, bool) or not isinstance(value, (int, str, dict)):
        raise data.fail(f"must be an integer, a string or {{'hex': ...}}, got {_kind(value)}")
    if isinstance(value, dict):
        text = data.key("hex").text()
        try:
            return bytes.fromhex(text)
        except ValueError:
            raise data.fail("hex must be an even number of hex digits") from None
    return value


def _read_suits(data: Reader) -> tuple[Suit, ...]:
    letters = [item.text() for item in data.items()]
    count = len(letters)
    if not 1 <= count <= len(SUITS) or letters != [s.letter for s in SUITS[:count]]:
        raise data.fail(f"must be the first suits in the order C D H S E R M, got {letters}")
    return SUITS[:count]


def _read_melds(data: Reader, players: int) -> tuple[TableMeld, ...]:
    melds = []
    for item in data.items():
        cards_ = item.key("cards").cards()
        if not is_meld(cards_):
            raise item.key("cards").fail(f"is not a meld: {' '.join(map(str, cards_))}")
        melds.append(TableMeld(cards_, item.key("owner").seat(players)))
    return tuple(melds)


def _read_results(data: Reader, players: int, rules: Rules) -> tuple[RoundResult, ...]:
    results = []
    for number, item in enumerate(data.items()):
        if item.key("round").integer() != number:
            raise item.key("round").fail(f"must be {number} (results are in round order)")
        difficulty = item.key("difficulty").integer()
        if number >= len(rules.schedule) or difficulty != rules.schedule[number]:
            raise item.key("difficulty").fail("does not match the rules' schedule")
        results.append(
            RoundResult(
                round=number,
                difficulty=difficulty,
                winner=item.key("winner").optional(lambda r: r.seat(players)),
                points=item.key("points").ints(players),
                met=item.key("met").bools(players),
                errors=item.key("errors").ints(players),
                turns=item.key("turns").integer(0),
            )
        )
    return tuple(results)


_FIELD_READERS: dict[str, Callable[[Reader, int | None], Any]] = {
    "seat": lambda r, n: r.seat(n),
    "to": lambda r, n: r.seat(n),
    "winner": lambda r, n: r.optional(lambda x: x.seat(n)),
    "round": lambda r, n: r.integer(0),
    "dealer": lambda r, n: r.seat(n),
    "difficulty": lambda r, n: r.integer(3, 25),
    "first": lambda r, n: r.integer(0),
    "meld": lambda r, n: r.integer(0),
    "cards": lambda r, n: r.cards(),
    "card": lambda r, n: r.card(),
    "wildcard": lambda r, n: r.card(),
    "substitute": lambda r, n: r.card(),
    "swap": lambda r, n: r.boolean(),
    "discard": lambda r, n: r.card(),
    "melds": lambda r, n: tuple(item.cards() for item in r.items()),
    "met": lambda r, n: r.boolean(),
    "on": lambda r, n: r.boolean(),
    "points": lambda r, n: r.integer(0),
}
# Fields whose meaning depends on the class.
_SPECIAL_READERS: dict[tuple[type, str], Callable[[Reader, int | None], Any]] = {
    (_events.Refilled, "cards"): lambda r, n: r.integer(1),
    (_events.RummyCalled, "wildcard"): lambda r, n: r.optional(Reader.card),
    (_events.RoundEnded, "points"): lambda r, n: r.ints(n),
    (_events.DiscardErrorMade, "card"): lambda r, n: r.optional(Reader.card),
    (_events.PlayProtectionWarning, "card"): lambda r, n: r.optional(Reader.card),
}


#: The fields of actions and events that data format 4 added: older documents do not have them,
#: and read as their default (the card a refused discard tried: not known).
_SINCE_FORMAT_4 = frozenset(
    {(_events.DiscardErrorMade, "card"), (_events.PlayProtectionWarning, "card")}
)


def _read_tagged(
    data: Reader, tag: str, classes: dict[str, type], players: int | None, version: int
) -> Any:
    name = data.key(tag).text()
    cls = classes.get(name)
    if cls is None:
        raise data.key(tag).fail(f"unknown {tag} {shown(name)} (known: {', '.join(classes)})")
    values = {}
    for field in attrs.fields(cls):
        older = version < 4 and (cls, field.name) in _SINCE_FORMAT_4
        if older and data.optional_key(field.name) is None:
            continue  # not written before format 4: its default
        reader = _SPECIAL_READERS.get((cls, field.name)) or _FIELD_READERS[field.name]
        values[field.name] = reader(data.key(field.name), players)
    try:
        return cls(**values)
    except ValueError as error:
        raise data.fail(str(error)) from None


def _check_counts(
    data: Reader, seen: Counter[Card], suits: tuple[Suit, ...], decks: int, refills: int
) -> None:
    allowed = Counter(pack(suits, decks + refills))
    for card_, count in sorted(seen.items(), key=lambda item: item[0].order):
        if count > allowed[card_]:
            raise data.fail(
                f"{card_} appears {count} times; the round's pack and refills hold it"
                f" {allowed[card_]} times"
            )


def check_derived(written: Reader, derived: Any, skip: Sequence[str] = ()) -> None:
    """Refuse what was written at ``written`` unless it is ``derived``, field by field.

    For a document that carries what follows from the rest of it (a summary of its records):
    ``derived`` is that part worked out again, as plain data; the first field that differs
    is refused at its path. Keys named in ``skip`` are not compared, at any depth.

    >>> check_derived(Reader({"total": 3, "note": "x"}), {"total": 3, "note": "y"}, skip=["note"])
    >>> check_derived(Reader({"parts": [1, 2], "total": 4}), {"parts": [1, 2], "total": 3})
    Traceback (most recent call last):
    ...
    ValueError: total: must be 3, what the rest of the document gives, got 4
    """
    if isinstance(derived, dict):
        for name, item in derived.items():
            if name not in skip:
                check_derived(written.key(name), item, skip)
    elif isinstance(derived, list):
        items = written.items()
        if len(items) != len(derived):
            raise written.fail(
                f"must have {len(derived)} entries, what the rest of the document gives"
            )
        for item, one in zip(items, derived, strict=True):
            check_derived(item, one, skip)
    elif written.value != derived or isinstance(written.value, bool) != isinstance(derived, bool):
        raise written.fail(
            f"must be {shown(derived)}, what the rest of the document gives, got"
            f" {shown(written.value)}"
        )
