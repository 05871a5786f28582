"""The house rules of the package's layout, read from the source with :mod:`ast` alone.

The package is a house of rooms: ``errors.py`` and the subpackages directly under
``src/hellsrummy``. The rooms stand in a one-way order (:data:`ROOMS`): a room may import
only rooms before it, so that no two modules and no two rooms import each other, not even
for types (``if TYPE_CHECKING:``) or from inside a function. The one exemption is a picture
method, ``_repr_svg_``, importing the pictures room (:data:`PICTURES`) lazily, the way
python-chess's ``Board._repr_svg_`` imports ``chess.svg``. A room keeps its private names
(``_name``) to itself; the house keeps few entries directly under the package, short modules,
and a docstring at the head of every package.

``python tests/test_house.py`` prints the room graph (each room and the rooms it imports).
"""

from __future__ import annotations

import ast
import itertools
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PACKAGE = "hellsrummy"
SOURCE = Path(__file__).resolve().parent.parent / "src" / PACKAGE
#: The rooms in their one-way order: each may import only the rooms before it.
ROOMS = (
    "errors",
    "deck",
    "contracts",
    "game",
    "views",
    "play",
    "moves",
    "data",
    "players",
    "svg",
    "rl",
    "openspiel",
)
#: The room a ``_repr_svg_`` method may import lazily, wherever it stands.
PICTURES = "svg"
PICTURE_METHOD = "_repr_svg_"
#: Entries directly under the package (modules and subpackages; not ``__init__.py``).
MAX_ENTRIES = 12
MAX_LINES = 500
#: The package's own ``__init__``: not a room, it gathers every room's public names.
FRONT = "(front)"


@dataclass(frozen=True)
class Import:
    """One module importing another (a ``from`` import of several submodules makes several)."""

    importer: str
    target: str
    names: tuple[str, ...]  # the names a ``from`` import takes from ``target``
    line: int
    where: str  # "module level", "a function" or "TYPE_CHECKING"
    picture: bool  # made inside a ``_repr_svg_`` method

    def describe(self) -> str:
        return f"{self.importer} line {self.line} ({self.where})"


@dataclass
class House:
    """The modules of a package and every import between them."""

    package: str
    root: Path
    modules: dict[str, Path]
    imports: list[Import] = field(default_factory=list)
    attributes: list[tuple[str, str, str, int]] = field(default_factory=list)

    def room(self, module: str) -> str:
        """The room of ``module``: its first name under the package (the front for the package)."""
        parts = module.split(".")
        return parts[1] if len(parts) > 1 else FRONT

    def exempt(self, item: Import, pictures: str) -> bool:
        return item.picture and self.room(item.target) == pictures

    def module_graph(self, pictures: str = PICTURES) -> dict[str, dict[str, list[Import]]]:
        """Each module and the modules it imports (with the imports), the exemption aside."""
        graph: dict[str, dict[str, list[Import]]] = {module: {} for module in self.modules}
        for item in self.imports:
            if not self.exempt(item, pictures):
                graph[item.importer].setdefault(item.target, []).append(item)
        return graph

    def room_graph(self, pictures: str = PICTURES) -> dict[str, dict[str, list[Import]]]:
        """Each room and the other rooms it imports (with the imports), the exemption aside."""
        graph: dict[str, dict[str, list[Import]]] = {}
        for module in self.modules:
            graph.setdefault(self.room(module), {})
        for item in self.imports:
            here, there = self.room(item.importer), self.room(item.target)
            if here != there and not self.exempt(item, pictures):
                graph[here].setdefault(there, []).append(item)
        return graph


