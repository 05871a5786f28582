"""Flat Monte-Carlo: the most naive search bot there is, the baseline for search bots.

For every legal move of the seat to act, deal the hidden cards at random consistently with the
view (:func:`hellsrummy.resample`), apply the move, finish the current *round* with four
:class:`hellsrummy.GreedyBot` s (each acting on its own view, the bot's own seat included) and
score the bot's own points in that round's result. Moves are visited round-robin until the
budget is spent — ``seconds`` of wall time (0.2 s by default) or ``iterations`` playouts in all
— and the move with the lowest mean own points is played (ties: the move visited more often,
then the first listed by :func:`hellsrummy.legal_actions`).

Playout ``i`` plays move ``i % len(moves)`` on a deal of its own: the naive version, in which
each move's mean carries the luck of its own deals (no common random numbers, no pruning —
what :class:`hellsrummy.players.search.SearchBot` adds). GreedyBot is deterministic, so a playout's
only chance is the resample. Each deal's seed is derived from the bot's ``seed``, a SHA-256
digest of the view (its :func:`hellsrummy.to_dict` JSON) and the playout number, so with
``iterations`` the bot is a pure function of its seed and the view, in any process.

Run directly for a quick look at one decision::

    python bench/flat_mc.py --iterations 40
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import time

from hellsrummy import (
    Action,
    GameState,
    GreedyBot,
    Phase,
    PlayerView,
    Rules,
    apply,
    finish_round,
    legal_actions,
    new_game,
    resample,
    seed_bytes,
    to_dict,
    view,
)

__all__ = ["DEFAULT_SECONDS", "PLAYOUT_DECISIONS", "FlatMonteCarloBot", "playout", "view_digest"]

#: The time budget per decision when none is given.
DEFAULT_SECONDS = 0.2

#: Most decisions in one playout: a safety net, so that a playout can never hang (the rules'
#: own ``max_turns``, if any, usually ends a stuck round first).
PLAYOUT_DECISIONS = 1000

_GREEDY = GreedyBot()
_PLAYING = (Phase.DECIDE, Phase.PLAY)


def view_digest(seen: PlayerView) -> bytes:
    """A SHA-256 digest of everything in the view, stable across processes and runs."""
    text = json.dumps(to_dict(seen), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).digest()


def playout(
    state: GameState,
    seat: int,
    max_decisions: int = PLAYOUT_DECISIONS,
) -> int:
    """Finish the current round of ``state`` with GreedyBots; ``seat``'s points in that round.

    Every seat acts with a GreedyBot on its own view. The round ends at ``ROUND_OVER`` or
    ``GAME_OVER``; if ``max_decisions`` decisions pass first, the seat scores the points of
    the hand it holds then. This is :func:`hellsrummy.finish_round` (which, under
    ``DiscardPolicy.CLASSIC``, offers bad discards to the GreedyBots' calls).
    """
    end = finish_round(state, _GREEDY, max_decisions=max_decisions)
    if end.phase in _PLAYING:  # cut short
        return end.hand_value(seat)
    return end.results[-1].points[seat]


class FlatMonteCarloBot:
    """Flat Monte-Carlo over the legal moves, GreedyBot playouts to the end of the round.

    Give exactly one budget: ``seconds`` of wall time per decision, or ``iterations``
    playouts per decision (across all moves; at least one per move is *not* guaranteed). As
    a convenience ``FlatMonteCarloBot(iterations=n)`` drops the default ``seconds``; giving
    both explicitly, or neither, raises ``ValueError``. With ``iterations`` the decision is a
    pure function of ``seed`` and the view. A position with one legal move returns it at once.

    Plain attributes only, so the bot pickles into worker processes. ``last_playouts`` and
    ``last_moves`` (the work done by the latest decision) are statistics, not state: they take
    no part in any decision.
    """

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        max_decisions: int = PLAYOUT_DECISIONS,
    ) -> None:
        if iterations is not None and seconds == DEFAULT_SECONDS:
            seconds = None  # iterations given: the default time budget gives way
        if (seconds is None) == (iterations is None):
            raise ValueError(
                f"give exactly one of seconds and iterations, got {seconds=}, {iterations=}"
            )
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ValueError(f"iterations must be a positive int, got {iterations!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an int, got {seed!r}")
        self.seed = seed
        self.seconds = None if seconds is None else float(seconds)
        self.iterations = iterations
        self.max_decisions = max_decisions
        self.last_playouts = 0
        self.last_moves = 0

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}"
            if self.iterations is not None
            else f"seconds={self.seconds}"
        )
        return f"FlatMonteCarloBot(seed={self.seed}, {budget})"

    def __call__(self, seen: PlayerView) -> Action:
        """The move with the lowest mean own points over its playouts."""
        if not isinstance(seen, PlayerView):
            raise ValueError(f"a bot sees only a PlayerView, got {type(seen).__name__}")
        if not seen.to_act:
            raise ValueError(f"seat {seen.seat} is not the seat to act")
        moves: list[Action] = list(legal_actions(seen))
        self.last_moves = len(moves)
        self.last_playouts = 0
        if len(moves) == 1:
            return moves[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        key = seed_bytes(self.seed) + b"/" + view_digest(seen)
        totals = [0] * len(moves)
        visits = [0] * len(moves)
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and deadline is not None and time.perf_counter() >= deadline:
                break
            index = done % len(moves)
            guess = resample(seen, rng_seed=key + f"/{done}".encode())  # a deal of its own
            after = apply(guess, moves[index])
            totals[index] += playout(after, seen.seat, max_decisions=self.max_decisions)
            visits[index] += 1
            done += 1
        self.last_playouts = done

        def worth(i: int) -> tuple[float, int, int]:
            mean = totals[i] / visits[i] if visits[i] else math.inf
            return (mean, -visits[i], i)

        return moves[min(range(len(moves)), key=worth)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float)
    budget.add_argument("--iterations", type=int)
    args = parser.parse_args()
    if args.iterations is not None:
        bot = FlatMonteCarloBot(args.seed, seconds=None, iterations=args.iterations)
    else:
        bot = FlatMonteCarloBot(args.seed, seconds=args.seconds or DEFAULT_SECONDS)
    state = new_game(4, seed="flat_mc demo", rules=Rules(schedule=[6], max_turns=2000))
    seen = view(state, state.current)
    start = time.perf_counter()
    action = bot(seen)
    elapsed = time.perf_counter() - start
    print(
        f"{bot!r}: {action} after {bot.last_playouts} playouts over {bot.last_moves} moves"
        f" in {elapsed:.3f} s"
    )


if __name__ == "__main__":
    main()
