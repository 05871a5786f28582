"""Enumeration: every way to meet a contract, and every meld a hand holds, in a fixed order.

Both work on the hand as counts (the solver's pool). Each requirement's *choices* — the
distinct melds of its kind and size that the whole hand can make, as naturals plus a number of
wildcards — are listed once per hand, row by row (a set's rank, a run's suit); a row depends
only on what the hand holds of that rank or suit, so rows are memoised. Deeper in the search a
choice is skipped when the cards it needs are gone, which keeps exactly the order of a search
that lists the choices afresh from what is left at every step.

>>> hand = cards("7H 7H 7S 9C 9D 2S 2D")
>>> [" / ".join(format_cards(m) for m in f) for f in fulfillments(hand, contract_for(6))][:2]
['2D 7H 7H / 2S 9C 9D', '2D 7H 7S / 2S 9C 9D']
>>> [format_cards(m) for m in possible_melds(cards("7H 7S 8H 9H 2C"))]
['2C 7H 7S', '2C 7H 8H', '2C 7H 9H', '7H 8H 9H', '2C 8H 9H']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.needs import _PLACES, _RANKS, _run_choices, _set_row, _wild_choice
from hellsrummy.contracts.needs import Choice as Choice  # its home is needs: listed here too
from hellsrummy.contracts.solver import (
    Fulfillment,
    Pool,
    _check,
    _Facts,
    _facts_of,
    _least_wilds,
    _search,
)
from hellsrummy.deck.cards import Card, leading_wilds
from hellsrummy.errors import shown

__all__ = ["fulfillments", "melds_of", "possible_melds"]


def _set_choices(pool: Pool, size: int) -> list[Choice]:
    """Every distinct set of exactly ``size`` cards the pool can make, in listing order."""
    found: list[Choice] = []
    wilds = pool.wilds
    if wilds >= size:
        found.append(_wild_choice(size))
    counts = pool.counts
    totals = pool.totals
    fewest = max(1, size - wilds)
    masks = pool.masks
    top = len(masks) - 1  # the highest suit held: the suits above it hold nothing
    while top > 0 and not masks[top]:
        top -= 1
    top *= _RANKS
    # A row's key (an int): the rank's count in each suit (4 bits a suit, the highest first),
    # the rank, ``fewest`` and ``size``; a rank held 16 times is listed without keeping its row.
    # What varies most is in the low bits: a dict finds an int key by its low bits first.
    tail = (fewest << 8 | size) << 40
    rows = _SET_ROWS
    for i in range(_RANKS):
        total = totals[i]
        if total >= fewest:
            if total > 15:
                found += _set_row(i, tuple(counts[i::_RANKS]), fewest, size)
                continue
            column = 0
            at = top + i
            while at >= 0:
                column = column << 4 | counts[at]
                at -= _RANKS
            key = tail | column << 4 | i
            row = rows.get(key)
            if row is None:
                row = _set_row(i, tuple(counts[i::_RANKS]), fewest, size)
                if len(rows) >= _KEPT_SET_ROWS:
                    rows.clear()
                rows[key] = row
            found += row
    return found


# Set rows kept by key (see :func:`_set_choices`): at most this many, then they are forgotten.
_KEPT_SET_ROWS: Final = 1 << 14
_SET_ROWS: Final[dict[int, tuple[Choice, ...]]] = {}


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

    Every yielded fulfilment is valid. The search never follows a branch that cannot be
    completed, except that it tries the choices for the last two requirements together
    without asking first; so the time to the next result stays small even when there are
    many.

    >>> hand = cards("7H 7H 7S 9C 9D 2S 2D")
    >>> for melds in fulfillments(hand, contract_for(6)):
    ...     print(" / ".join(format_cards(m) for m in melds))
    2D 7H 7H / 2S 9C 9D
    2D 7H 7S / 2S 9C 9D
    7H 7H 7S / 2D 2S 9C
    7H 7H 7S / 2D 2S 9D
    7H 7H 7S / 2D 9C 9D
    """
    checked = _check(hand, contract)
    facts = _facts_of(contract)
    if _least_wilds(checked, facts) is None:  # most hands are turned away here
        return iter(())
    return itertools.chain.from_iterable(_Enumeration(Pool(held=checked), facts).run())