def read_house(root: Path, package: str = PACKAGE) -> House:
    """Parse every module under ``root`` (the directory of ``package``)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    house = House(package, root, modules)
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        _Reader(house, module, path.name == "__init__.py").visit(tree)
    return house


class _Reader(ast.NodeVisitor):
    """Collects one module's imports of the package's modules, with where each is made."""

    def __init__(self, house: House, module: str, is_package: bool) -> None:
        self.house = house
        self.module = module
        self.base = module if is_package else module.rpartition(".")[0]
        self.functions: list[str] = []
        self.type_checking = False
        self.aliases: dict[str, str] = {}  # a name bound to a module of the package

    def where(self) -> str:
        if self.type_checking:
            return "TYPE_CHECKING"
        return "a function" if self.functions else "module level"

    def add(self, target: str, names: tuple[str, ...], node: ast.stmt) -> None:
        picture = PICTURE_METHOD in self.functions
        self.house.imports.append(
            Import(self.module, target, names, node.lineno, self.where(), picture)
        )

    def known(self, dotted: str) -> str | None:
        """The deepest module of the package that ``dotted`` names, if any."""
        while dotted and dotted not in self.house.modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            target = self.known(alias.name)
            if target is not None:
                self.add(target, (), node)
                bound = alias.asname or alias.name.partition(".")[0]
                self.aliases[bound] = target if alias.asname else alias.name.partition(".")[0]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.base.rsplit(".", node.level - 1)[0] if node.level > 1 else self.base
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        target = self.known(source)
        if target is None:
            return
        taken = []
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            if submodule in self.house.modules:
                self.add(submodule, (), node)
                self.aliases[alias.asname or alias.name] = submodule
            else:
                taken.append(alias.name)
        if taken or not node.names:
            self.add(target, tuple(taken), node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        """Note ``module.name`` read through a name bound to a module of the package."""
        chain = []
        value: ast.expr = node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in self.aliases:
            dotted = ".".join([self.aliases[value.id], *reversed(chain)])
            if dotted in self.house.modules:
                self.house.attributes.append((self.module, dotted, node.attr, node.lineno))
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
        if name != "TYPE_CHECKING":
            self.generic_visit(node)
            return
        self.visit(node.test)
        outer, self.type_checking = self.type_checking, True
        for statement in node.body:
            self.visit(statement)
        self.type_checking = outer
        for statement in node.orelse:
            self.visit(statement)


def cycles(graph: dict[str, dict[str, list[Import]]]) -> Iterator[tuple[list[str], set[str]]]:
    """One shortest cycle through each tangle of ``graph`` (a strongly connected part with a
    cycle), and the tangle's nodes.

    Each cycle is a list of nodes whose last is its first, started at the tangle's smallest.
    """
    for part in _strong_parts(graph):
        first = min(part)
        if len(part) == 1 and first not in graph[first]:
            continue
        paths = {first: [first]}
        queue = [first]
        for node in queue:  # breadth first, back to ``first`` within the part
            if first in graph[node]:
                yield [*paths[node], first], part
                break
            for following in sorted(graph[node]):
                if following in part and following not in paths:
                    paths[following] = [*paths[node], following]
                    queue.append(following)


def _strong_parts(graph: dict[str, dict[str, list[Import]]]) -> list[set[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    parts: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, following = work[-1]
            for nxt in following:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, {})))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    parts.append(part)
    return parts


def _cycle_reports(graph: dict[str, dict[str, list[Import]]]) -> list[str]:
    """``cycle: a -> b -> a``, then the imports that make each step, for each tangle."""
    reports = []
    for cycle, part in cycles(graph):
        lines = ["cycle: " + " -> ".join(cycle)]
        for here, there in itertools.pairwise(cycle):
            made = [item.describe() for item in graph[here][there]]
            more = f" and {len(made) - 3} more" if len(made) > 3 else ""
            lines.append(f"    {here} -> {there}: {', '.join(made[:3])}{more}")
        if len(part) > len(cycle) - 1:
            lines.append(f"    tangled with it: {', '.join(sorted(part - set(cycle)))}")
        reports.append("\n".join(lines))
    return reports


# The checks: each returns the problems it finds, one message each (none: the house is in order).


def module_cycles(house: House, pictures: str = PICTURES) -> list[str]:
    return _cycle_reports(house.module_graph(pictures))


def room_cycles(house: House, pictures: str = PICTURES) -> list[str]:
    return _cycle_reports(house.room_graph(pictures))


def order_problems(house: House, order: Sequence[str], pictures: str = PICTURES) -> list[str]:
    """Rooms missing from ``order`` (or named twice, or gone), and imports of later rooms.

    With none, every import between rooms points back along the order, so the room graph
    has no cycle: ``order`` is a topological order of it.
    """
    problems = []
    if len(set(order)) != len(order):
        problems.append(f"the order names a room twice: {list(order)}")
    graph = house.room_graph(pictures)
    rooms = set(graph) - {FRONT}
    if rooms != set(order):
        problems.append(
            f"the order and the rooms differ: not in the order {sorted(rooms - set(order))},"
            f" in the order but not found {sorted(set(order) - rooms)}"
        )
    rank = {room: number for number, room in enumerate(order)}
    rank[FRONT] = len(order)  # the front gathers every room: it comes after them all
    for room in sorted(graph, key=lambda room: rank.get(room, -1)):
        for later in sorted(graph[room], key=lambda room: rank.get(room, -1)):
            if room in rank and later in rank and rank[later] > rank[room]:
                made = ", ".join(f"{i.describe()} imports {i.target}" for i in graph[room][later])
                problems.append(f"{room} imports {later}, a later room: {made}")
    return problems


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(house: House) -> list[str]:
    """Private names (``_name``, not ``__dunder__``) one room takes from another's modules."""
    problems = []
    for item in house.imports:
        if house.room(item.importer) == house.room(item.target):
            continue
        inner = item.target.split(".")[1:]
        for name in [*item.names, *inner]:
            if _private(name):
                problems.append(f"{item.describe()} imports {name} from {item.target}")
    for importer, module, name, line in house.attributes:
        if house.room(importer) != house.room(module) and _private(name):
            problems.append(f"{importer} line {line} reads {name} of {module}")
    return problems


