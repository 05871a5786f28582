"""The documentation's Python examples run as a reader copies them.

Every Python block of the pages (``docs/*.rst``) and of ``README.md`` is found here: doctest
blocks (``>>>`` lines with their ``...`` continuations and expected output, in a
``.. doctest::`` directive or as a plain paragraph) and ``.. code-block:: python`` blocks
(fenced `` ```python `` blocks in the README). Shell and text blocks (``console``, ``sh``,
``bash``, ``text``, ``::`` literal blocks) are not Python and are not run. Two checks:

* **A block alone.** A block with an import line of its own (``import x`` or ``from x import
  y`` at its top level) is what a reader copies on its own, so it runs alone in a fresh
  interpreter: it must not lean on a name that an earlier block defined.
* **A page top-down.** All the blocks of a page run in order in one fresh interpreter, one
  namespace, with no hidden set-up: no ``.. testsetup::`` on a page (``docs/api.rst`` is
  exempt: its set-up serves the docstrings of the API reference) and no
  ``doctest_global_setup`` in ``docs/conf.py``.

Doctest blocks run as doctests (``doctest.DocTestParser`` and ``doctest.DocTestRunner``), so
their expected output is checked too, with the option flags Sphinx's doctest builder uses
(``doctest_default_flags``, which ``docs/conf.py`` sets). Each run is
a subprocess of ``sys.executable`` whose working directory (and ``TMPDIR``) is a fresh temporary
directory, so a block that writes a file writes it there. Failures are named ``page:line``, the
line of the block's directive (or of its first ``>>>``) in the page's source.

**Blocks that cannot run in a test** (a cluster's address, a long training run, a server, a
notebook) are marked in the source by a comment, the last non-blank line before the block:

* in an rst page, ``.. not-run: <why>`` (an rst comment: it shows nowhere), e.g.
  ``.. not-run: needs a Dask scheduler at its address``;
* in ``README.md``, ``<!-- not-run: <why> -->``.

A marked block is skipped, alone and in its page's run; ``NOT_RUN`` below lists every mark, so
that a new one is a conscious change. A block whose imports need an extra that is not
installed (numpy for the ``rl`` extra, say) is skipped with the module named.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.glob("*.rst")), ROOT / "README.md"]

#: Pages whose ``testsetup`` is not hidden set-up of their examples.
SETUP_EXEMPT = {"docs/api.rst"}

#: Every block marked not to run: (page, the mark's reason). A new mark is added here too.
NOT_RUN = {
    ("docs/bots.rst", "needs a Dask scheduler at its address"),
    ("docs/pictures.rst", "needs IPython, in a notebook"),
    ("docs/rl.rst", "trains for ten minutes and needs the train extra (PyTorch)"),
}

PYTHON_LANGUAGES = {"python", "python3", "py", "pycon"}
DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?P<name>[\w:-]+)::\s*(?P<arg>.*)$")
EXPLICIT = re.compile(r"^\s*\.\.(\s|$)")
RST_MARK = re.compile(r"^\s*\.\.\s+not-run:\s*(?P<why>\S.*?)\s*$")
MD_MARK = re.compile(r"^\s*<!--\s*not-run:\s*(?P<why>.+?)\s*-->\s*$")
OPTION = re.compile(r"^\s*:(?P<name>[\w-]+):(?P<value>.*)$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)")


@dataclass(frozen=True)
class Block:
    """A Python block of a page."""

    page: str  # relative to the repository, with '/'
    line: int  # the directive's (or first '>>>' line's, or the fence's) line, from 1
    first: int  # the line of the block's first source line, from 1
    kind: str  # "doctest" or "code"
    source: str  # dedented
    not_run: str | None = None  # the mark's reason
    flags_on: int = 0  # a doctest directive's :options:
    flags_off: int = 0

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"

    def statements(self) -> list[ast.stmt]:
        """The block's top-level statements (of every example, for a doctest)."""
        if self.kind == "code":
            return ast.parse(self.source).body
        found: list[ast.stmt] = []
        for example in doctest.DocTestParser().get_examples(self.source):
            found += ast.parse(example.source).body
        return found

    def imports(self) -> list[str]:
        """The modules the block's top-level import lines name."""
        modules = []
        for statement in self.statements():
            if isinstance(statement, ast.Import):
                modules += [alias.name for alias in statement.names]
            elif (
                isinstance(statement, ast.ImportFrom)
                and statement.level == 0
                and statement.module not in (None, "__future__")
            ):
                modules.append(str(statement.module))
        return modules


