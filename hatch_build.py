"""Opt-in mypyc build of hellsrummy's kernels (a hatchling custom build hook).

The default build is pure Python and needs neither a C compiler nor mypy. Setting the
environment variable ``HELLSRUMMY_COMPILE=1`` at build time compiles the modules listed under
``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml with mypyc::

    HELLSRUMMY_COMPILE=1 pip install .
    HELLSRUMMY_COMPILE=1 python -m build --wheel

How: hatchling asks every wheel build hook for its :meth:`dependencies` in
``get_requires_for_build_wheel`` (``BuilderConfig.dynamic_dependencies``), so the compile-time
requirements are installed into the isolated build environment only when the variable is set.
The compiling itself is delegated to hatch-mypyc's hook, imported only then. The wheel is then
platform-tagged; it still ships the ``.py`` sources, but the extension modules next to them
take precedence at import. An editable install is never compiled (the extension modules would
land in ``src/`` and shadow the sources being edited).
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that turns compiling on ("1", "true", "yes"; "" or "0" is off).
ENV = "HELLSRUMMY_COMPILE"
#: What compiling needs in the build environment, beside the project's runtime dependencies
#: (mypy must see attrs' annotations). mypy is pinned: mypyc's output changes between releases.
COMPILE_REQUIRES = ["hatch-mypyc==0.16.0", "mypy==2.4.1", "setuptools>=70"]
#: The keys of this hook's configuration that are handed on to hatch-mypyc.
MYPYC_KEYS = ("include", "exclude", "mypy-args", "options")


def compile_requested() -> bool:
    """Whether ``HELLSRUMMY_COMPILE`` asks for a compiled build."""
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "false", "no", "off")


class CustomBuildHook(BuildHookInterface):
    """Compiles the configured modules with mypyc when ``HELLSRUMMY_COMPILE`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build environment needs: nothing unless compiling is requested."""
        if not compile_requested():
            return []
        return [*COMPILE_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile (in place, in ``src/``) and mark the wheel platform-specific, if requested."""
        self._mypyc: Any = None
        if not compile_requested() or self.target_name != "wheel":
            return
        if version == "editable":
            self.app.display_warning(f"{ENV} is ignored for an editable install (pure Python)")
            return
        from hatch_mypyc.plugin import MypycBuildHook  # only in the build env when requested

        config = {key: self.config[key] for key in MYPYC_KEYS if key in self.config}
        self._mypyc = MypycBuildHook(
            self.root,
            config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )
        modules = ", ".join(self._mypyc.included_files)
        self.app.display_info(f"{ENV}: compiling with mypyc: {modules}")
        self._mypyc.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the extension modules from ``src/`` once they are in the wheel.

        hatch-mypyc builds in place; left there they would shadow the sources of the tree
        (tests run from it, an editable install) with the compiled modules.
        """
        if getattr(self, "_mypyc", None) is not None:
            self._mypyc.clean([version])
