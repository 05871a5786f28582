"""Play many whole games between bots and collect structured results, on one core or many.

:func:`simulate` is reproducible from its seed whatever the number of workers: each game's
seed is derived from the study's seed and the game's number, games are split into chunks,
and the results are merged back in game order. ``executor`` accepts any
:class:`concurrent.futures.Executor`, so a study that outgrows one machine runs on a cluster
engine without new code — for example Dask::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")
    results = simulate(bots, games=100_000, seed="study", executor=client.get_executor())

Bots must be picklable to run in other processes (the library's bots are).

>>> results = simulate([GreedyBot(), RandomBot(1), RandomBot(2)], games=2, seed="doc")
>>> len(results), results[0].players, len(results[0].rounds)
(2, 3, 5)
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import multiprocessing
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TypeVar

from hellsrummy.data.history import record_of
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.game.position import table
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import GameState, Phase
from hellsrummy.play.calls import rummy_calls
from hellsrummy.play.engine import new_game, next_round
from hellsrummy.play.turns import IN_ROUND
from hellsrummy.players.asking import bot_call, bot_move, checked_bots
from hellsrummy.players.bots import Bot
from hellsrummy.players.results import GameResult, RoundSummary
from hellsrummy.views.view import view

__all__ = [
    "SIMULATION_MAX_TURNS",
    "finish_round",
    "offer_calls",
    "play_game",
    "simulate",
    "stream_results",
]

T = TypeVar("T")


def _game_seed(seed: Seed, game: int) -> bytes:
    return seed_bytes(seed) + f"/game {game}".encode()


#: The ``Rules.max_turns`` of a simulation that gives no rules: a safety net, so that a study
#: never hangs on a round that nobody can finish (a few bots may keep passing cards round).
SIMULATION_MAX_TURNS = 2000


def play_game(
    bots: Sequence[Bot],
    seed: Seed,
    game: int,
    rules: Rules | None = None,
    *,
    history: bool = False,
) -> GameResult:
    """Play game number ``game`` of a study with ``seed``; seats rotate by game number.

    Without ``rules``, the standard rules apply with ``max_turns`` set to
    :data:`SIMULATION_MAX_TURNS`. Under ``DiscardPolicy.CLASSIC`` each discard that can be
    called is offered to the bots that can call (:func:`offer_calls`); a call counts as a
    decision. With ``history``, the result keeps the game's record
    (:attr:`GameResult.record`, :func:`hellsrummy.record_of` of its last state), to save,
    replay (:func:`hellsrummy.replay`) and draw.

    >>> from hellsrummy import RandomBot
    >>> result = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], "doc", 0)
    >>> result.seats, len(result.totals), result.record
    ((0, 1, 2), 3, None)
    >>> kept = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], "doc", 0, history=True)
    >>> kept == result, replay(kept.record).scores == tuple(kept.totals[b] for b in kept.seats)
    (True, True)
    """
    bots = checked_bots(bots)
    if rules is None:
        rules = Rules(max_turns=SIMULATION_MAX_TURNS)
    count = len(bots)
    seats = tuple((b + game) % count for b in range(count))
    bot_at = {seat: b for b, seat in enumerate(seats)}
    state = new_game(count, seed=_game_seed(seed, game), rules=rules)
    classic = rules.discard_policy is DiscardPolicy.CLASSIC
    decisions = 0
    rounds: list[RoundSummary] = []
    met_after: list[int | None] = [None] * count
    bot_of = [bots[bot_at[seat]] for seat in range(count)]
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            rounds.append(_summary(state, bot_at, met_after))
            met_after = [None] * count
            state = next_round(state)
            continue
        seat = state.current
        was_met = state.met[seat]
        state, asked = bot_move(state, bot_of[seat])
        decisions += asked
        if not was_met and state.met[seat]:
            met_after[bot_at[seat]] = state.turns
        if classic and state.discarder is not None:
            state, calls = offer_calls(state, bots, bot_at)
            decisions += calls
    rounds.append(_summary(state, bot_at, met_after))
    totals = tuple(state.scores[seats[b]] for b in range(count))
    best = min(totals)
    return GameResult(
        game=game,
        seats=seats,
        totals=totals,
        winners=tuple(b for b in range(count) if totals[b] == best),
        rounds=tuple(rounds),
        decisions=decisions,
        record=record_of(state) if history else None,
    )


def offer_calls(
    state: GameState, bots: Sequence[Bot], bot_at: dict[int, int] | None = None
) -> tuple[GameState, int]:
    """Offer the discard to the seats that may call Rummy on it, in order after the discarder.

    Each seat with a call open to it whose bot has a ``call`` method
    (:class:`hellsrummy.CallingBot`) is asked with its own view; the first call given is made,
    and the substitute is offered again the same way (it may be a bad discard too). Returns
    the state once nobody calls, and how many calls were made. ``bot_at`` maps seats to
    indices into ``bots`` (by default seat ``k`` plays ``bots[k]``).

    >>> from hellsrummy import GreedyBot
    >>> state = new_game(3, seed=1)
    >>> offer_calls(state, [GreedyBot()] * 3) == (state, 0)
    True
    """
    calls = 0
    count = len(state.names)
    while state.discarder is not None and state.phase is Phase.DECIDE:
        if state.discard not in table(state).playable:
            return state, calls  # it plays nowhere: no seat can call it
        discarder = state.discarder
        for step in range(1, count):
            seat = (discarder + step) % count
            bot = bots[seat if bot_at is None else bot_at[seat]]
            ask = getattr(bot, "call", None)
            if ask is None or state.left[seat]:
                continue
            seen = view(state, seat)
            if not rummy_calls(seen, seat):
                continue
            action = ask(seen)
            if action is not None:
                state = bot_call(state, seat, bot, action)
                calls += 1
                break
        else:
            return state, calls
    return state, calls


def finish_round(state: GameState, bot: Bot, *, max_decisions: int | None = None) -> GameState:
    """Play the current round to its end with ``bot`` in every seat; the state it ends in.

    Each seat acts with ``bot`` on its own view, and under ``DiscardPolicy.CLASSIC`` each
    discard that can be called is offered as :func:`play_game` does (:func:`offer_calls`).
    With ``max_decisions``, play stops after that many decisions (calls not counted) and the
    state reached is returned, still in the round. The rollouts of a search bot are this.

    >>> from hellsrummy import GreedyBot
    >>> end = finish_round(new_game(4, seed="rollout"), GreedyBot())
    >>> end.phase in (Phase.ROUND_OVER, Phase.GAME_OVER), len(end.results)
    (True, 1)
    >>> finish_round(new_game(4, seed="rollout"), GreedyBot(), max_decisions=3).phase
    <Phase.PLAY: 'play'>
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {shown(state)}")
    if max_decisions is not None and (
        isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 1
    ):
        raise ValueError(
            f"max_decisions must be None or a positive int, got {shown(max_decisions)}"
        )
    classic = state.rules.discard_policy is DiscardPolicy.CLASSIC
    everyone = [bot] * len(state.names)
    decisions = 0
    while state.phase in IN_ROUND and (max_decisions is None or decisions < max_decisions):
        state, asked = bot_move(state, bot)
        decisions += asked
        if classic and state.discarder is not None:
            state, _ = offer_calls(state, everyone)
    return state