def crowded(root: Path, limit: int = MAX_ENTRIES) -> list[str]:
    """More than ``limit`` modules and subpackages directly under the package."""
    entries = sorted(
        path.name
        for path in root.iterdir()
        if (path.is_dir() and path.name != "__pycache__" and not path.name.startswith("."))
        or (path.suffix == ".py" and path.name != "__init__.py")
    )
    if len(entries) <= limit:
        return []
    return [f"{len(entries)} entries directly under {root.name} (at most {limit}): {entries}"]


def long_modules(house: House, limit: int = MAX_LINES) -> list[str]:
    problems = []
    for module, path in sorted(house.modules.items()):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            problems.append(f"{module} has {lines} lines (at most {limit})")
    return problems


def undocumented_packages(house: House) -> list[str]:
    problems = []
    for module, path in sorted(house.modules.items()):
        if path.name == "__init__.py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if not (ast.get_docstring(tree) or "").strip():
                problems.append(f"{module} (its __init__.py) does not open with a docstring")
    return problems


def room_graph_text(house: House) -> str:
    """The room graph for people: each room, in the order, and the rooms it imports."""
    graph = house.room_graph()
    rank = {room: number for number, room in enumerate((*ROOMS, FRONT))}
    lines = []
    for room in sorted(graph, key=lambda room: rank.get(room, -1)):
        imported = sorted(graph[room], key=lambda room: rank.get(room, -1))
        lines.append(f"{room} -> {', '.join(imported) if imported else '(nothing)'}")
    exempt = sorted(
        {f"{i.importer} -> {i.target}" for i in house.imports if house.exempt(i, PICTURES)}
    )
    if exempt:
        lines.append(f"exempt ({PICTURE_METHOD} imports of {PICTURES}): " + "; ".join(exempt))
    return "\n".join(lines)


# The house of the package itself.


@pytest.fixture(scope="module")
def house() -> House:
    return read_house(SOURCE)


def test_the_house_reads_every_module(house: House) -> None:
    assert f"{PACKAGE}.errors" in house.modules and f"{PACKAGE}.deck.cards" in house.modules
    assert len(house.imports) > 100


