"""A slow reference of the environment's observation: ``encode_view`` as it was first written.

It writes every value one at a time from the view and its table facts, keeping nothing from
one call to the next. ``tests/rl/test_rl_observation.py`` holds the library's
``hellsrummy.rl.encode_view`` (which keeps the table's segments and carries them on from one
table to the next) to it.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from hellsrummy import Card, DiscardPolicy, Phase, PlayerView, known_cards
from hellsrummy.game.position import table
from hellsrummy.rl import CARDS, HIGH, OBSERVATION_SIZE, SEATS, WINDOW, Turn, segment

_DIFFICULTIES = range(3, 26)
_SEAT_FIELDS = ("present", "left", "to act", "discarder", "met", "hand size", "score", "penalties")
_GAME_FIELDS = ("round", "rounds", "stock", "refills", "turns", "decks", "suits", "hand size")

__all__ = ["slow_encode_view"]


def slow_encode_view(
    seen: PlayerView, page: int = 0, turn: Turn | None = None
) -> npt.NDArray[np.float32]:
    """The observation of ``seen`` as the environment first built it, value by value."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    players = len(seen.names)
    if players > SEATS:
        raise ValueError(f"the observation has rows for {SEATS} seats, the game has {players}")
    me = seen.seat

    def row(seat: int) -> int:
        return (seat - me) % players

    _cards(out, "hand", seen.hand)
    if seen.discard is not None:
        out[segment("discard").start + seen.discard.index] = 1
    if seen.taken is not None:
        out[segment("taken").start + seen.taken.index] = 1
    _cards(out, "table", (c for meld in seen.melds for c in meld.cards))
    facts = table(seen)
    _flags(out, segment("extends").start, (c for accepted in facts.extends for c in accepted))
    _flags(out, segment("buys").start, (c for accepted in facts.buys for c in accepted))

    window_melds = segment("window melds").start
    for slot in range(WINDOW):
        number = page * WINDOW + slot
        if number >= len(seen.melds):
            break
        base = slot * CARDS
        for c in seen.melds[number].cards:
            out[segment("window cards").start + base + c.index] += 1
        _flags(out, segment("window extends").start + base, facts.extends[number])
        _flags(out, segment("window buys").start + base, facts.buys[number])
        out[window_melds + 2 * slot] = 1
        out[window_melds + 2 * slot + 1] = row(seen.melds[number].owner)

    known = segment("known").start
    for seat, held in enumerate(known_cards(seen)):
        if seat != me:
            for c in held:
                out[known + (row(seat) - 1) * CARDS + c.index] += 1

    seats = segment("seats").start
    fields = len(_SEAT_FIELDS)
    for seat in range(players):
        values = (
            1,
            seen.left[seat],
            seat == seen.current,
            seat == seen.discarder,
            seen.met[seat],
            seen.hand_sizes[seat],
            seen.scores[seat],
            seen.penalties[seat],
        )
        start = seats + row(seat) * fields
        out[start : start + fields] = values

    if turn is None:
        turn = Turn.WAIT
        if seen.to_act:
            turn = Turn.DECIDE if seen.phase is Phase.DECIDE else Turn.PLAY
    out[segment("turn").start + list(Turn).index(turn)] = 1
    out[segment("difficulty").start + _DIFFICULTIES.index(seen.difficulty)] = 1
    rules = seen.rules
    game = segment("game").start
    out[game : game + len(_GAME_FIELDS)] = (
        seen.round,
        len(rules.schedule),
        seen.stock_size,
        seen.refills,
        seen.turns,
        seen.decks,
        len(seen.suits),
        rules.hand_size,
    )
    policy = list(DiscardPolicy).index(rules.discard_policy)
    start = segment("rules").start
    out[start + policy] = 1
    out[start + 3] = rules.exact_contract_melds
    out[start + 4] = rules.discard_taken_card
    np.minimum(out, HIGH, out=out)
    return out


def _cards(out: npt.NDArray[np.float32], name: str, cards: Iterable[Card]) -> None:
    start = segment(name).start
    for c in cards:
        out[start + c.index] += 1


def _flags(out: npt.NDArray[np.float32], start: int, cards: Iterable[Card]) -> None:
    for c in cards:
        out[start + c.index] = 1


def _cards(out: npt.NDArray[np.float32], name: str, cards: Iterable[Card]) -> None:
    start = segment(name).start
    for c in cards:
        out[start + c.index] += 1


def _flags(out: npt.NDArray[np.float32], start: int, cards: Iterable[Card]) -> None:
    for c in cards:
        out[start + c.index] = 1
