"""Studies on a real Dask cluster (the ``cluster`` extra): the same results as on one core.

A ``LocalCluster`` of two worker processes, each under a nanny that restarts it; the
executor is Dask's own (``Client.get_executor()``). The fault test kills a worker process
that is running a chunk: Dask reruns the chunk elsewhere, and the study still gives every
game exactly once, identical to ``workers=1``.
"""

from __future__ import annotations

import functools
import os
import signal
import time
from collections.abc import Iterator

import pytest
from dask.distributed import Client, LocalCluster

from hellsrummy import (
    GameResult,
    GreedyBot,
    RandomBot,
    SearchBot,
    compare,
    simulate,
    stream_deals,
    stream_results,
)

BOTS = [GreedyBot(), RandomBot(1), GreedyBot(), RandomBot(2)]
SEED = "cluster"


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    with cluster, Client(cluster) as client:
        yield client


def test_simulate_on_a_dask_executor_equals_one_core(client: Client) -> None:
    expected = simulate(BOTS, games=12, seed=SEED)
    assert simulate(BOTS, games=12, seed=SEED, executor=client.get_executor(), chunk=2) == expected


def test_streamed_game_numbers_resume_a_study(client: Client) -> None:
    expected = simulate(BOTS, games=10, seed=SEED)
    executor = client.get_executor()
    written = list(stream_results(BOTS, games=range(0, 10, 3), seed=SEED, executor=executor))
    done = {result.game for result in written}
    rest = [game for game in range(10) if game not in done]
    written += stream_results(BOTS, games=rest, seed=SEED, executor=executor, chunk=3)
    assert sorted(written, key=lambda result: result.game) == expected


def test_a_study_of_duplicate_deals_on_a_dask_executor_equals_one_core(client: Client) -> None:
    candidates = {"search": functools.partial(SearchBot, iterations=4), "random": RandomBot}
    expected = compare(candidates, deals=4, seed=SEED, players=3)
    executor = client.get_executor()
    assert compare(candidates, deals=4, seed=SEED, players=3, executor=executor) == expected
    streamed = stream_deals(candidates, deals=[3, 1], seed=SEED, players=3, executor=executor)
    assert list(streamed) == [expected.records[3], expected.records[1]]


def _busy_worker(client: Client) -> str:
    """The address of a worker that is running a task right now (waits for one)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for address, tasks in client.processing().items():
            if tasks:
                return address
        time.sleep(0.01)
    raise AssertionError("no worker ever started a task")


def test_a_worker_killed_mid_study_loses_and_repeats_nothing(client: Client) -> None:
    games = 48
    expected = simulate(BOTS, games=games, seed=SEED)
    stream = stream_results(
        BOTS, games=games, seed=SEED, executor=client.get_executor(), chunk=2, ahead=games
    )
    results: list[GameResult] = [next(stream)]
    victim = _busy_worker(client)
    pids = client.run(os.getpid)
    os.kill(pids[victim], signal.SIGKILL)  # the nanny restarts it; its chunk runs again
    results += stream
    assert [result.game for result in results].count(results[0].game) == 1
    assert sorted(result.game for result in results) == list(range(games))
    assert sorted(results, key=lambda result: result.game) == expected
    assert victim not in client.run(os.getpid) or client.run(os.getpid)[victim] != pids[victim]


def test_closing_a_stream_early_cancels_what_is_pending(client: Client) -> None:
    stream = stream_results(
        BOTS, games=40, seed=SEED, executor=client.get_executor(), chunk=1, ahead=40
    )
    first = next(stream)
    stream.close()
    assert first.game in range(40)
    deadline = time.monotonic() + 30
    while any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(client.processing().values())
