"""The picture of a whole table: seats, hands, melds, the discard and the stock, highlights.

:func:`hellsrummy.svg.view_svg` and :func:`hellsrummy.svg.state_svg` draw through
``_table``; the layout is here, the primitives in :mod:`hellsrummy.svg.drawing`.

>>> from hellsrummy.svg import state_svg
>>> picture = state_svg(new_game(3, seed=1), highlight="discards")
>>> picture.count('class="seat'), "card highlight" in picture  # seat 1 decides: no discards
(3, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from hellsrummy.deck.arrangement import Arrangement, arrange
from hellsrummy.deck.cards import Card, sort_by_run, sort_by_set
from hellsrummy.deck.melds import MeldKind
from hellsrummy.errors import shown
from hellsrummy.game.actions import (
    Action,
    CallRummy,
    Discard,
    Extend,
    Leave,
    Meld,
    Pass,
    SetPlayProtection,
    SwapWildcard,
    Take,
)
from hellsrummy.game.position import position
from hellsrummy.game.state import GameState, Phase, TableMeld
from hellsrummy.play.discarding import discards
from hellsrummy.svg.drawing import (
    CARD_HEIGHT,
    CARD_WIDTH,
    HIGHLIGHT,
    INK,
    MUTED,
    STEP_ACROSS,
    Block,
    card_back,
    card_face,
    card_rows,
    document,
    flow,
    label,
    meld_block,
    place,
    stack,
    take_mark,
    text,
)
from hellsrummy.views.view import PlayerView

__all__ = ["Highlight", "Orientation", "Sort"]

#: How a hand is sorted: the online game's ``"set"`` or ``"run"`` order, or ``None`` to keep
#: the order given.
Sort = Literal["set", "run"] | None
#: Which way cards are laid: in rows (``"horizontal"``, a landscape table) or in columns
#: (``"vertical"``, a portrait table).
Orientation = Literal["horizontal", "vertical"]
#: What a table picture highlights: the cards (and meld, discard or seat) of an action about
#: to be played, some cards of the hand (each card given marks one copy), or ``"discards"``:
#: every card the seat to act may discard now.
Highlight = Action | Iterable[Card] | Literal["discards"] | None

_LINE = 18  # the height of a line of text in a table picture


# -- highlights ---------------------------------------------------------------------------


class _Marks:
    """What a table picture highlights: cards of one seat's hand, melds, the discard, seats."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cards: Counter[Card] = Counter()
        self.every: frozenset[Card] = frozenset()  # every copy of these is marked
        self.melds: set[int] = set()
        self.discard = False
        self.seats: set[int] = set()

    def card(self, seat: int, c: Card) -> bool:
        if seat != self.seat:
            return False
        return c in self.every or take_mark(self.cards, c)


def _marks(where: GameState | PlayerView, highlight: Highlight, seat: int) -> _Marks:
    if isinstance(highlight, CallRummy | SetPlayProtection | Leave):
        seat = highlight.seat
    marks = _Marks(seat)
    if highlight is None:
        return marks
    if isinstance(highlight, str):
        if highlight != "discards":
            raise ValueError(
                f'highlight must be an action, cards or "discards", got {shown(highlight)}'
            )
        marks.every = frozenset(discards(position(where)))  # none for another seat's view
    elif isinstance(highlight, Take | Pass):
        marks.discard = True
    elif isinstance(highlight, Meld):
        marks.cards.update(c for meld in highlight.melds for c in meld)
    elif isinstance(highlight, Extend):
        marks.cards.update(highlight.cards)
        marks.melds.add(highlight.meld)
    elif isinstance(highlight, SwapWildcard):
        marks.cards[highlight.card] += 1
        marks.melds.add(highlight.meld)
    elif isinstance(highlight, Discard):
        marks.cards[highlight.card] += 1
    elif isinstance(highlight, CallRummy):
        marks.discard = True
        marks.melds.add(highlight.meld)
        marks.cards[highlight.substitute] += 1
    elif isinstance(highlight, SetPlayProtection | Leave):
        marks.seats.add(highlight.seat)
    else:
        marks.cards.update(highlight)
    return marks


# -- parts --------------------------------------------------------------------------------


