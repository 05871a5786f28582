"""Play Hell's Rummy against GreedyBots in a terminal.

You sit in seat 0; the seats are named as the library names them, Seat 0 to Seat N-1. Each
turn shows your hand (sorted by set or by run, as the online game does), the melds with their
wildcards shown as the cards they stand for, the points you would score if someone went out
now (the card points left in your hand plus your penalties), and the legal moves, numbered.
Type a move's number, or any action in the notation (meld 7H 7S 7D / 9C 9D 9S, extend 2 8H
9H, ...), or one of these commands: sort set, sort run, protection on, protection off, help,
quit.

Run it with: python examples/terminal.py [--players N] [--seed S] [--expert]
"""

from __future__ import annotations

import argparse
import secrets

from cli import Help, whole_number

from hellsrummy import (
    Action,
    DiscardErrorMade,
    GameState,
    GreedyBot,
    IllegalActionError,
    Phase,
    PlayerView,
    PlayProtectionWarning,
    Rules,
    SetPlayProtection,
    apply,
    arrange,
    format_cards,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    sort_by_run,
    sort_by_set,
    view,
)

HUMAN = 0


def show(seen: PlayerView, by_run: bool) -> None:
    print(f"\n=== round {seen.round + 1}/{len(seen.rules.schedule)}: {seen.contract} ===")
    for seat, name in enumerate(seen.names):
        flags = " (you)" if seat == seen.seat else ""
        flags += " (met)" if seen.met[seat] else ""
        flags += " (left)" if seen.left[seat] else ""
        print(f"  {name:<10} {seen.hand_sizes[seat]:>2} cards, total {seen.scores[seat]}{flags}")
    if seen.melds:
        print("melds:")
        for number, meld in enumerate(seen.melds):
            print(f"  [{number}] {arrange(meld.cards).pretty}   (laid by {seen.names[meld.owner]})")
    print(f"discard: {seen.discard.pretty if seen.discard else '-'}   stock: {seen.stock_size}")
    order = sort_by_run if by_run else sort_by_set
    print(f"your hand: {format_cards(order(seen.hand), pretty=True)}")
    print(f"your score if someone went out now: {seen.hand_value()} points")


def report(state: GameState, before: int) -> None:
    for event in list(state.log)[before:]:
        if isinstance(event, DiscardErrorMade):
            print(f"!! seat {event.seat} made a discard error (+{event.points} points)")
        elif isinstance(event, PlayProtectionWarning):
            print(f"!! play protection: seat {event.seat} still had a play (+{event.points})")
        else:
            print(f"   {event}")


def choose(seen: PlayerView, state: GameState) -> Action | str | None:
    """Ask until the player gives an action, a command word, or ends the input."""
    moves = list(legal_actions(seen))
    for number, move in enumerate(moves, 1):
        print(f"  {number:>3}. {move}")
    while True:
        try:
            line = input("your move> ").strip()
        except EOFError:
            return None
        if not line:
            continue
        if line.isascii() and line.isdigit():  # a move's number: never read as notation
            if 1 <= int(line) <= len(moves):
                return moves[int(line) - 1]
            print(f"?? no move {int(line)}: the moves are numbered 1 to {len(moves)}")
            continue
        if line.lower() in (
            "quit",
            "help",
            "sort set",
            "sort run",
            "protection on",
            "protection off",
        ):
            return line.lower()
        try:
            return parse_action(line)
        except ValueError as error:
            print(f"?? {error}")


def main() -> None:
    low, high = Rules().min_players, Rules().max_players
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    parser.add_argument(
        "--players",
        type=whole_number(low, high),
        default=4,
        help=f"{low} to {high} seats, you included",
    )
    parser.add_argument(
        "--seed",
        default=argparse.SUPPRESS,
        help="replay a game from its seed (default: a new random seed)",
    )
    parser.add_argument("--expert", action="store_true", help="expert mode: no play protection")
    args = parser.parse_args()
    seed = getattr(args, "seed", None) or secrets.token_hex(16)
    state = new_game(args.players, seed=seed, rules=Rules(expert=args.expert))
    bot = GreedyBot()
    by_run = False
    print(f"Hell's Rummy — seed {seed} (give --seed {seed} to play this game again)")
    print(f"you sit in seat {HUMAN} ({state.names[HUMAN]})")
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            result = state.results[-1]
            winner = "nobody" if result.winner is None else f"seat {result.winner}"
            print(f"\nround {result.round + 1} over: {winner} went out; points {result.points}")
            state = next_round(state)
            continue
        before = len(state.log)
        if state.current != HUMAN:
            state = apply(state, bot(view(state, state.current)))
            report(state, before)
            continue
        seen = view(state, HUMAN)
        show(seen, by_run)
        choice = choose(seen, state)
        if choice is None or choice == "quit":
            print("bye")
            return
        if choice == "help":
            print(__doc__)
        elif choice in ("sort set", "sort run"):
            by_run = choice == "sort run"
        elif isinstance(choice, str):
            try:
                state = apply(state, SetPlayProtection(HUMAN, choice == "protection on"))
            except IllegalActionError as error:
                print(f"?? {error}")
        else:
            try:
                state = apply(state, choice)
            except IllegalActionError as error:
                print(f"?? {error}")
        report(state, before)
    print("\nfinal totals:")
    for seat, name in enumerate(state.names):
        print(f"  {name:<10} {state.scores[seat]}")
    print("winner(s):", ", ".join(f"seat {seat}" for seat in state.winners()))


if __name__ == "__main__":
    main()
