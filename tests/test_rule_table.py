"""The contributor page's table of where each rule is decided agrees with the code.

``docs/contributing.rst`` (section ``house-rules``) has a ``list-table`` with one row per
section of ``docs/rules.rst``: the section (``:ref:``), the modules that decide it (``:mod:``)
and the functions, classes and methods that do (``:func:``, ``:class:``, ``:meth:``, and
``literal`` names found in the row's modules). For every row this checks that each name exists,
that it is *defined* (not merely re-exported) in one of the row's modules under the name the
table gives it, and that each module stands in a room of the page's section ``house-rooms``.
The page is read as plain text: no Sphinx.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
CONTRIBUTING = DOCS / "contributing.rst"
RULES = DOCS / "rules.rst"
TABLE_LABEL = "house-rules"
ROOMS_LABEL = "house-rooms"
COLUMNS = ("Rules reference", "Module", "Decided by")
MIN_ROWS = 10

#: A role: ``:func:`~hellsrummy.card```, ``:ref:`the cards <rules-cards>```.
ROLE = re.compile(r":(?P<role>[\w:]+):`(?P<text>[^`]+)`")
#: An inline literal: ````cards````.
LITERAL = re.compile(r"``(?P<text>[^`]+)``")
#: The roles of "Decided by" that name something defined in a module, and how it is looked up.
OBJECT_ROLES = frozenset({"func", "class", "exc"})
METHOD_ROLES = frozenset({"meth"})
#: Roles whose target need only exist (nothing in the table uses them today).
OTHER_ROLES = frozenset({"attr", "data", "obj", "const"})


def role_target(text: str) -> str:
    """The target of a role's text: ``~a.b`` is ``a.b``, ``title <a.b>`` is ``a.b``."""
    explicit = re.fullmatch(r"(?s).*<(?P<target>[^<>]+)>\s*", text)
    target = explicit["target"] if explicit else text
    return target.strip().lstrip("~!").strip()


def section(lines: list[str], label: str) -> list[str]:
    """The lines of the section that ``.. _label:`` opens, up to the next label."""
    start = lines.index(f".. _{label}:")
    end = next(
        (i for i in range(start + 1, len(lines)) if re.match(r"\.\. _[\w-]+:\s*$", lines[i])),
        len(lines),
    )
    return lines[start + 1 : end]


def list_table(lines: list[str]) -> tuple[int, list[list[str]]]:
    """The header-row count and the rows (each a list of cells' text) of the first list-table."""
    start = next(i for i, line in enumerate(lines) if line.strip() == ".. list-table::")
    header_rows = 0
    rows: list[list[str]] = []
    row_indent = -1
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent == 0:
            break  # the directive's body ended
        stripped = line.strip()
        option = re.fullmatch(r":header-rows:\s*(\d+)", stripped)
        if option:
            header_rows = int(option[1])
        elif stripped.startswith(":") and not rows:
            continue  # another option (:widths:, ...)
        elif stripped.startswith("* - "):
            row_indent = indent
            rows.append([stripped[4:]])
        elif rows and indent == row_indent + 2 and stripped.startswith("- "):
            rows[-1].append(stripped[2:])
        elif rows and indent > row_indent + 2:
            rows[-1][-1] += " " + stripped
        else:
            raise ValueError(f"unexpected line in the list-table: {line!r}")
    return header_rows, rows


@dataclass(frozen=True)
class Row:
    """One row of the table, its cells as written."""

    reference: str
    module: str
    decided_by: str

    @property
    def labels(self) -> list[str]:
        """The ``:ref:`` labels of the first cell."""
        return [role_target(m["text"]) for m in ROLE.finditer(self.reference) if m["role"] == "ref"]

    @property
    def name(self) -> str:
        """How failures name the row: its rules reference."""
        return ", ".join(self.labels) or self.reference

    @property
    def modules(self) -> list[str]:
        """The modules of the "Module" cell."""
        return [role_target(m["text"]) for m in ROLE.finditer(self.module) if m["role"] == "mod"]

    def names(self) -> Iterator[tuple[str, str]]:
        """Each ``(role, target)`` of "Decided by"; a literal identifier comes as ``("literal",
        name)``. Cross-references to modules (``:mod:``) are commentary and left out."""
        for m in ROLE.finditer(self.decided_by):
            if m["role"] != "mod":
                yield m["role"], role_target(m["text"])
        for m in LITERAL.finditer(ROLE.sub("", self.decided_by)):
            if m["text"].isidentifier():
                yield "literal", m["text"]


def read_table() -> tuple[list[str], list[Row]]:
    """The header and the rows of the table in ``docs/contributing.rst``."""
    lines = section(CONTRIBUTING.read_text(encoding="utf-8").splitlines(), TABLE_LABEL)
    header_rows, cells = list_table(lines)
    if header_rows != 1:
        raise ValueError(f"the table of {TABLE_LABEL} should have one header row")
    header, *body = cells
    where = [header.index(column) for column in COLUMNS]
    return header, [Row(*(cells[i] for i in where)) for cells in body]


def read_rooms() -> list[str]:
    """The rooms the page lists (``* :mod:`hellsrummy.x` — ...``) in section ``house-rooms``."""
    lines = section(CONTRIBUTING.read_text(encoding="utf-8").splitlines(), ROOMS_LABEL)
    return [m[1] for line in lines if (m := re.match(r"\* :mod:`~?([\w.]+)`", line.strip()))]