@dataclass(frozen=True)
class Setup:
    """A ``testsetup`` or ``testcleanup`` directive of a page."""

    page: str
    line: int


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _body_end(lines: list[str], start: int, indent: int) -> int:
    """The index after the indented body that follows line ``start`` (its blank tail excluded)."""
    end = start + 1
    last = start
    while end < len(lines):
        if lines[end].strip():
            if _indent(lines[end]) <= indent:
                break
            last = end
        end += 1
    return last + 1


def _mark_before(lines: list[str], index: int, pattern: re.Pattern[str]) -> str | None:
    """The reason of a not-run mark on the last non-blank line before ``index``, if any."""
    before = index - 1
    while before >= 0 and not lines[before].strip():
        before -= 1
    found = pattern.match(lines[before]) if before >= 0 else None
    return found["why"] if found else None


def _directive_body(lines: list[str], start: int, end: int) -> tuple[int, str, dict[str, str]]:
    """The first line (from 1), dedented text and options of a directive's body."""
    body = start + 1
    options: dict[str, str] = {}
    while body < end and not lines[body].strip():
        body += 1
    while body < end and (option := OPTION.match(lines[body])):
        options[option["name"]] = option["value"].strip()
        body += 1
    while body < end and not lines[body].strip():
        body += 1
    return body + 1, textwrap.dedent("\n".join(lines[body:end])) + "\n", options


def _flags(options: str) -> tuple[int, int]:
    """The flags a doctest directive's ``:options:`` turns on and off."""
    on = off = 0
    for option in filter(None, re.split(r"[\s,]+", options)):
        flag = doctest.OPTIONFLAGS_BY_NAME[option[1:]]
        if option.startswith("+"):
            on |= flag
        else:
            off |= flag
    return on, off


def rst_blocks(text: str, page: str) -> tuple[list[Block], list[Setup], list[int]]:
    """The Python blocks, set-up directives and not-run marks (their lines) of an rst page."""
    lines = text.splitlines()
    blocks: list[Block] = []
    setups: list[Setup] = []
    marks: list[int] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        directive = DIRECTIVE.match(line)
        if directive:
            name, arg = directive["name"], directive["arg"].strip().lower()
            end = _body_end(lines, index, len(directive["indent"]))
            if name in ("doctest", "testcode") or (
                name in ("code-block", "code", "sourcecode") and arg in PYTHON_LANGUAGES
            ):
                first, source, options = _directive_body(lines, index, end)
                kind = "code" if name == "testcode" else "doctest"
                if name != "doctest" and not source.lstrip().startswith(">>>"):
                    kind = "code"
                why = _mark_before(lines, index, RST_MARK)
                on, off = _flags(options.get("options", ""))
                blocks.append(Block(page, index + 1, first, kind, source, why, on, off))
                index = end
                continue
            if name in ("testsetup", "testcleanup"):
                setups.append(Setup(page, index + 1))
                index = end
                continue
            if name in ("code-block", "code", "sourcecode", "testoutput", "raw", "math"):
                index = end  # not Python, or not code at all
                continue
            index += 1  # other directives (note, glossary, list-table...): read their body
            continue
        if EXPLICIT.match(line):  # a comment, a target, a footnote: skip its body
            if RST_MARK.match(line):
                marks.append(index + 1)
            index = _body_end(lines, index, _indent(line))
            continue
        if line.rstrip().endswith("::"):  # a literal block follows: shell or text, not run
            indent = _indent(line)
            after = index + 1
            while after < len(lines) and not lines[after].strip():
                after += 1
            if after < len(lines) and _indent(lines[after]) > indent:
                index = _body_end(lines, after - 1, indent)
                continue
        if line.lstrip().startswith(">>>") and (index == 0 or not lines[index - 1].strip()):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            source = textwrap.dedent("\n".join(lines[index:end])) + "\n"
            why = _mark_before(lines, index, RST_MARK)
            blocks.append(Block(page, index + 1, index + 1, "doctest", source, why))
            index = end
            continue
        index += 1
    return blocks, setups, marks


