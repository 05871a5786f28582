"""A standard game of Hell's Rummy between automated players, printed as a score sheet.

The players here follow a simple policy written in this example: meet the minimum as soon as
possible, then play every card they can, take the discard only when it joins a meld, and throw
away the legal discard with the highest penalty. (The library's own bots come later.)

Run it with ``python examples/demo.py [--seed S] [--players N] [--verbose]``.
"""

from __future__ import annotations

import argparse
import random

from hellsrummy import (
    Action,
    Discard,
    Extend,
    GameState,
    Meld,
    Pass,
    Phase,
    SwapWildcard,
    Take,
    apply,
    can_meet,
    contract_for,
    legal_actions,
    new_game,
    next_round,
    penalty_value,
    possible_melds,
)


def choose(state: GameState, rng: random.Random) -> Action:
    """A simple, fair policy: it looks only at its own hand and the table."""
    moves = list(legal_actions(state))
    seat = state.current
    hand = state.hands[seat]
    if state.phase is Phase.DECIDE:
        assert state.discard is not None
        with_it = [*hand, state.discard]
        helps = (
            can_meet(with_it, state.contract)
            if not state.met[seat]
            else any(state.discard in meld for meld in possible_melds(with_it))
        )
        return Take() if helps or state.discard.is_wild else Pass()
    for kind in (Meld, SwapWildcard, Extend):
        plays = [m for m in moves if isinstance(m, kind)]
        if plays:
            return rng.choice(plays)
    discards = [m for m in moves if isinstance(m, Discard)]
    return max(discards, key=lambda m: (penalty_value(m.card), rng.random()))


def play_game(seed: str, players: int, verbose: bool) -> GameState:
    rng = random.Random(seed)
    state = new_game([f"Bot {n}" for n in range(players)], seed=seed)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        before = state.log
        state = apply(state, choose(state, rng))
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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default="hellsrummy demo", help="the game's seed")
    parser.add_argument("--players", type=int, default=4, help="3 to 10 players")
    parser.add_argument("--verbose", action="store_true", help="print every public event")
    args = parser.parse_args()
    state = play_game(args.seed, args.players, args.verbose)
    print(f"Hell's Rummy, {args.players} automated players, seed {args.seed!r}\n")
    print(score_sheet(state))


if __name__ == "__main__":
    main()
