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
import multiprocessing
from collections.abc import Callable, Sequence

import attrs

from hellsrummy.bots import Bot
from hellsrummy.calls import rummy_calls
from hellsrummy.engine import apply, new_game, next_round
from hellsrummy.errors import shown
from hellsrummy.position import table
from hellsrummy.rules import DiscardPolicy, Rules
from hellsrummy.shuffle import Seed, seed_bytes
from hellsrummy.state import GameState, Phase
from hellsrummy.views import view

__all__ = [
    "SIMULATION_MAX_TURNS",
    "GameResult",
    "RoundSummary",
    "offer_calls",
    "play_game",
    "simulate",
]


@attrs.frozen
class RoundSummary:
    """One round of a simulated game, by bot (not by seat).

    ``met_after`` gives, for each bot, the number of turns played in the round when it met
    the minimum (``None``: it never did).

    >>> from hellsrummy import GreedyBot
    >>> first = play_game([GreedyBot()] * 3, "doc", 0).rounds[0]
    >>> first.difficulty, len(first.points), first.winner in (0, 1, 2, None)
    (6, 3, True)
    """

    difficulty: int
    points: tuple[int, ...]
    winner: int | None
    met_after: tuple[int | None, ...]
    turns: int


@attrs.frozen
class GameResult:
    """One simulated game, by bot: ``totals[b]`` is bot ``b``'s total, whatever its seat.

    ``seats[b]`` is the seat bot ``b`` sat in (seats rotate from game to game so that no bot
    always plays first); ``winners`` lists the bots with the lowest total.

    >>> from hellsrummy import GreedyBot, RandomBot
    >>> result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], "doc", 1)
    >>> result.game, result.seats, result.totals[0] == sum(r.points[0] for r in result.rounds)
    (1, (1, 2, 0), True)
    """

    game: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundSummary, ...]
    decisions: int

    @property
    def players(self) -> int:
        """The number of bots at the table.

        >>> from hellsrummy import RandomBot
        >>> play_game([RandomBot(1)] * 4, "doc", 0).players
        4
        """
        return len(self.totals)


def _game_seed(seed: Seed, game: int) -> bytes:
    return seed_bytes(seed) + f"/game {game}".encode()


#: The ``Rules.max_turns`` of a simulation that gives no rules: a safety net, so that a study
#: never hangs on a round that nobody can finish (a few bots may keep passing cards round).
SIMULATION_MAX_TURNS = 2000


def play_game(bots: Sequence[Bot], seed: Seed, game: int, rules: Rules | None = None) -> GameResult:
    """Play game number ``game`` of a study with ``seed``; seats rotate by game number.

    Without ``rules``, the standard rules apply with ``max_turns`` set to
    :data:`SIMULATION_MAX_TURNS`. Under ``DiscardPolicy.CLASSIC`` each discard that can be
    called is offered to the bots that can call (:func:`offer_calls`); a call counts as a
    decision.

    >>> from hellsrummy import RandomBot
    >>> result = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], "doc", 0)
    >>> result.seats, len(result.totals)
    ((0, 1, 2), 3)
    """
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
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            rounds.append(_summary(state, bot_at, met_after))
            met_after = [None] * count
            state = next_round(state)
            continue
        seat = state.current
        was_met = state.met[seat]
        state = apply(state, bots[bot_at[seat]](view(state, seat)))
        decisions += 1
        if not was_met and state.met[seat]:
            met_after[bot_at[seat]] = state.turns
        if state.discarder is not None and classic:
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
                state = apply(state, action)
                calls += 1
                break
        else:
            return state, calls
    return state, calls


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
    bots: Sequence[Bot], seed: Seed, rules: Rules | None, games: Sequence[int]
) -> list[GameResult]:
    return [play_game(bots, seed, game, rules) for game in games]


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
    games (in the calling thread).

    >>> from hellsrummy import GreedyBot, RandomBot
    >>> seen = []
    >>> results = simulate([RandomBot(1)] * 3, games=3, seed=1, chunk=1,
    ...                    progress=lambda done, total: seen.append(done))
    >>> seen, [r.game for r in results]
    ([1, 2, 3], [0, 1, 2])
    """
    bots = list(bots)
    if not bots:
        raise ValueError("simulate needs at least one bot per seat")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a non-negative int, got {shown(games)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive int, got {shown(workers)}")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive int, got {shown(chunk)}")
    seed_bytes(seed)
    new_game(len(bots), seed=seed, rules=rules)  # validates the table and rules up front
    chunks = [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    results: list[GameResult] = []
    done = 0
    if executor is None and workers == 1:
        for games_in_chunk in chunks:
            results += _play_chunk(bots, seed, rules, games_in_chunk)
            done += len(games_in_chunk)
            if progress is not None:
                progress(done, games)
        return results
    own = executor is None
    # "spawn" starts clean interpreters: safe even when the caller runs threads (forking a
    # threaded process can deadlock), and the same on every platform.
    pool = executor or concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn")
    )
    try:
        futures = {
            pool.submit(_play_chunk, bots, seed, rules, games_in_chunk): len(games_in_chunk)
            for games_in_chunk in chunks
        }
        for future in concurrent.futures.as_completed(futures):
            results += future.result()
            done += futures[future]
            if progress is not None:
                progress(done, games)
    finally:
        if own:
            pool.shutdown()
    results.sort(key=lambda result: result.game)
    return results
