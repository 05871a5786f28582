"""A position in words: the few lines a person reads, from a state (every hand) or a view.

:meth:`hellsrummy.GameState.describe` shows every hand, for debugging and analysis;
:meth:`hellsrummy.PlayerView.describe` shows what one seat sees, the other hands as their sizes.
Both are made here from the same lines, so a state and its views read alike, and both are
bounded: one line for the round, one per seat, one per meld on the table, one for the discard
and the stock, and the last public event. ``str()`` of a state or a view is :func:`headline`.

>>> state = new_game(3, seed=1)
>>> headline(state)
'round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from hellsrummy.contracts.contract import Contract
from hellsrummy.deck.cards import Card, format_cards
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.rules import Rules

__all__ = ["cards_text", "describe", "headline"]


class _Meld(Protocol):
    @property
    def owner(self) -> int: ...


class _Described(Protocol):
    """What a state and a view share, and the text is made of."""

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def round(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> enum.Enum: ...
    @property
    def melds(self) -> Sequence[_Meld]: ...
    @property
    def discard(self) -> Card | None: ...
    @property
    def discarder(self) -> int | None: ...
    @property
    def met(self) -> tuple[bool, ...]: ...
    @property
    def left(self) -> tuple[bool, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def penalties(self) -> tuple[int, ...]: ...
    @property
    def protection(self) -> tuple[bool, ...]: ...
    @property
    def log(self) -> EventLog: ...
    @property
    def difficulty(self) -> int: ...
    @property
    def contract(self) -> Contract: ...


def headline(value: _Described) -> str:
    """One line: the round, its contract, the phase and whose turn it is (while one is).

    >>> headline(view(new_game(4, seed=1), 2))
    'round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act'
    >>> state = apply(apply(new_game(3, seed=1), Leave(0)), Leave(1))  # one seat is left
    >>> headline(state)
    'round 1/5, difficulty 6 (Two Sets of 3), the game is over'
    """
    where = (
        f"round {value.round + 1}/{len(value.rules.schedule)}, difficulty {value.difficulty}"
        f" ({value.contract})"
    )
    phase = value.phase.value
    if phase in _OVER:
        return f"{where}, {_OVER[phase]}"
    return f"{where}, phase {phase}, seat {value.current} to act"


# The phases in which no seat is to act, as the headline says them.
_OVER = {"round_over": "the round is over", "game_over": "the game is over"}


def describe(
    value: _Described,
    hand_text: Callable[[int], str],
    stock: int,
    seats: Iterable[int] | None = None,
    title: str = "",
) -> str:
    """The lines of :meth:`hellsrummy.GameState.describe` and :meth:`PlayerView.describe`.

    ``hand_text(seat)`` writes a seat's hand (its cards, or what a view knows of them);
    ``stock`` is the stock's size; ``seats`` the seats to list (all by default); ``title``
    ends the first line.

    >>> state = new_game(3, seed=1)
    >>> print(describe(state, lambda seat: f"{seat}!", len(state.stock), seats=[0]))
    round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act
      seat 0 Seat 0, score 0: 0!
      discard 4H, stock 76 cards
      last: round 1 (difficulty 6) dealt by seat 0; discard 4H
    """
    lines = [headline(value) + title]
    for seat in seats if seats is not None else range(len(value.names)):
        lines.append(f"  seat {seat} {value.names[seat]}{_flags(value, seat)}: {hand_text(seat)}")
    for number, meld in enumerate(value.melds):
        lines.append(f"  meld {number} (seat {meld.owner}): {meld}")
    thrower = "" if value.discarder is None else f" (from seat {value.discarder})"
    shown = "none" if value.discard is None else str(value.discard)
    lines.append(f"  discard {shown}{thrower}, stock {stock} cards")
    last = value.log.last
    if last is not None:
        lines.append(f"  last: {last}")
    return "\n".join(lines)


def _flags(value: _Described, seat: int) -> str:
    words = [f"score {value.scores[seat]}"]
    if value.penalties[seat]:
        words.append(f"penalties {value.penalties[seat]}")
    if value.met[seat]:
        words.append("met")
    if value.protection[seat]:
        words.append("protected")
    if value.left[seat]:
        words.append("left")
    return ", " + ", ".join(words)


def cards_text(cards: Sequence[Card]) -> str:
    """A hand's cards in words, or ``(no cards)``.

    >>> cards_text(cards("3C 7H")), cards_text(())
    ('3C 7H', '(no cards)')
    """
    return format_cards(cards) if cards else "(no cards)"
