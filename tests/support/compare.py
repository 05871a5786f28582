"""Where two JSON values differ: what a test compares against data 0.1.0 recorded."""

from __future__ import annotations

from typing import Any


def first_difference(
    ours: Any, recorded: Any, where: str = "", *, newer_format: bool = False
) -> str | None:
    """The path to the first place ``ours`` differs from ``recorded``, with both values; or
    ``None`` where they are the same.

    With ``newer_format``, only what ``recorded`` holds counts: keys only ``ours`` has (new
    fields of a later data format) and ``"format"`` values are no difference.
    """
    if isinstance(ours, dict) and isinstance(recorded, dict):
        for key in [*recorded, *(k for k in ours if k not in recorded)]:
            if newer_format and (key == "format" or key not in recorded):
                continue
            if key not in ours:
                return f"{where}.{key}: missing (recorded {recorded[key]!r})"
            if key not in recorded:
                return f"{where}.{key}: new ({ours[key]!r}), not recorded"
            found = first_difference(
                ours[key], recorded[key], f"{where}.{key}", newer_format=newer_format
            )
            if found:
                return found
        return None
    if isinstance(ours, list) and isinstance(recorded, list) and len(ours) == len(recorded):
        for index, (a, b) in enumerate(zip(ours, recorded, strict=True)):
            found = first_difference(a, b, f"{where}[{index}]", newer_format=newer_format)
            if found:
                return found
        return None
    if ours != recorded:
        return f"{where or 'the value'}: now {ours!r}, recorded {recorded!r}"
    return None
