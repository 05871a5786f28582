"""Sphinx configuration for the hellsrummy documentation."""

from __future__ import annotations

import sys
from pathlib import Path

import hellsrummy

# Local extensions, run at build time: hellsrummy_pictures draws the pictures of the rules,
# hellsrummy_house the package's rooms and the imports between them (read from the source).
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
    "hellsrummy_house",
]

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autoclass_content = "class"

doctest_global_setup = """
from hellsrummy import *
from hellsrummy.play.calls import *
from hellsrummy.play.dealing import *
from hellsrummy.play.discarding import *
from hellsrummy.contracts.enumeration import *
from hellsrummy.deck.melds import extension_set, swap_set
from hellsrummy.play.plays import *
from hellsrummy.game.position import *
from hellsrummy.play.scoring import *
from hellsrummy.play.turns import *
from hellsrummy.svg import *
from hellsrummy.game.successor import *
from hellsrummy.svg.drawing import *
from hellsrummy.play.kinds import *
from hellsrummy.game.events import *
from hellsrummy.players.asking import *
"""

html_theme = "furo"
html_title = f"hellsrummy {release}"
exclude_patterns = ["_build", "_pictures"]
