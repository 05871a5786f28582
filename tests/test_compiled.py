"""The opt-in compiled build: the ``COMPILED`` flag and the list of compiled modules."""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import hellsrummy

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def _compiled_list() -> list[str]:
    """The modules the build hook compiles, as module names (pyproject.toml's one list)."""
    tomllib = pytest.importorskip("tomllib")
    if not PYPROJECT.is_file():
        pytest.skip("no pyproject.toml beside the tests")
    hook = tomllib.loads(PYPROJECT.read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    include = hook["hooks"]["custom"]["include"]
    return [".".join(Path(path).with_suffix("").parts[2:]) for path in include]


def test_compiled_is_true_exactly_when_the_kernels_are_extension_modules() -> None:
    names = _compiled_list()
    assert names
    files = [sys.modules[name].__file__ or "" for name in names]
    extensions = [file.endswith(tuple(EXTENSION_SUFFIXES)) for file in files]
    assert hellsrummy.COMPILED is all(extensions)
    assert all(extensions) or not any(extensions), files  # never half compiled


def test_this_run_uses_the_build_it_expects() -> None:
    # The compiled-wheel step of CI sets HELLSRUMMY_EXPECT_COMPILED=1; any other run is pure.
    assert hellsrummy.COMPILED is (os.environ.get("HELLSRUMMY_EXPECT_COMPILED") == "1")


@pytest.mark.compiled
def test_the_compiled_kernels_are_the_ones_loaded() -> None:
    assert hellsrummy.COMPILED
    assert hellsrummy.contracts.solver.__file__ is not None
    assert hellsrummy.contracts.solver.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    # Still the documented behaviour, compiled: a wrong type is a ValueError naming it.
    with pytest.raises(ValueError, match="hand must hold only Card objects"):
        hellsrummy.find_fulfillment(["7H"], hellsrummy.contract_for(6))  # type: ignore[list-item]


def test_the_compiled_list_names_modules_that_exist() -> None:
    for name in _compiled_list():
        assert name.startswith("hellsrummy.")
        assert name in sys.modules, name
