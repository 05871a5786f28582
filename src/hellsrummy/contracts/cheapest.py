"""The cheapest ways to meet a contract, and the best of them, found without listing them all.

A bot that has not met the minimum lays down, of the ways that take the fewest wildcards, the
one that sheds the most points, the first listed on a tie (:class:`hellsrummy.GreedyBot`).
:func:`cheapest_skeletons` lists every way of the fewest wildcards; a hand of many cards at a
high difficulty can have hundreds of thousands. :func:`best_cheapest` finds the same way by
branch and bound, in two searches: one for the most points a way can shed (each
requirement's choices tried best first, a branch left as soon as what remains could not shed
more than the best found), then one in the listing's order for the first way that sheds that
much. A GreedyBot decision on such a hand takes milliseconds, not seconds.
Both work on a hand as a state holds it (sorted: its wildcards first).

>>> from hellsrummy import cards, contract_for, format_cards, sort_cards
>>> from hellsrummy.contracts.cheapest import best_cheapest, cheapest_skeletons
>>> from hellsrummy.contracts.enumeration import laid_melds
>>> hand = tuple(sort_cards(cards("7H 7S 7D 9C 9D 9H KS KD KC")))
>>> for chosen in cheapest_skeletons(hand, contract_for(6)):
...     print(" / ".join(format_cards(meld) for meld in laid_melds(chosen, ())))
7D 7H 7S / 9C 9D 9H
7D 7H 7S / KC KD KS
9C 9D 9H / KC KD KS
>>> chosen = best_cheapest(hand, contract_for(6), {c: int(c.rank) for c in hand})
>>> " / ".join(format_cards(meld) for meld in laid_melds(chosen, ()))
'9C 9D 9H / KC KD KS'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.enumeration import Choice, _Enumeration, _fits
from hellsrummy.contracts.needs import _PLACES, _RANKS
from hellsrummy.contracts.solver import Pool, _facts_of, _least_wilds
from hellsrummy.deck.cards import Card
from hellsrummy.deck.melds import MeldKind

__all__ = ["best_cheapest", "cheapest_skeletons"]


def cheapest_skeletons(hand: tuple[Card, ...], contract: Contract) -> list[tuple[Choice, ...]]:
    """The fulfilments that take the fewest wildcards, as skeletons, in the listing's order.

    ``hand`` is held by a state (sorted: its wildcards first). The same as keeping, of every
    skeleton of :func:`hellsrummy.contracts.enumeration.skeletons_of`, those whose choices
    take the fewest wildcards; found by listing with a budget of wildcards that grows from the
    solver's lower bound until some fulfilment fits it. Empty when the contract cannot be met.

    >>> from hellsrummy import cards, contract_for, format_cards, sort_cards
    >>> from hellsrummy.contracts.enumeration import laid_melds
    >>> hand = tuple(sort_cards(cards("7H 7H 7S 9C 9D 2S 2D")))
    >>> for chosen in cheapest_skeletons(hand, contract_for(6)):
    ...     print(" / ".join(format_cards(meld) for meld in laid_melds(chosen, hand[:2])))
    7H 7H 7S / 2D 9C 9D
    """
    facts = _facts_of(contract)
    least = _least_wilds(hand, facts)
    if least is None:
        return []
    return _listed(_Enumeration(Pool(held=hand), facts, True), least)


def _listed(enumeration: _Enumeration, least: int) -> list[tuple[Choice, ...]]:
    """The fulfilments of the fewest wildcards, listed with budgets from ``least`` up."""
    for budget in range(least, enumeration.pool.wilds + 1):
        found: list[tuple[Choice, ...]] = enumeration.all(budget)
        if found:
            return found
    return []


def best_cheapest(
    hand: tuple[Card, ...], contract: Contract, points: Mapping[Card, int]
) -> tuple[Choice, ...] | None:
    """Of the fulfilments taking the fewest wildcards, the first of those shedding the most.

    A fulfilment sheds the ``points`` of its naturals (every card of ``hand`` but its
    wildcards must have an entry). The result is the skeleton that
    ``max(cheapest_skeletons(hand, contract), key=shed)`` gives, the first listed on a tie;
    ``None`` when the contract cannot be met. A hand of 16 cards or fewer has few cheapest
    ways, quicker to list; a bigger one's best is found by branch and bound.

    >>> from hellsrummy import cards, contract_for, format_cards, sort_cards
    >>> from hellsrummy.contracts.enumeration import laid_melds
    >>> hand = tuple(sort_cards(cards("7H 7S 8H 9H KS KD KC 2C 2D")))
    >>> chosen = best_cheapest(hand, contract_for(6), {c: int(c.rank) for c in hand})
    >>> " / ".join(format_cards(meld) for meld in laid_melds(chosen, hand[:2]))
    '2C 7H 7S / KC KD KS'
    >>> best_cheapest(hand[2:5], contract_for(6), {}) is None
    True
    """
    facts = _facts_of(contract)
    least = _least_wilds(hand, facts)
    if least is None:
        return None
    pool = Pool(held=hand)
    enumeration = _Enumeration(pool, facts, True)
    if len(hand) > _LISTED:  # a big hand: its ways may be many, and slow to list
        return _Best(enumeration, points, hand).best_from(least)
    found = _listed(enumeration, least)  # a few: quicker to list than to search
    best: tuple[Choice, ...] | None = None
    most = -1
    for chosen in found:  # the first that sheds the most
        shed = 0
        for choice in chosen:
            for c in choice[0]:
                shed += points[c]
        if shed > most:
            best, most = chosen, shed
    return best


#: The most cards of a hand whose cheapest ways :func:`best_cheapest` lists (quicker, for a
#: hand that has few): a bigger hand's are found by branch and bound.
_LISTED: Final = 16


def _searched(
    hand: tuple[Card, ...], contract: Contract, points: Mapping[Card, int]
) -> tuple[tuple[Choice, ...] | None, int]:
    """:func:`best_cheapest`'s result by branch and bound alone, and the branches it entered.

    For tests: the branch and bound finds what listing finds, in few branches.
    """
    facts = _facts_of(contract)
    least = _least_wilds(hand, facts)
    if least is None:
        return None, 0
    pool = Pool(held=hand)
    search = _Best(_Enumeration(pool, facts, True), points, hand)
    return search.best_from(least), search.nodes


class _Best:
    """The branch and bound of :func:`best_cheapest` over an enumeration's choices.

    Two searches per budget of wildcards. The first finds the most a fulfilment can shed:
    each requirement's choices are tried the most shed first (melds meeting identical
    requirements in the order of their keys, highest first, so that each set of melds is
    tried once), and a branch is left once even the richest naturals it has left could not
    shed more than the best found. Where only sets are left to choose and points go by rank,
    what they can shed depends only on how many naturals of each rank are left, and is
    worked out once per such count (:meth:`most_of_sets`). The second search walks the
    choices in the listing's order, as the enumeration does, leaving every branch that
    cannot shed that much: the first fulfilment it completes is the one wanted.
    """

    __slots__ = (
        "bounds",
        "enumeration",
        "kinds",
        "known",
        "most",
        "n",
        "nodes",
        "orders",
        "richest",
        "sheds",
        "sizes",
    )

    def __init__(
        self, enumeration: _Enumeration, points: Mapping[Card, int], hand: tuple[Card, ...]
    ) -> None:
        self.enumeration = enumeration
        self.n = n = len(enumeration.requirements)
        wilds = enumeration.pool.wilds + 1
        # sheds[k]: what each choice of requirement k sheds (by the choice's key, which tells
        # the choices of one requirement apart); orders[k][w]: its choices fitting w
        # wildcards, the most shed first; bounds[k][w]: the most requirements k, k + 1, ...
        # could shed with w wildcards left, each on its own.
        self.sheds: list[dict[int, int]] = []
        for choices in enumeration.lists:
            sheds: dict[int, int] = {}
            for choice in choices:
                shed = 0
                for c in choice[0]:
                    shed += points[c]
                sheds[choice[2]] = shed
            self.sheds.append(sheds)
        self.orders: list[list[list[tuple[int, Choice]] | None]] = [
            [None] * wilds for _ in range(n)
        ]
        self.bounds: list[list[int | None]] = [[None] * wilds for _ in range(n + 1)]
        # The naturals' places, the most points first, and the cards requirements k, k + 1, ...
        # lay: what they shed is at most the points of the richest naturals left.
        places: dict[int, int] = {}
        for c in hand:
            place = _PLACES[c.index]
            if place is not None:
                places[place[0]] = points[c]
        self.richest = sorted(places.items(), key=_most_first)
        sizes = [0] * (n + 1)
        for k in range(n - 1, -1, -1):
            sizes[k] = sizes[k + 1] + enumeration.requirements[k].size
        self.sizes = sizes
        # kinds[k]: when requirements k, k + 1, ... are all sets and a natural's points
        # depend on its rank alone, requirement k's choices as (shed, rank index, naturals,
        # wildcards), each kind once; else None. What such requirements can shed then
        # depends only on how many naturals of each rank are left (see most_of_sets).
        by_rank: dict[int, int] = {}
        for c in hand:
            place = _PLACES[c.index]
            if place is not None and by_rank.setdefault(place[1], points[c]) != points[c]:
                by_rank.clear()
                break
        self.kinds: list[list[tuple[int, int, int, int]] | None] = [None] * n
        if by_rank or not places:
            for k in range(n - 1, -1, -1):
                if enumeration.requirements[k].kind is not MeldKind.SET:
                    break
                kinds = {
                    (sheds[choice[2]], _rank_of(choice), len(choice[0]), choice[1])
                    for sheds in (self.sheds[k],)
                    for choice in enumeration.lists[k]
                }
                self.kinds[k] = sorted(kinds, reverse=True)
        self.known: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self.most = -1
        self.nodes = 0

    def order(self, k: int, wilds: int) -> list[tuple[int, Choice]]:
        """Requirement ``k``'s choices fitting ``wilds`` wildcards, the most shed first (kept)."""
        kept = self.orders[k][wilds]
        if kept is None:
            sheds = self.sheds[k]
            kept = [(sheds[choice[2]], choice) for choice in self.enumeration.fitting(k, wilds)]
            kept.sort(key=_most_shed)
            self.orders[k][wilds] = kept
        return kept

    def bound(self, k: int, wilds: int) -> int:
        """The most requirements ``k``, ``k + 1``, ... shed, each choosing on its own (kept)."""
        if k == self.n:
            return 0
        kept = self.bounds[k][wilds]
        if kept is None:
            first = self.order(k, wilds)
            kept = (first[0][0] if first else 0) + self.bound(k + 1, wilds)
            self.bounds[k][wilds] = kept
        return kept

    def richest_left(self, k: int, wilds: int) -> int:
        """The most the naturals left could shed in requirements ``k``, ``k + 1``, ...

        Every fulfilment of the budget takes all its wildcards: none takes fewer.
        """
        counts = self.enumeration.pool.counts
        need = self.sizes[k] - wilds
        reach = 0
        for place, value in self.richest:
            held = counts[place]
            if held:
                if held >= need:
                    return reach + need * value
                reach += held * value
                need -= held
        return reach

    def best_from(self, least: int) -> tuple[Choice, ...] | None:
        """The best fulfilment of the fewest wildcards, from ``least`` up, or ``None``."""
        for budget in range(least, self.enumeration.pool.wilds + 1):
            found = self.best(budget)
            if found is not None:
                return found
        return None

    def best(self, budget: int) -> tuple[Choice, ...] | None:
        """The best fulfilment within ``budget`` wildcards, or ``None`` if none fits it."""
        wilds = self.enumeration.wilds_for(budget)
        if wilds is None:
            return None
        self.most = -1
        self.top(0, wilds, 0, 0, 0, -1)
        if self.most < 0:
            return None
        return self.first(0, wilds, 0, 0, 0)

    def top(self, k: int, wilds: int, taken: int, gone: int, shed: int, before: int) -> None:
        """The first search: raises :attr:`most` to the most a fulfilment sheds.

        Melds meeting identical requirements are taken in the order of their keys, the
        highest first (``before`` is the key of the choice before): each set of melds once,
        and the order the most shed first mostly goes that way already.
        """
        self.nodes += 1
        if k and shed + self.richest_left(k, wilds) <= self.most:
            return
        enumeration = self.enumeration
        pool = enumeration.pool
        if self.kinds[k] is not None:  # sets only from here: by the naturals left of each rank
            reach = shed + self.most_of_sets(k, wilds, tuple(pool.totals))
            if reach > self.most:
                self.most = reach
            return
        counts = pool.counts
        rest = self.bound(k + 1, wilds)
        last = k + 1 == self.n
        ceiling = before if enumeration.same[k] else -1
        for value, choice in self.order(k, wilds):
            if shed + value + rest <= self.most:
                break  # the rest shed no more than this one
            key: int = choice[2]
            if key > ceiling >= 0:
                continue
            if not _free(choice, taken, gone, counts):
                continue
            if last:  # the first that fits is the best of this branch
                self.most = shed + value
                return
            need: int = choice[1]
            places: tuple[tuple[int, int], ...] = choice[3]
            emptied = _take(pool, places, gone)
            if k + 3 >= self.n or enumeration.feasible(k + 1, wilds - need):
                self.top(k + 1, wilds - need, taken | choice[4], emptied, shed + value, key)
            _give(pool, places)

    def most_of_sets(self, k: int, wilds: int, totals: tuple[int, ...]) -> int:
        """The most that sets for requirements ``k``, ``k + 1``, ... shed (-1: none fit).

        ``totals[i]`` naturals of rank index ``i`` are left: a set of ``naturals`` of that
        rank can be made of them, whatever their suits, if there are as many (the choices
        were listed from the whole hand, every mix of suits). Kept by what it depends on.
        """
        if k == self.n:
            return 0
        known = self.known
        key = (k, wilds, totals)
        most = known.get(key)
        if most is None:
            self.nodes += 1
            most = -1
            kinds = self.kinds[k]
            assert kinds is not None
            for shed, i, naturals, need in kinds:
                if need > wilds or shed <= most:
                    continue  # the kinds come the most shed first: a later one may fit
                if naturals:
                    if totals[i] < naturals:
                        continue
                    left = (*totals[:i], totals[i] - naturals, *totals[i + 1 :])
                else:
                    left = totals
                rest = self.most_of_sets(k + 1, wilds - need, left)
                if rest >= 0 and shed + rest > most:
                    most = shed + rest
            known[key] = most
        return most

    def first(
        self, k: int, wilds: int, taken: int, gone: int, shed: int
    ) -> tuple[Choice, ...] | None:
        """The second search: the first fulfilment listed that sheds :attr:`most`, if any."""
        self.nodes += 1
        most = self.most
        if k and shed + self.richest_left(k, wilds) < most:
            return None
        enumeration = self.enumeration
        pool, chosen = enumeration.pool, enumeration.chosen
        counts = pool.counts
        sheds = self.sheds[k]
        least = most - shed - self.bound(k + 1, wilds)  # what this choice must shed at least
        floor: int = chosen[-1][2] if enumeration.same[k] else -1
        last = k + 1 == self.n
        for choice in enumeration.fitting(k, wilds):
            key: int = choice[2]
            if key < floor or sheds[key] < least or not _free(choice, taken, gone, counts):
                continue
            if last:
                return (*chosen, choice)
            need: int = choice[1]
            places: tuple[tuple[int, int], ...] = choice[3]
            chosen.append(choice)
            emptied = _take(pool, places, gone)
            found = None
            if k + 3 >= self.n or enumeration.feasible(k + 1, wilds - need):
                found = self.first(
                    k + 1, wilds - need, taken | choice[4], emptied, shed + sheds[key]
                )
            _give(pool, places)
            chosen.pop()
            if found is not None:
                return found
        return None