def _vertical(orientation: Orientation) -> bool:
    if orientation not in ("horizontal", "vertical"):
        raise ValueError(
            f'orientation must be "horizontal" or "vertical", got {shown(orientation)}'
        )
    return orientation == "vertical"


def _sorted(hand: Iterable[Card], sort: Sort) -> list[Card]:
    if sort == "set":
        return sort_by_set(hand)
    if sort == "run":
        return sort_by_run(hand)
    if sort is None:
        return list(hand)
    raise ValueError(f'sort must be "set", "run" or None, got {shown(sort)}')


def _arranged(meld: Iterable[Card] | TableMeld | Arrangement, kind: MeldKind | None) -> Arrangement:
    if isinstance(meld, Arrangement):
        return meld
    return arrange(meld.cards if isinstance(meld, TableMeld) else tuple(meld), kind)


# -- tables -------------------------------------------------------------------------------


def _table(
    where: GameState | PlayerView,
    hands: dict[int, tuple[Card, ...]],
    sizes: tuple[int, ...],
    stock: int,
    viewer: int | None,
    marks: _Marks,
    sort: Sort,
    orientation: Orientation,
    scale: float,
) -> str:
    vertical = _vertical(orientation)
    _sorted((), sort)  # checks the option
    table_width = 330 if vertical else 600
    hand_width = 330 if vertical else (440 if viewer is None else 900)
    melds = _melds(where, marks, table_width)
    pile = _pile(where, stock, marks)
    seat_rows = [
        _seat(
            where,
            seat,
            sizes[seat],
            viewer,
            marks,
            hands.get(seat) if viewer is None else None,
            sort,
            hand_width,
        )
        for seat in range(len(where.names))
    ]
    header = _header(where, viewer)
    if viewer is None:
        seats = flow(seat_rows, 900 if not vertical else 330, 16)
        middle = stack([pile, melds], 16) if vertical else stack([pile, melds], 32, across=True)
        body = stack([header, middle, seats], 16)
    else:
        seats = stack(seat_rows, 2)
        mine = _hand(where, hands[viewer], viewer, marks, sort, hand_width)
        if vertical:
            body = stack([header, seats, pile, melds, mine], 16)
        else:
            left = stack([seats, pile], 16)
            body = stack([header, stack([left, melds], 32, across=True), mine], 16)
    return document(body, title=_title(where, viewer), scale=scale)


def _name(where: GameState | PlayerView, seat: int) -> str:
    name = where.names[seat]
    return name if len(name) <= 18 else name[:17] + "…"


def _title(where: GameState | PlayerView, viewer: int | None) -> str:
    seen = "every hand shown" if viewer is None else f"seen by {_name(where, viewer)}"
    return f"Hell's Rummy, round {where.round + 1}, {where.contract}: {seen}"


def _status(where: GameState | PlayerView) -> str:
    name = _name(where, where.current)
    if where.phase is Phase.DECIDE:
        return f"{name} to take or pass the discard"
    if where.phase is Phase.PLAY:
        return f"{name} to play, then discard"
    if where.phase is Phase.ROUND_OVER:
        winner = where.results[-1].winner if where.results else None
        return "Round over" + ("" if winner is None else f": {_name(where, winner)} went out")
    seats = [s for s in range(len(where.names)) if not where.left[s]]
    best = min((where.scores[s] for s in seats), default=0)
    won = ", ".join(_name(where, s) for s in seats if where.scores[s] == best)
    return f"Game over: {won} won" if won else "Game over"


def _header(where: GameState | PlayerView, viewer: int | None) -> Block:
    rounds = len(where.rules.schedule)
    first = f"Round {where.round + 1} of {rounds} · difficulty {where.difficulty}: {where.contract}"
    seen = "every hand face up (analysis)" if viewer is None else f"seen by {_name(where, viewer)}"
    lines = [
        text(0, 15, first, 15, weight="bold", css="contract"),
        text(0, 34, f"{_status(where)} · {seen}", 12, fill=MUTED, css="status"),
    ]
    return Block("".join(lines), max(len(first) * 9, 300), 38)


