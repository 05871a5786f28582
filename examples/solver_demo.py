"""Deal a few hands and show the contract solver at work on every round of a standard game.

The hands are drawn from the pack of a four-player round of difficulty 10.

Run it with: python examples/solver_demo.py [--seed N] [--hands N] [--size N]
"""

from __future__ import annotations

import argparse
import random

from cli import Help, whole_number

from hellsrummy import (
    STANDARD_SCHEDULE,
    Card,
    arrange,
    contract_for,
    deck_plan,
    find_fulfillment,
    format_cards,
    fulfillments,
    pack,
    sort_by_set,
    wildcards_needed,
)


def show_hand(number: int, hand: list[Card]) -> None:
    print(f"Hand {number}: {format_cards(sort_by_set(hand), pretty=True)}")
    for difficulty in STANDARD_SCHEDULE:
        contract = contract_for(difficulty)
        melds = find_fulfillment(hand, contract)
        label = f"  {difficulty:>2} {contract!s:<28}"
        if melds is None:
            print(f"{label} cannot meet it")
            continue
        ways = sum(1 for _ in fulfillments(hand, contract))
        shown = "  |  ".join(arrange(meld).pretty for meld in melds)
        spent = wildcards_needed(hand, contract)
        print(f"{label} {shown}   ({ways} way{'s' * (ways != 1)}, {spent} wildcard(s))")
    print()


def main() -> None:
    suits, decks = deck_plan(players=4, difficulty=10)
    cards_in_pack = list(pack(suits, decks))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals (a whole number)")
    parser.add_argument("--hands", type=whole_number(1), default=6, help="how many hands to deal")
    parser.add_argument(
        "--size",
        type=whole_number(1, len(cards_in_pack)),
        default=13,
        help=f"cards per hand, 1 to {len(cards_in_pack)}",
    )
    args = parser.parse_args()

    rng = random.Random(args.seed)
    print(f"Pack: {decks} decks of {len(suits)} suits ({len(cards_in_pack)} cards)\n")
    for hand in range(1, args.hands + 1):
        show_hand(hand, rng.sample(cards_in_pack, args.size))


if __name__ == "__main__":
    main()
