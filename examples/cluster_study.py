"""A long study on a Dask cluster: results streamed to a file as they arrive, and resumable.

Four GreedyBots play --games standard games; each result is appended to --out as one line of
JSON the moment its chunk is done, under a progress bar. Stop it at any time (Ctrl-C,
a lost machine) and run the same command again: it reads the file, drops a last line left
half-written, and plays only the games that are missing, so that nothing is lost or counted
twice. The summary at the end is computed from the file.

On a cluster started with Dask's own commands:

    dask scheduler                          # prints its address, tcp://10.0.0.5:8786
    dask worker tcp://10.0.0.5:8786 --nworkers 8 --nthreads 1   # on each machine
    python examples/cluster_study.py --scheduler tcp://10.0.0.5:8786 \\
        --games 1000000 --out study.jsonl

or on this machine alone: python examples/cluster_study.py --local 2 --games 10000
It needs the cluster and examples extras (pip install "hellsrummy[cluster,examples]"), on the
workers too.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
from pathlib import Path

from cli import Help, need_extras, whole_number

from hellsrummy import GameResult, GreedyBot, stream_results


def written_games(out: Path) -> set[int]:
    """The games already in out; a last line cut short by an interruption is dropped."""
    if not out.exists():
        return set()
    data = out.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]  # everything up to the last full line
    if len(complete) != len(data):
        with out.open("r+b") as file:
            file.truncate(len(complete))
    games: set[int] = set()
    for number, line in enumerate(complete.decode().splitlines(), 1):
        game = GameResult.from_dict(json.loads(line)).game
        if game in games:
            raise SystemExit(f"{out}:{number}: game {game} is written twice")
        games.add(game)
    return games


def summary(out: Path, games: int) -> str:
    results = [GameResult.from_dict(json.loads(line)) for line in out.read_text().splitlines()]
    mean = statistics.mean(min(result.totals) for result in results)
    return (
        f"{len(results)} of {games} games in {out}; "
        f"the winner's mean total {mean:.1f} points; "
        f"{sum(result.decisions for result in results):,} decisions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        default=argparse.SUPPRESS,
        help="address of a running Dask scheduler (default: a local cluster)",
    )
    where.add_argument("--local", type=whole_number(1), default=2, help="local worker processes")
    parser.add_argument(
        "--games", type=whole_number(1), default=10_000, help="games to play in all"
    )
    parser.add_argument("--seed", default="cluster study", help="the study's seed")
    parser.add_argument(
        "--out", type=Path, default=Path("study.jsonl"), help="the JSON-lines file of results"
    )
    parser.add_argument("--chunk", type=whole_number(1), default=64, help="games per task")
    args = parser.parse_args()
    need_extras("cluster_study.py", {"dask.distributed": "cluster", "tqdm": "examples"})
    from dask.distributed import Client, LocalCluster
    from tqdm import tqdm

    logging.getLogger("distributed").setLevel(logging.ERROR)  # no chatter at start and close

    done = written_games(args.out)
    missing = [game for game in range(args.games) if game not in done]
    if hasattr(args, "scheduler"):
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.local,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
        )
        client = Client(cluster)
    bots = [GreedyBot()] * 4
    with client, args.out.open("a") as out:
        stream = stream_results(
            bots, games=missing, seed=args.seed, executor=client.get_executor(), chunk=args.chunk
        )
        with tqdm(total=args.games, initial=len(done), unit="game") as bar:
            for result in stream:
                out.write(json.dumps(result.to_dict(), separators=(",", ":")) + "\n")
                out.flush()
                os.fsync(out.fileno())  # a line on disk is a game that is never played again
                bar.update()
    print(summary(args.out, args.games))


if __name__ == "__main__":
    main()
