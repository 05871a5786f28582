"""Streamed studies (``stream_results``) and results as plain data (``GameResult.to_dict``)."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import threading
from typing import Any

import pytest

from hellsrummy import GameResult, GreedyBot, RandomBot, simulate, stream_results

BOTS = [GreedyBot(), RandomBot(3), RandomBot(4)]


def test_a_stream_gives_each_asked_game_once_whatever_the_pool() -> None:
    every = {result.game: result for result in simulate(BOTS, games=9, seed="s")}
    asked = [8, 0, 5, 3]
    serial = list(stream_results(BOTS, games=asked, seed="s", ordered=True))
    assert serial == [every[game] for game in asked]
    pooled = list(stream_results(BOTS, games=asked, seed="s", workers=2, chunk=1))
    assert sorted(result.game for result in pooled) == sorted(asked)
    assert all(result == every[result.game] for result in pooled)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as threads:
        ordered = stream_results(
            BOTS, games=range(9), seed="s", executor=threads, chunk=2, ordered=True, ahead=1
        )
        assert list(ordered) == [every[game] for game in range(9)]


def test_a_study_resumed_from_written_lines_loses_and_repeats_nothing() -> None:
    every = simulate(BOTS, games=10, seed="resume", chunk=3)
    lines: list[str] = []
    for result in stream_results(BOTS, games=10, seed="resume", chunk=3):
        lines.append(json.dumps(result.to_dict()))
        if len(lines) == 4:
            break  # interrupted
    written = {GameResult.from_dict(json.loads(line)).game for line in lines}
    missing = [game for game in range(10) if game not in written]
    lines += [json.dumps(r.to_dict()) for r in stream_results(BOTS, games=missing, seed="resume")]
    read = sorted((GameResult.from_dict(json.loads(line)) for line in lines), key=_game)
    assert read == every


def _game(result: GameResult) -> int:
    return result.game


def test_arguments_are_checked_when_the_stream_is_made() -> None:
    for games, message in [
        (-1, "games must be"),
        ([1, 1], "game 1 is asked for twice"),
        ([2, -3], "game numbers must be non-negative"),
        (range(-2, 3), "game numbers must be non-negative"),
        ("12", "games must be a count or game numbers"),
        (True, "games must be a count or game numbers"),
    ]:
        with pytest.raises(ValueError, match=message):
            stream_results(BOTS, games=games, seed=1)
    for keyword in ("workers", "chunk", "ahead"):
        with pytest.raises(ValueError, match=f"{keyword} must be a positive int"):
            stream_results(BOTS, games=3, seed=1, **{keyword: 0})
    with pytest.raises(ValueError, match="3 to 10 players"):
        stream_results(BOTS[:2], games=3, seed=1)
    assert list(stream_results(BOTS, games=[], seed=1, workers=2)) == []


def test_closing_a_stream_early_cancels_the_rest() -> None:
    started: list[int] = []
    lock = threading.Lock()

    class Counting(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            with lock:
                started.append(len(args[-1]))
            return super().submit(fn, *args, **kwargs)

    with Counting(max_workers=1) as pool:
        stream = stream_results(BOTS, games=40, seed=1, executor=pool, chunk=1, ahead=3)
        next(stream)
        stream.close()
    assert len(started) <= 5  # the window of 3 and one refill, not 40 chunks


def test_simulate_reports_progress_per_chunk_on_a_process_pool() -> None:
    seen: list[tuple[int, int]] = []
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        results = simulate(
            BOTS, games=5, seed=2, chunk=2, executor=pool, progress=lambda *a: seen.append(a)
        )
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1] == (5, 5)
    assert len(seen) == 3
    assert [result.game for result in results] == list(range(5))


def _data() -> dict[str, Any]:
    (result,) = simulate(BOTS, games=1, seed="data")
    return result.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"type": "GameState"}, "type: format 4 names this kind 'game_result', not 'GameState'"),
        ({"seats": [0, 0, 1]}, "seats: must order the seats 0 to 2"),
        ({"totals": [1, 2]}, "totals: must have one entry per seat"),
        ({"winners": []}, "winners: must be the bots with the lowest total"),
        ({"game": -1}, "game: must be at least 0"),
        ({"decisions": "9"}, "decisions: must be an integer"),
        ({"rounds": "x"}, "rounds: must be a list"),
    ],
)
def test_bad_result_data_is_refused_with_its_path(change: dict[str, Any], message: str) -> None:
    data = _data()
    assert (
        GameResult.from_dict(json.loads(json.dumps(data)))
        == simulate(BOTS, games=1, seed="data")[0]
    )
    with pytest.raises(ValueError, match=message):
        GameResult.from_dict({**data, **change})


def test_bad_round_data_names_the_round() -> None:
    data = _data()
    bad = dict(data["rounds"][2], difficulty=2)
    with pytest.raises(ValueError, match=r"rounds\[2\]\.difficulty: must be from 3 to 25"):
        GameResult.from_dict({**data, "rounds": [*data["rounds"][:2], bad]})
    bad = dict(data["rounds"][0], met_after=[None])
    with pytest.raises(ValueError, match=r"rounds\[0\]\.met_after: must have 3 entries"):
        GameResult.from_dict({**data, "rounds": [bad]})
    bad = dict(data["rounds"][0], winner=7)
    with pytest.raises(ValueError, match=r"rounds\[0\]\.winner: must be a seat from 0 to 2"):
        GameResult.from_dict({**data, "rounds": [bad]})
    with pytest.raises(ValueError, match="must be an object"):
        GameResult.from_dict([data])
