"""Is bot A better than bot B? Studies on duplicate deals, with the luck of the cards taken out.

Card-game players are compared on *duplicate deals*, because the luck of the deal swamps
skill at any number of games a study can afford otherwise. A deal is one round of a seeded
game (:func:`study_deal`); each deal is played

* once by the *field* alone, a field bot in every seat: the *baseline*;
* for each candidate and each seat, once with the candidate in that seat and field bots in
  the others,

all on the same cards. A candidate's points are compared with those of the baseline's bot
in the same seat of the same deal, and two candidates with each other in the same deal and
seat: what is left is mostly what their choices did. :func:`compare` plays the deals and
returns a :class:`hellsrummy.Comparison`; :func:`stream_deals` yields each deal's
:class:`hellsrummy.DealRecord` as it is played, so a long study can be written down as it
goes and resumed by deal numbers.

Bots are given as *factories*: callables that take a seed (an ``int``) and return a bot, so
that every seat of every round gets a fresh, reproducible bot. A bot class whose first
parameter is its seed is one (:class:`hellsrummy.RandomBot`, :class:`hellsrummy.SearchBot`;
``functools.partial(SearchBot, iterations=50)`` sets a budget), and a bot that takes no seed
is given as :class:`Unseeded` (``Unseeded(GreedyBot)``). Seat ``s`` of deal ``k`` gets the
seed :func:`seat_seed` ``(seed, k, s)``, the same for the field and for every candidate: so
two candidates face the very same field, and a candidate equal to the field plays exactly
the baseline. Process pools need picklable factories (classes, functions of a module,
``functools.partial`` of them; no lambdas).

Studies run where :func:`hellsrummy.simulate` runs: on one core, on a pool of ``workers``
processes, or on any :class:`concurrent.futures.Executor` (Dask's
``Client.get_executor()`` included), with the same results on all of them for bots that are
functions of their seed and view (an iteration budget, not a time budget).

>>> from hellsrummy import GreedyBot, RandomBot
>>> study = compare({"random": RandomBot, "greedy": Unseeded(GreedyBot)}, deals=8, seed="doc")
>>> study["random"].points.low > 0, str(study["greedy"].points)
(True, '+0.0 [+0.0, +0.0]')
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import inspect
import pickle
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from hellsrummy.data.history import record_of
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import BotMoveError, shown
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import GameState
from hellsrummy.play.engine import new_game
from hellsrummy.play.turns import IN_ROUND
from hellsrummy.players.asking import bot_move
from hellsrummy.players.bots import Bot, GreedyBot
from hellsrummy.players.comparison import Comparison
from hellsrummy.players.deals import DealRecord, DealRound
from hellsrummy.players.simulation import (
    SIMULATION_MAX_TURNS,
    _flat,
    _game_numbers,
    _on_pool,
    offer_calls,
)

__all__ = ["Unseeded", "compare", "seat_seed", "stream_deals", "study_deal"]

#: A bot factory: called with a seat's seed, it returns that seat's bot.
Factory = Callable[[int], Bot]

#: The candidates of a study: names to factories, factories (named after themselves), or one.
Candidates = Mapping[str, Factory] | Sequence[Factory] | Factory


@attrs.frozen
class Unseeded:
    """The factory of a bot that takes no seed: ``Unseeded(GreedyBot)`` makes ``GreedyBot()``.

    ``make`` is called with no argument for each seat (the seed is not used); settings go in a
    :func:`functools.partial`, ``Unseeded(functools.partial(GreedyBot, keep=3))``.

    >>> Unseeded(GreedyBot)(12345)
    GreedyBot(keep=2)
    """

    make: Callable[[], Bot] = attrs.field(validator=attrs.validators.is_callable())

    def __call__(self, seed: int) -> Bot:
        """A new bot from ``make()``; ``seed`` is not used."""
        return self.make()


def seat_seed(seed: Seed, deal: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of deal ``deal`` of a study with ``seed``.

    A 63-bit ``int`` from SHA-256, the same for the field and every candidate in that seat.

    >>> seat_seed("study", 0, 1) == seat_seed("study", 0, 1) != seat_seed("study", 0, 2)
    True
    """
    for name, value in (("deal", deal), ("seat", seat)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a non-negative int, got {shown(value)}")
    digest = hashlib.sha256(seed_bytes(seed) + f"/deal {deal}/seat {seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _study_rules(rules: Rules | None) -> Rules:
    if rules is None:
        return Rules(max_turns=SIMULATION_MAX_TURNS)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or None, got {shown(rules)}")
    return rules


def study_deal(seed: Seed, deal: int, *, rules: Rules | None = None, players: int = 4) -> GameState:
    """Deal ``deal`` of a study: a one-round game, its difficulty the schedule's, cycled.

    Deal ``k`` plays difficulty ``rules.schedule[k % len(rules.schedule)]`` under ``rules``
    (without them, the standard rules with ``max_turns`` set to
    :data:`hellsrummy.SIMULATION_MAX_TURNS`, as :func:`hellsrummy.simulate` plays), dealt from
    the study's ``seed`` and the deal's number.

    >>> [study_deal("doc", k).rules.schedule for k in (0, 1, 5)]
    [(6,), (7,), (6,)]
    >>> study_deal("doc", 3).hands == study_deal("doc", 3).hands != study_deal("doc", 4).hands
    True
    """
    rules = _study_rules(rules)
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
        raise ValueError(f"deal must be a non-negative int, got {shown(deal)}")
    difficulty = rules.schedule[deal % len(rules.schedule)]
    return new_game(
        players,
        seed=seed_bytes(seed) + f"/deal {deal}".encode(),
        rules=attrs.evolve(rules, schedule=(difficulty,)),
    )


class _Timed:
    """A candidate whose every decision is timed (``time.perf_counter``)."""

    __slots__ = ("bot", "seconds")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def __repr__(self) -> str:
        return repr(self.bot)

    def __call__(self, seen: Any) -> Any:
        start = time.perf_counter()
        action = self.bot(seen)
        self.seconds.append(time.perf_counter() - start)
        return action


class _TimedCalling(_Timed):
    """A timed candidate that may call Rummy (it has a ``call`` method)."""

    __slots__ = ()

    def call(self, seen: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.call(seen)  # type: ignore[attr-defined]
        self.seconds.append(time.perf_counter() - start)
        return action


@attrs.frozen
class _Study:
    """What every deal of a study needs, sent to the workers."""

    names: tuple[str, ...]
    factories: tuple[Factory, ...]
    field: Factory
    seed: Seed
    rules: Rules
    players: int
    history: bool = False

    def round(self, state: GameState, deal: int, seat: int | None, candidate: int) -> DealRound:
        """The round of ``state`` with candidate ``candidate`` in ``seat`` (``None``: none)."""
        timed = None
        if seat is not None:
            bot = self.factories[candidate](seat_seed(self.seed, deal, seat))
            timed = _TimedCalling(bot) if hasattr(bot, "call") else _Timed(bot)
        bots: list[Any] = [
            timed if s == seat else self.field(seat_seed(self.seed, deal, s))
            for s in range(self.players)
        ]
        classic = self.rules.discard_policy is DiscardPolicy.CLASSIC
        while state.phase in IN_ROUND:
            try:
                state, _ = bot_move(state, bots[state.current])
                if classic and state.discarder is not None:
                    state, _ = offer_calls(state, bots)
            except BotMoveError as error:
                who = "the field" if error.seat != seat else f"candidate {self.names[candidate]!r}"
                where = f"deal {deal}, turn {state.turns}, {who}"
                raise error.at(where) from error
        result = state.results[-1]
        seconds = () if timed is None else tuple(timed.seconds)
        return DealRound(
            seat=seat,
            points=result.points,
            winner=result.winner,
            turns=result.turns,
            decisions=len(seconds),
            seconds=seconds,
            record=record_of(state) if self.history else None,
        )

    def deal(self, deal: int) -> DealRecord:
        """Every round of deal ``deal``: the baseline, then each candidate in each seat."""
        state = study_deal(self.seed, deal, rules=self.rules, players=self.players)
        return DealRecord(
            deal=deal,
            difficulty=state.rules.schedule[0],
            baseline=self.round(state, deal, None, 0),
            names=self.names,
            rounds=tuple(
                tuple(self.round(state, deal, seat, c) for seat in range(self.players))
                for c in range(len(self.names))
            ),
        )


def _play_deals(study: _Study, deals: Sequence[int]) -> list[DealRecord]:
    return [study.deal(deal) for deal in deals]


def _name(factory: Any) -> str:
    if isinstance(factory, Unseeded):
        return _name(factory.make)
    if isinstance(factory, functools.partial):
        return _name(factory.func)
    name = getattr(factory, "__name__", None)
    return name if isinstance(name, str) else type(factory).__name__


def _named(candidates: Candidates) -> tuple[tuple[str, ...], tuple[Factory, ...]]:
    """The candidates' names and factories, checked."""
    if isinstance(candidates, Mapping):
        pairs = list(candidates.items())
        for name, _ in pairs:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"candidate names must be non-empty strings, got {shown(name)}")
    elif callable(candidates):
        pairs = [(_name(candidates), candidates)]
    elif isinstance(candidates, (str, bytes)) or not isinstance(candidates, Iterable):
        raise TypeError(
            "candidates must be a mapping of names to bot factories, a sequence of factories"
            f" or one factory, got {shown(candidates)}"
        )
    else:
        pairs = [(_name(factory), factory) for factory in candidates]
        names = [name for name, _ in pairs]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(
                    f"two candidates are named {name!r}: give a mapping of names to factories"
                )
    if not pairs:
        raise ValueError("a study needs at least one candidate")
    return tuple(name for name, _ in pairs), tuple(factory for _, factory in pairs)


def _check_factory(what: str, factory: Any, seed: int) -> None:
    """Refuse what is no factory of a bot, saying why."""
    if not callable(factory):
        raise TypeError(
            f"{what} must be a bot factory (a callable of a seed), got {shown(factory)}"
        )
    if isinstance(factory, type):
        try:
            parameters = list(inspect.signature(factory).parameters)
        except (TypeError, ValueError):  # no signature to read: trust it
            parameters = ["seed"]
        if parameters[:1] != ["seed"]:
            raise TypeError(
                f"{what}: the class {factory.__name__} does not take a seed first; give"
                f" Unseeded({factory.__name__}) for a bot that takes no seed, or a function"
                " of the seed"
            )
    try:
        bot = factory(seed)
    except Exception as error:
        raise TypeError(
            f"{what}: its factory failed when called with a seed ({type(error).__name__}:"
            f" {error}); a factory takes a seed and returns a bot: a bot class such as"
            " RandomBot, Unseeded(GreedyBot) for one that takes no seed, or a function"
        ) from error
    if not callable(bot):
        raise TypeError(f"{what}: its factory must return a bot (a callable), got {shown(bot)}")


def _records(
    candidates: Candidates,
    field: Factory,
    numbers: Sequence[int],
    seed: Seed,
    rules: Rules | None,
    players: int,
    workers: int,
    executor: concurrent.futures.Executor | None,
    chunk: int,
    ahead: int | None,
    history: bool,
) -> Generator[list[DealRecord], None, None]:
    """The arguments checked at once; then each chunk's records, in deal order."""
    names, factories = _named(candidates)
    for name, value in (("workers", workers), ("chunk", chunk), ("ahead", ahead)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise ValueError(f"{name} must be a positive int, got {shown(value)}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, got {shown(executor)}")
    study_rules = _study_rules(rules)
    study_deal(seed, 0, rules=study_rules, players=players)  # checks seed, players and rules
    first = seat_seed(seed, numbers[0] if numbers else 0, 0)
    _check_factory("the field", field, first)
    for name, factory in zip(names, factories, strict=True):
        _check_factory(f"candidate {name!r}", factory, first)
    study = _Study(names, factories, field, seed, study_rules, players, history)
    parts = (numbers[start : start + chunk] for start in range(0, len(numbers), chunk))
    if executor is None and workers == 1:
        return (_play_deals(study, part) for part in parts)
    if executor is None:
        try:
            pickle.dumps(study)
        except Exception as error:
            raise TypeError(
                f"the bots' factories must be picklable to run on {workers} worker processes"
                f" (classes, functions of a module, functools.partial of them; not lambdas):"
                f" {error}"
            ) from None
    window = ahead or (4 * workers if executor is None else 256)
    task = functools.partial(_play_deals, study)
    return _on_pool(task, parts, workers, executor, True, window)


def stream_deals(
    candidates: Candidates,
    field: Factory = Unseeded(GreedyBot),
    *,
    deals: int | Iterable[int],
    seed: Seed,
    rules: Rules | None = None,
    players: int = 4,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    chunk: int = 1,
    ahead: int | None = None,
    history: bool = False,
) -> Iterator[DealRecord]:
    """Play a study's deals and yield each :class:`hellsrummy.DealRecord`, in deal order.

    The streaming form of :func:`compare` (same arguments, less the summary's): write each
    record as it comes (:meth:`hellsrummy.DealRecord.to_dict`), and resume an interrupted
    study by asking only for the deals not written yet. ``deals`` is a count (deals ``0`` to
    ``deals - 1``) or the deal numbers themselves, each at most once; deal ``k`` is the same
    whichever other deals are asked for, and on however many workers. ``chunk`` deals go to a
    worker at a time; ``ahead`` bounds the chunks pending, as in
    :func:`hellsrummy.stream_results`. The arguments are checked (and each factory tried once)
    when the stream is made; closing it early cancels the deals not started. With
    ``history``, every round keeps its game's record (:attr:`hellsrummy.DealRound.record`).

    >>> from hellsrummy import RandomBot
    >>> every = list(stream_deals([RandomBot], deals=5, seed="doc"))
    >>> [record.deal for record in every]
    [0, 1, 2, 3, 4]
    >>> list(stream_deals([RandomBot], deals=[3, 1], seed="doc")) == [every[3], every[1]]
    True
    """
    numbers = _game_numbers(deals, "deal")
    return _flat(
        _records(
            candidates,
            field,
            numbers,
            seed,
            rules,
            players,
            workers,
            executor,
            chunk,
            ahead,
            history,
        )
    )


def compare(
    candidates: Candidates,
    field: Factory = Unseeded(GreedyBot),
    *,
    deals: int | Iterable[int],
    seed: Seed,
    rules: Rules | None = None,
    players: int = 4,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    resamples: int = 2000,
    chunk: int = 1,
    history: bool = False,
) -> Comparison:
    """Compare bots on duplicate deals: each candidate in every seat, the field elsewhere.

    ``candidates`` maps names to bot factories (or is a sequence of factories, named after
    themselves, or one factory); ``field`` is the factory of the bots around them, by default
    GreedyBots. Each of the ``deals`` (a count, or deal numbers) is :func:`study_deal` of
    ``seed``, ``rules`` and ``players``; it is played once by the field alone, and once per
    candidate and seat. All candidates play the same deals, so they are compared paired.
    The result holds, per candidate, the share of rounds won and its points against the
    baseline seat, and per pair of candidates their paired difference, each with a 95%
    interval from ``resamples`` bootstrap resamples of the deals (seeded from ``seed``);
    timings; and every deal's record (:meth:`hellsrummy.Comparison.from_records` summarizes
    records kept from :func:`stream_deals`).

    ``workers`` and ``executor`` work as in :func:`hellsrummy.simulate` (a pool of fresh
    "spawn" processes: a script needs the ``if __name__ == "__main__":`` guard).
    ``progress(done, total)`` is called after each chunk of deals, in the calling thread.
    With ``history``, every round of every deal keeps its game's record
    (:attr:`hellsrummy.DealRound.record`): a deal that looked odd can be saved, replayed
    (:func:`hellsrummy.replay`) and drawn.

    >>> from hellsrummy import RandomBot
    >>> seen = []
    >>> study = compare([RandomBot], deals=3, seed="doc", progress=lambda *a: seen.append(a))
    >>> seen, study.deals, study["RandomBot"].rounds
    ([(1, 3), (2, 3), (3, 3)], 3, 12)
    """
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 1:
        raise ValueError(f"resamples must be a positive int, got {shown(resamples)}")
    numbers = _game_numbers(deals, "deal")
    parts = _records(
        candidates, field, numbers, seed, rules, players, workers, executor, chunk, None, history
    )
    if not numbers:
        raise ValueError("a study needs at least one deal")
    records: list[DealRecord] = []
    for part in parts:
        records += part
        if progress is not None:
            progress(len(records), len(numbers))
    return Comparison.from_records(records, seed=seed, resamples=resamples)
