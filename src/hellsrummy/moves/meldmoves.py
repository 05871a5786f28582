"""Meld moves: each meld (or fulfilment) as one listed move, its deuces chosen lowest first.

A hand's deuces are interchangeable for the rules and the score (each is a wildcard worth 20
points) but not as cards: laying ``2C 7H 7S`` or ``2D 7H 7S`` leaves a different deuce in the
hand. :func:`hellsrummy.legal_actions` lists one move per meld layout, laying the hand's lowest
deuces first (the enumerations, :mod:`hellsrummy.contracts.enumeration`, hand them out so);
:func:`with_deuces` makes every other distinct choice of deuces for the same melds, the move's
*variants* (:meth:`hellsrummy.LegalActions.variants`). A hand of seven different deuces can lay
one layout in thousands of ways, so listing them all multiplied the biggest listings by up to a
hundred.

>>> deal = Deal(hands=[cards("3C 4C 5D"), cards("2C 2D 7H 7S 9C 9D 9H KS 5H"),
...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
>>> moves = legal_actions(apply(new_game(3, seed=1, deal=deal), Take()))
>>> len(moves), str(moves[3])  # counted, then one made
(17, 'meld 2C 7H 7S / 2D 9C 9D')
>>> [str(move) for move in moves.variants(moves[3])]
['meld 2C 7H 7S / 2D 9C 9D', 'meld 2D 7H 7S / 2C 9C 9D']
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterator, Sequence
from typing import Any, Final

from hellsrummy.contracts.contract import Requirement
from hellsrummy.contracts.enumeration import laid_melds
from hellsrummy.deck.cards import Card, leading_wilds
from hellsrummy.game.actions import Meld

__all__: list[str] = []

_new: Final = object.__new__
_set: Final = object.__setattr__
_MELD: Final = Meld


def meld_move(melds: tuple[tuple[Card, ...], ...]) -> Meld:
    """The move laying ``melds`` as given (sorted cards, valid melds: not checked again).

    >>> str(meld_move((cards("7D 7H 7S"), cards("2C 9C 10C"))))
    'meld 7D 7H 7S / 2C 9C 10C'
    """
    action: Meld = _new(_MELD)
    _set(action, "melds", melds)
    return action


def deuce_kinds(hand: tuple[Card, ...]) -> tuple[tuple[Card, int], ...]:
    """The hand's deuces as ``(deuce, count)``, in card order.

    The hand is sorted and deuces sort first, so they are its first cards.

    >>> [(str(deuce), count) for deuce, count in deuce_kinds(cards("2C 2C 2H 7H"))]
    [('2C', 2), ('2H', 1)]
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


