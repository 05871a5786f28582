"""What a study on duplicate deals reports: :class:`Comparison`, the summary of its records.

:meth:`Comparison.from_records` summarizes the :class:`hellsrummy.DealRecord` of each deal
(the study's own, or records stored and read back with :meth:`hellsrummy.DealRecord.from_dict`);
:func:`hellsrummy.compare` plays the deals and summarizes them. Every figure is a mean over
rounds with a 95% interval from a bootstrap over *deals*: the seats of one deal share its cards
and are not independent, so each resample draws whole deals with replacement. The resamples
are drawn by a :class:`random.Random` seeded from the study's seed, so a summary is
reproducible.

>>> from hellsrummy import RandomBot, compare
>>> study = compare({"random": RandomBot}, deals=3, seed="doc", resamples=200)
>>> Comparison.from_records(study.records, seed="doc", resamples=200) == study
True
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from hellsrummy.data.serialize import seed_to_data
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.players.deals import DealRecord

__all__ = ["CandidateSummary", "Comparison", "Estimate", "PairSummary"]

#: The normal quantile of a two-sided 95% interval.
_Z95 = 1.959963984540054


@attrs.frozen
class Estimate:
    """A mean over rounds, with its 95% interval (``low`` to ``high``) from the bootstrap.

    ``sd`` is the standard deviation of the per-deal means (the units resampled) over the
    ``deals``: the standard error of ``value`` is about ``sd / sqrt(deals)``, and
    :meth:`deals_for` turns it into the number of deals a narrower interval needs.

    >>> e = Estimate(value=-8.6, low=-13.1, high=-4.2, sd=22.5, deals=100)
    >>> str(e), e.holds(0), e.deals_for(4.0)
    ('-8.6 [-13.1, -4.2]', False, 487)
    """

    value: float
    low: float
    high: float
    sd: float
    deals: int

    def holds(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (ends included).

        >>> Estimate(value=0.5, low=-1.0, high=2.0, sd=3.0, deals=40).holds(0)
        True
        """
        return self.low <= value <= self.high

    def deals_for(self, width: float) -> int:
        """About how many deals give a 95% interval ``width`` wide: ``(2 * 1.96 * sd / width)²``.

        >>> Estimate(value=0.5, low=-1.0, high=2.0, sd=3.0, deals=40).deals_for(1.0)
        139
        """
        if isinstance(width, bool) or not isinstance(width, (int, float)) or not width > 0:
            raise ValueError(f"width must be a positive number, got {shown(width)}")
        return max(1, math.ceil((2 * _Z95 * self.sd / width) ** 2))

    def __str__(self) -> str:
        return f"{self.value:+.1f} [{self.low:+.1f}, {self.high:+.1f}]"

    def share(self) -> str:
        """The estimate written as percentages (for shares of rounds).

        >>> Estimate(value=0.398, low=0.364, high=0.431, sd=0.2, deals=100).share()
        '39.8% [36.4%, 43.1%]'
        """
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"

    def to_dict(self) -> dict[str, Any]:
        """The estimate as JSON-ready data.

        >>> Estimate(value=0.5, low=-1.0, high=2.0, sd=3.0, deals=40).to_dict()["low"]
        -1.0
        """
        return attrs.asdict(self)


