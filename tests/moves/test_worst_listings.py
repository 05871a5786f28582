"""The biggest listings found by play stay within the bound, counted rather than timed.

``bench/listing_scan.py`` plays the test suite's random games and stalled games of hard
contracts and keeps the positions with the most moves; ``--fixtures`` saved the biggest it
found to ``tests/fixtures/worst_listings.json`` (each state as ``to_dict`` gives it, with the
game and step that rebuild it, and the moves it counted). The 0.3.0 listing of such positions
ran into tens of millions of moves and filled the machine. Here each is held to the ceiling:
at most :data:`hellsrummy.MAX_LISTED_MEETINGS` ways to meet the minimum plus its discards,
with ``truncated`` saying whether ways were left out; and the biggest, listed in full, holds
its moves in well under a gigabyte (the bytes of what the list holds, counted).
"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import pytest

from hellsrummy import (
    MAX_LISTED_MEETINGS,
    Discard,
    Meld,
    Phase,
    is_legal,
    legal_actions,
)

from ..support.worst import IDS, SAVED, state_of

GIGABYTE = 1 << 30


def test_the_fixtures_hold_positions_at_the_ceiling() -> None:
    assert len(SAVED) >= 4
    assert max(saved["moves"] for saved in SAVED) > MAX_LISTED_MEETINGS


@pytest.mark.parametrize("saved", SAVED, ids=IDS)
def test_a_worst_position_lists_at_most_the_ceiling_of_ways_and_its_discards(
    saved: dict[str, Any],
) -> None:
    state = state_of(saved)
    assert state.phase is Phase.PLAY and not state.met[state.current]
    moves = legal_actions(state)
    count = len(moves)
    assert count == saved["moves"]  # as the scan counted it, on either build
    hand = state.hands[state.current]
    assert count <= MAX_LISTED_MEETINGS + len(hand)
    first = list(itertools.islice(moves, 5))
    assert all(isinstance(move, Meld) for move in first)
    assert all(is_legal(state, move) for move in first)
    discards = sum(1 for card in set(hand) if Discard(card) in moves)
    ways = count - discards
    assert ways <= MAX_LISTED_MEETINGS
    last = moves[count - 1]  # the discards come last (a hand of rummies may have none)
    assert isinstance(last, Discard if discards else Meld) and is_legal(state, last)
    if moves.truncated:  # at the ceiling, the ways left out legal all the same
        assert ways == MAX_LISTED_MEETINGS
        assert isinstance(moves[MAX_LISTED_MEETINGS - 1], Meld)
        assert isinstance(moves[MAX_LISTED_MEETINGS], Discard)


def test_the_biggest_listing_held_in_full_takes_well_under_a_gigabyte() -> None:
    # Counted: the bytes of every object the list holds (the moves, their tuples of melds and
    # the melds; cards are shared by every hand and deck). The scan's peak memory of the same
    # listing in a fresh process is on the Performance page.
    biggest = max(SAVED, key=lambda saved: saved["moves"])
    moves = list(legal_actions(state_of(biggest)))
    assert len(moves) == biggest["moves"]
    held = sys.getsizeof(moves)
    seen: set[int] = set()
    for move in moves:
        parts: list[object] = [move]
        if isinstance(move, Meld):
            parts += [move.melds, *move.melds]
        for part in parts:
            if id(part) not in seen:
                seen.add(id(part))
                held += sys.getsizeof(part)
    assert held < GIGABYTE / 4, f"{len(moves):,} moves hold {held / 2**20:.0f} MB"
