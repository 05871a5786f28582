"""The listing's quick sections: extensions, swaps, discards, and new melds of three counted.

:mod:`hellsrummy.moves.listing` puts a position's moves together from these parts; the bots
(:mod:`hellsrummy.players`) and the RL builder (:mod:`hellsrummy.rl`) take single parts
from here so as to list no more than they look at. Each part is worked out from the
position's hand facts (:mod:`hellsrummy.game.position`), in the listing's order: meld by meld
number, then card by card; discards by card. Actions are values, so the extensions and swaps
of the first melds, and every discard, are made once and shared.

>>> from hellsrummy.game.position import position
>>> from hellsrummy.moves.playmoves import listed_discards
>>> state = apply(new_game(3, seed=2026), Take())
>>> here = position(state)
>>> listed_discards(here) == [a for a in legal_actions(state) if isinstance(a, Discard)]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from hellsrummy.contracts.enumeration import Choice, meld_choices
from hellsrummy.contracts.needs import lacks_melds_of_3
from hellsrummy.contracts.solver import Pool
from hellsrummy.deck.cards import BY_INDEX, SUITS, Card, leading_wilds, pack
from hellsrummy.game.actions import Action, Discard, Extend, Meld, SwapWildcard
from hellsrummy.game.position import CountedMoves, Position
from hellsrummy.moves.meldmoves import (
    DeferredMelds,
    deuce_kinds,
    requirement_groups,
    with_deuces,
)
from hellsrummy.play.discarding import discards

__all__: list[str] = []

_Play = TypeVar("_Play", Extend, SwapWildcard)

#: The discard of each card of the widest pack, made once.
DISCARDS: Final = {c: Discard(c) for c in pack(SUITS)}
_DISCARD_AT: Final[tuple[Action, ...]] = tuple(DISCARDS[c] for c in BY_INDEX)
_new: Final = object.__new__
_set: Final = object.__setattr__


def _new_extend(number: int, added: Card) -> Extend:
    action: Extend = _new(Extend)
    _set(action, "meld", number)
    _set(action, "cards", (added,))
    return action


def _new_swap(number: int, natural: Card) -> SwapWildcard:
    action: SwapWildcard = _new(SwapWildcard)
    _set(action, "meld", number)
    _set(action, "card", natural)
    return action


# The extensions and swaps of the first melds are made once and shared.
_SHARED: Final = 24
_EXTENDS: Final = tuple(tuple(_new_extend(n, c) for c in BY_INDEX) for n in range(_SHARED))
_SWAPS: Final = tuple(tuple(_new_swap(n, c) for c in BY_INDEX) for n in range(_SHARED))


def listed_extensions(here: Position) -> list[Extend]:
    """The one-card extensions of a seat that has met the minimum, as the listing has them.

    >>> from hellsrummy.game.position import position
    >>> listed_extensions(position(apply(new_game(3, seed=2026), Take())))
    []
    """
    facts = here.hand_facts
    found: list[Extend] = []
    _by_meld(
        found, facts.extended, facts.extending, facts.indexes, facts.held, _EXTENDS, _new_extend
    )
    return found


def listed_swaps(here: Position) -> list[SwapWildcard]:
    """The single wildcard swaps of a seat that has met the minimum, as the listing has them.

    >>> from hellsrummy.game.position import position
    >>> listed_swaps(position(apply(new_game(3, seed=2026), Take())))
    []
    """
    facts = here.hand_facts
    found: list[SwapWildcard] = []
    _by_meld(found, facts.bought, facts.buying, facts.indexes, facts.held, _SWAPS, _new_swap)
    return found


def _by_meld(
    found: list[Any],
    melds: int,
    takes: list[int],
    indexes: list[int],
    held: tuple[Card, ...],
    shared: tuple[tuple[_Play, ...], ...],
    new: Callable[[int, Card], _Play],
) -> None:
    """Add the moves of the held rummies on ``melds`` (bits), meld by meld, then card by card.

    ``takes[at]`` has the bits of the melds that take held rummy ``at`` (card index
    ``indexes[at]``); the first melds' moves are the ``shared`` ones, others are made ``new``.
    """
    while melds:
        bit = melds & -melds
        melds ^= bit
        number = bit.bit_length() - 1
        if number < _SHARED:
            row = shared[number]
            for at in range(len(takes)):
                if takes[at] & bit:
                    found.append(row[indexes[at]])
        else:
            for at in range(len(takes)):
                if takes[at] & bit:
                    found.append(new(number, held[at]))


def listed_discards(here: Position) -> list[Action]:
    """The legal discards of a position, by card, as the listing has them.

    >>> from hellsrummy.game.position import position
    >>> [str(d) for d in listed_discards(position(apply(new_game(3, seed=2026), Take())))][:3]
    ['discard 4C', 'discard 5S', 'discard 7C']
    """
    found: list[Action] = []
    add_discards(found, here)
    return found


def add_discards(found: list[Action], here: Position) -> None:
    """Add the discards of a position to ``found``, by card (see :func:`listed_discards`).

    >>> found: list[Action] = []
    >>> from hellsrummy.game.position import position
    >>> add_discards(found, position(apply(new_game(3, seed=2026), Take())))
    >>> len(found) > 0
    True
    """
    allowed = discards(here)
    facts = here.hand_facts
    if allowed is facts.kept:  # the verdict's fast path answered: the naturals not rummies
        for index in facts.kepts:
            found.append(_DISCARD_AT[index])
    else:
        for c in allowed:
            found.append(_DISCARD_AT[c.index])


def first_listed(here: Position, melds: tuple[tuple[Card, ...], ...]) -> Meld:
    """The first move listed that lays ``melds``, as found (the hand's lowest deuces first).

    ``melds`` is a fulfilment of the contract (:func:`hellsrummy.fulfillments`) if the seat has
    not met it, else one meld of :func:`hellsrummy.possible_melds`. The other choices of
    deuces for these melds are its variants (:meth:`hellsrummy.LegalActions.variants`). The
    move is kept with the position, so that :func:`hellsrummy.apply` accepts it as listed.

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> from hellsrummy.game.position import position
    >>> here = position(state)
    >>> first = next(fulfillments(here.hand, here.contract), None)
    >>> first is None or first_listed(here, first) in legal_actions(state)
    True
    """
    move = deuce_variants(here, melds)[0]
    here.hand_out(move)
    return move


def deuce_variants(here: Position, melds: Sequence[tuple[Card, ...]]) -> list[Meld]:
    """Every move laying ``melds`` (sorted) from the hand, one per choice of its deuces.

    The move laying the hand's lowest deuces comes first (:func:`first_listed`); melds
    meeting identical requirements of the contract are put in its order.

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> from hellsrummy.game.position import position
    >>> first = next(fulfillments(state.hands[state.current], state.contract), None)
    >>> first is None or deuce_variants(position(state), first)[0] in legal_actions(state)
    True
    """
    groups = (1,) if here.met else requirement_groups(here.contract.requirements)
    return with_deuces(melds, deuce_kinds(here.hand), groups)


def hand_threes(here: Position) -> list[Choice]:
    """The hand's melds of 3, as the enumeration's choices, kept with the position.

    Handed on by a play that only takes cards from the hand (see :mod:`hellsrummy.play.plays`).

    >>> from hellsrummy.game.position import position
    >>> here = position(apply(new_game(3, seed=2026), Take()))
    >>> hand_threes(here) is hand_threes(here)
    True
    """
    threes = here.threes
    if threes is None:  # about half the hands make none: no pool to build, nothing to list
        hand = here.hand
        threes = [] if lacks_melds_of_3(hand) else meld_choices(Pool(held=hand), 3)
        here.threes = threes
    return threes


def counted_plays(here: Position) -> list[list[Action] | CountedMoves]:
    """The moves of a seat that has met the minimum as parts, the new melds counted, not made.

    New melds of three (a :class:`DeferredMelds`, if the hand makes any), then extensions,
    swaps and discards, made.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("2C 2D 7H 7S 9C 9D 9H KS 5H 5S 5D"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2C"), cards("9C 9D 9H")]))  # met
    >>> from hellsrummy.game.position import position
    >>> threes, others = counted_plays(position(state))
    >>> len(threes), [str(move) for move in threes.all()]
    (5, ['meld 2D 5D 5H', 'meld 2D 5D 5S', 'meld 2D 5H 5S', 'meld 5D 5H 5S', 'meld 2D QS KS'])
    >>> [str(move) for move in others]
    ['extend 0 2D', 'extend 1 2D', 'discard 5D', 'discard 5H', 'discard 5S', 'discard QS', \
'discard KS']
    """
    hand = here.hand
    threes = hand_threes(here)
    found: list[Action] = []
    facts = here.hand_facts
    if facts.held:
        held = facts.held
        indexes = facts.indexes
        _by_meld(found, facts.extended, facts.extending, indexes, held, _EXTENDS, _new_extend)
        _by_meld(found, facts.bought, facts.buying, indexes, held, _SWAPS, _new_swap)
    add_discards(found, here)
    if not threes:
        return [found]
    return [DeferredMelds(threes, hand[: leading_wilds(hand)], single=True), found]
