"""Pictures of cards, hands, melds and whole tables, as SVG text.

It holds :mod:`~hellsrummy.svg.pictures` (the pictures: :func:`card_svg`, :func:`hand_svg`,
:func:`meld_svg`, :func:`melds_svg`, :func:`view_svg`, :func:`state_svg`),
:mod:`~hellsrummy.svg.table` (the layout of a whole table) and :mod:`~hellsrummy.svg.drawing` (the
primitives they are drawn with: suit pips, card faces and backs, layout). Every name of
:mod:`hellsrummy.svg.pictures` is importable from here.

It may import every room below it but :mod:`hellsrummy.data` and :mod:`hellsrummy.players`:
:mod:`hellsrummy.errors`, :mod:`hellsrummy.deck`, :mod:`hellsrummy.contracts`,
:mod:`hellsrummy.game`, :mod:`hellsrummy.views`, :mod:`hellsrummy.play` and
:mod:`hellsrummy.moves`.

>>> from hellsrummy.svg import card_svg
>>> card_svg(card("7H")).startswith("<svg")
True
"""

from hellsrummy.svg.pictures import (
    Highlight,
    Orientation,
    Sort,
    card_svg,
    hand_svg,
    meld_svg,
    melds_svg,
    state_svg,
    view_svg,
)

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
