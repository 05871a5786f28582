"""The figures of a study on duplicate deals: estimates with intervals, and their summaries.

:class:`Estimate` is a mean with its 95% interval; :class:`CandidateSummary` holds one
candidate's figures against the field, :class:`PairSummary` two candidates' paired
difference. :class:`hellsrummy.Comparison` (:mod:`hellsrummy.players.comparison`) works them
out from the deal records.

>>> str(Estimate(value=-2.5, low=-4.0, high=-1.0, sd=3.0, deals=40))
'-2.5 [-4.0, -1.0]'
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from hellsrummy.errors import shown

__all__ = ["CandidateSummary", "Estimate", "PairSummary"]

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
