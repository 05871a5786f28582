"""Simulations and studies keep every game's record on request (issue 45, point 1).

``history=True`` on :func:`play_game`, :func:`simulate`, :func:`stream_results`,
:func:`compare` and :func:`stream_deals` keeps each game's :class:`GameRecord`; it replays to
the very end the bots reached, survives the results' dict form and validates against the
results' schemas. Without it nothing is kept, and the results are equal either way.
"""

from __future__ import annotations

import json

import jsonschema
import pytest

from hellsrummy import (
    Comparison,
    DealRecord,
    GameResult,
    GreedyBot,
    RandomBot,
    Rules,
    compare,
    from_dict,
    json_schema,
    play_game,
    replay,
    simulate,
    stream_deals,
    stream_results,
    to_dict,
)

BOTS = [GreedyBot(), RandomBot(1), RandomBot(2)]


def _valid(kind: str, data: object) -> None:
    errors = list(jsonschema.Draft202012Validator(json_schema(kind)).iter_errors(data))
    assert not errors, errors[0]


def _replays_to(result: GameResult) -> None:
    assert result.record is not None
    final = replay(result.record)
    assert final.phase.value == "game_over"
    assert tuple(final.scores[seat] for seat in result.seats) == result.totals
    by_bot = [tuple(r.points[seat] for seat in result.seats) for r in final.results]
    assert by_bot == [r.points for r in result.rounds]


def test_play_game_keeps_the_record_it_is_asked_for() -> None:
    plain = play_game(BOTS, "kept", 3)
    kept = play_game(BOTS, "kept", 3, history=True)
    assert plain.record is None and kept == plain
    _replays_to(kept)
    data = json.loads(json.dumps(to_dict(kept)))
    _valid("game_result", data)
    _valid("game_result", to_dict(plain))
    back = from_dict(data)
    assert back == kept and back.record == kept.record


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_and_the_stream_keep_every_record(workers: int) -> None:
    rules = Rules(schedule=[6, 7], max_turns=200)
    results = simulate(BOTS, games=4, seed="s", rules=rules, workers=workers, history=True)
    assert results == simulate(BOTS, games=4, seed="s", rules=rules)
    for result in results:
        _replays_to(result)
    streamed = list(stream_results(BOTS, games=[2, 0], seed="s", rules=rules, history=True))
    assert {r.game: r.record for r in streamed} == {r.game: r.record for r in results[::2]}


def test_a_study_keeps_the_record_of_every_round_of_every_deal() -> None:
    study = compare({"random": RandomBot}, deals=3, seed="kept", history=True)
    assert study == compare({"random": RandomBot}, deals=3, seed="kept")
    rounds = [r for deal in study.records for r in (deal.baseline, *deal.rounds[0])]
    assert len(rounds) == 3 * 5
    for one in rounds:
        assert one.record is not None
        final = replay(one.record)
        assert final.results[-1].points == one.points
        assert final.results[-1].winner == one.winner
    data = json.loads(json.dumps(to_dict(study)))
    _valid("comparison", data)
    back = Comparison.from_dict(data)
    assert [r.record for d in back.records for r in d.rounds[0]] == [
        r.record for d in study.records for r in d.rounds[0]
    ]
    (record,) = stream_deals({"random": RandomBot}, deals=[1], seed="kept", history=True)
    assert record.baseline.record == study.records[1].baseline.record
    _valid("deal_record", record.to_dict())
    assert DealRecord.from_dict(record.to_dict()).baseline.record == record.baseline.record


def test_a_broken_kept_record_is_refused_at_its_path() -> None:
    data = to_dict(play_game(BOTS, "kept", 0, history=True))
    data["record"]["actions"][0] = {"format": 4, "type": "action", "action": "dance"}
    with pytest.raises(ValueError, match=r"^record\.actions\[0\]: "):
        from_dict(data)
