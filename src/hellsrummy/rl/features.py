"""What :class:`hellsrummy.rl.LearnedBot` looks at: its candidate moves and their features.

A decision of the learned bot scores a short list of whole moves (:func:`candidates`, at most
:data:`MAX_CANDIDATES`), each described by the seat's state features (:func:`state_features`,
the same for every candidate) and the move's own (:func:`move_features`). Both are read
from the seat's :class:`hellsrummy.PlayerView` alone. Their layout is named by
:data:`FEATURES_DIGEST`: weights trained on one layout are refused by another.

>>> from hellsrummy import new_game, view
>>> from hellsrummy.rl.features import (
...     FEATURES_DIGEST, MAX_CANDIDATES, MOVE_FEATURES, STATE_FEATURES, candidates,
...     move_features, state_features,
... )
>>> seen = view(new_game(4, seed="features"), 1)
>>> moves = candidates(seen)
>>> moves
[Pass(), Take()]
>>> state_features(seen).shape == (STATE_FEATURES,), move_features(seen, moves).shape
(True, (2, 204))
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from hellsrummy.contracts.enumeration import laid_melds
from hellsrummy.contracts.solver import wildcards_needed
from hellsrummy.deck.cards import BY_INDEX, Card, leading_wilds
from hellsrummy.game.actions import Action, Discard, Extend, Meld, Pass, SwapWildcard, Take
from hellsrummy.game.position import Position, position
from hellsrummy.game.scoring import PENALTY_OF
from hellsrummy.game.state import Phase
from hellsrummy.moves.playmoves import (
    DISCARDS,
    first_listed,
    hand_threes,
    listed_extensions,
    listed_swaps,
)
from hellsrummy.play.discarding import discards as legal_discards
from hellsrummy.players.greedy import Kinship, greedy_move
from hellsrummy.views.resampling import known_cards
from hellsrummy.views.view import PlayerView

__all__ = [
    "FEATURES_DIGEST",
    "MAX_CANDIDATES",
    "MOVE_FEATURES",
    "STATE_FEATURES",
    "candidates",
    "move_features",
    "state_features",
]

#: The most moves a decision scores: GreedyBot's move, the other plays, then the discards.
MAX_CANDIDATES: Final = 48

_CARDS: Final = len(BY_INDEX)
_SEAT_ROWS: Final = 9  # the other seats, by how many places after the viewer they sit
_PLAYERS: Final = range(3, 11)
_DIFFICULTIES: Final = range(3, 26)
_FAR: Final = 6  # wildcards_needed looked up with this many wildcards to spare

# State features: (name, size), in order.
_STATE_PARTS: Final = (
    ("hand", _CARDS),  # copies of each card held
    ("kinship", _CARDS),  # each held card's Kinship score against the rest of the hand, / 10
    ("discard", _CARDS),  # the discard on offer (one-hot)
    ("taken", _CARDS),  # the card taken this turn (one-hot)
    ("playable", _CARDS),  # 1 for each card that plays on the table
    ("known", _CARDS),  # copies the other seats are known to hold
    ("seat", 8),  # met, hand size, hand points, wildcards, needed, can meet, to decide, to play
    ("others", _SEAT_ROWS * 4),  # per other seat: present, met, hand size, two cards or fewer
    ("players", len(_PLAYERS)),
    ("difficulty", len(_DIFFICULTIES)),
    ("game", 3),  # stock size, turns, table melds
)
# Action features: (name, size), in order.
_ACTION_PARTS: Final = (
    ("kind", 6),  # take, pass, meld, extend, swap, discard (one-hot)
    ("out", _CARDS),  # copies of each card that leaves the hand
    ("in", _CARDS),  # copies of each card that comes into it
    ("greedy", 1),  # 1 for GreedyBot's move
    ("shed", 4),  # points out, cards out, wildcards out, melds laid
    ("after", 4),  # met after, hand size after, hand points after, cards left <= 1
    ("discard", 4),  # throwaway key (two parts), the card taken, plays on the table
    ("order", 3),  # place among the candidates, among the discards, candidates
)


def _offsets(parts: tuple[tuple[str, int], ...]) -> dict[str, int]:
    found: dict[str, int] = {}
    at = 0
    for name, size in parts:
        found[name] = at
        at += size
    return found


_STATE_AT: Final = _offsets(_STATE_PARTS)
_ACTION_AT: Final = _offsets(_ACTION_PARTS)
#: The length of a state's feature vector.
STATE_FEATURES: Final = sum(size for _, size in _STATE_PARTS)
#: The length of a move's feature vector.
MOVE_FEATURES: Final = sum(size for _, size in _ACTION_PARTS)
#: A digest of the feature layout and the candidates' order, stored with trained weights.
FEATURES_DIGEST: Final = hashlib.sha256(
    repr(("hellsrummy learned features 1", _STATE_PARTS, _ACTION_PARTS, MAX_CANDIDATES)).encode()
).hexdigest()[:16]

_SPARE: Final = tuple(c for c in BY_INDEX if c.is_wild)[:1] * _FAR
_KEEP: Final = 2  # GreedyBot's keep: the moves are ordered by its preference
_KINDS: Final = {Take: 0, Pass: 1, Meld: 2, Extend: 3, SwapWildcard: 4, Discard: 5}


def candidates(seen: PlayerView) -> list[Action]:
    """The moves the learned bot scores, GreedyBot's first, at most :data:`MAX_CANDIDATES`.

    To take or pass: both. In play: GreedyBot's move, then the first listed way to lay each
    new meld of three (once the minimum is met) or GreedyBot's way to meet it, each card's
    first extension and swap, and the legal discards, GreedyBot's favourites first.

    >>> from hellsrummy import new_game, view
    >>> candidates(view(new_game(3, seed=1), 1))
    [Pass(), Take()]
    """
    first = greedy_move(seen, _KEEP)
    if seen.phase is Phase.DECIDE:
        return [first, Pass() if isinstance(first, Take) else Take()]
    here = position(seen)
    found: list[Action] = [first]
    seen_moves = {first}
    if here.met:
        for move in _plays(here):  # made one at a time: a big hand has many
            if len(found) >= MAX_CANDIDATES:
                break
            if move not in seen_moves:
                seen_moves.add(move)
                found.append(move)
    kin = Kinship(here.hand)
    taken = here.taken
    thrown = sorted(
        set(legal_discards(here)),
        key=lambda c: ((c is not taken, kin.throwaway(c, _KEEP)), -c.index),
        reverse=True,
    )
    for c in thrown:
        move = DISCARDS[c]
        if move not in seen_moves and len(found) < MAX_CANDIDATES:
            seen_moves.add(move)
            found.append(move)
    return found


def _plays(here: Position) -> Iterator[Action]:
    """A met seat's plays: each new meld of three, then each card's first extension and swap."""
    wild_cards = here.hand[: leading_wilds(here.hand)]
    for choice in hand_threes(here):
        yield first_listed(here, laid_melds((choice,), wild_cards))
    by_card: set[Card] = set()
    for extension in listed_extensions(here):
        if extension.cards[0] not in by_card:
            by_card.add(extension.cards[0])
            yield extension
    by_card.clear()
    for swap in listed_swaps(here):
        if swap.card not in by_card:
            by_card.add(swap.card)
            yield swap


def state_features(seen: PlayerView) -> npt.NDArray[np.float32]:
    """The seat's features, the same for every candidate (:data:`STATE_FEATURES` values).

    >>> from hellsrummy import new_game, view
    >>> features = state_features(view(new_game(4, seed=1), 2))
    >>> float(features[:91].sum())  # nine cards in hand
    9.0
    """
    out = np.zeros(STATE_FEATURES, dtype=np.float32)
    at = _STATE_AT
    hand = seen.hand
    kin = Kinship(hand)
    for c in hand:
        i = c.index
        out[i] += 1.0
        out[at["kinship"] + i] = kin.score(c, True) / 10.0
    if seen.discard is not None:
        out[at["discard"] + seen.discard.index] = 1.0
    if seen.taken is not None:
        out[at["taken"] + seen.taken.index] = 1.0
    here = position(seen)
    base = at["playable"]
    for c in here.table.playable:
        out[base + c.index] = 1.0
    base = at["known"]
    for seat, held in enumerate(known_cards(seen)):
        if seat != seen.seat:
            for c in held:
                out[base + c.index] += 1.0
    me = seen.seat
    wilds = leading_wilds(hand)
    points = 0
    for c in hand:
        points += PENALTY_OF[c]
    base = at["seat"]
    out[base] = float(seen.met[me])
    out[base + 1] = len(hand) / 20.0
    out[base + 2] = points / 200.0
    out[base + 3] = wilds / 4.0
    if not seen.met[me]:
        naturals = hand[wilds:]
        needed = wildcards_needed((*_SPARE, *naturals), seen.contract)
        out[base + 4] = (_FAR + 1 if needed is None else needed) / _FAR
        out[base + 5] = float(needed is not None and needed <= wilds)
    out[base + 6] = float(seen.phase is Phase.DECIDE)
    out[base + 7] = float(seen.phase is Phase.PLAY)
    players = len(seen.hand_sizes)
    base = at["others"]
    for row in range(1, min(players, _SEAT_ROWS + 1)):
        seat = (me + row) % players
        place = base + (row - 1) * 4
        out[place] = float(not seen.left[seat])
        out[place + 1] = float(seen.met[seat])
        out[place + 2] = seen.hand_sizes[seat] / 20.0
        out[place + 3] = float(seen.hand_sizes[seat] <= 2)
    if players in _PLAYERS:
        out[at["players"] + players - _PLAYERS.start] = 1.0
    difficulty = seen.contract.difficulty
    if difficulty in _DIFFICULTIES:
        out[at["difficulty"] + difficulty - _DIFFICULTIES.start] = 1.0
    base = at["game"]
    out[base] = seen.stock_size / 100.0
    out[base + 1] = seen.turns / 100.0
    out[base + 2] = len(seen.melds) / 10.0
    return out


def move_features(seen: PlayerView, moves: Sequence[Action]) -> npt.NDArray[np.float32]:
    """One row of :data:`MOVE_FEATURES` features per move of ``moves`` (the candidates).

    >>> from hellsrummy import Pass, Take, new_game, view
    >>> rows = move_features(view(new_game(3, seed=1), 1), [Pass(), Take()])
    >>> rows[:, :6].tolist()  # the kinds, one-hot
    [[0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]]
    """
    out = np.zeros((len(moves), MOVE_FEATURES), dtype=np.float32)
    at = _ACTION_AT
    hand = seen.hand
    me = seen.seat
    met = seen.met[me]
    hand_points = 0
    for c in hand:
        hand_points += PENALTY_OF[c]
    here: Position | None = position(seen) if seen.phase is Phase.PLAY else None
    kin = Kinship(hand)
    discards = 0
    for row, move in enumerate(moves):
        line = out[row]
        line[_KINDS[type(move)]] = 1.0
        gone: Sequence[Card] = ()
        come: Sequence[Card] = ()
        melds = 0
        if isinstance(move, Take):
            assert seen.discard is not None
            come = (seen.discard,)
        elif isinstance(move, Meld):
            gone = [c for meld in move.melds for c in meld]
            melds = len(move.melds)
        elif isinstance(move, Extend):
            gone = move.cards
        elif isinstance(move, SwapWildcard):
            gone = (move.card,)
            come = [c for c in seen.melds[move.meld].cards if c.is_wild][:1]
        elif isinstance(move, Discard):
            gone = (move.card,)
            c = move.card
            related = kin.score(c, True)
            place = at["discard"]
            line[place] = float(related < _KEEP)
            line[place + 1] = (PENALTY_OF[c] - 3 * related) / 20.0
            line[place + 2] = float(c is seen.taken)
            line[place + 3] = float(here is not None and c in here.table.playable)
            line[at["order"] + 1] = discards / 10.0
            discards += 1
        out_points = wild_out = 0
        for c in gone:
            line[at["out"] + c.index] += 1.0
            out_points += PENALTY_OF[c]
            wild_out += c.is_wild
        in_points = 0
        for c in come:
            line[at["in"] + c.index] += 1.0
            in_points += PENALTY_OF[c]
        line[at["greedy"]] = float(row == 0)
        place = at["shed"]
        line[place] = out_points / 100.0
        line[place + 1] = len(gone) / 10.0
        line[place + 2] = wild_out / 4.0
        line[place + 3] = melds / 4.0
        left = len(hand) - len(gone) + len(come)
        place = at["after"]
        line[place] = float(met or melds > 0)
        line[place + 1] = left / 20.0
        line[place + 2] = (hand_points - out_points + in_points) / 200.0
        line[place + 3] = float(left <= 1)
        line[at["order"]] = row / 10.0
        line[at["order"] + 2] = len(moves) / 10.0
    return out
