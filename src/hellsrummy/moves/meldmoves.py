"""Meld moves: each meld (or fulfilment) as one move per distinct choice of the hand's deuces.

A hand's deuces are interchangeable as wildcards but not as cards: laying ``2C 7H 7S`` or
``2D 7H 7S`` leaves a different deuce in the hand, so :func:`hellsrummy.legal_actions` lists
both. The enumerations (:mod:`hellsrummy.contracts.enumeration`) hand the lowest deuces out; this
module makes every other distinct choice from them, and counts those moves without making them, so
that a listing's length and any one of its moves cost little even when a hand holds thousands.

>>> deal = Deal(hands=[cards("3C 4C 5D"), cards("2C 2D 7H 7S 9C 9D 9H KS 5H"),
...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
>>> moves = legal_actions(apply(new_game(3, seed=1, deal=deal), Take()))
>>> len(moves), str(moves[3]), str(moves[4])  # counted, then two made
(21, 'meld 2C 7H 7S / 2D 9C 9D', 'meld 2D 7H 7S / 2C 9C 9D')
"""

from __future__ import annotations

import functools
import itertools
import operator
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Final

from hellsrummy.contracts.contract import Requirement
from hellsrummy.contracts.enumeration import Choice, laid_melds
from hellsrummy.deck.cards import Card, leading_wilds
from hellsrummy.game.actions import Meld

__all__: list[str] = []

_new: Final = object.__new__
_set: Final = object.__setattr__
_MELD: Final = Meld


def _meld(melds: tuple[tuple[Card, ...], ...]) -> Meld:
    action: Meld = _new(_MELD)
    _set(action, "melds", melds)
    return action


def deuce_kinds(hand: tuple[Card, ...]) -> tuple[tuple[Card, int], ...]:
    """The hand's deuces as ``(deuce, count)``, in card order.

    The hand is sorted and deuces sort first, so they are its first cards.
    """
    if not hand or not hand[0].is_wild:
        return ()
    kinds: list[tuple[Card, int]] = []
    for c in hand:
        if not c.is_wild:
            break
        if kinds and kinds[-1][0] is c:
            kinds[-1] = (c, kinds[-1][1] + 1)
        else:
            kinds.append((c, 1))
    return tuple(kinds)


class _Groups:
    """The last requirements asked about, with their groups (a round asks about one contract).

    Kept as one tuple, replaced whole: a thread asking about other requirements at the same
    time cannot pair one's requirements with the other's groups.
    """

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[tuple[Requirement, ...] | None, tuple[int, ...]] = (None, ())


_LAST_GROUPS: Final = _Groups()


def requirement_groups(requirements: tuple[Requirement, ...]) -> tuple[int, ...]:
    """The lengths of the runs of identical requirements (melds meeting them are unordered)."""
    last = _LAST_GROUPS.last
    if last[0] is requirements:  # the same tuple while a contract is played
        return last[1]
    groups = _groups(requirements)
    _LAST_GROUPS.last = (requirements, groups)
    return groups


@functools.lru_cache(maxsize=256)
def _groups(requirements: tuple[Requirement, ...]) -> tuple[int, ...]:
    """:func:`requirement_groups` worked out (kept for a few contracts)."""
    return tuple(len(list(group)) for _, group in itertools.groupby(requirements))


