"""Reference copy of hellsrummy 0.1.0's ``moves.py``: the legal-move enumerator, frozen.

Changed from 0.1.0 only in its imports (the reference engine and solver) and in having its
own copy of ``trusted``. What follows is 0.1.0's own description.

:func:`legal_actions` returns a lazy, set-like :class:`LegalActions`: moves are generated
only as far as they are looked at (``next(iter(...))`` is cheap; ``len`` generates them
all); ``in`` asks :func:`hellsrummy.is_legal` directly. The order is deterministic: take and
pass; or meeting the minimum, new melds, extensions (by meld number, then card), swaps (the
same), then discards (by card).

It lists *atomic* moves — contract fulfilments of exact size, new melds of three cards,
one-card extensions, single swaps, the distinct legal discards — and it is **complete**: every
position reachable by legal game moves is reachable through the moves it lists, because

* a meld bigger than required contains one of exactly the required size (a set: any of its
  cards; a run: any stretch of consecutive places), and the rest can be added one card at a
  time, each step a valid meld (``tests/test_engine_properties.py`` checks both facts);
* likewise any new meld is three of its cards plus one-card extensions, and an extension by
  several cards is a chain of one-card extensions;
* each distinct choice of deuces is listed, since it leaves different deuces in the hand.

One thing is listed only once: the order of the melds that meet the minimum together. They
come in the contract's order (melds meeting identical requirements lowest first);
:func:`hellsrummy.apply` accepts them in any order and numbers them in the order given, so
positions that differ only in that numbering are reached by reordering a listed action. (Listing
every order would multiply the moves by up to 5040 for a contract of seven sets.)

It never lists an action that :func:`hellsrummy.apply` rejects or penalises; ``in`` also
accepts the compound forms (bigger melds, several cards at once, other meld orders) that
``apply`` accepts. The table actions :class:`hellsrummy.SetPlayProtection` and
:class:`hellsrummy.Leave` are not game moves and are not listed.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from hellsrummy.deck.cards import SUITS, Card, pack, sort_cards
from hellsrummy.deck.melds import extensions, swaps
from hellsrummy.game.actions import Action, Discard, Extend, Meld, Pass, SwapWildcard, Take
from hellsrummy.game.state import GameState, Phase
from hellsrummy.views.resampling import state_from_view
from hellsrummy.views.view import PlayerView

from .engine import is_legal, legal_discards, rummies
from .solver import fulfillments, possible_melds

__all__ = ["LegalActions", "legal_actions"]

_A = TypeVar("_A")


def trusted(cls: type[_A], **fields: Any) -> _A:
    """Build an action from fields already in canonical form, skipping conversion and checks.

    0.1.0's ``hellsrummy.actions.trusted``. Cards must already be sorted.
    """
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


class LegalActions:
    """The legal game moves of a state: lazy, set-like, in a fixed order."""

    __slots__ = ("_found", "_source", "_state")

    def __init__(self, state: GameState) -> None:
        self._state = state
        self._found: list[Action] = []
        self._source: Iterator[Action] | None = _generate(state)

    def _all(self) -> list[Action]:
        if self._source is not None:
            self._found.extend(self._source)
            self._source = None
        return self._found

    def __iter__(self) -> Iterator[Action]:
        found = self._found
        position = 0
        while True:
            if position < len(found):
                yield found[position]
                position += 1
            elif self._source is None:
                return
            else:
                action = next(self._source, None)
                if action is None:
                    self._source = None
                    return
                found.append(action)

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __getitem__(self, index: int) -> Action:
        return self._all()[index]

    def __contains__(self, action: object) -> bool:
        try:
            return is_legal(self._state, action)
        except ValueError:
            return False

    def __repr__(self) -> str:
        shown = ", ".join(str(action) for action in itertools.islice(self, 8))
        more = ", ..." if len(self) > 8 else ""
        return f"<LegalActions of {len(self)}: {shown}{more}>"


def legal_actions(state: GameState | PlayerView) -> LegalActions:
    """The legal game moves of the seat to act, lazily (see the module documentation).

    ``state`` may be the game state, or the :class:`hellsrummy.PlayerView` of the seat to
    act: a frontend can ask its own view what it may do. The view of any other seat has no
    moves.
    """
    if isinstance(state, PlayerView):
        return LegalActions(_as_state(state))
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState or a PlayerView, got {state!r}")
    return LegalActions(state)


def _as_state(seen: PlayerView) -> GameState:
    """A state that agrees with the view wherever the seat's moves depend on it.

    Other hands are left empty and the stock too: the moves of the seat to act depend only
    on its own hand and on public facts. Only the enumerator ever sees this state.
    """
    hands = tuple(seen.hand if seat == seen.seat else () for seat in range(seen.players))
    phase = seen.phase if seen.to_act else Phase.ROUND_OVER
    return state_from_view(seen, seed=b"view", hands=hands, stock=(), phase=phase)


_TAKE = Take()
_PASS = Pass()
_DISCARDS = {c: trusted(Discard, card=c) for c in pack(SUITS)}


def _generate(state: GameState) -> Iterator[Action]:
    if state.phase is Phase.DECIDE:
        yield _TAKE
        yield _PASS
        return
    if state.phase is not Phase.PLAY:
        return
    seat = state.current
    hand = state.hands[seat]
    # The hand's deuces as (deuce, count), in card order.
    kinds = tuple(Counter(sort_cards(c for c in hand if c.is_wild)).items())
    if not state.met[seat]:
        groups = tuple(
            len(list(group)) for _, group in itertools.groupby(state.contract.requirements)
        )
        for fulfilment in fulfillments(hand, state.contract):
            yield from _with_deuces(fulfilment, kinds, groups)
    else:
        if len(kinds) <= 1:  # one kind of deuce or none: each meld is one move
            for meld in possible_melds(hand, 3):
                yield trusted(Meld, melds=(meld,))
        else:
            for meld in possible_melds(hand, 3):
                yield from _with_deuces((meld,), kinds)
        held = rummies(state)
        for number, table_meld in enumerate(state.melds if held else ()):
            for c in sort_cards(extensions(table_meld.cards).intersection(held)):
                yield trusted(Extend, meld=number, cards=(c,))
        for number, table_meld in enumerate(state.melds if held else ()):
            for c in sort_cards(swaps(table_meld.cards).intersection(held)):
                yield trusted(SwapWildcard, meld=number, card=c)
    for c in legal_discards(state):
        yield _DISCARDS[c]


def _with_deuces(
    melds: Sequence[tuple[Card, ...]],
    kinds: tuple[tuple[Card, int], ...],
    groups: tuple[int, ...] = (1,),
) -> Iterator[Meld]:
    """Every distinct ``Meld`` action laying these melds, one per choice of deuces.

    ``melds`` take the hand's lowest deuces; every other distinct choice from the hand's
    deuces (``kinds``: each deuce and how many the hand holds) is listed too, since it leaves
    different deuces in the hand.
    """
    naturals = [tuple(c for c in meld if not c.is_wild) for meld in melds]
    wanted = tuple(len(meld) - len(kept) for meld, kept in zip(melds, naturals, strict=True))
    if len(kinds) <= 1 or not any(wanted):  # the deuces used are fixed: only orders differ
        choices: Iterator[tuple[tuple[Card, ...], ...]] = iter((tuple(melds),))
    else:
        choices = (
            tuple(
                tuple(sort_cards(kept + extra))
                for kept, extra in zip(naturals, chosen, strict=True)
            )
            for chosen in _deal_deuces(kinds, wanted)
        )
    if len(melds) == 1:
        for laid in choices:
            yield trusted(Meld, melds=laid)
        return
    if max(groups) == 1:  # no two requirements alike: every choice is a different move
        for laid in choices:
            yield trusted(Meld, melds=laid)
        return
    # Two deuce choices can be each other's reordering (identical melds swapping deuces):
    # put melds of identical requirements in a fixed order and list each outcome once.
    for laid in dict.fromkeys(_canonical(laid, groups) for laid in choices):
        yield trusted(Meld, melds=laid)


def _canonical(
    laid: tuple[tuple[Card, ...], ...], groups: tuple[int, ...]
) -> tuple[tuple[Card, ...], ...]:
    """Sort the melds within each run of identical requirements (``groups`` gives run lengths)."""
    result: list[tuple[Card, ...]] = []
    start = 0
    for length in groups:
        result += sorted(laid[start : start + length], key=_meld_key)
        start += length
    return tuple(result)


def _meld_key(meld: tuple[Card, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Melds compare by their naturals first, as :func:`hellsrummy.fulfillments` orders them."""
    naturals = tuple(c.order for c in meld if not c.is_wild)
    return naturals, tuple(c.order for c in meld if c.is_wild)


@functools.lru_cache(maxsize=4096)
def _deal_deuces(
    kinds: tuple[tuple[Card, int], ...], wanted: tuple[int, ...]
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Every distinct way to give each meld its number of deuces from ``(deuce, count)``."""
    if not wanted:
        return ((),)
    first, rest = wanted[0], wanted[1:]
    found: list[tuple[tuple[Card, ...], ...]] = []
    for counts in _compositions(first, tuple(have for _, have in kinds)):
        chosen = tuple(c for (c, _), n in zip(kinds, counts, strict=True) for _ in range(n))
        left = tuple((c, have - n) for (c, have), n in zip(kinds, counts, strict=True) if have > n)
        found.extend((chosen, *tail) for tail in _deal_deuces(left, rest))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _compositions(total: int, limits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``total`` as a sum of counts, each at most its limit, largest first."""
    if not limits:
        return ((),) if total == 0 else ()
    room = sum(limits[1:])
    found: list[tuple[int, ...]] = []
    for n in range(min(total, limits[0]), -1, -1):
        if total - n <= room:
            found.extend((n, *tail) for tail in _compositions(total - n, limits[1:]))
    return tuple(found)
