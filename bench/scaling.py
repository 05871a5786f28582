"""How the engine's cost grows: random playouts by table size and by round difficulty, one core.

Current code only, no comparison. Everything runs in this one process, pinned to one core.

a. Decisions/s of random playouts — the loop of ``bench/engine.py``: ``legal_actions``, ``len``,
   index, ``apply`` with a uniformly random legal action, ``next_round`` between rounds, whole
   games — in cells of about ``--seconds`` of play each:

   * by table size: 3, 6 and 10 players, standard schedule (difficulties 6 to 10);
   * by round difficulty: for each of 6, 10, 13, 19, 22, 25, games of that one round
     (``Rules(schedule=[d], max_turns=2000)``) at 4 and at 10 players. The pack follows the
     default deck plan (suits by table size, decks by difficulty: 10 players at difficulty 18 or
     more play 7 suits x 4 decks).

   Every game has ``max_turns=2000`` (``SIMULATION_MAX_TURNS``, what ``simulate`` uses) so that
   no round can run forever; random rounds almost always end well before (the table counts
   the games where a round hit the cap). The table gives decisions/s, the mean number of legal
   moves per decision, the largest, and the mean hand size of the seat to act.

b. After each game (outside the timed play), every position of it is timed again on its own:
   ``len(legal_actions(state))``, best of 3 with ``time.perf_counter`` and the garbage
   collector paused, each time on a fresh state made again as the playout met it (``apply`` of
   the state before; a round's first state copied), since the engine may keep a position's
   move list with its state. The engine's caches are as warm as during play. Reported: the
   slowest position over all cells with its number of moves, and the five positions with the
   most moves with their times.

c. Memory, with ``tracemalloc``: every state of one random 4-player standard game kept in a
   list; the traced growth divided by the number of states is what each state retains beyond
   its predecessors (states share hands, melds and the event log with them). The game is
   played once first, so that the engine's caches are warm and the growth is the states'; a
   traced replay keeping nothing shows what is left over. Twice: as played, and with the legal
   moves asked of a copy of each state, so that the kept states hold no move lists (the
   rewritten hot path keeps a position's list with its state), only what ``apply`` derives.
   For comparison, one state in isolation: the traced size of a ``copy.deepcopy`` of it and
   the length of its pickle (cards are interned, so neither counts them; a copy holds no
   derived facts).

Run (a full run takes about 2 minutes)::

    python bench/scaling.py                  # --seconds 3 per cell
    python bench/scaling.py --seconds 0.5    # a quick look
"""

from __future__ import annotations

import argparse
import copy
import gc
import heapq
import pickle
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from side_by_side import pin_to_one_core

from hellsrummy import (
    SIMULATION_MAX_TURNS,
    STANDARD_SCHEDULE,
    GameState,
    Phase,
    Rules,
    apply,
    deck_plan,
    legal_actions,
    new_game,
    next_round,
)

DIFFICULTIES = (6, 10, 13, 19, 22, 25)
TABLE_SIZES = (3, 6, 10)
CAP = SIMULATION_MAX_TURNS  # max_turns of every game here (2000)
T = TypeVar("T")


@dataclass(order=True)
class Position:
    """One timed position: its number of moves, best time, and where it came from."""

    moves: int
    seconds: float
    cell: str = field(compare=False)
    where: str = field(compare=False)


Record = list[tuple[GameState, int, int]]
"""One game's decisions: the state, its number of legal moves, the index of the move played."""


def playout(players: int, rules: Rules, seed: str, rng: random.Random) -> tuple[Record, GameState]:
    """One game of random legal moves: its decisions, and the final state."""
    record: Record = []
    state = new_game(players, seed=seed, rules=rules)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        moves = legal_actions(state)
        count = len(moves)
        choice = rng.randrange(count)
        record.append((state, count, choice))
        state = apply(state, moves[choice])
    return record, state


