"""The scan's biggest listings, saved by ``bench/listing_scan.py --fixtures`` (shared by tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hellsrummy import GameState, from_dict

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "worst_listings.json"
#: Each saved position: its state (``to_dict``), the game and step that rebuild it, its moves.
SAVED: list[dict[str, Any]] = json.loads(FIXTURES.read_text())["positions"]
#: The parametrize ids of :data:`SAVED`.
IDS = [f"game {s['game']} step {s['step']}" for s in SAVED]


def state_of(saved: dict[str, Any]) -> GameState:
    """The state of one saved position."""
    state = from_dict(saved["state"])
    assert isinstance(state, GameState)
    return state
