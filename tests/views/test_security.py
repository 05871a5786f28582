"""What a seat sees never reveals another seat's cards, the stock order or the seed; hostile
input is refused with a short message, before anything big is built."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

from hellsrummy import (
    CallRummy,
    Card,
    Contract,
    Deal,
    DeckPlan,
    Discard,
    Extend,
    Leave,
    Meld,
    Phase,
    Rules,
    ScoreTable,
    Take,
    apply,
    can_meet,
    card,
    check,
    contract_for,
    legal_actions,
    new_game,
    next_round,
    pack,
    to_dict,
    view,
)
from hellsrummy.errors import shown


def _cards_in(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple):
        return [c for item in value for c in _cards_in(item)]
    return []


def hidden_from(state, seat: int) -> Counter[Card]:  # type: ignore[no-untyped-def]
    """Cards the seat cannot see: other hands and the stock, less what it can see anyway."""
    hidden: Counter[Card] = Counter(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    visible: Counter[Card] = Counter(state.hands[seat])
    for meld in state.melds:
        visible.update(meld.cards)
    if state.discard is not None:
        visible[state.discard] += 1
    for event in state.log:  # every card an event names was seen by everyone
        for value in attrs.astuple(event, recurse=False):
            visible.update(_cards_in(value))
    return Counter({c: n for c, n in hidden.items() if c not in visible})


def test_views_never_show_hidden_cards_the_stock_order_or_the_seed() -> None:
    rng = random.Random(2026)
    checked = 0
    for game in range(40):
        seed = f"secret-seed-{game}-{rng.getrandbits(64)}"
        state = new_game(4, seed=seed, rules=Rules(max_turns=30, schedule=[6, 9]))
        for _ in range(120):
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            for seat in range(state.players):
                text = json.dumps(to_dict(view(state, seat)))
                assert seed not in text
                assert 'stock"' not in text and '"seed' not in text
                assert '"hands"' not in text
                words = set(text.replace('"', " ").replace(",", " ").replace("]", " ").split())
                leaked = [c for c in hidden_from(state, seat) if str(c) in words]
                assert not leaked, f"seat {seat} sees {leaked}"
                checked += 1
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 1000


# --- hostile input: bounded messages, sizes checked before anything is built -----------------


def _deep(depth: int = 100_000) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = _deep()

HOSTILE_CALLS = {
    "card": lambda: card(DEEP),  # type: ignore[arg-type]
    "Card": lambda: Card(DEEP, 1),  # type: ignore[arg-type]
    "pack": lambda: pack([DEEP]),  # type: ignore[list-item]
    "Deal.hands": lambda: Deal(hands=DEEP, discard=card("3C"), stock=()),  # type: ignore[arg-type]
    "Deal.hand": lambda: Deal(hands=[DEEP], discard=card("3C"), stock=()),  # type: ignore[list-item]
    "Deal.discard": lambda: Deal(hands=[], discard=DEEP, stock=()),  # type: ignore[arg-type]
    "Deal.stock": lambda: Deal(hands=[], discard=card("3C"), stock=DEEP),  # type: ignore[arg-type]
    "new_game players": lambda: new_game(DEEP, seed=1),  # type: ignore[arg-type]
    "new_game seed": lambda: new_game(3, seed=DEEP),  # type: ignore[arg-type]
    "new_game rules": lambda: new_game(3, seed=1, rules=DEEP),  # type: ignore[arg-type]
    "new_game deal": lambda: new_game(3, seed=1, deal=DEEP),  # type: ignore[arg-type]
    "view state": lambda: view(DEEP, 0),  # type: ignore[arg-type]
    "view seat": lambda: view(new_game(3, seed=1), DEEP),  # type: ignore[arg-type]
    "contract_for": lambda: contract_for(DEEP),  # type: ignore[arg-type]
    "DeckPlan": lambda: DeckPlan(suits_by_players=[DEEP], decks_by_difficulty=[(25, 2)]),
    "Contract.of": lambda: Contract.of(runs=[DEEP]),  # type: ignore[list-item]
    "can_meet": lambda: can_meet([DEEP], contract_for(6)),  # type: ignore[list-item]
    "Discard": lambda: Discard(DEEP),  # type: ignore[arg-type]
    "Extend": lambda: Extend(0, DEEP),  # type: ignore[arg-type]
    "Meld": lambda: Meld([DEEP]),  # type: ignore[list-item]
    "Leave": lambda: Leave(DEEP),  # type: ignore[arg-type]
    "CallRummy": lambda: CallRummy(0, DEEP, 0, card("3C")),  # type: ignore[arg-type]
    "apply state": lambda: apply(DEEP, Take()),  # type: ignore[arg-type]
    "apply action": lambda: apply(new_game(3, seed=1), DEEP),  # type: ignore[arg-type]
    "check action": lambda: check(new_game(3, seed=1), DEEP),  # type: ignore[arg-type]
    "legal_actions": lambda: legal_actions(DEEP),  # type: ignore[arg-type]
    "ScoreTable": lambda: ScoreTable(low=DEEP),  # type: ignore[arg-type]
    **{
        f"Rules.{field.name}": lambda name=field.name: Rules(**{name: DEEP})
        for field in attrs.fields(Rules)
    },
    **{
        f"Rules.{field.name}[0]": lambda name=field.name: Rules(**{name: [DEEP]})
        for field in attrs.fields(Rules)
    },
}


@pytest.mark.parametrize("call", HOSTILE_CALLS.values(), ids=HOSTILE_CALLS.keys())
def test_a_deeply_nested_value_is_refused_with_a_short_message(call: Callable[[], object]) -> None:
    with pytest.raises((ValueError, TypeError)) as refused:
        call()
    message = str(refused.value)
    assert len(message) < 400
    assert "[[[" in message or "list" in message  # it shows the value, cut short


HUGE_CALLS = {
    "2**63 seats": (lambda: new_game(2**63, seed=1), "3 to 10 players, got 9223372036854775808"),
    "a googol of seats": (lambda: new_game(10**100, seed=1), "got <int of 333 bits>"),
    "endless names": (lambda: new_game(itertools.count(), seed=1), "got more than 10"),
    "a range of names": (lambda: new_game(range(10**30), seed=1), "got more than 10"),
    "11 names": (lambda: new_game([str(n) for n in range(11)], seed=1), "got 11"),
    "a huge hand_size": (
        lambda: new_game(3, seed=1, rules=Rules(hand_size=2**63)),
        "hand_size 9223372036854775808 is too big",
    ),
    "a giant hand_size": (
        lambda: new_game(3, seed=1, rules=Rules(hand_size=10**5000)),
        "hand_size <int of 16610 bits> is too big",
    ),
    "an endless schedule": (
        lambda: Rules(schedule=itertools.repeat(6)),
        "schedule must hold at most 1000 rounds",
    ),
    "a huge schedule": (lambda: Rules(schedule=[6] * 10**6), "at most 1000 rounds"),
    "a giant int seed": (lambda: new_game(3, seed=10**5000), "too many digits for an int seed"),
    "a giant max_players": (
        lambda: Rules(min_players=10**5000, max_players=3),
        r"min_players \(<int of 16610 bits>\) is more than max_players \(3\)",
    ),
    "a giant difficulty": (lambda: Rules(schedule=[10**5000]), "got <int of 16610 bits>"),
    "a deal of 10**6 cards": (
        lambda: new_game(
            3, seed=1, deal=Deal(hands=[(), (), ()], discard=card("3C"), stock=[card("4C")] * 10**6)
        ),
        "deal holds 1000001 cards; round 1's pack has 104",
    ),
}


@pytest.mark.parametrize(("call", "message"), HUGE_CALLS.values(), ids=HUGE_CALLS.keys())
def test_huge_sizes_are_refused_before_anything_is_built(
    call: Callable[[], object], message: str
) -> None:
    started = time.perf_counter()
    with pytest.raises(ValueError, match=message):
        call()
    assert time.perf_counter() - started < 2


class _Broken:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize(
    "value",
    ["7X", "", 12, -3, 2.5, None, True, b"x", card("7H"), [1, "a"], (1,), {"a": 1}, Rules()],
    ids=repr,
)
def test_ordinary_values_are_shown_as_repr_shows_them(value: object) -> None:
    assert shown(value) == repr(value) or len(repr(value)) > 80


def test_big_deep_and_broken_values_are_shown_cut_short() -> None:
    assert shown(DEEP) == "[[[[...]]]]"
    assert shown({"a": {"b": {"c": {"d": 1}}}}) == "{'a': {'b': {'c': {...}}}}"
    assert len(shown("x" * 10**6)) <= 80
    assert len(shown(list(range(10**6)))) < 100
    assert len(shown([["y" * 1000] * 100] * 100)) <= 300
    assert shown(10**5000) == "<int of 16610 bits>"
    assert shown(_Broken()).startswith("<_Broken instance at 0x")
    with pytest.raises(ValueError, match=r"bad card '7X': unknown suit 'X'"):
        card("7X")
