"""Fixed deals for transcript tests, written as card text, and playing actions on from them."""

from __future__ import annotations

from hellsrummy import Deal, GameState, Rules, apply, card, cards, new_game


def deal(hands: list[str], discard: str, stock: str) -> Deal:
    return Deal(hands=[cards(h) for h in hands], discard=card(discard), stock=cards(stock))


# Three seats; seat 0 deals, seat 1 plays first. Round 1 is "Two Sets of 3".
THREE = deal(
    hands=[
        "4H 5H 6H 10C 10D KS KD JH 2D",  # seat 0
        "7H 7S 7D 9C 9D 2C 4S 5S KH",  # seat 1
        "3C 3D 3H 8S 8H JC QD AS 6C",  # seat 2
    ],
    discard="9S",
    stock="QH 6D AH 8C 5D 4D 3S 10S JD QC",
)


def start(fixed: Deal = THREE, **rules: object) -> GameState:
    return new_game(len(fixed.hands), seed="transcripts", rules=Rules(**rules), deal=fixed)  # type: ignore[arg-type]


def play(state: GameState, *actions: object) -> GameState:
    """``state`` after ``actions``, applied in turn."""
    for action in actions:
        state = apply(state, action)  # type: ignore[arg-type]
    return state
