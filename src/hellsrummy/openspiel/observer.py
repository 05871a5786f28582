"""What a seat observes of a node: OpenSpiel's observation and information-state strings.

The strings and tensors are made from the seat's :class:`hellsrummy.PlayerView` alone.

* The **tensor** is the observation of the reinforcement-learning environment,
  :func:`hellsrummy.rl.encode` of the seat's view and the steps it has chosen (its segments,
  :data:`hellsrummy.rl.LAYOUT`, are the observer's named pieces); the information-state
  tensor is the same vector (it holds the cards the public events show each seat holds, but
  not the whole history).
* The **observation string** (:func:`observation_text`) says the same in words: the round,
  whose turn, each seat's cards in hand, met flag and score, the melds, the discard and the
  stock; the seat's own hand and the steps it has chosen of its move.
* The **information-state string** adds the round's public events, one a line (each deal
  starts a new history: the rounds before show in the scores), and the seats that declined
  to call. So two histories share a string when the seat's view and the round's public
  events are the same: the string forgets when each hidden card came to the hand.

An observer asked for public information only (``private_info=NONE``) leaves out the seat's
hand and steps; one asked for every seat's private information (``ALL_PLAYERS``) adds every
hand (a ``hands`` piece of ``SEATS`` rows of card counts, the seat's own row first).

>>> from hellsrummy import new_game
>>> from hellsrummy.openspiel.node import Node
>>> from hellsrummy.openspiel.parameters import settings_of
>>> settings = settings_of({"players": 3})
>>> node = Node.of(settings, new_game(3, seed=1, rules=settings.rules))
>>> print(observation_text(node, 1).splitlines()[1])
seat 1 to take or pass the discard
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from hellsrummy.deck.cards import Card, format_cards, sort_cards
from hellsrummy.errors import shown
from hellsrummy.game.state import Phase
from hellsrummy.rl.encoding import CARDS, step_name
from hellsrummy.rl.observation import LAYOUT, SEATS, Turn, encode

from .node import Node

__all__ = ["PRIVATE", "HellsRummyObserver", "observation_text"]

#: The segments of :data:`hellsrummy.rl.LAYOUT` that are the seat's own: its hand and steps.
PRIVATE = ("hand", "building", "built", "target", "played", "move")


def _dealt_hands(node: Node) -> list[list[Card]]:
    """The cards each seat has been dealt so far in the deal under way."""
    settings = node.settings
    players, size = settings.players, settings.rules.hand_size
    before = node.game
    dealer = 0 if before is None else (before.dealer + 1) % players
    first = (dealer + 1) % players
    held: list[list[Card]] = [[] for _ in range(players)]
    for place, dealt_card in enumerate((node.dealt or ())[: players * size]):
        held[(first + place // size) % players].append(dealt_card)
    return held


def _dealing_text(node: Node, seat: int, private: bool, everyone: bool) -> list[str]:
    settings = node.settings
    players, size = settings.players, settings.rules.hand_size
    before = node.game
    number = 0 if before is None else before.round + 1
    schedule = settings.rules.schedule
    dealt = node.dealt or ()
    lines = [
        f"seat {seat} | round {number + 1} of {len(schedule)}, difficulty {schedule[number]}",
        f"dealing: {len(dealt)} of {players * size + 1} cards dealt",
    ]
    if before is not None:
        lines.append("scores " + " ".join(map(str, before.scores)))
    held = _dealt_hands(node)
    if private and not everyone:
        lines.append(f"hand {format_cards(sort_cards(held[seat]))}".rstrip())
    if everyone:
        lines += [
            f"hand of seat {other}: {format_cards(sort_cards(held[other]))}".rstrip()
            for other in range(players)
        ]
    return lines


def observation_text(
    node: Node,
    seat: int,
    *,
    public: bool = True,
    private: bool = True,
    everyone: bool = False,
    history: bool = False,
) -> str:
    """What ``seat`` observes at ``node``, in words (see the module documentation).

    ``public`` and ``private`` choose the public facts and the seat's own hand and steps;
    ``everyone`` shows every hand; ``history`` adds the round's public events (the
    information-state string).

    >>> from hellsrummy import new_game
    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> settings = settings_of({"players": 3})
    >>> node = Node.of(settings, new_game(3, seed=1, rules=settings.rules))
    >>> print(observation_text(node, 0, private=False, history=True))  # doctest: +ELLIPSIS
    seat 0 | round 1 of 5, difficulty 6 (Two Sets of 3) | turn 0
    seat 1 to take or pass the discard
    seat 0: 9 cards, 0 points | seat 1: 9 cards, 0 points | seat 2: 9 cards, 0 points
    no melds
    discard 4H | stock 76 | refills 0
    round 1 (difficulty 6) dealt by seat 0; discard 4H
    """
    if node.dealt is not None:
        dealing = _dealing_text(node, seat, private, everyone)
        return "\n".join(dealing if public else dealing[-1:] if private else [])
    game = node.game
    assert game is not None
    seen = node.view(seat)
    lines: list[str] = []
    if public:
        lines += [
            f"seat {seat} | round {game.round + 1} of {len(game.rules.schedule)}, difficulty"
            f" {game.difficulty} ({game.contract}) | turn {game.turns}",
            _whose(node),
            " | ".join(
                f"seat {other}: {size} cards{', met' if met else ''}, {score} points"
                for other, (size, met, score) in enumerate(
                    zip(seen.hand_sizes, seen.met, seen.scores, strict=True)
                )
            ),
            " ".join(
                f"[{number}] {meld} (seat {meld.owner})" for number, meld in enumerate(seen.melds)
            )
            or "no melds",
            f"discard {seen.discard or 'none'} | stock {seen.stock_size} | refills {seen.refills}",
        ]
    if private and not everyone:
        lines.append(f"hand {format_cards(seen.hand)}".rstrip())
    if everyone:
        lines += [
            f"hand of seat {other}: {format_cards(hand)}".rstrip()
            for other, hand in enumerate(game.hands)
        ]
    if private and node.player == seat and node.prefix:
        lines.append("steps " + ", ".join(step_name(s) for s in node.prefix))
    if history and public:
        lines.append(node.public)
    return "\n".join(lines)


def _whose(node: Node) -> str:
    """Who acts, in words."""
    game = node.game
    assert game is not None
    if node.terminal:
        return "the game is over"
    if node.drawn is not None:
        return f"seat {game.current} passed the discard; the stock gives its cards"
    seat = node.player
    declined = ""
    if node.declined:
        declined = f" (declined: {' '.join(map(str, sorted(node.declined)))})"
    if node.call_turn:
        return f"seat {seat} may call Rummy on the discard{declined}"
    if game.phase is Phase.DECIDE:
        return f"seat {seat} to take or pass the discard{declined}"
    return f"seat {seat} to play and discard"


class HellsRummyObserver:
    """OpenSpiel's observer of the game, as its ``make_py_observer`` gives it.

    It has OpenSpiel's ``tensor``, ``dict``, ``set_from(state, player)`` and
    ``string_from(state, player)``.

    ``iig_obs_type`` is a ``pyspiel.IIGObservationType`` (or anything with its
    ``perfect_recall``, ``public_info`` and ``private_info`` attributes; ``None``: the
    default observation); ``params`` must be empty.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
    >>> observer = game.make_py_observer()
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> observer.set_from(state, 1)
    >>> int(observer.dict["hand"].sum()), observer.tensor.shape == (game.observation_tensor_size(),)
    (9, True)
    """

    def __init__(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, got {shown(dict(params))}")
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.public = bool(getattr(iig_obs_type, "public_info", True))
        kind = str(getattr(iig_obs_type, "private_info", "SINGLE_PLAYER"))
        self.private = not kind.endswith("NONE")
        self.everyone = kind.endswith("ALL_PLAYERS")
        pieces = [
            part
            for part in LAYOUT
            if (part.name in PRIVATE and self.private) or (part.name not in PRIVATE and self.public)
        ]
        size = sum(part.size for part in pieces) + (SEATS * CARDS if self.everyone else 0)
        #: The observation as one flat vector.
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        #: The named pieces of ``tensor`` (views of it): the segments of ``LAYOUT`` kept.
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        self._pieces = pieces
        start = 0
        for part in pieces:
            self.dict[part.name] = self.tensor[start : start + part.size]
            start += part.size
        if self.everyone:
            self.dict["hands"] = self.tensor[start:].reshape(SEATS, CARDS)

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with what ``player`` observes of ``state`` (a HellsRummyState).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
        >>> observer = game.make_py_observer()
        >>> observer.set_from(game.new_initial_state(), 0)
        >>> float(observer.tensor.sum())   # nothing dealt yet
        0.0
        """
        node: Node = state.node
        self.tensor.fill(0)
        if node.dealt is not None:
            hand = self.dict.get("hand")
            held = _dealt_hands(node)
            if hand is not None:
                for dealt_card in held[player]:
                    hand[dealt_card.index] += 1
            if self.everyone:
                for row in range(len(held)):
                    for dealt_card in held[(player + row) % len(held)]:
                        self.dict["hands"][row, dealt_card.index] += 1
            return
        seen = node.view(player)
        acting = node.player == player
        turn = Turn.WAIT
        if acting:
            turn = Turn.CALL if node.call_turn else Turn.DECIDE
            if not node.call_turn and seen.phase is Phase.PLAY:
                turn = Turn.PLAY
        full = encode(seen, node.prefix if acting else (), turn)
        for part in self._pieces:
            self.dict[part.name][:] = full[part.start : part.stop]
        if self.everyone:
            game = node.game
            assert game is not None
            rows = self.dict["hands"]
            for row in range(game.players):
                for in_hand in game.hands[(player + row) % game.players]:
                    rows[row, in_hand.index] += 1

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` observes of ``state``, in words (see :func:`observation_text`).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
        >>> print(game.make_py_observer().string_from(game.new_initial_state(), 2))
        seat 2 | round 1 of 5, difficulty 6
        dealing: 0 of 28 cards dealt
        hand
        """
        node: Node = state.node
        return observation_text(
            node,
            player,
            public=self.public,
            private=self.private,
            everyone=self.everyone,
            history=self.perfect_recall,
        )
