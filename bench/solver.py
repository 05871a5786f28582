"""Benchmarks of the foundation: is_meld, and can_meet on small and huge hands.

Run by hand: ``python bench/solver.py`` (``--quick`` for a short run). Prints one line per
figure; nothing here runs in the test suite.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence

from hellsrummy import SUITS, Card, can_meet, contract_for, deck_plan, is_meld, pack


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def per_call(function: Callable[[], object], repeat: int) -> float:
    """Seconds per call of ``function``, timed over ``repeat`` calls."""
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def time_each(calls: Sequence[Callable[[], object]]) -> list[float]:
    """Seconds taken by each call, one at a time, sorted (the garbage collector paused)."""
    timings = []
    gc.collect()
    gc.disable()
    try:
        for call in calls:
            start = time.perf_counter()
            call()
            timings.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return sorted(timings)


def bench_is_meld(rng: random.Random, samples: int) -> None:
    natural = [c for c in pack(SUITS[:4]) if not c.is_wild]
    wild = [c for c in pack(SUITS[:4]) if c.is_wild]
    melds: list[list[Card]] = []
    while len(melds) < samples:
        size = rng.randint(3, 6)
        if rng.random() < 0.5:  # a near-run: one suit, a stretch of ranks, some wildcards
            suit = rng.choice(SUITS[:4])
            low = rng.randint(3, 15 - size)
            meld = [Card(low + k, suit) for k in range(size)]
        else:  # a near-set
            rank = rng.randint(3, 14)
            meld = [Card(rank, rng.choice(SUITS[:4])) for _ in range(size)]
        for k in range(size):
            roll = rng.random()
            if roll < 0.2:
                meld[k] = rng.choice(wild)
            elif roll < 0.3:
                meld[k] = rng.choice(natural)  # sometimes spoil it
        melds.append(meld)
    timings = sorted(per_call(lambda m=m: is_meld(m), 2000) for m in melds)
    valid = sum(is_meld(m) for m in melds)
    print(
        f"is_meld, 3-6 cards ({samples} melds, {valid} valid): "
        f"median {statistics.median(timings) * 1e6:.2f} us/call, "
        f"p99 {percentile(timings, 0.99) * 1e6:.2f} us/call"
    )


def bench_small_hands(rng: random.Random, samples: int) -> None:
    suits, decks = deck_plan(4, 10)
    cards_in_pack = pack(suits, decks)
    for difficulty in range(6, 11):
        contract = contract_for(difficulty)
        hands = [rng.sample(cards_in_pack, 10) for _ in range(samples)]
        timings = time_each([lambda h=h, c=contract: can_meet(h, c) for h in hands])
        met = sum(can_meet(h, contract) for h in hands)
        print(
            f"can_meet, 10-card hands, 2 decks x 4 suits, difficulty {difficulty:>2} "
            f"({samples} hands, {met} meet it): median {statistics.median(timings) * 1e6:.1f} us, "
            f"p99 {percentile(timings, 0.99) * 1e6:.1f} us"
        )


def bench_huge_hands(rng: random.Random, samples: int) -> None:
    cards_in_pack = pack(SUITS, 4)
    deuces = [c for c in cards_in_pack if c.is_wild]
    naturals = [c for c in cards_in_pack if not c.is_wild]
    curve: dict[int, list[float]] = {}
    for size in (10, 20, 40, 60):
        every: list[float] = []
        for difficulty in range(19, 26):
            contract = contract_for(difficulty)
            hands = [rng.sample(deuces, 8) + rng.sample(naturals, size - 8) for _ in range(samples)]
            timings = time_each([lambda h=h, c=contract: can_meet(h, c) for h in hands])
            every.extend(timings)
            if size == 60:
                met = sum(can_meet(h, contract) for h in hands)
                print(
                    f"can_meet, 60-card hands, 4 decks x 7 suits, 8 wildcards, difficulty "
                    f"{difficulty} ({samples} hands, {met} meet it): "
                    f"median {statistics.median(timings) * 1e3:.3f} ms, "
                    f"p99 {percentile(timings, 0.99) * 1e3:.3f} ms, max {timings[-1] * 1e3:.3f} ms"
                )
        curve[size] = sorted(every)
    print("can_meet, difficulties 19-25, 8 wildcards: time against hand size")
    for size, timings in curve.items():
        print(
            f"  {size:>2} cards: median {statistics.median(timings) * 1e3:.3f} ms, "
            f"p99 {percentile(timings, 0.99) * 1e3:.3f} ms, max {timings[-1] * 1e3:.3f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    scale = 1 if args.quick else 5
    rng = random.Random(args.seed)
    print(f"Python {platform.python_version()} on {platform.machine()} ({platform.platform()})")
    bench_is_meld(rng, 200 * scale)
    bench_small_hands(rng, 400 * scale)
    bench_huge_hands(rng, 200 * scale)


if __name__ == "__main__":
    main()