@attrs.frozen
class CandidateSummary:
    """One candidate's figures over a study's deals (its rounds in every seat).

    * ``won``: the share of its rounds it won; ``even``: the share a bot equal to the field
      would win (the baseline seats' share, below ``1 / players`` by the rounds nobody won);
      ``won_gain``: ``won`` minus the baseline seat's, paired by deal and seat.
    * ``points``: its points minus the baseline seat's (same deal, same seat), a round on
      average: negative is better, 0 is the field's level. ``mean_points`` and
      ``baseline_points`` are the two means apart.
    * ``capped``: its rounds that ended with no winner (cut by ``Rules.max_turns``).
    * ``decisions``, and the wall seconds per decision (``None`` without decisions), which
      take no part in equality.

    >>> from hellsrummy import GreedyBot, Unseeded, compare
    >>> same = compare({"greedy": Unseeded(GreedyBot)}, deals=4, seed="doc")["greedy"]
    >>> same.rounds, str(same.points), same.won.value == same.even
    (16, '+0.0 [+0.0, +0.0]', True)
    """

    name: str
    rounds: int
    capped: int
    won: Estimate
    even: float
    won_gain: Estimate
    points: Estimate
    mean_points: float
    baseline_points: float
    decisions: int
    seconds_mean: float | None = attrs.field(eq=False)
    seconds_median: float | None = attrs.field(eq=False)
    seconds_worst: float | None = attrs.field(eq=False)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready data.

        >>> from hellsrummy import RandomBot, compare
        >>> compare([RandomBot], deals=2, seed="doc")["RandomBot"].to_dict()["rounds"]
        8
        """
        return attrs.asdict(self)


@attrs.frozen
class PairSummary:
    """Two candidates compared on the same deals and seats: ``first`` minus ``second``.

    >>> from hellsrummy import GreedyBot, RandomBot, Unseeded, compare
    >>> study = compare([RandomBot, Unseeded(GreedyBot)], deals=2, seed="doc")
    >>> pair = study.pairs[0]
    >>> pair.first, pair.second, pair.rounds
    ('RandomBot', 'GreedyBot', 8)
    """

    first: str
    second: str
    rounds: int
    points: Estimate
    won: Estimate

    def to_dict(self) -> dict[str, Any]:
        """The comparison as JSON-ready data.

        >>> from hellsrummy import GreedyBot, RandomBot, Unseeded, compare
        >>> compare([RandomBot, Unseeded(GreedyBot)], deals=2, seed="doc").pairs[0].to_dict()[
        ...     "second"]
        'GreedyBot'
        """
        return attrs.asdict(self)


def _check_records(records: Iterable[DealRecord]) -> list[DealRecord]:
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise TypeError(f"records must be DealRecords, got {shown(records)}")
    found = list(records)
    for record in found:
        if not isinstance(record, DealRecord):
            raise TypeError(f"records must be DealRecords, got {shown(record)}")
    if not found:
        raise ValueError("a comparison needs at least one deal record")
    found.sort(key=lambda record: record.deal)
    first = found[0]
    for before, record in itertools.pairwise(found):
        if record.deal == before.deal:
            raise ValueError(f"deal {record.deal} is recorded twice")
    for record in found:
        if record.names != first.names or record.players != first.players:
            raise ValueError(
                f"deal {record.deal} has candidates {list(record.names)} at {record.players}"
                f" seats, deal {first.deal} {list(first.names)} at {first.players}:"
                " records of one study only"
            )
    if not first.names:
        raise ValueError("the records hold no candidate")
    return found


def _percentile_intervals(
    columns: Sequence[Sequence[float]], resamples: int, seed: Seed
) -> list[tuple[float, float]]:
    """Each column's 95% percentile interval of the mean, resampling deals (rows) together."""
    count = len(columns[0])
    rng = random.Random(seed_bytes(seed) + b"/bootstrap")
    rows = range(count)
    means: list[list[float]] = [[] for _ in columns]
    for _ in range(resamples):
        drawn = rng.choices(rows, k=count)
        for values, found in zip(columns, means, strict=True):
            found.append(math.fsum(map(values.__getitem__, drawn)) / count)
    low = math.floor(0.025 * (resamples - 1))
    high = math.ceil(0.975 * (resamples - 1))
    intervals = []
    for found in means:
        found.sort()
        intervals.append((found[low], found[high]))
    return intervals


def _estimates(columns: Sequence[Sequence[float]], resamples: int, seed: Seed) -> list[Estimate]:
    intervals = _percentile_intervals(columns, resamples, seed)
    estimates = []
    for values, (low, high) in zip(columns, intervals, strict=True):
        value = math.fsum(values) / len(values)
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        # A mean of equal values is that value exactly; fsum keeps it so (no +0.0 vs 1e-17).
        estimates.append(Estimate(value=value, low=low, high=high, sd=sd, deals=len(values)))
    return estimates


def _timing(records: Sequence[DealRecord], c: int) -> tuple[float | None, ...]:
    times = [s for record in records for one in record.rounds[c] for s in one.seconds]
    if not times:
        return None, None, None
    return statistics.fmean(times), statistics.median(times), max(times)


