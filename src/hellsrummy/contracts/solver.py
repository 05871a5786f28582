"""The contract solver: can a hand meet a contract, with which melds, and in how many ways.

The solver never tries subsets of the hand. It works on the hand's structure:

* a hand is a multiset, kept as a count per natural card plus a number of wildcards;
* a run is a *window* of ranks in one suit; it costs one wildcard per rank of the window the
  hand does not hold, and using a held natural instead of a wildcard is never worse (a
  wildcard can stand in for that natural wherever else it was needed);
* a set uses naturals of one rank; once the runs are placed, the fewest wildcards the sets need
  follows from the per-rank counts (greedily, when the sets have one size, as every standard
  contract's do);
* the wildcards are one budget shared by every meld.

So :func:`can_meet` is a depth-first search over run windows only, cheapest first, pruned by a
lower bound on the wildcards still needed; sets are then solved in closed form. Before any
pool is built, one cheap lower bound (:func:`_least_wilds`) turns most hands away: every
question about a hand and a contract asks it first. :func:`held_meets` is :func:`can_meet`
for a hand held by a state, without the checks. Listing every fulfilment
(:func:`fulfillments`) and every meld of a hand (:func:`possible_melds`) is
:mod:`hellsrummy.contracts.enumeration`'s work.

>>> hand = cards("7H 7H 7S 9C 9D 2S 2D KH 4C")
>>> contract = contract_for(6)
>>> can_meet(hand, contract)
True
>>> [format_cards(meld) for meld in find_fulfillment(hand, contract)]
['7H 7H 7S', '2D 9C 9D']
>>> len(list(fulfillments(hand, contract)))
7
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Final

from hellsrummy.contracts.contract import Contract, Requirement
from hellsrummy.contracts.needs import (
    _NATURAL,
    _PLACES,
    _RANKS,
    _SUITS,
    _WINDOW,
    _cheapest_window,
    _held_least_wilds,
    _set_need,
    _set_plan,
    _suit_masks,
)
from hellsrummy.deck.cards import BY_ORDER, Card, sort_cards
from hellsrummy.deck.melds import MeldKind
from hellsrummy.errors import shown

__all__ = [
    "Fulfillment",
    "can_meet",
    "find_fulfillment",
    "wildcards_needed",
]


#: A fulfilment: one meld (a tuple of cards, sorted) per requirement, in the contract's order.
Fulfillment = tuple[tuple[Card, ...], ...]


class Pool:
    """A hand as counts: ``counts[suit * 12 + i]`` naturals of rank ``i + 3``, plus wildcards.

    ``masks[suit]`` has bit ``i`` set when the hand holds rank ``i + 3`` in that suit, and
    ``totals[i]`` counts rank ``i + 3`` over every suit, and ``wild_cards`` lists the wildcards
    in card order. The pool is changed in place by the search and always restored; callers
    get a fresh pool per call. ``Pool(hand)`` checks that ``hand`` holds only cards;
    ``Pool(held=cards)`` takes a tuple of cards as it is, in any order (a hand held by a state,
    or one already checked).

    >>> pool = Pool(held=tuple(cards("7H 2D 8H 7S 2C")))
    >>> pool.wilds, format_cards(pool.wild_cards), pool.totals[7 - 3], pool.masks[Suit.HEARTS]
    (2, '2C 2D', 2, 48)
    >>> pool.take_window(Suit.HEARTS, 7 - 3, 3), pool.active_suits()  # takes 7H and 8H
    ([4, 5], [3])
    """

    __slots__ = ("counts", "masks", "size", "totals", "wild_cards", "wilds")

    wild_cards: list[Any]

    def __init__(self, hand: Iterable[object] = (), held: tuple[Card, ...] | None = None) -> None:
        cards: tuple[Any, ...] = _cards(hand) if held is None else held
        counts = [0] * (_SUITS * _RANKS)
        totals = [0] * _RANKS
        places = _PLACES
        bits = 0
        wild_cards: list[Any] = []
        for c in cards:
            index: int = c.index
            place = places[index]
            if place is None:  # a wildcard
                wild_cards.append(c)
            else:
                at, i, bit = place
                counts[at] = counts[at] + 1
                totals[i] = totals[i] + 1
                bits |= bit
        self.counts = counts
        self.masks = _suit_masks(bits)
        self.totals = totals
        self.wilds = len(wild_cards)
        self.size = len(cards)
        if len(wild_cards) > 1:  # a state holds its wildcards first, in order: sorted already
            for k in range(1, len(wild_cards)):
                if wild_cards[k - 1].order > wild_cards[k].order:
                    wild_cards.sort(key=BY_ORDER)
                    break
        self.wild_cards = wild_cards

    def take(self, suit: int, i: int) -> None:
        """Take one natural of rank index ``i`` in ``suit`` (the pool holds one)."""
        at = suit * _RANKS + i
        counts, totals = self.counts, self.totals
        left = counts[at] - 1
        counts[at] = left
        totals[i] = totals[i] - 1
        if not left:
            masks = self.masks
            masks[suit] = masks[suit] & ~(1 << i)

    def give(self, suit: int, i: int) -> None:
        """Give back one natural of rank index ``i`` in ``suit``: :meth:`take` undone."""
        at = suit * _RANKS + i
        counts, totals, masks = self.counts, self.totals, self.masks
        counts[at] = counts[at] + 1
        totals[i] = totals[i] + 1
        masks[suit] = masks[suit] | 1 << i

    def take_window(self, suit: int, low: int, size: int) -> list[int]:
        """Take one natural per held rank of the window; return the ranks taken."""
        mask = self.masks[suit] & (_WINDOW[size] << low)
        taken = [i for i in range(low, low + size) if mask >> i & 1]
        for i in taken:
            self.take(suit, i)
        return taken

    def active_suits(self) -> list[int]:
        """Suits with naturals, or just the first suit for a hand of wildcards only."""
        return [s for s in range(_SUITS) if self.masks[s]] or [0]


def _check(hand: Iterable[Card], contract: Contract) -> tuple[Card, ...]:
    """``hand`` as a tuple of cards, once it and ``contract`` are checked."""
    if not isinstance(contract, Contract):
        raise ValueError(f"contract must be a Contract, got {shown(contract)}")
    if isinstance(hand, (str, bytes)):
        raise ValueError("hand must be an iterable of Card objects; use cards() to parse text")
    return _cards(hand)


def _cards(hand: Iterable[object]) -> tuple[Card, ...]:
    """``hand`` as a tuple, once every item is checked to be a :class:`Card`."""
    # ``object``, not ``Card``: the check below narrows it, and a compiled (mypyc) build
    # would otherwise raise its own TypeError at a non-Card instead of this ValueError.
    cards: tuple[Any, ...] = tuple(hand)
    for c in cards:
        if c.__class__ is not Card:
            raise ValueError(f"hand must hold only Card objects, got {shown(c)}")
    return cards


# --- runs --------------------------------------------------------------------------------


def _search(
    pool: Pool, runs: list[int], sets: list[int], budget: int
) -> list[tuple[int, int]] | None:
    """Place ``runs`` (sizes, largest first) so that runs and sets fit within ``budget``.

    Returns the window ``(suit, low)`` of each run, or ``None``. The pool is left unchanged.
    """
    return _RunSearch(pool, runs, sets).solve(budget)


class _RunSearch:
    """The depth-first search of :func:`_search`.

    A class rather than nested functions, so that no closure refers to itself: every search
    is freed as soon as it ends, without waiting for the cycle collector.
    """

    __slots__ = ("masks", "placed", "pool", "runs", "sets", "sizes", "suits")

    def __init__(self, pool: Pool, runs: list[int], sets: list[int]) -> None:
        self.pool = pool
        self.runs = runs
        self.sets = sets
        self.placed: list[tuple[int, int]] = []
        self.suits = pool.active_suits()
        self.masks = pool.masks
        self.sizes = sorted(set(runs))

    def solve(self, budget: int) -> list[tuple[int, int]] | None:
        return self.placed if self.go(0, budget, 0) else None

    def cheapest(self, size: int) -> int:
        """The fewest wildcards any single window of ``size`` needs now."""
        return _cheapest_window(self.masks, size)

    def go(self, k: int, budget: int, start: int) -> bool:
        pool, runs = self.pool, self.runs
        need = _set_need(pool.totals, self.sets)
        if k == len(runs):
            return need <= budget
        size = runs[k]
        floor = {other: self.cheapest(other) for other in self.sizes}
        rest = sum(floor[other] for other in runs[k + 1 :])
        if need + floor[size] + rest > budget:
            return False
        options = _windows(self.masks, self.suits, size, start)
        same_next = k + 1 < len(runs) and runs[k + 1] == size
        for cost, where in options:
            if need + cost + rest > budget:
                break
            suit, low = divmod(where, 16)
            taken = pool.take_window(suit, low, size)
            self.placed.append((suit, low))
            found = self.go(k + 1, budget - cost, where if same_next else 0)
            for i in taken:
                pool.give(suit, i)
            if found:
                return True
            self.placed.pop()
        return False


def _windows(masks: list[int], suits: list[int], size: int, start: int) -> list[tuple[int, int]]:
    """The run windows worth trying, as ``(wildcards needed, suit * 16 + low)``, cheapest first.

    Only windows at or after ``start`` count. A window whose held naturals are a strict subset
    of another's in the same suit is left out, and of windows holding the same naturals only
    the first is kept: taking more naturals is never worse, since a wildcard freed here can
    stand in for any natural a later meld misses.
    """
    options: list[tuple[int, int]] = []
    for s in suits:
        first = max(0, start - s * 16)
        if first <= _RANKS - size:
            base = s * 16
            options += [(need, base + low) for need, low in _suit_windows(masks[s], size, first)]
    options.sort()
    return options


@functools.lru_cache(maxsize=32768)
def _suit_windows(mask: int, size: int, first: int) -> tuple[tuple[int, int], ...]:
    """:func:`_windows` of one suit, its ranks held ``mask``, from ``first`` on (lows in it)."""
    window = _WINDOW[size]
    helds: dict[int, int] = {}
    for low in range(first, _RANKS + 1 - size):
        held = mask & (window << low)
        if held not in helds:
            helds[held] = low
    return tuple(
        (size - held.bit_count(), low)
        for held, low in helds.items()
        if not any(other != held and other & held == held for other in helds)
    )


def _split(
    requirements: tuple[Requirement, ...],
) -> tuple[list[int], list[int], list[int]]:
    """Run sizes (largest first), set sizes, and the requirement index of each run searched."""
    run_positions = sorted(
        (k for k, r in enumerate(requirements) if r.kind is MeldKind.RUN),
        key=lambda k: -requirements[k].size,
    )
    runs = [requirements[k].size for k in run_positions]
    sets = [r.size for r in requirements if r.kind is MeldKind.SET]
    return runs, sets, run_positions


class _Facts:
    """What the solver and the enumeration need of a contract, worked out once per contract.

    ``runs``, ``sets`` and ``run_positions`` are :func:`_split`'s; ``rests[k]`` the run and
    set sizes of ``requirements[k:]``; ``same[k]`` whether requirement ``k`` repeats the one
    before; ``shapes[k]`` whether it is a run, with its size; ``first_shaped[k]`` the first
    requirement of that shape. Read only.
    """

    __slots__ = (
        "contract",
        "difficulty",
        "first_shaped",
        "requirements",
        "rests",
        "run_positions",
        "runs",
        "same",
        "sets",
        "shapes",
    )

    def __init__(self, contract: Contract) -> None:
        requirements = contract.requirements
        self.contract = contract
        self.difficulty: int = contract.difficulty
        self.requirements = requirements
        self.runs, self.sets, self.run_positions = _split(requirements)
        self.rests = [_split(requirements[k:])[:2] for k in range(len(requirements))]
        self.same = [k > 0 and requirements[k - 1] == r for k, r in enumerate(requirements)]
        self.shapes = [(r.kind is MeldKind.RUN, r.size) for r in requirements]
        # The first requirement of each requirement's shape (kind and size).
        self.first_shaped = [self.shapes.index(shape) for shape in self.shapes]


class _LastFacts:
    """A one-entry memo of :func:`_facts_of`: a round's seats all play one contract object."""

    __slots__ = ("facts",)

    def __init__(self) -> None:
        self.facts: _Facts | None = None


