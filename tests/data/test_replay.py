"""Records replay exactly: the record of any game replays to its final state (issue 33, point 3).

Random games of every rule variant (``tests/support/positions.py``: classic calls by any seat,
play protection, seats leaving at any moment: in a round, right after a deal and between
rounds) are written down as a :class:`hellsrummy.GameRecord` (the actions, and where each next
round was dealt), sent through its dict (as JSON) and its text, read back and replayed: the
replay is the game's final state, events included. A record that does not say where rounds
were dealt (formats 1 and 2) cannot tell a leave between rounds from one right after a deal;
the games here make both.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Action,
    Discard,
    DiscardPolicy,
    GameRecord,
    GameState,
    Leave,
    Phase,
    Rules,
    SetPlayProtection,
    Take,
    apply,
    from_dict,
    new_game,
    next_round,
    replay,
    to_dict,
)

from ..support.positions import Step, Style, random_game, random_rules

TABLE_ACTIONS = (Leave, SetPlayProtection)


def game_steps(seed: int, steps: int = 200) -> list[Step]:
    """A random game of random rules, with calls and table actions at any moment."""
    rng = random.Random(f"replay {seed}")
    players = rng.randint(3, 7)
    policies = (DiscardPolicy.CLASSIC,) if seed % 2 else tuple(DiscardPolicy)
    rules = random_rules(rng, players, policies)
    if rng.random() < 0.5:  # short rounds: many deals, so many moments right after one
        rules = attrs.evolve(rules, max_turns=rng.choice([1, 2, 4]))
    style = attrs.evolve(
        Style.draw(rng),
        call=rng.choice([0.0, 0.3, 0.7]),
        leave=rng.choice([0.0, 0.01, 0.05, 0.1]),
        protect=rng.choice([0.02, 0.1, 0.3]),
        between=rng.choice([0.0, 0.5, 0.8]),
    )
    return list(random_game(seed, rules, players, steps=steps, style=style, cap=80))


def record_of(steps: Sequence[Step]) -> GameRecord:
    """The record of a game up to its last step's state: its actions, and how many came before
    each next round's deal."""
    actions: list[Action] = []
    dealt: list[int] = []
    for step in steps[:-1]:
        if step.action is not None:
            actions.append(step.action)
        elif step.state.phase is Phase.ROUND_OVER:
            dealt.append(len(actions))
    return GameRecord.of(steps[0].state, actions, dealt=dealt)


def moments(steps: Sequence[Step]) -> Counter[str]:
    """When the game's table actions and calls were made: in a round, right after a deal..."""
    tally: Counter[str] = Counter()
    for before, step in itertools.pairwise(steps):
        if step.action is None:
            continue
        kind = type(step.action).__name__
        if step.state.phase is Phase.ROUND_OVER:
            tally[f"{kind} between rounds"] += 1
        elif before.action is None and before.state.phase is Phase.ROUND_OVER:
            tally[f"{kind} right after a deal"] += 1
        else:
            tally[kind] += 1
    return tally


def assert_same(replayed: GameState, final: GameState) -> None:
    assert replayed == final, final.describe()
    assert replayed.events == final.events


def assert_replays(steps: Sequence[Step]) -> GameRecord:
    record = record_of(steps)
    final = steps[-1].state
    assert_same(replay(record), final)
    through_json = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert through_json == record
    assert_same(replay(through_json), final)
    through_generic = from_dict(json.loads(json.dumps(to_dict(record))))
    assert through_generic == record
    through_text = GameRecord.from_text(record.to_text())
    assert through_text == record
    assert_same(replay(through_text), final)
    return record


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_record_of_any_game_replays_to_its_final_state(seed: int) -> None:
    assert_replays(game_steps(seed))


@pytest.mark.parametrize("seed", range(12))
def test_the_record_of_every_prefix_replays_to_where_the_game_stood(seed: int) -> None:
    steps = game_steps(seed, steps=60)
    for end in range(1, len(steps) + 1, 7):
        assert_replays(steps[:end])


def test_the_games_make_table_actions_and_calls_at_every_moment() -> None:
    tally: Counter[str] = Counter()
    differ = 0
    for seed in range(120):
        steps = game_steps(seed)
        tally += moments(steps)
        record = assert_replays(steps)
        try:
            lazily = replay(attrs.evolve(record, dealt=None))
        except ValueError:
            differ += 1
        else:
            differ += lazily != steps[-1].state
    for moment in ("between rounds", "right after a deal"):
        assert tally[f"Leave {moment}"] >= 1, dict(tally)
        assert tally[f"SetPlayProtection {moment}"] >= 1, dict(tally)
    assert tally["Leave"] >= 5 and tally["CallRummy"] >= 5, dict(tally)
    # Without saying where rounds were dealt, some of these records replay to another state.
    assert differ >= 1