def markdown_blocks(text: str, page: str) -> tuple[list[Block], list[int]]:
    """The fenced Python blocks and the not-run marks (their lines) of a Markdown page."""
    lines = text.splitlines()
    blocks: list[Block] = []
    marks = [number + 1 for number, line in enumerate(lines) if MD_MARK.match(line)]
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if not fence:
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence["fence"]):
            end += 1
        if fence["lang"].lower() in PYTHON_LANGUAGES:
            source = textwrap.dedent("\n".join(lines[index + 1 : end])) + "\n"
            kind = "doctest" if source.lstrip().startswith(">>>") else "code"
            why = _mark_before(lines, index, MD_MARK)
            blocks.append(Block(page, index + 1, index + 2, kind, source, why))
        index = end + 1
    return blocks, marks


@cache
def page_contents(path: Path) -> tuple[tuple[Block, ...], tuple[Setup, ...], tuple[int, ...]]:
    """The blocks, set-up directives and marks of a page."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        blocks, marks = markdown_blocks(text, _relative(path))
        return tuple(blocks), (), tuple(marks)
    blocks, setups, marks = rst_blocks(text, _relative(path))
    return tuple(blocks), tuple(setups), tuple(marks)


def all_blocks() -> list[Block]:
    return [block for page in PAGES for block in page_contents(page)[0]]


def _conf_values() -> dict[str, object]:
    """The literal values docs/conf.py assigns (the names Sphinx's doctest builder reads)."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    values: dict[str, object] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name) and target.id.startswith("doctest_"):
                expression = ast.Expression(statement.value)
                names = dict(doctest.OPTIONFLAGS_BY_NAME)
                values[target.id] = eval(
                    compile(expression, "conf.py", "eval"), {"doctest": doctest, **names}
                )
    return values


@cache
def option_flags() -> int:
    """The option flags of Sphinx's doctest builder for these pages (docs/conf.py sets them)."""
    flags = _conf_values()["doctest_default_flags"]
    assert isinstance(flags, int), "docs/conf.py sets doctest_default_flags to doctest's flags"
    return flags


# The program each subprocess runs: the blocks of its payload (stdin, JSON) in order, in one
# namespace; a doctest's failures are printed with the page's line numbers, and the exit
# status is 1 at the first failing block.
RUNNER = r"""
import doctest, json, sys, traceback
payload = json.load(sys.stdin)
namespace = {"__name__": "__main__"}
for block in payload["blocks"]:
    name = block["page"] + ":" + str(block["line"])
    if block["kind"] == "doctest":
        test = doctest.DocTestParser().get_doctest(
            block["source"], namespace, name, block["page"], block["first"] - 1
        )
        test.globs = namespace  # get_doctest copies it: the page's blocks share one
        report = []
        runner = doctest.DocTestRunner(optionflags=block["flags"], verbose=False)
        result = runner.run(test, out=report.append, clear_globs=False)
        if result.failed:
            print(f"{name}: {result.failed} of {result.attempted} examples failed")
            print("".join(report))
            sys.exit(1)
    else:
        source = "\n" * (block["first"] - 1) + block["source"]
        try:
            exec(compile(source, block["page"], "exec"), namespace)
        except BaseException:
            print(f"{name}: the block raised")
            traceback.print_exc(file=sys.stdout)
            sys.exit(1)
print("ok")
"""


def run_blocks(blocks: list[Block], where: Path) -> subprocess.CompletedProcess[str]:
    """Run ``blocks`` in order in one fresh interpreter, in the folder ``where``."""
    payload = {
        "blocks": [
            {
                "page": block.page,
                "line": block.line,
                "first": block.first,
                "kind": block.kind,
                "source": block.source,
                "flags": (option_flags() | block.flags_on) & ~block.flags_off,
            }
            for block in blocks
        ],
    }
    environment = {**os.environ, "TMPDIR": str(where), "MPLBACKEND": "Agg"}
    environment.pop("PYTHONSTARTUP", None)
    return subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=where,
        env=environment,
        timeout=900,  # a guard against a hang, not a measure
        check=False,
    )


@cache
def _missing(module: str) -> str | None:
    """The module that cannot be imported when ``module`` is, or None."""
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        return error.name or module
    return None


def skip_without_extras(blocks: list[Block]) -> None:
    """Skip the test when a module the blocks import needs something not installed."""
    for block in blocks:
        for module in block.imports():
            missing = _missing(module)
            if missing is not None:
                pytest.skip(f"{block.name} imports {module}, which needs {missing} (an extra)")


def assert_ran(done: subprocess.CompletedProcess[str], what: str) -> None:
    if done.returncode != 0:
        pytest.fail(f"{what} failed:\n{done.stdout}\n{done.stderr}", pytrace=False)