_LAST: Final = _LastFacts()
_FACTS: Final[dict[Contract, _Facts]] = {}


def _facts_of(contract: Contract) -> _Facts:
    """The :class:`_Facts` of a contract (kept; the same contract object is found fastest)."""
    facts = _LAST.facts
    if facts is not None and facts.contract is contract:
        return facts
    found = _FACTS.get(contract)
    if found is None:
        if len(_FACTS) >= 256:
            _FACTS.clear()
        found = _FACTS[contract] = _Facts(contract)
    _LAST.facts = found
    return found


def _least_wilds(hand: tuple[Card, ...], facts: _Facts) -> int | None:
    """A lower bound on the wildcards of ``hand`` a fulfilment takes, or ``None`` if none can.

    The one test every question about a hand and a contract asks before any pool is built
    or searched: most hands are turned away here. Each meld needs at least the wildcards of
    the cheapest meld of its kind and size in the whole hand (the sets together exactly
    :func:`_set_need`), and the melds are disjoint, so the sum of those is a lower bound.
    ``None`` when ``hand`` (a tuple of cards, in any order, not checked) has fewer cards than
    the contract of ``facts`` asks, or fewer wildcards than the bound.

    >>> hand = tuple(cards("7H 7S 7D 9C 9D 5H 2C"))
    >>> [_least_wilds(hand, _facts_of(contract_for(d))) for d in (6, 7, 8)]
    [1, None, None]
    """
    if len(hand) < facts.difficulty:
        return None
    least, wilds = _held_least_wilds(hand, facts.runs, facts.sets, True)
    return None if least > wilds else least


