"""The public names of release 0.1.0 stay public, and ``import hellsrummy`` stays light.

:data:`RELEASE_0_1_0` is ``hellsrummy.__all__`` as release 0.1.0 shipped it (commit 526aa19);
:data:`SVG_BEFORE` and :data:`RL_BEFORE` are the ``__all__`` of ``hellsrummy.svg`` and
``hellsrummy.rl`` before the package was divided into rooms (commit ca7c485). Names may be
added; none of these may go.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import hellsrummy

RELEASE_0_1_0 = (
    "DEFAULT_DECK_PLAN",
    "DIFFICULTIES",
    "FORMAT",
    "FRENCH_SUITS",
    "MAX_RUN",
    "MIN_MELD",
    "NATURAL_RANKS",
    "RUN_RANKS",
    "SIMULATION_MAX_TURNS",
    "STANDARD_SCHEDULE",
    "SUITS",
    "Action",
    "Arrangement",
    "Bot",
    "Card",
    "Contract",
    "Deal",
    "DeckPlan",
    "Discard",
    "DiscardErrorMade",
    "DiscardPolicy",
    "Discarded",
    "Event",
    "EventLog",
    "Extend",
    "Extended",
    "Fulfillment",
    "GameRecord",
    "GameResult",
    "GameState",
    "GreedyBot",
    "IllegalActionError",
    "Leave",
    "LegalActions",
    "Meld",
    "MeldKind",
    "Melded",
    "Pass",
    "Passed",
    "Phase",
    "PlayProtectionChanged",
    "PlayProtectionWarning",
    "PlayerView",
    "RandomBot",
    "Rank",
    "Reason",
    "Refilled",
    "Requirement",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "RoundSummary",
    "Rules",
    "ScoreTable",
    "SeatLeft",
    "Seed",
    "SetPlayProtection",
    "Slot",
    "Suit",
    "SwapWildcard",
    "Swapped",
    "TableMeld",
    "Take",
    "Took",
    "__version__",
    "apply",
    "arrange",
    "can_extend",
    "can_meet",
    "can_swap",
    "card",
    "cards",
    "check",
    "contract_for",
    "deck_plan",
    "extensions",
    "find_fulfillment",
    "format_action",
    "format_cards",
    "from_dict",
    "fulfillments",
    "is_legal",
    "is_meld",
    "is_rummy",
    "is_run",
    "is_set",
    "known_cards",
    "legal_actions",
    "legal_discards",
    "meld_kinds",
    "new_game",
    "next_round",
    "pack",
    "parse_action",
    "penalty_value",
    "play_game",
    "play_remains",
    "possible_melds",
    "random_stream",
    "replay",
    "resample",
    "rummies",
    "seed_bytes",
    "seed_from_data",
    "seed_to_data",
    "shuffle",
    "simulate",
    "sort_by_run",
    "sort_by_set",
    "sort_cards",
    "state_from_view",
    "swaps",
    "to_dict",
    "view",
    "wildcards_needed",
)
SVG_BEFORE = (
    "Highlight",
    "Orientation",
    "Sort",
    "card_svg",
    "hand_svg",
    "meld_svg",
    "melds_svg",
    "state_svg",
    "view_svg",
)
RL_BEFORE = (
    "ACTION_SIZE",
    "CARDS",
    "COMMIT",
    "DECLINE",
    "DISCARD",
    "EXTEND",
    "HIGH",
    "LAYOUT",
    "MELD_CARD",
    "NEXT_MELD",
    "NEXT_PAGE",
    "OBSERVATION_SIZE",
    "PASS",
    "SEATS",
    "SWAP",
    "TAKE",
    "TARGET",
    "WINDOW",
    "Decline",
    "HellsRummyEnv",
    "Move",
    "MoveBuilder",
    "Observation",
    "Segment",
    "Turn",
    "action_steps",
    "card_of",
    "encode",
    "env",
    "raw_env",
    "segment",
    "step_name",
    "steps_action",
)
#: What ``import hellsrummy`` must not import: the extras' packages.
HEAVY = ("numpy", "gymnasium", "pettingzoo", "dask", "starlette", "pyspiel", "open_spiel")


def test_the_frozen_list_is_the_release_list() -> None:
    assert len(RELEASE_0_1_0) == len(set(RELEASE_0_1_0)) == 115


@pytest.mark.parametrize("name", RELEASE_0_1_0)
def test_every_name_of_0_1_0_is_still_public(name: str) -> None:
    assert name in hellsrummy.__all__
    getattr(hellsrummy, name)


def test_every_public_name_of_today_exists() -> None:
    assert len(hellsrummy.__all__) == len(set(hellsrummy.__all__))
    missing = [name for name in hellsrummy.__all__ if not hasattr(hellsrummy, name)]
    assert not missing


def test_importing_hellsrummy_imports_none_of_the_extras() -> None:
    code = "import json, sys, hellsrummy; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    imported = json.loads(done.stdout)
    assert "hellsrummy" in imported
    heavy = sorted(name for name in imported if name.partition(".")[0] in HEAVY)
    assert not heavy, heavy


def test_the_pictures_are_importable_as_before() -> None:
    import hellsrummy.svg

    for name in SVG_BEFORE:
        assert name in hellsrummy.svg.__all__
        getattr(hellsrummy.svg, name)
    assert hellsrummy.svg.card_svg(hellsrummy.card("7H")).startswith("<svg")


def test_the_rl_environment_is_importable_as_before() -> None:
    for extra in ("numpy", "gymnasium", "pettingzoo"):
        pytest.importorskip(extra)
    import hellsrummy.rl

    for name in RL_BEFORE:
        assert name in hellsrummy.rl.__all__
        getattr(hellsrummy.rl, name)
    game = hellsrummy.rl.env(players=3)
    game.reset(seed=1)
    assert game.agents


#: 0.2.0's API: ``hellsrummy.__all__`` and the ``__all__`` of every module its API reference
#: showed (commit 35a4835), frozen.
RELEASE_0_2_0: dict[str, list[str]] = json.loads(
    (Path(__file__).parent / "fixtures" / "api_0_2_0.json").read_text(encoding="utf-8")
)
#: The names of a 0.2.0 module path that left it, each with its line in the changelog.
MOVED_SINCE_0_2_0 = {
    ("hellsrummy.game.successor", "draw"): "hellsrummy.play.stock",
    ("hellsrummy.game.successor", "next_seat"): "hellsrummy.play.seats",
    ("hellsrummy.play.scoring", "GOES_ON"): None,  # outcome answers None while a round goes on
}


def test_every_name_of_0_2_0_is_still_public() -> None:
    names = RELEASE_0_2_0["hellsrummy"]
    assert len(names) == 143
    assert set(RELEASE_0_1_0) <= set(names)
    assert not [name for name in names if name not in hellsrummy.__all__]


@pytest.mark.parametrize("module", sorted(set(RELEASE_0_2_0) - {"hellsrummy"}))
def test_every_module_path_of_the_0_2_0_reference_still_imports(module: str) -> None:
    if module.startswith("hellsrummy.rl"):
        pytest.importorskip("gymnasium", reason="the rl extra")
    imported = importlib.import_module(module)
    changelog = (Path(__file__).parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    for name in RELEASE_0_2_0[module]:
        if (module, name) in MOVED_SINCE_0_2_0:
            assert not hasattr(imported, name)
            assert f"`{module}.{name}`" in changelog or f"{module}.{name}" in changelog, name
            home = MOVED_SINCE_0_2_0[module, name]
            if home is not None:
                getattr(importlib.import_module(home), name)
        else:
            assert hasattr(imported, name), f"{module}.{name} is gone"
