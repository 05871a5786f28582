"""Pictures of cards, hands, melds and whole tables, as SVG text.

Every function returns a complete, self-contained SVG document as a ``str``: no fonts,
images, scripts or links are fetched, the picture's size is its ``viewBox`` (``scale``
multiplies the ``width`` and ``height`` it asks for), and the same input always gives the
same text. Nothing is written anywhere; save or display the text as you like. In Jupyter a
:class:`hellsrummy.PlayerView`, a :class:`hellsrummy.GameState` and a
:class:`hellsrummy.TableMeld` show themselves as these pictures; hands are plain tuples, so
draw them with :func:`hand_svg`.

A wildcard in a meld shows, boxed in its corner, what it stands for (as
:func:`hellsrummy.arrange` lays the meld out). Highlighted cards stand out of their row with
a thick outline; a highlighted meld gets a dashed frame.

>>> picture = meld_svg(cards("2C 5H 6H 8H"))
>>> picture.startswith("<svg"), picture.count('class="card'), 'data-stands-for="7H"' in picture
(True, 4, True)
>>> state = new_game(3, seed=1)
>>> view_svg(view(state, 0)) == view_svg(view(state, 0))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from hellsrummy.cards.arrangement import Arrangement, arrange
from hellsrummy.cards.deck import Card, sort_by_run, sort_by_set
from hellsrummy.cards.melds import MeldKind
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

__all__ = [
    "Highlight",
    "Orientation",
    "Sort",
    "card_svg",
    "hand_svg",
    "meld_svg",
    "melds_svg",
    "state_svg",
    "view_svg",
]

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


def card_svg(c: Card, *, scale: float = 1.0, highlight: bool = False) -> str:
    """One card, face up.

    >>> picture = card_svg(card("QM"))
    >>> 'data-card="QM"' in picture, "Queen" in picture or "Q of Moons" in picture
    (True, True)
    """
    if not isinstance(c, Card):
        raise ValueError(f"expected a Card, got {shown(c)}")
    return document(card_face(c, highlight=highlight), scale=scale, title=c.pretty)


def hand_svg(
    hand: Iterable[Card],
    *,
    sort: Sort = "set",
    orientation: Orientation = "horizontal",
    scale: float = 1.0,
    highlight: Iterable[Card] = (),
    per_row: int | None = None,
    caption: str | None = None,
) -> str:
    """A hand, sorted by set or by run (the online game's orders), or as given.

    Cards overlap so that each one's corner shows; ``per_row`` cards at most go in a row
    (a column, when vertical). Each card in ``highlight`` marks one copy in the hand.

    >>> picture = hand_svg(cards("KH 3S 2D KC 3H"), sort="run", highlight=cards("KC"))
    >>> picture.count('class="card'), picture.count("highlight")
    (5, 1)
    """
    shown = _sorted(hand, sort)
    vertical = _vertical(orientation)
    marks = Counter(highlight)
    faces = [(c, None, take_mark(marks, c)) for c in shown]
    rows = card_rows(faces, per_row, vertical)
    body = stack(rows, 8, across=vertical) if rows else Block("", CARD_WIDTH, CARD_HEIGHT)
    if caption is not None:
        body = stack([label(caption), body], 4)
    title = caption or " ".join(c.pretty for c in shown)
    return document(body, scale=scale, title=title)


def meld_svg(
    meld: Iterable[Card] | TableMeld | Arrangement,
    *,
    kind: MeldKind | None = None,
    orientation: Orientation = "horizontal",
    scale: float = 1.0,
    highlight: Iterable[Card] = (),
    caption: str | None = None,
) -> str:
    """A meld laid out by :func:`hellsrummy.arrange`, each wildcard marked with what it is.

    The label above it is ``caption``, or the reading (``Set`` or ``Run``); ``kind`` picks a
    reading as for :func:`hellsrummy.arrange`. Each card in ``highlight`` marks one copy.

    >>> picture = meld_svg(cards("2C 2D 7H"), kind=MeldKind.RUN)
    >>> [part.split('"')[0] for part in picture.split('data-stands-for="')[1:]]
    ['8H', '9H']
    >>> meld_svg(cards("QC KD AH"))
    Traceback (most recent call last):
    ...
    ValueError: not a meld: [QC KD AH]
    """
    arranged = _arranged(meld, kind)
    block = meld_block(arranged, caption, Counter(highlight), _vertical(orientation))
    return document(block, scale=scale, title=f"{arranged.kind}: {arranged.pretty}")


def melds_svg(
    melds: Iterable[Iterable[Card] | TableMeld | Arrangement],
    *,
    captions: Sequence[str] | None = None,
    highlights: Sequence[Iterable[Card]] | None = None,
    width: float = 640,
    orientation: Orientation = "horizontal",
    scale: float = 1.0,
) -> str:
    """Several melds side by side, wrapping into rows no wider than ``width``.

    ``captions`` and ``highlights`` (the cards to highlight), if given, have one entry a meld.

    >>> melds = [cards("4C 4D 4H"), cards("2S 7H 8H")]
    >>> picture = melds_svg(melds, captions=["a set", "a run"], highlights=[(), cards("8H")])
    >>> picture.count('class="meld"'), "a run" in picture, picture.count("card highlight")
    (2, True, 1)
    """
    arranged = [_arranged(meld, None) for meld in melds]
    for name, given in (("captions", captions), ("highlights", highlights)):
        if given is not None and len(given) != len(arranged):
            raise ValueError(f"{len(given)} {name} for {len(arranged)} melds")
    vertical = _vertical(orientation)
    blocks = [
        meld_block(
            a,
            None if captions is None else captions[n],
            Counter(() if highlights is None else highlights[n]),
            vertical,
        )
        for n, a in enumerate(arranged)
    ]
    title = " / ".join(a.pretty for a in arranged)
    return document(flow(blocks, width, 16), scale=scale, title=title)


def view_svg(
    seen: PlayerView,
    *,
    sort: Sort = "set",
    orientation: Orientation = "horizontal",
    scale: float = 1.0,
    highlight: Highlight = None,
) -> str:
    """What one seat sees, as a picture of the table.

    The picture shows the seat's hand, every seat's card count, met flag and score, the
    melds, the discard, the stock size and the round's contract.

    ``highlight`` marks the cards, meld, discard or seat of an action about to be played (the
    viewer's, or a call), some of the viewer's cards, or ``"discards"``: the cards the viewer
    may discard now.

    >>> state = apply(new_game(3, seed=1), Take())
    >>> picture = view_svg(view(state, 1), highlight="discards")
    >>> picture.count('class="card'), 'data-seat="2" data-cards="9"' in picture  # 10 in hand
    (10, True)
    >>> picture.count("card highlight") == len(legal_discards(state))  # each one copy here
    True
    """
    if not isinstance(seen, PlayerView):
        raise ValueError(f"expected a PlayerView, got {shown(seen)}")
    marks = _marks(seen, highlight, seen.seat)
    hands: dict[int, tuple[Card, ...]] = {seen.seat: seen.hand}
    return _table(
        seen, hands, seen.hand_sizes, seen.stock_size, seen.seat, marks, sort, orientation, scale
    )


def state_svg(
    state: GameState,
    *,
    sort: Sort = "set",
    orientation: Orientation = "horizontal",
    scale: float = 1.0,
    highlight: Highlight = None,
) -> str:
    """The whole table with every hand face up: for analysis, never for players.

    ``highlight`` is as for :func:`view_svg`, for the seat to act (or the seat an action
    names).

    >>> picture = state_svg(new_game(4, seed=1))
    >>> picture.count('class="card'), picture.count('class="seat')
    (37, 4)
    """
    if not isinstance(state, GameState):
        raise ValueError(f"expected a GameState, got {shown(state)}")
    marks = _marks(state, highlight, state.current)
    hands = dict(enumerate(state.hands))
    sizes = tuple(len(hand) for hand in state.hands)
    return _table(state, hands, sizes, len(state.stock), None, marks, sort, orientation, scale)


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
    value = where.rules.score_table.hand_value(hand)
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