def test_no_two_modules_import_each_other(house: House) -> None:
    problems = module_cycles(house)
    assert not problems, "\n".join(problems)


def test_no_two_rooms_import_each_other(house: House) -> None:
    problems = room_cycles(house)
    assert not problems, "\n".join(problems)


def test_a_room_imports_only_rooms_before_it(house: House) -> None:
    problems = order_problems(house, ROOMS)
    assert not problems, "\n".join(problems)


def test_a_room_takes_no_private_name_from_another(house: House) -> None:
    problems = private_imports(house)
    assert not problems, "\n".join(problems)


def test_few_entries_directly_under_the_package() -> None:
    problems = crowded(SOURCE)
    assert not problems, "\n".join(problems)


def test_every_module_is_short(house: House) -> None:
    problems = long_modules(house)
    assert not problems, "\n".join(problems)


def test_every_package_opens_with_a_docstring(house: House) -> None:
    problems = undocumented_packages(house)
    assert not problems, "\n".join(problems)


# The checker itself, on small packages written for the purpose.


def toy(tmp_path: Path, files: dict[str, str]) -> House:
    """A package ``toy`` of ``files`` (path under it: source); each package gets a docstring."""
    root = tmp_path / "toy"
    for name, source in {"__init__.py": '"""Toy."""\n', **files}.items():
        path = root / name
        for parent in reversed(path.relative_to(tmp_path).parents[:-1]):
            init = tmp_path / parent / "__init__.py"
            if not init.exists():
                init.parent.mkdir(parents=True, exist_ok=True)
                init.write_text(f'"""The {parent.name} room."""\n')
        path.write_text(source)
    return read_house(root, "toy")


TOY_ROOMS = ("errors", "low", "high", "svg")


def test_the_checker_finds_a_cycle_of_modules_made_at_every_level(tmp_path: Path) -> None:
    house = toy(
        tmp_path,
        {
            "low/a.py": "from toy.low.b import B\nA = 1\n",
            "low/b.py": "def f():\n    from .a import A\n    return A\nB = 2\n",
            "low/c.py": "from . import d\n",
            "low/d.py": "import toy.low.c as c\n",
        },
    )
    assert module_cycles(house) == [
        "cycle: toy.low.a -> toy.low.b -> toy.low.a\n"
        "    toy.low.a -> toy.low.b: toy.low.a line 1 (module level)\n"
        "    toy.low.b -> toy.low.a: toy.low.b line 2 (a function)",
        "cycle: toy.low.c -> toy.low.d -> toy.low.c\n"
        "    toy.low.c -> toy.low.d: toy.low.c line 1 (module level)\n"
        "    toy.low.d -> toy.low.c: toy.low.d line 1 (module level)",
    ]
    assert room_cycles(house) == []  # all within one room


def test_the_checker_counts_type_checking_imports(tmp_path: Path) -> None:
    house = toy(
        tmp_path,
        {
            "errors.py": "class Oops(Exception):\n    pass\n",
            "low/a.py": (
                "from typing import TYPE_CHECKING\n"
                "from toy.errors import Oops\n"
                "if TYPE_CHECKING:\n"
                "    from toy.high.b import B\n"
            ),
            "high/b.py": "import toy.low.a\nB = toy.low.a\n",
        },
    )
    assert [problem.splitlines()[0] for problem in module_cycles(house)] == [
        "cycle: toy.high.b -> toy.low.a -> toy.high.b"
    ]
    assert "toy.low.a line 4 (TYPE_CHECKING)" in module_cycles(house)[0]
    assert [problem.splitlines()[0] for problem in room_cycles(house)] == [
        "cycle: high -> low -> high"
    ]
    order = order_problems(house, TOY_ROOMS[:3])
    assert order == [
        "low imports high, a later room: toy.low.a line 4 (TYPE_CHECKING) imports toy.high.b"
    ]