def with_deuces(
    melds: Sequence[tuple[Card, ...]],
    kinds: tuple[tuple[Card, int], ...],
    groups: tuple[int, ...] = (1,),
) -> list[Meld]:
    """Every distinct ``Meld`` action laying these melds, one per choice of deuces.

    ``melds`` take the hand's lowest deuces, and their move comes first; every other distinct
    choice from the hand's deuces (``kinds``: each deuce and how many the hand holds) follows,
    since it leaves different deuces in the hand. Melds are sorted, so a meld's deuces are its
    first cards and a choice of deuces (in card order) goes in front of its naturals.
    ``groups`` (:func:`requirement_groups`) tells which melds meet identical requirements:
    those are put in a fixed order, and moves that only reorder them are made once.

    >>> hand = cards("2C 2D 2H 7H 7S")
    >>> [str(move) for move in with_deuces([cards("2C 7H 7S")], deuce_kinds(hand))]
    ['meld 2C 7H 7S', 'meld 2D 7H 7S', 'meld 2H 7H 7S']
    """
    if len(kinds) <= 1:  # the deuces used are fixed, and the melds come in listing order
        return [meld_move(tuple(melds))]
    if len(melds) == 1:  # one meld: a move per choice of its deuces, nothing to reorder
        meld = melds[0]
        wilds = leading_wilds(meld)
        if not wilds:
            return [meld_move((meld,))]
        naturals = meld[wilds:]
        return [meld_move((extra + naturals,)) for (extra,) in deal_deuces(kinds, (wilds,))]
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
        return [meld_move(laid) for laid in choices]
    # Two deuce choices can be each other's reordering (identical melds swapping deuces):
    # put melds of identical requirements in a fixed order and list each outcome once.
    return [
        meld_move(laid) for laid in dict.fromkeys(canonical_melds(laid, groups) for laid in choices)
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


class DeferredMelds:
    """Meld moves counted before they are made, in listing order: one move per unit.

    Each *unit* is the enumeration's choices for one fulfilment (or one new meld: a single
    choice). Its move lays the melds of those choices with the hand's deuces ``wild_cards``
    handed out lowest first (:func:`hellsrummy.contracts.enumeration.laid_melds`); the other
    choices of deuces for the same melds are its variants (:func:`with_deuces`), not listed. A
    move is made when it is asked for and kept (asked again, a move is the same object); the
    melds without wildcards are the enumeration's own tuples, shared by every move laying them.
    With ``single``, each of ``units`` is one choice, a unit of its own (the new melds of a met
    seat: no unit to wrap around each).

    >>> from hellsrummy.contracts.enumeration import meld_choices
    >>> from hellsrummy.contracts.solver import Pool
    >>> hand = cards("2C 2D 7H 7S 8S")
    >>> pool = Pool(hand)
    >>> melds = DeferredMelds([(c,) for c in meld_choices(pool, 3)], pool.wild_cards)
    >>> len(melds.units), len(melds), str(melds.at(2)), melds.at(2) is melds.all()[2]
    (5, 5, 'meld 2C 7H 7S', True)
    >>> [str(move) for move in melds.all()][3:]
    ['meld 2C 2D 8S', 'meld 2C 7S 8S']
    >>> single = DeferredMelds(meld_choices(pool, 3), pool.wild_cards, single=True)
    >>> list(map(str, single.all())) == list(map(str, melds.all()))
    True
    """

    __slots__ = ("made", "single", "units", "wild_cards")

    def __init__(
        self, units: list[tuple[Any, ...]], wild_cards: Sequence[Card], single: bool = False
    ) -> None:
        self.units = units
        self.wild_cards = tuple(wild_cards)
        self.single = single
        # The moves made so far, by index (most listings make none of their meld moves).
        self.made: dict[int, Meld] | None = None

    def __len__(self) -> int:
        return len(self.units)

    def _move(self, unit: Any) -> Meld:
        return meld_move(laid_melds((unit,) if self.single else unit, self.wild_cards))

    def at(self, index: int) -> Meld:
        """The move at ``index`` (``0 <= index < len(self)``), made on first use."""
        made = self.made
        if made is None:
            made = self.made = {}
        move = made.get(index)
        if move is None:
            move = made[index] = self._move(self.units[index])
        return move

    def all(self) -> list[Meld]:
        """Every move, in order (see :meth:`each`)."""
        return list(self.each())

    def each(self) -> Iterator[Meld]:
        """Every move, in order, each made when it is reached (made already: the same object).

        The melds that take wildcards are made once per choice and the deuces they take, and
        shared by the moves laying them, so a listing of many moves holds little more than
        the moves themselves.
        """
        made = self.made or {}
        wild_cards = self.wild_cards
        shared: dict[tuple[int, int], tuple[Card, ...]] = {}
        single = self.single
        for index, unit in enumerate(self.units):
            move = made.get(index) if made else None
            if move is None:
                melds: list[tuple[Card, ...]] = []
                used = 0
                for choice in (unit,) if single else unit:
                    need: int = choice[1]
                    if need:
                        key = (id(choice), used)
                        meld = shared.get(key)
                        if meld is None:
                            meld = shared[key] = wild_cards[used : used + need] + choice[0]
                        melds.append(meld)
                        used += need
                    else:
                        melds.append(choice[0])
                move = meld_move(tuple(melds))
            yield move
