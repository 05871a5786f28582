"""Ratings on one scale from duplicate-deal studies (``rate``) and the fit behind them.

The MM fit is checked against a slow, obviously correct oracle: the log-likelihood (with the
prior's virtual draws) maximised one strength at a time, each by bisection on its derivative;
and against the closed form for two players. The games are counted again here, deal by deal
and seat by seat, independently of the library's counting. Then the properties a rating must
have: relabeling the players changes nothing, an identical copy of a player rates as it does
(and, where the data fit the model exactly, moves nobody else), a bot equal to the field rates
equal to it, the bootstrap is reproducible, two studies of the same deals rate as one study
of all their candidates, and studies that do not share their deals are refused.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Sequence

import attrs
import pytest

import hellsrummy
from hellsrummy import (
    DealRecord,
    GreedyBot,
    Ladder,
    RandomBot,
    Rating,
    Unseeded,
    compare,
    from_dict,
    rate,
)
from hellsrummy.players.bradley_terry import bootstrap, connected, elos, fit

from ..support.studies import made_up_records

GREEDY = Unseeded(GreedyBot)


# --- the oracle ----------------------------------------------------------------------------


def oracle_elos(scored: Sequence[float], count: int, prior: float, anchor: int) -> list[float]:
    """Elo ratings maximising the log-likelihood of ``scored`` (as ``fit`` takes it).

    The parameters are log-strengths ``t`` (the virtual player's last, with a prior); the
    log-likelihood of ``n`` games between ``i`` and ``j`` of which ``i`` scored ``w`` is
    ``w * t[i] + (n - w) * t[j] - n * log(exp(t[i]) + exp(t[j]))``. It is concave, and its
    derivative in ``t[k]`` falls as ``t[k]`` grows: each sweep sets every ``t[k]`` but the
    anchor's (held at 0: only differences count) where that derivative is zero, by bisection.
    """
    size = count + 1 if prior else count

    def got(i: int, j: int) -> float:
        return prior / 2 if count in (i, j) else scored[i * count + j] / 2

    t = [0.0] * size
    for _ in range(10_000):
        change = 0.0
        for k in range(size):
            if k == anchor:
                continue
            won = sum(got(k, j) for j in range(size) if j != k)

            def slope(x: float, k: int = k, won: float = won) -> float:
                return won - sum(
                    (got(k, j) + got(j, k)) / (1 + math.exp(t[j] - x))
                    for j in range(size)
                    if j != k
                )

            low, high = -60.0, 60.0
            for _ in range(200):
                middle = (low + high) / 2
                if slope(middle) > 0:
                    low = middle
                else:
                    high = middle
            change = max(change, abs(low - t[k]))
            t[k] = low
        if change < 1e-12:
            break
    return [400 / math.log(10) * (x - t[anchor]) for x in t[:count]]


def oracle_games(records: Sequence[DealRecord], names: Sequence[str]) -> list[float]:
    """Twice what each player scored against each other, counted seat by seat."""
    count = len(names)
    scored = [0.0] * (count * count)
    for record in records:
        for seat in range(record.players):
            points = {names[0]: record.baseline.points[seat]}
            for name in record.names:
                points[name] = record.of(name)[seat].points[seat]
            for a, b in itertools.permutations(points, 2):
                i, j = names.index(a), names.index(b)
                scored[i * count + j] += 2 if points[a] < points[b] else points[a] == points[b]
    return scored


def random_games(rng: random.Random, count: int) -> list[int]:
    scored = [0] * (count * count)
    for i, j in itertools.combinations(range(count), 2):
        games = rng.randint(0, 30)
        first = rng.randint(0, 2 * games)
        scored[i * count + j], scored[j * count + i] = first, 2 * games - first
    return scored


@pytest.mark.parametrize("prior", [1.0, 0.25, 3.0])
@pytest.mark.parametrize("case", range(6))
def test_the_mm_fit_agrees_with_the_oracle(prior: float, case: int) -> None:
    rng = random.Random(case)
    count = rng.randint(2, 5)
    scored = random_games(rng, count)
    anchor = rng.randrange(count)
    found = elos(fit(scored, count, prior=prior, anchor=anchor), anchor, count)
    assert found == pytest.approx(oracle_elos(scored, count, prior, anchor), abs=1e-6)


def test_the_mm_fit_agrees_with_the_oracle_without_a_prior() -> None:
    rng = random.Random("no prior")
    for _ in range(5):
        count = rng.randint(2, 5)
        scored = random_games(rng, count)
        if not connected(scored, count):
            continue
        found = elos(fit(scored, count, prior=0.0, anchor=0), 0, count)
        assert found == pytest.approx(oracle_elos(scored, count, 0.0, 0), abs=1e-6)


@pytest.mark.parametrize(("won", "games"), [(1, 2), (3, 4), (0.5, 10), (17, 20)])
def test_two_players_without_a_prior_have_the_closed_form(won: float, games: int) -> None:
    scored = [0, round(2 * won), round(2 * (games - won)), 0]
    found = elos(fit(scored, 2, prior=0.0, anchor=1), 1, 2)
    assert found[0] == pytest.approx(400 * math.log10(won / (games - won)), abs=1e-9)
    assert found[1] == 0.0


def test_a_study_is_rated_as_the_oracle_rates_its_games() -> None:
    study = compare({"random": RandomBot, "greedy": GREEDY}, deals=8, seed="oracle")
    ladder = rate(study, resamples=50)
    names = ["field", "random", "greedy"]
    scored = oracle_games(study.records, names)
    truth = oracle_elos(scored, 3, 1.0, 0)
    for name, elo in zip(names, truth, strict=True):
        assert ladder[name].elo == pytest.approx(elo, abs=1e-6)
    for i, name in enumerate(names):
        games = sum(scored[i * 3 + j] + scored[j * 3 + i] for j in range(3) if j != i) / 2
        assert ladder[name].games == games == 2 * 8 * 4
        assert ladder[name].score == pytest.approx(sum(scored[i * 3 : i * 3 + 3]) / 2 / games)


def test_two_players_without_a_prior_rate_by_their_score() -> None:
    study = compare({"random": RandomBot}, deals=10, seed="closed form")
    ladder = rate(study, prior=0, resamples=50)
    score = ladder["random"].score
    assert 0 < score < 0.5
    assert ladder["random"].elo == pytest.approx(400 * math.log10(score / (1 - score)))


def test_a_player_who_won_every_game_needs_a_prior() -> None:
    with pytest.raises(ValueError, match="won \\(or lost\\) every game"):
        fit([0, 2, 0, 0], 2, prior=0.0, anchor=0)
    assert math.isfinite(elos(fit([0, 2, 0, 0], 2, prior=1.0, anchor=0), 0, 2)[1])
    lost = made_up_records([[10, 10, 10, 10]] * 3)  # always 10 points more than the field
    with pytest.raises(ValueError, match="give a prior above 0"):
        rate(lost, prior=0)
    ladder = rate(lost, resamples=50)
    assert ladder["made up"].score == 0.0
    assert -2000 < ladder["made up"].high <= ladder["made up"].elo < 0


# --- invariances ---------------------------------------------------------------------------


def test_relabeling_the_players_changes_nothing() -> None:
    first = rate(compare({"a": RandomBot, "b": GREEDY}, deals=6, seed="labels"), resamples=100)
    second = rate(
        compare({"y": GREEDY, "x": RandomBot}, deals=6, seed="labels"),
        field="the field",
        resamples=100,
    )
    for old, new in (("a", "x"), ("b", "y"), ("field", "the field")):
        assert attrs.evolve(first[old], name=new) == second[new]


def test_an_identical_copy_rates_as_the_original() -> None:
    study = compare({"random": RandomBot, "copy": RandomBot, "greedy": GREEDY}, deals=6, seed="c")
    ladder = rate(study, resamples=100)
    assert attrs.evolve(ladder["copy"], name="random") == ladder["random"]
    assert ladder["random"].elo < 0


def test_a_copy_moves_nobody_else_where_the_model_fits_exactly() -> None:
    strengths = [1.0, 2.0, 4.0]

    def exact(strengths: Sequence[float]) -> list[int]:
        count = len(strengths)
        scored = [0] * (count * count)
        for i, j in itertools.permutations(range(count), 2):
            scored[i * count + j] = round(2 * 10 * strengths[i])  # 10 (g[i] + g[j]) games
        return scored

    found = fit(exact(strengths), 3, prior=0.0, anchor=0)
    assert found == pytest.approx(strengths, rel=1e-9)
    copied = fit(exact([*strengths, 2.0]), 4, prior=0.0, anchor=0)
    assert copied == pytest.approx([*strengths, 2.0], rel=1e-9)


def test_a_bot_equal_to_the_field_rates_equal_to_it() -> None:
    study = compare({"random": RandomBot, "greedy": GREEDY}, deals=6, seed="equal")
    ladder = rate(study, resamples=100)
    assert ladder["greedy"].elo == ladder["greedy"].low == ladder["greedy"].high == 0.0
    assert ladder["field"].elo == 0.0
    assert ladder.expected("greedy", "field") == 0.5
    assert ladder["greedy"].score == ladder["field"].score


def test_another_anchor_shifts_every_rating() -> None:
    study = compare({"random": RandomBot, "greedy": GREEDY}, deals=6, seed="anchor")
    field = rate(study, resamples=100)
    random_ = rate(study, anchor="random", resamples=100)
    shift = field["random"].elo
    assert random_["random"] == attrs.evolve(field["random"], elo=0.0, low=0.0, high=0.0)
    assert random_["field"].elo == pytest.approx(-shift)
    assert [one.name for one in random_.ratings] == [one.name for one in field.ratings]


# --- the bootstrap -------------------------------------------------------------------------


def test_the_bootstrap_is_reproducible_and_seeded() -> None:
    rng = random.Random("shifts")
    shifts = [[rng.randint(-20, 15) for _ in range(4)] for _ in range(30)]
    ladder = rate(made_up_records(shifts), resamples=300)
    assert rate(made_up_records(shifts), resamples=300) == ladder
    other = rate(made_up_records(shifts), resamples=300, seed="another")
    mine, theirs = ladder["made up"], other["made up"]
    assert theirs.elo == mine.elo and (theirs.low, theirs.high) != (mine.low, mine.high)
    assert mine.low < mine.elo < mine.high
    assert theirs.low == pytest.approx(mine.low, abs=30)


def test_the_bootstrap_resamples_deals() -> None:
    # one deal: every resample is that deal, so the interval is the rating itself
    ladder = rate(made_up_records([[5, -5, 3, 0]]), resamples=50)
    assert ladder["made up"].low == ladder["made up"].high
    assert ladder["made up"].low == pytest.approx(ladder["made up"].elo, abs=1e-9)
    columns = [None, [2, 0], [0, 2], None]  # player 0 won deal 0 and lost deal 1
    intervals = bootstrap(columns, 2, prior=1.0, anchor=1, start=None, resamples=400, seed=0)
    low, high = intervals[0]
    assert low < 0 < high


# --- joining studies -----------------------------------------------------------------------


def test_two_studies_of_the_same_deals_rate_as_one() -> None:
    one = compare({"random": RandomBot, "greedy": GREEDY}, deals=6, seed="join")
    first = compare({"random": RandomBot}, deals=6, seed="join")
    second = compare({"greedy": GREEDY}, deals=6, seed="join")
    assert rate(first, second, resamples=100) == rate(one, resamples=100)
    assert rate(first.records, list(second.records), resamples=100) == rate(one, resamples=100)


def test_a_study_split_by_deals_rates_as_one() -> None:
    whole = compare({"random": RandomBot}, deals=6, seed="split")
    parts = [
        compare({"random": RandomBot}, deals=part, seed="split") for part in ([4, 0, 2], [1, 5, 3])
    ]
    assert rate(*parts, resamples=100) == rate(whole, resamples=100)


def test_studies_of_different_deals_join_where_they_meet() -> None:
    many = compare({"random": RandomBot}, deals=8, seed="meet")
    few = compare({"greedy": GREEDY}, deals=[2, 5], seed="meet")
    ladder = rate(many, few, resamples=100)
    assert ladder.deals == 8
    assert [ladder[name].deals for name in ("field", "random", "greedy")] == [8, 8, 2]
    assert ladder["greedy"].games == 2 * 4 * 2  # the field and the RandomBot, in 2 deals x 4 seats
    assert ladder.records[2].names == ("random", "greedy") and ladder.records[0].names == (
        "random",
    )


def test_studies_that_do_not_share_their_deals_are_refused() -> None:
    study = compare({"random": RandomBot}, deals=3, seed="refuse")
    other_seed = compare({"greedy": GREEDY}, deals=3, seed="another seed")
    with pytest.raises(ValueError, match="different seeds, 'refuse' and 'another seed'"):
        rate(study, other_seed)
    with pytest.raises(ValueError, match="deal 0 differs between the studies \\(baseline points"):
        rate(study, other_seed.records)  # records carry no seed: their baselines differ
    other_field = compare({"x": RandomBot}, RandomBot, deals=[1], seed="refuse")
    with pytest.raises(ValueError, match="deal 1 differs between the studies"):
        rate(study, other_field)
    five = compare({"x": RandomBot}, deals=[2], seed="refuse", players=5)
    with pytest.raises(ValueError, match="deal 2 differs between the studies \\(4 and 5 seats\\)"):
        rate(study, five)
    five = compare({"x": RandomBot}, deals=[7], seed="refuse", players=5)
    with pytest.raises(ValueError, match="deal 7 has 5 seats, deal 0 4"):
        rate(study, five)
    with pytest.raises(ValueError, match="deal 0 has candidate 'random' twice"):
        rate(study, study)


# --- bad input -----------------------------------------------------------------------------


def test_bad_input_is_refused_saying_what_is_wrong() -> None:
    study = compare({"random": RandomBot}, deals=2, seed="bad")
    with pytest.raises(ValueError, match="at least one study"):
        rate()
    for bad in ("records", study.records[0], 3):
        with pytest.raises(TypeError, match="each study must be a Comparison or an iterable"):
            rate(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="records must be DealRecords, got 3"):
        rate([study.records[0], 3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="a study holds no deal record"):
        rate([])
    with pytest.raises(ValueError, match="no candidate to rate"):
        rate([attrs.evolve(study.records[0], names=(), rounds=())])
    with pytest.raises(ValueError, match="a candidate is named 'random', the field's name"):
        rate(study, field="random")
    with pytest.raises(ValueError, match="field must be a non-empty name"):
        rate(study, field=" ")
    with pytest.raises(
        ValueError, match="anchor must be one of the players \\['field', 'random'\\]"
    ):
        rate(study, anchor="nobody")
    for prior in (-1, math.nan, math.inf, True, "1"):
        with pytest.raises(ValueError, match="prior must be a finite number of at least 0"):
            rate(study, prior=prior)  # type: ignore[arg-type]
    for resamples in (0, 2.0, True):
        with pytest.raises(ValueError, match="resamples must be a positive int"):
            rate(study, resamples=resamples)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be"):
        rate(study, seed=1.5)  # type: ignore[arg-type]


# --- the ladder ----------------------------------------------------------------------------


def test_the_ladder_reads_and_writes() -> None:
    study = compare({"random": RandomBot, "greedy": GREEDY}, deals=4, seed="ladder")
    ladder = rate(study, resamples=100, seed=b"\x01")
    assert [one.elo for one in ladder.ratings] == sorted(
        (one.elo for one in ladder.ratings), reverse=True
    )
    assert isinstance(ladder.ratings[0], Rating)
    data = json.loads(json.dumps(ladder.to_dict()))
    assert Ladder.from_dict(data) == ladder == from_dict(data)
    assert Ladder.from_dict(data)["random"].seconds == ladder["random"].seconds is not None
    data["ratings"][1]["elo"] += 1
    with pytest.raises(ValueError, match=r"ratings\[1\]\.elo: must be"):
        Ladder.from_dict(data)
    with pytest.raises(ValueError, match="type: format 4 names this kind 'ladder', not 'Comp"):
        Ladder.from_dict({**data, "type": "Comparison"})
    with pytest.raises(KeyError, match="no player 'nobody'; the players are"):
        ladder["nobody"]
    assert ladder["field"].seconds is None


def test_the_table_and_the_expected_score() -> None:
    study = compare({"random": RandomBot}, deals=4, seed="table")
    ladder = rate(study, resamples=100)
    text = str(ladder)
    assert "ms/decision" in text and "ms/decision" not in ladder.table(timing=False)
    assert text.splitlines()[-1].startswith("random") or text.splitlines()[-2].startswith("random")
    lifted = attrs.evolve(
        ladder, ratings=(attrs.evolve(ladder["field"], elo=100.0), ladder["random"])
    )
    assert lifted.expected("field", "random") == pytest.approx(
        1 / (1 + 10 ** ((ladder["random"].elo - 100) / 400))
    )
    even = attrs.evolve(
        ladder, ratings=(ladder["field"], attrs.evolve(ladder["random"], elo=-100.0))
    )
    assert even.expected("field", "random") == pytest.approx(0.640, abs=5e-4)


def test_the_names_are_public() -> None:
    assert {"Ladder", "Rating", "rate"} <= set(hellsrummy.__all__)