@attrs.frozen
class Comparison:
    """The result of a study on duplicate deals: each candidate against the field, and pairs.

    ``candidates`` are in the study's order (``study[name]`` finds one); ``pairs`` compares
    every two of them, the first named first. ``baseline_points`` is the mean points of a seat
    in the baseline rounds, ``baseline_capped`` how many of them had no winner and
    ``baseline_won[s]`` how many seat ``s`` won. ``records`` holds every deal's
    :class:`DealRecord`, in deal order. ``str()`` is a table; :meth:`table` can leave the
    timings out (they differ from run to run and take no part in equality).

    >>> from hellsrummy import RandomBot, compare
    >>> study = compare({"random": RandomBot}, deals=6, seed="doc", resamples=500)
    >>> study.deals, study.players, study["random"].rounds, str(study["random"].points)
    (6, 4, 24, '+42.3 [+21.7, +67.1]')
    """

    seed: Seed
    players: int
    resamples: int
    candidates: tuple[CandidateSummary, ...]
    pairs: tuple[PairSummary, ...]
    baseline_points: float
    baseline_capped: int
    baseline_won: tuple[int, ...]
    records: tuple[DealRecord, ...] = attrs.field(repr=False)

    @property
    def deals(self) -> int:
        """The number of deals played.

        >>> from hellsrummy import RandomBot, compare
        >>> compare([RandomBot], deals=[3, 8], seed="doc").deals
        2
        """
        return len(self.records)

    def __getitem__(self, name: str) -> CandidateSummary:
        """The summary of candidate ``name``; an unknown name raises ``KeyError``.

        >>> from hellsrummy import RandomBot, compare
        >>> compare({"random": RandomBot}, deals=1, seed="doc")["random"].rounds
        4
        """
        for summary in self.candidates:
            if summary.name == name:
                return summary
        names = [summary.name for summary in self.candidates]
        raise KeyError(f"no candidate {shown(name)}; the candidates are {names}")

    @classmethod
    def from_records(
        cls, records: Iterable[DealRecord], *, seed: Seed, resamples: int = 2000
    ) -> Comparison:
        """Summarize deal records (of one study, in any order, each deal once).

        The bootstrap draws ``resamples`` resamples of the deals with a :class:`random.Random`
        seeded from ``seed`` (the study's seed, as :func:`hellsrummy.compare` passes it).

        >>> from hellsrummy import RandomBot, stream_deals
        >>> records = list(stream_deals([RandomBot], deals=4, seed="doc"))
        >>> Comparison.from_records(records[::-1], seed="doc").records == tuple(records)
        True
        >>> Comparison.from_records(records + records[:1], seed="doc")
        Traceback (most recent call last):
        ...
        ValueError: deal 0 is recorded twice
        """
        if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
            raise ValueError(f"resamples must be a positive int, got {shown(resamples)}")
        seed_bytes(seed)
        found = _check_records(records)
        names = found[0].names
        players = found[0].players
        columns: list[list[float]] = []
        for c in range(len(names)):
            won = [sum(one.won for one in r.rounds[c]) / players for r in found]
            had = [(r.baseline.winner is not None) / players for r in found]
            gain = [w - h for w, h in zip(won, had, strict=True)]
            diff = [
                sum(one.points[s] - r.baseline.points[s] for s, one in enumerate(r.rounds[c]))
                / players
                for r in found
            ]
            columns += [won, gain, diff]
        pairs = list(itertools.combinations(range(len(names)), 2))
        for a, b in pairs:
            columns.append(
                [
                    sum(r.rounds[a][s].points[s] - r.rounds[b][s].points[s] for s in range(players))
                    / players
                    for r in found
                ]
            )
            columns.append(
                [
                    sum(r.rounds[a][s].won - r.rounds[b][s].won for s in range(players)) / players
                    for r in found
                ]
            )
        estimates = iter(_estimates(columns, resamples, seed))
        rounds = len(found) * players
        baseline_points = math.fsum(p for r in found for p in r.baseline.points) / rounds
        even = sum(r.baseline.winner is not None for r in found) / rounds
        candidates = []
        for c, name in enumerate(names):
            share, gained, points = next(estimates), next(estimates), next(estimates)
            mean, median, worst = _timing(found, c)
            candidates.append(
                CandidateSummary(
                    name=name,
                    rounds=rounds,
                    capped=sum(one.capped for r in found for one in r.rounds[c]),
                    won=share,
                    even=even,
                    won_gain=gained,
                    points=points,
                    mean_points=math.fsum(
                        one.points[s] for r in found for s, one in enumerate(r.rounds[c])
                    )
                    / rounds,
                    baseline_points=baseline_points,
                    decisions=sum(one.decisions for r in found for one in r.rounds[c]),
                    seconds_mean=mean,
                    seconds_median=median,
                    seconds_worst=worst,
                )
            )
        return cls(
            seed=seed,
            players=players,
            resamples=resamples,
            candidates=tuple(candidates),
            pairs=tuple(
                PairSummary(
                    first=names[a],
                    second=names[b],
                    rounds=rounds,
                    points=next(estimates),
                    won=next(estimates),
                )
                for a, b in pairs
            ),
            baseline_points=baseline_points,
            baseline_capped=sum(r.baseline.capped for r in found),
            baseline_won=tuple(sum(r.baseline.winner == s for r in found) for s in range(players)),
            records=tuple(found),
        )

    def table(self, *, timing: bool = True) -> str:
        """The report as text: the candidates, the pairs, and (``timing``) the seconds taken.

        >>> from hellsrummy import GreedyBot, Unseeded, compare
        >>> print(compare({"greedy": Unseeded(GreedyBot)}, deals=5, seed="doc").table(
        ...     timing=False))
        5 deals of 4 players (seed 'doc'): each candidate in every seat, the field in the others.
        Baseline (the field alone): 5 rounds, 0 capped, 56.8 points a seat; won by seat: 1 2 0 2.
        Capped: cut by max_turns, no winner. Equal: what a bot equal to the field wins.
        Points: lower is better. Intervals: 95%, from 2000 bootstrap resamples of the deals.
        <BLANKLINE>
        candidate  rounds  capped  won [95% CI]           equal  points - baseline [95% CI]    own
        greedy         20       0  25.0% [25.0%, 25.0%]   25.0%  +0.0 [+0.0, +0.0]            56.8
        """
        width = max(9, *(len(c.name) for c in self.candidates))
        won = " ".join(str(count) for count in self.baseline_won)
        lines = [
            f"{self.deals} deals of {self.players} players (seed {shown(self.seed)}): each"
            " candidate in every seat, the field in the others.",
            f"Baseline (the field alone): {self.deals} rounds, {self.baseline_capped} capped,"
            f" {self.baseline_points:.1f} points a seat; won by seat: {won}.",
            "Capped: cut by max_turns, no winner. Equal: what a bot equal to the field wins.",
            f"Points: lower is better. Intervals: 95%, from {self.resamples} bootstrap resamples"
            " of the deals.",
            "",
            f"{'candidate':<{width}}  {'rounds':>6}  {'capped':>6}  {'won [95% CI]':<21}"
            f"  {'equal':>5}  {'points - baseline [95% CI]':<26}  {'own':>5}",
        ]
        for c in self.candidates:
            lines.append(
                f"{c.name:<{width}}  {c.rounds:>6}  {c.capped:>6}  {c.won.share():<21}"
                f"  {c.even:>5.1%}  {c.points!s:<26}  {c.mean_points:>5.1f}"
            )
        if self.pairs:
            lines += ["", "Paired on the same deals and seats, first - second, a round:"]
            for pair in self.pairs:
                lines.append(
                    f"  {pair.first} - {pair.second}: points {pair.points};"
                    f" won {pair.won.value:+.1%} [{pair.won.low:+.1%}, {pair.won.high:+.1%}]"
                )
        if timing:
            lines += [
                "",
                f"{'ms/decision':<{width}}  {'decisions':>9}  {'mean':>8}  {'median':>8}"
                f"  {'worst':>8}",
            ]
            for c in self.candidates:
                times = [
                    "-" if t is None else f"{1000 * t:.2f}"
                    for t in (c.seconds_mean, c.seconds_median, c.seconds_worst)
                ]
                lines.append(
                    f"{c.name:<{width}}  {c.decisions:>9}  {times[0]:>8}  {times[1]:>8}"
                    f"  {times[2]:>8}"
                )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """The comparison as JSON-ready data: the summary and every deal's record.

        >>> from hellsrummy import RandomBot, compare
        >>> data = compare([RandomBot], deals=2, seed="doc").to_dict()
        >>> data["type"], data["deals"], data["candidates"][0]["name"], len(data["records"])
        ('Comparison', 2, 'RandomBot', 2)
        """
        return {
            "type": "Comparison",
            "seed": seed_to_data(self.seed),
            "players": self.players,
            "deals": self.deals,
            "resamples": self.resamples,
            "baseline": {
                "points": self.baseline_points,
                "capped": self.baseline_capped,
                "won": list(self.baseline_won),
            },
            "candidates": [c.to_dict() for c in self.candidates],
            "pairs": [pair.to_dict() for pair in self.pairs],
            "records": [record.to_dict() for record in self.records],
        }
