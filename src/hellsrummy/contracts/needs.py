"""What melds need of a hand: the wildcards its sets and its run windows lack, from counts.

The solver (:mod:`hellsrummy.contracts.solver`) searches run windows and solves sets in closed
form; the closed forms, and the quick tests that turn most hands away before any search, live here:

* the fewest wildcards sets of given sizes need from a hand's counts per rank (``_set_need``,
  and ``_set_plan``, which also says which rank each set is built on);
* the most ranks one window of a run holds in a suit, and so the fewest wildcards the cheapest
  window needs (``_cheapest_window``);
* for a hand held by a state (sorted, its wildcards first), its counts and suit masks packed
  in one pass: the lower bound on the wildcards a contract needs
  (``_held_least_wilds``), whether the hand makes a meld of 3 at all
  (``lacks_melds_of_3``), and whether a card joins one (``joins_a_meld_of_3``).
* the *choices* the enumeration (:mod:`hellsrummy.contracts.enumeration`) picks melds from:
  how a choice of naturals and wildcards is kept (``Choice``), the sets of one rank
  (``_set_row``), and the runs of one size a hand's suit masks make (``_run_choices``), row by
  row.

>>> from hellsrummy.contracts.needs import _cheapest_window, _held_least_wilds, _set_need
>>> from hellsrummy.contracts.needs import lacks_melds_of_3
>>> hand = tuple(sort_cards(cards("2C 7H 7S 9C 9D 10C JC")))
>>> _set_need([2, 2], [3, 3]), _cheapest_window([0b110], 4)
(2, 2)
>>> _held_least_wilds(hand, [4], [3]), lacks_melds_of_3(hand)
((2, 1), False)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Any, Final

from hellsrummy.deck.cards import BY_INDEX, Card, Rank, Suit, leading_wilds

_RANKS: Final = 12  # natural ranks 3..A, indexed 0..11
_WINDOW: Final = tuple((1 << size) - 1 for size in range(_RANKS + 1))  # _WINDOW[r]: r low bits set


# --- sets --------------------------------------------------------------------------------


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
    """The fewest wildcards ``sizes`` sets need from per-rank ``totals`` (:func:`_set_plan`'s).

    For sets of one size: full sets first, then the largest parts left.
    """
    if not sizes:
        return 0
    size = sizes[0]
    for other in sizes:
        if other != size:
            return _set_plan(totals, sizes)[0]
    # One pass: the full sets each rank makes, and how many ranks leave each part over.
    short = len(sizes)
    parts = [0] * size
    for total in totals:
        short -= total // size
        part = total % size
        parts[part] = parts[part] + 1
    if short <= 0:
        return 0
    need = size * short
    part = size - 1
    while short > 0 and part > 0:  # the largest parts first
        used = parts[part]
        if used > short:
            used = short
        need -= used * part
        short -= used
        part -= 1
    return need


# --- runs --------------------------------------------------------------------------------


def _cheapest_window(masks: list[int], size: int) -> int:
    """The fewest wildcards any single run window of ``size`` needs from suit ``masks``."""
    most = _MOST_IN_WINDOW[size] if size <= _RANKS else None
    if most is None:
        most = _most_in_window(size)
    best = 0
    for mask in masks:
        held = most[mask]
        if held > best:
            best = held
    return size - best


def _most_in_window(size: int) -> tuple[int, ...]:
    """For every rank mask of a suit, the most of its ranks one window of ``size`` holds."""
    window = _WINDOW[size]
    lows = range(_RANKS + 1 - size)
    most = tuple(
        max(((mask & (window << low)).bit_count() for low in lows), default=0)
        for mask in range(1 << _RANKS)
    )
    if size <= _RANKS:
        _MOST_IN_WINDOW[size] = most
    return most


# _MOST_IN_WINDOW[size]: :func:`_most_in_window` of ``size``, worked out when first asked.
_MOST_IN_WINDOW: Final[list[tuple[int, ...] | None]] = [None] * (_RANKS + 1)


# --- choices: the melds of one size a hand makes, listed once per hand -----------------


_SUITS: Final = len(Suit)
# _NATURAL[suit][i] is the natural card of rank i + 3 in that suit.
_NATURAL: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(Rank(i + 3), suit) for i in range(_RANKS)) for suit in Suit
)

# A choice of cards for one meld, from the whole hand: its naturals (in card order), the number
# of wildcards it takes, its sort key (melds of identical requirements are listed lowest first),
# the pool places of its naturals with how many each takes, those places as a bit mask, and the
# places it takes more than one natural from (a mask, mostly 0).
# The tuple's items are (tuple[Card, ...], int, int, tuple[tuple[int, int], ...], int, int);
# it is typed as a tuple of any length so that a compiled build passes choices around as they
# are, instead of unpacking each into a struct and packing a fresh tuple wherever one is kept.
Choice = tuple[Any, ...]

# A key orders choices as their naturals' card orders (a tuple, compared item by item): as an
# int, one digit per card of the meld, a natural's digit its card order plus one, a wildcard's
# 0. Only choices for one requirement (of one size, so keys of as many digits) are compared,
# and for those equal naturals mean equal wildcards too.
_DIGIT: Final = 1 << 7  # above every card order plus one


def _choice(suit_ranks: Iterable[tuple[int, int]], wilds: int) -> Choice:
    picked = tuple(suit_ranks)
    places: dict[int, int] = {}
    mask = multi = 0
    for s, i in picked:
        at = s * _RANKS + i
        places[at] = places.get(at, 0) + 1
        if mask >> at & 1:
            multi |= 1 << at
        mask |= 1 << at
    naturals = tuple(_NATURAL[s][i] for s, i in picked)
    key = 0
    for c in naturals:
        key = key * _DIGIT + c.order + 1
    key *= _DIGIT**wilds
    return naturals, wilds, key, tuple(places.items()), mask, multi


@functools.lru_cache(maxsize=512)
def _wild_choice(size: int) -> Choice:
    return _choice((), size)


def _set_row(i: int, column: tuple[int, ...], fewest: int, size: int) -> tuple[Choice, ...]:
    """The sets of rank index ``i`` from ``column[s]`` naturals of each suit, fewest first."""
    held = tuple((s, n) for s, n in enumerate(column) if n)
    total = sum(column)
    return tuple(
        _choice(((s, i) for s in picked), size - used)
        for used in range(fewest, min(size, total) + 1)
        for picked in _multisubsets(held, used)
    )


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


def _run_choices(masks: list[int], wilds: int, size: int, fewest: int = 0) -> list[Choice]:
    """Every distinct run of exactly ``size`` cards a hand makes, in listing order.

    ``masks[suit]`` has the suit's ranks held as bits, ``wilds`` counts the wildcards.

    Only runs with at least ``fewest`` naturals are listed.
    """
    found: list[Choice] = []
    if wilds >= size and fewest == 0:
        found.append(_wild_choice(size))
    least = size - wilds if size - wilds > fewest else fewest  # max(1, ...) as two tests
    if least < 1:
        least = 1
    # Two half rows per suit, by the rank of the run's lowest natural: each depends only on
    # the ranks it can hold, so far fewer rows are kept than there are masks. A row's key
    # (an int): the ranks it can hold, the suit, the half, ``least`` and ``size``, what varies
    # most in the low bits (a dict finds an int key by its low bits first).
    tail = (least << 8 | size) << 16
    lower = _WINDOW[min(_RANKS, _HALF + size - 1)]
    rows = _RUN_ROWS
    for s, mask in enumerate(masks):
        if mask & _LOW_HALF:
            held = mask & lower
            row = rows.get(tail | held << 4 | s << 1)
            found += _new_run_row(s, 0, held, least, size) if row is None else row
        if mask >> _HALF:
            held = mask >> _HALF
            row = rows.get(tail | held << 4 | s << 1 | 1)
            found += _new_run_row(s, _HALF, held, least, size) if row is None else row
    return found


def _new_run_row(s: int, first: int, held: int, least: int, size: int) -> tuple[Choice, ...]:
    """:func:`_run_row`, kept under its key (see :func:`_run_choices`)."""
    row = _run_row(s, first, held, least, size)
    rows = _RUN_ROWS
    if len(rows) >= _KEPT_ROWS:
        rows.clear()
    rows[(least << 8 | size) << 16 | held << 4 | s << 1 | (first != 0)] = row
    return row


# Rows kept by key: at most this many, then they are forgotten.
_KEPT_ROWS: Final = 1 << 16
_HALF: Final = _RANKS // 2
_LOW_HALF: Final = _WINDOW[_HALF]
_RUN_ROWS: Final[dict[int, tuple[Choice, ...]]] = {}


def _run_row(s: int, first: int, held: int, least: int, size: int) -> tuple[Choice, ...]:
    """The runs of suit ``s`` with at least ``least`` naturals, in one half of the ranks.

    The half: runs whose lowest natural has a rank index from ``first`` to ``first + 5``.
    ``held`` has bit ``j`` set when the suit holds rank index ``first + j`` (the ranks of that
    half, and those above it a run can reach). Lowest rank first: the runs starting at each
    rank the suit holds, which depend only on the ranks held just above it
    (:func:`_run_window`).
    """
    found: list[Choice] = []
    window = _WINDOW[size - 1]
    for j in range(_HALF):
        if held >> j & 1:
            found += _run_window(s, first + j, held >> (j + 1) & window, least, size)
    return tuple(found)


@functools.lru_cache(maxsize=16384)
def _run_window(s: int, lowest: int, above: int, least: int, size: int) -> tuple[Choice, ...]:
    """The runs of suit ``s`` whose lowest natural has rank index ``lowest``.

    ``above`` has bit ``j`` set when the suit holds rank index ``lowest + 1 + j`` (the next
    ``size - 1`` ranks, the only ones such a run can hold).
    """
    ranks = [lowest + 1 + j for j in range(size - 1) if above >> j & 1]
    return tuple(
        _choice(((s, lowest), *((s, i) for i in combo)), size - 1 - extra)
        for extra in range(max(0, least - 1), min(len(ranks), size - 1) + 1)
        for combo in itertools.combinations(ranks, extra)
    )


# --- a hand held by a state, packed into ints ---------------------------------------------


# A hand held by a state, read in one pass by card index: a natural's rank index (-1 for a
# wildcard), and its bit in a 16-bit mask per suit (bit ``16 * suit + i``: a hand's suits in
# one int, no list item set per card; 0 for a wildcard). ``_PLACES`` has the three a pool
# needs together: a natural's pool place (``suit * 12 + rank index``), rank index and suit bit
# (``None`` for a wildcard).
_RANK_AT: Final[tuple[int, ...]] = tuple(-1 if c.is_wild else c.rank - 3 for c in BY_INDEX)
_SUIT_BIT_AT: Final[tuple[int, ...]] = tuple(
    0 if c.is_wild else 1 << 16 * c.suit + c.rank - 3 for c in BY_INDEX
)
_PLACES: Final[tuple[tuple[int, int, int] | None, ...]] = tuple(
    None if c.is_wild else (int(c.suit) * _RANKS + c.rank - 3, c.rank - 3, _SUIT_BIT_AT[c.index])
    for c in BY_INDEX
)


def _held_least_wilds(
    hand: tuple[Card, ...], runs: list[int], sets: list[int], capped: bool = False
) -> tuple[int, int]:
    """A lower bound on the wildcards ``runs`` and ``sets`` (sizes) need from ``hand``.

    The bound the solver asks before any search (its ``_least_wilds``), without a pool; the
    answer is the bound and the hand's wildcards. Each meld needs at least the wildcards of
    the cheapest meld of its kind and size in the whole hand (the sets together exactly
    :func:`_set_need`), and melds are disjoint. The hand's wildcards count for nothing (they
    are the hand's to spend). When ``capped``, the sets are not counted once the runs alone
    need more wildcards than the hand holds: the bound is then some number above them, not the
    bound itself. One pass over the hand (a table lookup per card) gives the counts per rank
    and the suits' masks.

    >>> hand = tuple(sort_cards(cards("2C 7H 7S 9C 9D 10C JC 5H")))
    >>> _held_least_wilds(hand, [4, 4], [3]), _held_least_wilds(hand, [4, 4], [3], capped=True)
    ((3, 1), (2, 1))
    """
    totals = [0] * _RANKS
    held = wilds = 0
    rank_at = _RANK_AT
    suit_bit_at = _SUIT_BIT_AT
    for c in hand:
        index = c.index
        i = rank_at[index]
        if i < 0:
            wilds += 1
        else:
            totals[i] = totals[i] + 1
            held |= suit_bit_at[index]
    need = 0
    if runs:  # first: the runs of a contract that has both usually need the most
        masks = _suit_masks(held)
        cheapest = 0
        for k, size in enumerate(runs):  # runs are sorted, largest first
            if not k or size != runs[k - 1]:
                cheapest = _cheapest_window(masks, size)
            need += cheapest
        if capped and need > wilds:
            return need, wilds
    return need + _set_need(totals, sets), wilds


def _suit_masks(held: int) -> list[int]:
    """The suits' rank masks of a hand's naturals packed 16 bits a suit (``_SUIT_BIT_AT``)."""
    masks = [0] * _SUITS
    s = 0
    while held:
        masks[s] = held & _RANK_MASK
        held >>= 16
        s += 1
    return masks


_RANK_MASK: Final = _WINDOW[_RANKS]


def lacks_melds_of_3(hand: tuple[Card, ...]) -> bool:
    """Whether a hand held by a state (sorted: its wildcards first) makes no meld of 3 at all.

    The same as ``not meld_choices(Pool(held=hand), 3)``
    (:mod:`hellsrummy.contracts.enumeration`), worked out in one pass over the hand (a table
    lookup per card). With two wildcards any natural makes a set; otherwise a set needs a rank
    held ``3 - wildcards`` times, and a run two (or, without a wildcard, three) naturals of one
    suit within three ranks.

    >>> [lacks_melds_of_3(tuple(cards(text))) for text in ("3C 4D 6C 9H 9S", "2C 9H 9S")]
    [True, False]
    """
    totals = [0] * _RANKS
    held = wilds = 0
    rank_at = _RANK_AT
    suit_bit_at = _SUIT_BIT_AT
    for c in hand:  # the wildcards first
        index = c.index
        i = rank_at[index]
        if i < 0:
            wilds += 1
            if wilds >= 2:
                return len(hand) < 3
        else:
            total = totals[i] + 1
            if total + wilds >= 3:
                return False
            totals[i] = total
            held |= suit_bit_at[index]
    if wilds:
        return not held & (held >> 1 | held >> 2)
    return not held & held >> 1 & held >> 2


def joins_a_meld_of_3(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether the natural ``card`` is in a meld of 3 from ``hand`` and ``card`` together.

    ``hand`` is held by a state (sorted: its wildcards first). The same as
    ``any(card in meld for meld in possible_melds((*hand, card), 3))``, in one pass over the
    hand: a set needs ``3 - wildcards`` naturals of the card's rank, the card among them; a
    run another natural of its suit within two ranks and a wildcard, or, without a wildcard,
    two more that make three ranks in a row.

    >>> [joins_a_meld_of_3(tuple(cards("2C 9H")), card(text)) for text in ("JH", "QH")]
    [True, False]
    """
    wilds = leading_wilds(hand)
    rank, suit = card.rank, card.suit
    same = 1 + wilds
    near = 0  # bit ``d + 2`` for a natural of the suit ``d`` ranks away (``d`` = -2..2)
    for other in hand[wilds:]:
        if other.rank == rank:
            same += 1
        elif other.suit == suit and -2 <= other.rank - rank <= 2:
            near |= 1 << (other.rank - rank + 2)
    if same >= 3:
        return True
    if wilds:
        return near != 0
    return near & 0b11 == 0b11 or near & 0b1010 == 0b1010 or near & 0b11000 == 0b11000
