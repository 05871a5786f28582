"""to_dict / from_dict: round trips, paths in errors, and hostile input."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellsrummy import (
    FORMAT,
    Discard,
    Extend,
    GameState,
    Leave,
    Meld,
    Pass,
    Rules,
    SetPlayProtection,
    SwapWildcard,
    Take,
    apply,
    card,
    cards,
    from_dict,
    new_game,
    to_dict,
    view,
)
from hellsrummy.game.events import DiscardErrorMade, Refilled, RoundEnded, Took

from ..support.deals import start
from ..support.positions import random_state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 150))
def test_states_and_views_round_trip_through_json(seed: int, steps: int) -> None:
    state = random_state(seed, steps)
    data = json.loads(json.dumps(to_dict(state)))
    back = from_dict(data)
    assert back == state
    assert back.events == state.events
    for seat in range(state.players):
        mine = view(state, seat)
        again = from_dict(json.loads(json.dumps(to_dict(mine))))
        assert again == mine
        assert again.events == mine.events


@pytest.mark.parametrize(
    "value",
    [
        Take(),
        Pass(),
        Meld([cards("7H 7S 7D"), cards("2C 9C 9D")]),
        Extend(2, cards("8H 2D")),
        SwapWildcard(1, card("7H")),
        Discard(card("10S")),
        SetPlayProtection(0, True),
        Leave(3),
        Took(1, card("9S")),
        RoundEnded(0, None, (10, 20, 30)),
        Rules(),
        Rules(schedule=[3, 25], max_turns=50, expert=True, discard_policy="reject"),
    ],
    ids=repr,
)
def test_values_round_trip(value: object) -> None:
    data = json.loads(json.dumps(to_dict(value)))
    assert data["format"] == FORMAT
    assert from_dict(data) == value


def test_seeds_of_every_kind_round_trip() -> None:
    for seed in (7, "text", b"\x00\xffbytes"):
        state = new_game(3, seed=seed)
        assert from_dict(json.loads(json.dumps(to_dict(state)))).seed == seed


def base() -> dict[str, Any]:
    return to_dict(random_state(3, 60))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["hands"][2].__setitem__(4, "ZZ"), r"hands\[2\]\[4\]: bad card 'ZZ'"),
        (lambda d: d["hands"][1].__setitem__(0, 7), r"hands\[1\]\[0\]: must be a string, got int"),
        (lambda d: d.__setitem__("current", 9), "current: must be a seat from 0 to 3"),
        (lambda d: d.__setitem__("round", "0"), "round: must be an integer, got str"),
        (lambda d: d.__setitem__("phase", "dancing"), "phase: unknown phase"),
        (lambda d: d.__setitem__("met", [True]), "met: must have one entry per seat"),
        (lambda d: d.__setitem__("scores", [1, 2, 3, 4]), "scores: must be the sums"),
        (lambda d: d.__delitem__("stock"), "stock: missing"),
        (lambda d: d.__setitem__("format", FORMAT + 1), f"format: unsupported format {FORMAT + 1}"),
        (lambda d: d.__setitem__("suits", ["C", "H"]), "suits: must be the first suits"),
        (lambda d: d["rules"].__setitem__("schedule", [6, 2]), r"rules.schedule\[1\]"),
        (lambda d: d["rules"]["score_table"].__setitem__("ace", -1), "rules.score_table.ace"),
        (lambda d: d.__setitem__("stock", d["stock"] + ["7H"] * 5), "cards: .* 7H is held 7 times"),
        (lambda d: d.__setitem__("seed", 1.5), "seed: must be an integer, a string"),
        (lambda d: d["events"][0].__setitem__("event", "dance"), r"events\[0\].event: unknown"),
    ],
)
def test_bad_fields_are_value_errors_naming_their_path(mutate: Any, message: str) -> None:
    data = base()
    mutate(data)
    with pytest.raises(ValueError, match=message):
        from_dict(data)


def test_a_meld_that_is_not_a_meld_is_refused() -> None:
    state = apply(apply(start(), Take()), Meld([cards("7H 7S 7D"), cards("9C 9D 9S")]))
    data = to_dict(state)
    assert from_dict(data) == state
    data["melds"][0]["cards"] = ["3C", "7H", "QS"]
    with pytest.raises(ValueError, match=r"melds\[0\].cards: is not a meld"):
        from_dict(data)
    data = to_dict(state)
    data["melds"][1]["owner"] = 2  # seat 2 has not met the minimum
    with pytest.raises(ValueError, match=r"melds\[1\].owner: a seat that laid a meld must"):
        from_dict(data)


def test_unknown_types_and_non_dicts() -> None:
    with pytest.raises(ValueError, match="type: missing"):
        from_dict({})
    with pytest.raises(ValueError, match="value: must be an object, got list"):
        from_dict([])
    with pytest.raises(ValueError, match="type: unknown type 'Board'"):
        from_dict({"type": "Board", "format": 1})
    with pytest.raises(ValueError, match="cannot convert"):
        to_dict(object())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300)
@given(json_values)
def test_arbitrary_json_only_ever_raises_value_error(data: Any) -> None:
    with contextlib.suppress(ValueError):
        from_dict(data)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


BASES = [to_dict(random_state(seed, steps)) for seed, steps in ((1, 30), (2, 200), (5, 500))]
BASES += [to_dict(view(random_state(4, 120), 1))]


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(BASES), st.data(), json_values)
def test_mutated_valid_dicts_are_refused_cleanly_or_still_valid(
    original: dict[str, Any], data: st.DataObject, replacement: Any
) -> None:
    mutated = copy.deepcopy(original)
    paths = _paths(mutated)[1:]
    path = data.draw(st.sampled_from(paths))
    target = mutated
    for step in path[:-1]:
        target = target[step]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = replacement
    try:
        value = from_dict(mutated)
    except ValueError:
        return
    # Whatever was accepted is a consistent value that round-trips.
    assert from_dict(to_dict(value)) == value
    if isinstance(value, GameState):
        assert len(value.hands) == value.players


def test_event_fields_are_read_with_their_own_types() -> None:
    refill = to_dict(Refilled(52))
    assert from_dict(refill) == Refilled(52)
    with pytest.raises(ValueError, match="cards: must be an integer"):
        from_dict({**refill, "cards": ["7H"]})
    error = to_dict(DiscardErrorMade(1, 3))
    with pytest.raises(ValueError, match="points: must be an integer"):
        from_dict({**error, "points": [3]})
