"""Difficulties: the contract of each difficulty 3..25, the standard schedule, the deck plan.

The difficulty of a round is the number of cards its contract takes (see
:ref:`rules-contracts`). The pack a round is played with grows with the table and the
difficulty (see :ref:`rules-deck-plan`).

>>> str(contract_for(10))
'One Run of 7, One Set of 3'
>>> [contract_for(d).difficulty for d in STANDARD_SCHEDULE]
[6, 7, 8, 9, 10]
>>> deck_plan(4, 7)
((<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>), 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.deck.cards import SUITS, Suit
from hellsrummy.errors import shown

__all__ = [
    "DEFAULT_DECK_PLAN",
    "DIFFICULTIES",
    "STANDARD_SCHEDULE",
    "DeckPlan",
    "contract_for",
    "deck_plan",
]

#: The difficulties that have a contract: 3 to 25.
DIFFICULTIES = range(3, 26)

#: The difficulties of a standard five-round game.
STANDARD_SCHEDULE: tuple[int, ...] = (6, 7, 8, 9, 10)

# difficulty: (run sizes, set sizes) -- the contract table of the rules reference.
_TABLE: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    3: ((), (3,)),
    4: ((4,), ()),
    5: ((5,), ()),
    6: ((), (3, 3)),
    7: ((4,), (3,)),
    8: ((4, 4), ()),
    9: ((), (3, 3, 3)),
    10: ((7,), (3,)),
    11: ((4, 4), (3,)),
    12: ((4, 4, 4), ()),
    13: ((4,), (3, 3, 3)),
    14: ((4, 4), (3, 3)),
    15: ((), (3, 3, 3, 3, 3)),
    16: ((4, 4, 4, 4), ()),
    17: ((4, 4), (3, 3, 3)),
    18: ((), (3,) * 6),
    19: ((8, 8), (3,)),
    20: ((5, 5, 5, 5), ()),
    21: ((), (3,) * 7),
    22: ((5, 5), (3, 3, 3, 3)),
    23: ((4, 4), (5, 5, 5)),
    24: ((8, 8, 8), ()),
    25: ((), (5,) * 5),
}

#: Each difficulty's contract, read-only (:func:`contract_for` is the checked lookup).
CONTRACTS: Mapping[int, Contract] = MappingProxyType(
    {difficulty: Contract.of(runs=runs, sets=sets) for difficulty, (runs, sets) in _TABLE.items()}
)


def contract_for(difficulty: int) -> Contract:
    """The contract of a difficulty from 3 to 25 (see :ref:`rules-contracts`).

    >>> str(contract_for(6)), str(contract_for(23))
    ('Two Sets of 3', 'Two Runs of 4, Three Sets of 5')
    >>> contract_for(26)
    Traceback (most recent call last):
    ...
    ValueError: difficulty must be an int from 3 to 25, got 26
    """
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise ValueError(f"difficulty must be an int from 3 to 25, got {shown(difficulty)}")
    try:
        return CONTRACTS[difficulty]
    except KeyError:
        raise ValueError(
            f"difficulty must be an int from 3 to 25, got {shown(difficulty)}"
        ) from None


def _check_steps(
    instance: DeckPlan, attribute: attrs.Attribute[tuple[tuple[int, int], ...]], value: object
) -> None:
    steps = value if isinstance(value, tuple) else ()
    if not steps:
        raise ValueError(f"{attribute.name} must be a non-empty tuple of (limit, value) pairs")
    previous = 0
    for position, step in enumerate(steps):
        if (
            not isinstance(step, tuple)
            or len(step) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in step)
        ):
            raise ValueError(
                f"{attribute.name}[{position}] must be a pair of ints, got {shown(step)}"
            )
        limit, amount = step
        if limit <= previous:
            raise ValueError(
                f"{attribute.name}[{position}]: limits must increase, got {shown(limit)}"
            )
        if amount < 1:
            raise ValueError(
                f"{attribute.name}[{position}]: value must be positive, got {shown(amount)}"
            )
        previous = limit


def _to_steps(value: Sequence[Sequence[int]], name: str) -> tuple[tuple[int, ...], ...]:
    try:
        return tuple(tuple(step) for step in value)
    except TypeError:
        raise ValueError(f"{name} must be (limit, value) pairs, got {shown(value)}") from None


def _suit_steps(value: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    return _to_steps(value, "suits_by_players")


def _deck_steps(value: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    return _to_steps(value, "decks_by_difficulty")


@attrs.frozen
class DeckPlan:
    """How big a round's pack is: suits by table size, decks by difficulty.

    ``suits_by_players`` is a list of ``(most players, number of suits)`` steps and
    ``decks_by_difficulty`` of ``(highest difficulty, number of decks)`` steps; the first
    step whose limit is reached applies, so the first step also serves every smaller table
    (such as a table brought down to two seats by leaves). Suits are taken in order
    C D H S E R M. See :ref:`rules-deck-plan`.

    >>> plan = DeckPlan(suits_by_players=[(6, 4), (10, 5)], decks_by_difficulty=[(25, 2)])
    >>> plan.plan(7, 12)
    ((<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.EAGLES: 4>), 2)
    >>> DEFAULT_DECK_PLAN.plan(10, 25)[1], len(DEFAULT_DECK_PLAN.plan(10, 25)[0])
    (4, 7)
    """

    suits_by_players: tuple[tuple[int, int], ...] = attrs.field(
        converter=_suit_steps, validator=_check_steps
    )
    decks_by_difficulty: tuple[tuple[int, int], ...] = attrs.field(
        converter=_deck_steps, validator=_check_steps
    )

    def __attrs_post_init__(self) -> None:
        most = max(suits for _, suits in self.suits_by_players)
        if most > len(SUITS):
            raise ValueError(f"suits_by_players asks for {most} suits; there are {len(SUITS)}")

    def plan(self, players: int, difficulty: int) -> tuple[tuple[Suit, ...], int]:
        """The suits and number of decks for a round.

        Raises :class:`ValueError` when the plan has no step for ``players`` or
        ``difficulty``.

        >>> DEFAULT_DECK_PLAN.plan(5, 11)[1]
        3
        """
        suits = _lookup(self.suits_by_players, players, "players")
        decks = _lookup(self.decks_by_difficulty, difficulty, "difficulty")
        return SUITS[:suits], decks


def _lookup(steps: tuple[tuple[int, int], ...], key: int, name: str) -> int:
    if isinstance(key, bool) or not isinstance(key, int) or key < 1:
        raise ValueError(f"{name} must be a positive int, got {shown(key)}")
    for limit, amount in steps:
        if key <= limit:
            return amount
    raise ValueError(
        f"the deck plan has no step for {name}={shown(key)} (it goes up to {steps[-1][0]})"
    )


#: The deck plan of the rules reference (:ref:`rules-deck-plan`): 3-4 players → 4 suits,
#: 5-6 → 5, 7-8 → 6, 9-10 → 7; difficulty 3-10 → 2 decks, 11-17 → 3, 18-25 → 4.
DEFAULT_DECK_PLAN = DeckPlan(
    suits_by_players=((4, 4), (6, 5), (8, 6), (10, 7)),
    decks_by_difficulty=((10, 2), (17, 3), (25, 4)),
)


def deck_plan(players: int, difficulty: int) -> tuple[tuple[Suit, ...], int]:
    """The suits and number of decks of a round's pack under the default plan.

    Players must number 3 to 10 (the sizes a game starts with; a table brought down to two
    seats by leaves plays with the plan's first step, ``DEFAULT_DECK_PLAN.plan(2, difficulty)``)
    and the difficulty be 3 to 25. See :ref:`rules-deck-plan`.

    >>> suits, decks = deck_plan(7, 18)
    >>> "".join(s.letter for s in suits), decks
    ('CDHSER', 4)
    >>> deck_plan(2, 6)
    Traceback (most recent call last):
    ...
    ValueError: players must be an int from 3 to 10, got 2
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 10:
        raise ValueError(f"players must be an int from 3 to 10, got {shown(players)}")
    contract_for(difficulty)  # validates the difficulty
    return DEFAULT_DECK_PLAN.plan(players, difficulty)
