"""Drawing primitives for :mod:`hellsrummy.svg`: suit pips, card faces and backs, layout.

Everything here returns SVG markup as text, built from numbers and escaped strings only: no
fonts, images or identifiers, so that any number of pictures can sit in one page. A
``Block`` is a piece of a picture with its size; blocks are placed, stacked and flowed
into rows, and ``document`` wraps one in an ``<svg>`` element.

The suits are told apart by their symbol first and their colour second: the French suits
keep their usual symbols (black clubs and spades, red diamonds and hearts) and the extra suits
of large tables get their own, an eagle (blue), a rose (purple) and a crescent moon (amber).

>>> face = card_face(card("7E"))
>>> face.width, face.height, 'data-card="7E"' in face.markup
(50, 70, True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from html import escape
from typing import NamedTuple

from hellsrummy.deck.arrangement import Arrangement, Slot
from hellsrummy.deck.cards import Card, Rank, Suit
from hellsrummy.errors import shown

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "SUIT_COLOURS",
    "SUIT_NAMES",
    "Block",
    "card_back",
    "card_face",
    "card_row",
    "card_rows",
    "document",
    "flow",
    "label",
    "meld_block",
    "num",
    "pip",
    "place",
    "stack",
    "take_mark",
    "text",
]

#: A card's size in picture units (a ``viewBox`` unit is one pixel at ``scale=1``).
CARD_WIDTH = 50
#: See :data:`CARD_WIDTH`.
CARD_HEIGHT = 70
#: How far apart overlapping cards sit in a row, and in a column: the corner index shows.
STEP_ACROSS = 26
STEP_DOWN = 46
#: How far a highlighted card stands out of its row or column.
RAISE = 8

#: Each suit's colour: dark enough to read on white and in print, and never alone (the
#: symbol tells the suit).
SUIT_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "#1a1a1a",
    Suit.DIAMONDS: "#c4122f",
    Suit.HEARTS: "#c4122f",
    Suit.SPADES: "#1a1a1a",
    Suit.EAGLES: "#0b5ea8",
    Suit.ROSES: "#8e2a74",
    Suit.MOONS: "#8a5a00",
}
#: Each suit's name, for titles (what a screen reader says).
SUIT_NAMES: dict[Suit, str] = {suit: suit.name.capitalize() for suit in Suit}

HIGHLIGHT = "#0072b2"
INK = "#222222"
MUTED = "#666666"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def num(value: float) -> str:
    """A number as short, stable text: at most two decimals, no trailing zeros.

    >>> num(3.0), num(2.456), num(-0.001)
    ('3', '2.46', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _circle(cx: float, cy: float, r: float) -> str:
    arc = f"a{num(r)},{num(r)} 0 1,0"
    return f"M{num(cx - r)},{num(cy)} {arc} {num(2 * r)},0 {arc} {num(-2 * r)},0 Z"


def _star(outer: float, inner: float) -> str:
    points = []
    for k in range(10):
        angle = math.radians(-90 + 36 * k)
        radius = outer if k % 2 == 0 else inner
        points.append(f"{num(radius * math.cos(angle))},{num(radius * math.sin(angle))}")
    return "M" + " L".join(points) + " Z"


_PETALS = " ".join(
    _circle(5 * math.cos(math.radians(72 * k - 90)), 5 * math.sin(math.radians(72 * k - 90)), 4.6)
    for k in range(5)
)

# Each suit's symbol as a path in a 20-unit box centred on the origin.
_SUIT_PATHS: dict[Suit, str] = {
    Suit.CLUBS: " ".join(
        [
            _circle(0, -4.6, 4.6),
            _circle(-4.8, 2, 4.6),
            _circle(4.8, 2, 4.6),
            "M-1.2,2 L-3,9.8 L3,9.8 L1.2,2 Z",
        ]
    ),
    Suit.DIAMONDS: "M0,-10 L7.5,0 L0,10 L-7.5,0 Z",
    Suit.HEARTS: (
        "M0,9 C-4,5.5 -10,1.5 -10,-3.5 C-10,-7.5 -7,-9.5 -4.8,-9.5 C-2.6,-9.5 -0.8,-8 0,-6"
        " C0.8,-8 2.6,-9.5 4.8,-9.5 C7,-9.5 10,-7.5 10,-3.5 C10,1.5 4,5.5 0,9 Z"
    ),
    Suit.SPADES: (
        "M0,-10 C-4,-6 -10,-2.5 -10,2 C-10,5.5 -7.5,7 -5,7 C-3,7 -1.5,6 -0.8,4.5 L-2.8,10"
        " L2.8,10 L0.8,4.5 C1.5,6 3,7 5,7 C7.5,7 10,5.5 10,2 C10,-2.5 4,-6 0,-10 Z"
    ),
    Suit.EAGLES: (
        "M0,-9.5 C1.7,-9.5 2.3,-8 1.9,-6.5 L1.7,-5.4 C4.2,-6.8 7,-8.8 10,-9.4 C9,-5.6 7,-2"
        " 2.9,0.2 L4.6,9 L0,6 L-4.6,9 L-2.9,0.2 C-7,-2 -9,-5.6 -10,-9.4 C-7,-8.8 -4.2,-6.8"
        " -1.7,-5.4 L-1.9,-6.5 C-2.3,-8 -1.7,-9.5 0,-9.5 Z"
    ),
    Suit.ROSES: _PETALS + " " + _circle(0, 0, 3.2),
    Suit.MOONS: "M3,-9.2 A9.7,9.7 0 1,0 3,9.2 A10.5,10.5 0 0,1 3,-9.2 Z",
}
_WILD_STAR = _star(10, 4.2)


class Block(NamedTuple):
    """A piece of a picture: its markup, drawn from ``(0, 0)``, and its width and height.

    >>> Block("<g/>", 10, 20).width
    10
    """

    markup: str
    width: float
    height: float


def pip(suit: Suit, x: float, y: float, size: float, colour: str | None = None) -> str:
    """A suit symbol of width and height ``size`` centred on ``(x, y)``.

    >>> pip(Suit.MOONS, 10, 10, 20).startswith('<path class="pip pip-M"')
    True
    """
    fill = SUIT_COLOURS[suit] if colour is None else colour
    transform = f"translate({num(x)},{num(y)}) scale({num(size / 20)})"
    markup = (
        f'<path class="pip pip-{suit.letter}" d="{_SUIT_PATHS[suit]}" fill="{fill}"'
        f' transform="{transform}"/>'
    )
    if suit is Suit.ROSES:  # the rose's heart
        markup += f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(size * 0.065)}" fill="#ffffff"/>'
    return markup


