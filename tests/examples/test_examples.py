"""Smoke tests: every example runs to the end."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("script", "args", "expected"),
    [
        ("demo.py", ["--seed", "smoke", "--players", "3"], "winner:"),
        ("demo.py", ["--seed", "smoke", "--verbose"], "round 5 ended"),
        ("solver_demo.py", ["--hands", "2"], "Two Sets of 3"),
    ],
)
def test_example_runs(script: str, args: list[str], expected: str) -> None:
    done = run(script, *args)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


def run(script: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        input=stdin,
    )


def test_analysis_prints_a_table_and_saves_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("tqdm")
    out = tmp_path / "plot.png"
    done = run("analysis.py", "--games", "1", "--tables", "3", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "turns per player until a GreedyBot meets the minimum" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG")


def test_terminal_game_takes_moves_and_commands_from_the_keyboard() -> None:
    keys = "1\nsort run\nprotection on\nnonsense\nhelp\n2\n1\nquit\n"
    done = run("terminal.py", "--seed", "smoke", "--players", "3", stdin=keys)
    assert done.returncode == 0, done.stderr
    assert "your hand:" in done.stdout
    assert "penalty if someone went out now:" in done.stdout
    assert "?? unknown action" in done.stdout
    assert "bye" in done.stdout


def test_pictures_writes_svg_files_of_a_game_and_an_index(tmp_path: Path) -> None:
    done = run("pictures.py", str(tmp_path), "--seed", "smoke", "--players", "5", "--rounds", "2")
    assert done.returncode == 0, done.stderr
    assert f"open {tmp_path / 'index.html'}" in done.stdout
    pictures = sorted(tmp_path.glob("*.svg"))
    assert len(pictures) >= 6
    assert any("meets" in p.name for p in pictures) and any("end" in p.name for p in pictures)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    for picture in pictures:
        assert ET.parse(picture).getroot().tag == "{http://www.w3.org/2000/svg}svg"
        assert f"src='{picture.name}'" in index


def test_cluster_study_streams_to_a_file_and_resumes_after_an_interruption(
    tmp_path: Path,
) -> None:
    import json

    from hellsrummy import GameResult, GreedyBot, simulate

    out = tmp_path / "study.jsonl"
    common = ["--local", "2", "--seed", "smoke", "--chunk", "2", "--out", str(out)]
    done = run("cluster_study.py", "--games", "6", *common)
    assert done.returncode == 0, done.stderr
    assert "6 of 6 games" in done.stdout
    with out.open("a") as file:
        file.write('{"type": "GameResult", "game": 6, "sea')  # cut short mid-line
    done = run("cluster_study.py", "--games", "10", *common)
    assert done.returncode == 0, done.stderr
    assert "10 of 10 games" in done.stdout
    lines = out.read_text().splitlines()
    results = sorted(
        (GameResult.from_dict(json.loads(line)) for line in lines), key=lambda r: r.game
    )
    assert results == simulate([GreedyBot()] * 4, games=10, seed="smoke")


def test_compare_prints_its_table_and_resumes_from_its_records(tmp_path: Path) -> None:
    import functools
    import json

    from hellsrummy import (
        Comparison,
        DealRecord,
        GreedyBot,
        RandomBot,
        SearchBot,
        Unseeded,
        compare,
    )

    out = tmp_path / "records.jsonl"
    common = ["--candidates", "search", "random", "greedy", "--iterations", "2"]
    common += ["--seed", "smoke", "--out", str(out)]
    done = run("compare.py", "--deals", "3", *common)
    assert done.returncode == 0, done.stderr
    assert "3 deals to play, 0 written" in done.stdout
    assert "points - baseline [95% CI]" in done.stdout
    assert "search - random: points" in done.stdout
    assert "+0.0 [+0.0, +0.0]" in done.stdout  # greedy, the field's equal
    with out.open("a") as file:
        file.write('{"type": "DealRecord", "deal": 3, "diffi')  # cut short mid-line
    done = run("compare.py", "--deals", "5", *common)
    assert done.returncode == 0, done.stderr
    assert "2 deals to play, 3 written" in done.stdout
    records = [DealRecord.from_dict(json.loads(line)) for line in out.read_text().splitlines()]
    assert [record.deal for record in records] == [0, 1, 2, 3, 4]
    candidates = {
        "search": functools.partial(SearchBot, iterations=2),
        "random": RandomBot,
        "greedy": Unseeded(GreedyBot),
    }
    expected = compare(candidates, deals=5, seed="smoke")
    assert Comparison.from_records(records, seed="smoke") == expected
    assert expected.table(timing=False) in done.stdout


def test_compare_explains_itself_and_its_defaults() -> None:
    done = run("compare.py", "--help")
    assert done.returncode == 0, done.stderr
    assert "Is my bot better?" in done.stdout
    assert "how many deals (default: 100)" in done.stdout
    assert "random-apart" in done.stdout