def _with_deuces(
    melds: Sequence[tuple[Card, ...]],
    kinds: tuple[tuple[Card, int], ...],
    groups: tuple[int, ...] = (1,),
) -> list[Meld]:
    """Every distinct ``Meld`` action laying these melds, one per choice of deuces.

    ``melds`` take the hand's lowest deuces; every other distinct choice from the hand's
    deuces (``kinds``: each deuce and how many the hand holds) is listed too, since it leaves
    different deuces in the hand. Melds are sorted, so a meld's deuces are its first cards and
    a choice of deuces (in card order) goes in front of its naturals.
    """
    if len(kinds) <= 1:  # the deuces used are fixed, and the melds come in listing order
        return [_meld(tuple(melds))]
    if len(melds) == 1:  # one meld: a move per choice of its deuces, nothing to reorder
        meld = melds[0]
        wilds = leading_wilds(meld)
        if not wilds:
            return [_meld((meld,))]
        naturals = meld[wilds:]
        return [_meld((extra + naturals,)) for (extra,) in deal_deuces(kinds, (wilds,))]
    wanted = tuple(map(leading_wilds, melds))
    kept = [meld[w:] for meld, w in zip(melds, wanted, strict=False)]  # of one length
    choices: list[tuple[tuple[Card, ...], ...]]
    if not any(wanted):  # the deuces used are fixed: only orders differ
        choices = [tuple(melds)]
    else:
        add = operator.add
        choices = [tuple(map(add, chosen, kept)) for chosen in deal_deuces(kinds, wanted)]
    if _unordered(groups) or _apart(kept, groups):
        # Every choice is a different move, its melds already in order: melds of identical
        # requirements come lowest first, and with different naturals the deuces cannot
        # change that order.
        return [_meld(laid) for laid in choices]
    # Two deuce choices can be each other's reordering (identical melds swapping deuces):
    # put melds of identical requirements in a fixed order and list each outcome once.
    return [
        _meld(laid) for laid in dict.fromkeys(canonical_melds(laid, groups) for laid in choices)
    ]


def _unordered(groups: tuple[int, ...]) -> bool:
    """Whether no two requirements are identical (then no melds ever need reordering)."""
    for length in groups:  # noqa: SIM110 (a loop: a generator in all() costs more)
        if length > 1:
            return False
    return True


def _apart(kept: list[tuple[Card, ...]], groups: tuple[int, ...]) -> bool:
    """Whether the melds of each run of identical requirements have different naturals."""
    start = 0
    for length in groups:
        if length > 1 and len(set(kept[start : start + length])) < length:
            return False
        start += length
    return True


def _keys_apart(unit: tuple[Choice, ...], groups: tuple[int, ...]) -> bool:
    """:func:`_apart` of a unit's choices, by their keys.

    Choices meeting identical requirements have one size, and for those the keys (the
    naturals' card orders as digits) are equal exactly when the naturals are.
    """
    start = 0
    for length in groups:
        end = start + length
        for j in range(start + 1, end):
            key: int = unit[j][2]
            for i in range(start, j):
                if unit[i][2] == key:
                    return False
        start = end
    return True


def canonical_melds(
    laid: tuple[tuple[Card, ...], ...], groups: tuple[int, ...]
) -> tuple[tuple[Card, ...], ...]:
    """Sort the melds within each run of identical requirements (``groups`` gives run lengths)."""
    result: list[tuple[Card, ...]] = []
    start = 0
    for length in groups:
        if length == 1:
            result.append(laid[start])
        else:
            result += sorted(laid[start : start + length], key=_meld_key)
        start += length
    return tuple(result)


