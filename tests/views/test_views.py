"""Player views hide what a seat may not know; resampling fills it back in consistently."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    apply,
    legal_actions,
    new_game,
    resample,
    view,
)

from ..support.invariants import cards_in_play
from ..support.positions import random_state


def test_a_view_holds_the_seats_own_hand_and_the_public_facts() -> None:
    state = random_state(1, 40)
    for seat in range(state.players):
        mine = view(state, seat)
        assert mine.hand == state.hands[seat]
        assert mine.hand_sizes == tuple(map(len, state.hands))
        assert mine.stock_size == len(state.stock)
        assert (mine.melds, mine.discard, mine.met, mine.scores) == (
            state.melds,
            state.discard,
            state.met,
            state.scores,
        )
        assert mine.events == state.events
        # Every field the view shares with the state, by name (view() fills them by position).
        shared = {field.name for field in attrs.fields(GameState)}
        for field in attrs.fields(PlayerView):
            if field.name in shared:
                assert getattr(mine, field.name) == getattr(state, field.name), field.name
        assert mine.seat == seat


def test_a_view_has_no_field_for_other_hands_the_stock_or_the_seed() -> None:
    names = {field.name for field in attrs.fields(PlayerView)}
    assert not names & {"hands", "stock", "seed"}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 120), st.integers(0, 3), st.integers(0, 2**20))
def test_views_do_not_depend_on_hidden_cards(seed: int, steps: int, seat: int, other: int) -> None:
    state = random_state(seed, steps)
    mine = view(state, seat)
    guess = resample(mine, other)
    assert view(guess, seat) == mine
    assert guess.hands[seat] == state.hands[seat]
    assert cards_in_play(guess) == cards_in_play(state)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**20), st.integers(0, 150))
def test_the_seat_to_act_gets_the_same_moves_from_its_view(seed: int, steps: int) -> None:
    state = random_state(seed, steps)
    if state.phase not in (Phase.DECIDE, Phase.PLAY):
        return
    assert list(legal_actions(view(state, state.current))) == list(legal_actions(state))
    for seat in range(state.players):
        if seat != state.current:
            assert list(legal_actions(view(state, seat))) == []


def test_resampling_puts_every_unseen_card_in_every_hidden_place() -> None:
    state = new_game(3, seed="places", rules=Rules(hand_size=3, schedule=[3]))
    mine = view(state, 0)
    unseen = Counter(cards_in_play(state))
    unseen.subtract(state.hands[0])
    unseen[state.discard] -= 1  # type: ignore[index]
    places: dict[str, set[Card]] = {"seat 1": set(), "seat 2": set(), "stock top": set()}
    for rng_seed in range(2500):
        guess = resample(mine, rng_seed)
        places["seat 1"].update(guess.hands[1])
        places["seat 2"].update(guess.hands[2])
        places["stock top"].add(guess.stock[0])
    for where, found in places.items():
        assert found == set(+unseen), where


def test_resampling_is_reproducible_and_keeps_the_real_seed_out() -> None:
    state = new_game(4, seed="the real seed")
    mine = view(state, 0)
    assert resample(mine, 5) == resample(mine, 5)
    assert resample(mine, 5) != resample(mine, 6)
    assert "the real seed" not in repr(resample(mine, 5).seed)


def test_view_validates_its_arguments() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ValueError, match="seat must be a seat"):
        view(state, -1)
    with pytest.raises(ValueError, match="state must be a GameState"):
        view("state", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="PlayerView"):
        resample(state, 1)  # type: ignore[arg-type]


def test_resampling_keeps_cards_a_seat_is_publicly_known_to_hold() -> None:
    from hellsrummy import Discard, Take, known_cards

    from ..support.deals import start

    state = apply(start(), Take())  # seat 1 takes the 9S in front of everyone
    for rng_seed in range(30):
        assert card_in(resample(view(state, 0), rng_seed).hands[1], "9S")
    assert [str(c) for c in known_cards(view(state, 2))[1]] == ["9S"]
    state = apply(state, Discard(state.hands[1][-1]))  # KH: the 9S is still held
    assert [str(c) for c in known_cards(view(state, 0))[1]] == ["9S"]
    after = apply(apply(start(), Take()), Discard(card_of("9S")))  # thrown straight back
    assert known_cards(view(after, 0))[1] == ()


def card_in(hand: tuple[Card, ...], text: str) -> bool:
    return card_of(text) in hand


def card_of(text: str) -> Card:
    from hellsrummy import card

    return card(text)


def test_view_builds_a_view_as_the_constructor_does() -> None:
    import pickle

    from hellsrummy.game.state import DerivedPosition
    from hellsrummy.views.view import _SLOTS

    names = tuple(field.name for field in attrs.fields(PlayerView))
    hidden = tuple(n for n in PlayerView.__slots__ if n not in names and n != "__weakref__")
    assert (*names, *hidden, *DerivedPosition.__slots__) == _SLOTS
    for seed in range(3):
        for steps in (0, 1, 2, 25, 60, 140):
            state = random_state(seed, steps)
            for seat in range(state.players):
                seen = view(state, seat)
                built = PlayerView(**{name: getattr(seen, name) for name in names})
                assert seen == built and hash(seen) == hash(built) and repr(seen) == repr(built)
                assert all(getattr(seen, name) is getattr(built, name) for name in names[:8])
                assert pickle.loads(pickle.dumps(seen)) == built
                assert getattr(seen, "_position", None) is None or seat == state.current
