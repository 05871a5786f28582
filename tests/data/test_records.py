"""Action notation, game records and replays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Action,
    Discard,
    Extend,
    GameRecord,
    GameState,
    IllegalActionError,
    Leave,
    Meld,
    Pass,
    Phase,
    Reason,
    Rules,
    SetPlayProtection,
    SwapWildcard,
    Take,
    apply,
    card,
    cards,
    format_action,
    legal_actions,
    new_game,
    next_round,
    parse_action,
    replay,
)

from ..support.deals import THREE

ACTIONS = [
    Take(),
    Pass(),
    Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]),
    Meld([cards("2C 2D 2H")]),
    Extend(2, cards("8H")),
    Extend(0, cards("8H 9H 2C")),
    SwapWildcard(1, card("7H")),
    Discard(card("KS")),
    Discard(card("10E")),
    SetPlayProtection(0, True),
    SetPlayProtection(4, False),
    Leave(3),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_notation_round_trips(action: Action) -> None:
    assert parse_action(format_action(action)) == action
    assert parse_action(format_action(action).upper()) == action
    assert parse_action("  " + format_action(action).replace(" ", "   ") + " ") == action


def test_the_issue_examples_parse() -> None:
    assert parse_action("meld 7H 7S 7D / 9C 9D 9H") == Meld([cards("7H 7S 7D"), cards("9C 9D 9H")])
    assert parse_action("meld 7H 7S 7D/9C 9D 9H") == parse_action("meld 7H 7S 7D / 9C 9D 9H")
    assert parse_action("extend 2 8H") == Extend(2, cards("8H"))
    assert parse_action("swap 1 7H") == SwapWildcard(1, card("7H"))
    assert parse_action("discard KS") == Discard(card("KS"))
    assert parse_action("discard k♠") == Discard(card("KS"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty line"),
        ("jump", r"unknown action .* at word 1 \('jump'\)"),
        ("take 7H", "'take' takes the form 'take'"),
        ("discard", "'discard' takes the form 'discard KS'"),
        ("discard 7H 8H", "'discard' takes the form"),
        ("discard 1H", r"bad card: unknown rank '1' .* at word 2 \('1H'\)"),
        ("extend x 8H", r"meld number must be a number at word 2 \('x'\)"),
        ("extend 2", "'extend' takes the form 'extend 2 8H'"),
        ("extend 2 8H QX", r"at word 4 \('QX'\)"),
        ("swap 1", "'swap' takes the form"),
        ("meld", "'meld' needs cards"),
        ("meld 7H 7S 7D / / 9C", r"empty meld at word 6"),
        ("meld 7H 7S 7D /", "'meld' needs cards"),
        ("protection 0 maybe", r"'on' or 'off' at word 3"),
        ("leave -1", r"seat must be a number at word 2"),
    ],
)
def test_bad_notation_points_at_the_bad_word(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_action(text)


def random_game(seed: int, steps: int) -> tuple[GameState, list[Action]]:
    rng = random.Random(seed)
    rules = Rules(max_turns=25, schedule=[6, 7])
    state = new_game(["Ann", "Bob", "Cat", "Dan"], seed=seed, rules=rules)
    played: list[Action] = []
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)  # as replay does: a new round starts with its first action
        moves = legal_actions(state)
        action = moves[rng.randrange(len(moves))]
        played.append(action)
        state = apply(state, action)
    return state, played


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 200))
def test_replaying_a_record_rebuilds_the_same_state(seed: int, steps: int) -> None:
    state, played = random_game(seed, steps)
    record = GameRecord(players=state.names, seed=seed, rules=state.rules, actions=played)
    assert replay(record) == state
    assert replay(record).events == state.events
    text = record.to_text()
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    assert replay(GameRecord.from_text(text)) == state


def test_a_record_of_a_fixed_deal_reads_as_text() -> None:
    record = GameRecord(
        players=("A", "B", "C"),
        seed="puzzle",
        deal=THREE,
        actions=[Take(), Meld([cards("7H 7S 7D"), cards("9C 9D 9S")])],
    )
    text = record.to_text()
    assert "hand 1: 7H 7S 7D 9C 9D 2C 4S 5S KH" in text
    assert "discard: 9S" in text
    assert GameRecord.from_text(text) == record
    assert replay(record).met == (False, True, False)


def test_a_hand_written_record() -> None:
    text = """
    # A bug report: seat 1 discards a wildcard.
    players: Ann, Bob, Cat
    seed: "report"
    rules: {"schedule": [6], "hand_size": 9, "min_players": 3, "max_players": 10,
    """
    # (rules must fit on one line; a broken one is refused with its line's name)
    with pytest.raises(ValueError, match="rules: not valid JSON"):
        GameRecord.from_text(text + "\n---\ntake\n")
    good = """
    # A bug report.
    players: Ann, Bob, Cat
    seed: "report"

    ---
    take
    """
    state = replay(GameRecord.from_text(good))
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed: 1\n---\n", "needs a 'players:' line"),
        ("players: A, B, C\n---\n", "needs a 'seed:' line"),
        ("players: A, B, C\nseed: one\n---\n", "seed: not valid JSON"),
        ("players: A, B, C\nseed: 1.5\n---\n", "seed: must be an integer"),
        ("players: A, B, C\nseed: 1\ncolour: red\n---\n", "unknown header line"),
        ("players: A, B, C\nseed: 1\nnonsense\n", "line 3: expected 'key: value'"),
        ("players: A, B, C\nseed: 1\nhand 0: 7H\n---\n", "needs a 'hand 1:' line"),
        ("players: A, B, C\nseed: 1\n---\ntake\nfly\n", "line 5: unknown action"),
    ],
)
def test_bad_records_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GameRecord.from_text(text)


def test_replay_names_the_illegal_action() -> None:
    record = GameRecord(players=("A", "B", "C"), seed=1, actions=[Take(), Take()])
    with pytest.raises(IllegalActionError, match=r"action 1 \(take\): cannot take") as error:
        replay(record)
    assert error.value.reason is Reason.WRONG_PHASE


def test_record_of_a_state() -> None:
    start = new_game(3, seed=9)
    record = GameRecord.of(start, [Pass()])
    assert replay(record) == apply(start, Pass())
