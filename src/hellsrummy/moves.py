"""The legal-move enumerator: every atomic game move open to the seat to act.

:func:`legal_actions` returns a lazy, set-like :class:`LegalActions`: nothing is computed
until it is iterated, measured or indexed; ``in`` asks :func:`hellsrummy.is_legal` directly.
Its iteration order is deterministic.

It lists *atomic* moves — contract fulfilments of exact size, new melds of three cards,
one-card extensions, single swaps, the distinct legal discards — and it is **complete**: every
position reachable by legal game moves is reachable through the moves it lists, because

* a meld bigger than required contains one of exactly the required size (a set: any of its
  cards; a run: any stretch of consecutive places), and the rest can be added one card at a
  time, each step a valid meld (a test checks this);
* likewise any new meld is three of its cards plus one-card extensions, and an extension by
  several cards is a chain of one-card extensions;
* each distinct choice of deuces and each order of laying down the melds (melds are numbered
  in the order laid) is listed, since they lead to different positions.

It never lists an action that :func:`hellsrummy.apply` rejects or penalises; ``in`` also
accepts the compound forms (bigger melds, several cards at once) that ``apply`` accepts. The
table actions :class:`hellsrummy.SetPlayProtection` and :class:`hellsrummy.Leave` are not
game moves and are not listed.

>>> state = new_game(3, seed=2026)
>>> list(legal_actions(state))
[Take(), Pass()]
>>> moves = legal_actions(apply(state, Take()))
>>> all(isinstance(action, Discard) for action in moves), len(moves) > 0
(True, True)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from hellsrummy.actions import Action, Discard, Extend, Meld, Pass, SwapWildcard, Take, trusted
from hellsrummy.deck import Card, sort_cards
from hellsrummy.engine import is_legal, legal_discards
from hellsrummy.melds import extensions, swaps
from hellsrummy.solver import fulfillments, possible_melds
from hellsrummy.state import GameState, Phase

__all__ = ["LegalActions", "legal_actions"]


class LegalActions:
    """The legal game moves of a state: lazy, set-like, in a fixed order.

    >>> moves = legal_actions(new_game(3, seed=2026))
    >>> len(moves), Take() in moves, moves[1]
    (2, True, Pass())
    """

    __slots__ = ("_actions", "state")

    def __init__(self, state: GameState) -> None:
        if not isinstance(state, GameState):
            raise ValueError(f"state must be a GameState, got {state!r}")
        self.state = state
        self._actions: tuple[Action, ...] | None = None

    def _all(self) -> tuple[Action, ...]:
        if self._actions is None:
            self._actions = tuple(_generate(self.state))
        return self._actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return bool(self._all())

    def __getitem__(self, index: int) -> Action:
        return self._all()[index]

    def __contains__(self, action: object) -> bool:
        try:
            return is_legal(self.state, action)  # type: ignore[arg-type]
        except ValueError:
            return False

    def __repr__(self) -> str:
        shown = ", ".join(str(action) for action in itertools.islice(self, 8))
        more = ", ..." if len(self) > 8 else ""
        return f"<LegalActions of {len(self)}: {shown}{more}>"


def legal_actions(state: GameState) -> LegalActions:
    """The legal game moves of the seat to act, lazily (see the module documentation).

    >>> [str(a) for a in legal_actions(new_game(3, seed=2026))]
    ['take', 'pass']
    """
    return LegalActions(state)


def _generate(state: GameState) -> Iterator[Action]:
    if state.phase is Phase.DECIDE:
        yield Take()
        yield Pass()
        return
    if state.phase is not Phase.PLAY:
        return
    seat = state.current
    hand = state.hands[seat]
    deuces = sort_cards(c for c in hand if c.is_wild)
    if not state.met[seat]:
        for fulfilment in fulfillments(hand, state.contract):
            yield from _orders_and_deuces(fulfilment, deuces)
    else:
        for meld in possible_melds(hand, 3):
            yield from _orders_and_deuces((meld,), deuces)
        held = set(hand)
        for number, table_meld in enumerate(state.melds):
            for c in sort_cards(extensions(table_meld.cards).intersection(held)):
                yield trusted(Extend, meld=number, cards=(c,))
        for number, table_meld in enumerate(state.melds):
            for c in sort_cards(swaps(table_meld.cards).intersection(held)):
                yield trusted(SwapWildcard, meld=number, card=c)
    for c in legal_discards(state):
        yield trusted(Discard, card=c)


def _orders_and_deuces(melds: Sequence[tuple[Card, ...]], deuces: list[Card]) -> Iterator[Meld]:
    """Every distinct ``Meld`` action laying these melds: each choice of deuces, each order."""
    if len(set(deuces)) <= 1:  # one kind of deuce (or none): only the orders differ
        if len(melds) == 1:
            yield trusted(Meld, melds=tuple(melds))
        else:
            for order in dict.fromkeys(itertools.permutations(melds)):
                yield trusted(Meld, melds=order)
        return
    naturals = [tuple(c for c in meld if not c.is_wild) for meld in melds]
    wanted = [len(meld) - len(kept) for meld, kept in zip(melds, naturals, strict=True)]
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for chosen in _deal_deuces(Counter(deuces), wanted):
        laid = [
            tuple(sort_cards(kept + extra)) for kept, extra in zip(naturals, chosen, strict=True)
        ]
        for order in itertools.permutations(laid) if len(laid) > 1 else (tuple(laid),):
            if order not in seen:
                seen.add(order)
                yield trusted(Meld, melds=order)


def _deal_deuces(deuces: Counter[Card], wanted: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every distinct way to give each meld its number of deuces from the hand's deuces."""
    if not wanted:
        yield []
        return
    first, rest = wanted[0], wanted[1:]
    kinds = sort_cards(deuces)
    for counts in _compositions(first, [deuces[k] for k in kinds]):
        chosen = tuple(k for k, n in zip(kinds, counts, strict=True) for _ in range(n))
        left = deuces.copy()
        left.subtract(chosen)
        for tail in _deal_deuces(+left, rest):
            yield [chosen, *tail]


def _compositions(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    if not limits:
        if total == 0:
            yield ()
        return
    for n in range(min(total, limits[0]), -1, -1):
        if total - n <= sum(limits[1:]):
            for tail in _compositions(total - n, limits[1:]):
                yield (n, *tail)