def test_the_checker_allows_a_lazy_picture_import_and_nothing_else(tmp_path: Path) -> None:
    picture_method = (
        "class Hand:\n"
        "    def _repr_svg_(self):\n"
        "        from toy.svg.pictures import picture\n"
        "        return picture(self)\n"
    )
    files = {
        "low/hand.py": picture_method,
        "svg/pictures.py": "from toy.low.hand import Hand\ndef picture(x):\n    return ''\n",
    }
    house = toy(tmp_path, files)
    assert module_cycles(house) == room_cycles(house) == []
    assert order_problems(house, ("low", "svg")) == []
    assert "low -> (nothing)" in room_graph_text(house).splitlines()
    # The same import in any other method, or of another room, is counted.
    files["low/hand.py"] = picture_method.replace("_repr_svg_", "_repr_html_")
    house = toy(tmp_path, files)
    assert module_cycles(house)[0].startswith("cycle: toy.low.hand -> toy.svg.pictures -> ")
    assert order_problems(house, ("low", "svg"))[0].startswith("low imports svg, a later room")
    files["low/hand.py"] = picture_method.replace("toy.svg.pictures", "toy.high.more")
    files["high/more.py"] = "from toy.low.hand import Hand\ndef picture(x):\n    return ''\n"
    house = toy(tmp_path, files)
    assert module_cycles(house)[0].startswith("cycle: toy.high.more -> toy.low.hand -> ")


def test_the_checker_finds_private_names_taken_across_rooms(tmp_path: Path) -> None:
    house = toy(
        tmp_path,
        {
            "low/a.py": "_SECRET = 1\n__version__ = '1'\ndef _helper():\n    pass\n",
            "low/b.py": "from .a import _SECRET\n",  # the same room: its own business
            "high/c.py": "from toy.low.a import _SECRET, __version__\n",
            "high/d.py": "from ..low import a\nX = a._helper()\nY = a.__name__\n",
            "high/e.py": "from toy.low import _kernel\n",
            "low/_kernel.py": "",
        },
    )
    assert private_imports(house) == [
        "toy.high.c line 1 (module level) imports _SECRET from toy.low.a",
        "toy.high.e line 1 (module level) imports _kernel from toy.low._kernel",
        "toy.high.d line 2 reads _helper of toy.low.a",
    ]


def test_the_checker_counts_entries_lines_and_docstrings(tmp_path: Path) -> None:
    files = {f"m{number}.py": "" for number in range(12)}
    files["room/long.py"] = "x = 1\n" * (MAX_LINES + 1)
    house = toy(tmp_path, files)
    root = tmp_path / "toy"
    entries = sorted([*(f"m{number}.py" for number in range(12)), "room"])
    assert crowded(root) == [f"13 entries directly under toy (at most 12): {entries}"]
    assert long_modules(house) == [f"toy.room.long has {MAX_LINES + 1} lines (at most 500)"]
    (root / "m0.py").unlink()
    (root / "room" / "long.py").write_text("x = 1\n" * MAX_LINES)
    house = read_house(root, "toy")
    assert crowded(root) == long_modules(house) == []
    assert undocumented_packages(house) == []
    (root / "room" / "__init__.py").write_text("# no docstring\nX = '''not one'''\n")
    assert undocumented_packages(read_house(root, "toy")) == [
        "toy.room (its __init__.py) does not open with a docstring"
    ]


def test_cycles_names_one_shortest_cycle_per_tangle() -> None:
    graph: dict[str, dict[str, list[Import]]] = {
        "a": {"b": [], "c": []},
        "b": {"a": [], "c": []},
        "c": {"d": []},
        "d": {"a": []},
        "e": {"e": []},
        "f": {"a": []},
    }
    assert sorted(cycles(graph)) == [(["a", "b", "a"], {"a", "b", "c", "d"}), (["e", "e"], {"e"})]
    assert _cycle_reports(graph) == [
        "cycle: a -> b -> a\n    a -> b: \n    b -> a: \n    tangled with it: c, d",
        "cycle: e -> e\n    e -> e: ",
    ]


if __name__ == "__main__":
    print(room_graph_text(read_house(SOURCE)))
    sys.exit(0)
