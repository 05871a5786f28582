"""What holds in every position of a round: no card made or lost, valid melds, sorted hands."""

from __future__ import annotations

from collections import Counter

from hellsrummy import Card, GameState, Phase, is_meld, pack
from hellsrummy.game.events import Refilled


def cards_in_play(state: GameState) -> Counter[Card]:
    """Every card of the round: the hands, the melds, the discard and the stock."""
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    for meld in state.melds:
        held.update(meld.cards)
    if state.discard is not None:
        held[state.discard] += 1
    held.update(state.stock)
    return held


class RoundStart:
    """What a round started with: its cards, its refill deck and its log, for conservation."""

    def __init__(self, state: GameState) -> None:
        self.log = state.log
        self.cards = cards_in_play(state)
        self.refill_deck = Counter(pack(state.suits, 1))


def check_invariants(state: GameState, start: RoundStart) -> None:
    """Assert what holds in every position of the round that began at ``start``."""
    refills = sum(isinstance(e, Refilled) for e in state.log.since(start.log))
    assert refills == state.refills
    expected = start.cards.copy()
    for _ in range(refills):
        expected.update(start.refill_deck)
    assert cards_in_play(state) == expected, "cards were created or lost"
    for meld in state.melds:
        assert is_meld(meld.cards), f"an invalid meld on the table: {meld}"
    for hand in state.hands:
        assert list(hand) == sorted(hand)
    if state.phase is Phase.DECIDE:
        assert state.discard is not None
    if state.phase is Phase.PLAY:
        assert state.discard is None
    assert all(p >= 0 for p in state.penalties)
