"""Actions: what a player does, as small frozen values (see :ref:`rules-turn`).

Actions carry no seat: :func:`hellsrummy.apply` acts for the seat whose turn it is. The
actions that another seat may take, :class:`SetPlayProtection`, :class:`Leave` and (under the
classic discard policy) :class:`CallRummy`, name their seat.

Cards in an action are kept sorted, so two actions that do the same thing are equal.

>>> Meld([cards("7S 7H 7D"), cards("9C 9D 2H")])
Meld(melds=((card('7D'), card('7H'), card('7S')), (card('2H'), card('9C'), card('9D'))))
>>> print(Meld([cards("7S 7H 7D"), cards("9C 9D 2H")]))
meld 7D 7H 7S / 2H 9C 9D
>>> print(Extend(2, cards("8H")), SwapWildcard(1, card("7H")), Discard(card("KS")), sep=" | ")
extend 2 8H | swap 1 7H | discard KS
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from hellsrummy.deck.cards import Card, format_cards, sort_cards
from hellsrummy.errors import shown

__all__ = [
    "Action",
    "CallRummy",
    "Discard",
    "Extend",
    "Leave",
    "Meld",
    "Pass",
    "SetPlayProtection",
    "SwapWildcard",
    "Take",
]


def _sorted_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"cards must be Card objects, not text {shown(value)}; use cards()")
    result = tuple(value)
    for position, c in enumerate(result):
        if not isinstance(c, Card):
            raise ValueError(f"cards[{position}] must be a Card, got {shown(c)}")
    return tuple(sort_cards(result))


def _sorted_melds(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"melds must be sequences of Card objects, not text {shown(value)}")
    melds = []
    for position, meld in enumerate(value):
        try:
            melds.append(_sorted_cards(meld))
        except (ValueError, TypeError) as error:
            raise ValueError(f"melds[{position}]: {error}") from None
    return tuple(melds)


def _check_card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    if not isinstance(value, Card):
        raise ValueError(f"{attribute.name} must be a Card, got {shown(value)}")


def _check_index(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a non-negative int, got {shown(value)}")


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be a bool, got {shown(value)}")


@attrs.frozen
class Take:
    """Take the discard into the hand (the start of a turn).

    >>> str(Take()), Take() == Take()
    ('take', True)
    """

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Pass:
    """Pass the discard (the start of a turn).

    The discard and the top stock card go to the next player, who must keep them; then the
    player draws the next stock card.

    >>> str(Pass())
    'pass'
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Meld:
    """Lay down melds, in the order given (they are numbered in that order on the table).

    For a player who has not met the minimum, the melds must fulfil the round's contract: one
    meld per requirement, matched in any order. Afterwards, each meld must simply be valid.

    >>> str(Meld([cards("4H 5H 6H 7H"), cards("9C 9D 9S")]))
    'meld 4H 5H 6H 7H / 9C 9D 9S'
    """

    melds: tuple[tuple[Card, ...], ...] = attrs.field(converter=_sorted_melds)

    def __str__(self) -> str:
        return "meld " + " / ".join(format_cards(meld) for meld in self.melds)


@attrs.frozen
class Extend:
    """Add cards from the hand to meld number ``meld`` (anyone's) on the table.

    >>> str(Extend(0, cards("8H 2C")))
    'extend 0 2C 8H'
    """

    meld: int = attrs.field(validator=_check_index)
    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        return f"extend {self.meld} {format_cards(self.cards)}"


@attrs.frozen
class SwapWildcard:
    """Put the natural ``card`` into meld ``meld`` in place of a wildcard (a "buy").

    The wildcard goes to the hand. When the meld holds several deuces, the lowest-sorting
    one (``2C`` before ``2D``...) comes out.

    >>> str(SwapWildcard(3, card("JD")))
    'swap 3 JD'
    """

    meld: int = attrs.field(validator=_check_index)
    card: Card = attrs.field(validator=_check_card)

    def __str__(self) -> str:
        return f"swap {self.meld} {self.card}"


@attrs.frozen
class Discard:
    """Discard ``card``, ending the turn (or the round, if it was the last card).

    >>> str(Discard(card("10S")))
    'discard 10S'
    """

    card: Card = attrs.field(validator=_check_card)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class SetPlayProtection:
    """Switch play protection on or off for ``seat`` (any time; never on in expert mode).

    >>> str(SetPlayProtection(2, True)), str(SetPlayProtection(2, False))
    ('protection 2 on', 'protection 2 off')
    """

    seat: int = attrs.field(validator=_check_index)
    on: bool = attrs.field(validator=_check_bool)

    def __str__(self) -> str:
        return f"protection {self.seat} {'on' if self.on else 'off'}"


@attrs.frozen
class Leave:
    """``seat`` leaves the game, at any moment (in its own turn too); play skips it from then on.

    Its hand stays out of play. If it leaves at its take-or-pass decision, the next seat
    decides on the same discard; if it leaves after taking or passing, the top stock card is
    turned up as the discard for the next seat (see :ref:`rules-leaving`).

    >>> str(Leave(4))
    'leave 4'
    """

    seat: int = attrs.field(validator=_check_index)

    def __str__(self) -> str:
        return f"leave {self.seat}"


@attrs.frozen
class CallRummy:
    """``seat`` calls "Rummy!" on a bad discard (only under ``DiscardPolicy.CLASSIC``).

    The discard ``card`` is placed on table meld ``meld``: as an extension, or with ``swap``
    in place of one of the meld's wildcards (the lowest-sorting one, which goes to the
    caller's hand). Then the caller gives ``substitute``, any card of its hand after that
    play, which becomes the discard; the seat that was deciding on the called card decides on
    the substitute. Naming ``card`` makes a late call on a discard already replaced fail
    instead of landing on the substitute.

    >>> str(CallRummy(2, card("8H"), meld=0, substitute=card("KS")))
    'rummy 2 8H extend 0 KS'
    >>> str(CallRummy(3, card("7C"), meld=1, substitute=card("2D"), swap=True))
    'rummy 3 7C swap 1 2D'
    """

    seat: int = attrs.field(validator=_check_index)
    """The calling seat."""
    card: Card = attrs.field(validator=_check_card)
    """The discard being called."""
    meld: int = attrs.field(validator=_check_index)
    """The table meld it plays on."""
    substitute: Card = attrs.field(validator=_check_card)
    """The card the caller gives as the new discard."""
    swap: bool = attrs.field(default=False, validator=_check_bool)
    """Whether the card takes a wildcard's place (else it extends the meld)."""

    def __str__(self) -> str:
        how = "swap" if self.swap else "extend"
        return f"rummy {self.seat} {self.card} {how} {self.meld} {self.substitute}"


_A = TypeVar("_A")


def trusted(cls: type[_A], **fields: Any) -> _A:
    """Build an action from fields already in canonical form, skipping conversion and checks.

    For the engine's own hot paths (the legal-move enumerator); everyone else should call the
    class. Cards must already be sorted.

    >>> from hellsrummy.game.actions import trusted
    >>> trusted(Extend, meld=0, cards=(card("8H"),)) == Extend(0, cards("8H"))
    True
    """
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


#: Any action.
Action = (
    Take | Pass | Meld | Extend | SwapWildcard | Discard | SetPlayProtection | Leave | CallRummy
)