def can_meet(hand: Iterable[Card], contract: Contract) -> bool:
    """Whether ``hand`` holds separate melds that fulfil ``contract``.

    Each requirement needs its own meld of at least its size (exactly its size suffices).
    The hand is a multiset: identical cards count as often as they occur.

    >>> can_meet(cards("7H 7S 7D 9C 9D 2S"), contract_for(6))
    True
    >>> can_meet(cards("7H 7S 7D 9C 9D 3S"), contract_for(6))
    False
    >>> can_meet(cards("4H 5H 6H 2C 8S 8D 8C"), contract_for(7))
    True
    """
    return _meets(_check(hand, contract), contract)


def held_meets(hand: tuple[Card, ...], contract: Contract) -> bool:
    """:func:`can_meet` for a hand held by a state: the same rule, without the checks.

    ``hand`` is a tuple of cards, as a :class:`~hellsrummy.GameState` holds them (any order
    will do), and ``contract`` a :class:`Contract`; neither is checked. A fast path for bots
    that ask many times a turn; the answer is always :func:`can_meet`'s.

    >>> hand = new_game(4, seed=3).hands[0]
    >>> held_meets(hand, contract_for(6)) == can_meet(hand, contract_for(6))
    True
    >>> held_meets(tuple(cards("7H 7S 7D 9C 9D 2S")), contract_for(6))
    True
    """
    return _meets(hand, contract)


