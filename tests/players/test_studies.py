"""Studies on duplicate deals (``compare``, ``stream_deals``) and what they report.

The statistical claims are real ones, each on a fixed seed: a candidate equal to the field
differs from the baseline by exactly zero; a RandomBot seeded apart from a field of RandomBots
(the same player) shows no difference, within an interval narrow enough to mean something; a
RandomBot is clearly worse than a GreedyBot. The bootstrap itself is checked on made-up records
whose truth is known: it resamples deals, not rounds, and its intervals cover the truth about
as often as they say.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import multiprocessing
import random
from typing import Any

import attrs
import pytest

from hellsrummy import (
    CandidateSummary,
    Comparison,
    DealRecord,
    DealRound,
    DiscardPolicy,
    Estimate,
    GreedyBot,
    RandomBot,
    Rules,
    SearchBot,
    Unseeded,
    compare,
    seat_seed,
    stream_deals,
    study_deal,
)

from ..support.studies import apart, made_up_records

GREEDY = Unseeded(GreedyBot)


# --- the harness -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "rules"),
    [
        (GREEDY, None),
        (RandomBot, None),
        (GREEDY, Rules(discard_policy=DiscardPolicy.CLASSIC, max_turns=2000)),
    ],
    ids=["greedy", "random", "greedy-classic"],
)
def test_a_candidate_equal_to_the_field_differs_by_exactly_zero(field: Any, rules: Any) -> None:
    study = compare({"same": field, "again": field}, field, deals=10, seed="harness", rules=rules)
    for record in study.records:
        for rounds in record.rounds:
            assert [one.points for one in rounds] == [record.baseline.points] * 4
            assert [one.winner for one in rounds] == [record.baseline.winner] * 4
    for name in ("same", "again"):
        summary = study[name]
        assert (summary.points.value, summary.points.low, summary.points.high) == (0, 0, 0)
        assert summary.won.value == summary.even
        assert summary.won_gain.low == summary.won_gain.high == 0
        assert summary.mean_points == summary.baseline_points
        assert summary.decisions > 0
    (pair,) = study.pairs
    assert (pair.first, pair.second) == ("same", "again")
    assert (pair.points.low, pair.points.high, pair.won.low, pair.won.high) == (0, 0, 0, 0)


def test_every_seat_gets_the_seed_of_its_deal_and_seat_whoever_sits_there() -> None:
    asked: dict[str, list[int]] = {"field": [], "one": [], "two": []}

    def recording(who: str) -> Any:
        def factory(seed: int) -> RandomBot:
            asked[who].append(seed)
            return RandomBot(seed)

        return factory

    compare(
        {"one": recording("one"), "two": recording("two")},
        recording("field"),
        deals=[3, 5],
        seed="seeds",
    )
    every = {seat_seed("seeds", deal, seat) for deal in (3, 5) for seat in range(4)}
    assert len(every) == 8
    # One check of each factory first, then per deal: the baseline's four seats, and each
    # candidate's round (its own seat, the field in the three others).
    assert set(asked["one"][1:]) == set(asked["two"][1:]) == every
    assert asked["one"][1:] == asked["two"][1:]
    assert set(asked["field"][1:]) == every
    assert len(asked["field"]) == 1 + 2 * (4 + 2 * 4 * 3)


def test_a_deal_is_one_round_at_the_schedules_difficulty_in_turn() -> None:
    rules = Rules(schedule=[8, 13], max_turns=500)
    (first, second, third) = stream_deals([RandomBot], deals=3, seed="d", rules=rules, players=5)
    assert [r.difficulty for r in (first, second, third)] == [8, 13, 8]
    assert first.players == 5 and len(first.of("RandomBot")) == 5
    state = study_deal("d", 1, rules=rules, players=5)
    assert state.rules.schedule == (13,) and state.rules.max_turns == 500
    assert study_deal("d", 0).rules.max_turns == 2000  # simulate's cap by default


# --- what it finds -----------------------------------------------------------------------


def test_the_same_player_seeded_apart_shows_no_difference() -> None:
    # A RandomBot against a field of RandomBots differs only by its seeds: no difference is
    # the truth, and 200 deals make the interval narrow enough to be worth holding zero.
    study = compare({"apart": apart}, RandomBot, deals=200, seed="null")
    summary = study["apart"]
    assert summary.points.holds(0), summary.points
    assert summary.points.high - summary.points.low < 15
    assert summary.won_gain.holds(0), summary.won_gain
    assert summary.won.holds(summary.even)
    assert summary.mean_points != summary.baseline_points  # it did play other moves


def test_a_random_bot_is_clearly_worse_than_a_greedy_bot() -> None:
    study = compare({"random": RandomBot, "greedy": GREEDY}, deals=40, seed="worse")
    random_bot = study["random"]
    assert random_bot.points.low > 0, random_bot.points  # more points than GreedyBot's seat
    assert random_bot.won.high < random_bot.even
    (pair,) = study.pairs
    assert pair.points.low > 0 and pair.won.high < 0
    assert study["greedy"].points.low == study["greedy"].points.high == 0


# --- where it runs -----------------------------------------------------------------------

CANDIDATES = {"search": functools.partial(SearchBot, iterations=4), "random": RandomBot}


def test_one_core_a_process_pool_and_executors_give_the_same_study() -> None:
    expected = compare(CANDIDATES, deals=4, seed="pool", players=3)
    assert compare(CANDIDATES, deals=4, seed="pool", players=3, workers=2) == expected
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as threads:
        assert compare(CANDIDATES, deals=4, seed="pool", players=3, executor=threads) == expected
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        found = compare(CANDIDATES, deals=4, seed="pool", players=3, executor=pool, chunk=3)
    assert found == expected
    assert str(found).count("\n") == str(expected).count("\n")


def test_a_study_interrupted_and_resumed_by_deal_numbers_equals_one_run() -> None:
    expected = compare(CANDIDATES, deals=6, seed="resume", players=3)
    lines: list[str] = []
    for record in stream_deals(CANDIDATES, deals=6, seed="resume", players=3, workers=2):
        lines.append(json.dumps(record.to_dict()))
        if len(lines) == 2:
            break  # interrupted
    written = {DealRecord.from_dict(json.loads(line)).deal for line in lines}
    assert written == {0, 1}  # in deal order
    missing = [deal for deal in range(6) if deal not in written]
    lines += [
        json.dumps(record.to_dict())
        for record in stream_deals(CANDIDATES, deals=missing[::-1], seed="resume", players=3)
    ]
    records = [DealRecord.from_dict(json.loads(line)) for line in lines]
    assert [record.deal for record in records] == [0, 1, 5, 4, 3, 2]
    assert Comparison.from_records(records, seed="resume") == expected
    assert records[2].baseline.seconds == () and records[2].of("search")[0].seconds


def test_progress_is_told_deals_done_and_the_total() -> None:
    seen: list[tuple[int, int]] = []
    compare([RandomBot], deals=5, seed=1, chunk=2, workers=2, progress=lambda *a: seen.append(a))
    assert seen == [(2, 5), (4, 5), (5, 5)]


# --- what it reports ---------------------------------------------------------------------


def test_timing_is_reported_and_takes_no_part_in_equality() -> None:
    study = compare({"search": CANDIDATES["search"]}, deals=2, seed="time", players=3)
    summary = study["search"]
    rounds = [one for record in study.records for one in record.of("search")]
    assert all(len(one.seconds) == one.decisions and min(one.seconds) >= 0 for one in rounds)
    assert summary.decisions == sum(one.decisions for one in rounds)
    assert summary.seconds_mean is not None and summary.seconds_worst is not None
    assert summary.seconds_median is not None
    assert 0 <= summary.seconds_median <= summary.seconds_worst
    assert summary.seconds_mean <= summary.seconds_worst
    one = rounds[0]
    other = attrs.evolve(one, seconds=tuple(s + 1 for s in one.seconds))
    assert one == other and hash(one) == hash(other)
    slower = attrs.evolve(summary, seconds_mean=9.0, seconds_median=9.0, seconds_worst=9.0)
    assert slower == summary and hash(slower) == hash(summary)
    assert study.table(timing=False) in str(study)
    assert "ms/decision" in str(study) and "ms/decision" not in study.table(timing=False)
    data = json.loads(json.dumps(study.to_dict()))
    assert data["candidates"][0]["seconds_worst"] == summary.seconds_worst
    assert data["records"] == [record.to_dict() for record in study.records]


def test_the_bootstrap_resamples_deals_not_rounds() -> None:
    # Seats of a deal perfectly alike: the interval must be as wide as 100 deals allow, not
    # as narrow as 400 independent rounds would be.
    rng = random.Random(7)
    shifts = [[rng.randint(-30, 30)] * 4 for _ in range(100)]
    summary = Comparison.from_records(made_up_records(shifts), seed="deals")["made up"]
    deal_se = summary.points.sd / 100**0.5
    width = summary.points.high - summary.points.low
    assert 0.8 < width / (2 * 1.96 * deal_se) < 1.2
    assert summary.points.value == sum(row[0] for row in shifts) / 100


def test_the_intervals_cover_the_truth_about_as_often_as_they_say() -> None:
    rng = random.Random(2026)
    covered = 0
    studies = 200
    for study in range(studies):
        shifts = [[rng.randint(-20, 20) for _ in range(4)] for _ in range(40)]
        records = made_up_records(shifts)
        found = Comparison.from_records(records, seed=study, resamples=400)
        covered += found["made up"].points.holds(0)
    assert 0.88 * studies <= covered <= 0.99 * studies


def test_a_known_shift_is_found_exactly_and_the_deals_needed_follow_the_spread() -> None:
    summary = Comparison.from_records(made_up_records([[-10] * 4] * 30), seed=1)["made up"]
    assert summary.points == Estimate(value=-10, low=-10, high=-10, sd=0, deals=30)
    assert summary.capped == 120 and summary.even == 0 and summary.rounds == 120
    spread = Estimate(value=0, low=-5, high=5, sd=25.0, deals=100)
    assert spread.deals_for(10.0) == 97  # (2 * 1.96 * 25 / 10)^2 = 96.04
    assert spread.deals_for(5.0) == 385  # half the width, four times the deals


def test_records_summarized_in_any_order_give_the_same_comparison() -> None:
    records = list(stream_deals([RandomBot], deals=6, seed="order"))
    assert Comparison.from_records(records[::-1], seed="order") == Comparison.from_records(
        records, seed="order"
    )
    assert Comparison.from_records(records, seed="other") != Comparison.from_records(
        records, seed="order"
    )


# --- bad arguments -----------------------------------------------------------------------


def _not_a_bot(seed: int) -> int:
    return seed


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"candidates": "RandomBot"}, TypeError, "candidates must be a mapping of names"),
        ({"candidates": []}, ValueError, "at least one candidate"),
        ({"candidates": {"": RandomBot}}, ValueError, "names must be non-empty strings"),
        ({"candidates": [RandomBot, RandomBot]}, ValueError, "two candidates are named"),
        ({"candidates": [GreedyBot]}, TypeError, r"give Unseeded\(GreedyBot\)"),
        ({"candidates": [GreedyBot()]}, TypeError, "its factory failed when called with a seed"),
        ({"candidates": [_not_a_bot]}, TypeError, "must return a bot"),
        ({"candidates": [5]}, TypeError, "must be a bot factory"),
        ({"field": GreedyBot}, TypeError, r"the field: the class GreedyBot .* Unseeded"),
        ({"deals": 0}, ValueError, "at least one deal"),
        ({"deals": -1}, ValueError, "deals must be a non-negative int"),
        ({"deals": [1, 1]}, ValueError, "deal 1 is asked for twice"),
        ({"deals": "3"}, ValueError, "deals must be a count or deal numbers"),
        ({"seed": 1.5}, ValueError, "seed must be an int, str or bytes"),
        ({"players": 2}, ValueError, "3 to 10 players"),
        ({"rules": "classic"}, TypeError, "rules must be Rules or None"),
        ({"workers": 0}, ValueError, "workers must be a positive int"),
        ({"chunk": 0}, ValueError, "chunk must be a positive int"),
        ({"resamples": 0}, ValueError, "resamples must be a positive int"),
        ({"executor": "pool"}, TypeError, "executor must be a concurrent.futures.Executor"),
        (
            {"candidates": {"lambda": lambda seed: RandomBot(seed)}, "workers": 2},
            TypeError,
            "must be picklable",
        ),
    ],
)
def test_bad_arguments_are_refused_with_what_was_wrong(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    given: dict[str, Any] = {"candidates": [RandomBot], "deals": 2, "seed": 1, **arguments}
    with pytest.raises(error, match=message):
        compare(given.pop("candidates"), **given)


def test_a_stream_checks_its_arguments_when_it_is_made() -> None:
    with pytest.raises(TypeError, match="Unseeded"):
        stream_deals([GreedyBot], deals=3, seed=1)
    with pytest.raises(ValueError, match="ahead must be a positive int"):
        stream_deals([RandomBot], deals=3, seed=1, ahead=0)
    assert list(stream_deals([RandomBot], deals=[], seed=1, workers=2)) == []


def test_bad_records_are_refused() -> None:
    records = list(stream_deals([RandomBot], deals=2, seed="bad"))
    with pytest.raises(ValueError, match="at least one deal record"):
        Comparison.from_records([], seed=1)
    with pytest.raises(ValueError, match="deal 1 is recorded twice"):
        Comparison.from_records(records + records[1:], seed=1)
    renamed = attrs.evolve(records[1], names=("other",))
    with pytest.raises(ValueError, match="records of one study only"):
        Comparison.from_records([records[0], renamed], seed=1)
    with pytest.raises(TypeError, match="records must be DealRecords"):
        Comparison.from_records([records[0].to_dict()], seed=1)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="resamples must be a positive int"):
        Comparison.from_records(records, seed=1, resamples=0)
    with pytest.raises(KeyError, match="no candidate 'x'; the candidates are"):
        Comparison.from_records(records, seed=1)["x"]
    with pytest.raises(ValueError, match="width must be a positive number"):
        Comparison.from_records(records, seed=1)["RandomBot"].points.deals_for(0)
    with pytest.raises(ValueError, match="deal must be a non-negative int"):
        study_deal(1, -1)
    with pytest.raises(ValueError, match="seat must be a non-negative int"):
        seat_seed(1, 0, -1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(type="GameResult"),
            "type: format 4 names this kind 'deal_record', not 'GameResult'",
        ),
        (lambda d: d.pop("baseline"), "baseline: missing"),
        (lambda d: d["baseline"].update(seat=1), "baseline.seat: must be null"),
        (
            lambda d: d["baseline"].update(points=[1, 2]),
            "baseline.winner: must be a seat from 0 to 1",
        ),
        (lambda d: d["candidates"]["RandomBot"].pop(), r"must have one round per seat \(4\)"),
        (
            lambda d: d["candidates"]["RandomBot"][1].update(points=[1, 2, 3]),
            r"candidates.RandomBot\[1\].points: must have one entry per seat",
        ),
        (
            lambda d: d["candidates"]["RandomBot"][0].update(winner=7),
            r"candidates.RandomBot\[0\].winner: must be a seat from 0 to 3",
        ),
        (
            lambda d: d["candidates"]["RandomBot"][0].update(seconds=[-1.0]),
            r"seconds\[0\]: must be a non-negative number",
        ),
        (
            lambda d: d["candidates"]["RandomBot"][0].update(seconds=[0.1]),
            "seconds: must time each of the",
        ),
        (lambda d: d.update(deal=-2), "deal: must be at least 0"),
        (lambda d: d.update(difficulty=2), "difficulty: must be from 3 to 25"),
    ],
)
def test_bad_record_data_is_refused_with_its_path(change: Any, message: str) -> None:
    (record,) = stream_deals([RandomBot], deals=1, seed="data")
    data = json.loads(json.dumps(record.to_dict()))
    assert DealRecord.from_dict(data) == record
    change(data)
    with pytest.raises(ValueError, match=message):
        DealRecord.from_dict(data)


def test_names_come_from_the_factories_when_none_are_given() -> None:
    study = compare(
        [RandomBot, GREEDY, functools.partial(SearchBot, iterations=2)], deals=1, seed=1
    )
    assert [c.name for c in study.candidates] == ["RandomBot", "GreedyBot", "SearchBot"]
    assert [(p.first, p.second) for p in study.pairs] == [
        ("RandomBot", "GreedyBot"),
        ("RandomBot", "SearchBot"),
        ("GreedyBot", "SearchBot"),
    ]
    assert isinstance(study["SearchBot"], CandidateSummary)
    assert compare(RandomBot, deals=1, seed=1).candidates[0].name == "RandomBot"
    assert DealRound(seat=0, points=(0, 1, 2), winner=0, turns=3, decisions=1).won
