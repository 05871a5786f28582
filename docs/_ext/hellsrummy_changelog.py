"""Sphinx extension: the changelog page, CHANGELOG.md without its empty sections.

``.. hellsrummy-changelog:: ../CHANGELOG.md`` parses the Markdown file with MyST, as
``.. include:: ../CHANGELOG.md`` with ``:parser: myst_parser.sphinx_`` does, after dropping
the heading of every section that holds no entry: nothing but blank lines and the headings of
empty subsections. So the page never opens on an empty ``## [Unreleased]`` (right after a
release) or shows a ``### Fixed`` with nothing under it. Link reference definitions
(``[0.2.0]: https://...``) are not entries, and are kept wherever they are.

:func:`drop_empty_sections` is plain Python (no Sphinx), so that the tests can check it
without the ``docs`` extra.
"""

from __future__ import annotations

import re
from typing import Any

HEADING = re.compile(r"^(?P<level>#{1,6})(\s|$)")
FENCE = re.compile(r"^\s*(```|~~~)")
LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*\S")


def drop_empty_sections(text: str) -> str:
    """``text`` (Markdown) without the headings of its sections that hold no entry."""
    lines = text.splitlines(keepends=True)
    levels: dict[int, int] = {}  # line index of each heading: its level
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and (heading := HEADING.match(line)):
            levels[index] = len(heading["level"])
    empty = set()
    for index, level in levels.items():
        end = next(
            (later for later in sorted(levels) if later > index and levels[later] <= level),
            len(lines),
        )
        body = [
            line
            for number, line in enumerate(lines[index + 1 : end], index + 1)
            if number not in levels and line.strip() and not LINK_DEFINITION.match(line)
        ]
        if not body:
            empty.add(index)
    return "".join(line for index, line in enumerate(lines) if index not in empty)


def setup(app: Any) -> dict[str, Any]:
    """Register the ``hellsrummy-changelog`` directive."""
    from docutils import frontend, utils
    from myst_parser.sphinx_ import Parser
    from sphinx.util.docutils import SphinxDirective

    class Changelog(SphinxDirective):
        """Parse a Markdown changelog with MyST, its empty sections left out."""

        required_arguments = 1

        def run(self) -> list[Any]:
            relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
            self.env.note_dependency(relative)
            with open(path, encoding="utf-8") as file:
                text = drop_empty_sections(file.read())
            # As docutils' include directive parses a file with a parser of its own.
            parser = Parser()
            settings = frontend.get_default_settings(parser)
            for key, value in self.state.document.settings.__dict__.items():
                setattr(settings, key, value)
            document = utils.new_document(path, settings)
            document.ids = self.state.document.ids
            document.nameids = self.state.document.nameids
            document.nametypes = self.state.document.nametypes
            parser.parse(text, document)
            self.state.document.parse_messages.extend(document.parse_messages)
            document.transformer.populate_from_components((parser,))
            document.transformer.apply_transforms()
            self.state.document.transform_messages.extend(document.transform_messages)
            return list(document.children)

    app.add_directive("hellsrummy-changelog", Changelog)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
