"""Rules, score table, actions and events: frozen values with validation at the boundary."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hellsrummy as hr
from hellsrummy import (
    DeckPlan,
    Discard,
    DiscardPolicy,
    EventLog,
    Extend,
    Leave,
    Meld,
    Pass,
    Rules,
    ScoreTable,
    SeatLeft,
    SetPlayProtection,
    SwapWildcard,
    Take,
    card,
    card_points,
    cards,
    penalty_value,
)

from ..support.strategies import any_card

NAMESPACE = {name: getattr(hr, name) for name in hr.__all__}


def test_default_rules_follow_the_spec() -> None:
    rules = Rules()
    assert rules.schedule == (6, 7, 8, 9, 10)
    assert rules.hand_size == 9
    assert (rules.min_players, rules.max_players) == (3, 10)
    assert rules.discard_policy is DiscardPolicy.PENALIZE
    assert rules.discard_error_points == 3
    assert rules.expert is False
    assert rules.max_turns is None
    assert rules.exact_contract_melds is False
    assert rules.discard_taken_card is True
    assert rules.score_table == ScoreTable(low=5, high=10, ace=15, wild=20)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"schedule": []}, "at least one difficulty"),
        ({"schedule": [6, 26]}, r"schedule\[1\]"),
        ({"schedule": "678"}, "sequence of difficulties"),
        ({"schedule": 6}, "sequence of difficulties"),
        ({"schedule": [6] * 1001}, "at most 1000 rounds"),
        ({"hand_size": 0}, "hand_size must be a positive int"),
        ({"hand_size": True}, "hand_size must be a positive int"),
        ({"min_players": 1, "max_players": 4}, "at least 2"),
        ({"max_players": 11}, "no step for players=11"),
        ({"discard_policy": "kitchen"}, "discard_policy must be one of"),
        ({"discard_error_points": -1}, "non-negative"),
        ({"expert": 1}, "expert must be a bool"),
        ({"max_turns": 0}, "max_turns must be None or a positive int"),
        ({"deck_plan": "big"}, "deck_plan"),
        ({"score_table": {"low": 5}}, "score_table must be a ScoreTable, got {'low': 5}"),
        ({"discard_policy": ["reject"]}, r"discard_policy must be one of .*, got \['reject'\]"),
    ],
)
def test_bad_rules_are_value_errors_naming_the_field(kwargs: dict, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        Rules(**kwargs)


def test_a_schedule_may_be_any_iterable_of_up_to_1000_rounds() -> None:
    assert Rules(schedule=iter([6, 7])).schedule == (6, 7)
    assert len(Rules(schedule=[3] * 1000).schedule) == 1000


def test_rules_are_frozen_hashable_values() -> None:
    rules = Rules(schedule=[3, 4])
    assert rules == Rules(schedule=(3, 4))
    assert hash(rules) == hash(Rules(schedule=(3, 4)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.hand_size = 3  # type: ignore[misc]
    assert attrs.evolve(rules, expert=True).expert


def test_a_custom_deck_plan_can_allow_bigger_tables() -> None:
    plan = DeckPlan(suits_by_players=[(12, 7)], decks_by_difficulty=[(25, 5)])
    rules = Rules(max_players=12, deck_plan=plan)
    state = hr.new_game(12, seed=1, rules=rules)
    assert state.players == 12


@given(any_card)
def test_penalty_values(c: hr.Card) -> None:
    expected = 20 if c.is_wild else 15 if c.rank == 14 else 10 if c.rank >= 10 else 5
    assert card_points(c) == penalty_value(c) == expected == ScoreTable().card_points(c)


def test_score_table_validates() -> None:
    with pytest.raises(ValueError, match="ace must be a non-negative int"):
        ScoreTable(ace=-5)


ACTIONS = [
    Take(),
    Pass(),
    Meld([cards("7H 7S 7D"), cards("2C 9C 9D")]),
    Extend(2, cards("8H 2D")),
    SwapWildcard(1, card("7H")),
    Discard(card("KS")),
    SetPlayProtection(0, True),
    Leave(3),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_are_values_whose_repr_rebuilds_them(action: object) -> None:
    assert eval(repr(action), NAMESPACE) == action
    assert hash(eval(repr(action), NAMESPACE)) == hash(action)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        action.x = 1  # type: ignore[attr-defined]


def test_action_text() -> None:
    assert [str(a) for a in ACTIONS] == [
        "take",
        "pass",
        "meld 7D 7H 7S / 2C 9C 9D",
        "extend 2 2D 8H",
        "swap 1 7H",
        "discard KS",
        "protection 0 on",
        "leave 3",
    ]


def test_actions_keep_cards_sorted_so_equal_moves_compare_equal() -> None:
    assert Extend(0, cards("8H 2D")) == Extend(0, cards("2D 8H"))
    assert Meld([cards("7S 7H 7D")]) == Meld([cards("7D 7H 7S")])
    assert Meld([cards("7S 7H 7D"), cards("9C 9D 9S")]) != Meld(
        [cards("9C 9D 9S"), cards("7S 7H 7D")]
    )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Extend(-1, cards("8H")), "meld must be a non-negative int"),
        (lambda: Extend(0, "8H"), "not text"),
        (lambda: Extend(0, ["8H"]), r"cards\[0\] must be a Card"),
        (lambda: SwapWildcard(0, "7H"), "card must be a Card"),
        (lambda: Discard(None), "card must be a Card"),
        (lambda: Meld([cards("7H"), ["x"]]), r"melds\[1\]"),
        (lambda: SetPlayProtection(0, 1), "on must be a bool"),
        (lambda: Leave(True), "seat must be a non-negative int"),
    ],
)
def test_bad_actions_are_value_errors(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()  # type: ignore[operator]


@given(st.lists(st.integers(0, 9), max_size=60))
def test_event_log_is_persistent(seats: list[int]) -> None:
    logs = [EventLog()]
    for seat in seats:
        logs.append(logs[-1].append(SeatLeft(seat)))
    for length, log in enumerate(logs):
        assert len(log) == length
        assert [e.seat for e in log] == seats[:length]  # type: ignore[union-attr]
    assert logs[-1].since(logs[len(seats) // 2]) == [SeatLeft(s) for s in seats[len(seats) // 2 :]]
    assert logs[-1] == logs[-1] and (len(seats) == 0 or logs[-1] != logs[0])


def test_the_event_log_does_not_take_part_in_state_equality() -> None:
    state = hr.new_game(3, seed=1)
    other = attrs.evolve(state, log=EventLog())
    assert state == other
    assert hash(state) == hash(other)


def test_the_package_cites_its_own_documentation_not_the_spec() -> None:
    # The rule book SPEC.md is not shipped; docstrings point to the rules reference instead.
    package = Path(hr.__file__).parent
    files = [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert len(files) > 20
    citing = [path.name for path in files if b"SPEC.md" in path.read_bytes()]
    assert citing == []


def test_the_old_names_of_card_points_still_answer_and_warn() -> None:
    """0.2.0's ``ScoreTable.value`` / ``hand_value`` are deprecated aliases of the new names."""
    table = ScoreTable(ace=25)
    hand = cards("AS 3C 2D")
    with pytest.warns(DeprecationWarning, match="ScoreTable.card_points"):
        assert table.value(card("AS")) == table.card_points(card("AS")) == 25
    with pytest.warns(DeprecationWarning, match="ScoreTable.hand_points"):
        assert table.hand_value(hand) == table.hand_points(hand) == 50
    from hellsrummy.game import scoring as old_path  # 0.2.0's module of card points

    assert old_path.PENALTY_OF is hr.CARD_POINTS and old_path.ScoreTable is ScoreTable
    assert table.round_points(hand, 7) == 57
