"""Successor states: the state after a turn, built fast, one seat's entry replaced, the next seat.

Every turn builds a new :class:`hellsrummy.GameState`. :func:`successor` builds it as the attrs
constructor would, slot by slot, but faster, and hands the table's derived facts on while the
melds stay the same; :func:`replace` is how every rule changes one seat's entry of a per-seat
tuple (hands, met flags, penalties, seats that left...). Two rules that turns ask on their way
to the next state live here too, in a compiled module: :func:`next_seat` (whose turn comes
next) and :func:`draw` (the stock's top card, refilling an empty stock);
:mod:`hellsrummy.play.dealing` deals with them too.

>>> state = new_game(3, seed=1)
>>> replace(state.met, 2, True)
(False, False, True)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import attrs
from attrs import AttrsInstance

from hellsrummy.deck.cards import Card, pack
from hellsrummy.deck.shuffle import shuffle
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import Refilled
from hellsrummy.game.state import (
    DerivedPosition,
    GameState,
    Phase,
    RoundResult,
    TableMeld,
    draft_class,
)

__all__ = ["assembled", "draw", "next_seat", "replace", "successor"]

_T = TypeVar("_T")
_new: Final = object.__new__


def replace(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """A copy of ``values`` with the item at ``index`` replaced.

    >>> replace((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def assembled(cls: type[AttrsInstance]) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    """The slots of a frozen attrs position class, in order, and each slot's setter.

    Its fields, then the hash attrs caches and the hidden ``DerivedPosition`` slots: what
    :func:`hellsrummy.view` sets to build an instance slot by slot, through each slot's
    descriptor, instead of calling the attrs constructor (:func:`successor` sets the same slots
    by name).

    >>> names, setters = assembled(GameState)
    >>> names[0], names[-3:], len(setters) == len(names)
    ('rules', ('_attrs_cached_hash', '_position', '_table'), True)
    """
    names = (
        *(field.name for field in attrs.fields(cls)),
        "_attrs_cached_hash",
        *DerivedPosition.__slots__,
    )
    return names, tuple(getattr(cls, name).__set__ for name in names)


# ``successor`` builds the state after a turn as the attrs constructor would, slot by slot, but
# faster: every turn builds one. ``GameState`` is frozen, so its ``__setattr__`` refuses; each
# slot's descriptor ``__set__`` would set it, but as a call through a method wrapper (28 of them
# a state). Instead the state is begun as a ``_Draft`` (see ``game.state.draft_class``), its
# slots are set as plain attributes, and then it becomes the ``GameState`` it is. The hidden
# slots are set too, so that asking for them finds ``None`` instead of raising inside
# ``getattr``. ``tests/game/test_position.py`` holds the states it builds to the constructor's.
# The slots ``successor`` sets, in order (``tests/game/test_position.py`` holds them to the
# class's).
_SLOTS: Final = assembled(GameState)[0]
_Draft: Final = draft_class(GameState)
_GAME_STATE: Final = GameState  # (compiled: read as a constant, not looked up by name)


def successor(
    state: GameState,
    current: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    discard: Card | None,
    stock: tuple[Card, ...],
    refills: int,
    met: tuple[bool, ...],
    turns: int,
    taken: Card | None,
    log: EventLog,
    discarder: int | None = None,
    results: tuple[RoundResult, ...] | None = None,
    scores: tuple[int, ...] | None = None,
) -> GameState:
    """The next state of a turn: one state built, the table's facts handed on.

    The fields a turn does not change (rules, seed, names, round, scores...) are copied,
    but for ``results`` and ``scores`` when they are given (by the end of a round).
    ``discarder`` is the seat that discarded ``discard`` (``None`` when there is no discard
    or it was turned up from the stock). While the melds stay the same, the next state keeps
    the table's facts (see :func:`hellsrummy.game.position.table`).

    >>> import attrs
    >>> state = new_game(3, seed=1)
    >>> after = successor(state, 2, state.phase, state.hands, state.melds, state.discard,
    ...                   state.stock, 0, state.met, 0, None, state.log)
    >>> after.current, after == state, after == attrs.evolve(state, current=2, refills=0)
    (2, False, True)
    """
    draft: Any = _new(_Draft)
    draft.rules = state.rules
    draft.seed = state.seed
    draft.names = state.names
    draft.round = state.round
    draft.dealer = state.dealer
    draft.current = current
    draft.phase = phase
    draft.hands = hands
    draft.melds = melds
    draft.discard = discard
    draft.stock = stock
    draft.suits = state.suits
    draft.decks = state.decks
    draft.refills = refills
    draft.met = met
    draft.penalties = state.penalties
    draft.errors = state.errors
    draft.results = state.results if results is None else results
    draft.scores = state.scores if scores is None else scores
    draft.protection = state.protection
    draft.left = state.left
    draft.turns = turns
    draft.taken = taken
    draft.log = log
    draft.discarder = discarder
    draft._attrs_cached_hash = None
    draft._position = None
    draft._table = getattr(state, "_table", None) if melds is state.melds else None
    draft.__class__ = _GAME_STATE
    after: GameState = draft
    return after


def next_seat(left: tuple[bool, ...], seat: int) -> int:
    """The next seat after ``seat`` that is still in the game (``left`` marks those gone).

    >>> next_seat((False, False, False), 2), next_seat((False, True, True), 0)
    (0, 0)
    """
    count = len(left)
    candidate = seat
    for _ in range(count):  # each seat once at most, round the table
        candidate = candidate + 1 if candidate + 1 < count else 0
        if not left[candidate]:
            return candidate
    return seat


def draw(
    state: GameState, stock: tuple[Card, ...], refills: int, log: EventLog
) -> tuple[Card, tuple[Card, ...], int, EventLog]:
    """Draw the top card of ``stock``, refilling it with a fresh deck when it is empty.

    Returns the card, the stock left, the number of refills so far and the log (with a
    :class:`hellsrummy.Refilled` event when a deck was added).

    >>> state = new_game(3, seed=1)
    >>> drawn, stock, refills, log = draw(state, (), 0, state.log)
    >>> len(stock), refills, str(log.last)
    (51, 1, 'the stock was refilled with a fresh deck of 52 cards')
    """
    if not stock:
        refills += 1
        stock = shuffle(pack(state.suits, 1), state.seed, f"round {state.round} deck {refills}")
        log = log.append(Refilled(len(stock)))
    return stock[0], stock[1:], refills, log