def rules_labels() -> set[str]:
    """The section labels of ``docs/rules.rst``."""
    return set(re.findall(r"^\.\. _([\w-]+):\s*$", RULES.read_text(encoding="utf-8"), re.M))


HEADER, ROWS = read_table()
ROOMS = read_rooms()


def given_name(obj: Any) -> str | None:
    """The name ``obj`` was defined under (a property's getter's), if it has one."""
    if isinstance(obj, property) and obj.fget is not None:
        obj = obj.fget
    name = getattr(obj, "__name__", None)
    return name if isinstance(name, str) else None


def defining_class(cls: type, attribute: str) -> type | None:
    """The class of ``cls``'s MRO that defines ``attribute`` itself."""
    return next((k for k in cls.__mro__ if attribute in vars(k)), None)


def problems_of_name(row: Row, role: str, target: str) -> list[str]:
    """What is wrong with one name of "Decided by" (nothing, if it is right)."""
    where = f"row {row.name!r}, {role} {target!r}"
    modules = row.modules
    if role == "literal":
        holders = [vars(importlib.import_module(module)) for module in modules]
        found = [names[target] for names in holders if target in names]
        if not found:
            return [f"{where}: none of the row's modules {modules} has it"]
        obj = found[0]
        home = getattr(obj, "__module__", None)
        if home not in modules:
            return [f"{where}: defined in {home}, not in the row's modules {modules}"]
        if given_name(obj) not in (None, target):
            return [f"{where}: an alias of {given_name(obj)!r} (defined in {home})"]
        return []
    if role in METHOD_ROLES:
        owner_path, _, attribute = target.rpartition(".")
        try:
            owner = pkgutil.resolve_name(owner_path)
        except (ImportError, AttributeError) as error:
            return [f"{where}: its class {owner_path!r} does not exist ({error})"]
        if not isinstance(owner, type):
            return [f"{where}: {owner_path!r} is not a class"]
        cls = defining_class(owner, attribute)
        if cls is None:
            return [f"{where}: {owner_path!r} has no attribute {attribute!r}"]
        problems = []
        if cls.__module__ not in modules:
            problems.append(
                f"{where}: defined on {cls.__module__}.{cls.__qualname__}, not in the row's"
                f" modules {modules}"
            )
        if owner.__name__ != owner_path.rpartition(".")[2]:
            problems.append(f"{where}: its class is an alias of {owner.__name__!r}")
        name = given_name(vars(cls)[attribute])
        if name not in (None, attribute):
            problems.append(f"{where}: an alias of {name!r}")
        return problems
    try:
        obj = pkgutil.resolve_name(target)
    except (ImportError, AttributeError) as error:
        return [f"{where}: does not exist ({error})"]
    if role not in OBJECT_ROLES:
        return []
    problems = []
    home = getattr(obj, "__module__", None)
    if home not in modules:
        problems.append(f"{where}: defined in {home}, not in the row's modules {modules}")
    name = given_name(obj)
    if name != target.rpartition(".")[2]:
        problems.append(f"{where}: an alias of {name!r} (defined in {home})")
    return problems


def test_the_table_has_its_columns_and_enough_rows() -> None:
    assert list(COLUMNS) == HEADER, f"the table's header is {HEADER}, not {list(COLUMNS)}"
    assert len(ROWS) >= MIN_ROWS, f"the table has {len(ROWS)} rows, fewer than {MIN_ROWS}"


def test_the_page_lists_the_rooms() -> None:
    assert "hellsrummy.errors" in ROOMS and len(ROOMS) >= 5, f"rooms read: {ROOMS}"


def test_every_section_of_the_rules_page_has_a_row() -> None:
    referenced = {label for row in ROWS for label in row.labels}
    missing = sorted(label for label in rules_labels() if label not in referenced)
    assert not missing, f"sections of docs/rules.rst with no row in the table: {missing}"


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_each_rule_is_decided_where_the_table_says(row: Row) -> None:
    problems: list[str] = []
    if not row.labels:
        problems.append(f"row {row.reference!r}: no :ref: to a section of docs/rules.rst")
    labels = rules_labels()
    for label in row.labels:
        if label not in labels:
            problems.append(f"row {row.name!r}: {label!r} is no section label of docs/rules.rst")
    if not row.modules:
        problems.append(f"row {row.name!r}: the Module cell names no :mod:")
    for module in row.modules:
        try:
            importlib.import_module(module)
        except ImportError as error:
            problems.append(f"row {row.name!r}, module {module!r}: cannot be imported ({error})")
            continue
        if not any(module == room or module.startswith(room + ".") for room in ROOMS):
            problems.append(
                f"row {row.name!r}, module {module!r}: in none of the rooms of {ROOMS_LABEL}"
            )
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    names = list(row.names())
    if not names:
        problems.append(f"row {row.name!r}: Decided by names nothing")
    for role, target in names:
        if role not in OBJECT_ROLES | METHOD_ROLES | OTHER_ROLES | {"literal"}:
            problems.append(f"row {row.name!r}, {role} {target!r}: a role this test cannot check")
        else:
            problems.extend(problems_of_name(row, role, target))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
