"""Action notation and game records: write a game down, read it back, replay it.

Every action has a one-line notation, the same as its ``str()``::

    take
    pass
    meld 7H 7S 7D / 9C 9D 9H
    extend 2 8H
    swap 1 7H
    discard KS
    protection 0 on
    leave 3
    rummy 2 8H extend 0 KS

A :class:`GameRecord` is the rules, the players, the seed (or a fixed deal) and the actions in
order; :func:`replay` rebuilds the identical state (starting each new round by itself). A record
also reads as plain text, so people can write puzzles and bug reports by hand::

    # hellsrummy record 1
    players: Ann, Bob, Cat
    seed: 42
    ---
    take
    discard KS

>>> record = GameRecord(players=("Ann", "Bob", "Cat"), seed=42, actions=(Take(),))
>>> print(record.to_text())
# hellsrummy record 1
players: Ann, Bob, Cat
seed: 42
---
take
>>> played = apply(new_game(["Ann", "Bob", "Cat"], seed=42), Take())
>>> replay(GameRecord.from_text(record.to_text())) == played
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from hellsrummy.data.serialize import (
    FORMAT,
    READABLE_FORMATS,
    from_dict,
    seed_from_data,
    seed_to_data,
    to_dict,
)
from hellsrummy.deck.cards import card, cards, format_cards
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game.actions import Action
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import Deal, GameState, Phase
from hellsrummy.play.engine import apply, new_game, next_round
from hellsrummy.play.kinds import ACTION_KINDS, NotationLine

__all__ = ["GameRecord", "format_action", "parse_action", "replay"]

_HEADER = "# hellsrummy record 1"


def format_action(action: Action) -> str:
    """The one-line notation of an action (the same as ``str(action)``).

    >>> format_action(Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]))
    'meld 7D 7H 7S / 9C 9D 9H'
    """
    return str(action)


# Each action's kind by the word its notation starts with, in the table's order.
_BY_WORD = {kind.word: kind for kind in ACTION_KINDS}


def parse_action(text: str) -> Action:
    """Read one action from its notation (case-insensitive; extra spaces are fine).

    The first word names the kind of action (its row of
    :data:`hellsrummy.play.kinds.ACTION_KINDS`), whose reader reads the rest. Raises
    :class:`ValueError` pointing at the bad word.

    >>> parse_action("meld 7h 7s 7d / 9c 9d 9h")
    Meld(melds=((card('7D'), card('7H'), card('7S')), (card('9C'), card('9D'), card('9H'))))
    >>> parse_action("extend 2 8H 2C")
    Extend(meld=2, cards=(card('2C'), card('8H')))
    >>> parse_action("swap one 7H")
    Traceback (most recent call last):
    ...
    ValueError: meld number must be a number at word 2 ('one') of 'swap one 7H'
    >>> parse_action("discard 7X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad card: unknown suit 'X' (...) at word 2 ('7X') of 'discard 7X'
    """
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, got {type(text).__name__}")
    line = NotationLine(text)
    if not line.words:
        raise ValueError("an empty line is not an action")
    kind = _BY_WORD.get(line.verb)
    if kind is None:
        raise line.fail(0, f"unknown action (known: {', '.join(_BY_WORD)})")
    action: Action = kind.read(line)
    return action


def _names(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ValueError("players must be a sequence of names, not one str")
    return tuple(value)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


@attrs.frozen
class GameRecord:
    """A game written down: rules, players, seed (or a fixed deal) and the actions in order.

    ``replay(record)`` rebuilds the game's state. ``to_text`` / ``from_text`` give the plain
    text form, ``to_dict`` / ``from_dict`` a JSON-ready one.

    >>> record = GameRecord.from_text('''
    ... players: Ann, Bob, Cat
    ... seed: "demo"
    ... ---
    ... pass
    ... ''')
    >>> record.seed, record.actions
    ('demo', (Pass(),))
    """

    players: tuple[str, ...] = attrs.field(converter=_names)
    seed: Seed
    rules: Rules = attrs.field(factory=Rules)
    deal: Deal | None = None
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)

    @classmethod
    def of(
        cls, state: GameState, actions: Sequence[Action], deal: Deal | None = None
    ) -> GameRecord:
        """The record of a game that started like ``state`` and went on with ``actions``.

        ``state`` is the game's first state (as :func:`hellsrummy.new_game` made it).

        >>> start = new_game(3, seed=5)
        >>> GameRecord.of(start, [Take()]).players
        ('Seat 0', 'Seat 1', 'Seat 2')
        """
        return cls(
            players=state.names, seed=state.seed, rules=state.rules, deal=deal, actions=actions
        )

    def to_text(self) -> str:
        r"""The record as plain text: a small header, ``---``, then one action per line.

        >>> print(GameRecord(players=("A", "B", "C"), seed=b"\x01", actions=[Pass()]).to_text())
        # hellsrummy record 1
        players: A, B, C
        seed: {"hex": "01"}
        ---
        pass
        """
        lines = [_HEADER, f"players: {', '.join(self.players)}"]
        lines.append(f"seed: {json.dumps(seed_to_data(self.seed))}")
        if self.rules != Rules():
            rules = {k: v for k, v in to_dict(self.rules).items() if k not in ("format", "type")}
            lines.append(f"rules: {json.dumps(rules)}")
        if self.deal is not None:
            for seat, hand in enumerate(self.deal.hands):
                lines.append(f"hand {seat}: {format_cards(hand)}")
            lines.append(f"discard: {self.deal.discard}")
            lines.append(f"stock: {format_cards(self.deal.stock)}")
        lines.append("---")
        lines.extend(format_action(action) for action in self.actions)
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        r"""Read a record written by :meth:`to_text` or by hand.

        Blank lines and lines starting with ``#`` are ignored. The header needs ``players``
        and ``seed``; ``rules`` (a JSON object, as :func:`hellsrummy.to_dict` writes it)
        and a fixed deal (``hand 0: ...`` for every seat, ``discard: ...``, ``stock: ...``) are
        optional. Errors name the line.

        >>> GameRecord.from_text("players: A, B, C\nseed: 1\n---\ndance")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: line 4: unknown action (known: take, pass, ...) at word 1 ('dance') of 'dance'
        """
        if not isinstance(text, str):
            raise ValueError(f"a record must be text, got {type(text).__name__}")
        header: dict[str, str] = {}
        actions: list[Action] = []
        in_header = True
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if in_header:
                if line == "---":
                    in_header = False
                    continue
                key, colon, value = line.partition(":")
                if not colon:
                    raise ValueError(
                        f"line {number}: expected 'key: value' or '---', got {shown(line)}"
                    )
                header[key.strip().lower()] = value.strip()
                continue
            try:
                actions.append(parse_action(line))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
        return cls._from_header(header, actions)

    @classmethod
    def _from_header(cls, header: dict[str, str], actions: list[Action]) -> GameRecord:
        for needed in ("players", "seed"):
            if needed not in header:
                raise ValueError(f"the record needs a '{needed}:' line")
        players = tuple(name.strip() for name in header.pop("players").split(","))
        seed = _read_json(header.pop("seed"), "seed")
        rules = Rules()
        if "rules" in header:
            data = _read_json(header.pop("rules"), "rules")
            if not isinstance(data, dict):
                raise ValueError("rules: must be a JSON object")
            rules = from_dict({"format": 1, "type": "Rules", **data})
        deal = None
        hands = sorted(key for key in header if key.startswith("hand "))
        if hands or "discard" in header or "stock" in header:
            deal = _read_deal(header, len(players))
        unknown = sorted(set(header) - {key for key in header if key.startswith("hand ")})
        unknown = [key for key in unknown if key not in ("discard", "stock")]
        if unknown:
            raise ValueError(f"unknown header line(s): {', '.join(unknown)}")
        return cls(
            players=players, seed=seed_from_data(seed), rules=rules, deal=deal, actions=actions
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data.

        >>> GameRecord(players=("A", "B", "C"), seed=1).to_dict()["actions"]
        []
        """
        return {
            "format": FORMAT,
            "type": "GameRecord",
            "players": list(self.players),
            "seed": seed_to_data(self.seed),
            "rules": to_dict(self.rules),
            "deal": None
            if self.deal is None
            else {
                "hands": [[str(c) for c in hand] for hand in self.deal.hands],
                "discard": str(self.deal.discard),
                "stock": [str(c) for c in self.deal.stock],
            },
            "actions": [to_dict(action) for action in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record written by :meth:`to_dict`; bad data raises :class:`ValueError`.

        >>> record = GameRecord(players=("A", "B", "C"), seed=1, actions=[Take()])
        >>> GameRecord.from_dict(record.to_dict()) == record
        True
        """
        if not isinstance(data, dict) or data.get("type") != "GameRecord":
            raise ValueError("a record must be an object with type 'GameRecord'")
        if data.get("format") not in READABLE_FORMATS:
            raise ValueError(f"format: unsupported format {shown(data.get('format'))}")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("players: must be a list of names")
        rules = from_dict(data.get("rules"))
        if not isinstance(rules, Rules):
            raise ValueError("rules: must be Rules")
        deal_data = data.get("deal")
        deal = None
        if deal_data is not None:
            if not isinstance(deal_data, dict):
                raise ValueError("deal: must be an object or null")
            hands = _list(deal_data.get("hands"), "deal.hands")
            header = {
                f"hand {k}": " ".join(_texts(hand, f"deal.hands[{k}]"))
                for k, hand in enumerate(hands)
            }
            discard = deal_data.get("discard")
            header["discard"] = discard if isinstance(discard, str) else ""
            header["stock"] = " ".join(_texts(deal_data.get("stock"), "deal.stock"))
            deal = _read_deal(header, len(players))
        actions = []
        for position, item in enumerate(_list(data.get("actions"), "actions")):
            try:
                action = from_dict(item)
            except ValueError as error:
                raise ValueError(f"actions[{position}]: {error}") from None
            if type(action) not in _ACTION_TYPES:
                raise ValueError(f"actions[{position}]: not an action")
            actions.append(action)
        return cls(
            players=players,
            seed=seed_from_data(data.get("seed")),
            rules=rules,
            deal=deal,
            actions=actions,
        )


# Every action class; and those any seat may take at any moment, while a round is over too.
_ACTION_TYPES = frozenset(kind.cls for kind in ACTION_KINDS)
_ANY_TIME = tuple(kind.cls for kind in ACTION_KINDS if kind.any_time)


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{path}: must be a list")
    return value


def _texts(value: Any, path: str) -> list[str]:
    items = _list(value, path)
    if not all(isinstance(item, str) for item in items):
        raise ValueError(f"{path}: must be a list of card texts")
    return items


def _read_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{what}: not valid JSON ({error.msg})") from None


def _read_deal(header: dict[str, str], players: int) -> Deal:
    hands = []
    for seat in range(players):
        key = f"hand {seat}"
        if key not in header:
            raise ValueError(f"the deal needs a '{key}:' line")
        try:
            hands.append(cards(header.pop(key)))
        except ValueError as error:
            raise ValueError(f"{key}: {error}") from None
    extra = [key for key in header if key.startswith("hand ")]
    if extra:
        raise ValueError(f"the deal has {shown(extra[0])} but only {players} players")
    try:
        discard = card(header.pop("discard", ""))
    except ValueError as error:
        raise ValueError(f"discard: {error}") from None
    try:
        stock = cards(header.pop("stock", ""))
    except ValueError as error:
        raise ValueError(f"stock: {error}") from None
    return Deal(hands=hands, discard=discard, stock=stock)


def replay(record: GameRecord) -> GameState:
    """Play a record's actions from its start; a finished round is followed by the next one.

    Raises :class:`hellsrummy.IllegalActionError` (naming the action's number) when an
    action is not legal where the record puts it.

    >>> record = GameRecord(players=("A", "B", "C"), seed=3, actions=[Pass()])
    >>> replay(record).phase
    <Phase.PLAY: 'play'>
    """
    if not isinstance(record, GameRecord):
        raise ValueError(f"record must be a GameRecord, got {shown(record)}")
    state = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
    for number, action in enumerate(record.actions):
        if state.phase is Phase.ROUND_OVER and not isinstance(action, _ANY_TIME):
            state = next_round(state)
        try:
            state = apply(state, action)
        except ValueError as error:
            raise type(error)(*_with_number(error, number, action)) from None
    return state


def _with_number(error: ValueError, number: int, action: Action) -> tuple[Any, ...]:
    message = f"action {number} ({action}): {error}"
    reason = getattr(error, "reason", None)
    return (reason, message) if reason is not None else (message,)
