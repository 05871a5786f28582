"""The observation of a seat: a fixed-size numpy vector built from its PlayerView only.

:func:`encode` turns a :class:`hellsrummy.PlayerView` (and the steps the seat has chosen so
far in the move it is building) into a ``float32`` vector of :data:`OBSERVATION_SIZE`
values, whatever the table size, round or rules. :data:`LAYOUT` lists its segments in order;
each value lies between 0 and its segment's ``high`` (larger counts are cut to ``high``).

Cards are indexed by :attr:`hellsrummy.Card.index` (``CARDS`` = 91 places: 7 suits of 13
ranks), so a card segment holds one count per card. Seats are indexed relative to the
viewing seat: row 0 is the seat itself, row ``r`` the seat ``r`` places after it; rows past
the table size are zero (``SEATS`` = 10 rows). Table melds are shown a page at a time
(``WINDOW`` melds): the page the seat has moved to with ``next page`` steps in the move it is
building, page 0 otherwise.

>>> from hellsrummy import new_game, view
>>> vector = encode(view(new_game(4, seed=1), 2))
>>> vector.shape == (OBSERVATION_SIZE,), vector.dtype
(True, dtype('float32'))
>>> int(vector[segment("hand").start:segment("hand").stop].sum())   # nine cards in hand
9
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from operator import is_
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from hellsrummy.game.position import Table, table
from hellsrummy.game.rules import DiscardPolicy
from hellsrummy.game.state import Phase, TableMeld
from hellsrummy.rl.encoding import (
    CARDS,
    DISCARD,
    EXTEND,
    MELD_CARD,
    NEXT_MELD,
    NEXT_PAGE,
    SWAP,
    TARGET,
    WINDOW,
)
from hellsrummy.views.resampling import known_cards
from hellsrummy.views.view import PlayerView

__all__ = [
    "HIGH",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "SEATS",
    "Segment",
    "Turn",
    "encode",
    "encode_steps",
    "encode_view",
    "segment",
]

#: How many seats the observation has rows for (a game of more seats is refused).
SEATS = 10
_DIFFICULTIES = range(3, 26)
_SEAT_FIELDS = (
    ("present", 1),
    ("left", 1),
    ("to act", 1),
    ("discarder", 1),
    ("met", 1),
    ("hand size", 255),
    ("score", 9999),
    ("penalties", 999),
)
_GAME_FIELDS = (
    ("round", 99),
    ("rounds", 99),
    ("stock size", 999),
    ("refills", 255),
    ("turns", 9999),
    ("decks", 15),
    ("suits", 7),
    ("hand size rule", 99),
)
_RULE_FIELDS = ("penalize", "reject", "classic", "exact contract melds", "discard taken card")
_MOVE_FIELDS = (("melds closed", 15), ("page", 255), ("extend chosen", 1), ("swap chosen", 1))


class Turn(enum.Enum):
    """What the viewing seat is asked to do now (the ``turn`` segment, one-hot in this order).

    >>> [turn.value for turn in Turn]
    ['wait', 'decide', 'play', 'call']
    """

    WAIT = "wait"
    DECIDE = "decide"
    PLAY = "play"
    CALL = "call"


class Segment(NamedTuple):
    """One part of the observation vector: ``vector[start:stop]``, each value in ``[0, high]``.

    >>> segment("discard")
    Segment(name='discard', start=91, size=91, high=1.0, meaning='the discard (one-hot)')
    """

    name: str
    start: int
    size: int
    high: float
    meaning: str

    @property
    def stop(self) -> int:
        """Where the segment ends (exclusive).

        >>> segment("hand").stop
        91
        """
        return self.start + self.size


def _names(fields: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(name for name, _ in fields)


def _layout() -> tuple[Segment, ...]:
    parts: list[tuple[str, int, float, str]] = [
        ("hand", CARDS, 15, "copies of each card in the seat's hand"),
        ("discard", CARDS, 1, "the discard (one-hot)"),
        ("taken", CARDS, 1, "the card the seat to act took this turn (one-hot)"),
        ("table", CARDS, 31, "copies of each card in all the table melds"),
        ("extends", CARDS, 1, "1 for each card that extends some table meld"),
        ("buys", CARDS, 1, "1 for each card that can take a wildcard's place in some meld"),
        ("window cards", WINDOW * CARDS, 15, "for each meld of the page: copies of each card"),
        ("window extends", WINDOW * CARDS, 1, "for each meld of the page: the cards extending it"),
        ("window buys", WINDOW * CARDS, 1, "for each meld of the page: the cards it buys"),
        ("window melds", WINDOW * 2, SEATS - 1, "for each meld of the page: present, owner row"),
        ("known", (SEATS - 1) * CARDS, 15, "rows 1-9: cards each seat is known to hold"),
        ("seats", SEATS * len(_SEAT_FIELDS), 9999, "rows 0-9: " + _names(_SEAT_FIELDS)),
        ("turn", len(Turn), 1, "what the seat is asked: wait, decide, play, call (one-hot)"),
        ("difficulty", len(_DIFFICULTIES), 1, "the round's difficulty, 3 to 25 (one-hot)"),
        ("game", len(_GAME_FIELDS), 9999, _names(_GAME_FIELDS)),
        ("rules", len(_RULE_FIELDS), 1, ", ".join(_RULE_FIELDS)),
        ("building", CARDS, 15, "cards chosen for the meld being built"),
        ("built", CARDS, 31, "cards of the melds closed earlier in this move"),
        ("target", WINDOW, 1, "the targeted meld of the page (one-hot)"),
        ("played", CARDS, 1, "a call's card, chosen to extend or swap (one-hot)"),
        ("move", len(_MOVE_FIELDS), 255, _names(_MOVE_FIELDS)),
    ]
    segments = []
    start = 0
    for name, size, high, meaning in parts:
        segments.append(Segment(name, start, size, float(high), meaning))
        start += size
    return tuple(segments)


#: The segments of the observation vector, in order.
LAYOUT: tuple[Segment, ...] = _layout()
#: The length of the observation vector.
OBSERVATION_SIZE = LAYOUT[-1].stop
_BY_NAME = {part.name: part for part in LAYOUT}


def segment(name: str) -> Segment:
    """The segment of the observation called ``name``.

    >>> segment("turn").size
    4
    """
    return _BY_NAME[name]


def _highs() -> npt.NDArray[np.float32]:
    high = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    for part in LAYOUT:
        high[part.start : part.stop] = part.high
    seats = segment("seats")
    rows = np.tile([h for _, h in _SEAT_FIELDS], SEATS)
    high[seats.start : seats.stop] = rows
    game = segment("game")
    high[game.start : game.stop] = [h for _, h in _GAME_FIELDS]
    move = segment("move")
    high[move.start : move.stop] = [h for _, h in _MOVE_FIELDS]
    return high


#: The largest value of each place of the observation (the observation space's ``high``).
HIGH: npt.NDArray[np.float32] = _highs()


def encode(
    seen: PlayerView, steps: Sequence[int] = (), turn: Turn | None = None
) -> npt.NDArray[np.float32]:
    """The observation of the seat that sees ``seen``, with the ``steps`` it has chosen so far.

    ``turn`` says what the seat is asked to do; by default it is read from the view (decide
    or play for the seat to act, else wait). A call turn is the environment's business, so
    the environment says so. The same as :func:`encode_view` followed by
    :func:`encode_steps`.

    >>> from hellsrummy import new_game, view
    >>> vector = encode(view(new_game(3, seed=1), 1))
    >>> turn = segment("turn")
    >>> vector[turn.start:turn.stop].tolist()   # seat 1 decides first
    [0.0, 1.0, 0.0, 0.0]
    """
    out = encode_view(seen, steps.count(NEXT_PAGE) if steps else 0, turn)
    encode_steps(out, steps)
    return out


def encode_view(
    seen: PlayerView, page: int = 0, turn: Turn | None = None
) -> npt.NDArray[np.float32]:
    """The observation without the steps chosen (its last five segments are zero).

    ``page`` is the page of table melds shown. While the game does not change (the steps of
    one move), this part does not change either: the environment keeps it and adds the steps
    with :func:`encode_steps`.

    >>> from hellsrummy import new_game, view
    >>> seen = view(new_game(3, seed=1), 1)
    >>> bool((encode_view(seen) == encode(seen)).all())
    True
    """
    names = seen.names
    players = len(names)
    if players > SEATS:
        raise ValueError(f"the observation has rows for {SEATS} seats, the game has {players}")
    me = seen.seat
    rules = seen.rules
    if turn is None:
        turn = Turn.WAIT
        if seen.to_act:
            turn = Turn.DECIDE if seen.phase is Phase.DECIDE else Turn.PLAY

    # The places that count a card or a flag, one entry per 1 added (the hand is first)...
    ones = [c.index for c in seen.hand]
    if seen.discard is not None:
        ones.append(_DISCARD + seen.discard.index)
    if seen.taken is not None:
        ones.append(_TAKEN + seen.taken.index)
    known = _KNOWN - CARDS
    for seat, held in enumerate(known_cards(seen)):
        if seat != me and held:
            start = known + (seat - me) % players * CARDS
            ones += [start + c.index for c in held]
    ones.append(_TURN + _TURNS[turn])
    ones.append(_DIFFICULTY + _DIFFICULTIES.index(rules.schedule[seen.round]))
    ones.append(_RULES + _POLICIES[rules.discard_policy])
    if rules.exact_contract_melds:
        ones.append(_RULES + 3)
    if rules.discard_taken_card:
        ones.append(_RULES + 4)
    # ... and the values of the seats' rows (in row order), the game's and the page's owners.
    left, met, sizes = seen.left, seen.met, seen.hand_sizes
    scores, penalties = seen.scores, seen.penalties
    current, discarder = seen.current, seen.discarder
    rows: list[float] = []
    for row in range(players):
        seat = (me + row) % players
        rows += (
            1,
            left[seat],
            seat == current,
            seat == discarder,
            met[seat],
            sizes[seat],
            scores[seat],
            penalties[seat],
        )
    melds = seen.melds
    first, stop = page * WINDOW, min(len(melds), (page + 1) * WINDOW)
    owners = []
    for number in range(first, stop):
        slot = _WINDOW_MELDS + 2 * (number - first)
        ones.append(slot)
        owners.append(slot + 1)

    out = np.bincount(ones, minlength=OBSERVATION_SIZE).astype(np.float32)
    out[_SEATS : _SEATS + len(rows)] = rows
    out[_GAME : _GAME + len(_GAME_FIELDS)] = (
        seen.round,
        len(rules.schedule),
        seen.stock_size,
        seen.refills,
        seen.turns,
        seen.decks,
        len(seen.suits),
        rules.hand_size,
    )
    for number, place in enumerate(owners, first):
        out[place] = (melds[number].owner - me) % players
    if melds:
        facts = table(seen)
        out[_TABLE:_WINDOW] = _table_part(facts)
        out[_WINDOW:_WINDOW_END] = _page_part(facts, page)
    np.minimum(out, HIGH, out=out)
    return out


_DISCARD, _TAKEN, _TABLE, _KNOWN, _SEATS, _TURN, _DIFFICULTY, _GAME, _RULES = (
    segment(name).start
    for name in (
        "discard",
        "taken",
        "table",
        "known",
        "seats",
        "turn",
        "difficulty",
        "game",
        "rules",
    )
)
_WINDOW = segment("window cards").start
_WINDOW_END = segment("window buys").stop
_WINDOW_MELDS = segment("window melds").start
_TURNS = {turn: number for number, turn in enumerate(Turn)}
_POLICIES = {policy: number for number, policy in enumerate(DiscardPolicy)}

# The table's part of an observation (the segments ``table`` to ``window buys``) depends on the
# melds and the page only. The segments of the whole table are kept for the last tables seen,
# each under its ``Table`` (the facts a state keeps and hands on while its melds stay the same)
# with the table itself, so that the key cannot be reused; those of a page under the page's
# melds. The counts of the table's cards are worked out from the last table's when one meld
# changed or one was added (each meld's card indices are kept too). All are bounded; a kept
# array is never changed, so threads may share them.
_TABLES: dict[int, tuple[Table, npt.NDArray[np.float32]]] = {}
_PAGES: dict[tuple[TableMeld, ...], npt.NDArray[np.float32]] = {}
_MELD_CARDS: dict[TableMeld, list[int]] = {}
_KEPT = 64
_last: tuple[Table | None, npt.NDArray[np.int64]] = (None, np.zeros(3 * CARDS, np.int64))


def _meld_cards(meld: TableMeld) -> list[int]:
    found = _MELD_CARDS.get(meld)
    if found is None:
        if len(_MELD_CARDS) > 64 * _KEPT:
            _MELD_CARDS.clear()
        found = _MELD_CARDS[meld] = [c.index for c in meld.cards]
    return found


def _places(facts: Table, number: int) -> list[int]:
    """Meld ``number``'s cards, then the cards it accepts (offset by ``CARDS``, ``2 * CARDS``)."""
    return [
        *_meld_cards(facts.melds[number]),
        *[CARDS + c.index for c in facts.extends[number]],
        *[2 * CARDS + c.index for c in facts.buys[number]],
    ]


