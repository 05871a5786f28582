"""Sphinx configuration for the hellsrummy documentation."""

from __future__ import annotations

import hellsrummy

project = "hellsrummy"
author = "hellsrummy developers"
copyright = "2026, hellsrummy developers"
release = hellsrummy.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
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
"""

html_theme = "furo"
html_title = f"hellsrummy {release}"
exclude_patterns = ["_build"]