ALONE = [block for block in all_blocks() if block.imports() and block.not_run is None]
RUNNABLE_PAGES = [
    page for page in PAGES if any(block.not_run is None for block in page_contents(page)[0])
]


@pytest.mark.parametrize("block", ALONE, ids=lambda block: block.name)
def test_a_block_with_its_own_imports_runs_alone(block: Block, tmp_path: Path) -> None:
    skip_without_extras([block])
    assert_ran(run_blocks([block], tmp_path), f"{block.name}, run alone,")


@pytest.mark.parametrize("page", RUNNABLE_PAGES, ids=_relative)
def test_a_page_runs_top_down(page: Path, tmp_path: Path) -> None:
    blocks = [block for block in page_contents(page)[0] if block.not_run is None]
    skip_without_extras(blocks)
    assert_ran(run_blocks(blocks, tmp_path), f"{_relative(page)}, run top-down,")


def test_the_blocks_marked_not_to_run_are_the_expected_ones() -> None:
    marked = {(block.page, block.not_run) for block in all_blocks() if block.not_run}
    assert marked == NOT_RUN


def test_a_block_not_run_is_still_python() -> None:
    """A marked block is not run, but it parses: a typo in it shows here."""
    for block in all_blocks():
        if block.not_run:
            assert block.statements(), block.name


def test_every_not_run_mark_is_right_before_a_block() -> None:
    for page in PAGES:
        blocks, _, marks = page_contents(page)
        lines = page.read_text(encoding="utf-8").splitlines()
        for mark in marks:
            following = [block for block in blocks if block.line > mark]
            assert following, f"{_relative(page)}:{mark}: a not-run mark with no block after it"
            between = lines[mark : following[0].line - 1]
            assert not any(line.strip() for line in between), (
                f"{_relative(page)}:{mark}: a not-run mark that is not right before a block"
            )


def test_no_page_has_hidden_set_up() -> None:
    hidden = [
        f"{setup.page}:{setup.line}"
        for page in PAGES
        for setup in page_contents(page)[1]
        if setup.page not in SETUP_EXEMPT
    ]
    assert hidden == [], "pages whose examples rely on a testsetup"
    conf = _conf_values()
    assert not str(conf.get("doctest_global_setup", "")).strip()
    assert not str(conf.get("doctest_global_cleanup", "")).strip()


def test_the_option_flags_are_read_from_conf_py() -> None:
    flags = option_flags()
    assert flags & doctest.ELLIPSIS and not flags & doctest.REPORTING_FLAGS


def test_the_pages_have_python_blocks_of_every_kind() -> None:
    """The finder sees the blocks it should: a parser that found nothing would pass the rest."""
    blocks = all_blocks()
    pages = {block.page for block in blocks}
    assert {"README.md", "docs/tutorial.rst", "docs/rl.rst", "docs/studies.rst"} <= pages
    assert {block.kind for block in blocks} == {"doctest", "code"}
    assert len(ALONE) >= 30


SAMPLE = """\
Title
=====

A plain doctest paragraph:

>>> import math
>>> math.floor(2.5)
2

A literal block is shell::

   >>> not_python()
   $ pip install hellsrummy

.. code-block:: sh

   pip install hellsrummy

.. note::

   .. doctest::
      :options: +NORMALIZE_WHITESPACE

      >>> x = 1

.. not-run: starts a web server

.. code-block:: python

   serve()

.. testsetup:: *

   hidden = 1

.. A comment, with
   >>> nothing()
"""


def test_the_finder_on_a_sample_page() -> None:
    blocks, setups, marks = rst_blocks(SAMPLE, "sample.rst")
    assert [(b.line, b.first, b.kind, b.source, b.not_run) for b in blocks] == [
        (6, 6, "doctest", ">>> import math\n>>> math.floor(2.5)\n2\n", None),
        (21, 24, "doctest", ">>> x = 1\n", None),  # :options: read, not part of the source
        (28, 30, "code", "serve()\n", "starts a web server"),
    ]
    assert blocks[0].imports() == ["math"]
    assert blocks[1].flags_on == doctest.NORMALIZE_WHITESPACE
    assert setups == [Setup("sample.rst", 32)]
    assert marks == [26]
    readme = "# T\n\n<!-- not-run: a server -->\n```python\nserve()\n```\n\n```sh\nls\n```\n"
    found, md_marks = markdown_blocks(readme, "README.md")
    assert [(b.line, b.first, b.kind, b.not_run) for b in found] == [(4, 5, "code", "a server")]
    assert md_marks == [3]
