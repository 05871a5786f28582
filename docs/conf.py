"""Sphinx configuration for the hellsrummy documentation."""

from __future__ import annotations

import sys
from pathlib import Path

import hellsrummy

# Local extensions: hellsrummy_pictures draws the pictures of the rules at build time.
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
    "hellsrummy_pictures",
]

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autoclass_content = "class"

doctest_global_setup = """
from hellsrummy import *
from hellsrummy.calls import *
from hellsrummy.dealing import *
from hellsrummy.discarding import *
from hellsrummy.enumeration import *
from hellsrummy.melds import extension_set, swap_set
from hellsrummy.plays import *
from hellsrummy.position import *
from hellsrummy.scoring import *
from hellsrummy.turns import *
from hellsrummy.svg import *
"""

html_theme = "furo"
html_title = f"hellsrummy {release}"
exclude_patterns = ["_build", "_pictures"]
