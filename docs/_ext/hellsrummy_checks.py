"""Sphinx extension: what the documentation build checks, beyond Sphinx's own warnings.

* **Every module autodoc documents imports**, or the build fails, with or without ``-W``: a
  build without an extra (``rl``) would otherwise drop that part of the API reference and
  still say "build succeeded". Each import failure is a warning as usual, and the build stops
  once every page is read, naming what did not import.
* **Every module-level constant is described.** A constant re-exported by the package
  (``hellsrummy.FORMAT``, defined in ``hellsrummy.data.plain``) has its ``#:`` comment where it
  is defined, which autodoc does not read: it would show the docstring of ``int`` or ``tuple``.
  The comment is found in the defining module and shown; a constant without one is a warning.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import SphinxError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging as sphinx_logging

LOGGER = sphinx_logging.getLogger(__name__)


class _ImportFailures(logging.Handler):
    """Keeps the messages of autodoc's failed imports."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(record, "type", None) == "autodoc" and "import" in str(
            getattr(record, "subtype", "")
        ):
            self.messages.append(record.getMessage().splitlines()[0])


_FAILURES = _ImportFailures()


class MissingModules(SphinxError):
    """autodoc could not import what the pages document."""

    category = "autodoc could not import what the API reference documents"


def _attribute_comment(module: str, name: str) -> list[str] | None:
    """The ``#:`` comment (or docstring after it) of ``module``'s module-level ``name``."""
    try:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    except Exception:  # a module without source (compiled): no comment to read
        return None
    found = docs.get(("", name))
    return list(found) if found else None


def _defining_comment(name: str, obj: Any) -> list[str] | None:
    """The comment of ``name`` in the hellsrummy module that defines it (the same object)."""
    for module_name in sorted(sys.modules):
        if module_name != "hellsrummy" and not module_name.startswith("hellsrummy."):
            continue
        module = sys.modules[module_name]
        if module is None or vars(module).get(name, _MISSING) is not obj:
            continue
        found = _attribute_comment(module_name, name)
        if found:
            return found
    return None


_MISSING = object()


def describe_data(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give a module-level constant its ``#:`` comment, wherever it is defined."""
    if what != "data" or "." not in name:
        return
    module, attribute = name.rsplit(".", 1)
    if _attribute_comment(module, attribute):
        return  # autodoc read it
    found = _defining_comment(attribute, obj)
    if found is None:
        LOGGER.warning(
            "%s has no description: give it a '#:' comment where it is defined",
            name,
            type="hellsrummy",
            subtype="undescribed",
        )
        return
    lines[:] = found


def fail_on_import_errors(app: Sphinx, env: Any) -> None:
    """Stop the build if autodoc could not import something, ``-W`` or not."""
    if _FAILURES.messages:
        listed = "\n  ".join(dict.fromkeys(_FAILURES.messages))
        raise MissingModules(f'is an extra missing? pip install -e ".[docs]"\n  {listed}')


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the checks."""
    logging.getLogger("sphinx").addHandler(_FAILURES)
    app.connect("autodoc-process-docstring", describe_data)
    app.connect("env-updated", fail_on_import_errors)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}
