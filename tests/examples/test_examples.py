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


def run(
    script: str, *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        input=stdin,
        cwd=cwd,
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
    assert "your score if someone went out now:" in done.stdout
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
        file.write('{"format": 4, "type": "game_result", "game": 6, "sea')  # cut short
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
        file.write('{"format": 4, "type": "deal_record", "deal": 3, "diffi')  # cut short
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


SCRIPTS = [
    "demo.py",
    "terminal.py",
    "analysis.py",
    "compare.py",
    "cluster_study.py",
    "pictures.py",
    "solver_demo.py",
    "write_schemas.py",
]


@pytest.mark.parametrize(
    ("script", "args", "complaint"),
    [
        ("demo.py", ["--players", "11"], "argument --players: must be 3 to 10, got 11"),
        ("demo.py", ["--players", "many"], "argument --players: not a whole number: 'many'"),
        ("terminal.py", ["--players", "2"], "argument --players: must be 3 to 10, got 2"),
        ("analysis.py", ["--games", "0"], "argument --games: must be at least 1, got 0"),
        ("analysis.py", ["--tables", "3,x"], "argument --tables: not a whole number: 'x'"),
        ("analysis.py", ["--tables", "2"], "argument --tables: must be 3 to 10, got 2"),
        ("compare.py", ["--deals", "0"], "argument --deals: must be at least 1, got 0"),
        ("compare.py", ["--players", "2"], "argument --players: must be 3 to 10, got 2"),
        ("compare.py", ["--iterations", "0"], "argument --iterations: must be at least 1"),
        ("compare.py", ["--workers", "0"], "argument --workers: must be at least 1, got 0"),
        ("compare.py", ["--resamples", "0"], "argument --resamples: must be at least 1"),
        ("cluster_study.py", ["--chunk", "0"], "argument --chunk: must be at least 1, got 0"),
        ("cluster_study.py", ["--local", "0"], "argument --local: must be at least 1, got 0"),
        ("cluster_study.py", ["--games", "-1"], "argument --games: must be at least 1"),
        ("pictures.py", ["--players", "2"], "argument --players: must be 3 to 10, got 2"),
        ("pictures.py", ["--rounds", "0"], "argument --rounds: must be at least 1, got 0"),
        ("solver_demo.py", ["--size", "1000"], "argument --size: must be 1 to 104, got 1000"),
        ("solver_demo.py", ["--hands", "0"], "argument --hands: must be at least 1, got 0"),
        ("write_schemas.py", ["one", "two"], "unrecognized arguments: two"),
        ("write_schemas.py", ["--folder", "x"], "unrecognized arguments: --folder"),
    ],
)
def test_a_bad_argument_gets_a_usage_message_not_a_traceback(
    script: str, args: list[str], complaint: str, tmp_path: Path
) -> None:
    if script in ("analysis.py", "cluster_study.py"):
        pytest.importorskip("tqdm")
        pytest.importorskip("matplotlib" if script == "analysis.py" else "dask.distributed")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,  # nothing is written here: the arguments are refused first
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith(f"usage: {script} ")
    assert f"{script}: error: {complaint}" in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_file_where_a_folder_is_wanted_gets_a_usage_message(tmp_path: Path) -> None:
    file = tmp_path / "taken"
    file.write_text("")
    for script in ("pictures.py", "write_schemas.py"):
        done = run(script, str(file))
        assert done.returncode == 2, done.stderr
        assert f"{script}: error: {file} is not a folder" in done.stderr
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_is_plain_text_with_the_defaults(script: str, tmp_path: Path) -> None:
    if script in ("analysis.py", "cluster_study.py"):
        pytest.importorskip("tqdm")
        pytest.importorskip("matplotlib" if script == "analysis.py" else "dask.distributed")
    done = run(script, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []  # --help writes nothing (not a folder named --help)
    text = done.stdout
    assert text.startswith(f"usage: {script} ")
    for markup in ("``", ":func:", ":class:", ":meth:", ":data:", "::\n"):
        assert markup not in text, markup
    options = text[text.index("options:") :]
    for line in options.splitlines()[2:]:  # after -h: every option says its default
        if line.lstrip().startswith("-"):
            block = options[options.index(line) :].split("\n  -")[0]
            assert "(default:" in " ".join(block.split()), block
    positional = text[: text.index("options:")]
    if "positional arguments:" in positional:
        assert "(default:" in " ".join(positional.split("positional arguments:")[1].split())


def test_the_examples_name_seats_as_the_library_does() -> None:
    done = run("demo.py", "--seed", "smoke", "--players", "3")
    assert done.returncode == 0, done.stderr
    assert "Seat 0" in done.stdout and "Bot" not in done.stdout
    keys = "1\n1\nquit\n"
    done = run("terminal.py", "--seed", "smoke", "--players", "3", stdin=keys)
    assert done.returncode == 0, done.stderr
    assert "you sit in seat 0 (Seat 0)" in done.stdout
    assert "Seat 0     " in done.stdout and "(you)" in done.stdout
    assert "You" not in done.stdout and "Bot " not in done.stdout


# Runs an example with some modules unimportable, as if their extra were not installed:
# python -c BLOCKER MODULES SCRIPT ARGS...
BLOCKER = r"""
import importlib.abc, os, runpy, sys

blocked = set(sys.argv[1].split(","))


class Unimportable(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Unimportable())
sys.argv = sys.argv[2:]
sys.path[0] = os.path.dirname(os.path.abspath(sys.argv[0]))  # as `python SCRIPT` sets it
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def run_without(
    modules: list[str], script: str, *args: str, cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKER, ",".join(modules), str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


MISSING_EXTRAS = [
    # script, the modules made unimportable, arguments: the message's module, extra and extras
    ("analysis.py", ["matplotlib"], ["--games", "1"], "matplotlib", "examples", "examples"),
    ("analysis.py", ["tqdm", "matplotlib"], ["--games", "1"], "tqdm", "examples", "examples"),
    ("cluster_study.py", ["dask"], ["--games", "1"], "dask", "cluster", "cluster,examples"),
    ("cluster_study.py", ["tqdm"], ["--games", "1"], "tqdm", "examples", "cluster,examples"),
    ("web/app.py", ["starlette", "uvicorn"], ["--port", "0"], "uvicorn", "web", "web"),
    ("web/app.py", ["starlette"], ["--port", "0"], "starlette", "web", "web"),
    ("train.py", ["sb3_contrib"], ["--method", "ppo"], "sb3_contrib", "train", "train"),
    ("train.py", ["torch"], ["--decisions", "1"], "torch", "train", "train"),
]


@pytest.mark.parametrize(
    ("script", "blocked", "args", "missing", "extra", "extras"),
    MISSING_EXTRAS,
    ids=[f"{case[0]}-{'-'.join(case[1])}" for case in MISSING_EXTRAS],
)
def test_a_missing_extra_is_named_in_one_line_not_a_traceback(
    script: str,
    blocked: list[str],
    args: list[str],
    missing: str,
    extra: str,
    extras: str,
    tmp_path: Path,
) -> None:
    done = run_without(blocked, script, *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == (
        f"{Path(script).name} needs {missing}, from the {extra} extra:"
        f' pip install "hellsrummy[{extras}]"\n'
    )
    assert list(tmp_path.iterdir()) == []  # nothing written before the check


@pytest.mark.parametrize(
    ("script", "blocked"),
    [
        ("analysis.py", ["matplotlib", "tqdm"]),
        ("cluster_study.py", ["dask", "tqdm"]),
        ("web/app.py", ["starlette", "uvicorn", "websockets"]),
        ("train.py", ["torch", "sb3_contrib", "matplotlib"]),
    ],
)
def test_help_works_without_the_extra(script: str, blocked: list[str], tmp_path: Path) -> None:
    done = run_without(blocked, script, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {Path(script).name} ")
    assert done.stderr == ""


def test_write_schemas_says_when_it_cannot_make_the_folder(tmp_path: Path) -> None:
    file = tmp_path / "a file"
    file.write_text("")
    folder = file / "schemas"  # under a file: no folder can be made there, even by root
    done = run("write_schemas.py", str(folder))
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith(f"write_schemas.py: error: cannot write to {folder}: ")
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_terminal_says_there_is_no_move_of_a_number_beyond_the_list() -> None:
    done = run("terminal.py", "--seed", "smoke", "--players", "3", stdin="99\n0\n1\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "?? no move 99: the moves are numbered 1 to 2" in done.stdout
    assert "?? no move 0: the moves are numbered 1 to 2" in done.stdout
    assert "unknown action" not in done.stdout
    assert "bye" in done.stdout
