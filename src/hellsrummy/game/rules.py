"""The rules of a game: every choice the rule book leaves open, as one frozen value.

:class:`Rules` gathers the schedule of difficulties, the hand size, the table bounds, the
deck plan, the score table and the discard policy; every **[decision]** of the rules
reference is a field here (see :ref:`rules-decisions`). All fields are plain data, so a
``Rules`` converts to and from JSON without surprises.

>>> rules = Rules()
>>> rules.schedule, rules.hand_size, rules.discard_policy
((6, 7, 8, 9, 10), 9, <DiscardPolicy.PENALIZE: 'penalize'>)
>>> Rules(schedule=[3, 25], expert=True).schedule
(3, 25)

A card's points (the score table's default) are in :mod:`hellsrummy.game.cardpoints`.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable

import attrs

from hellsrummy.contracts.difficulty import (
    DEFAULT_DECK_PLAN,
    STANDARD_SCHEDULE,
    DeckPlan,
    contract_for,
)
from hellsrummy.errors import instance_of, non_negative, optional_positive, shown
from hellsrummy.game.cardpoints import ScoreTable

__all__ = ["CLASSIC", "DiscardPolicy", "Rules"]


class DiscardPolicy(enum.Enum):
    """What happens when a player tries to discard a wildcard or a rummy.

    See :ref:`rules-discards` and :ref:`rules-calls`.

    * ``PENALIZE`` — the electronic game: the discard is refused, the turn stays open, every
      player is told, and the player scores the discard-error points for the round.
    * ``REJECT`` — for simulations: the discard raises :class:`hellsrummy.IllegalActionError`
      and nothing else happens.
    * ``CLASSIC`` — the human game at a kitchen table: every card of the hand is a legal
      discard (no discard errors, no play protection); while a *bad discard* (a wildcard, or
      a card that plays on a table meld) waits for the next seat's decision, any other seat
      may call "Rummy!" on it (:class:`hellsrummy.CallRummy`).

    >>> DiscardPolicy("reject")
    <DiscardPolicy.REJECT: 'reject'>
    """

    PENALIZE = "penalize"
    REJECT = "reject"
    CLASSIC = "classic"


# Read on every turn, as a module constant (an enum member read through its class costs a
# lookup); the engine's modules import it.
CLASSIC = DiscardPolicy.CLASSIC


# The most rounds a schedule may hold (documented on Rules.schedule).
_MAX_ROUNDS = 1000


def _to_schedule(value: Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"schedule must be a sequence of difficulties, got {shown(value)}")
    try:
        schedule = tuple(itertools.islice(value, _MAX_ROUNDS + 1))  # never more than that
    except TypeError:
        raise ValueError(
            f"schedule must be a sequence of difficulties, got {shown(value)}"
        ) from None
    if len(schedule) > _MAX_ROUNDS:
        raise ValueError(f"schedule must hold at most {_MAX_ROUNDS} rounds")
    return schedule


def _check_schedule(
    instance: Rules, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if not value:
        raise ValueError("schedule must hold at least one difficulty")
    for position, difficulty in enumerate(value):
        try:
            contract_for(difficulty)
        except ValueError as error:
            raise ValueError(f"schedule[{position}]: {error}") from None


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a positive int, got {shown(value)}")


def _boolean(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be a bool, got {shown(value)}")


def _to_policy(value: DiscardPolicy | str) -> DiscardPolicy:
    if isinstance(value, DiscardPolicy):
        return value
    if isinstance(value, str):  # anything else would reach the enum's own (unbounded) message
        try:
            return DiscardPolicy(value)
        except ValueError:
            pass
    raise ValueError(
        f"discard_policy must be one of {[p.value for p in DiscardPolicy]}, got {shown(value)}"
    )


@attrs.frozen(kw_only=True)
class Rules:
    """Every rule of a game that can vary, with the defaults of the rules reference.

    All arguments are keyword-only and optional.

    >>> Rules(hand_size=7, discard_policy="reject").discard_policy
    <DiscardPolicy.REJECT: 'reject'>
    >>> Rules(schedule=[2])
    Traceback (most recent call last):
    ...
    ValueError: schedule[0]: difficulty must be an int from 3 to 25, got 2
    >>> Rules(min_players=5, max_players=4)
    Traceback (most recent call last):
    ...
    ValueError: min_players (5) is more than max_players (4)
    """

    schedule: tuple[int, ...] = attrs.field(
        default=STANDARD_SCHEDULE, converter=_to_schedule, validator=_check_schedule
    )
    """Difficulty of each round, in order: 1 to 1000 difficulties of 3..25.

    See :ref:`rules-contracts`; :func:`hellsrummy.new_game` checks that every round can be
    dealt at every table size the game can reach (see :ref:`rules-game`)."""
    hand_size: int = attrs.field(default=9, validator=_positive)
    """Cards dealt to each player at the start of a round."""
    min_players: int = attrs.field(default=3, validator=_positive)
    """Fewest seats a game may have."""
    max_players: int = attrs.field(default=10, validator=_positive)
    """Most seats a game may have (the deck plan must cover it)."""
    deck_plan: DeckPlan = attrs.field(default=DEFAULT_DECK_PLAN, validator=instance_of(DeckPlan))
    """Suits by table size and decks by difficulty (:ref:`rules-deck-plan`, **[decision]**)."""
    score_table: ScoreTable = attrs.field(factory=ScoreTable, validator=instance_of(ScoreTable))
    """Points of the cards left in hand (:ref:`rules-scoring`, **[decision]**)."""
    discard_policy: DiscardPolicy = attrs.field(
        default=DiscardPolicy.PENALIZE, converter=_to_policy
    )
    """What a discard of a wildcard or a rummy does (see :ref:`rules-discards`)."""
    discard_error_points: int = attrs.field(default=3, validator=non_negative)
    """Points of each discard error and play-protection warning under ``PENALIZE``."""
    expert: bool = attrs.field(default=False, validator=_boolean)
    """Expert mode: no player may switch play protection on."""
    max_turns: int | None = attrs.field(default=None, validator=optional_positive)
    """End a round with no winner after this many turns (``None``: never)."""
    exact_contract_melds: bool = attrs.field(default=False, validator=_boolean)
    """Contract melds must have exactly the required size, not at least it (**[decision]**)."""
    discard_taken_card: bool = attrs.field(default=True, validator=_boolean)
    """A player may discard the card they took this turn (**[decision]**).

    With ``False`` the card taken this turn may still be discarded when no other card of the
    hand may go (the others are all wildcards or rummies), so a turn can always end."""

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({shown(self.min_players)}) is more than"
                f" max_players ({shown(self.max_players)})"
            )
        if self.min_players < 2:
            raise ValueError(f"min_players must be at least 2, got {self.min_players}")
        for difficulty in set(self.schedule):
            for players in (self.min_players, self.max_players):
                self.deck_plan.plan(players, difficulty)  # raises if the plan has no step
