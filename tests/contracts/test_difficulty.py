from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellsrummy import (
    DEFAULT_DECK_PLAN,
    DIFFICULTIES,
    FRENCH_SUITS,
    STANDARD_SCHEDULE,
    SUITS,
    Contract,
    DeckPlan,
    MeldKind,
    Requirement,
    contract_for,
    deck_plan,
)

# The online game's table of minimum requirements (SPEC.md section 3), as it words them.
ONLINE_TABLE = {
    3: "One Set of 3",
    4: "One Run of 4",
    5: "One Run of 5",
    6: "Two Sets of 3",
    7: "One Run of 4, One Set of 3",
    8: "Two Runs of 4",
    9: "Three Sets of 3",
    10: "One Run of 7, One Set of 3",
    11: "Two Runs of 4, One Set of 3",
    12: "Three Runs of 4",
    13: "One Run of 4, Three Sets of 3",
    14: "Two Runs of 4, Two Sets of 3",
    15: "Five Sets of 3",
    16: "Four Runs of 4",
    17: "Two Runs of 4, Three Sets of 3",
    18: "Six Sets of 3",
    19: "Two Runs of 8, One Set of 3",
    20: "Four Runs of 5",
    21: "Seven Sets of 3",
    22: "Two Runs of 5, Four Sets of 3",
    23: "Two Runs of 4, Three Sets of 5",
    24: "Three Runs of 8",
    25: "Five Sets of 5",
}


@pytest.mark.parametrize(("difficulty", "words"), sorted(ONLINE_TABLE.items()))
def test_every_contract_matches_the_online_table(difficulty: int, words: str) -> None:
    contract = contract_for(difficulty)
    assert str(contract) == words
    assert contract.difficulty == difficulty
    assert (
        eval(
            repr(contract), {"Contract": Contract, "Requirement": Requirement, "MeldKind": MeldKind}
        )
        == contract
    )


def test_difficulties_run_from_3_to_25() -> None:
    assert list(DIFFICULTIES) == sorted(ONLINE_TABLE)


def test_the_standard_schedule() -> None:
    assert STANDARD_SCHEDULE == (6, 7, 8, 9, 10)
    assert [str(contract_for(d)) for d in STANDARD_SCHEDULE] == [
        "Two Sets of 3",
        "One Run of 4, One Set of 3",
        "Two Runs of 4",
        "Three Sets of 3",
        "One Run of 7, One Set of 3",
    ]


@pytest.mark.parametrize("bad", [2, 26, 0, -5, True, 6.0, "6", None])
def test_contract_for_rejects_unknown_difficulties(bad: object) -> None:
    with pytest.raises(ValueError, match="difficulty must be an int from 3 to 25"):
        contract_for(bad)  # type: ignore[arg-type]


def test_requirements_are_validated() -> None:
    with pytest.raises(ValueError, match="at least 3"):
        Requirement(MeldKind.SET, 2)
    with pytest.raises(ValueError, match="at most 12"):
        Requirement(MeldKind.RUN, 13)
    assert Requirement(MeldKind.SET, 13).size == 13
    with pytest.raises(ValueError, match="must be an int"):
        Requirement(MeldKind.SET, 3.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"requirements\[1\] must be a Requirement"):
        Contract([Requirement(MeldKind.SET, 3), "run of 4"])  # type: ignore[list-item]


def test_contracts_are_values() -> None:
    assert contract_for(7) == Contract.of(runs=[4], sets=[3])
    assert hash(contract_for(7)) == hash(Contract.of(runs=[4], sets=[3]))
    assert contract_for(7) != Contract.of(sets=[3], runs=[5])
    assert len(contract_for(17)) == 5
    assert contract_for(17).runs == (Requirement(MeldKind.RUN, 4),) * 2
    assert contract_for(17).sets == (Requirement(MeldKind.SET, 3),) * 3


def test_contract_words_for_mixed_and_large_groups() -> None:
    assert str(Contract.of(sets=[3, 5, 5])) == "One Set of 3, Two Sets of 5"
    assert str(Contract.of(sets=[3] * 13)) == "13 Sets of 3"


@pytest.mark.parametrize(
    ("players", "suits"), [(3, 4), (4, 4), (5, 5), (6, 5), (7, 6), (8, 6), (9, 7), (10, 7)]
)
@pytest.mark.parametrize(
    ("difficulty", "decks"), [(3, 2), (10, 2), (11, 3), (17, 3), (18, 4), (25, 4)]
)
def test_the_deck_plan_of_the_spec(players: int, suits: int, difficulty: int, decks: int) -> None:
    assert deck_plan(players, difficulty) == (SUITS[:suits], decks)


@pytest.mark.parametrize(("players", "difficulty"), [(2, 6), (11, 6), (4, 2), (4, 26), (True, 6)])
def test_deck_plan_rejects_out_of_range_input(players: int, difficulty: int) -> None:
    with pytest.raises(ValueError, match=r"players|difficulty"):
        deck_plan(players, difficulty)


def test_custom_deck_plans_are_validated() -> None:
    plan = DeckPlan(suits_by_players=[(20, 7)], decks_by_difficulty=[(25, 6)])
    assert plan.plan(15, 3) == (SUITS, 6)
    with pytest.raises(ValueError, match="no step for players=21"):
        plan.plan(21, 3)
    with pytest.raises(ValueError, match="limits must increase"):
        DeckPlan(suits_by_players=[(6, 4), (5, 5)], decks_by_difficulty=[(25, 2)])
    with pytest.raises(ValueError, match="8 suits"):
        DeckPlan(suits_by_players=[(6, 8)], decks_by_difficulty=[(25, 2)])
    with pytest.raises(ValueError, match="non-empty"):
        DeckPlan(suits_by_players=[], decks_by_difficulty=[(25, 2)])
    with pytest.raises(ValueError, match="value must be positive"):
        DeckPlan(suits_by_players=[(6, 4)], decks_by_difficulty=[(25, 0)])
    assert DEFAULT_DECK_PLAN.plan(3, 3) == deck_plan(3, 3)


@given(st.integers(3, 25))
def test_contracts_take_their_difficulty_in_cards(difficulty: int) -> None:
    contract = contract_for(difficulty)
    assert contract.difficulty == difficulty == sum(r.size for r in contract.requirements)
    assert contract.requirements == contract.runs + contract.sets  # runs are listed first
    assert contract_for(difficulty) is contract  # contracts are shared values


@given(st.integers(3, 10), st.integers(3, 10), st.integers(3, 25), st.integers(3, 25))
def test_bigger_tables_and_harder_rounds_never_get_smaller_packs(
    players: int, more_players: int, difficulty: int, harder: int
) -> None:
    if more_players < players:
        players, more_players = more_players, players
    if harder < difficulty:
        difficulty, harder = harder, difficulty
    suits, decks = deck_plan(players, difficulty)
    more_suits, more_decks = deck_plan(more_players, harder)
    assert set(suits) <= set(more_suits)
    assert decks <= more_decks
    assert 2 <= decks <= 4
    assert suits[:4] == FRENCH_SUITS
