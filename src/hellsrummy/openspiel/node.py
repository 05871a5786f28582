"""One node of the OpenSpiel game tree, as an immutable value: the library's state and more.

An OpenSpiel state is a :class:`Node` (:mod:`hellsrummy.openspiel.state` wraps one): the
library's :class:`hellsrummy.GameState`, and what OpenSpiel's finer steps add to it.

* **Deals are chance nodes**, one card at a time: the cards of each seat in dealing order
  (from the seat after the dealer), then the turned-up discard. An outcome is a card's
  :attr:`hellsrummy.Card.index`, its probability the copies of that card not dealt yet over
  the cards not dealt yet. The stock is what is left, in no particular order.
* **Draws are chance nodes too, when they happen**: a pass is followed by two, the card that
  goes to the next seat with the discard and then the card the passer draws, each chosen
  among the cards of the stock at that moment (of a fresh deck when the stock is empty, as
  the rules refill it). Every order of the stock being equally likely, choosing the top card
  when it is drawn is the same as shuffling first, and what nobody has seen is never fixed
  before it is seen: a determinization only redeals hands (:func:`hellsrummy.resample`).
* **A move is chosen in steps**, the step ids of :mod:`hellsrummy.rl.encoding`: the node
  keeps the steps chosen so far (``prefix``), and :class:`hellsrummy.rl.MoveBuilder` says
  which steps may follow. The step that completes a move makes it.
* **Calls** (``DiscardPolicy.CLASSIC``): while a bad discard waits, each other seat that may
  call Rummy on it gets a call turn (its calls and ``decline``), in seat order after the
  deciding seat, as in :mod:`hellsrummy.rl.env`; then the deciding seat decides.

>>> from hellsrummy.openspiel.parameters import settings_of
>>> node = Node.initial(settings_of({"players": 3, "max_turns": 20}))
>>> node.player, len(node.outcomes()), node.outcomes()[0]
(-1, 52, (0, 0.019230769230769232))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from hellsrummy.deck.cards import BY_INDEX, Card, pack, sort_cards
from hellsrummy.deck.shuffle import Seed, shuffle
from hellsrummy.errors import shown
from hellsrummy.game.actions import CallRummy, Pass
from hellsrummy.game.events import RoundStarted
from hellsrummy.game.state import GameState, Phase
from hellsrummy.play.calls import next_call_turn
from hellsrummy.play.engine import apply
from hellsrummy.rl.builder import MoveBuilder
from hellsrummy.rl.encoding import Decline, Move
from hellsrummy.views.view import PlayerView, view

from .chance import deal, passed, round_pack
from .parameters import Settings

__all__ = ["CHANCE", "TERMINAL", "Node"]

#: OpenSpiel's player id of a chance node (``pyspiel.PlayerId.CHANCE``).
CHANCE = -1
#: OpenSpiel's player id of a terminal node (``pyspiel.PlayerId.TERMINAL``).
TERMINAL = -4


class _Cache:
    """The hidden slot of a :class:`Node`: what it works out once (never pickled or compared)."""

    __slots__ = ("_cache",)
    _cache: dict[object, Any]


@attrs.frozen(kw_only=True)
class Node(_Cache):
    """A node of the game tree (see the module documentation).

    Never changed: each step, chance outcome or determinization makes a new node, so copies
    can share it.

    ``game`` is the library's state (``None`` while round 1 is dealt; the finished round's
    state while the next one is dealt), ``dealt`` the cards of the deal under way (``None``
    when no deal is), ``drawn`` the cards drawn so far for a pass (``None`` when no pass is
    waiting for its cards), ``prefix`` the steps chosen of the move being built,
    ``declined`` the seats that declined to call on the discard offered, ``first`` the
    rounds already over when the game started, ``public`` the round's public events (and the
    declines) as text, ``last`` the last move made.

    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> node = Node.initial(settings_of({"players": 3}))
    >>> while node.player == CHANCE:
    ...     node = node.chance(node.outcomes()[-1][0])
    >>> node.player, node.game.phase, node.legal()
    (1, <Phase.DECIDE: 'decide'>, [0, 1])
    """

    settings: Settings
    game: GameState | None
    dealt: tuple[Card, ...] | None = None
    drawn: tuple[Card, ...] | None = None
    prefix: tuple[int, ...] = ()
    declined: frozenset[int] = frozenset()
    first: int = 0
    public: str = ""
    last: Move | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self  # immutable: OpenSpiel's clone() deep-copies the state's attributes

    def __copy__(self) -> Node:
        return self

    # -- making nodes ------------------------------------------------------------------

    @classmethod
    def initial(cls, settings: Settings) -> Node:
        """The root: round 1 about to be dealt.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> Node.initial(settings_of({})).dealt
        ()
        """
        return cls(settings=settings, game=None, dealt=())

    @classmethod
    def of(
        cls,
        settings: Settings,
        game: GameState,
        declined: Iterable[int] = (),
        *,
        bounded: bool = True,
    ) -> Node:
        """The node of one of the library's states, in a round, and seats that declined.

        ``declined`` (under ``DiscardPolicy.CLASSIC``) are the seats that declined to call
        on the discard offered, so that the call turn (or the decision) of a later seat
        comes next. Raises ``ValueError`` for a state these settings do not play (other
        rules, another table size, a seat that left, or no round under way) and, when
        ``bounded``, for a state from which a return could leave the game's bounds (discard
        errors this round, or a hand bigger than the game's own rounds can reach, see
        :attr:`Settings.hand_limit`).

        >>> from hellsrummy import new_game
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> settings = settings_of({"players": 3})
        >>> Node.of(settings, new_game(3, seed=1, rules=settings.rules)).player
        1
        >>> Node.of(settings, new_game(4, seed=1, rules=settings.rules))
        Traceback (most recent call last):
        ...
        ValueError: the state has 4 seats, the game 3
        """
        if not isinstance(game, GameState):
            raise ValueError(f"game must be a GameState, got {shown(game)}")
        if game.players != settings.players:
            raise ValueError(f"the state has {game.players} seats, the game {settings.players}")
        if game.rules != settings.rules:
            raise ValueError("the state's rules are not the game's (see parameters_of)")
        if any(game.left):
            raise ValueError("a seat of the state has left the game (leaving is no game move)")
        if game.phase not in (Phase.DECIDE, Phase.PLAY):
            raise ValueError(f"the state has no round under way (phase {game.phase.value})")
        seats = frozenset(declined)
        if not seats <= set(range(settings.players)):
            raise ValueError(f"declined must be seats 0 to {settings.players - 1}")
        if bounded:
            _check_bounds(settings, game)
        text = _round_text(game.log.public())  # the tried card of a discard error is no one's
        return cls(
            settings=settings, game=game, declined=seats, first=len(game.results), public=text
        )

    # -- what the node is -------------------------------------------------------------

    @property
    def terminal(self) -> bool:
        """Whether the game is over.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> Node.initial(settings_of({})).terminal
        False
        """
        return self.game is not None and self.game.phase is Phase.GAME_OVER

    @property
    def player(self) -> int:
        """Whose node this is: a seat, :data:`CHANCE` or :data:`TERMINAL`.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> Node.initial(settings_of({})).player
        -1
        """
        if self.dealt is not None or self.drawn is not None:
            return CHANCE
        if self.terminal:
            return TERMINAL
        return self._turn()[0]

    @property
    def call_turn(self) -> bool:
        """Whether the seat to act is answering a call turn (its calls or ``decline``).

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> Node.initial(settings_of({})).call_turn
        False
        """
        return self.player >= 0 and self._turn()[1] is not None

    def _cached(self) -> dict[object, Any]:
        try:
            found = self._cache
        except AttributeError:
            found = {}
            object.__setattr__(self, "_cache", found)
        return found

    def _turn(self) -> tuple[int, tuple[CallRummy, ...] | None]:
        """The seat to act and, on a call turn, its calls (a node in a round)."""
        cache = self._cached()
        found: tuple[int, tuple[CallRummy, ...] | None] | None = cache.get("turn")
        if found is None:
            game = self._game()
            due = next_call_turn(game, self.declined)
            calls = None if due is None else tuple(due[1])
            found = cache["turn"] = (game.current if due is None else due[0], calls)
        return found

    def _game(self) -> GameState:
        game = self.game
        if game is None:
            raise ValueError("round 1 is being dealt: there is no game state yet")
        return game

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees of the library's state (kept once made).

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> from hellsrummy import new_game
        >>> settings = settings_of({"players": 3})
        >>> Node.of(settings, new_game(3, seed=1, rules=settings.rules)).view(2).seat
        2
        """
        cache = self._cached()
        key = ("view", seat)
        found: PlayerView | None = cache.get(key)
        if found is None:
            found = cache[key] = view(self._game(), seat)
        return found

    def builder(self) -> MoveBuilder:
        """The moves of the seat to act after the steps chosen (not to be stepped: branch it).

        >>> from hellsrummy import new_game
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> settings = settings_of({"players": 3})
        >>> list(Node.of(settings, new_game(3, seed=1, rules=settings.rules)).builder().moves())
        [Take(), Pass()]
        """
        cache = self._cached()
        found: MoveBuilder | None = cache.get("builder")
        if found is None:
            seat, calls = self._turn()
            if calls is not None:
                found = MoveBuilder([*calls, Decline()])
            else:
                found = MoveBuilder.of(self.view(seat))
            for step in self.prefix:
                found = found.branch(step)[0]
            cache["builder"] = found
        return found

    def legal(self) -> list[int]:
        """The legal actions: the steps allowed, or the chance outcomes, in increasing order.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> len(Node.initial(settings_of({})).legal())
        52
        """
        if self.player == CHANCE:
            return [outcome for outcome, _ in self.outcomes()]
        if self.terminal:
            return []
        return self.builder().allowed()

    # -- chance --------------------------------------------------------------------------

    def _pool(self) -> Counter[Card]:
        """The cards the chance node chooses among, with their copies."""
        if self.dealt is not None:
            left = Counter(round_pack(self.settings, self.game))
            left.subtract(self.dealt)
            return +left
        game, drawn = self._game(), self.drawn or ()
        stock = game.stock
        if len(stock) > len(drawn):
            pool = Counter(stock)
            pool.subtract(drawn)
            return +pool
        pool = Counter(pack(game.suits, 1))  # the stock is empty: a fresh deck refills it
        if len(drawn) > len(stock):
            pool.subtract(drawn[len(stock) :])
        return +pool

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes (card indices, increasing) and their probabilities.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> import math
        >>> math.fsum(p for _, p in Node.initial(settings_of({"players": 5})).outcomes())
        1.0
        """
        cache = self._cached()
        found: list[tuple[int, float]] | None = cache.get("outcomes")
        if found is None:
            if self.player != CHANCE:
                raise ValueError("not a chance node")
            pool = self._pool()
            total = sum(pool.values())
            found = sorted((c.index, count / total) for c, count in pool.items())
            cache["outcomes"] = found
        return found

    def chance(self, outcome: int) -> Node:
        """The node after a chance outcome (a card's index).

        >>> from hellsrummy import card
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> Node.initial(settings_of({})).chance(card("7H").index).dealt
        (card('7H'),)
        """
        if outcome not in dict(self.outcomes()):
            raise ValueError(f"{shown(outcome)} is not a chance outcome here")
        drawn = BY_INDEX[outcome]
        if self.dealt is not None:
            dealt = (*self.dealt, drawn)
            if len(dealt) < self.settings.players * self.settings.rules.hand_size + 1:
                return attrs.evolve(self, dealt=dealt)
            game = deal(self.settings, self.game, dealt)
            return attrs.evolve(
                self, game=game, dealt=None, declined=frozenset(), public=str(game.log.last)
            )
        assert self.drawn is not None
        pair = (*self.drawn, drawn)
        if len(pair) < 2:
            return attrs.evolve(self, drawn=pair)
        game = self._game()
        return self._after(game, passed(game, pair), drawn=None)

    # -- decisions -----------------------------------------------------------------------

    def step(self, step: int) -> Node:
        """The node after the seat to act chooses ``step`` (``ValueError`` if not allowed).

        >>> from hellsrummy import new_game
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> settings = settings_of({"players": 3})
        >>> node = Node.of(settings, new_game(3, seed=1, rules=settings.rules)).step(0)
        >>> node.last, node.game.phase
        (Take(), <Phase.PLAY: 'play'>)
        """
        if self.player < 0:
            raise ValueError("no seat acts at a chance or terminal node")
        after, move = self.builder().branch(step)
        if move is None:
            node = attrs.evolve(self, prefix=(*self.prefix, step))
            node._cached()["builder"] = after
            return node
        seat = self.player
        if isinstance(move, Decline):
            return attrs.evolve(
                self,
                prefix=(),
                declined=self.declined | {seat},
                public=f"{self.public}\nseat {seat} did not call",
                last=move,
            )
        game = self._game()
        if isinstance(move, Pass):
            return attrs.evolve(self, prefix=(), drawn=(), last=move)
        return attrs.evolve(self._after(game, apply(game, move), drawn=None), last=move)

    def made_by(self, step: int) -> Move | None:
        """The move ``step`` would complete, if it is allowed and completes one.

        >>> from hellsrummy import new_game
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> settings = settings_of({"players": 3})
        >>> Node.of(settings, new_game(3, seed=1, rules=settings.rules)).made_by(1)
        Pass()
        """
        builder = self.builder()
        if self.player < 0 or step not in builder.allowed():
            return None
        return builder.branch(step)[1]

    def _after(self, before: GameState, game: GameState, drawn: tuple[Card, ...] | None) -> Node:
        """The node once a move made ``game`` from ``before``: a new deal, or the next turn."""
        text = self.public
        for event in game.log.public().since(before.log):
            text = str(event) if isinstance(event, RoundStarted) else f"{text}\n{event}"
        node = attrs.evolve(
            self, game=game, drawn=drawn, prefix=(), declined=frozenset(), public=text
        )
        if game.phase is Phase.ROUND_OVER:
            return attrs.evolve(node, dealt=())
        return node

    def resampled(self, seat: int, game: GameState) -> Node:
        """A copy of the node with the library's state replaced by a determinization for ``seat``.

        ``game`` holds what ``seat`` sees and other cards elsewhere (from
        :func:`hellsrummy.resample`). A pass waiting for its cards draws them again (nobody
        has seen them). The moves of the seat to act are kept when it is ``seat``.

        >>> from hellsrummy import new_game, resample
        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> settings = settings_of({"players": 3})
        >>> node = Node.of(settings, new_game(3, seed=1, rules=settings.rules))
        >>> other = node.resampled(1, resample(node.view(1), 5))
        >>> other.view(1) == node.view(1), other.game.hands[0] == node.game.hands[0]
        (True, False)
        """
        node = attrs.evolve(self, game=game, drawn=None if self.drawn is None else ())
        if self.player == seat:
            cache = self._cached()
            for key in ("turn", "builder"):
                if key in cache:
                    node._cached()[key] = cache[key]
        return node

    def redealt(self, seat: int, seed: Seed) -> Node:
        """A copy of the dealing node with the other seats' cards dealt again at random.

        What ``seat`` was dealt stays where it is; the others' cards are drawn again from the
        cards ``seat`` has not seen, reproducibly from ``seed``.

        >>> from hellsrummy.openspiel.parameters import settings_of
        >>> node = Node.initial(settings_of({"players": 3}))
        >>> for _ in range(12):
        ...     node = node.chance(node.outcomes()[0][0])
        >>> other = node.redealt(1, 7)
        >>> other.dealt[:9] == node.dealt[:9], other.dealt[9:] != node.dealt[9:]
        (True, True)
        """
        dealt = self.dealt
        if dealt is None:
            raise ValueError("no deal is under way")
        players, size = self.settings.players, self.settings.rules.hand_size
        dealer = 0 if self.game is None else (self.game.dealer + 1) % players
        first = (dealer + 1) % players
        mine = [(first + place // size) % players == seat for place in range(len(dealt))]
        unseen = Counter(round_pack(self.settings, self.game))
        unseen.subtract(c for c, own in zip(dealt, mine, strict=True) if own)
        fresh = iter(shuffle(sort_cards(unseen.elements()), seed, "redeal"))
        again = tuple(c if own else next(fresh) for c, own in zip(dealt, mine, strict=True))
        return attrs.evolve(self, dealt=again)


def _check_bounds(settings: Settings, game: GameState) -> None:
    """Raise unless the returns from ``game`` stay within the bounds of ``settings``."""
    if any(game.penalties):
        raise ValueError("the state's round has discard-error points (the game makes none)")
    # A hand grows only by the passes of the seat before it: two cards for each turn that
    # seat has left in the round (turn k is seat current + k - turns's).
    players, cap = settings.players, settings.turn_cap
    start = game.turns + (1 if game.phase is Phase.PLAY else 0)  # the turns not yet begun
    for seat, hand in enumerate(game.hands):
        first = game.turns + (seat - 1 - game.current) % players
        if first < start:
            first += players
        passes = max(0, -(-(cap - first) // players))
        room = settings.hand_limit - 2 * passes
        if len(hand) > room:
            raise ValueError(
                f"seat {seat} holds {len(hand)} cards, more than the game's bounds allow with"
                f" {passes} turns left to the seat before it ({room})"
            )


def _round_text(log: Iterable[object]) -> str:
    """The public events of the round under way, one a line."""
    lines: list[str] = []
    for event in log:
        if isinstance(event, RoundStarted):
            lines = []
        lines.append(str(event))
    return "\n".join(lines)
