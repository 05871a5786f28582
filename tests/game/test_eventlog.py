"""The event log keeps events as records of plain ints: they come back equal, and the garbage
collector stops tracking a game's log."""

from __future__ import annotations

import gc
import itertools
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellsrummy import (
    Discarded,
    DiscardErrorMade,
    DiscardTurnedUp,
    Event,
    EventLog,
    Extended,
    Melded,
    Passed,
    Phase,
    PlayProtectionChanged,
    PlayProtectionWarning,
    Refilled,
    RoundEnded,
    RoundStarted,
    RummyCalled,
    SeatLeft,
    Swapped,
    Took,
    apply,
    card,
    cards,
    legal_actions,
    new_game,
    next_round,
)
from hellsrummy.game.eventlog import (
    Fold,
    _decode,
    _encode,
    discarded_record,
    extended_record,
    melded_record,
    passed_record,
    swapped_record,
    took_record,
)

from ..support.strategies import any_card

seat = st.integers(0, 9)
small = st.integers(0, 200)
some_cards = st.lists(any_card, min_size=1, max_size=6).map(tuple)

event = st.one_of(
    st.builds(RoundStarted, small, seat, small, any_card),
    st.builds(Took, seat, any_card),
    st.builds(Passed, seat, any_card, seat),
    st.builds(Refilled, small),
    st.builds(
        Melded, seat, small, st.lists(some_cards, min_size=1, max_size=4).map(tuple), st.booleans()
    ),
    st.builds(Extended, seat, small, some_cards),
    st.builds(Swapped, seat, small, any_card, any_card),
    st.builds(Discarded, seat, any_card),
    st.builds(DiscardErrorMade, seat, small),
    st.builds(PlayProtectionWarning, seat, small),
    st.builds(PlayProtectionChanged, seat, st.booleans()),
    st.builds(SeatLeft, seat),
    st.builds(DiscardTurnedUp, any_card),
    st.builds(RummyCalled, seat, any_card, small, st.booleans(), st.none() | any_card, any_card),
    st.builds(RoundEnded, small, st.none() | seat, st.lists(small, max_size=10).map(tuple)),
)


def _plain(value: object) -> bool:
    """Whether a record holds nothing the garbage collector tracks for good."""
    if isinstance(value, tuple):
        return all(map(_plain, value))
    return value is None or isinstance(value, (bool, int))


@given(event)
def test_every_event_is_kept_as_a_record_of_plain_values_and_comes_back_equal(e: Event) -> None:
    record = _encode(e)
    assert isinstance(record, tuple)
    assert _plain(record)
    back = _decode(record)
    assert back == e
    assert type(back) is type(e)
    assert str(back) == str(e)


@given(seat, seat, small, any_card, any_card, some_cards, st.booleans())
def test_the_records_a_turn_logs_are_those_of_its_events(
    who: int, other: int, number: int, one: object, two: object, several: tuple, met: bool
) -> None:
    assert took_record(who, one) == _encode(Took(who, one))
    assert passed_record(who, one, other) == _encode(Passed(who, one, other))
    assert discarded_record(who, one) == _encode(Discarded(who, one))
    assert extended_record(who, number, several) == _encode(Extended(who, number, several))
    assert swapped_record(who, number, one, two) == _encode(Swapped(who, number, one, two))
    melds = (several, tuple(reversed(several)))
    assert melded_record(who, number, melds, met) == _encode(Melded(who, number, melds, met))


@pytest.mark.parametrize(
    "odd",
    [
        Took(1, "7H"),  # type: ignore[arg-type]
        Melded(1, 0, [cards("7H 7S 7D")], met=True),  # type: ignore[arg-type]
        Extended(1, 0, [cards("7H")[0]]),  # type: ignore[arg-type]
    ],
)
def test_an_event_whose_fields_are_not_of_their_types_is_kept_as_it_is(odd: Event) -> None:
    log = EventLog().append(odd)
    assert log.last is odd
    assert list(log) == [odd]


def test_a_game_log_is_untracked_by_the_garbage_collector_and_reads_back_whole() -> None:
    rng = random.Random(3)
    state = new_game(4, seed=11)
    states = [state]
    while state.phase is not Phase.GAME_OVER and state.round < 2:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
        else:
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
        states.append(state)
    for _ in range(3):  # a record nests tuples up to three deep: one level per collection
        gc.collect()
    records = state.log._tape[: len(state.log)]
    assert records
    assert not any(map(gc.is_tracked, records))
    events = list(state.log)
    assert len(events) == len(state.log) > 100
    # Each state's log is the one before it, grown by that transition's events.
    for before, after in itertools.pairwise(states):
        grown = after.log.since(before.log)
        assert list(after.log) == list(before.log) + grown
        assert after.log.newest_first()[: len(grown)] == grown[::-1]
    assert pickle.loads(pickle.dumps(state.log)) == state.log
    assert EventLog.of(events) == state.log
    assert hash(EventLog.of(events)) == hash(state.log)


def test_appending_to_an_older_log_branches_off_and_leaves_both_as_they_were() -> None:
    base = EventLog().append(SeatLeft(0))
    first = base.append(SeatLeft(1))
    second = base.append(SeatLeft(2))  # base is no longer the newest log of its tape
    third = first.append(SeatLeft(3))
    assert list(base) == [SeatLeft(0)]
    assert list(first) == [SeatLeft(0), SeatLeft(1)]
    assert list(second) == [SeatLeft(0), SeatLeft(2)]
    assert list(third) == [SeatLeft(0), SeatLeft(1), SeatLeft(3)]
    assert second.since(base) == [SeatLeft(2)]
    assert third.since(first) == [SeatLeft(3)]
    assert second.since(first) == list(second)  # not grown from it: every event
    assert first != second
    assert hash(first) == hash(EventLog.of([SeatLeft(0), SeatLeft(1)]))


def test_a_fold_reads_each_log_as_a_full_reading_would_however_the_logs_were_grown() -> None:
    def full(log: EventLog) -> tuple[int, ...]:
        seats: tuple[int, ...] = ()
        for event in log:
            seats = () if isinstance(event, SeatLeft) else (*seats, event.seat)
        return seats

    fold = Fold((), lambda seats, event: (*seats, event.seat), restart=SeatLeft)
    rng = random.Random(5)
    logs = [EventLog()]
    for _ in range(300):
        base = rng.choice(logs[-3:] if rng.random() < 0.8 else logs)  # mostly the newest
        event = SeatLeft(0) if rng.random() < 0.1 else Took(rng.randrange(4), card("7H"))
        grown = base.append(event)
        if rng.random() < 0.3:
            grown = EventLog.of(grown)  # a log read back: nothing kept
        logs.append(grown)
        asked = rng.choice(logs)
        assert asked.fold(fold) == full(asked)
    for log in logs:
        assert log.fold(fold) == full(log)
        assert log == EventLog.of(log) and hash(log) == hash(EventLog.of(log))
