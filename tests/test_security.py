"""What a seat sees never reveals another seat's cards, the stock order or the seed."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs

from hellsrummy import Card, Phase, Rules, apply, legal_actions, new_game, next_round, to_dict, view


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
