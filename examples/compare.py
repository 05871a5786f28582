"""Is my bot better? Bots compared on duplicate deals, with 95% intervals.

Each deal is one round of a seeded game (difficulties 6, 7, 8, 9, 10 in turn). The field plays
it alone once (the baseline), and each candidate plays it once from every seat with the field
in the other seats, on the same cards; the table says how each candidate did against the
baseline seat, and how the candidates did against each other, deal by deal and seat by seat.

candidates:
  search        SearchBot with --iterations rollouts a decision
  greedy        GreedyBot: with the default field, the harness check (exactly 0)
  random        RandomBot
  random-apart  a RandomBot seeded apart from the field's: with --field random, the null check

With --out, each deal's record is appended to that file (JSON lines) as it is played; run the
same command again after an interruption and only the deals missing are played.

examples:
  python examples/compare.py --deals 100 --iterations 200 --workers 2
  python examples/compare.py --candidates random-apart --field random --deals 200
"""

from __future__ import annotations

import argparse
import functools
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from cli import Help, whole_number

from hellsrummy import (
    Comparison,
    DealRecord,
    GreedyBot,
    RandomBot,
    Rules,
    SearchBot,
    Unseeded,
    stream_deals,
)


def random_apart(seed: int) -> RandomBot:
    """A RandomBot whose seed is not the one the field's RandomBot has in its seat."""
    return RandomBot(f"apart {seed}")


def factory(name: str, iterations: int) -> Any:
    """The bot factory of a candidate's or field's name."""
    return {
        "search": functools.partial(SearchBot, iterations=iterations),
        "greedy": Unseeded(GreedyBot),
        "random": RandomBot,
        "random-apart": random_apart,
    }[name]


def written(out: Path | None) -> list[DealRecord]:
    """The records already in out; a last line cut short by an interruption is dropped."""
    if out is None or not out.exists():
        return []
    data = out.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    if len(complete) != len(data):
        with out.open("r+b") as file:
            file.truncate(len(complete))
    return [DealRecord.from_dict(json.loads(line)) for line in complete.decode().splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    low, high = Rules().min_players, Rules().max_players
    parser.add_argument("--deals", type=whole_number(1), default=100, help="how many deals")
    parser.add_argument("--seed", default="is my bot better?", help="the study's seed")
    parser.add_argument(
        "--candidates",
        nargs="+",
        default=["search"],
        choices=["search", "greedy", "random", "random-apart"],
        help="the bots to compare",
    )
    parser.add_argument(
        "--field", default="greedy", choices=["greedy", "random"], help="the bots around them"
    )
    parser.add_argument(
        "--iterations", type=whole_number(1), default=200, help="SearchBot's rollouts a decision"
    )
    parser.add_argument(
        "--players",
        type=whole_number(low, high),
        default=4,
        help=f"seats at the table, {low} to {high}",
    )
    parser.add_argument("--workers", type=whole_number(1), default=1, help="worker processes")
    parser.add_argument(
        "--resamples", type=whole_number(1), default=2000, help="bootstrap resamples"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=argparse.SUPPRESS,
        help="append each deal's record to this file (default: no file)",
    )
    args = parser.parse_args()
    args.out = getattr(args, "out", None)
    if len(set(args.candidates)) != len(args.candidates):
        parser.error("each candidate at most once")

    candidates = {name: factory(name, args.iterations) for name in args.candidates}
    records = written(args.out)
    done = {record.deal for record in records}
    missing = [deal for deal in range(args.deals) if deal not in done]
    print(f"command: {shlex.join(['python', *sys.argv])}")
    search = f" (SearchBot: {args.iterations} rollouts a decision)"
    print(
        f"candidates: {', '.join(args.candidates)}{search if 'search' in candidates else ''};"
        f" field: {args.field}; {len(missing)} deals to play, {len(done)} written"
    )
    sys.stdout.flush()
    start = time.perf_counter()
    stream = stream_deals(
        candidates,
        factory(args.field, args.iterations),
        deals=missing,
        seed=args.seed,
        players=args.players,
        workers=args.workers,
    )
    file = None if args.out is None else args.out.open("a")
    try:
        for count, record in enumerate(stream, 1):
            records.append(record)
            if file is not None:
                file.write(json.dumps(record.to_dict()) + "\n")
                file.flush()
            if count == len(missing) or count % max(1, len(missing) // 10) == 0:
                seconds = time.perf_counter() - start
                print(f"  {count} of {len(missing)} deals, {seconds:.0f} s", file=sys.stderr)
    finally:
        if file is not None:
            file.close()
    print(f"played in {time.perf_counter() - start:.1f} s on {args.workers} worker(s)\n")
    mine = [record for record in records if record.deal < args.deals]
    print(Comparison.from_records(mine, seed=args.seed, resamples=args.resamples))


if __name__ == "__main__":
    main()
