"""How strong is each bot? Bradley-Terry ratings on the Elo scale, from duplicate-deal studies.

:func:`rate` puts the candidates of one or more studies (:func:`hellsrummy.compare`, or the
:class:`hellsrummy.DealRecord` of :func:`hellsrummy.stream_deals`) and the field itself on one
scale, and returns a :class:`Ladder` of :class:`Rating`:

* **Games.** In each deal and seat, every two players who sat in that seat (each candidate at
  its own table, and the field's bot in the baseline round) play one game: the one whose
  round left the seat fewer points wins it, equal points are a draw (half a game each). A
  round's points are what the game scores it, the cards left in hand and the discard-error
  points, so the seat that went out (no cards left) beats every seat that did not, unless
  discard errors cost it more. Both players had the same cards and the same field around
  them, so a game is won by the choices made.
* **Model.** Bradley-Terry: player ``i`` beats ``j`` with probability ``g[i] / (g[i] +
  g[j])``. The strengths are the maximum of the likelihood (draws count half a win and half
  a loss) times a small *prior*: each player also drew ``prior`` games (1 by default) with
  a virtual player, whose strength is fitted with theirs, so that a player who won (or lost)
  every game still gets a finite rating. They are found by Hunter's MM algorithm (*MM
  algorithms for generalized Bradley-Terry models*, Annals of Statistics 32, 2004), every
  strength updated at once (:mod:`hellsrummy.players.bradley_terry`).
* **Scale.** Elo: ``400 * log10(g[i] / g[anchor])``, so the anchor (the field, unless
  another player is named) is at 0 and a player ``D`` points above another is expected to
  score ``1 / (1 + 10 ** (-D / 400))`` of their games: 64% at +100, 76% at +200.
* **Intervals.** 95% percentile intervals from a bootstrap over *deals* (whole deals are
  drawn with replacement, as :class:`hellsrummy.Comparison` draws them), seeded: the same
  ratings every time. An interval is that of the player's distance from the anchor.

Studies of the *same seed, players and field* can be rated together: deal ``k`` of one is deal
``k`` of the other, so their candidates meet on every deal both played. A cheap study of many
candidates and a costly study of a few are joined that way; a deal whose baselines differ
between studies is refused.

>>> from hellsrummy import GreedyBot, RandomBot, Unseeded, compare
>>> study = compare({"random": RandomBot, "greedy": Unseeded(GreedyBot)}, deals=6, seed="doc")
>>> ladder = rate(study, resamples=200)
>>> [(one.name, round(one.elo)) for one in ladder.ratings]
[('field', 0), ('greedy', 0), ('random', -152)]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from hellsrummy.data.plain import head, read_head
from hellsrummy.data.readers import Reader, check_derived
from hellsrummy.data.serialize import register_reader, seed_from_data, seed_to_data
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.players.bradley_terry import bootstrap, elos, fit
from hellsrummy.players.comparison import Comparison
from hellsrummy.players.deals import DealRecord, read_deal_record

__all__ = ["Ladder", "Rating", "rate"]


@attrs.frozen
class Rating:
    """One player's rating: ``elo`` with its 95% interval, ``low`` to ``high``.

    ``games`` is how many games it played (one per deal, seat and other player that sat
    there), ``score`` the share it scored (a win 1, a draw one half), ``deals`` the deals it
    played. ``seconds`` is the mean wall time of its decisions (``None`` for the field, whose
    moves are not timed); it takes no part in equality.

    >>> one = Rating("search", elo=112.4, low=80.9, high=141.0, games=1600, score=0.62, deals=100)
    >>> str(one), one == attrs.evolve(one, seconds=0.2)
    ('+112 [+81, +141]', True)
    """

    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    deals: int
    seconds: float | None = attrs.field(default=None, eq=False)

    def __str__(self) -> str:
        return f"{self.elo:+.0f} [{self.low:+.0f}, {self.high:+.0f}]"

    def to_dict(self) -> dict[str, Any]:
        """The rating as JSON-ready data.

        >>> Rating("x", elo=0.0, low=0.0, high=0.0, games=8, score=0.5, deals=2).to_dict()["games"]
        8
        """
        return attrs.asdict(self)


def _study_records(study: Any) -> tuple[Seed | None, list[DealRecord]]:
    if isinstance(study, Comparison):
        return study.seed, list(study.records)
    if isinstance(study, (str, bytes, DealRecord)) or not isinstance(study, Iterable):
        raise TypeError(
            f"each study must be a Comparison or an iterable of DealRecords, got {shown(study)}"
        )
    found = list(study)
    for record in found:
        if not isinstance(record, DealRecord):
            raise TypeError(f"a study's records must be DealRecords, got {shown(record)}")
    if not found:
        raise ValueError("a study holds no deal record")
    return None, found


def _same_deal(record: DealRecord, other: DealRecord) -> None:
    if record.players != other.players:
        differs = f"{other.players} and {record.players} seats"
    elif record.difficulty != other.difficulty:
        differs = f"difficulty {other.difficulty} and {record.difficulty}"
    elif record.baseline != other.baseline:
        differs = (
            f"baseline points {list(other.baseline.points)} and {list(record.baseline.points)}"
        )
    else:
        return
    raise ValueError(
        f"deal {record.deal} differs between the studies ({differs}): rate studies of the same"
        " seed, players and field only"
    )


def _join(studies: Sequence[Any]) -> list[DealRecord]:
    """The studies' records joined deal by deal: one record per deal, every candidate in it."""
    if not studies:
        raise ValueError("rate needs at least one study")
    seeds: list[Seed] = []
    joined: dict[int, DealRecord] = {}
    for study in studies:
        seed, records = _study_records(study)
        if seed is not None:
            if seeds and seeds[0] != seed:
                raise ValueError(
                    f"the studies have different seeds, {shown(seeds[0])} and {shown(seed)}:"
                    " their deals are not the same"
                )
            seeds.append(seed)
        for record in records:
            first = joined.get(record.deal)
            if first is None:
                joined[record.deal] = record
                continue
            _same_deal(record, first)
            for name in record.names:
                if name in first.names:
                    raise ValueError(f"deal {record.deal} has candidate {shown(name)} twice")
            joined[record.deal] = attrs.evolve(
                first, names=first.names + record.names, rounds=first.rounds + record.rounds
            )
    found = [joined[deal] for deal in sorted(joined)]
    for record in found:
        if record.players != found[0].players:
            raise ValueError(
                f"deal {record.deal} has {record.players} seats, deal {found[0].deal}"
                f" {found[0].players}: rate studies of the same seed, players and field only"
            )
    return found


