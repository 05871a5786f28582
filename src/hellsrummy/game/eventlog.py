"""The log of a game's public events: a persistent list, cheap to grow and to keep.

Appending an event makes a new :class:`EventLog` in O(1) that shares the old one, so states
stay cheap to create however long the game. :mod:`hellsrummy.game.events` defines the events.

>>> log = EventLog().append(Took(seat=1, card=card("7H"))).append(Discarded(1, card("KS")))
>>> len(log), [str(event) for event in log]
(2, ['seat 1 took 7H', 'seat 1 discarded KS'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Generic, TypeGuard, TypeVar

import attrs

from hellsrummy.deck.cards import BY_INDEX, Card
from hellsrummy.game.events import (
    EVENT_KINDS,
    Discarded,
    DiscardErrorMade,
    Event,
    Extended,
    Melded,
    Passed,
    PlayProtectionWarning,
    Swapped,
    Took,
)

__all__ = ["EventLog", "Fold"]

# The log keeps each event as a *record*: a tuple of the event's kind and its fields, with every
# card as its index (``Card.index``), so a record holds only ints, bools, ``None`` and tuples of
# those. The garbage collector stops tracking such tuples once it has seen them, so a long game's
# log costs it next to nothing; a log of event objects (or of anything holding a card), or a
# chain of linked nodes, would be walked again at every full collection for as long as the game
# lives. The event objects are made again from the records when the log is read. An event whose
# fields are not of the documented types (a list where a tuple was meant, say) is kept as it is.

_Record = tuple[Any, ...]
_PLAIN, _CARD, _CARDS, _MELDS = range(4)
_CODECS = {
    "Card": _CARD,
    "Card | None": _CARD,
    "tuple[Card, ...]": _CARDS,
    "tuple[tuple[Card, ...], ...]": _MELDS,
}
# Every event class, in the order of ``EVENT_KINDS``: a record's kind is its place here.
_CLASSES: tuple[type[Any], ...] = tuple(kind.cls for kind in EVENT_KINDS)
# Each event class with its kind and its fields' names and codecs.
_FIELDS: dict[type[Any], tuple[int, tuple[tuple[str, int], ...]]] = {
    cls: (kind, tuple((f.name, _CODECS.get(str(f.type), _PLAIN)) for f in attrs.fields(cls)))
    for kind, cls in enumerate(_CLASSES)
}
# The kinds of the records every turn makes (Final: compiled, each is a constant, not a lookup).
_TOOK: Final = _FIELDS[Took][0]
_PASSED: Final = _FIELDS[Passed][0]
_MELDED: Final = _FIELDS[Melded][0]
_EXTENDED: Final = _FIELDS[Extended][0]
_SWAPPED: Final = _FIELDS[Swapped][0]
_DISCARDED: Final = _FIELDS[Discarded][0]


def _cards_of(value: object) -> tuple[int, ...] | None:
    """The indices of a tuple of cards, or ``None`` if ``value`` is not one."""
    if value.__class__ is not tuple:
        return None
    indices = []
    for c in value:
        if c.__class__ is not Card:
            return None
        indices.append(c.index)
    return tuple(indices)


def _encode(event: Event) -> _Record | Event:
    """The record of ``event`` (see above), or the event itself if its fields do not fit."""
    found = _FIELDS.get(event.__class__)
    if found is None:
        return event
    kind, fields = found
    record: list[object] = [kind]
    for name, codec in fields:
        value = getattr(event, name)
        if codec == _CARD:
            if value is not None:
                if value.__class__ is not Card:
                    return event
                value = value.index
        elif codec == _CARDS:
            value = _cards_of(value)
            if value is None:
                return event
        elif codec == _MELDS:
            if value.__class__ is not tuple:
                return event
            melds = tuple(map(_cards_of, value))
            if None in melds:
                return event
            value = melds
        record.append(value)
    return tuple(record)


def _decode(record: _Record | Event) -> Event:
    """The event a record stands for."""
    if record.__class__ is not tuple:
        return record  # type: ignore[return-value]
    cls = _CLASSES[record[0]]
    values: list[object] = []
    for value, (_, codec) in zip(record[1:], _FIELDS[cls][1], strict=True):
        if codec == _CARD:
            values.append(None if value is None else BY_INDEX[value])
        elif codec == _CARDS:
            values.append(tuple(BY_INDEX[i] for i in value))
        elif codec == _MELDS:
            values.append(tuple(tuple(BY_INDEX[i] for i in meld) for meld in value))
        else:
            values.append(value)
    event: Event = cls(*values)
    return event


# The events that hold a card no other seat saw: the card a seat tried to discard in a discard
# error or a play-protection warning. A state's log keeps it (the game's record needs it); the
# log a seat's view holds (``EventLog.public``) reads it as ``None``.
_PRIVATE: Final = (DiscardErrorMade, PlayProtectionWarning)


def _is_secret(event: Event) -> TypeGuard[DiscardErrorMade | PlayProtectionWarning]:
    """Whether ``event`` holds a card no other seat saw."""
    return isinstance(event, _PRIVATE) and event.card is not None


def _hidden(record: _Record | Event) -> Event:
    """The event a record stands for, as every seat sees it (a tried card hidden)."""
    event = _decode(record)
    return attrs.evolve(event, card=None) if _is_secret(event) else event


# The records of the events every turn logs, made without the event objects. Each gives the
# record that ``_encode`` gives for the same event (``tests/game/test_eventlog.py`` checks it).


def took_record(seat: int, taken: Card) -> _Record:
    """The record of ``Took(seat, taken)``, for ``EventLog._add``.

    >>> EventLog()._add(took_record(1, card("7H"))).last
    Took(seat=1, card=card('7H'))
    """
    return (_TOOK, seat, taken.index)


def passed_record(seat: int, given: Card, to: int) -> _Record:
    """The record of ``Passed(seat, given, to)``.

    >>> EventLog()._add(passed_record(1, card("7H"), 2)).last
    Passed(seat=1, card=card('7H'), to=2)
    """
    return (_PASSED, seat, given.index, to)


def melded_record(seat: int, first: int, melds: tuple[tuple[Card, ...], ...], met: bool) -> _Record:
    """The record of ``Melded(seat, first, melds, met)``.

    >>> str(EventLog()._add(melded_record(1, 0, (cards("7D 7H 7S"),), True)).last)
    'seat 1 met the minimum: [0] 7D 7H 7S'
    """
    return (_MELDED, seat, first, tuple(tuple(c.index for c in meld) for meld in melds), met)


def extended_record(seat: int, meld: int, added: tuple[Card, ...]) -> _Record:
    """The record of ``Extended(seat, meld, added)``.

    >>> str(EventLog()._add(extended_record(1, 0, cards("7C"))).last)
    'seat 1 extended meld 0 with 7C'
    """
    return (_EXTENDED, seat, meld, tuple(c.index for c in added))


def swapped_record(seat: int, meld: int, natural: Card, wildcard: Card) -> _Record:
    """The record of ``Swapped(seat, meld, natural, wildcard)``.

    >>> EventLog()._add(swapped_record(1, 0, card("7C"), card("2D"))).last.wildcard
    card('2D')
    """
    return (_SWAPPED, seat, meld, natural.index, wildcard.index)


def discarded_record(seat: int, thrown: Card) -> _Record:
    """The record of ``Discarded(seat, thrown)``.

    >>> EventLog()._add(discarded_record(1, card("KS"))).last
    Discarded(seat=1, card=card('KS'))
    """
    return (_DISCARDED, seat, thrown.index)


_T = TypeVar("_T")


@attrs.frozen(eq=False)
class Fold(Generic[_T]):
    """A reading of a log, event by event, that :meth:`EventLog.fold` keeps and carries on.

    ``step(value, event)`` is the value after one more event, starting from ``empty``; each
    event of ``restart``'s class (if given) sets the value back to ``empty``.
    A fold is a pure function of the events, so a log keeps what it found (see
    :meth:`EventLog.fold`). Folds are told apart by identity: make one per reading, once.

    >>> from hellsrummy.game.eventlog import Fold
    >>> since_left = Fold(0, lambda n, event: n + 1, restart=SeatLeft)
    >>> log = EventLog().append(Took(1, card("7H"))).append(SeatLeft(2))
    >>> log.fold(since_left), log.append(Took(3, card("9C"))).fold(since_left)
    (0, 1)
    """

    empty: _T
    """The value of no events."""
    step: Callable[[_T, Event], _T]
    """The value after one more event."""
    restart: type[Any] | None = None
    """The class of the events that start the reading over (``None``: none does)."""


class EventLog:
    """An immutable, persistent list of events: ``append`` is O(1) and shares the old log.

    Iteration goes from the oldest event to the newest; ``last`` is the newest.

    >>> empty = EventLog()
    >>> one = empty.append(SeatLeft(1))
    >>> len(empty), len(one), one.last, list(one)
    (0, 1, SeatLeft(seat=1), [SeatLeft(seat=1)])
    """

    # A log is the first ``_length`` records of a *tape*, a list that logs grown from one
    # another share: appending to the longest of them appends to the tape, and appending to
    # an older one (a branch: another move tried from an earlier state) copies its records to
    # a new tape. A log never sees the records past its length, so it never changes.
    #
    # ``_folded`` keeps the last value a fold found for this log or a log it grew from, as
    # ``(fold, length, value)``: a log made by appending starts with its parent's, so a fold
    # asked of it reads only the events since (see ``fold``). It is a pure function of the
    # records, set whole in one assignment, so threads that share a log may race to set it.
    #
    # ``_secret`` says the log holds a card no other seat saw (see ``_PRIVATE``); ``_public``
    # that this log reads such cards as ``None``: a seat's view holds the public twin of its
    # state's log (``public``), which shares the tape but not what folds found on the full log
    # (a fold may read what the twin hides).
    __slots__ = ("_folded", "_length", "_public", "_secret", "_tape")

    _tape: list[_Record | Event]
    _length: int
    _folded: tuple[Fold[Any], int, Any] | None
    _public: bool
    _secret: bool

    def __init__(self) -> None:
        self._tape = []
        self._length = 0
        self._folded = None
        self._public = False
        self._secret = False

    @property
    def last(self) -> Event | None:
        """The newest event, or ``None`` for an empty log.

        >>> EventLog().append(SeatLeft(0)).append(SeatLeft(1)).last
        SeatLeft(seat=1)
        """
        if not self._length:
            return None
        return self._reader()(self._tape[self._length - 1])

    def append(self, event: Event) -> EventLog:
        """A new log with ``event`` at the end; this log is unchanged.

        >>> len(EventLog().append(SeatLeft(0)).append(SeatLeft(1)))
        2
        """
        log = self._add(_encode(event))
        if _is_secret(event):
            log._secret = True  # a new log, not yet seen by anyone
        return log

    def _add(self, record: _Record | Event) -> EventLog:
        """A new log with one more event, given as its record (``took_record``, ...).

        The engine logs each turn's events this way, without making the event objects.

        >>> EventLog()._add(discarded_record(0, card("KS"))) == EventLog().append(
        ...     Discarded(0, card("KS")))
        True
        """
        tape = self._tape
        length = self._length
        if len(tape) == length:
            tape.append(record)
            # Another thread may have appended to the same tape first: then this record
            # went further along, and this log branches off instead.
            if tape[length] is record:
                return _log(tape, length + 1, self._folded, self._public, self._secret)
        branch = tape[:length]
        branch.append(record)
        return _log(branch, length + 1, self._folded, self._public, self._secret)

    def _reader(self) -> Callable[[_Record | Event], Event]:
        """How this log reads its records: as they are, or with tried cards hidden."""
        return _hidden if self._public else _decode

    def public(self) -> EventLog:
        """The log as every seat sees it: the card tried in a discard error hidden.

        A :class:`hellsrummy.DiscardErrorMade` or :class:`hellsrummy.PlayProtectionWarning`
        reads with ``card=None``; every other event is as it is. A seat's view holds this
        log (:func:`hellsrummy.view`); it is the log itself when nothing is hidden.

        >>> log = EventLog().append(DiscardErrorMade(1, 3, card("2C")))
        >>> log.last.card, log.public().last.card, str(log.public().last)
        (card('2C'), None, 'seat 1 made a discard error (3 points)')
        >>> plain = EventLog().append(SeatLeft(1))
        >>> plain.public() is plain
        True
        """
        if self._public or not self._secret:
            return self
        # Not the folds found on this log: a fold may read the cards the twin hides.
        return _log(self._tape, self._length, None, True, False)

    @classmethod
    def of(cls, events: Iterable[Event]) -> EventLog:
        """A log of ``events``, oldest first.

        >>> list(EventLog.of([SeatLeft(0), SeatLeft(1)]))
        [SeatLeft(seat=0), SeatLeft(seat=1)]
        """
        given = tuple(events)
        tape = [_encode(event) for event in given]
        return _log(tape, len(tape), None, False, any(map(_is_secret, given)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventLog.of, (tuple(self),))

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Event]:
        return map(self._reader(), self._tape[: self._length])

    def newest_first(self) -> list[Event]:
        """The events from the newest to the oldest.

        >>> EventLog().append(SeatLeft(0)).append(SeatLeft(1)).newest_first()
        [SeatLeft(seat=1), SeatLeft(seat=0)]
        """
        if not self._length:
            return []
        return list(map(self._reader(), self._tape[self._length - 1 :: -1]))

    def since(self, older: EventLog) -> list[Event]:
        """The events appended after ``older`` (a log this one grew from), oldest first.

        Every event, if this log did not grow from ``older``.

        >>> base = EventLog().append(SeatLeft(0))
        >>> base.append(SeatLeft(1)).append(SeatLeft(2)).since(base)
        [SeatLeft(seat=1), SeatLeft(seat=2)]
        """
        start = older._length
        tape = self._tape
        if start > self._length or (start and tape[start - 1] is not older._tape[start - 1]):
            start = 0  # not grown from ``older``: a branch shares the very records it copied
        return list(map(self._reader(), tape[start : self._length]))

    def fold(self, fold: Fold[_T]) -> _T:
        """The value of ``fold`` over this log's events (those after the last ``fold.restart``).

        Worked out once per log and kept with it (no part of equality, hashing, ``repr`` or
        pickles); a log grown from one that was asked reads only the events appended since,
        so asking the same fold after every turn costs each event once.

        >>> from hellsrummy.game.eventlog import Fold
        >>> seats = Fold((), lambda seen, event: (*seen, event.seat), restart=RoundStarted)
        >>> log = EventLog().append(SeatLeft(0)).append(RoundStarted(1, 0, 6, card("5D")))
        >>> log.fold(seats), log.append(Took(2, card("5D"))).fold(seats)
        ((), (2,))
        """
        length = self._length
        memo = self._folded
        value: _T
        if memo is not None and memo[0] is fold:
            start, value = memo[1], memo[2]
            if start == length:
                return value
        else:
            start, value = 0, fold.empty
        tape = self._tape
        restart = fold.restart
        if restart is not None:
            kind = _FIELDS[restart][0] if restart in _FIELDS else -1
            for at in range(length - 1, start - 1, -1):
                record: Any = tape[at]
                if record[0] == kind if record.__class__ is tuple else isinstance(record, restart):
                    start, value = at + 1, fold.empty
                    break
        step = fold.step
        read = self._reader()
        for record in tape[start:length]:
            value = step(value, read(record))
        self._folded = (fold, length, value)
        return value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventLog):
            return NotImplemented
        if self._length != other._length:
            return False
        if self._public or other._public:
            return list(self) == list(other)
        # Records are equal exactly when their events are.
        return self._tape[: self._length] == other._tape[: other._length]

    def __hash__(self) -> int:
        if self._public:
            return hash(tuple(map(_encode, self)))
        return hash(tuple(self._tape[: self._length]))

    def __repr__(self) -> str:
        return f"<EventLog of {self._length} events>"


def _log(
    tape: list[_Record | Event],
    length: int,
    folded: tuple[Fold[Any], int, Any] | None,
    public: bool,
    secret: bool,
) -> EventLog:
    # ``EventLog()``, then its slots set: compiled, ``EventLog`` is a native class, whose
    # constructor is a native call (``EventLog.__new__`` would be a call through Python's).
    log = EventLog()
    log._tape = tape
    log._length = length
    log._folded = folded
    log._public = public
    log._secret = secret
    return log
