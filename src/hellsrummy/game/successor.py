"""Successor states: the state after a turn, built fast, and one seat's entry replaced.

Every turn builds a new :class:`hellsrummy.GameState`. :func:`successor` builds it as the attrs
constructor would, slot by slot, but faster, and hands the table's derived facts on while the
melds stay the same; :func:`replace` is how every rule changes one seat's entry of a per-seat
tuple (hands, met flags, penalties, seats that left...).

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
from hellsrummy.game.state import DerivedPosition, GameState, Phase, TableMeld

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
    :func:`successor` (and :func:`hellsrummy.view`) set to build an instance slot by slot,
    through each slot's descriptor, instead of calling the attrs constructor.

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


# ``successor`` builds the state after a turn as the attrs constructor would, slot by slot,
# but through each slot's descriptor: a third faster than ``GameState(...)`` (whose
# ``__init__`` looks every name up through ``object.__setattr__``), and every turn builds one.
# The hidden slots are set too, so that asking for them finds ``None`` instead of raising
# inside ``getattr``. ``tests/game/test_position.py`` holds the states it builds to the
# constructor's.
_SLOTS, _SETTERS = assembled(GameState)
# Final: the compiled build keeps each setter in a C static, not in the module dict.
_set_rules: Final = _SETTERS[0]
_set_seed: Final = _SETTERS[1]
_set_names: Final = _SETTERS[2]
_set_round: Final = _SETTERS[3]
_set_dealer: Final = _SETTERS[4]
_set_current: Final = _SETTERS[5]
_set_phase: Final = _SETTERS[6]
_set_hands: Final = _SETTERS[7]
_set_melds: Final = _SETTERS[8]
_set_discard: Final = _SETTERS[9]
_set_stock: Final = _SETTERS[10]
_set_suits: Final = _SETTERS[11]
_set_decks: Final = _SETTERS[12]
_set_refills: Final = _SETTERS[13]
_set_met: Final = _SETTERS[14]
_set_penalties: Final = _SETTERS[15]
_set_errors: Final = _SETTERS[16]
_set_results: Final = _SETTERS[17]
_set_scores: Final = _SETTERS[18]
_set_protection: Final = _SETTERS[19]
_set_left: Final = _SETTERS[20]
_set_turns: Final = _SETTERS[21]
_set_taken: Final = _SETTERS[22]
_set_log: Final = _SETTERS[23]
_set_discarder: Final = _SETTERS[24]
_set_attrs_cached_hash: Final = _SETTERS[25]
_set_position: Final = _SETTERS[26]
_set_table: Final = _SETTERS[27]


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
) -> GameState:
    """The next state of a turn: one state built, the table's facts handed on.

    The fields a turn does not change (rules, seed, names, round, scores...) are copied.
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
    after: GameState = _new(GameState)
    _set_rules(after, state.rules)
    _set_seed(after, state.seed)
    _set_names(after, state.names)
    _set_round(after, state.round)
    _set_dealer(after, state.dealer)
    _set_current(after, current)
    _set_phase(after, phase)
    _set_hands(after, hands)
    _set_melds(after, melds)
    _set_discard(after, discard)
    _set_stock(after, stock)
    _set_suits(after, state.suits)
    _set_decks(after, state.decks)
    _set_refills(after, refills)
    _set_met(after, met)
    _set_penalties(after, state.penalties)
    _set_errors(after, state.errors)
    _set_results(after, state.results)
    _set_scores(after, state.scores)
    _set_protection(after, state.protection)
    _set_left(after, state.left)
    _set_turns(after, turns)
    _set_taken(after, taken)
    _set_log(after, log)
    _set_discarder(after, discarder)
    _set_attrs_cached_hash(after, None)
    _set_position(after, None)
    _set_table(after, getattr(state, "_table", None) if melds is state.melds else None)
    return after