def _names(records: Sequence[DealRecord], field: str) -> list[str]:
    """The players: the field, then the candidates in the order they come."""
    names = [field]
    for record in records:
        for name in record.names:
            if name == field:
                raise ValueError(
                    f"a candidate is named {shown(field)}, the field's name: give the field"
                    " another name (field=...)"
                )
            if name not in names:
                names.append(name)
    if len(names) == 1:
        raise ValueError("the studies hold no candidate to rate")
    return names


def _games(records: Sequence[DealRecord], names: Sequence[str]) -> list[list[int] | None]:
    """For each ordered pair ``i * count + j``, twice what ``i`` scored against ``j``, by deal.

    ``None`` for a pair that never met. Twice, so that a draw (half a game) is a whole number.
    """
    count = len(names)
    index = {name: i for i, name in enumerate(names)}
    columns: list[list[int] | None] = [None] * (count * count)
    for d, record in enumerate(records):
        for seat in range(record.players):
            sat = [(0, record.baseline.points[seat])]
            sat += [
                (index[name], rounds[seat].points[seat])
                for name, rounds in zip(record.names, record.rounds, strict=True)
            ]
            for a, (i, mine) in enumerate(sat):
                for j, theirs in sat[a + 1 :]:
                    score = 2 if mine < theirs else 1 if mine == theirs else 0
                    for pair, got in ((i * count + j, score), (j * count + i, 2 - score)):
                        column = columns[pair]
                        if column is None:
                            column = columns[pair] = [0] * len(records)
                        column[d] += got
    return columns