def _counts(facts: Table) -> npt.NDArray[np.int64]:
    """How many of each card the melds hold, and how many melds accept each card.

    Per card: its copies in melds, the melds it extends, the melds whose wildcard it buys;
    worked out from the last table counted when one meld changed or one was added.
    """
    global _last
    before, counted = _last
    melds = facts.melds
    counts = None
    if before is not None and before.melds:
        old = before.melds
        grown = len(melds) - len(old)
        if grown in (0, 1):
            changed = [number for number, same in enumerate(map(is_, old, melds)) if not same]
            if len(changed) + grown <= 1:
                counts = counted.copy()
                for number in changed:
                    for i in _places(before, number):
                        counts[i] -= 1
                    for i in _places(facts, number):
                        counts[i] += 1
                if grown:
                    for i in _places(facts, len(melds) - 1):
                        counts[i] += 1
    if counts is None:
        every = [i for number in range(len(melds)) for i in _places(facts, number)]
        counts = np.bincount(every, minlength=3 * CARDS)
    _last = (facts, counts)
    return counts


def _table_part(facts: Table) -> npt.NDArray[np.float32]:
    """The segments ``table``, ``extends`` and ``buys`` of a table's observation."""
    found = _TABLES.get(id(facts))
    if found is not None and found[0] is facts:
        return found[1]
    counts = _counts(facts)
    part = np.minimum(counts, 1).astype(np.float32)
    part[:CARDS] = counts[:CARDS]
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()
    _TABLES[id(facts)] = (facts, part)
    return part