def remaker(record: Record, decision: int) -> Callable[[], GameState]:
    """A way to make the state of a decision afresh, as the playout first met it.

    The engine may keep what it worked out about a position with the state (the rewritten hot
    path keeps a position's move list), so asking the played state again would time a lookup.
    Within a round, each state is ``apply`` of the one before, which also hands on what
    ``apply`` hands on; a round's first state is copied (a copy starts without such facts).
    """
    state = record[decision][0]
    if decision and record[decision - 1][0].round == state.round:
        previous, _, choice = record[decision - 1]
        action = legal_actions(previous)[choice]
        return lambda: apply(previous, action)
    return lambda: copy.copy(state)


def once(make: Callable[[], GameState]) -> float:
    """Seconds of one ``len(legal_actions(state))`` on a fresh state (made untimed)."""
    state = make()
    start = time.perf_counter()
    len(legal_actions(state))
    return time.perf_counter() - start


class Extremes:
    """The slowest position seen, and the five with the most moves, each timed best of 3."""

    def __init__(self) -> None:
        self.slowest: Position | None = None
        self.most: list[Position] = []  # a heap, fewest moves first

    def see(self, record: Record, cell: str, game: int) -> None:
        """Time the positions of one game, each on a fresh state, the garbage collector paused.

        Every position is timed once; only those that could enter the results are timed twice
        more (the best of 3 is at most the first time, so a position whose first time is below
        the slowest best-of-3 so far cannot be the slowest).
        """
        gc.collect()
        gc.disable()
        try:
            for decision, (state, count, _) in enumerate(record):
                make = remaker(record, decision)
                first = once(make)
                slower = self.slowest is None or first > self.slowest.seconds
                bigger = len(self.most) < 5 or count > self.most[0].moves
                if not (slower or bigger):
                    continue
                best = min(first, once(make), once(make))
                hand = len(state.hands[state.current])
                where = f"game {game}, round {state.round + 1}, decision {decision + 1}"
                position = Position(count, best, cell, f"{where}, {state.phase.value}, hand {hand}")
                if self.slowest is None or best > self.slowest.seconds:
                    self.slowest = position
                if len(self.most) < 5:
                    heapq.heappush(self.most, position)
                elif bigger:
                    heapq.heappushpop(self.most, position)
        finally:
            gc.enable()


def pack_of(players: int, schedule: tuple[int, ...]) -> str:
    plans = sorted({deck_plan(players, d) for d in schedule}, key=lambda plan: plan[1])
    return " / ".join(f"{len(suits)}x{decks}" for suits, decks in plans)


def cell(
    players: int, schedule: tuple[int, ...], seconds: float, seed: int, extremes: Extremes
) -> tuple[str, ...]:
    """Play whole games for about ``seconds``; return one table row."""
    rules = Rules(schedule=schedule, max_turns=CAP)
    label = f"{players}p " + ("standard" if schedule == STANDARD_SCHEDULE else f"d{schedule[0]}")
    rng = random.Random(f"{seed}/{label}")
    games = capped = decisions = moves = hands = most = 0
    elapsed = 0.0
    while elapsed < seconds:
        start = time.perf_counter()
        record, end = playout(players, rules, f"{seed}/{label}/{games}", rng)
        elapsed += time.perf_counter() - start
        capped += any(r.winner is None and r.turns >= CAP for r in end.results)
        decisions += len(record)
        moves += sum(count for _, count, _ in record)
        most = max([most, *(count for _, count, _ in record)])
        hands += sum(len(state.hands[state.current]) for state, _, _ in record)
        extremes.see(record, label, games)
        games += 1
    return (
        str(players),
        "6-10 (standard)" if schedule == STANDARD_SCHEDULE else str(schedule[0]),
        pack_of(players, schedule),
        str(games),
        str(capped),
        f"{decisions:,}",
        f"{decisions / elapsed:,.0f}",
        f"{moves / decisions:.1f}",
        f"{most:,}",
        f"{hands / decisions:.1f}",
    )


HEADER = (
    "players",
    "difficulty",
    "suits x decks",
    "games",
    "capped",
    "decisions",
    "decisions/s",
    "mean moves",
    "max moves",
    "mean hand",
)
WIDTHS = (7, 15, 13, 5, 6, 9, 11, 10, 9, 9)