def _summary(state: GameState, bot_at: dict[int, int], met_after: list[int | None]) -> RoundSummary:
    result = state.results[-1]
    by_bot = sorted(bot_at.items(), key=lambda item: item[1])
    return RoundSummary(
        difficulty=result.difficulty,
        points=tuple(result.points[seat] for seat, _ in by_bot),
        winner=None if result.winner is None else bot_at[result.winner],
        met_after=tuple(met_after),
        turns=result.turns,
    )


def _play_chunk(
    bots: Sequence[Bot], seed: Seed, rules: Rules | None, history: bool, games: Sequence[int]
) -> list[GameResult]:
    return [play_game(bots, seed, game, rules, history=history) for game in games]


def _game_numbers(games: int | Iterable[int], noun: str = "game") -> Sequence[int]:
    """The numbers of a study's games (or deals): ``range(games)`` for a count, else checked."""
    if isinstance(games, bool):
        raise ValueError(f"{noun}s must be a count or {noun} numbers, got {shown(games)}")
    if isinstance(games, int):
        if games < 0:
            raise ValueError(f"{noun}s must be a non-negative int, got {shown(games)}")
        return range(games)
    if isinstance(games, range):
        if games and min(games) < 0:
            raise ValueError(f"{noun} numbers must be non-negative, got {shown(games)}")
        return games
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise ValueError(f"{noun}s must be a count or {noun} numbers, got {shown(games)}")
    numbers = tuple(games)
    seen: set[int] = set()
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ValueError(f"{noun} numbers must be non-negative ints, got {shown(number)}")
        if number in seen:
            raise ValueError(f"{noun} {number} is asked for twice")
        seen.add(number)
    return numbers


def stream_results(
    bots: Sequence[Bot],
    *,
    games: int | Iterable[int],
    seed: Seed,
    rules: Rules | None = None,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    chunk: int = 16,
    ordered: bool = False,
    ahead: int | None = None,
    history: bool = False,
) -> Iterator[GameResult]:
    """Play a study's games and yield each :class:`GameResult` as soon as its chunk is done.

    The streaming form of :func:`simulate`, for studies too long to wait for: write each
    result as it arrives, and resume an interrupted study by asking only for the games not
    written yet. ``games`` is a count (games ``0`` to ``games - 1``) or the game numbers
    themselves, in any order and each at most once; game ``g`` is the same game whichever
    other games are asked for, and on however many workers. Results come in the order their
    chunks finish (``ordered=True``: in the order of ``games``).

    ``workers`` and ``executor`` work as in :func:`simulate`. At most ``ahead`` chunks are
    submitted and not yet yielded (default: four per worker, or 256 on an ``executor``;
    raise it for a cluster of more than a few dozen workers), so that a million-game study
    holds only a window of pending work. Each game is yielded exactly once, also when an
    executor reruns a chunk (a Dask worker lost mid-chunk). Closing the iterator early
    (``break``) cancels the chunks not started and, without an ``executor``, shuts its
    process pool down. With ``history``, each result keeps its game's record, as in
    :func:`play_game`.

    >>> from hellsrummy import RandomBot
    >>> bots = [RandomBot(1)] * 3
    >>> [result.game for result in stream_results(bots, games=[7, 2], seed=1, ordered=True)]
    [7, 2]
    >>> every = simulate(bots, games=8, seed=1)
    >>> first = list(stream_results(bots, games=range(0, 8, 2), seed=1))
    >>> rest = list(stream_results(bots, games=range(1, 8, 2), seed=1))
    >>> sorted(first + rest, key=lambda result: result.game) == every
    True
    """
    return _flat(
        _chunks(bots, games, seed, rules, workers, executor, chunk, ordered, ahead, history)
    )


