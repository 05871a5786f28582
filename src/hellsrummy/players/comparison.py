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

from hellsrummy.data.plain import head, read_head
from hellsrummy.data.readers import Reader, check_derived
from hellsrummy.data.serialize import register_reader, seed_from_data, seed_to_data
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.players.deals import DealRecord, read_deal_record
from hellsrummy.players.summaries import CandidateSummary, Estimate, PairSummary

__all__ = ["Comparison"]


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
    (6, 4, 24, '+36.2 [+9.0, +62.9]')
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
        ('comparison', 2, 'RandomBot', 2)
        """
        return {
            **head("comparison"),
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

    @classmethod
    def from_dict(cls, data: Any) -> Comparison:
        """Read a comparison written by :meth:`to_dict`; bad data raises ``ValueError``.

        The deal records are read and summarized again (:meth:`from_records`, with the
        written seed and resamples), and the written summary must be theirs: a summary that
        does not follow from its records is refused at the first field that differs. The
        timings, which take no part in equality, are read as written. Reads format 4's
        (``"type": "comparison"``) and what was written before, without a ``"format"``
        (``"type": "Comparison"``, its records ``"DealRecord"``).

        >>> from hellsrummy import RandomBot, compare
        >>> study = compare([RandomBot], deals=3, seed="doc", resamples=100)
        >>> Comparison.from_dict(study.to_dict()) == study
        True
        >>> data = study.to_dict()
        >>> data["baseline"]["capped"] = 3
        >>> Comparison.from_dict(data)
        Traceback (most recent call last):
        ...
        ValueError: baseline.capped: must be 0, what the rest of the document gives, got 3
        """
        reader = Reader(data)
        read_head(reader, "comparison")
        seed = seed_from_data(reader.key("seed").value)
        resamples = reader.key("resamples").integer(1)
        records = [read_deal_record(item) for item in reader.key("records").items()]
        if not records:
            raise reader.key("records").fail("must hold at least one deal's record")
        try:
            found = cls.from_records(records, seed=seed, resamples=resamples)
        except ValueError as error:
            raise reader.key("records").fail(str(error)) from None
        timings = ("seconds_mean", "seconds_median", "seconds_worst")
        check_derived(reader, found.to_dict(), skip=("format", "type", "records", *timings))
        read = [
            [item.key(name).optional(Reader.seconds) for name in timings]
            for item in reader.key("candidates").items()
        ]
        return attrs.evolve(
            found,
            candidates=tuple(
                attrs.evolve(c, seconds_mean=mean, seconds_median=median, seconds_worst=worst)
                for c, (mean, median, worst) in zip(found.candidates, read, strict=True)
            ),
        )


# So that hellsrummy.from_dict reads it too (and its name before format 4: see register_reader).
register_reader("comparison", Comparison.from_dict)