def text(
    x: float,
    y: float,
    content: str,
    size: float = 12,
    *,
    weight: str | None = None,
    anchor: str | None = None,
    fill: str = INK,
    css: str | None = None,
) -> str:
    """A ``<text>`` element with its content escaped.

    >>> text(0, 10, "Ann & Bob")
    '<text x="0" y="10" font-size="12" fill="#222222">Ann &amp; Bob</text>'
    """
    extra = ""
    if css is not None:
        extra += f' class="{css}"'
    if weight is not None:
        extra += f' font-weight="{weight}"'
    if anchor is not None:
        extra += f' text-anchor="{anchor}"'
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}"{extra}>'
        f"{escape(content, quote=False)}</text>"
    )


def _stands_for(slot: Slot) -> str:
    if slot.rank is None:
        return "*"
    return slot.rank.text + ("" if slot.suit is None else slot.suit.letter)


def _title(c: Card, slot: Slot | None) -> str:
    rank = c.rank.text if c.rank != Rank.TWO else "2"
    name = f"{rank} of {SUIT_NAMES[c.suit]}"
    if not c.is_wild:
        return name
    if slot is None:
        return f"{name}, a wildcard"
    if slot.rank is None:
        return f"{name}, a wildcard standing for any card"
    what = slot.rank.text if slot.suit is None else f"{slot.rank.text} of {SUIT_NAMES[slot.suit]}"
    return f"{name}, a wildcard standing for {what}"


def card_face(c: Card, slot: Slot | None = None, *, highlight: bool = False) -> Block:
    """A card face up; a wildcard with a ``slot`` shows what it stands for in its corner.

    The card's group carries ``data-card`` (its text) and, for a wildcard in a meld,
    ``data-stands-for`` (the slot's text without brackets: ``7H``, ``7`` or ``*``).

    >>> wild = card("2C")
    >>> 'data-stands-for="7H"' in card_face(wild, Slot(wild, Rank.SEVEN, Suit.HEARTS)).markup
    True
    """
    classes = "card" + " wild" * c.is_wild + " highlight" * highlight
    data = f' data-card="{c.text}"'
    if c.is_wild and slot is not None:
        data += f' data-stands-for="{_stands_for(slot)}"'
    colour = SUIT_COLOURS[c.suit]
    stroke = f'stroke="{HIGHLIGHT}" stroke-width="3"' if highlight else f'stroke="{MUTED}"'
    parts = [
        f'<g class="{classes}"{data}><title>{escape(_title(c, slot))}</title>',
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="4"'
        f' fill="{"#fff8dc" if c.is_wild else "#ffffff"}" {stroke}/>',
        text(13, 15, c.rank.text, 13, weight="bold", anchor="middle", fill=colour),
        pip(c.suit, 13, 24, 10),
    ]
    if c.is_wild:
        parts.append(
            f'<path d="{_WILD_STAR}" fill="#e0b000" stroke="#7a5c00" stroke-width="0.8"'
            f' transform="translate(37,50) scale(1.05)"/>'
        )
        if slot is not None:
            parts.append(_badge(slot))
    else:
        parts.append(pip(c.suit, 37, 48, 22))
    parts.append("</g>")
    return Block("".join(parts), CARD_WIDTH, CARD_HEIGHT)