def skeletons_of(hand: tuple[Card, ...], contract: Contract) -> Iterator[tuple[Choice, ...]]:
    """The fulfilments of a hand (held by a state: no checks), each as its choices, in order.

    Lazy for contracts of three melds or more. A fulfilment is its choices with the hand's
    deuces handed out in sorted order, first to the first meld (:func:`laid_melds`).

    >>> hand, contract = tuple(sort_cards(cards("7H 7H 7S 9C 9D 2S 2D"))), contract_for(6)
    >>> ways = [laid_melds(chosen, hand[:2]) for chosen in skeletons_of(hand, contract)]
    >>> ways == list(fulfillments(hand, contract))
    True
    """
    facts = _facts_of(contract)
    if _least_wilds(hand, facts) is None:  # most hands are turned away here
        return iter(())
    enumeration = _Enumeration(Pool(held=hand), facts, True)
    if len(facts.requirements) <= 2:  # plain loops, all at once: few and quick
        return iter(enumeration.all())
    return itertools.chain.from_iterable(enumeration.run())  # lazily: maybe millions of ways


def laid_melds(chosen: Sequence[Choice], wild_cards: Sequence[Card]) -> Fulfillment:
    """The melds of these choices, the deuces ``wild_cards`` (sorted) handed out in order.

    >>> hand = tuple(sort_cards(cards("2C 2D 7H 7S 8H 9H")))
    >>> chosen = meld_choices(Pool(held=hand), 3)[2::6]  # 7H 7S, then 8H 9H: a deuce each
    >>> [format_cards(meld) for meld in laid_melds(chosen, hand[:2])]
    ['2C 7H 7S', '2D 8H 9H']
    """
    melds = []
    used = 0
    for naturals, need, *_ in chosen:
        melds.append(tuple(wild_cards[used : used + need]) + naturals)
        used += need
    return tuple(melds)


