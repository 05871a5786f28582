"""Games per second of a study on a local Dask cluster of 1 and of 2 worker processes, one run.

Both clusters are started at once (a scheduler and its workers each, one thread per worker:
the games are pure Python), and the same games — four GreedyBots, standard schedule —
are streamed with :func:`hellsrummy.stream_results` on one cluster, then on the other,
segment after segment, alternating. Each segment's games/s is printed, then the median speed-up
of 2 workers over 1 with its range; the results of the two clusters are checked to be
identical. An idle cluster costs nothing, so the alternation only shares the machine's noise
out evenly.

Needs the ``cluster`` extra (``pip install -e ".[cluster]"``)::

    python bench/cluster.py --games 10000 --segments 4
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import time

from dask.distributed import Client, LocalCluster

from hellsrummy import GameResult, GreedyBot, stream_results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in all (default 10000)")
    parser.add_argument("--segments", type=int, default=4, help="segments per cluster (default 4)")
    parser.add_argument("--chunk", type=int, default=25, help="games per task (default 25)")
    parser.add_argument("--seed", default="cluster bench")
    args = parser.parse_args()
    logging.getLogger("distributed").setLevel(logging.ERROR)  # no chatter at start and close
    per_segment = args.games // (2 * args.segments)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"{args.segments} segments of {per_segment} games on each cluster, {args.chunk} per task"
    )
    bots = [GreedyBot()] * 4
    clusters = {
        workers: LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
        )
        for workers in (1, 2)
    }
    clients = {workers: Client(cluster) for workers, cluster in clusters.items()}
    try:
        for client in clients.values():  # warm up: workers import the library
            list(stream_results(bots, games=4, seed="warm", executor=client.get_executor()))
        rates: dict[int, list[float]] = {1: [], 2: []}
        for segment in range(args.segments):
            games = range(segment * per_segment, (segment + 1) * per_segment)
            seen: dict[int, list[GameResult]] = {}
            for workers, client in clients.items():
                start = time.perf_counter()
                seen[workers] = sorted(
                    stream_results(
                        bots,
                        games=games,
                        seed=args.seed,
                        executor=client.get_executor(),
                        chunk=args.chunk,
                    ),
                    key=lambda result: result.game,
                )
                rates[workers].append(len(games) / (time.perf_counter() - start))
            if seen[1] != seen[2]:
                raise SystemExit(f"segment {segment + 1}: the two clusters disagree")
            print(
                f"segment {segment + 1}: 1 worker {rates[1][-1]:6.1f} games/s   "
                f"2 workers {rates[2][-1]:6.1f} games/s   "
                f"speed-up {rates[2][-1] / rates[1][-1]:.2f}"
            )
        speedups = [two / one for one, two in zip(rates[1], rates[2], strict=True)]
        print(
            f"1 worker: median {statistics.median(rates[1]):.1f} games/s; "
            f"2 workers: median {statistics.median(rates[2]):.1f} games/s; "
            f"speed-up median {statistics.median(speedups):.2f} "
            f"(range {min(speedups):.2f}-{max(speedups):.2f}); results identical"
        )
    finally:
        for client in clients.values():
            client.close()
        for cluster in clusters.values():
            cluster.close()


if __name__ == "__main__":
    main()
