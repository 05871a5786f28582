"""Seeded shuffles: portable, reproducible, and cryptographically strong (:ref:`rules-shuffle`).

Every shuffle of a game is derived from the game's seed and a label naming the shuffle
(``"round 0 deck 0"`` for round 1's pack, ``"round 0 deck 1"`` for its first refill deck...):

1. The seed is encoded to bytes with a type tag: an ``int`` as ``b"int:"`` followed by its
   decimal digits, a ``str`` as ``b"str:"`` followed by its UTF-8 bytes, ``bytes`` as
   ``b"bytes:"`` followed by themselves.
2. A byte stream is produced by SHA-256 in counter mode: block ``i`` (``i = 0, 1, ...``) is
   ``SHA-256(b"hellsrummy/shuffle/v1" || len(seed) || seed || len(label) || label || i)``,
   where ``len(x)`` is the 4-byte big-endian length, the label is UTF-8 and ``i`` is 8 bytes
   big-endian. Each 32-byte block gives four 64-bit big-endian unsigned integers.
3. A uniform integer below ``n`` takes the next 64-bit integer ``x`` and returns ``x mod n``
   unless ``x >= 2**64 - (2**64 mod n)``, in which case that integer is dropped and the next
   one is tried (rejection sampling, so there is no modulo bias).
4. The cards (the sorted pack of :func:`hellsrummy.pack`) are shuffled by Fisher-Yates: for
   ``i`` from ``len - 1`` down to ``1``, swap positions ``i`` and ``randbelow(i + 1)``.

Any language with SHA-256 reproduces a deal exactly. Because SHA-256 is a one-way function,
seeing cards reveals nothing about the seed or the cards to come, provided the seed itself is
hard to guess: for real games use a seed with at least 128 bits of entropy, e.g.
``secrets.token_hex(16)``.

>>> shuffled = shuffle(cards("3C 4C 5C 6C 7C"), seed=42, label="example")
>>> format_cards(shuffled) == format_cards(shuffle(cards("3C 4C 5C 6C 7C"), 42, "example"))
True
>>> sorted(shuffled) == sorted(cards("3C 4C 5C 6C 7C"))
True
"""

from __future__ import annotations

import functools
import hashlib
import struct
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from hellsrummy.errors import shown

__all__ = ["Seed", "check_seed", "random_stream", "seed_bytes", "shuffle"]

T = TypeVar("T")

#: What a game's seed may be.
Seed = int | str | bytes

_DOMAIN = b"hellsrummy/shuffle/v1"
_SPAN = 2**64
_FOUR_WORDS = struct.Struct(">4Q").unpack  # a 32-byte block as four 64-bit integers
_sha256 = hashlib.sha256


def seed_bytes(seed: Seed) -> bytes:
    """The type-tagged bytes of a seed (step 1 of the construction).

    >>> seed_bytes(7), seed_bytes("7"), seed_bytes(b"7")
    (b'int:7', b'str:7', b'bytes:7')
    """
    if isinstance(seed, bool):
        raise ValueError(f"seed must be an int, str or bytes, got {shown(seed)}")
    if isinstance(seed, int):
        try:
            digits = str(seed)
        except ValueError:  # more digits than Python's int-to-str limit allows
            raise ValueError(
                f"seed {shown(seed)} has too many digits for an int seed; use a str or bytes"
            ) from None
        return b"int:" + digits.encode()
    if isinstance(seed, str):
        return b"str:" + seed.encode()
    if isinstance(seed, bytes):
        return b"bytes:" + seed
    raise ValueError(f"seed must be an int, str or bytes, got {type(seed).__name__}")


def check_seed(instance: object, attribute: Any, value: object) -> None:
    """An ``attrs`` validator for a field that holds a seed: bad seeds raise ``ValueError``.

    The bots that take a seed check it when they are made, as :func:`seed_bytes` would when
    the seed is first used.

    >>> import attrs
    >>> @attrs.frozen
    ... class Seeded:
    ...     seed: Seed = attrs.field(default=0, validator=check_seed)
    >>> Seeded("any text").seed
    'any text'
    >>> Seeded(1.5)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int, str or bytes, got float
    """
    seed_bytes(value)  # type: ignore[arg-type]


def random_stream(seed: Seed, label: str) -> Iterator[int]:
    """The endless stream of 64-bit integers for ``(seed, label)`` (step 2).

    >>> stream = random_stream(1, "doc")
    >>> first = next(stream)
    >>> first == next(random_stream(1, "doc")), 0 <= first < 2**64
    (True, True)
    """
    yield from _rest(_prefix(seed, label), 0)


def _prefix(seed: Seed, label: str) -> bytes:
    """The bytes every block of the ``(seed, label)`` stream hashes before its counter."""
    key = seed_bytes(seed)
    name = label.encode()
    return _DOMAIN + len(key).to_bytes(4, "big") + key + len(name).to_bytes(4, "big") + name


def _block(prefix: bytes, counter: int) -> bytes:
    """Block ``counter`` of a stream: the hash of the prefix and the counter."""
    return _sha256(prefix + counter.to_bytes(8, "big")).digest()


def _words(prefix: bytes, first: int, count: int) -> tuple[int, ...]:
    """The 64-bit integers of blocks ``first`` to ``first + count - 1`` of a stream, at once."""
    blocks = b"".join([_block(prefix, counter) for counter in range(first, first + count)])
    return struct.unpack(f">{4 * count}Q", blocks)


@functools.lru_cache(maxsize=16)
def _limits(count: int) -> tuple[int, ...]:
    """``limits[n]``: the integers a draw below ``n`` accepts are those below it (step 3)."""
    return (0, *(_SPAN - _SPAN % n for n in range(1, count + 1)))


def shuffle(items: Sequence[T], seed: Seed, label: str) -> tuple[T, ...]:
    """``items`` shuffled by Fisher-Yates driven by the ``(seed, label)`` stream (steps 3-4).

    >>> shuffle([1, 2, 3], seed="s", label="a") == shuffle([1, 2, 3], seed="s", label="a")
    True
    """
    result = list(items)
    count = len(result)
    prefix = _prefix(seed, label)
    # The words a shuffle draws without a rejection are made at once (a rejection, fewer than
    # 2**-56 for a pack, draws on from the rest of the stream).
    words = _words(prefix, 0, (count + 2) // 4)
    limits = _limits(count)
    drawn = 0
    for i in range(count - 1, 0, -1):
        x = words[drawn]
        drawn += 1
        bound = i + 1
        if x >= limits[bound]:  # rejected: almost never
            x, drawn, words = _redrawn(prefix, words, drawn, limits[bound], i - 1)
        j = x % bound
        result[i], result[j] = result[j], result[i]
    return tuple(result)


def _redrawn(
    prefix: bytes, words: tuple[int, ...], drawn: int, limit: int, later: int
) -> tuple[int, int, tuple[int, ...]]:
    """After a rejection: the next word below ``limit``, the words drawn, the words made.

    The words made are extended by whole blocks of the stream so that the ``later`` draws
    still to come find theirs.
    """
    while True:
        while len(words) < drawn + 1 + later:
            words += _words(prefix, len(words) // 4, 1)
        x = words[drawn]
        drawn += 1
        if x < limit:
            return x, drawn, words


def _rest(prefix: bytes, first: int) -> Iterator[int]:
    """The stream's words from block ``first`` on."""
    counter = first
    while True:
        yield from _FOUR_WORDS(_block(prefix, counter))
        counter += 1