def _free(choice: Choice, taken: int, gone: int, counts: list[int]) -> bool:
    """Whether the naturals ``choice`` takes are still in the pool (the enumeration's test).

    ``gone`` has a bit for each place the choices made emptied, ``taken`` for each they took
    from: only a choice taking several naturals of such a place needs its counts looked at.
    """
    mask: int = choice[4]
    if mask & gone:
        return False
    multi: int = choice[5]
    return not (multi & taken) or _fits(counts, choice[3])


def _take(pool: Pool, places: tuple[tuple[int, int], ...], gone: int) -> int:
    """Takes a choice's naturals from the pool; returns ``gone`` with the places it emptied."""
    counts = pool.counts
    for place, n in places:
        for _ in range(n):
            pool.take(place // _RANKS, place % _RANKS)
        if not counts[place]:
            gone |= 1 << place
    return gone


def _give(pool: Pool, places: tuple[tuple[int, int], ...]) -> None:
    """Gives a choice's naturals back: :func:`_take` undone."""
    for place, n in places:
        for _ in range(n):
            pool.give(place // _RANKS, place % _RANKS)


def _rank_of(choice: Choice) -> int:
    """The rank index of a set's naturals (-1 for a set of wildcards only)."""
    places: tuple[tuple[int, int], ...] = choice[3]
    return places[0][0] % _RANKS if places else -1


def _most_shed(item: tuple[int, Choice]) -> int:
    return -item[0]


def _most_first(item: tuple[int, int]) -> tuple[int, int]:
    return -item[1], item[0]
