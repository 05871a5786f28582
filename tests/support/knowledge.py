"""The oracle of what a seat knows: the cards each seat is known to hold, by a full rescan.

:func:`rescanned_known_cards` is ``hellsrummy.known_cards`` as it was before the library kept
what it derives: it decodes the round's events again on every call, newest first back to the
round's start, and replays them. ``tests/views/test_known_cards.py`` holds the library to it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hellsrummy import (
    Card,
    Discarded,
    Extended,
    Melded,
    Passed,
    PlayerView,
    RoundStarted,
    RummyCalled,
    Swapped,
    Took,
    sort_cards,
)

__all__ = ["rescanned_known_cards"]


def rescanned_known_cards(seen: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat is publicly known to hold, from a rescan of the round's events."""
    known: list[Counter[Card]] = [Counter() for _ in seen.names]
    round_events = []
    for event in seen.log.newest_first():
        if isinstance(event, RoundStarted):
            break
        round_events.append(event)
    for event in reversed(round_events):
        if isinstance(event, Took):
            known[event.seat][event.card] += 1
        elif isinstance(event, Passed):
            known[event.to][event.card] += 1
        elif isinstance(event, Swapped):
            _forget(known[event.seat], [event.card])
            known[event.seat][event.wildcard] += 1
        elif isinstance(event, Melded):
            _forget(known[event.seat], [c for meld in event.melds for c in meld])
        elif isinstance(event, Extended):
            _forget(known[event.seat], event.cards)
        elif isinstance(event, Discarded):
            _forget(known[event.seat], [event.card])
        elif isinstance(event, RummyCalled):
            if event.wildcard is not None:
                known[event.seat][event.wildcard] += 1
            _forget(known[event.seat], [event.substitute])
    result = [tuple(sort_cards(counter.elements())) for counter in known]
    result[seen.seat] = seen.hand
    return tuple(result)


def _forget(known: Counter[Card], played: Sequence[Card]) -> None:
    for c in played:
        if known[c] > 0:
            known[c] -= 1
