"""Views that speak: the text of a state and of a view, the refusal's words, the table actions.

On random games of every rule variant: a view's text never shows a card another seat holds
(or the stock), and names every seat, meld and the discard; ``str`` is one short line; the
message ``hellsrummy.verify`` gives from a seat's view is the state's; and ``table_actions``
lists exactly the table actions the rules allow that seat now, each of which applies.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hellsrummy as hr
from hellsrummy import (
    DiscardPolicy,
    GameState,
    Leave,
    Phase,
    Rules,
    SetPlayProtection,
    table_actions,
    verify,
    view,
)

from ..support.positions import random_game, random_rules


def _positions(seed: int, players: int, steps: int = 60) -> list[GameState]:
    rng = random.Random(seed)
    rules = random_rules(rng, players)
    return [step.state for step in random_game(seed, rules, players, steps=steps)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 6))
def test_a_views_text_shows_what_the_seat_sees_and_nothing_more(seed: int, players: int) -> None:
    for state in _positions(seed, players)[::7]:
        for seat in range(players):
            seen = view(state, seat)
            text = seen.describe()
            lines = text.splitlines()
            assert len(lines) == 1 + players + len(state.melds) + 2
            assert f"seen by seat {seat}" in lines[0]
            for other in range(players):
                line = lines[1 + other]
                assert line.startswith(f"  seat {other} {state.names[other]}, score ")
                if other != seat:
                    assert line.endswith(
                        f": {len(state.hands[other])} card" + "s" * (len(state.hands[other]) != 1)
                    )
            own = lines[1 + seat].rsplit(": ", 1)[1]
            assert own == (hr.format_cards(state.hands[seat]) or "(no cards)")
            assert str(seen).startswith(f"seat {seat} sees round {state.round + 1}/")
            assert "\n" not in str(seen) and len(str(seen)) < 120
        assert "\n" not in str(state) and len(str(state)) < 120
        assert state.describe().count("\n") == players + len(state.melds) + 2


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 5))
def test_a_refusals_words_from_a_view_are_the_states(seed: int, players: int) -> None:
    for state in _positions(seed, players, steps=40)[::5]:
        if state.phase not in (Phase.DECIDE, Phase.PLAY):
            continue
        seen = view(state, state.current)
        for c in set(state.hands[state.current]):
            action = hr.Discard(c)
            from_state, from_view = verify(state, action), verify(seen, action)
            assert (from_state is None) == (from_view is None)
            if from_state is not None and from_view is not None:
                assert (from_view.reason, str(from_view), from_view.penalized) == (
                    from_state.reason,
                    str(from_state),
                    from_state.penalized,
                )


def _allowed(state: GameState, seat: int) -> list[hr.Action]:
    """The table actions the rules allow, written out from the rules reference."""
    if state.phase is Phase.GAME_OVER or state.left[seat]:
        return []
    found: list[hr.Action] = [Leave(seat)]
    on = state.protection[seat]
    if on or not (state.rules.expert or state.rules.discard_policy is DiscardPolicy.CLASSIC):
        found.append(SetPlayProtection(seat, not on))
    return found


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 6))
def test_table_actions_are_what_the_rules_allow_and_each_applies(seed: int, players: int) -> None:
    for state in _positions(seed, players)[::6]:
        for seat in range(players):
            listed = table_actions(state, seat)
            assert listed == _allowed(state, seat)
            assert table_actions(view(state, seat)) == listed
            for action in listed:
                hr.apply(state, action)  # never raises


def test_table_actions_refuse_what_they_cannot_answer() -> None:
    state = hr.new_game(3, seed=1, rules=Rules(discard_policy=DiscardPolicy.CLASSIC))
    assert table_actions(state) == [Leave(1)]  # the seat to act; no protection under CLASSIC
    with pytest.raises(ValueError, match="lists only that seat's"):
        table_actions(view(state, 0), 2)
    with pytest.raises(ValueError, match="seat must be a seat of the game"):
        table_actions(state, 3)
    with pytest.raises(TypeError, match="GameState or a PlayerView"):
        table_actions("state", 0)  # type: ignore[arg-type]
    gone = hr.apply(hr.apply(state, Leave(0)), Leave(2))
    assert gone.phase is Phase.GAME_OVER and table_actions(gone, 1) == []