def _meets(hand: tuple[Card, ...], contract: Contract) -> bool:
    """:func:`can_meet` of a tuple of cards, unchecked: the bound, then the search."""
    facts = _facts_of(contract)
    if _least_wilds(hand, facts) is None:
        return False
    if not facts.runs:  # sets only: the bound is what they need (:func:`_set_need`), exactly
        return True
    pool = Pool(held=hand)
    return _search(pool, facts.runs, facts.sets, pool.wilds) is not None


def wildcards_needed(hand: Iterable[Card], contract: Contract) -> int | None:
    """The fewest wildcards of ``hand`` a fulfilment of ``contract`` must use, or ``None``.

    Useful to bots: a hand that meets a contract with wildcards to spare keeps them for later.

    >>> wildcards_needed(cards("7H 7S 7D 9C 9D 2S 2H"), contract_for(6))
    1
    >>> wildcards_needed(cards("7H 7S 7D 9C 9D 3S 2H"), contract_for(9)) is None
    True
    """
    checked = _check(hand, contract)
    cheapest = _cheapest(checked, _facts_of(contract))
    return None if cheapest is None else cheapest[1]


def _cheapest(
    hand: tuple[Card, ...], facts: _Facts
) -> tuple[Pool, int, list[tuple[int, int]]] | None:
    """The pool of ``hand``, the fewest wildcards that meet the contract, and the runs' windows.

    The budgets tried start from :func:`_least_wilds`: no fulfilment takes fewer.
    """
    least = _least_wilds(hand, facts)
    if least is None:
        return None
    pool = Pool(held=hand)
    for budget in range(least, pool.wilds + 1):
        placed = _search(pool, facts.runs, facts.sets, budget)
        if placed is not None:
            return pool, budget, placed
    return None


