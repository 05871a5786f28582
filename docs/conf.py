"""Sphinx configuration for the hellsrummy documentation."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import hellsrummy

try:  # the API reference documents hellsrummy.rl: without it a third of the reference is missing
    import hellsrummy.rl
except ImportError as error:
    raise ImportError(
        f'the documentation needs the rl extra ({error}): pip install -e ".[docs]"'
    ) from error

# Local extensions, run at build time: hellsrummy_pictures draws the pictures of the rules,
# hellsrummy_house the package's rooms and the imports between them (read from the source),
# hellsrummy_checks fails the build when autodoc cannot import a module and describes each
# constant from its '#:' comment where it is defined; hellsrummy_changelog reads CHANGELOG.md
# into the changelog page, its empty sections left out.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "hellsrummy"
author = "hellsrummy developers"
copyright = "2026, hellsrummy developers"
release = hellsrummy.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",  # the changelog page reads CHANGELOG.md
    "hellsrummy_pictures",
    "hellsrummy_house",
    "hellsrummy_checks",
    "hellsrummy_changelog",  # the changelog page: CHANGELOG.md without its empty sections
]
source_suffix = {".rst": "restructuredtext"}  # Markdown only where a page includes it

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autoclass_content = "class"

# The examples of each page import what they use, in plain sight, so that a snippet copied from
# a page runs: no global setup. The API reference's docstrings get their module's names from a
# testsetup in api.rst.
doctest_global_setup = ""
# The flags every example runs with (Sphinx's own default, written out so that
# tests/docs/test_snippets.py, which runs the examples outside Sphinx, reads the same).
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL | doctest.DONT_ACCEPT_TRUE_FOR_1
)

html_theme = "furo"
html_title = f"hellsrummy {release}"
exclude_patterns = ["_build", "_pictures"]