def _flat(chunks: Generator[list[T], None, None]) -> Iterator[T]:
    try:
        for results in chunks:
            yield from results
    finally:
        chunks.close()  # cancels what is pending at once, not when the generator is collected


def _chunks(
    bots: Sequence[Bot],
    games: int | Iterable[int],
    seed: Seed,
    rules: Rules | None,
    workers: int,
    executor: concurrent.futures.Executor | None,
    chunk: int,
    ordered: bool,
    ahead: int | None,
    history: bool,
) -> Generator[list[GameResult], None, None]:
    """The arguments checked at once; then each chunk's results, as it is done."""
    bots = checked_bots(bots)
    numbers = _game_numbers(games)
    for name, value in (("workers", workers), ("chunk", chunk), ("ahead", ahead)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise ValueError(f"{name} must be a positive int, got {shown(value)}")
    seed_bytes(seed)
    new_game(len(bots), seed=seed, rules=rules)  # validates the table and rules up front
    parts = (numbers[start : start + chunk] for start in range(0, len(numbers), chunk))
    if executor is None and workers == 1:
        return (_play_chunk(bots, seed, rules, history, part) for part in parts)
    window = ahead or (4 * workers if executor is None else 256)
    task = functools.partial(_play_chunk, bots, seed, rules, history)
    return _on_pool(task, parts, workers, executor, ordered, window)


def _on_pool(
    task: Callable[[Sequence[int]], list[T]],
    parts: Iterator[Sequence[int]],
    workers: int,
    executor: concurrent.futures.Executor | None,
    ordered: bool,
    window: int,
) -> Generator[list[T], None, None]:
    """``task(part)`` of each part (a chunk of numbers) from a pool, at most ``window`` pending.

    ``task`` must be picklable for a process pool (a :func:`functools.partial` of a function
    of a module); without an ``executor`` the pool is made here and shut down at the end.
    """
    # "spawn" starts clean interpreters: safe even when the caller runs threads (forking a
    # threaded process can deadlock), and the same on every platform.
    pool = executor or concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn")
    )
    pending: deque[concurrent.futures.Future[list[T]]] = deque()
    try:
        for part in itertools.islice(parts, window):
            pending.append(pool.submit(task, part))
        while pending:
            if ordered:
                done = pending.popleft()
            else:
                done = next(concurrent.futures.as_completed(pending))
                pending.remove(done)
            results = done.result()
            for part in itertools.islice(parts, 1):
                pending.append(pool.submit(task, part))
            yield results
    finally:
        for future in pending:
            future.cancel()
        if executor is None:
            pool.shutdown(cancel_futures=True)


def simulate(
    bots: Sequence[Bot],
    *,
    games: int,
    seed: Seed,
    rules: Rules | None = None,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 16,
    history: bool = False,
) -> list[GameResult]:
    """Play ``games`` whole games between ``bots`` (one per seat) and return their results.

    Without ``rules``, the standard rules apply with ``max_turns`` set to
    :data:`SIMULATION_MAX_TURNS`, so that no study can hang on an endless round; pass rules
    to choose otherwise. The results are the same for a seed whatever ``workers`` or
    ``executor``. With
    ``workers > 1`` (and no ``executor``) games run in a pool of that many fresh processes
    (started with "spawn", so bots defined in a script need the usual
    ``if __name__ == "__main__":`` guard); with an
    ``executor`` they run on it. ``progress(done, total)`` is called after each chunk of
    games (in the calling thread). :func:`stream_results` gives the results as they arrive.
    With ``history``, each result keeps its game's record (:attr:`GameResult.record`), so a
    game that looked odd can be saved, replayed and drawn.

    >>> from hellsrummy import GreedyBot, RandomBot
    >>> seen = []
    >>> results = simulate([RandomBot(1)] * 3, games=3, seed=1, chunk=1,
    ...                    progress=lambda done, total: seen.append(done))
    >>> seen, [r.game for r in results]
    ([1, 2, 3], [0, 1, 2])
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative int, got {shown(games)}")
    results: list[GameResult] = []
    for done in _chunks(bots, games, seed, rules, workers, executor, chunk, False, None, history):
        results += done
        if progress is not None:
            progress(len(results), games)
    results.sort(key=lambda result: result.game)
    return results