def _seat(
    where: GameState | PlayerView,
    seat: int,
    size: int,
    viewer: int | None,
    marks: _Marks,
    hand: tuple[Card, ...] | None,
    sort: Sort,
    width: float,
) -> Block:
    met, left, score = where.met[seat], where.left[seat], where.scores[seat]
    name = _name(where, seat) + (" (you)" if seat == viewer else "")
    acting = seat == where.current and where.phase in (Phase.DECIDE, Phase.PLAY)
    parts = []
    if seat in marks.seats:
        parts.append(
            f'<rect x="-3" y="-1" width="304" height="{_LINE}" rx="3" fill="#e6f1fa"'
            f' stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="5 3"/>'
        )
    if acting:
        parts.append(f'<path class="to-act" d="M1,3 L11,8.5 L1,14 Z" fill="{INK}"/>')
    ink = MUTED if left else INK
    parts.append(text(16, 13, name, 12, weight="bold" if acting else None, fill=ink))
    parts.append(f'<g transform="translate(168,2) scale(0.2)">{card_back().markup}</g>')
    parts.append(text(182, 13, str(size), 12, fill=ink))
    status = "left" if left else ("met" if met else "not met")
    parts.append(text(204, 13, status, 11, fill=ink if met or left else MUTED))
    parts.append(text(298, 13, f"{score} pts", 12, anchor="end", fill=ink))
    data = (
        f' data-seat="{seat}" data-cards="{size}" data-met="{str(met).lower()}"'
        f' data-left="{str(left).lower()}" data-score="{score}"'
    )
    row = Block(f'<g class="seat"{data}>{"".join(parts)}</g>', 300, _LINE)
    if hand is None:
        return row
    return stack([row, _hand_rows(hand, seat, marks, sort, width)], 4)


def _hand_rows(hand: tuple[Card, ...], seat: int, marks: _Marks, sort: Sort, width: float) -> Block:
    faces = [(c, None, marks.card(seat, c)) for c in _sorted(hand, sort)]
    per_row = max(1, int((width - CARD_WIDTH) // STEP_ACROSS) + 1)
    rows = card_rows(faces, per_row, False)
    if not rows:
        return Block(f'<g class="hand" data-seat="{seat}"></g>', CARD_WIDTH, 0)
    body = stack(rows, 6)
    return Block(f'<g class="hand" data-seat="{seat}">{body.markup}</g>', body.width, body.height)


def _hand(
    where: GameState | PlayerView,
    hand: tuple[Card, ...],
    seat: int,
    marks: _Marks,
    sort: Sort,
    width: float,
) -> Block:
    order = "as dealt" if sort is None else f"sorted by {sort}"
    value = where.rules.score_table.hand_points(hand)
    caption = label(f"Your hand: {len(hand)} cards, {order}, worth {value} points", 12, INK)
    return stack([caption, _hand_rows(hand, seat, marks, sort, width)], 6)


def _melds(where: GameState | PlayerView, marks: _Marks, width: float) -> Block:
    blocks = []
    for number, meld in enumerate(where.melds):
        arranged = arrange(meld.cards)
        caption = f"#{number} {_name(where, meld.owner)} · {arranged.kind}"
        blocks.append(
            meld_block(
                arranged,
                caption,
                Counter(),
                False,
                framed=number in marks.melds,
                number=number,
                owner=meld.owner,
            )
        )
    if not blocks:
        return label("No melds on the table yet", 12)
    return flow(blocks, width, 18)


def _pile(where: GameState | PlayerView, stock: int, marks: _Marks) -> Block:
    if where.discard is None:
        face = Block(
            f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="4"'
            f' fill="none" stroke="{MUTED}" stroke-dasharray="4 3"/>',
            CARD_WIDTH,
            CARD_HEIGHT,
        )
    else:
        face = card_face(where.discard, highlight=marks.discard)
    under = "none" if where.discard is None else "last discard"
    if where.discard is not None and where.phase is Phase.DECIDE:
        under = "turned up"  # unless a seat discarded it, as below
    if where.discarder is not None:
        under = f"from {_name(where, where.discarder)}"
    discard = stack([label("discard"), face, label(under, 10)], 4)
    deck = stack([label("stock"), card_back(str(stock)), label(f"{stock} cards", 10)], 4)
    return Block(
        f'<g class="discard">{place(discard, 0, 0)}</g>'
        f'<g class="stock" data-cards="{stock}">{place(deck, discard.width + 20, 0)}</g>',
        discard.width + 20 + deck.width,
        max(discard.height, deck.height),
    )