def _meld_key(meld: tuple[Card, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Melds compare by their naturals first, as :func:`hellsrummy.fulfillments` orders them."""
    wilds = leading_wilds(meld)
    return tuple(c.order for c in meld[wilds:]), tuple(c.order for c in meld[:wilds])


@functools.lru_cache(maxsize=4096)
def deal_deuces(
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
        found.extend((chosen, *tail) for tail in deal_deuces(left, rest))
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


# By a hand's deuces (their kinds as digits: card index and count), the number of ways to deal
# them to choices by the wildcards each takes (see DeferredMelds._count).
_DEALT: Final[dict[int, dict[int, int]]] = {}


class DeferredMelds:
    """Meld moves counted before they are made, in listing order.

    Each *unit* is the enumeration's choices for one fulfilment (or one new meld: a single
    choice), which with the hand's deuces handed out lowest first are the melds of a move
    (:func:`hellsrummy.contracts.enumeration.laid_melds`); the unit stands for every move
    :func:`_with_deuces` makes of those melds, one per distinct choice of deuces. A unit's moves are
    made when one of them is asked for, and kept (asked again, a move is the same object).
    With ``single``, each of ``units`` is one choice, a unit of its own (the new melds of a
    met seat: no unit to wrap around each).

    >>> from hellsrummy.contracts.enumeration import meld_choices
    >>> from hellsrummy.contracts.solver import Pool
    >>> hand = cards("2C 2D 7H 7S 8S")
    >>> pool = Pool(hand)
    >>> melds = DeferredMelds([(c,) for c in meld_choices(pool, 3)], pool.wild_cards,
    ...                   deuce_kinds(hand))
    >>> len(melds.units), len(melds), str(melds.at(3)), melds.at(3) is melds.all()[3]
    (5, 7, 'meld 2D 7H 7S', True)
    >>> [str(move) for move in melds.all()][2:4]
    ['meld 2C 7H 7S', 'meld 2D 7H 7S']
    >>> single = DeferredMelds(meld_choices(pool, 3), pool.wild_cards, deuce_kinds(hand),
    ...                        single=True)
    >>> list(map(str, single.all())) == list(map(str, melds.all()))
    True
    """

    __slots__ = ("ends", "groups", "kinds", "made", "single", "size", "units", "wild_cards")

    def __init__(
        self,
        units: list[tuple[Any, ...]],
        wild_cards: Sequence[Card],
        kinds: tuple[tuple[Card, int], ...],
        groups: tuple[int, ...] = (1,),
        single: bool = False,
    ) -> None:
        self.units = units
        self.wild_cards = wild_cards
        self.kinds = kinds
        self.groups = groups
        self.single = single
        # Made on first use: most listings make none of their meld moves.
        self.made: dict[int, list[Meld]] | None = None
        # ``ends[u]``: the moves of units 0..u together; ``None`` when each unit is one move.
        self.ends: list[int] | None = None
        if len(kinds) <= 1:
            self.size = len(units)
            return
        ends = []
        total = 0
        # The moves of a one-choice unit depend only on the wildcards it takes: counted once.
        by_need: list[int] = []
        # The number of deals by the wildcards each choice takes, kept for these deuces.
        code = 0
        for kind in kinds:
            code = code << 16 | kind[0].index << 8 | kind[1]
        counted = _DEALT.get(code)
        if counted is None:
            if len(_DEALT) >= 1 << 10:
                _DEALT.clear()
            counted = _DEALT[code] = {}
        apart = _unordered(groups)
        for unit in units:
            if single or len(unit) == 1:
                need: int = unit[1] if single else unit[0][1]
                while len(by_need) <= need:
                    by_need.append(-1)
                moves = by_need[need]
                if moves < 0:
                    moves = by_need[need] = self._count((unit,) if single else unit, counted, True)
                total += moves
            else:
                total += self._count(unit, counted, apart)
            ends.append(total)
        self.ends = ends
        self.size = total

    def _count(self, unit: tuple[Choice, ...], counted: dict[int, int], apart: bool) -> int:
        """How many moves :func:`_with_deuces` makes of ``unit``, mostly without making them.

        ``counted`` keeps the number of ways to hand out the deuces by the wildcards each
        choice takes (as an int: 16 bits a choice, below the number of choices). ``apart``:
        the melds of identical requirements are known to need no reordering.
        """
        key = 0
        for choice in unit:
            key = key << 16 | choice[1]
        if not key:
            return 1
        if apart or _keys_apart(unit, self.groups):
            key = key << 8 | len(unit)
            moves = counted.get(key)
            if moves is None:
                if len(counted) >= 1 << 12:
                    counted.clear()
                wanted = tuple([choice[1] for choice in unit])
                moves = counted[key] = len(deal_deuces(self.kinds, wanted))
            return moves
        return len(_with_deuces(laid_melds(unit, self.wild_cards), self.kinds, self.groups))

    def __len__(self) -> int:
        return self.size

    def moves(self, unit: int) -> list[Meld]:
        """The moves of unit ``unit``, made on first use."""
        made = self.made
        if made is None:
            made = self.made = {}
        else:
            found = made.get(unit)
            if found is not None:
                return found
        chosen = self.units[unit]
        laid = laid_melds((chosen,) if self.single else chosen, self.wild_cards)
        moves = made[unit] = _with_deuces(laid, self.kinds, self.groups)
        return moves

    def at(self, index: int) -> Meld:
        """The move at ``index`` (``0 <= index < len(self)``)."""
        ends = self.ends
        if ends is None:
            return self.moves(index)[0]
        unit = bisect_right(ends, index)
        return self.moves(unit)[index - (ends[unit - 1] if unit else 0)]

    def all(self) -> list[Meld]:
        """Every move, in order (those made already are the same objects)."""
        found: list[Meld] = []
        for unit in range(len(self.units)):
            found += self.moves(unit)
        return found
