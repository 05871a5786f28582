"""A slow, obviously-correct reference for melds and contracts, used by the differential tests.

Everything here follows SPEC.md section 2 word for word and tries every possibility; nothing
is clever. It is only run on small inputs.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from hellsrummy import Card, Contract, MeldKind

RUN_RANKS = range(3, 15)  # 3..A, the Ace high
SUITS = range(7)

# A meld in canonical form: its naturals (sorted) and how many wildcards it has.
CanonicalMeld = tuple[tuple[Card, ...], int]


def reads_as_set(cards: Sequence[Card]) -> bool:
    """Some rank 3..A that every natural card has (three or more cards)."""
    if len(cards) < 3:
        return False
    return any(all(c.is_wild or c.rank == rank for c in cards) for rank in RUN_RANKS)


def reads_as_run(cards: Sequence[Card]) -> bool:
    """Some suit and some window of len(cards) consecutive ranks within 3..A such that every
    natural card sits on its own place of the window (wildcards take the places left)."""
    n = len(cards)
    if n < 3:
        return False
    for suit in SUITS:
        for low in RUN_RANKS:
            window = range(low, low + n)
            if window[-1] > 14:
                continue
            places_taken: list[int] = []
            fits = True
            for c in cards:
                if c.is_wild:
                    continue
                if c.suit != suit or c.rank not in window or c.rank in places_taken:
                    fits = False
                    break
                places_taken.append(c.rank)
            if fits:
                return True
    return False


def is_meld(cards: Sequence[Card]) -> bool:
    return reads_as_set(cards) or reads_as_run(cards)


def can_extend(meld: Sequence[Card], new: Sequence[Card]) -> bool:
    return is_meld([*meld, *new])


def can_swap(meld: Sequence[Card], natural: Card) -> bool:
    for position, c in enumerate(meld):
        if c.is_wild:
            swapped = [*meld[:position], natural, *meld[position + 1 :]]
            if is_meld(swapped):
                return True
    return False


def is_rummy(candidate: Card, melds: Sequence[Sequence[Card]]) -> bool:
    return any(
        can_extend(meld, [candidate]) or (not candidate.is_wild and can_swap(meld, candidate))
        for meld in melds
    )


def _sub_multisets(hand: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``size`` cards of ``hand`` (as a sorted tuple)."""
    seen = set()
    for combo in itertools.combinations(sorted(hand), size):
        if combo not in seen:
            seen.add(combo)
            yield combo


def _remove(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    left = Counter(hand)
    left.subtract(used)
    return sorted(left.elements())


def _reads_as(kind: MeldKind, cards: Sequence[Card]) -> bool:
    return reads_as_set(cards) if kind is MeldKind.SET else reads_as_run(cards)


def all_fulfillments(hand: Sequence[Card], contract: Contract) -> set[tuple[CanonicalMeld, ...]]:
    """Every fulfilment, canonicalised: wildcards collapsed to a count, identical
    requirements' melds put in a fixed order."""
    found: set[tuple[CanonicalMeld, ...]] = set()
    requirements = contract.requirements

    def go(k: int, left: list[Card], chosen: list[tuple[Card, ...]]) -> None:
        if k == len(requirements):
            found.add(canonical(contract, chosen))
            return
        requirement = requirements[k]
        for meld in _sub_multisets(left, requirement.size):
            if _reads_as(requirement.kind, meld):
                go(k + 1, _remove(left, meld), [*chosen, meld])

    go(0, sorted(hand), [])
    return found


def canonical(contract: Contract, melds: Sequence[Sequence[Card]]) -> tuple[CanonicalMeld, ...]:
    """A fulfilment with wildcards counted, not named, and melds of identical requirements
    sorted, so that fulfilments no player could tell apart compare equal."""
    forms = [
        (tuple(sorted(c for c in meld if not c.is_wild)), sum(c.is_wild for c in meld))
        for meld in melds
    ]
    requirements = contract.requirements
    result: list[CanonicalMeld] = []
    k = 0
    while k < len(requirements):
        j = k
        while j < len(requirements) and requirements[j] == requirements[k]:
            j += 1
        result.extend(sorted(forms[k:j]))
        k = j
    return tuple(result)


def can_meet(hand: Sequence[Card], contract: Contract) -> bool:
    return bool(all_fulfillments(hand, contract))


def fewest_wildcards(hand: Sequence[Card], contract: Contract) -> int | None:
    counts = [sum(wilds for _, wilds in f) for f in all_fulfillments(hand, contract)]
    return min(counts) if counts else None


def can_meet_by_templates(hand: Sequence[Card], contract: Contract) -> bool:
    """A second reference for hands too big for :func:`all_fulfillments`.

    Try every way to give each run requirement a window (a suit and a lowest rank) and each
    set requirement a rank, then check by counting that the hand can fill every place: a
    run's place needs its exact card or a wildcard, a set's place any card of its rank or a
    wildcard. Suits or ranks the hand lacks are all alike, so one of each stands for them.
    """
    naturals = Counter(c for c in hand if not c.is_wild)
    wilds = sum(c.is_wild for c in hand)
    suits = sorted({c.suit for c in naturals})
    suits += [s for s in SUITS if s not in suits][:1]
    ranks = sorted({c.rank for c in naturals})
    ranks += [r for r in RUN_RANKS if r not in ranks][:1]

    def choices(kind: MeldKind, size: int) -> list[tuple[int, int]]:
        if kind is MeldKind.SET:
            return [(-1, rank) for rank in ranks]
        # Windows of one suit that hold the same naturals make the same demands: keep one.
        windows: dict[tuple[int, frozenset[int]], tuple[int, int]] = {}
        for suit in suits:
            for low in RUN_RANKS:
                if low + size - 1 <= 14:
                    held = frozenset(r for r in range(low, low + size) if naturals[Card(r, suit)])
                    windows.setdefault((suit, held), (suit, low))
        return list(windows.values())

    groups: list[tuple[MeldKind, int, int]] = []  # (kind, size, how many)
    for requirement in contract.requirements:
        if groups and groups[-1][:2] == (requirement.kind, requirement.size):
            groups[-1] = (requirement.kind, requirement.size, groups[-1][2] + 1)
        else:
            groups.append((requirement.kind, requirement.size, 1))
    per_group = [
        list(itertools.combinations_with_replacement(choices(kind, size), count))
        for kind, size, count in groups
    ]
    for picks in itertools.product(*per_group):
        run_places: Counter[tuple[int, int]] = Counter()  # (rank, suit) -> places
        set_places: Counter[int] = Counter()  # rank -> places
        for (kind, size, _), group_picks in zip(groups, picks, strict=False):
            for where, what in group_picks:
                if kind is MeldKind.SET:
                    set_places[what] += size
                else:
                    for rank in range(what, what + size):
                        run_places[rank, where] += 1
        wild_places = 0
        for rank in RUN_RANKS:
            spare = 0
            for suit in SUITS:
                have = naturals[Card(rank, suit)] if rank >= 3 else 0
                need = run_places[rank, suit]
                wild_places += max(0, need - have)
                spare += max(0, have - need)
            wild_places += max(0, set_places[rank] - spare)
        if wild_places <= wilds:
            return True
    return False
