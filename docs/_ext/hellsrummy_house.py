"""A Sphinx directive that draws the package's rooms and the imports between them.

The picture is worked out at build time from the source, so it stays true: every module
under the package's directory is parsed with :mod:`ast` (nothing is imported) and every
import of one of the package's modules is collected, at module level, inside functions and
under ``if TYPE_CHECKING:`` alike. A *room* is the first name under the package
(``errors`` or a subpackage such as ``deck``); the package's own ``__init__`` gathers the
public names and is no room. The one exemption is a picture method, ``_repr_svg_``, which
may import the pictures room (``svg``) when it is called; such imports are left out.

The picture is drawn with :mod:`hellsrummy.svg.drawing` (its text, layout and document
primitives) and written to ``_pictures/`` like the pictures of :mod:`hellsrummy_pictures`::

    .. hellsrummy-house:: errors deck contracts game views play moves data players svg rl
       :name: house
       :alt: ...

The argument is the rooms' one-way order, lowest first. The rooms are drawn top to bottom
from the last to the first, each box listing its modules. Every room imported by another has
a coloured line on the right that runs down to it and ends in an arrow; the rooms that
import it join that line with a dot (a line crossing without a dot is no import). An import
against the order would be drawn in red on the left, and is reported as a warning, as is a
room the order leaves out or names but the source lacks.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import hellsrummy
from hellsrummy.svg.drawing import INK, MUTED, Block, document, num, text

FOLDER = "_pictures"
PACKAGE = "hellsrummy"
SOURCE = Path(hellsrummy.__file__).resolve().parent
PICTURES = "svg"
PICTURE_METHOD = "_repr_svg_"

logger = logging.getLogger(__name__)


# Reading the source.


@dataclass
class House:
    """The package's modules, by room, and the imports between rooms (room -> rooms)."""

    modules: dict[str, Path]
    rooms: dict[str, list[str]] = field(default_factory=dict)  # room -> its module names
    imports: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # where, by pair

    def room(self, module: str) -> str | None:
        """The room of a module of the package (``None`` for the package itself)."""
        parts = module.split(".")
        return parts[1] if len(parts) > 1 else None


