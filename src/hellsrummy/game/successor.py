"""Successor states: the state after a turn, built fast, and one seat's entry replaced.

Every turn builds a new :class:`hellsrummy.GameState`. :func:`successor` builds it as the attrs
constructor would, slot by slot, but faster, and hands the table's derived facts on while the
melds stay the same; :func:`replace` is how every rule changes one seat's entry of a per-seat
tuple (hands, met flags, penalties, seats that left...). No rule is decided here: the rules
that make each next state are in :mod:`hellsrummy.play` (whose turn comes next in
:mod:`hellsrummy.play.seats`, drawing from the stock in :mod:`hellsrummy.play.stock`).

>>> state = new_game(3, seed=1)
>>> replace(state.met, 2, True)
(False, False, True)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import attrs
from attrs import AttrsInstance

from hellsrummy.deck.cards import Card
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.state import (
    DerivedPosition,
    GameState,
    Phase,
    RoundResult,
    TableMeld,
    draft_class,
)

__all__ = ["assembled", "replace", "successor"]

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
    *,
    current: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    discard: Card | None,
    log: EventLog,
    taken: Card | None = None,
    discarder: int | None = None,
    melds: tuple[TableMeld, ...] | None = None,
    stock: tuple[Card, ...] | None = None,
    refills: int | None = None,
    met: tuple[bool, ...] | None = None,
    turns: int | None = None,
    results: tuple[RoundResult, ...] | None = None,
    scores: tuple[int, ...] | None = None,
) -> GameState:
    """The next state of a turn: one state built, the table's facts handed on.

    Every argument is a field of the next state, by keyword. A turn always says who acts next
    (``current``), in which ``phase``, with which ``hands``, ``discard`` and ``log``.
    ``taken`` (the card taken this turn) and ``discarder`` (the seat that discarded
    ``discard``) belong to the turn that follows: ``None`` unless given. The others (``melds``,
    ``stock``, ``refills``, ``met``, ``turns``, ``results``, ``scores``) stay as they are in
    ``state`` unless given, as do the fields a turn never changes (rules, seed, names,
    round...). While the melds stay the same, the next state keeps the table's facts (see
    :func:`hellsrummy.game.position.table`).

    >>> import attrs
    >>> state = new_game(3, seed=1)
    >>> after = successor(state, current=2, phase=state.phase, hands=state.hands,
    ...                   discard=state.discard, log=state.log, refills=0)
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
    same_melds = melds is None or melds is state.melds
    draft.melds = state.melds if melds is None else melds
    draft.discard = discard
    draft.stock = state.stock if stock is None else stock
    draft.suits = state.suits
    draft.decks = state.decks
    draft.refills = state.refills if refills is None else refills
    draft.met = state.met if met is None else met
    draft.penalties = state.penalties
    draft.errors = state.errors
    draft.results = state.results if results is None else results
    draft.scores = state.scores if scores is None else scores
    draft.protection = state.protection
    draft.left = state.left
    draft.turns = state.turns if turns is None else turns
    draft.taken = taken
    draft.log = log
    draft.discarder = discarder
    draft.deal = state.deal
    draft._attrs_cached_hash = None
    draft._position = None
    draft._table = getattr(state, "_table", None) if same_melds else None
    draft.__class__ = _GAME_STATE
    after: GameState = draft
    return after