def _badge(slot: Slot) -> str:
    """What a wildcard stands for, boxed under its corner index."""
    parts = [
        f'<g class="stands-for"><rect x="1.5" y="31" width="23" height="15" rx="3"'
        f' fill="#ffffff" stroke="{INK}" stroke-width="1.2"/>'
    ]
    if slot.rank is None:
        parts.append(text(13, 43, "*", 12, weight="bold", anchor="middle"))
    elif slot.suit is None:
        parts.append(text(13, 42.5, slot.rank.text, 10, weight="bold", anchor="middle"))
    else:
        parts.append(text(9, 42.5, slot.rank.text, 10, weight="bold", anchor="middle"))
        parts.append(pip(slot.suit, 19.5, 38.5, 8))
    parts.append("</g>")
    return "".join(parts)


def card_back(label: str | None = None) -> Block:
    """A card face down, with an optional label (a count) in its middle.

    >>> 'class="back"' in card_back("12").markup
    True
    """
    parts = [
        '<g class="back">',
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="4"'
        f' fill="#27466e" stroke="{MUTED}"/>',
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="2"'
        ' fill="none" stroke="#a9c1e0" stroke-width="1"/>',
        '<path d="M5,25 L25,5 L45,25 L45,45 L25,65 L5,45 Z M15,35 L25,25 L35,35 L25,45 Z"'
        ' fill="none" stroke="#a9c1e0" stroke-width="0.8"/>',
    ]
    if label is not None:
        parts.append(
            f'<rect x="8" y="26" width="34" height="18" rx="3" fill="#ffffff" stroke="{INK}"/>'
        )
        parts.append(text(25, 40, label, 12, weight="bold", anchor="middle"))
    parts.append("</g>")
    return Block("".join(parts), CARD_WIDTH, CARD_HEIGHT)


def card_row(
    faces: Sequence[tuple[Card, Slot | None, bool]],
    *,
    vertical: bool = False,
    overlap: bool = True,
) -> Block:
    """Cards in a row (or a column), overlapping so that each corner index shows.

    Each entry is a card, its slot in a meld (or ``None``) and whether it is highlighted; a
    highlighted card stands out of the row by a few units (upwards, or to the right).

    >>> row = card_row([(card("7H"), None, False), (card("8H"), None, True)])
    >>> row.width, row.height
    (76, 78)
    """
    raised = any(marked for _, _, marked in faces)
    lift = RAISE if raised else 0
    step = (STEP_DOWN if vertical else STEP_ACROSS) if overlap else None
    if step is None:
        step = (CARD_HEIGHT if vertical else CARD_WIDTH) + 4
    parts = []
    for number, (c, slot, marked) in enumerate(faces):
        face = card_face(c, slot, highlight=marked)
        along = number * step
        if vertical:
            parts.append(place(face, RAISE * marked, along))
        else:
            parts.append(place(face, along, lift - RAISE * marked))
    count = len(faces)
    extent = (count - 1) * step + (CARD_HEIGHT if vertical else CARD_WIDTH) if count else 0
    if vertical:
        return Block("".join(parts), CARD_WIDTH + lift, extent)
    return Block("".join(parts), extent, CARD_HEIGHT + lift)


def place(block: Block, x: float, y: float) -> str:
    """A block's markup moved to ``(x, y)``.

    >>> place(Block("<g/>", 1, 1), 5, 0)
    '<g transform="translate(5,0)"><g/></g>'
    """
    if x == 0 and y == 0:
        return block.markup
    return f'<g transform="translate({num(x)},{num(y)})">{block.markup}</g>'