def row(values: tuple[str, ...]) -> str:
    cells = [
        value.ljust(width) if i < 3 else value.rjust(width)
        for i, (value, width) in enumerate(zip(values, WIDTHS, strict=True))
    ]
    return "| " + " | ".join(cells) + " |"


def rule() -> str:
    """The markdown line under the header (numbers aligned right)."""
    dashes = ["-" * (w + 1) + (":" if i >= 3 else "-") for i, w in enumerate(WIDTHS)]
    return "|" + "|".join(dashes) + "|"


def traced(function: Callable[[], T]) -> tuple[T, int]:
    """Call ``function`` under tracemalloc (already started); return (result, bytes grown)."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    result = function()
    gc.collect()
    return result, tracemalloc.get_traced_memory()[0] - before


def every_state(seed: str, keep: bool, ask_copy: bool = False) -> list[GameState]:
    """One random 4-player standard game; every state of it if ``keep``.

    With ``ask_copy``, legal moves are asked of a copy of each state, so that the kept states
    hold only what ``apply`` hands on, not what ``legal_actions`` may keep with a position.
    """
    rng = random.Random(seed)
    state = new_game(4, seed=seed)
    kept = [state]
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
        else:
            moves = legal_actions(copy.copy(state) if ask_copy else state)
            state = apply(state, moves[rng.randrange(len(moves))])
        if keep:
            kept.append(state)
    return kept


def memory(seed: int) -> None:
    """Part c: bytes retained per state along one game, against one state in isolation."""
    game = f"{seed}/memory"
    tracemalloc.start()  # before the warm-up: what it evicts from the caches is traced too
    try:
        every_state(game, keep=False)  # warm the engine's caches with this very game
        _, drift = traced(lambda: every_state(game, keep=False))
        print(
            f"one random 4-player standard game (a traced replay keeping nothing left {drift:,}"
            " bytes):"
        )
        for ask_copy in (False, True):
            states, grown = traced(lambda ask_copy=ask_copy: every_state(game, True, ask_copy))
            grown -= sys.getsizeof(states)  # the list's own array of pointers
            how = "legal moves asked of a copy" if ask_copy else "as played"
            print(
                f"  {how + ':':<29} {len(states):,} states kept, {grown:>10,} bytes retained"
                f" = {grown / len(states):6,.0f} bytes per state"
            )
            del states
        states = every_state(game, keep=True)
        print(f"  ({len(states[-1].log):,} events in the last state's log)")
        for name, state in (("median", states[len(states) // 2]), ("last", states[-1])):
            pickled = len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
            _, alone = traced(lambda state=state: copy.deepcopy(state))
            print(
                f"one state in isolation ({name}, {len(state.log):,} events, stock"
                f" {len(state.stock)}): deepcopy {alone:,} bytes traced, pickle {pickled:,} bytes"
            )
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="play per cell (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {pin_to_one_core()}")
    started = time.perf_counter()

    print(
        f"\na. random playouts, about {args.seconds:g} s of play per cell,"
        f" max_turns={CAP} (capped: games where a round hit it)\n"
    )
    print(row(HEADER))
    print(rule())
    extremes = Extremes()
    cells = [(p, STANDARD_SCHEDULE) for p in TABLE_SIZES]
    cells += [(p, (d,)) for d in DIFFICULTIES for p in (4, 10)]
    for players, schedule in cells:
        print(row(cell(players, schedule, args.seconds, args.seed, extremes)), flush=True)

    print("\nb. len(legal_actions(state)) per position, best of 3, timed after each playout")
    slowest = extremes.slowest
    assert slowest is not None
    print(
        f"slowest: {slowest.seconds * 1e3:,.2f} ms for {slowest.moves:,} moves"
        f" ({slowest.cell}, {slowest.where})"
    )
    print("most moves:")
    for position in sorted(extremes.most, reverse=True):
        print(
            f"  {position.moves:>8,} moves  {position.seconds * 1e3:9,.2f} ms"
            f"  {position.seconds / position.moves * 1e6:5.1f} us/move"
            f"  ({position.cell}, {position.where})"
        )

    print("\nc. memory")
    memory(args.seed)
    print(f"\n(whole run {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
