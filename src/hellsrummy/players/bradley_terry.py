"""The Bradley-Terry model behind :func:`hellsrummy.rate`: strengths from games, by MM.

Players are numbered ``0`` to ``count - 1``. Their games are given as ``scored``, a flat list
in which ``scored[i * count + j]`` is *twice* what player ``i`` scored against ``j`` (a win
counts 2, a draw 1, so that halves stay whole), and ``i`` and ``j`` played ``(scored[i *
count + j] + scored[j * count + i]) / 2`` games. In the model, ``i`` beats ``j`` with
probability ``g[i] / (g[i] + g[j])``; :func:`fit` finds the strengths ``g`` of greatest
likelihood (a draw is half a win and half a loss) by Hunter's MM algorithm (*MM algorithms
for generalized Bradley-Terry models*, Annals of Statistics 32, 2004), all strengths updated
at once from the last ones. With a ``prior``, a virtual player joins them, who drew ``prior``
games with every player: a player who won or lost every game is then rated finitely, at a
distance the virtual draws allow. :func:`elos` puts strengths on the Elo scale, and
:func:`bootstrap` resamples the games by deal.

Two players, one of whom scored 1.5 of their 2 games: three times the other's strength,
191 Elo points above.

>>> strengths = fit([0, 3, 1, 0], 2, prior=0.0, anchor=1)
>>> [round(g, 6) for g in strengths], [round(e, 1) for e in elos(strengths, 1, 2)]
([3.0, 1.0], [190.8, 0.0])
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from hellsrummy.deck.shuffle import Seed, seed_bytes

__all__ = ["bootstrap", "connected", "elos", "fit"]

#: How close two rounds of the MM algorithm must come (the largest relative change of a
#: strength) for the fit to stop.
TOLERANCE = 1e-12

#: The most rounds of the MM algorithm before :func:`fit` gives up (it needs far fewer).
MAX_ROUNDS = 100_000

#: Elo points per natural-log unit of strength, ``400 / ln 10``.
ELO = 400 / math.log(10)


def connected(scored: Sequence[float], count: int) -> bool:
    """Whether each player scored, directly or through others, against every other player.

    Without a prior that is what finite strengths need (Hunter's condition): a player nobody
    scored against has no finite strength.

    >>> connected([0, 2, 0, 0], 2), connected([0, 1, 1, 0], 2)
    (False, True)
    """
    for forward in (True, False):
        seen = {0}
        todo = [0]
        while todo:
            i = todo.pop()
            for j in range(count):
                pair = i * count + j if forward else j * count + i
                if j not in seen and scored[pair]:
                    seen.add(j)
                    todo.append(j)
        if len(seen) < count:
            return False
    return True


def fit(
    scored: Sequence[float],
    count: int,
    *,
    prior: float,
    anchor: int,
    start: Sequence[float] | None = None,
) -> list[float]:
    """The strengths of greatest likelihood, by the MM algorithm; the ``anchor``'s is 1.

    With a ``prior`` above 0 the virtual player's strength comes last (``count + 1``
    strengths). Each round sets every strength ``g[i]`` to ``W[i] / sum(n[i][j] / (g[i] +
    g[j]))`` from the last round's, ``W[i]`` being what ``i`` scored and ``n[i][j]`` the
    games it played with ``j``, then divides them all by the anchor's; it stops when no
    strength changes by more than :data:`TOLERANCE` (relative). ``start`` is where it starts
    (all 1 without). Without a prior, data that are not :func:`connected` raise
    ``ValueError``.

    One game, won by player 0: finite strengths only with a prior (the virtual player last).

    >>> [round(g, 3) for g in fit([0, 2, 0, 0], 2, prior=1.0, anchor=1)]
    [4.539, 1.0, 2.13]
    >>> fit([0, 2, 0, 0], 2, prior=0.0, anchor=1)
    Traceback (most recent call last):
    ...
    ValueError: some player won (or lost) every game against the rest: no finite ratings ...
    """
    if not prior and not connected(scored, count):
        raise ValueError(
            "some player won (or lost) every game against the rest: no finite ratings without"
            " a prior; give a prior above 0"
        )
    size = count + 1 if prior else count

    def got(i: int, j: int) -> float:  # twice what i scored against j
        return prior if count in (i, j) else scored[i * count + j]

    wins = [math.fsum(got(i, j) for j in range(size) if j != i) / 2 for i in range(size)]
    met = [
        [(j, (got(i, j) + got(j, i)) / 2) for j in range(size) if j != i and got(i, j) + got(j, i)]
        for i in range(size)
    ]
    strengths = [1.0] * size if start is None else list(start)
    for _ in range(MAX_ROUNDS):
        # fsum: a sum that does not depend on the players' order, so equal players stay equal
        new = [
            wins[i] / math.fsum([n / (g + strengths[j]) for j, n in met[i]])
            for i, g in enumerate(strengths)
        ]
        new = [g / new[anchor] for g in new]
        change = max(abs(g / old - 1) for g, old in zip(new, strengths, strict=True))
        strengths = new
        if change < TOLERANCE:
            return strengths
    raise ValueError("the ratings did not converge")  # pragma: no cover - they do


def elos(strengths: Sequence[float], anchor: int, count: int) -> list[float]:
    """The first ``count`` strengths on the Elo scale: ``400 * log10(g / g[anchor])``.

    >>> [round(elo, 6) for elo in elos([10.0, 1.0, 5.0], 1, 2)]
    [400.0, 0.0]
    """
    return [0.0 + ELO * math.log(g / strengths[anchor]) for g in strengths[:count]]


def bootstrap(
    columns: Sequence[Sequence[int] | None],
    count: int,
    *,
    prior: float,
    anchor: int,
    start: Sequence[float] | None,
    resamples: int,
    seed: Seed,
) -> list[tuple[float, float]]:
    """Each player's 95% percentile interval of its Elo rating, from resamples of the deals.

    ``columns[i * count + j]`` holds, deal by deal, twice what ``i`` scored against ``j``
    (``None`` for a pair that never met); each resample draws as many deals as there are,
    with replacement, from a :class:`random.Random` seeded from ``seed``, and fits them
    (from ``start``, the strengths of all the deals).

    >>> columns = [None, [2, 0, 2], [0, 2, 0], None]
    >>> bootstrap(columns, 2, prior=1.0, anchor=1, start=None, resamples=200, seed=1)[1]
    (0.0, 0.0)
    """
    deals = len(next(column for column in columns if column is not None))
    rng = random.Random(seed_bytes(seed) + b"/ratings bootstrap")
    rows = range(deals)
    samples: list[list[float]] = [[] for _ in range(count)]
    for _ in range(resamples):
        drawn = rng.choices(rows, k=deals)
        scored = [sum(map(column.__getitem__, drawn)) if column else 0 for column in columns]
        try:
            found = fit(scored, count, prior=prior, anchor=anchor, start=start)
        except ValueError:
            raise ValueError(
                "a resample of the deals leaves some player winning (or losing) every game: no"
                " finite ratings without a prior; give a prior above 0"
            ) from None
        for values, elo in zip(samples, elos(found, anchor, count), strict=True):
            values.append(elo)
    low = math.floor(0.025 * (resamples - 1))
    high = math.ceil(0.975 * (resamples - 1))
    intervals = []
    for values in samples:
        values.sort()
        intervals.append((values[low], values[high]))
    return intervals
