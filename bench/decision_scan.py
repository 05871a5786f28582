"""Do the bots keep their time budgets everywhere? A scan of decisions over every difficulty.

Plays rounds at every difficulty from 3 to 25 with tables of 3, 4, 6 and 10 GreedyBots (and,
at the hardest difficulties, rounds where nobody can meet the minimum for a long time: the
positions with the biggest listings). Every GreedyBot decision is timed (the move played).
Every ``--sample``-th decision, and the slowest GreedyBot decisions of each round, are also
decided by ``SearchBot(seconds=s)`` for each ``--seconds`` and by ``LearnedBot`` (the ``rl``
extra), each timed on its own. A time budget is a ceiling: no SearchBot decision may take
more than ``max(2 s, s + 0.1)``; the scan prints each bot's slowest decisions, with the game,
the step and the position's size, and says whether every one kept that ceiling.

    taskset -c 1 python bench/decision_scan.py --games 2 --seconds 0.05 0.2 --json scan.json

``--show GAME STEP`` prints the position of one row (to rebuild it: the game's seed is
``decision scan/GAME``, the rules and table size as printed).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import hellsrummy
from hellsrummy import GameState, GreedyBot, Phase, Rules, SearchBot, apply, new_game, view

DIFFICULTIES = range(3, 26)
TABLES = (3, 4, 6, 10)
MAX_DECISIONS = 400  # a round longer than this is cut (stalled rounds go on for ever)


def games(count: int) -> Iterator[tuple[int, int, int]]:
    """(game number, difficulty, players) of the scan: ``count`` rounds per difficulty."""
    number = 0
    for difficulty in DIFFICULTIES:
        for k in range(count):
            yield number, difficulty, TABLES[(difficulty + k) % len(TABLES)]
            number += 1


def positions(number: int, difficulty: int, players: int) -> Iterator[tuple[int, GameState, float]]:
    """Each decision of one round of GreedyBots: (step, state, seconds GreedyBot took)."""
    bot = GreedyBot()
    state = new_game(players, seed=f"decision scan/{number}", rules=Rules(schedule=[difficulty]))
    step = 0
    while state.phase in (Phase.DECIDE, Phase.PLAY) and step < MAX_DECISIONS:
        seen = view(state, state.current)
        started = time.perf_counter()
        move = bot(seen)
        took = time.perf_counter() - started
        yield step, state, took
        state = apply(state, move)
        step += 1


def timed(decide: Callable[[Any], Any], state: GameState) -> float:
    seen = view(state, state.current)
    started = time.perf_counter()
    decide(seen)
    return time.perf_counter() - started


def row_of(bot: str, *values: Any) -> dict[str, Any]:
    """One timed decision: the bot, where (game, step, difficulty, players, hand), seconds."""
    return dict(zip(("bot", *FIELDS), (bot, *values), strict=True))


FIELDS = ("game", "step", "difficulty", "players", "hand", "seconds")


def where(row: dict[str, Any]) -> str:
    return (
        f"game {row['game']} step {row['step']} (difficulty {row['difficulty']},"
        f" {row['players']} players, {row['hand']} cards)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2, help="rounds per difficulty")
    parser.add_argument("--seconds", type=float, nargs="*", default=[0.2], help="SearchBot budgets")
    parser.add_argument("--sample", type=int, default=25, help="every n-th decision is searched")
    parser.add_argument(
        "--slowest", type=int, default=3, help="and each round's slowest GreedyBot decisions"
    )
    parser.add_argument("--no-learned", action="store_true", help="leave LearnedBot out")
    parser.add_argument("--json", help="write every timed decision here")
    parser.add_argument("--show", type=int, nargs=2, metavar=("GAME", "STEP"))
    args = parser.parse_args()
    python = platform.python_version()
    print(f"hellsrummy {hellsrummy.__version__} (compiled: {hellsrummy.COMPILED}), Python {python}")
    plan = list(games(args.games))
    if args.show:
        for number, difficulty, players in plan:
            if number == args.show[0]:
                for step, state, _ in positions(number, difficulty, players):
                    if step == args.show[1]:
                        print(f"difficulty {difficulty}, {players} players")
                        print(view(state, state.current))
                        return
        raise SystemExit("no such game and step")
    bots: dict[str, Callable[[Any], Any]] = {
        f"SearchBot({s:g} s)": SearchBot(seed=1, seconds=s) for s in args.seconds
    }
    if not args.no_learned:
        from hellsrummy.rl import LearnedBot

        bots["LearnedBot"] = LearnedBot()
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for number, difficulty, players in plan:
        round_rows = []
        for step, state, took in positions(number, difficulty, players):
            hand = len(state.hands[state.current])
            round_rows.append((step, state, took, hand))
            rows.append(row_of("GreedyBot", number, step, difficulty, players, hand, took))
        chosen = {row[0] for row in round_rows[:: args.sample]}
        chosen |= {row[0] for row in sorted(round_rows, key=lambda row: -row[2])[: args.slowest]}
        for step, state, _, hand in round_rows:
            if step in chosen:
                for name, bot in bots.items():
                    took = timed(bot, state)
                    rows.append(row_of(name, number, step, difficulty, players, hand, took))
        spent = time.perf_counter() - started
        print(f"game {number}: {len(round_rows)} decisions, {spent:.0f} s", file=sys.stderr)
    report(rows, args.seconds)
    if args.json:
        with open(args.json, "w") as file:
            json.dump({"compiled": hellsrummy.COMPILED, "games": args.games, "rows": rows}, file)


def report(rows: list[dict[str, Any]], budgets: list[float]) -> None:
    names = sorted({row["bot"] for row in rows}, key=lambda name: (name != "GreedyBot", name))
    print(f"\n{'bot':<20} {'decisions':>9} {'mean ms':>8} {'worst ms':>9}  worst at")
    kept = True
    for name in names:
        mine = [row for row in rows if row["bot"] == name]
        worst = max(mine, key=lambda row: row["seconds"])
        mean = sum(row["seconds"] for row in mine) / len(mine)
        print(
            f"{name:<20} {len(mine):>9} {mean * 1000:>8.2f} {worst['seconds'] * 1000:>9.1f}"
            f"  {where(worst)}"
        )
        for s in budgets:
            if name == f"SearchBot({s:g} s)" and worst["seconds"] > max(2 * s, s + 0.1):
                kept = False
    print("\nslowest GreedyBot decisions:")
    greedy = [row for row in rows if row["bot"] == "GreedyBot"]
    for row in sorted(greedy, key=lambda row: -row["seconds"])[:8]:
        print(f"  {row['seconds'] * 1000:8.1f} ms  {where(row)}")
    print(f"\nevery SearchBot decision within max(2 s, s + 0.1 s): {'yes' if kept else 'NO'}")


if __name__ == "__main__":
    main()
