"""Guards against hostile clients: safe JSON, strict fields, per-client rates."""

from __future__ import annotations

import json
import math
import re
import time
from collections import deque
from typing import Any

#: What no text from a client may hold: lone surrogates (no UTF-8 can carry them: a page
#: sent one would never get its messages), control characters (NUL, newlines, escapes),
#: the bidirectional overrides and isolates (a name that reverses the text around it) and
#: the two noncharacters U+FFFE and U+FFFF.
FORBIDDEN = re.compile(r"[\ud800-\udfff\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")


class BadInput(ValueError):
    """A request or message that cannot be used; its text is the reply."""


def parse_json(text: str | bytes, limit: int) -> Any:
    """Parse JSON text of at most ``limit`` characters, or raise ``BadInput``.

    Deep nesting, huge numbers, ``NaN`` and ``Infinity`` are refused, never crash the server.
    """
    if len(text) > limit:
        raise BadInput(f"too large (at most {limit} characters)")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise BadInput("nested too deeply") from None
    except (ValueError, TypeError, OverflowError) as error:
        raise BadInput(f"not valid JSON ({type(error).__name__})") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def integer(
    data: dict[str, Any], key: str, default: int, low: int, high: int, label: str = ""
) -> int:
    """``data[key]`` as an int from ``low`` to ``high`` (``default`` if absent).

    ``label`` names the field in the refusal as the page's form does (``key`` if not given).
    """
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(f"{label or key} must be a whole number from {low} to {high}")
    return value


def seconds(data: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    """``data[key]`` as a number of seconds from ``low`` to ``high`` (``default`` if absent)."""
    value = data.get(key, default)
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise BadInput(f"{key} must be a number of seconds from {low:g} to {high:g}")
    return float(value)


def check_text(value: str, field: str) -> str:
    """``value`` if a page and JSON can carry it back; else ``BadInput`` naming ``field``."""
    found = FORBIDDEN.search(value)
    if found is not None:
        kind = (
            "a lone surrogate" if 0xD800 <= ord(found.group()) <= 0xDFFF else "a control character"
        )
        raise BadInput(f"{field} holds {kind} (U+{ord(found.group()):04X}), which is not allowed")
    return value


def check_all_text(data: Any, field: str = "") -> None:
    """Every string in ``data`` (a parsed JSON document), keys too, passes ``check_text``.

    A refusal names the field as a path: ``name``, ``names[1]``, ``action.card``.
    """
    if isinstance(data, str):
        check_text(data, field or "the text")
    elif isinstance(data, list):
        for number, item in enumerate(data):
            check_all_text(item, f"{field or 'the list'}[{number}]")
    elif isinstance(data, dict):
        for key, item in data.items():
            check_text(key, f"a key of {field or 'the object'}")
            check_all_text(item, f"{field}.{key}" if field else key)


def text(data: dict[str, Any], key: str, default: str, limit: int = 20, label: str = "") -> str:
    """``data[key]`` as a short text, stripped (``default`` if absent or blank).

    Longer than ``limit`` characters, or holding what ``check_text`` refuses: ``BadInput``
    naming the field (``label``, else ``key``).
    """
    value = data.get(key, default)
    field = label or key
    if not isinstance(value, str):
        raise BadInput(f"{field} must be text")
    value = check_text(value, field).strip()
    if len(value) > limit:
        raise BadInput(f"{field} must be at most {limit} characters")
    return value or default


def flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadInput(f"{key} must be true or false")
    return value


class RateLimit:
    """At most ``count`` events per ``period`` seconds for each key (a client address)."""

    def __init__(self, count: int, period: float) -> None:
        self.count = count
        self.period = period
        self.times: dict[str, deque[float]] = {}

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        seen = self.times.setdefault(key, deque())
        while seen and now - seen[0] >= self.period:
            seen.popleft()
        if len(seen) >= self.count:
            return False
        seen.append(now)
        return True

    def retry_after(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` may have another event (0 if it may now)."""
        now = time.monotonic() if now is None else now
        seen = self.times.get(key)
        if not seen or len(seen) < self.count:
            return 0.0
        return max(0.0, self.period - (now - seen[0]))

    def forget_old(self, now: float) -> None:
        for key in [
            k for k, seen in self.times.items() if not seen or now - seen[-1] >= self.period
        ]:
            del self.times[key]


class Bucket:
    """A token bucket: ``rate`` messages a second on average, bursts of ``2 * rate``."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.tokens = 2 * rate
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