def read_house(root: Path = SOURCE, package: str = PACKAGE) -> House:
    """Every module under ``root`` and the imports between its rooms."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    house = House(modules)
    for module, path in modules.items():
        room = house.room(module)
        if room is None:
            continue
        members = house.rooms.setdefault(room, [])
        if len(module.split(".")) > 2 and path.name != "__init__.py":
            members.append(module.rsplit(".", 1)[1])
        house.imports.setdefault(room, {})
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        _Reader(house, module, room, path).visit(tree)
    return house


class _Reader(ast.NodeVisitor):
    """Collects one module's imports of other rooms, wherever in the module they are made."""

    def __init__(self, house: House, module: str, room: str, path: Path) -> None:
        self.house = house
        self.room = room
        self.path = path
        self.base = module if path.name == "__init__.py" else module.rpartition(".")[0]
        self.functions: list[str] = []

    def known(self, dotted: str) -> str | None:
        """The deepest module of the package that ``dotted`` names, if any."""
        while dotted and dotted not in self.house.modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def add(self, target: str, node: ast.stmt) -> None:
        there = self.house.room(target)
        if there is None or there == self.room:
            return
        if PICTURE_METHOD in self.functions and there == PICTURES:
            return  # a picture method imports the pictures when it is called
        where = f"{self.path.relative_to(SOURCE.parent)}:{node.lineno}"
        self.house.imports[self.room].setdefault(there, []).append(where)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            target = self.known(alias.name)
            if target is not None:
                self.add(target, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.base.rsplit(".", node.level - 1)[0] if node.level > 1 else self.base
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        target = self.known(source)
        if target is None:
            return
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            self.add(submodule if submodule in self.house.modules else target, node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef


def problems(house: House, order: list[str]) -> list[str]:
    """What the picture shows against the order: rooms it lacks or misses, later imports."""
    found: list[str] = []
    rooms = set(house.rooms)
    if rooms - set(order):
        found.append(f"rooms not in the order: {sorted(rooms - set(order))}")
    if set(order) - rooms:
        found.append(f"rooms in the order but not in the source: {sorted(set(order) - rooms)}")
    rank = {room: number for number, room in enumerate(order)}
    for room, targets in house.imports.items():
        for target, where in targets.items():
            if rank.get(target, -1) > rank.get(room, -1):
                found.append(f"{room} imports {target}, a later room ({', '.join(where)})")
    return found


# Drawing.

#: The colours of the rooms' lines, one per room imported (dark enough for white and print).
COLOURS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#8a6d00",
    "#56b4e9",
    "#7b3294",
    "#e69f00",
    "#1b9e77",
    "#666666",
)
AGAINST = "#c4122f"
TITLE_SIZE = 15
LINE_SIZE = 12
PAD = 12
BOX_HEIGHT = 50
ROW_GAP = 22
IN_AT = 16  # where an arrow enters a box, from its top
OUT_AT = 36  # where a room's imports leave its box, from its top
LANE = 22  # between two rooms' lines
HEAD = 8  # an arrowhead's length


def _width(content: str, size: float, bold: bool = False) -> float:
    return len(content) * size * (0.63 if bold else 0.56)


def _arrow(x: float, y: float, colour: str, pointing: int = -1) -> str:
    """An arrowhead whose tip is at ``(x, y)``, pointing left (-1) or right (1)."""
    back = x - pointing * HEAD
    return (
        f'<path d="M{num(x)},{num(y)} L{num(back)},{num(y - 4.5)} L{num(back)},{num(y + 4.5)} Z"'
        f' fill="{colour}"/>'
    )


def _line(points: list[tuple[float, float]], colour: str, width: float = 2) -> str:
    path = " L".join(f"{num(x)},{num(y)}" for x, y in points)
    return (
        f'<path d="M{path}" fill="none" stroke="{colour}" stroke-width="{num(width)}"'
        ' stroke-linejoin="round"/>'
    )


def draw(house: House, order: list[str]) -> str:
    """The SVG text of the rooms, latest first, and their imports."""
    rank = {room: number for number, room in enumerate(order)}
    rows = sorted(house.rooms, key=lambda room: (-rank.get(room, len(order)), room))
    row = {room: number for number, room in enumerate(rows)}
    titles = {room: f"{PACKAGE}.{room}" for room in rows}
    lines = {
        room: " · ".join(sorted(house.rooms[room])) if house.rooms[room] else "one module"
        for room in rows
    }
    box_width = PAD * 2 + max(
        max(_width(titles[room], TITLE_SIZE, True), _width(lines[room], LINE_SIZE)) for room in rows
    )
    against = [
        (room, target)
        for room in rows
        for target in house.imports[room]
        if target in row and row[target] < row[room]
    ]
    left = (len(against) * LANE + LANE) if against else 0

    def top(room: str) -> float:
        return row[room] * (BOX_HEIGHT + ROW_GAP)

    # The lanes: one per room imported, the nearest room's innermost.
    imported = sorted(
        {target for room in rows for target in house.imports[room] if target in row},
        key=lambda room: row[room],
    )
    colour = {room: COLOURS[number % len(COLOURS)] for number, room in enumerate(imported)}
    lane_x = {room: left + box_width + LANE * (number + 1) for number, room in enumerate(imported)}
    parts: list[str] = []

    # The boxes.
    for room in rows:
        y = top(room)
        accent = colour.get(room, MUTED)
        parts.append(
            f'<g class="room" data-room="{room}">'
            f'<rect x="{num(left + 0.5)}" y="{num(y + 0.5)}" width="{num(box_width - 1)}"'
            f' height="{BOX_HEIGHT - 1}" rx="5" fill="#f7f7f7" stroke="{MUTED}"/>'
            f'<rect x="{num(left + 0.5)}" y="{num(y + 0.5)}" width="5" height="{BOX_HEIGHT - 1}"'
            f' fill="{accent}"/>'
            + text(left + PAD, y + 20, titles[room], TITLE_SIZE, weight="bold")
            + text(left + PAD, y + 39, lines[room], LINE_SIZE, fill=MUTED)
            + "</g>"
        )

    # Each imported room's line: from its first importer down to an arrow into its box.
    for target in imported:
        importers = [room for room in rows if target in house.imports[room]]
        downward = [room for room in importers if row[room] < row[target]]
        if not downward:
            continue
        x = lane_x[target]
        start = top(downward[0]) + OUT_AT
        end = top(target) + IN_AT
        parts.append(_line([(x, start), (x, end), (left + box_width + 1, end)], colour[target]))
        parts.append(_arrow(left + box_width + 1, end, colour[target]))

    # Each room's imports: a line out of its box across the lanes, a dot where it joins one.
    for room in rows:
        targets = [t for t in house.imports[room] if t in row and row[t] > row[room]]
        if not targets:
            continue
        y = top(room) + OUT_AT
        far = max(lane_x[t] for t in targets)
        start = left + box_width
        parts.append(_line([(start, y), (far, y)], "#ffffff", 7))
        parts.append(_line([(start, y), (far, y)], INK, 1.6))
        for target in targets:
            parts.append(
                f'<circle cx="{num(lane_x[target])}" cy="{num(y)}" r="4.5"'
                f' fill="{colour[target]}" stroke="#ffffff" stroke-width="1"/>'
            )

    # Imports against the order, if any: red, on the left.
    for number, (room, target) in enumerate(against):
        x = left - LANE * (number + 1)
        start, end = top(room) + OUT_AT, top(target) + IN_AT
        parts.append(_line([(left, start), (x, start), (x, end), (left - 1, end)], AGAINST))
        parts.append(_arrow(left - 1, end, AGAINST, 1))

    height = len(rows) * (BOX_HEIGHT + ROW_GAP) - ROW_GAP
    width = max(lane_x.values(), default=left + box_width) + LANE / 2
    legend_y = height + 22
    legend = [
        text(
            left,
            legend_y,
            "Imports should point down; the red ones do not."
            if against
            else "Each room imports only the rooms below it.",
            12,
            fill=INK,
        ),
        text(
            left,
            legend_y + 17,
            "A dot: the room on that row imports the room the coloured line leads to.",
            LINE_SIZE,
            fill=MUTED,
        ),
        text(
            left,
            legend_y + 32,
            "A line crossing without a dot is no import.",
            LINE_SIZE,
            fill=MUTED,
        ),
    ]
    if against:
        legend.append(
            text(left, legend_y + 47, "Red: an import of a later room.", LINE_SIZE, fill=AGAINST)
        )
    body = Block("".join(parts + legend), width, legend_y + (47 if against else 32) + 4)
    names = ", ".join(titles[room] for room in rows)
    return document(body, title=f"The rooms of {PACKAGE}, latest first: {names}", margin=10)


class HouseDirective(SphinxDirective):
    """``.. hellsrummy-house:: ROOM ...``: the rooms, in that order, and their imports."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {
        "name": directives.unchanged,
        "alt": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        order = self.arguments[0].split()
        house = read_house()
        for path in house.modules.values():
            self.env.note_dependency(str(path))
        for problem in problems(house, order):
            logger.warning(f"hellsrummy-house: {problem}", location=self.get_location())
        picture = draw(house, order)
        name = self.options.get("name", "house")
        path = Path(self.env.srcdir) / FOLDER / f"{name}.svg"
        path.parent.mkdir(exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != picture:
            path.write_text(picture, encoding="utf-8")
        alt = self.options.get("alt", f"The rooms of {PACKAGE} and the imports between them.")
        image = nodes.image(uri=f"/{FOLDER}/{name}.svg", alt=alt)
        image["classes"].append("hellsrummy-picture")
        return [image]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("hellsrummy-house", HouseDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