def _page_part(facts: Table, page: int) -> npt.NDArray[np.float32]:
    """The segments ``window cards`` to ``window buys`` of a table's page.

    They depend on the page's melds only (what a meld accepts is a function of its cards), so
    they are kept under those melds: a meld laid or changed on another page keeps them.
    """
    melds = facts.melds
    key = melds[page * WINDOW : (page + 1) * WINDOW]
    found = _PAGES.get(key)
    if found is not None:
        return found
    extends, buys = WINDOW * CARDS, 2 * WINDOW * CARDS
    places: list[int] = []
    for number in range(page * WINDOW, min(len(melds), (page + 1) * WINDOW)):
        base = (number - page * WINDOW) * CARDS
        places += [base + i for i in _meld_cards(melds[number])]
        places += [extends + base + c.index for c in facts.extends[number]]
        places += [buys + base + c.index for c in facts.buys[number]]
    part = np.bincount(places, minlength=3 * WINDOW * CARDS).astype(np.float32)
    if len(_PAGES) >= 4 * _KEPT:
        _PAGES.clear()
    _PAGES[key] = part
    return part


def encode_steps(out: npt.NDArray[np.float32], steps: Sequence[int]) -> None:
    """Write the steps chosen so far into the ``building`` ... ``move`` segments of ``out``.

    ``out`` comes from :func:`encode_view` (with the page the steps move to).

    >>> from hellsrummy import card, new_game, view
    >>> from hellsrummy.rl import MELD_CARD
    >>> out = encode_view(view(new_game(3, seed=1), 1))
    >>> encode_steps(out, [MELD_CARD + card("7H").index])
    >>> int(out[segment("building").start + card("7H").index])
    1
    """
    building = segment("building").start
    built = segment("built").start
    closed = pages = 0
    chosen: list[int] = []
    for s in steps:
        if MELD_CARD <= s < MELD_CARD + CARDS:
            chosen.append(s - MELD_CARD)
        elif s == NEXT_MELD:
            for index in chosen:
                out[built + index] += 1
            chosen = []
            closed += 1
        elif s == NEXT_PAGE:
            pages += 1
        elif TARGET <= s < DISCARD:
            out[segment("target").start + s - TARGET] = 1
        elif EXTEND <= s < SWAP + CARDS:
            out[segment("played").start + (s - EXTEND) % CARDS] = 1
    for index in chosen:
        out[building + index] += 1
    move = segment("move").start
    out[move] = closed
    out[move + 1] = pages
    out[move + 2] = any(EXTEND <= s < EXTEND + CARDS for s in steps)
    out[move + 3] = any(SWAP <= s < SWAP + CARDS for s in steps)
    np.minimum(out[building:], HIGH[building:], out=out[building:])