def find_fulfillment(hand: Iterable[Card], contract: Contract) -> Fulfillment | None:
    """One way to meet ``contract`` from ``hand``, or ``None`` if there is none.

    The result has one meld per requirement, in the contract's order, each of exactly the
    required size and sorted. It uses as few wildcards as any fulfilment can; which deuces
    it uses follows the rule of :func:`fulfillments`. The same input always gives the same
    answer.

    >>> hand = cards("4H 5H 2C 7H 8S 8D 8C 9C")
    >>> [format_cards(meld) for meld in find_fulfillment(hand, contract_for(7))]
    ['2C 4H 5H 7H', '8C 8D 8S']
    >>> find_fulfillment(cards("4H 5H 7H 8S 8D 8C 9C"), contract_for(7)) is None
    True
    """
    checked = _check(hand, contract)
    facts = _facts_of(contract)
    cheapest = _cheapest(checked, facts)
    if cheapest is None:
        return None
    pool, _, placed = cheapest
    requirements = contract.requirements
    naturals: list[list[Card]] = [[] for _ in requirements]
    for position, size, (suit, low) in zip(facts.run_positions, facts.runs, placed, strict=False):
        taken = pool.take_window(suit, low, size)
        naturals[position] = [_NATURAL[suit][i] for i in taken]
    set_positions = [k for k, r in enumerate(requirements) if r.kind is MeldKind.SET]
    _, plan = _set_plan(pool.totals, facts.sets)
    for position, (rank, used) in zip(set_positions, plan, strict=False):
        if rank is not None:
            for suit in range(_SUITS):
                while used and pool.counts[suit * _RANKS + rank]:
                    pool.take(suit, rank)
                    naturals[position].append(_NATURAL[suit][rank])
                    used -= 1
    return _with_wildcards(requirements, naturals, pool.wild_cards)


def _with_wildcards(
    requirements: tuple[Requirement, ...], naturals: list[list[Card]], wild_cards: list[Card]
) -> Fulfillment:
    """Complete each meld with wildcards, handing out the hand's deuces in sorted order."""
    spare = iter(wild_cards)
    melds = []
    for requirement, chosen in zip(requirements, naturals, strict=False):
        wilds = [next(spare) for _ in range(requirement.size - len(chosen))]
        melds.append(tuple(sort_cards(wilds + chosen)))
    return tuple(melds)
