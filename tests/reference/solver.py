"""Reference copy of hellsrummy 0.1.0's ``solver.py``: the contract solver, frozen.

Unchanged from 0.1.0 but for its docstrings (no examples). The reference engine uses its
``can_meet``, the reference enumerator its ``fulfillments`` and ``possible_melds``. What
follows is 0.1.0's own description.

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
lower bound on the wildcards still needed; sets are then solved in closed form.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator

from hellsrummy.contracts.contract import Contract, Requirement
from hellsrummy.deck.cards import Card, Rank, Suit, sort_cards
from hellsrummy.deck.melds import MeldKind

__all__ = [
    "Fulfillment",
    "can_meet",
    "find_fulfillment",
    "fulfillments",
    "possible_melds",
    "wildcards_needed",
]

#: A fulfilment: one meld (a tuple of cards, sorted) per requirement, in the contract's order.
Fulfillment = tuple[tuple[Card, ...], ...]

_RANKS = 12  # natural ranks 3..A, indexed 0..11
_SUITS = len(Suit)
# _NATURAL[suit][i] is the natural card of rank i + 3 in that suit.
_NATURAL: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(Rank(i + 3), suit) for i in range(_RANKS)) for suit in Suit
)
_WINDOW = tuple((1 << size) - 1 for size in range(_RANKS + 1))  # _WINDOW[r]: r low bits set


class _Pool:
    """A hand as counts: ``counts[suit * 12 + i]`` naturals of rank ``i + 3``, plus wildcards.

    ``masks[suit]`` has bit ``i`` set when the hand holds rank ``i + 3`` in that suit, and
    ``totals[i]`` counts rank ``i + 3`` over every suit. The pool is changed in place by the
    search and always restored; callers get a fresh pool per call.
    """

    __slots__ = ("counts", "masks", "size", "totals", "wild_cards", "wilds")

    def __init__(self, hand: Iterable[Card]) -> None:
        counts = [0] * (_SUITS * _RANKS)
        masks = [0] * _SUITS
        totals = [0] * _RANKS
        wild_cards = []
        size = 0
        for c in hand:
            if c.__class__ is not Card:
                raise ValueError(f"hand must hold only Card objects, got {c!r}")
            size += 1
            if c.is_wild:
                wild_cards.append(c)
            else:
                suit = c.suit
                i = c.rank - 3
                counts[suit * _RANKS + i] += 1
                masks[suit] |= 1 << i
                totals[i] += 1
        self.counts = counts
        self.masks = masks
        self.totals = totals
        self.size = size
        self.wild_cards = sort_cards(wild_cards)
        self.wilds = len(wild_cards)

    def take(self, suit: int, i: int) -> None:
        at = suit * _RANKS + i
        self.counts[at] -= 1
        self.totals[i] -= 1
        if not self.counts[at]:
            self.masks[suit] &= ~(1 << i)

    def give(self, suit: int, i: int) -> None:
        at = suit * _RANKS + i
        self.counts[at] += 1
        self.totals[i] += 1
        self.masks[suit] |= 1 << i

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


def _check(hand: Iterable[Card], contract: Contract) -> _Pool:
    if not isinstance(contract, Contract):
        raise ValueError(f"contract must be a Contract, got {contract!r}")
    if isinstance(hand, (str, bytes)):
        raise ValueError("hand must be an iterable of Card objects; use cards() to parse text")
    return _Pool(hand)


# --- sets -------------------------------------------------------------------------------


def _set_plan(totals: list[int], sizes: list[int]) -> tuple[int, list[tuple[int | None, int]]]:
    """The fewest wildcards ``sizes`` sets need from per-rank ``totals``, and a plan.

    The plan gives, for each size in order, the rank index the set is built on (``None`` for
    a set of wildcards only) and how many naturals of that rank it uses.
    """
    if not sizes:
        return 0, []
    if min(sizes) == max(sizes):
        size = sizes[0]
        # Each rank offers chunks: full sets of naturals, then one partial set.
        chunks: list[tuple[int, int]] = []
        for i, total in enumerate(totals):
            full, part = divmod(total, size)
            chunks.extend([(size, i)] * min(full, len(sizes)))
            if part:
                chunks.append((part, i))
        chunks.sort(key=lambda chunk: -chunk[0])
        chosen: list[tuple[int | None, int]] = [(i, used) for used, i in chunks[: len(sizes)]]
        chosen += [(None, 0)] * (len(sizes) - len(chosen))
        used_total = sum(used for _, used in chosen)
        return size * len(sizes) - used_total, chosen
    return _mixed_set_plan(totals, sizes)


def _mixed_set_plan(
    totals: list[int], sizes: list[int]
) -> tuple[int, list[tuple[int | None, int]]]:
    """Sets of different sizes: an exact search over which rank each set is built on."""
    order = sorted(range(len(sizes)), key=lambda k: -sizes[k])
    cap = sum(sizes)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def best(k: int, counts: tuple[int, ...]) -> int:
        # Most naturals the sets order[k:] can use from ``counts`` (sorted, capped).
        if k == len(order):
            return 0
        key = (k, counts)
        if key not in memo:
            size = sizes[order[k]]
            result = best(k + 1, counts)
            for j, count in enumerate(counts):
                if count and (j == 0 or counts[j - 1] != count):
                    used = min(count, size)
                    rest = _replace_sorted(counts, j, count - used)
                    result = max(result, used + best(k + 1, rest))
            memo[key] = result
        return memo[key]

    start = tuple(sorted((min(t, cap) for t in totals), reverse=True))
    # Walk the memo to rebuild a plan on real ranks.
    left = [min(t, cap) for t in totals]
    plan: list[tuple[int | None, int]] = [(None, 0)] * len(sizes)
    counts = start
    used_total = 0
    for k, position in enumerate(order):
        size = sizes[position]
        target = best(k, counts)
        if best(k + 1, counts) == target:
            continue
        for j, count in enumerate(counts):
            used = min(count, size)
            if count and used + best(k + 1, _replace_sorted(counts, j, count - used)) == target:
                rank = left.index(count)
                left[rank] -= used
                plan[position] = (rank, used)
                used_total += used
                counts = _replace_sorted(counts, j, count - used)
                break
    return sum(sizes) - used_total, plan


def _replace_sorted(counts: tuple[int, ...], j: int, value: int) -> tuple[int, ...]:
    rest = [*counts[:j], *counts[j + 1 :], value]
    rest.sort(reverse=True)
    return tuple(rest)


def _set_need(totals: list[int], sizes: list[int]) -> int:
    if not sizes:
        return 0
    size = sizes[0]
    if min(sizes) != max(sizes):
        return _set_plan(totals, sizes)[0]
    wanted = len(sizes)
    full = 0
    for total in totals:
        full += total // size
    if full >= wanted:
        return 0
    parts = sorted((total % size for total in totals), reverse=True)
    return size * (wanted - full) - sum(parts[: wanted - full])


# --- runs --------------------------------------------------------------------------------


def _search(
    pool: _Pool, runs: list[int], sets: list[int], budget: int
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

    def __init__(self, pool: _Pool, runs: list[int], sets: list[int]) -> None:
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
        window = _WINDOW[size]
        held = 0
        for s in self.suits:
            mask = self.masks[s]
            for low in range(_RANKS + 1 - size):
                count = (mask & (window << low)).bit_count()
                if count > held:
                    held = count
        return size - held

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
    window = _WINDOW[size]
    options = []
    for s in suits:
        mask = masks[s]
        first = max(0, start - s * 16)
        if first > _RANKS - size:
            continue
        helds: dict[int, int] = {}
        for low in range(first, _RANKS + 1 - size):
            held = mask & (window << low)
            if held not in helds:
                helds[held] = low
        for held, low in helds.items():
            if not any(other != held and other & held == held for other in helds):
                options.append((size - held.bit_count(), s * 16 + low))
    options.sort()
    return options


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


def can_meet(hand: Iterable[Card], contract: Contract) -> bool:
    """Whether ``hand`` holds separate melds that fulfil ``contract``.

    Each requirement needs its own meld of at least its size (exactly its size suffices).
    The hand is a multiset: identical cards count as often as they occur.
    """
    pool = _check(hand, contract)
    if pool.size < contract.difficulty:
        return False
    runs, sets, _ = _split(contract.requirements)
    return _search(pool, runs, sets, pool.wilds) is not None


def wildcards_needed(hand: Iterable[Card], contract: Contract) -> int | None:
    """The fewest wildcards of ``hand`` a fulfilment of ``contract`` must use, or ``None``.

    Useful to bots: a hand that meets a contract with wildcards to spare keeps them for later.
    """
    cheapest = _cheapest(_check(hand, contract), contract)
    return None if cheapest is None else cheapest[0]


def _cheapest(pool: _Pool, contract: Contract) -> tuple[int, list[tuple[int, int]]] | None:
    """The fewest wildcards that meet ``contract`` from ``pool``, with the runs' windows."""
    if pool.size < contract.difficulty:
        return None
    runs, sets, _ = _split(contract.requirements)
    for budget in range(pool.wilds + 1):
        placed = _search(pool, runs, sets, budget)
        if placed is not None:
            return budget, placed
    return None


