"""The shuffle follows its documented construction exactly (so other languages can match it)."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import FRENCH_SUITS, format_cards, new_game, pack
from hellsrummy.deck.shuffle import random_stream, seed_bytes, shuffle


def reference_shuffle(
    items: list[object], seed: bytes, label: str, span: int = 2**64
) -> list[object]:
    """The algorithm as the documentation states it, written out independently.

    ``span`` other than ``2**64`` makes rejections common (see the test of rejections).
    """
    name = label.encode("utf-8")
    prefix = (
        b"hellsrummy/shuffle/v1"
        + len(seed).to_bytes(4, "big")
        + seed
        + len(name).to_bytes(4, "big")
        + name
    )
    numbers: list[int] = []
    counter = 0

    def next_number() -> int:
        nonlocal counter
        if not numbers:
            block = hashlib.sha256(prefix + counter.to_bytes(8, "big")).digest()
            counter += 1
            numbers.extend(int.from_bytes(block[k : k + 8], "big") for k in (24, 16, 8, 0))
        return numbers.pop()

    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        n = i + 1
        while True:
            x = next_number()
            if x < span - (span % n):
                break
        j = x % n
        result[i], result[j] = result[j], result[i]
    return result


@settings(max_examples=50)
@given(st.one_of(st.integers(), st.text(), st.binary()), st.text(max_size=20))
def test_shuffle_matches_the_documented_construction(seed: int | str | bytes, label: str) -> None:
    cards_in_pack = list(pack(FRENCH_SUITS, 2))
    assert list(shuffle(cards_in_pack, seed, label)) == reference_shuffle(
        cards_in_pack, seed_bytes(seed), label
    )


def test_golden_values_never_change() -> None:
    """A deal must replay identically on every platform and every version of the library."""
    assert next(random_stream(0, "round 0 deck 0")) == 18367428826665668739
    shuffled = shuffle(pack(FRENCH_SUITS, 1), "golden", "round 0 deck 0")
    assert format_cards(shuffled[:13]) == "10S 2S 5H QC 3D KS 9H 2H QD 9C 2D QS 3H"
    state = new_game(4, seed="golden")
    assert [format_cards(h) for h in state.hands] == [
        "2H 3H 6C 7C 7C 8C 10C 10D QD",
        "4H 5H 5H 6H 6H 10H JH QS AC",
        "2S 3D 3S 3S 4D 6C 8H 9H 10D",
        "3D 5C 5D 8S 9C 9D JH QH KD",
    ]
    assert str(state.discard) == "2D"
    assert format_cards(state.stock[:5]) == "4S 2C QD 3C QC"


def test_seeds_are_type_tagged() -> None:
    assert seed_bytes(7) == b"int:7"
    assert seed_bytes("7") == b"str:7"
    assert seed_bytes(b"7") == b"bytes:7"
    assert shuffle(range(10), 7, "x") != shuffle(range(10), "7", "x")
    for bad in (True, 1.5, None, [1]):
        with pytest.raises(ValueError, match="seed must be"):
            seed_bytes(bad)  # type: ignore[arg-type]


def test_labels_give_independent_shuffles() -> None:
    assert shuffle(range(52), 1, "round 0 deck 0") != shuffle(range(52), 1, "round 0 deck 1")


def test_every_position_is_reachable_roughly_uniformly() -> None:
    # 3000 shuffles of 4 items: each of the 24 orders should appear about 125 times.
    counts = Counter(tuple(shuffle(range(4), seed, "uniform")) for seed in range(3000))
    assert len(counts) == 24
    assert min(counts.values()) > 80
    assert max(counts.values()) < 170


def test_shuffles_of_every_small_length_and_the_stream_after_the_words_made_at_once() -> None:
    import itertools

    from hellsrummy.deck.shuffle import _prefix, _rest, _words

    for length in range(12):
        items = list(range(length))
        assert list(shuffle(items, "short", "x")) == reference_shuffle(items, b"str:short", "x")
    # A rejection draws on past the words made at once: the stream goes on where they end.
    expected = list(itertools.islice(random_stream(5, "rest"), 40))
    for blocks in range(4):
        prefix = _prefix(5, "rest")
        drawn = itertools.chain(_words(prefix, 0, blocks), _rest(prefix, blocks))
        assert list(itertools.islice(drawn, 40)) == expected


@settings(max_examples=30)
@given(st.integers(0, 130), st.sampled_from([2**63, 2**62 + 12345, 2**60]))
def test_rejected_draws_take_the_next_words_of_the_stream(length: int, span: int) -> None:
    # Real rejections are rarer than 2**-56 a draw: with a smaller span, most draws reject.
    from unittest import mock

    from hellsrummy.deck import shuffle as module

    def limits(count: int) -> tuple[int, ...]:
        return (0, *(span - span % n for n in range(1, count + 1)))

    items = list(range(length))
    with mock.patch.object(module, "_limits", limits):
        shuffled = list(module.shuffle(items, "rejections", "x"))
    assert shuffled == reference_shuffle(items, b"str:rejections", "x", span)
