"""What the examples' command lines share: whole-number arguments, a plain --help, extras.

Each example script imports this module from its own folder (``python examples/demo.py``
puts ``examples/`` first on ``sys.path``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high``), or a usage error."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            wanted = f"at least {low}" if high is None else f"{low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {value}")
        return value

    return parse


class Help(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The description as written, and each option's default."""


def need_extras(script: str, extras: dict[str, str]) -> None:
    """Import each module of ``extras`` ({module: its extra}), or exit with status 2.

    A script calls it after parsing its arguments, so that ``--help`` works without the
    extras. A missing module gets one line naming it and the extras to install, not a
    traceback.
    """
    for module, extra in extras.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            wanted = ",".join(dict.fromkeys(extras.values()))
            print(
                f"{script} needs {error.name or module}, from the {extra} extra:"
                f' pip install "hellsrummy[{wanted}]"',
                file=sys.stderr,
            )
            raise SystemExit(2) from None
