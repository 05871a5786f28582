"""Guards against hostile clients: safe JSON, strict fields, per-client rates."""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any


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


def integer(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    """``data[key]`` as an int from ``low`` to ``high`` (``default`` if absent)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(f"{key} must be a whole number from {low} to {high}")
    return value


def text(data: dict[str, Any], key: str, default: str, limit: int = 20) -> str:
    """``data[key]`` as a short text, stripped (``default`` if absent or blank)."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BadInput(f"{key} must be text")
    return value.strip()[:limit] or default


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
