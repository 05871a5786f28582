"""Public events: what every player sees happen, one small frozen value per transition.

The log of a game is an :class:`EventLog`, a persistent list: appending an event makes a new
log in O(1) and shares the old one, so states stay cheap to create however long the game.

>>> log = EventLog().append(Took(seat=1, card=card("7H"))).append(Discarded(1, card("KS")))
>>> len(log), [str(event) for event in log]
(2, ['seat 1 took 7H', 'seat 1 discarded KS'])
"""

from __future__ import annotations

from typing import Any, get_args

import attrs

from hellsrummy.deck.cards import Card, format_cards

__all__ = [
    "EVENT_KINDS",
    "DiscardErrorMade",
    "DiscardTurnedUp",
    "Discarded",
    "Event",
    "EventKind",
    "Extended",
    "Melded",
    "Passed",
    "PlayProtectionChanged",
    "PlayProtectionWarning",
    "Refilled",
    "RoundEnded",
    "RoundStarted",
    "RummyCalled",
    "SeatLeft",
    "Swapped",
    "Took",
]


@attrs.frozen
class RoundStarted:
    """A round was dealt: its number (0-based), dealer, difficulty and the turned-up discard.

    >>> str(RoundStarted(0, 0, 6, card("5D")))
    'round 1 (difficulty 6) dealt by seat 0; discard 5D'
    """

    round: int
    dealer: int
    difficulty: int
    discard: Card

    def __str__(self) -> str:
        return (
            f"round {self.round + 1} (difficulty {self.difficulty}) dealt by seat {self.dealer};"
            f" discard {self.discard}"
        )


@attrs.frozen
class Took:
    """``seat`` took the discard ``card``.

    >>> str(Took(2, card("9C")))
    'seat 2 took 9C'
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} took {self.card}"


@attrs.frozen
class Passed:
    """``seat`` passed the discard ``card`` (with a face-down stock card) to seat ``to``.

    >>> str(Passed(2, card("9C"), 3))
    'seat 2 passed 9C to seat 3'
    """

    seat: int
    card: Card
    to: int

    def __str__(self) -> str:
        return f"seat {self.seat} passed {self.card} to seat {self.to}"


@attrs.frozen
class Refilled:
    """The stock ran out and a fresh shuffled deck of ``cards`` cards became the stock.

    >>> str(Refilled(52))
    'the stock was refilled with a fresh deck of 52 cards'
    """

    cards: int

    def __str__(self) -> str:
        return f"the stock was refilled with a fresh deck of {self.cards} cards"


@attrs.frozen
class Melded:
    """``seat`` laid down ``melds``, numbered from ``first``; ``met`` if this met the minimum.

    >>> str(Melded(1, 0, (cards("7C 7D 7H"),), met=True))
    'seat 1 met the minimum: [0] 7C 7D 7H'
    """

    seat: int
    first: int
    melds: tuple[tuple[Card, ...], ...]
    met: bool

    def __str__(self) -> str:
        laid = ", ".join(
            f"[{self.first + k}] {format_cards(meld)}" for k, meld in enumerate(self.melds)
        )
        verb = "met the minimum" if self.met else "melded"
        return f"seat {self.seat} {verb}: {laid}"


@attrs.frozen
class Extended:
    """``seat`` added ``cards`` to meld number ``meld``.

    >>> str(Extended(1, 0, cards("7S")))
    'seat 1 extended meld 0 with 7S'
    """

    seat: int
    meld: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} extended meld {self.meld} with {format_cards(self.cards)}"


@attrs.frozen
class Swapped:
    """``seat`` put ``card`` into meld ``meld`` and took its wildcard ``wildcard``.

    >>> str(Swapped(1, 0, card("7S"), card("2C")))
    'seat 1 swapped 7S for 2C in meld 0'
    """

    seat: int
    meld: int
    card: Card
    wildcard: Card

    def __str__(self) -> str:
        return f"seat {self.seat} swapped {self.card} for {self.wildcard} in meld {self.meld}"


@attrs.frozen
class Discarded:
    """``seat`` discarded ``card``.

    >>> str(Discarded(0, card("KS")))
    'seat 0 discarded KS'
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} discarded {self.card}"


@attrs.frozen
class DiscardErrorMade:
    """``seat`` tried to discard a wildcard or a rummy and scores ``points`` for it.

    Which card was tried (``card``) is not public: the state's log keeps it, so that the
    game's record (:func:`hellsrummy.record_of`) holds the very discard that was tried, and
    every seat's view shows ``None`` in its place (:meth:`hellsrummy.EventLog.public`).

    >>> str(DiscardErrorMade(3, 3)), str(DiscardErrorMade(3, 3, card("2C")))
    ('seat 3 made a discard error (3 points)', 'seat 3 made a discard error with 2C (3 points)')
    """

    seat: int
    points: int
    card: Card | None = None
    """The card tried; ``None`` where it is hidden (a seat's view) or unknown (format 3)."""

    def __str__(self) -> str:
        tried = "" if self.card is None else f" with {self.card}"
        return f"seat {self.seat} made a discard error{tried} ({self.points} points)"


@attrs.frozen
class PlayProtectionWarning:
    """``seat`` tried to discard with a play remaining and play protection on; ``points``.

    ``card``, the card tried, is kept as for :class:`DiscardErrorMade`: in the state's log,
    not in a seat's view.

    >>> str(PlayProtectionWarning(3, 3, card("KS")))
    'seat 3 was warned by play protection for KS (3 points)'
    """

    seat: int
    points: int
    card: Card | None = None
    """The card tried; ``None`` where it is hidden (a seat's view) or unknown (format 3)."""

    def __str__(self) -> str:
        tried = "" if self.card is None else f" for {self.card}"
        return f"seat {self.seat} was warned by play protection{tried} ({self.points} points)"