def find_fulfillment(hand: Iterable[Card], contract: Contract) -> Fulfillment | None:
    """One way to meet ``contract`` from ``hand``, or ``None`` if there is none.

    The result has one meld per requirement, in the contract's order, each of exactly the
    required size and sorted. It uses as few wildcards as any fulfilment can; which deuces
    it uses follows the rule of :func:`fulfillments`. The same input always gives the same
    answer.
    """
    pool = _check(hand, contract)
    cheapest = _cheapest(pool, contract)
    if cheapest is None:
        return None
    placed = cheapest[1]
    runs, sets, run_positions = _split(contract.requirements)
    requirements = contract.requirements
    naturals: list[list[Card]] = [[] for _ in requirements]
    for position, size, (suit, low) in zip(run_positions, runs, placed, strict=False):
        taken = pool.take_window(suit, low, size)
        naturals[position] = [_NATURAL[suit][i] for i in taken]
    set_positions = [k for k, r in enumerate(requirements) if r.kind is MeldKind.SET]
    _, plan = _set_plan(pool.totals, sets)
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


# --- enumeration ---------------------------------------------------------------------------


_Choice = tuple[tuple[tuple[int, int], ...], int]  # ((suit, rank index), ...), wildcards


def _set_choices(pool: _Pool, size: int) -> Iterator[_Choice]:
    """Every distinct set of exactly ``size`` cards the pool can make, as naturals + wilds."""
    wilds = pool.wilds
    if wilds >= size:
        yield (), size
    counts = pool.counts
    fewest = max(1, size - wilds)
    for i, total in enumerate(pool.totals):
        if total < fewest:
            continue
        held = tuple((s, counts[s * _RANKS + i]) for s in range(_SUITS) if counts[s * _RANKS + i])
        for used in range(fewest, min(size, total) + 1):
            for picked in _multisubsets(held, used):
                yield tuple((s, i) for s in picked), size - used