@attrs.frozen
class Ladder:
    """Players rated on one scale (see the module documentation), best first.

    ``ratings`` holds one :class:`Rating` per player, best first (``ladder[name]`` finds one);
    ``field`` names the field, ``anchor`` the player rated 0. ``records`` are the studies'
    records joined deal by deal; ``players`` is the seats at the table. ``str()`` is a table,
    :meth:`expected` the share of games one player is expected to score against another.

    >>> from hellsrummy import RandomBot, compare
    >>> ladder = rate(compare({"random": RandomBot}, deals=4, seed="doc"), resamples=100)
    >>> ladder.deals, ladder["random"].games, ladder["field"].elo
    (4, 16, 0.0)
    """

    ratings: tuple[Rating, ...]
    field: str
    anchor: str
    players: int
    prior: float
    resamples: int
    seed: Seed
    records: tuple[DealRecord, ...] = attrs.field(repr=False)

    @property
    def deals(self) -> int:
        """The number of deals the ratings come from.

        >>> from hellsrummy import RandomBot, compare
        >>> rate(compare([RandomBot], deals=[1, 5], seed="doc"), resamples=10).deals
        2
        """
        return len(self.records)

    def __getitem__(self, name: str) -> Rating:
        """The rating of player ``name``; an unknown name raises ``KeyError``.

        >>> from hellsrummy import RandomBot, compare
        >>> rate(compare([RandomBot], deals=2, seed="doc"), resamples=10)["field"].deals
        2
        """
        for rating in self.ratings:
            if rating.name == name:
                return rating
        names = [rating.name for rating in self.ratings]
        raise KeyError(f"no player {shown(name)}; the players are {names}")

    def expected(self, first: str, second: str) -> float:
        """The share of games ``first`` is expected to score against ``second``.

        ``1 / (1 + 10 ** ((elo of second - elo of first) / 400))``: a game is one seat of one
        deal, each at its own table with the field, fewer points winning.

        >>> from hellsrummy import RandomBot, compare
        >>> ladder = rate(compare({"random": RandomBot}, deals=4, seed="doc"), resamples=10)
        >>> round(ladder.expected("field", "random"), 2), ladder.expected("field", "field")
        (0.68, 0.5)
        """
        return 1 / (1 + 10 ** ((self[second].elo - self[first].elo) / 400))

    def table(self, *, timing: bool = True) -> str:
        """The ladder as text, best first; ``timing`` adds the milliseconds per decision.

        >>> from hellsrummy import RandomBot, compare
        >>> print(rate(compare({"random": RandomBot}, deals=4, seed="doc"), resamples=100
        ...            ).table(timing=False))
        Ratings of 2 players from 4 deals of 4 players: Bradley-Terry, on the Elo scale.
        Games: every two players in the same seat of a deal; fewer points win, equal draw.
        Anchor: 'field' at 0. Intervals: 95%, from 100 bootstrap resamples of the deals.
        Prior: 1 virtual draw for each player.
        <BLANKLINE>
        player  Elo [95% CI]          games  score
        field   +0 [+0, +0]              16  68.8%
        random  -132 [-365, -21]         16  31.2%
        """
        width = max(6, *(len(rating.name) for rating in self.ratings))
        lines = [
            f"Ratings of {len(self.ratings)} players from {self.deals} deals of {self.players}"
            " players: Bradley-Terry, on the Elo scale.",
            "Games: every two players in the same seat of a deal; fewer points win, equal draw.",
            f"Anchor: {shown(self.anchor)} at 0. Intervals: 95%, from {self.resamples} bootstrap"
            " resamples of the deals.",
            f"Prior: {self.prior:g} virtual draw{'s' if self.prior != 1 else ''} for each player.",
            "",
            f"{'player':<{width}}  {'Elo [95% CI]':<20}  {'games':>5}  {'score':>5}"
            + ("  ms/decision" if timing else ""),
        ]
        for rating in self.ratings:
            line = (
                f"{rating.name:<{width}}  {rating!s:<20}  {rating.games:>5}  {rating.score:>5.1%}"
            )
            if timing:
                shown_ms = "-" if rating.seconds is None else f"{1000 * rating.seconds:.2f}"
                line += f"  {shown_ms:>11}"
            lines.append(line)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """The ladder as JSON-ready data: the ratings, how they were made, and the records.

        >>> from hellsrummy import RandomBot, compare
        >>> data = rate(compare([RandomBot], deals=2, seed="doc"), resamples=10).to_dict()
        >>> data["type"], [one["name"] for one in data["ratings"]], len(data["records"])
        ('ladder', ['field', 'RandomBot'], 2)
        """
        return {
            **head("ladder"),
            "field": self.field,
            "anchor": self.anchor,
            "players": self.players,
            "deals": self.deals,
            "prior": self.prior,
            "resamples": self.resamples,
            "seed": seed_to_data(self.seed),
            "ratings": [rating.to_dict() for rating in self.ratings],
            "records": [record.to_dict() for record in self.records],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Ladder:
        """Read a ladder written by :meth:`to_dict`; bad data raises ``ValueError``.

        The records are rated again (:func:`rate`, with the written settings), and the written
        ratings must be theirs: the first field that differs is refused.

        >>> from hellsrummy import RandomBot, compare
        >>> ladder = rate(compare([RandomBot], deals=3, seed="doc"), resamples=20)
        >>> Ladder.from_dict(ladder.to_dict()) == ladder
        True
        >>> data = ladder.to_dict()
        >>> data["ratings"][0]["games"] = 5
        >>> Ladder.from_dict(data)
        Traceback (most recent call last):
        ...
        ValueError: ratings[0].games: must be 12, what the rest of the document gives, got 5
        """
        reader = Reader(data)
        read_head(reader, "ladder")
        records = [read_deal_record(item) for item in reader.key("records").items()]
        prior = reader.key("prior").value
        try:
            found = rate(
                records,
                field=reader.key("field").text(),
                anchor=reader.key("anchor").text(),
                prior=prior,
                resamples=reader.key("resamples").integer(1),
                seed=seed_from_data(reader.key("seed").value),
            )
        except ValueError as error:
            raise reader.fail(str(error)) from None
        check_derived(reader, found.to_dict(), skip=("records", "format", "type"))
        return found


def _seconds(records: Sequence[DealRecord], name: str) -> float | None:
    times = [
        s
        for record in records
        if name in record.names
        for one in record.of(name)
        for s in one.seconds
    ]
    return statistics.fmean(times) if times else None


def rate(
    *studies: Comparison | Iterable[DealRecord],
    field: str = "field",
    anchor: str | None = None,
    prior: float = 1.0,
    resamples: int = 1000,
    seed: Seed = "ratings",
) -> Ladder:
    """Rate the candidates of duplicate-deal studies and their field on one Elo scale.

    ``studies`` are :class:`hellsrummy.Comparison` results or iterables of their
    :class:`hellsrummy.DealRecord`, all of the same seed, players and field: they are joined
    deal by deal (see the module documentation for the games, the model and the intervals).
    The field is rated as the player ``field``; ``anchor`` names the player rated 0 (the
    field by default). ``prior`` is the virtual draws each player has with a virtual player
    (0 for none: then every player must have scored against, and lost to, the rest). The
    bootstrap draws ``resamples`` resamples of the deals from ``seed``.

    >>> from hellsrummy import RandomBot, Unseeded, GreedyBot, compare
    >>> cheap = compare({"random": RandomBot}, deals=8, seed="doc")
    >>> again = compare({"greedy": Unseeded(GreedyBot)}, deals=4, seed="doc")
    >>> ladder = rate(cheap, again, resamples=200)
    >>> [(one.name, one.deals, one.games) for one in ladder.ratings]
    [('field', 8, 48), ('greedy', 4, 32), ('random', 8, 48)]
    >>> rate(cheap, compare({"x": RandomBot}, RandomBot, deals=2, seed="doc"))
    Traceback (most recent call last):
    ...
    ValueError: deal 0 differs between the studies (baseline points [5, 0, 30, 20] and [0, 10, ...
    """
    if not isinstance(field, str) or not field.strip():
        raise ValueError(f"field must be a non-empty name, got {shown(field)}")
    if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 <= prior < math.inf:
        raise ValueError(f"prior must be a finite number of at least 0, got {shown(prior)}")
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a positive int, got {shown(resamples)}")
    seed_bytes(seed)
    records = _join(studies)
    names = _names(records, field)
    if anchor is None:
        anchor = field
    if not isinstance(anchor, str) or anchor not in names:
        raise ValueError(f"anchor must be one of the players {names}, got {shown(anchor)}")
    count = len(names)
    at = names.index(anchor)
    columns = _games(records, names)
    scored = [sum(column) if column else 0 for column in columns]
    strengths = fit(scored, count, prior=prior, anchor=at)
    rated = elos(strengths, at, count)
    intervals = bootstrap(
        columns, count, prior=prior, anchor=at, start=strengths, resamples=resamples, seed=seed
    )
    ratings = []
    for i, name in enumerate(names):
        games = sum(
            (scored[i * count + j] + scored[j * count + i]) // 2 for j in range(count) if j != i
        )
        ratings.append(
            Rating(
                name=name,
                elo=rated[i],
                low=intervals[i][0],
                high=intervals[i][1],
                games=games,
                score=sum(scored[i * count : (i + 1) * count]) / 2 / games,
                deals=sum(i == 0 or name in record.names for record in records),
                seconds=None if i == 0 else _seconds(records, name),
            )
        )
    order = sorted(range(count), key=lambda i: (-rated[i], i))
    return Ladder(
        ratings=tuple(ratings[i] for i in order),
        field=field,
        anchor=anchor,
        players=records[0].players,
        prior=float(prior),
        resamples=resamples,
        seed=seed,
        records=tuple(records),
    )


# So that hellsrummy.from_dict reads it too (and its name before format 4: see register_reader).
register_reader("ladder", Ladder.from_dict)
