"""A state read back keeps every invariant a state keeps, or is refused (issue 45, point 4).

Each invariant the API page lists under "Invariants of a state" is broken, one at a time, in
the dicts of states of random games (every rule variant, refused discards, leaves, calls): the
dict is refused with a ``ValueError`` that names the field, and the unbroken dict reads back.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from hellsrummy import (
    Deal,
    GameState,
    apply,
    card,
    cards,
    from_dict,
    new_game,
    parse_action,
    to_dict,
)
from hellsrummy.game.state import Phase

from .test_history import games

Data = dict[str, Any]
Breaker = Callable[[Data], bool]

IN_PLAY = (Phase.DECIDE.value, Phase.PLAY.value)


def _drop_seat(field: str) -> Breaker:
    def breaker(data: Data) -> bool:
        data[field] = data[field][:-1]
        return True

    return breaker


def _less_stock(data: Data) -> bool:
    if not data["stock"]:
        return False
    data["stock"] = data["stock"][:-1]
    return True


def _more_cards(data: Data) -> bool:
    hand = next((hand for hand in data["hands"] if hand), None)
    if hand is None:
        return False
    data["stock"] = [*data["stock"], hand[0]]
    return True


def _other_card(data: Data) -> bool:
    """One stock card becomes a card of another rank: as many cards, not the same ones."""
    if not data["stock"]:
        return False
    top = data["stock"][0]
    data["stock"][0] = ("3" if not top.startswith("3") else "4") + top[-1]
    return True


def _seat_to_act_left(data: Data) -> bool:
    if data["phase"] not in IN_PLAY:
        return False
    data["left"][data["current"]] = True
    return True


def _discarder_without_discard(data: Data) -> bool:
    if data["phase"] != Phase.PLAY.value:
        return False
    data["discarder"] = (data["current"] + 1) % len(data["names"])
    return True


def _discard_in_play(data: Data) -> bool:
    if data["phase"] != Phase.PLAY.value or not data["stock"]:
        return False
    data["discard"] = data["stock"].pop()
    return True


def _no_discard_to_decide(data: Data) -> bool:
    if data["phase"] != Phase.DECIDE.value:
        return False
    data["stock"].append(data["discard"])
    data["discard"] = None
    data["discarder"] = None
    return True


def _scores_not_sums(data: Data) -> bool:
    data["scores"][0] += 1
    return True


def _results_missing(data: Data) -> bool:
    if not data["results"]:
        return False
    data["results"] = data["results"][:-1]
    data["scores"] = [
        sum(r["points"][s] for r in data["results"]) for s in range(len(data["names"]))
    ]
    return True


def _meld_of_unmet_seat(data: Data) -> bool:
    if not data["melds"]:
        return False
    data["met"][data["melds"][0]["owner"]] = False
    return True


def _penalties_not_errors(data: Data) -> bool:
    data["penalties"][0] += 1
    return True


def _taken_outside_play(data: Data) -> bool:
    if data["phase"] == Phase.PLAY.value or not data["hands"][data["current"]]:
        return False
    data["taken"] = data["hands"][data["current"]][0]
    return True


def _unsorted_hand(data: Data) -> bool:
    hand = next((hand for hand in data["hands"] if len(set(hand)) > 1), None)
    if hand is None:
        return False
    hand.reverse()
    return True


def _a_deal_for_other_seats(data: Data) -> bool:
    data["deal"] = {"hands": [["7H"]], "discard": "3C", "stock": []}
    return True


#: Each invariant of the API page's list, a way to break it, and the start of the error.
INVARIANTS: dict[str, tuple[Breaker, str]] = {
    "one hand per seat": (_drop_seat("hands"), r"hands: must have one hand per seat"),
    "one met flag per seat": (_drop_seat("met"), r"met: must have one entry per seat"),
    "one penalty per seat": (_drop_seat("penalties"), r"penalties: must have one entry"),
    "one error count per seat": (_drop_seat("errors"), r"errors: must have one entry"),
    "one score per seat": (_drop_seat("scores"), r"scores: must have one entry"),
    "one protection switch per seat": (_drop_seat("protection"), r"protection: must have one"),
    "one left flag per seat": (_drop_seat("left"), r"left: must have one entry"),
    "no card lost": (_less_stock, r"cards: .* is held \d+ times?, and they hold it \d+ time"),
    "no card made": (_more_cards, r"(cards: .* is held|.* appears \d+ times)"),
    "the same cards": (_other_card, r"cards: "),
    "hands sorted": (_unsorted_hand, r"hands\[\d+\]: cards must be sorted"),
    "the seat to act is still in": (_seat_to_act_left, r"current: the seat to act has left"),
    "a discarder only with a discard": (_discarder_without_discard, r"discarder: only a discard"),
    "no discard in the play phase": (_discard_in_play, r"discard: the play phase has no discard"),
    "a discard to decide on": (_no_discard_to_decide, r"discard: the decide phase needs"),
    "scores are the results' sums": (_scores_not_sums, r"scores: must be the sums"),
    "one result per finished round": (_results_missing, r"results: a (round in play|finished)"),
    "melds only of seats that met": (_meld_of_unmet_seat, r"melds\[0\]\.owner: a seat that laid"),
    "penalties are errors' points": (_penalties_not_errors, r"penalties: must be each seat's"),
    "a taken card only in play": (_taken_outside_play, r"taken: only the play phase"),
    "a fixed deal of the game's seats": (_a_deal_for_other_seats, r"deal.hands: must have one"),
}


def _states(seed: int) -> list[GameState]:
    return [step.state for step in games(seed, 160)[::6]]


@pytest.mark.parametrize("invariant", INVARIANTS)
def test_each_invariant_broken_in_the_dicts_of_random_games_is_refused(invariant: str) -> None:
    breaker, message = INVARIANTS[invariant]
    broken = 0
    for seed in range(10):
        for state in _states(seed):
            data = json.loads(json.dumps(to_dict(state)))
            assert from_dict(copy.deepcopy(data)) == state
            if not breaker(data):
                continue
            broken += 1
            with pytest.raises(ValueError, match=message):
                from_dict(data)
    assert broken >= 5, f"{invariant}: broken in only {broken} states"


def test_a_fixed_deal_may_hold_part_of_a_pack_and_its_dict_says_so() -> None:
    deal = Deal(
        hands=[cards("3C 4C 5D 9S"), cards("7H 7S 2H 9C"), cards("3D 4D 6C 7C")],
        discard=card("QS"),
        stock=cards("8C 8D 8S"),
    )
    state = apply(new_game(3, seed=1, deal=deal), parse_action("take"))
    data = to_dict(state)
    assert data["deal"]["discard"] == "QS"
    assert from_dict(data) == state and from_dict(data).deal == deal
    without = {**data, "deal": None}  # a shuffled game holds whole packs
    with pytest.raises(ValueError, match=r"cards: .* round's pack \(2 decks"):
        from_dict(without)
    data["stock"] = data["stock"][:-1]
    with pytest.raises(ValueError, match=r"cards: .* the fixed deal's cards .* 8S is held 0"):
        from_dict(data)


def test_format_3_states_may_hold_fewer_cards_never_more() -> None:
    deal = Deal(hands=[cards("3C"), cards("7H"), cards("3D")], discard=card("QS"), stock=())
    data = to_dict(new_game(3, seed=1, deal=deal))
    del data["deal"]
    data["format"], data["type"] = 3, "GameState"
    assert from_dict(data).hands[0] == cards("3C")
    data["stock"] = ["QS"] * 3
    with pytest.raises(ValueError, match="QS"):
        from_dict(data)


def test_a_format_4_state_says_whether_it_was_dealt_from_a_fixed_deal() -> None:
    data = to_dict(new_game(3, seed=1))
    del data["deal"]
    data["stock"] = data["stock"][:-5]
    with pytest.raises(ValueError, match=r"^deal: missing$"):
        from_dict(data)


def test_a_fixed_deal_must_come_from_round_1s_pack() -> None:
    deal = Deal(hands=[cards("3C"), cards("7H"), cards("3D")], discard=card("QS"), stock=())
    data = to_dict(new_game(3, seed=1, deal=deal))
    data["deal"]["hands"][0] = ["3E"]  # no such suit in round 1's pack (C D H S)
    data["hands"][0] = ["3E"]
    with pytest.raises(ValueError, match=r"^deal: deal holds 3E 1 times; round 1's pack"):
        from_dict(data)


def test_a_field_format_4_added_is_missing_only_in_older_formats() -> None:
    event = {"format": 4, "type": "event", "event": "discard_error", "seat": 1, "points": 3}
    with pytest.raises(ValueError, match=r"^card: missing$"):
        from_dict(event)
    assert from_dict({**event, "format": 3}).card is None
    call = to_dict(parse_action("rummy 2 8H extend 0 KS"))
    del call["swap"]
    with pytest.raises(ValueError, match=r"^swap: missing$"):
        from_dict(call)