@functools.lru_cache(maxsize=4096)
def _multisubsets(held: tuple[tuple[int, int], ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Sub-multisets of ``size`` items from ``(item, count)`` pairs, items non-decreasing."""
    if size == 0:
        return ((),)
    if not held:
        return ()
    (item, count), rest = held[0], held[1:]
    room = sum(n for _, n in rest)
    found: list[tuple[int, ...]] = []
    for take in range(min(count, size), -1, -1):
        if size - take <= room:
            found.extend((item,) * take + tail for tail in _multisubsets(rest, size - take))
    return tuple(found)


def _run_choices(pool: _Pool, size: int, fewest: int = 0) -> Iterator[_Choice]:
    """Every distinct run of exactly ``size`` cards the pool can make, as naturals + wilds.

    Only runs with at least ``fewest`` naturals are listed.
    """
    wilds = pool.wilds
    if wilds >= size and fewest == 0:
        yield (), size
    least = max(1, size - wilds, fewest)
    for s, mask in enumerate(pool.masks):
        if not mask:
            continue
        held = [i for i in range(_RANKS) if mask >> i & 1]
        for k, lowest in enumerate(held):
            above = [i for i in held[k + 1 :] if i < lowest + size]
            for extra in range(max(0, least - 1), min(len(above), size - 1) + 1):
                for combo in itertools.combinations(above, extra):
                    yield ((s, lowest), *((s, i) for i in combo)), size - 1 - extra


def fulfillments(hand: Iterable[Card], contract: Contract) -> Iterator[Fulfillment]:
    """Every distinct way to meet ``contract`` from ``hand``, lazily, each exactly once.

    A fulfilment has one meld of exactly the required size per requirement, in the
    contract's order, each meld sorted. Two fulfilments are the same when they have the same
    melds as multisets of cards, with two rules that collapse what no player could tell apart:

    * identical cards are one choice (the hand is a multiset);
    * deuces are interchangeable: a fulfilment says how many wildcards each meld takes, and
      the hand's deuces are handed out in sorted card order (``2C`` before ``2D``), first to
      the first meld;
    * melds meeting identical requirements are unordered: ``Two Sets of 3`` met by the sevens
      and the nines is one fulfilment, listed with the lower meld first (melds compare by
      their naturals in card order, then by their number of wildcards).

    Every yielded fulfilment is valid; the search never follows a branch that cannot be
    completed, so the time to the next result stays small even when there are many.
    """
    pool = _check(hand, contract)
    if pool.size < contract.difficulty:
        return
    enumeration = _Enumeration(pool, contract.requirements)
    if enumeration.feasible(0):
        yield from enumeration.go(0)


class _Enumeration:
    """The depth-first enumeration of :func:`fulfillments` (a class: see :class:`_RunSearch`)."""

    __slots__ = ("chosen", "pool", "requirements", "rests")

    def __init__(self, pool: _Pool, requirements: tuple[Requirement, ...]) -> None:
        self.pool = pool
        self.requirements = requirements
        self.chosen: list[_Choice] = []
        self.rests = [_split(requirements[k:])[:2] for k in range(len(requirements))]

    def feasible(self, k: int) -> bool:
        """Whether ``requirements[k:]`` can be met from what the pool holds now."""
        runs, sets = self.rests[k]
        return _search(self.pool, runs, sets, self.pool.wilds) is not None

    def go(self, k: int) -> Iterator[Fulfillment]:
        pool, requirements, chosen = self.pool, self.requirements, self.chosen
        if k == len(requirements):
            naturals = [[_NATURAL[s][i] for s, i in picked] for picked, _ in chosen]
            yield _with_wildcards(requirements, naturals, pool.wild_cards)
            return
        requirement = requirements[k]
        generate = _run_choices if requirement.kind is MeldKind.RUN else _set_choices
        floor = _key(chosen[-1]) if k and requirements[k - 1] == requirement else None
        for choice in list(generate(pool, requirement.size)):
            if floor is not None and _key(choice) < floor:
                continue
            picked, wilds = choice
            for s, i in picked:
                pool.take(s, i)
            pool.wilds -= wilds
            chosen.append(choice)
            # The last requirement needs no look-ahead: its choices are listed directly, and
            # an empty list is as cheap to find as a search that proves there is none.
            if k + 2 >= len(requirements) or self.feasible(k + 1):
                yield from self.go(k + 1)
            chosen.pop()
            pool.wilds += wilds
            for s, i in picked:
                pool.give(s, i)


def _key(choice: _Choice) -> tuple[tuple[tuple[int, int], ...], int]:
    """Orders choices like their cards: by rank, then suit, then fewer wildcards first."""
    picked, wilds = choice
    return tuple(sorted((i, s) for s, i in picked)), wilds


def possible_melds(hand: Iterable[Card], size: int = 3) -> Iterator[tuple[Card, ...]]:
    """Every distinct meld of exactly ``size`` cards that ``hand`` holds, each sorted, lazily.

    Melds are multisets: identical cards are one choice, and deuces are interchangeable, so a
    meld that needs wildcards takes the hand's lowest-sorting deuces. A meld that reads both as
    a set and as a run is listed once.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 3:
        raise ValueError(f"size must be an int of at least 3, got {size!r}")
    if isinstance(hand, (str, bytes)):
        raise ValueError("hand must be an iterable of Card objects; use cards() to parse text")
    pool = _Pool(hand)
    # A run with fewer than two naturals is also a set, and the sets list it already.
    runs = _run_choices(pool, size, fewest=2) if size <= _RANKS else iter(())
    wild_cards = tuple(pool.wild_cards)
    for picked, wilds in itertools.chain(_set_choices(pool, size), runs):
        # Already in card order: deuces first, then a set's suits or a run's ranks ascending.
        yield wild_cards[:wilds] + tuple([_NATURAL[s][i] for s, i in picked])