@attrs.frozen
class PlayProtectionChanged:
    """``seat`` switched play protection ``on`` or off.

    >>> str(PlayProtectionChanged(0, True))
    'seat 0 switched play protection on'
    """

    seat: int
    on: bool

    def __str__(self) -> str:
        return f"seat {self.seat} switched play protection {'on' if self.on else 'off'}"


@attrs.frozen
class SeatLeft:
    """``seat`` left the game.

    >>> str(SeatLeft(4))
    'seat 4 left the game'
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} left the game"


@attrs.frozen
class DiscardTurnedUp:
    """The top stock card, ``card``, was turned up as the discard (a seat left mid-turn).

    >>> str(DiscardTurnedUp(card("9C")))
    'the top stock card 9C was turned up as the discard'
    """

    card: Card

    def __str__(self) -> str:
        return f"the top stock card {self.card} was turned up as the discard"


@attrs.frozen
class RummyCalled:
    """``seat`` called "Rummy!": ``card`` went to meld ``meld``, ``substitute`` is the discard.

    With ``swap`` the card took the place of ``wildcard``, which went to the caller's hand;
    an extension has no ``wildcard``.

    >>> str(RummyCalled(2, card("8H"), 0, False, None, card("KS")))
    'seat 2 called Rummy! on 8H (extends meld 0) and gave KS'
    >>> str(RummyCalled(3, card("7C"), 1, True, card("2C"), card("5D")))
    'seat 3 called Rummy! on 7C (swapped for 2C in meld 1) and gave 5D'
    """

    seat: int
    card: Card
    meld: int
    swap: bool
    wildcard: Card | None
    substitute: Card

    def __str__(self) -> str:
        if self.swap:
            how = f"swapped for {self.wildcard} in meld {self.meld}"
        else:
            how = f"extends meld {self.meld}"
        return f"seat {self.seat} called Rummy! on {self.card} ({how}) and gave {self.substitute}"


@attrs.frozen
class RoundEnded:
    """Round ``round`` ended: ``winner`` went out (``None``: no winner); ``points`` per seat.

    >>> str(RoundEnded(0, 2, (15, 30, 0, 45)))
    'round 1 ended: seat 2 went out; points 15 30 0 45'
    """

    round: int
    winner: int | None
    points: tuple[int, ...]

    def __str__(self) -> str:
        who = "no winner" if self.winner is None else f"seat {self.winner} went out"
        return f"round {self.round + 1} ended: {who}; points {' '.join(map(str, self.points))}"


#: Any public event.
Event = (
    RoundStarted
    | Took
    | Passed
    | Refilled
    | Melded
    | Extended
    | Swapped
    | Discarded
    | DiscardErrorMade
    | PlayProtectionWarning
    | PlayProtectionChanged
    | SeatLeft
    | DiscardTurnedUp
    | RummyCalled
    | RoundEnded
)


@attrs.frozen
class EventKind:
    """One kind of event: its class and its tag in plain data.

    The kind's place in :data:`EVENT_KINDS` is its number in the event log's records
    (:mod:`hellsrummy.game.eventlog`), which read the fields' types from the class.

    >>> EVENT_KINDS[1]
    EventKind(cls=<class 'hellsrummy.game.events.Took'>, tag='took')
    >>> [kind.tag for kind in EVENT_KINDS][-2:]
    ['rummy_called', 'round_ended']
    """

    cls: type[Any]
    """The event's class."""
    tag: str
    """Its tag in plain data: :func:`hellsrummy.to_dict` writes ``"event": tag``."""


#: Every kind of event, in the order of the ``Event`` union (checked on import). The event log's
#: records (a record's kind is its row's place here), the ``"event"`` tags of
#: :func:`hellsrummy.to_dict` and :func:`hellsrummy.from_dict` and the event branches of
#: :func:`hellsrummy.json_schema` are all made from it, so a new event is its class, its place in
#: the union and one row here.
EVENT_KINDS: tuple[EventKind, ...] = (
    EventKind(RoundStarted, "round_started"),
    EventKind(Took, "took"),
    EventKind(Passed, "passed"),
    EventKind(Refilled, "refilled"),
    EventKind(Melded, "melded"),
    EventKind(Extended, "extended"),
    EventKind(Swapped, "swapped"),
    EventKind(Discarded, "discarded"),
    EventKind(DiscardErrorMade, "discard_error"),
    EventKind(PlayProtectionWarning, "play_protection_warning"),
    EventKind(PlayProtectionChanged, "play_protection_changed"),
    EventKind(SeatLeft, "seat_left"),
    EventKind(DiscardTurnedUp, "discard_turned_up"),
    EventKind(RummyCalled, "rummy_called"),
    EventKind(RoundEnded, "round_ended"),
)


def _check_kinds() -> None:
    """The table lists the ``Event`` union's classes in order, with distinct tags."""
    if tuple(kind.cls for kind in EVENT_KINDS) != get_args(Event):
        raise LookupError("EVENT_KINDS must list the classes of the Event union, in its order")
    tags = [kind.tag for kind in EVENT_KINDS]
    if len(set(tags)) != len(tags):
        raise LookupError(f"two kinds of event share a tag: {tags}")


_check_kinds()
