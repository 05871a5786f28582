"""Pictures of cards, hands, melds and whole tables, as SVG text.

Every function returns a complete, self-contained SVG document as a ``str``: no fonts,
images, scripts or links are fetched, the picture's size is its ``viewBox`` (``scale``
multiplies the ``width`` and ``height`` it asks for), and the same input always gives the
same text. Nothing is written anywhere; save or display the text as you like. In Jupyter a
:class:`hellsrummy.PlayerView`, a :class:`hellsrummy.GameState` and a
:class:`hellsrummy.TableMeld` show themselves as these pictures; hands are plain tuples, so
draw them with :func:`hellsrummy.svg.hand_svg`.

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

from hellsrummy.deck.arrangement import Arrangement
from hellsrummy.deck.cards import Card
from hellsrummy.deck.melds import MeldKind
from hellsrummy.errors import shown
from hellsrummy.game.state import GameState, TableMeld
from hellsrummy.svg.drawing import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Block,
    card_face,
    card_rows,
    document,
    flow,
    label,
    meld_block,
    stack,
    take_mark,
)
from hellsrummy.svg.table import (
    Highlight,
    Orientation,
    Sort,
    _arranged,
    _marks,
    _sorted,
    _table,
    _vertical,
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