class _Enumeration:
    """The depth-first enumeration of :func:`fulfillments` (a class: see :class:`_RunSearch`).

    Each requirement's choices are listed once, from the whole hand; deeper in the search a
    choice is skipped when the cards it needs are gone. That keeps the order of a search that
    lists the choices afresh from what is left at every step: the choices of a smaller pool
    are those of the whole hand that still fit, in the same order. The last two requirements
    are searched together in plain loops (:meth:`pairs`), the levels above them lazily.
    """

    __slots__ = (
        "chosen",
        "fitted",
        "lists",
        "pool",
        "requirements",
        "rests",
        "same",
        "skeletons",
        "wild_cards",
    )

    def __init__(self, pool: Pool, facts: _Facts, skeletons: bool = False) -> None:
        self.pool = pool
        self.skeletons = skeletons
        self.requirements = facts.requirements
        self.wild_cards = tuple(pool.wild_cards)
        self.chosen: list[Choice] = []
        self.rests, self.same, shapes = facts.rests, facts.same, facts.shapes
        lists: list[list[Choice]] = []
        fitted: list[list[list[Choice] | None]] = []
        for k, first in enumerate(facts.first_shaped):
            if first < k:  # the same shape as an earlier requirement: the same choices
                lists.append(lists[first])
                fitted.append(fitted[first])
            else:
                run, size = shapes[k]
                lists.append(
                    _run_choices(pool.masks, pool.wilds, size) if run else _set_choices(pool, size)
                )
                fitted.append([None] * pool.wilds)
        self.lists = lists
        self.fitted = fitted

    def fitting(self, k: int, wilds: int) -> list[Choice]:
        """Requirement ``k``'s choices that take at most ``wilds`` wildcards, in order (kept).

        Deep in the search few wildcards are left, and most choices take more: the loops
        over choices walk these lists, not every choice. All of them fit the pool's wildcards.
        """
        if wilds >= self.pool.wilds:
            return self.lists[k]
        kept = self.fitted[k]
        found = kept[wilds]
        if found is None:
            found = []
            for choice in self.lists[k]:
                need: int = choice[1]
                if need <= wilds:
                    found.append(choice)
            kept[wilds] = found
        return found

    def wilds_for(self, budget: int | None) -> int | None:
        """The wildcards to spend (at most ``budget``), or ``None`` when nothing can fit."""
        wilds = self.pool.wilds if budget is None else min(budget, self.pool.wilds)
        runs, sets = self.rests[0]
        if len(self.requirements) > 2 and _search(self.pool, runs, sets, wilds) is None:
            return None
        return wilds

    def run(self, budget: int | None = None) -> Iterator[list[Any]]:
        """The fulfilments in order, in lists (one per choice next to last that found some).

        Only those that take at most ``budget`` wildcards (by default, all the pool holds).
        """
        wilds = self.wilds_for(budget)
        if wilds is None:
            return iter(())
        if len(self.requirements) == 1:
            found: list[Any] = []
            self.last(0, wilds, 0, 0, found)
            return iter((found,))
        return self.go(0, wilds, 0, 0)

    def all(self, budget: int | None = None) -> list[Any]:
        """:meth:`run`'s fulfilments in one list, found in plain loops for up to two levels."""
        wilds = self.wilds_for(budget)
        found: list[Any] = []
        if wilds is None:
            return found
        levels = len(self.requirements)
        if levels == 1:
            self.last(0, wilds, 0, 0, found)
        elif levels == 2:
            self.pairs(0, 0, wilds, 0, 0, found, True)
        else:
            for part in self.go(0, wilds, 0, 0):
                found += part
        return found

    def feasible(self, k: int, wilds: int) -> bool:
        """Whether ``requirements[k:]`` can be met from what the pool holds now."""
        runs, sets = self.rests[k]
        return _search(self.pool, runs, sets, wilds) is not None

    def go(self, k: int, wilds: int, taken: int, gone: int) -> Iterator[list[Any]]:
        """The fulfilments that complete the choices made, from requirement ``k`` on.

        ``taken`` has a bit for every pool place the choices made take naturals from, ``gone``
        for every place they emptied: a choice that takes one natural from each of its places
        fits unless one of them is gone.
        """
        choices = self.fitting(k, wilds)  # none takes more wildcards than are left
        if k + 2 == len(self.requirements):
            # Two requirements left are searched at once (a loop over their choices),
            # faster than asking the solver first whether they can be met.
            start = 0
            while start < len(choices):
                found: list[Any] = []
                start = self.pairs(k, start, wilds, taken, gone, found, False)
                if found:
                    yield found
            return
        pool, chosen = self.pool, self.chosen
        counts = pool.counts
        floor: int = chosen[-1][2] if self.same[k] else -1
        for choice in choices:
            key: int = choice[2]
            if key < floor:
                continue
            mask: int = choice[4]
            if mask & gone:
                continue
            places: tuple[tuple[int, int], ...] = choice[3]
            multi: int = choice[5]
            if multi & taken and not _fits(counts, places):
                continue
            need: int = choice[1]
            chosen.append(choice)
            emptied = gone
            for at, n in places:
                for _ in range(n):
                    pool.take(at // _RANKS, at % _RANKS)
                if not counts[at]:
                    emptied |= 1 << at
            if k + 3 == len(self.requirements) or self.feasible(k + 1, wilds - need):
                yield from self.go(k + 1, wilds - need, taken | mask, emptied)
            for at, n in places:
                for _ in range(n):
                    pool.give(at // _RANKS, at % _RANKS)
            chosen.pop()

    def pairs(
        self, k: int, start: int, wilds: int, taken: int, gone: int, found: list[Any], every: bool
    ) -> int:
        """The fulfilments of requirement ``k``'s choices from ``start`` on, and the last one's.

        ``k`` is the requirement next to last; each choice of it that fits is completed by
        :meth:`last`, into ``found``. Unless ``every``, stops after the first choice that
        completes some. Returns the index of the next choice to try.
        """
        counts = self.pool.counts
        chosen = self.chosen
        choices = self.fitting(k, wilds)  # none takes more wildcards than are left
        floor: int = chosen[-1][2] if self.same[k] else -1
        end = len(choices)
        j = start
        while j < end:
            choice = choices[j]
            j += 1
            key: int = choice[2]
            if key < floor:
                continue
            mask: int = choice[4]
            if mask & gone:
                continue
            places: tuple[tuple[int, int], ...] = choice[3]
            multi: int = choice[5]
            if multi & taken and not _fits(counts, places):
                continue
            need: int = choice[1]
            chosen.append(choice)
            emptied = gone
            for at, n in places:  # the last level reads only the counts
                left = counts[at] - n
                counts[at] = left
                if not left:
                    emptied |= 1 << at
            size = len(found)
            self.last(k + 1, wilds - need, taken | mask, emptied, found)
            for at, n in places:
                counts[at] = counts[at] + n
            chosen.pop()
            if not every and len(found) > size:
                break
        return j

    def last(self, k: int, wilds: int, taken: int, gone: int, found: list[Any]) -> None:
        """The choices of the last requirement, each completing a fulfilment, into ``found``.

        The melds chosen before are put together only once one is found. As skeletons, each
        is the tuple of its choices.
        """
        counts = self.pool.counts
        chosen = self.chosen
        floor: int = chosen[-1][2] if self.same[k] else -1
        before: tuple[Any, ...] | None = None
        deuces: tuple[Card, ...] = ()
        for choice in self.fitting(k, wilds):  # none takes more wildcards than are left
            key: int = choice[2]
            if key < floor:
                continue
            mask: int = choice[4]
            if mask & gone:
                continue
            multi: int = choice[5]
            if multi & taken and not _fits(counts, choice[3]):
                continue
            if before is None:
                if self.skeletons:
                    before = tuple(chosen)
                else:
                    before = laid_melds(chosen, self.wild_cards)
                    used = 0
                    for made in chosen:
                        wilds_made: int = made[1]
                        used += wilds_made
                    deuces = self.wild_cards[used:]
            if self.skeletons:
                found.append((*before, choice))
            else:
                need: int = choice[1]
                found.append((*before, deuces[:need] + choice[0]))


def _fits(counts: list[int], places: tuple[tuple[int, int], ...]) -> bool:
    """Whether the pool's ``counts`` still hold every natural a choice takes at its places."""
    for at, n in places:  # noqa: SIM110 (a loop: a generator in all() costs more)
        if counts[at] < n:
            return False
    return True


def possible_melds(hand: Iterable[Card], size: int = 3) -> Iterator[tuple[Card, ...]]:
    """Every distinct meld of exactly ``size`` cards that ``hand`` holds, each sorted, lazily.

    Melds are multisets: identical cards are one choice, and deuces are interchangeable, so a
    meld that needs wildcards takes the hand's lowest-sorting deuces. A meld that reads both as
    a set and as a run is listed once.

    >>> [format_cards(m) for m in possible_melds(cards("7H 7S 8H 9H 2C"))]
    ['2C 7H 7S', '2C 7H 8H', '2C 7H 9H', '7H 8H 9H', '2C 8H 9H']
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 3:
        raise ValueError(f"size must be an int of at least 3, got {shown(size)}")
    if isinstance(hand, (str, bytes)):
        raise ValueError("hand must be an iterable of Card objects; use cards() to parse text")
    return iter(melds_of(Pool(hand), size))


def melds_of(pool: Pool, size: int) -> list[tuple[Card, ...]]:
    """The melds of :func:`possible_melds` from a pool, as a list.

    >>> [format_cards(m) for m in melds_of(Pool(cards("7H 7S 8H 9H 2C")), 3)]
    ['2C 7H 7S', '2C 7H 8H', '2C 7H 9H', '7H 8H 9H', '2C 8H 9H']
    """
    wild_cards = tuple(pool.wild_cards)
    # Already in card order: deuces first, then a set's suits or a run's ranks ascending.
    return [wild_cards[:wilds] + naturals for naturals, wilds, *_ in meld_choices(pool, size)]


def meld_choices(pool: Pool, size: int) -> list[Choice]:
    """The choices of :func:`possible_melds` (the melds lowest deuces first), in order."""
    # A run with fewer than two naturals is also a set, and the sets list it already.
    choices = _set_choices(pool, size)
    if size <= _RANKS:
        choices += _run_choices(pool.masks, pool.wilds, size, fewest=2)
    return choices


def still_fitting(
    choices: list[Choice], hand: tuple[Card, ...], removed: Iterable[Card]
) -> list[Choice] | None:
    """The choices of a hand for ``hand``, the same hand less the cards ``removed``.

    The choices of a smaller hand are those of the bigger one that still fit, in the same
    order (see the module documentation): those whose wildcards ``hand`` still holds and
    none of whose naturals left it for good. ``None`` (work them out afresh) in the rare case
    that a choice takes two copies of a card ``removed``.

    >>> hand = tuple(cards("2C 7H 7S 8H 9H"))
    >>> choices = meld_choices(Pool(held=hand), 3)
    >>> left = tuple(cards("2C 7S 8H 9H"))
    >>> still_fitting(choices, left, cards("7H")) == meld_choices(Pool(held=left), 3)
    True
    """
    gone = touched = 0
    for c in removed:
        place = _PLACES[c.index]
        if place is not None:  # a natural
            bit = 1 << place[0]
            touched |= bit
            for other in hand:  # cards are interned: ``c in hand`` without calling ``__eq__``
                if other is c:
                    break
            else:
                gone |= bit
    if not choices:
        return choices
    wilds = leading_wilds(hand)
    if touched:
        for choice in choices:
            if choice[5] & touched:
                return None
    return [choice for choice in choices if choice[1] <= wilds and not choice[4] & gone]
