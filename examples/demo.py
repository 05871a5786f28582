"""A standard game of Hell's Rummy between automated players, printed as a score sheet.

The players are the library's GreedyBot: each sees only its own view of the game, as a
person would. The seats are named as the library names them, Seat 0 to Seat N-1. The score
sheet shows each round's contract, the points, who went out (*) and who did not meet the
minimum (-), as the online game's sheet does.

Run it with: python examples/demo.py [--seed S] [--players N] [--verbose]
"""

from __future__ import annotations

import argparse

from cli import Help, whole_number

from hellsrummy import (
    GameState,
    GreedyBot,
    Phase,
    Rules,
    apply,
    contract_for,
    new_game,
    next_round,
    view,
)


def play_game(seed: str, players: int, verbose: bool) -> GameState:
    bot = GreedyBot()
    state = new_game(players, seed=seed)  # the seats are named Seat 0, Seat 1, ...
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        before = state.log
        state = apply(state, bot(view(state, state.current)))
        if verbose:
            for event in state.log.since(before):
                print(f"  {event}")
    return state


def score_sheet(state: GameState) -> str:
    width = max(len(name) for name in state.names) + 2
    header = "round  contract                     " + "".join(
        f"{name:>{width}}" for name in state.names
    )
    lines = [header, "-" * len(header)]
    for result in state.results:
        contract = str(contract_for(result.difficulty))
        cells = []
        for seat in range(state.players):
            mark = "*" if result.winner == seat else ("-" if not result.met[seat] else " ")
            cells.append(f"{result.points[seat]:>{width - 1}}{mark}")
        lines.append(f"{result.round + 1:>5}  {contract:<29}" + "".join(cells))
    lines.append("-" * len(header))
    lines.append("total  " + " " * 29 + "".join(f"{score:>{width - 1}} " for score in state.scores))
    winners = ", ".join(state.names[seat] for seat in state.winners())
    lines.append(f"\n* went out   - did not meet the minimum      winner: {winners}")
    return "\n".join(lines)


def main() -> None:
    rules = Rules()
    low, high = rules.min_players, rules.max_players
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    parser.add_argument("--seed", default="hellsrummy demo", help="the game's seed")
    parser.add_argument(
        "--players", type=whole_number(low, high), default=4, help=f"{low} to {high} players"
    )
    parser.add_argument("--verbose", action="store_true", help="print every public event")
    args = parser.parse_args()
    state = play_game(args.seed, args.players, args.verbose)
    print(f"Hell's Rummy, {args.players} automated players, seed {args.seed!r}\n")
    print(score_sheet(state))


if __name__ == "__main__":
    main()