def stack(blocks: Iterable[Block], gap: float = 8, *, across: bool = False) -> Block:
    """Blocks one under the other (or side by side, with ``across``), aligned at the start.

    >>> stack([Block("", 10, 5), Block("", 20, 5)], gap=2)[1:]
    (20.0, 12.0)
    """
    parts: list[str] = []
    along = 0.0
    other = 0.0
    for block in blocks:
        if parts:
            along += gap
        parts.append(place(block, along, 0) if across else place(block, 0, along))
        along += block.width if across else block.height
        other = max(other, float(block.height if across else block.width))
    if across:
        return Block("".join(parts), along, other)
    return Block("".join(parts), other, along)


def flow(blocks: Iterable[Block], width: float, gap: float = 12) -> Block:
    """Blocks left to right, wrapping into rows no wider than ``width`` (unless one is wider).

    >>> flow([Block("", 30, 5)] * 3, width=80)[1:]
    (72.0, 22.0)
    """
    rows: list[list[Block]] = []
    used = 0.0
    for block in blocks:
        if rows and used + gap + block.width <= width:
            rows[-1].append(block)
            used += gap + block.width
        else:
            rows.append([block])
            used = block.width
    return stack((stack(row, gap, across=True) for row in rows), gap)


def document(block: Block, *, scale: float = 1.0, title: str = "", margin: float = 8) -> str:
    """A complete SVG document of a block: sizes in the ``viewBox``, the size scaled.

    >>> picture = document(Block("<g/>", 10, 20), scale=2, title="x", margin=0)
    >>> picture[:82]
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20" width="20" height="40"'
    >>> picture[-26:]
    '<title>x</title><g/></svg>'
    """
    if not (isinstance(scale, (int, float)) and not isinstance(scale, bool) and scale > 0):
        raise ValueError(f"scale must be a positive number, got {shown(scale)}")
    width = math.ceil(block.width + 2 * margin)
    height = math.ceil(block.height + 2 * margin)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{num(width * scale)}" height="{num(height * scale)}" role="img"'
        f' font-family="{FONT}"><title>{escape(title, quote=False)}</title>'
        f"{place(block, margin, margin)}</svg>"
    )


def take_mark(marks: Counter[Card], c: Card) -> bool:
    """Whether ``c`` is marked, using up one mark.

    >>> marks = Counter(cards("7H"))
    >>> take_mark(marks, card("7H")), take_mark(marks, card("7H"))
    (True, False)
    """
    if marks[c] > 0:
        marks[c] -= 1
        return True
    return False


def card_rows(
    faces: Sequence[tuple[Card, Slot | None, bool]], per_row: int | None, vertical: bool
) -> list[Block]:
    """Cards in rows of at most ``per_row`` (all in one row when ``None``), one block a row.

    >>> len(card_rows([(card("7H"), None, False)] * 5, 2, False))
    3
    """
    if per_row is not None and (isinstance(per_row, bool) or per_row < 1):
        raise ValueError(f"per_row must be a positive int or None, got {shown(per_row)}")
    size = per_row or max(len(faces), 1)
    return [
        card_row(faces[start : start + size], vertical=vertical)
        for start in range(0, len(faces), size)
    ]


def label(content: str, size: float = 11, fill: str = MUTED) -> Block:
    """A line of small text, its width estimated from its length.

    >>> label("stock").height
    14
    """
    return Block(text(0, size, content, size, fill=fill), len(content) * size * 0.6, size + 3)


def meld_block(
    arranged: Arrangement,
    caption: str | None,
    marks: Counter[Card],
    vertical: bool,
    *,
    framed: bool = False,
    number: int | None = None,
    owner: int | None = None,
) -> Block:
    """A meld with its caption (or its reading) above it; ``framed`` draws a dashed frame.

    >>> 'data-kind="run"' in meld_block(arrange(cards("2C 5H 6H")), None, Counter(), False).markup
    True
    """
    faces = [(slot.card, slot, take_mark(marks, slot.card)) for slot in arranged.slots]
    row = card_row(faces, vertical=vertical)
    body = stack([label(str(arranged.kind) if caption is None else caption), row], 4)
    data = ' class="meld"'
    if number is not None:
        data += f' data-meld="{number}" data-owner="{owner}"'
    data += f' data-kind="{arranged.kind.value}"'
    markup = body.markup
    if framed:
        markup = (
            f'<rect class="frame" x="-5" y="-4" width="{num(body.width + 10)}"'
            f' height="{num(body.height + 9)}"'
            f' rx="6" fill="#e6f1fa" stroke="{HIGHLIGHT}" stroke-width="2.5"'
            f' stroke-dasharray="6 3"/>{markup}'
        )
    return Block(f"<g{data}>{markup}</g>", body.width, body.height)
