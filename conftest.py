"""Pytest configuration shared by the tests and the doctests."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

import hellsrummy


@pytest.fixture(autouse=True)
def _hellsrummy_namespace(doctest_namespace: dict[str, Any]) -> None:
    """Make every public name of ``hellsrummy`` available to doctests, as after ``import *``."""
    doctest_namespace.update({name: getattr(hellsrummy, name) for name in hellsrummy.__all__})


# CI runs with a fixed seed sequence and no example database, so a run is reproducible.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("default")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
