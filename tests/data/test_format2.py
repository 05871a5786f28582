"""What only data format 2's fixtures (``tests/fixtures/format2/``) show (issue 33, point 5).

``test_frozen_formats.py`` loads, replays and writes back every fixture of formats 1 and 2;
here, the ``classic`` game only format 2 recorded (``CallRummy``, a seat leaving between rounds),
and that a format-2 record written again in the current format, with or without where its
rounds were dealt, replays the same.
"""

from __future__ import annotations

import attrs
import pytest

from hellsrummy import (
    GameRecord,
    Leave,
    Phase,
    SetPlayProtection,
    apply,
    from_dict,
    new_game,
    next_round,
    replay,
    to_dict,
)

from ..support.frozen import FORMAT2


def test_the_classic_record_calls_rummy() -> None:
    classic = FORMAT2.final("classic")
    assert classic.rules.discard_policy.value == "classic"
    assert "RummyCalled" in {type(event).__name__ for event in classic.events}
    # Seat 4 left while the first round was over, before the second was dealt.
    assert classic.left[4] and classic.results[1].points[4] == 0


@pytest.mark.parametrize("name", FORMAT2.records)
def test_a_record_written_again_replays_the_same(name: str) -> None:
    """Written in the current format (``dealt`` null: it does not say), a record replays the same;
    said where its rounds were dealt, it replays the same too."""
    record = FORMAT2.record(name)
    final = FORMAT2.final(name)
    again = from_dict(to_dict(record))
    assert again == record and again.dealt is None
    assert replay(GameRecord.from_text(record.to_text())) == final
    start = new_game(record.players, seed=record.seed, rules=record.rules, deal=record.deal)
    dealt, state = [], start
    for number, action in enumerate(record.actions):
        if state.phase is Phase.ROUND_OVER and not isinstance(action, (SetPlayProtection, Leave)):
            state = next_round(state)
            dealt.append(number)
        state = apply(state, action)
    exact = attrs.evolve(record, dealt=dealt)
    assert replay(exact) == final
    assert replay(GameRecord.from_text(exact.to_text())) == final
