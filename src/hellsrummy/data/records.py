"""Game records: write a game down, read it back, replay it exactly.

A :class:`GameRecord` is the rules, the players, the seed (or a fixed deal), the actions in
order and where each next round was dealt; :func:`replay` rebuilds the identical state. A
record also reads as plain text, so people can write puzzles and bug reports by hand: a header,
``---``, then one action per line in the notation of :mod:`hellsrummy.data.notation`
(``take``, ``meld 7H 7S 7D / 9C 9D 9H``, ``rummy 2 8H extend 0 KS``...), and a
``--- round N`` line where round ``N`` (counted from 1, as in every text) was dealt::

    # hellsrummy record 4
    players: Ann, Bob, Cat
    seed: 42
    ---
    take
    discard KS

>>> record = GameRecord(players=("Ann", "Bob", "Cat"), seed=42, actions=(Take(),))
>>> print(record.to_text())
# hellsrummy record 4
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

from hellsrummy.data.notation import format_action, parse_action
from hellsrummy.data.plain import (
    FORMAT,
    _action_document,
    _read_action_document,
    _read_rules_document,
    _rules_document,
    head,
    read_head,
    seed_from_data,
    seed_to_data,
)
from hellsrummy.data.readers import Reader
from hellsrummy.deck.cards import card, cards, format_cards
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game.actions import Action
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import Deal, GameState, Phase
from hellsrummy.play.engine import apply, new_game, next_round
from hellsrummy.play.kinds import ACTION_KINDS

__all__ = ["GameRecord", "format_action", "parse_action", "replay"]

_HEADER = f"# hellsrummy record {FORMAT}"


def _names(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ValueError("players must be a sequence of names, not one str")
    return tuple(value)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(value)


def _positions(value: Iterable[int] | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise ValueError(f"dealt must be a sequence of action counts, got {shown(value)}")
    positions = tuple(value)
    return positions or None


def _check_dealt(
    instance: GameRecord, attribute: attrs.Attribute[Any], value: tuple[int, ...] | None
) -> None:
    if value is None:
        return
    previous = -1
    for number, position in enumerate(value):
        if isinstance(position, bool) or not isinstance(position, int):
            raise ValueError(f"dealt[{number}] must be an int, got {shown(position)}")
        if not previous < position <= len(instance.actions):
            raise ValueError(
                f"dealt[{number}] must be from {previous + 1} to {len(instance.actions)}"
                f" (actions before round {number + 2} was dealt, rising), got {position}"
            )
        previous = position


@attrs.frozen
class GameRecord:
    """A game written down: rules, players, seed (or a fixed deal), actions and deals in order.

    ``dealt`` says where each round after the first was dealt: ``dealt[k]`` is the number of
    actions played before round ``k + 1`` (counted from 0; round ``k + 2`` in a text) was
    dealt, the value of ``len(actions)`` when :func:`hellsrummy.next_round` was called. With
    it, :func:`replay` deals exactly there, so a table action (play protection, leaving) made
    while a round was over and one made right after the next deal each replay where they were
    made. ``None`` (an empty list is the same) is a record that does not say, as formats 1 and
    2 wrote them: :func:`replay` then deals a finished round's next one before the first action
    that is not a table action.

    ``replay(record)`` rebuilds the game's state. ``to_text`` / ``from_text`` give the plain
    text form, ``to_dict`` / ``from_dict`` a JSON-ready one (also through
    :func:`hellsrummy.to_dict` / :func:`hellsrummy.from_dict`).

    >>> record = GameRecord.from_text('''
    ... players: Ann, Bob, Cat
    ... seed: "demo"
    ... ---
    ... pass
    ... ''')
    >>> record.seed, record.actions, record.dealt
    ('demo', (Pass(),), None)
    >>> GameRecord(players=("A", "B", "C"), seed=1, actions=[Take()], dealt=[2])
    Traceback (most recent call last):
    ...
    ValueError: dealt[0] must be from 0 to 1 (actions before round 2 was dealt, rising), got 2
    """

    players: tuple[str, ...] = attrs.field(converter=_names)
    seed: Seed
    rules: Rules = attrs.field(factory=Rules)
    deal: Deal | None = None
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    dealt: tuple[int, ...] | None = attrs.field(
        default=None, converter=_positions, validator=_check_dealt
    )

    @classmethod
    def of(
        cls,
        state: GameState,
        actions: Sequence[Action],
        deal: Deal | None = None,
        dealt: Sequence[int] | None = None,
    ) -> GameRecord:
        """The record of a game that started like ``state`` and went on with ``actions``.

        ``state`` is the game's first state (as :func:`hellsrummy.new_game` made it);
        ``dealt`` lists, for each next round dealt, how many of ``actions`` came before it.

        >>> start = new_game(4, seed=3, rules=Rules(max_turns=1, schedule=[6, 7]))
        >>> first = apply(start, Take())
        >>> over = apply(first, Discard(first.hands[1][-1]))
        >>> left = apply(next_round(over), Leave(0))  # seat 0 leaves right after the deal
        >>> actions = [Take(), Discard(first.hands[1][-1]), Leave(0)]
        >>> replay(GameRecord.of(start, actions, dealt=[2])) == left
        True
        """
        return cls(
            players=state.names,
            seed=state.seed,
            rules=state.rules,
            deal=deal,
            actions=actions,
            dealt=dealt,
        )

    def to_text(self) -> str:
        r"""The record as plain text: a small header, ``---``, then one action per line.

        A ``--- round N`` line stands where round ``N`` (counted from 1) was dealt.

        >>> print(GameRecord(players=("A", "B", "C"), seed=b"\x01", actions=[Pass()]).to_text())
        # hellsrummy record 4
        players: A, B, C
        seed: {"hex": "01"}
        ---
        pass
        """
        lines = [_HEADER, f"players: {', '.join(self.players)}"]
        lines.append(f"seed: {json.dumps(seed_to_data(self.seed))}")
        if self.rules != Rules():
            lines.append(f"rules: {json.dumps(_header_rules(self.rules))}")
        if self.deal is not None:
            for seat, hand in enumerate(self.deal.hands):
                lines.append(f"hand {seat}: {format_cards(hand)}")
            lines.append(f"discard: {self.deal.discard}")
            lines.append(f"stock: {format_cards(self.deal.stock)}")
        lines.append("---")
        dealt = self.dealt or ()
        for number in range(len(self.actions) + 1):
            lines.extend(f"--- round {k + 2}" for k, at in enumerate(dealt) if at == number)
            if number < len(self.actions):
                lines.append(format_action(self.actions[number]))
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        r"""Read a record written by :meth:`to_text` or by hand.

        Blank lines and lines starting with ``#`` are ignored. The header needs ``players``
        and ``seed``; ``rules`` (a JSON object, as :func:`hellsrummy.to_dict` writes it)
        and a fixed deal (``hand 0: ...`` for every seat, ``discard: ...``, ``stock: ...``) are
        optional. After ``---``, each line is an action or ``--- round N``, where round ``N``
        (from 2 up, in order) was dealt; a record without such lines deals each next round
        when it is due (see :class:`GameRecord`). Errors name the line.

        >>> GameRecord.from_text("players: A, B, C\nseed: 1\n---\ndance")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: line 4: unknown action (known: take, pass, ...) at word 1 ('dance') of 'dance'
        >>> GameRecord.from_text("players: A, B, C\nseed: 1\n---\ntake\n--- round 3")
        Traceback (most recent call last):
        ...
        ValueError: line 5: expected '--- round 2', got '--- round 3'
        """
        if not isinstance(text, str):
            raise ValueError(f"a record must be text, got {type(text).__name__}")
        header: dict[str, str] = {}
        actions: list[Action] = []
        dealt: list[int] = []
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
            if line.startswith("---"):
                expected = f"--- round {len(dealt) + 2}"
                if ["---", *line[3:].lower().split()] != expected.split():
                    raise ValueError(f"line {number}: expected {expected!r}, got {shown(line)}")
                dealt.append(len(actions))
                continue
            try:
                actions.append(parse_action(line))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
        return cls._from_header(header, actions, dealt)

    @classmethod
    def _from_header(
        cls, header: dict[str, str], actions: list[Action], dealt: list[int]
    ) -> GameRecord:
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
            rules = _read_rules_document(Reader({**head("rules"), **data}))
        deal = None
        hands = sorted(key for key in header if key.startswith("hand "))
        if hands or "discard" in header or "stock" in header:
            deal = _read_deal(header, len(players))
        unknown = sorted(set(header) - {key for key in header if key.startswith("hand ")})
        unknown = [key for key in unknown if key not in ("discard", "stock")]
        if unknown:
            raise ValueError(f"unknown header line(s): {', '.join(unknown)}")
        return cls(
            players=players,
            seed=seed_from_data(seed),
            rules=rules,
            deal=deal,
            actions=actions,
            dealt=dealt,
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data; ``dealt`` is ``null`` for a record that does not say.

        >>> data = GameRecord(players=("A", "B", "C"), seed=1).to_dict()
        >>> data["format"], data["type"], data["actions"], data["dealt"]
        (4, 'record', [], None)
        """
        return {
            **head("record"),
            "players": list(self.players),
            "seed": seed_to_data(self.seed),
            "rules": _rules_document(self.rules),
            "deal": None
            if self.deal is None
            else {
                "hands": [[str(c) for c in hand] for hand in self.deal.hands],
                "discard": str(self.deal.discard),
                "stock": [str(c) for c in self.deal.stock],
            },
            "actions": [_action_document(action) for action in self.actions],
            "dealt": None if self.dealt is None else list(self.dealt),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record written by :meth:`to_dict`, in any readable format.

        Its ``"type"`` is ``"record"`` since format 4, ``"GameRecord"`` before (the other
        format's name is refused). Bad data raises :class:`ValueError` naming the field.

        >>> record = GameRecord(players=("A", "B", "C"), seed=1, actions=[Take()])
        >>> GameRecord.from_dict(record.to_dict()) == record
        True
        >>> GameRecord.from_dict({**record.to_dict(), "dealt": [0, 0]})
        Traceback (most recent call last):
        ...
        ValueError: dealt[1] must be from 1 to 1 (actions before round 3 was dealt, rising), got 0
        >>> GameRecord.from_dict({**record.to_dict(), "type": "GameRecord"})
        Traceback (most recent call last):
        ...
        ValueError: type: format 4 names this kind 'record', not 'GameRecord'
        """
        if not isinstance(data, dict):
            raise ValueError(f"a record must be an object, got {type(data).__name__}")
        reader = Reader(data)
        version = read_head(reader, "record")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("players: must be a list of names")
        rules = _read_rules_document(reader.key("rules"))
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
        for position, item in enumerate(reader.key("actions").items()):
            try:
                action = _read_action_document(item)
            except ValueError as error:
                message = str(error).removeprefix(f"{item.path}.")
                raise ValueError(f"actions[{position}]: {message}") from None
            actions.append(action)
        dealt = None
        if version >= 3:
            dealt = reader.key("dealt").optional(lambda r: [item.integer(0) for item in r.items()])
        return cls(
            players=players,
            seed=seed_from_data(data.get("seed")),
            rules=rules,
            deal=deal,
            actions=actions,
            dealt=dealt,
        )


def _header_rules(rules: Rules) -> dict[str, Any]:
    """``rules`` as a record's text header writes them: their dict without format and type."""
    return {k: v for k, v in _rules_document(rules).items() if k not in ("format", "type")}


# The action classes any seat may take at any moment, while a round is over too.
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
    """Play a record's actions from its start, dealing each next round where the record says.

    A record that does not say where rounds were dealt (``dealt`` is ``None``: formats 1 and
    2) deals a finished round's next one before the first action that is not a table action.
    Raises :class:`hellsrummy.IllegalActionError` (naming the action's number) when an action
    is not legal where the record puts it, and :class:`ValueError` when the record deals a
    round before the one in play is over.

    >>> record = GameRecord(players=("A", "B", "C"), seed=3, actions=[Pass()])
    >>> replay(record).phase
    <Phase.PLAY: 'play'>
    >>> replay(GameRecord(players=("A", "B", "C"), seed=3, actions=[Pass()], dealt=[1]))
    Traceback (most recent call last):
    ...
    ValueError: dealt[0]: round 2 is dealt after action 0 (pass), but round 1 is in phase play
    """
    if not isinstance(record, GameRecord):
        raise ValueError(f"record must be a GameRecord, got {shown(record)}")
    state = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
    for number, action in enumerate(record.actions):
        if record.dealt is None:
            if state.phase is Phase.ROUND_OVER and not isinstance(action, _ANY_TIME):
                state = next_round(state)
        else:
            state = _deal_at(state, record, number)
        try:
            state = apply(state, action)
        except ValueError as error:
            raise type(error)(*_with_number(error, number, action)) from None
    return _deal_at(state, record, len(record.actions))


def _deal_at(state: GameState, record: GameRecord, number: int) -> GameState:
    """The state with the next round dealt if the record deals one before action ``number``."""
    for k, position in enumerate(record.dealt or ()):
        if position != number:
            continue
        if state.phase is not Phase.ROUND_OVER:
            where = f"after action {number - 1} ({record.actions[number - 1]})" if number else ""
            raise ValueError(
                f"dealt[{k}]: round {k + 2} is dealt {where or 'at the start'},"
                f" but round {state.round + 1} is in phase {state.phase.value}"
            )
        state = next_round(state)
    return state


def _with_number(error: ValueError, number: int, action: Action) -> tuple[Any, ...]:
    message = f"action {number} ({action}): {error}"
    reason = getattr(error, "reason", None)
    return (reason, message) if reason is not None else (message,)
