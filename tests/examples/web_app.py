"""Load the web example's server module (examples/web/app.py) for the tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

APP_PATH = Path(__file__).resolve().parents[2] / "examples" / "web" / "app.py"


def load() -> ModuleType:
    if "hellsrummy_web_app" in sys.modules:
        return sys.modules["hellsrummy_web_app"]
    spec = importlib.util.spec_from_file_location("hellsrummy_web_app", APP_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hellsrummy_web_app"] = module
    spec.loader.exec_module(module)
    return module
