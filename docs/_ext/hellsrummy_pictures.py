"""A Sphinx directive that draws hellsrummy pictures while the documentation is built.

The pictures are made by :mod:`hellsrummy.svg` at build time and written to ``_pictures/``
under the documentation's source directory (ignored by git, never committed); Sphinx then
copies each one into the build's ``_images/`` like any other image.

One directive, ``hellsrummy-picture``, whose argument says what to draw::

    .. hellsrummy-picture:: melds 4C 4D 4H / 2S 7H 8H
       :captions: a set | a run
       :highlights: | 8H
       :alt: ...

    .. hellsrummy-picture:: meld 2C 2D 7H
       :kind: run

    .. hellsrummy-picture:: hand 7H 7S 7D 4C 5C 6C 2H KD
       :sort: run
       :highlight: 4C 5C 6C 2H

    .. hellsrummy-picture:: game SEED PLAYERS DECISIONS [SEAT]
       :highlight: discards | next

``game`` plays that many decisions of a seeded game between GreedyBots (dealing the next
round when one ends) and draws the view of ``SEAT``, or the whole table when no seat is given;
``next`` highlights the move GreedyBot would make next. Every picture has a ``:name:`` (its
file name) or gets one from what it shows; ``:alt:`` is its text for screen readers.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import hellsrummy as hr
from hellsrummy.svg import pictures as svg

FOLDER = "_pictures"


def draw(what: str, options: dict[str, Any]) -> str:
    """The SVG text of a picture, from the directive's argument and options."""
    kind, _, rest = what.partition(" ")
    highlight = options.get("highlight")
    if kind == "meld":
        chosen = hr.MeldKind(options["kind"]) if "kind" in options else None
        marks = hr.cards(highlight or "")
        return svg.meld_svg(hr.cards(rest), kind=chosen, highlight=marks)
    if kind == "melds":
        melds = [hr.cards(part) for part in rest.split("/")]
        highlights = _split(options.get("highlights"))
        return svg.melds_svg(
            melds,
            captions=_split(options.get("captions")),
            highlights=None if highlights is None else [hr.cards(part) for part in highlights],
        )
    if kind == "hand":
        sort = options.get("sort", "set")
        return svg.hand_svg(
            hr.cards(rest),
            sort=None if sort == "none" else sort,
            highlight=hr.cards(highlight or ""),
            caption=options.get("caption"),
        )
    if kind == "game":
        seed, players, decisions, *seat = rest.split()
        state = _play(seed, int(players), int(decisions))
        marks: Any = highlight
        if highlight == "next":
            marks = hr.GreedyBot()(hr.view(state, state.current))
        if seat:
            return svg.view_svg(hr.view(state, int(seat[0])), highlight=marks)
        return svg.state_svg(state, highlight=marks)
    raise ValueError(f"unknown picture {what!r} (expected meld, melds, hand or game)")


def _split(text: str | None) -> list[str] | None:
    return None if text is None else [part.strip() for part in text.split("|")]


def _play(seed: str, players: int, decisions: int) -> hr.GameState:
    bot = hr.GreedyBot()
    state = hr.new_game(players, seed=seed)
    for _ in range(decisions):
        if state.phase is hr.Phase.GAME_OVER:
            break
        if state.phase is hr.Phase.ROUND_OVER:
            state = hr.next_round(state)
        else:
            state = hr.apply(state, bot(hr.view(state, state.current)))
    return state


class Picture(SphinxDirective):
    """``.. hellsrummy-picture:: WHAT``: a picture drawn by :mod:`hellsrummy.svg`."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "name": directives.unchanged,
        "alt": directives.unchanged,
        "captions": directives.unchanged,
        "highlights": directives.unchanged,
        "highlight": directives.unchanged,
        "kind": directives.unchanged,
        "sort": directives.unchanged,
        "caption": directives.unchanged,
        "width": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        what = " ".join(self.arguments[0].split())
        try:
            picture = draw(what, self.options)
        except ValueError as error:
            raise self.error(f"hellsrummy-picture {what!r}: {error}") from None
        digest = hashlib.sha256(f"{what} {sorted(self.options.items())}".encode()).hexdigest()
        name = self.options.get("name") or f"picture-{digest[:12]}"
        path = Path(self.env.srcdir) / FOLDER / f"{name}.svg"
        path.parent.mkdir(exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != picture:
            path.write_text(picture, encoding="utf-8")
        image = nodes.image(uri=f"/{FOLDER}/{name}.svg", alt=self.options.get("alt", what))
        if "width" in self.options:
            image["width"] = self.options["width"]
        image["classes"].append("hellsrummy-picture")
        return [image]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("hellsrummy-picture", Picture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
