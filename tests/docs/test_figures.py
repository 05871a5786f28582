"""The figures on the pages, and the numbers printed beside them, are those their scripts wrote."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "_figures"


def test_the_contract_odds_tables_are_the_json_s_numbers() -> None:
    """docs/bots.rst shows bench/contract_odds.py's figure and the numbers of its JSON."""
    assert (FIGURES / "contract-odds.png").read_bytes().startswith(b"\x89PNG")
    summary = json.loads((FIGURES / "contract-odds.json").read_text(encoding="utf-8"))
    page = (ROOT / "docs" / "bots.rst").read_text(encoding="utf-8")
    assert "_figures/contract-odds.png" in page
    assert f"   {summary['command']}\n" in page  # the command that made it
    dealt = {
        int(row[0]): row[1:]
        for row in re.findall(r"^(\d+) {2,}.+? {2,}([\d.]+%) \[([\d.]+%), ([\d.]+%)\]$", page, re.M)
    }
    assert dealt == {
        row["difficulty"]: tuple(f"{row[key]:.2%}" for key in ("share", "low", "high"))
        for row in summary["dealt"]
    }
    header = re.search(r"^difficulty  k=0 (.*)$", page, re.M)
    assert header is not None
    turns = [0, *map(int, header[1].split())]
    played = {
        int(number): cells.split()
        for number, cells in re.findall(r"^(\d+) {2,}((?:\d+% +)+\d+%)$", page, re.M)
    }
    assert played == {
        row["difficulty"]: [f"{row['by_turn'][k]['share']:.0%}" for k in turns]
        for row in summary["played"]
    }
    widest = max(
        max(cell["high"] - cell["share"], cell["share"] - cell["low"])
        for row in summary["played"]
        for cell in row["by_turn"]
    )
    assert f"each within {widest * 100:.1f} points of the truth at 95%" in " ".join(page.split())