# --- the issue's example, and the marker's own checks ----------------------------------------


def issue_example() -> tuple[GameState, list[Action], GameState, GameState]:
    """Seat 0 leaves right after round 2 is dealt, or between rounds 1 and 2."""
    start = new_game(4, seed=3, rules=Rules(max_turns=1, schedule=[6, 7]))
    discard = Discard(apply(start, Take()).hands[1][-1])
    over = apply(apply(start, Take()), discard)
    after_deal = apply(next_round(over), Leave(0))
    between = next_round(apply(over, Leave(0)))
    return start, [Take(), discard, Leave(0)], after_deal, between


def test_a_leave_right_after_a_deal_replays_where_it_was_made() -> None:
    start, actions, after_deal, between = issue_example()
    assert after_deal != between
    record = GameRecord.of(start, actions, dealt=[2])
    assert_same(replay(record), after_deal)
    assert_same(replay(GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))), after_deal)
    assert_same(replay(GameRecord.from_text(record.to_text())), after_deal)
    assert "take\ndiscard" in record.to_text() and "\n--- round 2\nleave 0" in record.to_text()
    assert record.to_dict()["dealt"] == [2]


def test_a_leave_between_rounds_replays_before_the_deal() -> None:
    start, actions, _, between = issue_example()
    record = GameRecord.of(start, actions, dealt=[3])
    assert_same(replay(record), between)
    assert record.to_text().endswith("leave 0\n--- round 2")
    assert_same(replay(GameRecord.from_text(record.to_text())), between)
    # A record that does not say (formats 1 and 2) plays table actions before the deal.
    unmarked = replay(GameRecord.of(start, actions))
    assert unmarked.phase is Phase.ROUND_OVER and unmarked.left == (True, False, False, False)
    assert_same(next_round(unmarked), between)


def test_dealt_is_checked() -> None:
    start, actions, _, _ = issue_example()
    with pytest.raises(ValueError, match=r"dealt\[0\] must be from 0 to 3 .* got 4"):
        GameRecord.of(start, actions, dealt=[4])
    with pytest.raises(ValueError, match=r"dealt\[1\] must be from 3 to 3"):
        GameRecord.of(start, actions, dealt=[2, 2])
    with pytest.raises(ValueError, match=r"dealt\[0\] must be an int, got '2'"):
        GameRecord.of(start, actions, dealt=["2"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="dealt must be a sequence"):
        GameRecord.of(start, actions, dealt="2")  # type: ignore[arg-type]
    assert GameRecord.of(start, actions, dealt=[]).dealt is None
    with pytest.raises(
        ValueError, match=r"dealt\[0\]: round 2 is dealt after action 0 \(take\), but round 1"
    ):
        replay(GameRecord.of(start, actions, dealt=[1]))
    with pytest.raises(ValueError, match=r"dealt\[0\]: round 2 is dealt at the start"):
        replay(GameRecord.of(start, actions, dealt=[0]))


def test_dealt_is_read_from_the_dict_and_the_text_with_errors_that_say_where() -> None:
    start, actions, _, _ = issue_example()
    data = GameRecord.of(start, actions, dealt=[2]).to_dict()
    with pytest.raises(ValueError, match=r"dealt\[0\]: must be an integer, got str"):
        GameRecord.from_dict({**data, "dealt": ["2"]})
    with pytest.raises(ValueError, match="dealt: must be a list, got int"):
        GameRecord.from_dict({**data, "dealt": 2})
    with pytest.raises(ValueError, match="dealt: missing"):
        GameRecord.from_dict({key: value for key, value in data.items() if key != "dealt"})
    # Formats 1 and 2 had no dealt: such a record does not say.
    old = {key: value for key, value in data.items() if key != "dealt"}
    assert GameRecord.from_dict({**old, "format": 2, "type": "GameRecord"}).dealt is None
    text = GameRecord.of(start, actions, dealt=[2]).to_text()
    assert GameRecord.from_text(text.replace("--- round 2", "---  Round 2")).dealt == (2,)
    with pytest.raises(ValueError, match=r"line 8: expected '--- round 2', got '--- round 1'"):
        GameRecord.from_text(text.replace("--- round 2", "--- round 1"))
    with pytest.raises(ValueError, match=r"line 8: expected '--- round 2', got '---'"):
        GameRecord.from_text(text.replace("--- round 2", "---"))
