"""What a seat observes: strings and tensors from its view, determinizations, action strings."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from hellsrummy import Deal, Meld, Rules, card, cards, new_game
from hellsrummy.openspiel import HellsRummyObserver
from hellsrummy.openspiel.node import CHANCE
from hellsrummy.rl import LAYOUT, OBSERVATION_SIZE, SEATS, Turn, action_steps, encode
from hellsrummy.views.resampling import known_cards
from tests.support.spiel import chance, play_until, walk


def _dealt(name: str, seed: int = 1) -> pyspiel.State:
    state = pyspiel.load_game(name).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        chance(state, rng)
    return state


def test_the_tensors_are_the_rl_observation_of_the_view() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4,discard_policy=classic,max_turns=60)")
    rng = random.Random(3)
    checked = 0
    for state in walk(game.new_initial_state(), rng, steps=300):
        if state.is_chance_node() or state.game_state is None:
            continue
        seat = state.current_player()
        turn = Turn.CALL if state.call_turn else None
        expected = encode(state.view(seat), state.steps, turn)
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
        other = (seat + 1) % 4
        waiting = encode(state.view(other), (), Turn.WAIT)
        assert np.array_equal(np.asarray(state.observation_tensor(other)), waiting)
        checked += 1
    assert checked > 100


def test_the_strings_hold_only_what_the_seat_sees() -> None:
    state = _dealt("python_hellsrummy(players=3)")
    game_state = state.game_state
    for seat in range(3):
        seen = state.observation_string(seat)
        info = state.information_state_string(seat)
        assert info.startswith(seen) and "round 1 (difficulty 6) dealt by seat 0" in info
        for other in range(3):
            hand = " ".join(str(c) for c in game_state.hands[other])
            assert (hand in seen) == (other == seat)
    assert len({state.information_state_string(seat) for seat in range(3)}) == 3


def test_the_steps_chosen_show_to_their_seat_only() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,max_turns=60)")
    state = play_until(game.new_initial_state(), random.Random(6), lambda here: bool(here.steps))
    seat = state.current_player()
    assert "\nsteps " in state.information_state_string(seat)
    assert "\nsteps " not in state.information_state_string((seat + 1) % 3)


@pytest.mark.parametrize("classic", [False, True])
def test_a_determinization_keeps_the_seat_information_and_deals_the_rest_again(
    classic: bool,
) -> None:
    name = "python_hellsrummy(players=4,max_turns=80" + (
        ",discard_policy=classic)" if classic else ")"
    )
    game = pyspiel.load_game(name)
    rng = random.Random(11)
    tried = 0
    for state in walk(game.new_initial_state(), rng, steps=400):
        if state.is_chance_node() or rng.random() > 0.2:
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(rng.randrange(2**31), 0.0, 1.0)
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        real, guess = state.game_state, other.game_state
        assert guess.hands[seat] == real.hands[seat] and len(guess.stock) == len(real.stock)
        pinned = known_cards(state.view(seat))
        for each in range(4):
            assert len(guess.hands[each]) == len(real.hands[each])
            held = list(guess.hands[each])
            for known in pinned[each]:
                held.remove(known)  # a card the seat knows another holds stays there
        hidden = [each for each in range(4) if each != seat]
        tried += any(guess.hands[each] != real.hands[each] for each in hidden)
        assert state.resampled(seat, 5).node == state.resampled(seat, 5).node
    assert tried > 10


def test_a_determinization_during_a_deal_or_a_draw() -> None:
    state = pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state()
    rng = random.Random(2)
    for _ in range(20):
        chance(state, rng)
    other = state.resampled(1, seed=9)
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.node.dealt != state.node.dealt and len(other.node.dealt) == 20
    while state.is_chance_node():
        chance(state, rng)
    state.apply_action(1)  # pass
    chance(state, rng)
    drawing = state.resampled(1, seed=3)
    assert drawing.node.drawn == () and drawing.is_chance_node()


def test_the_observer_pieces_follow_the_observation_type() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4)")
    state = _dealt("python_hellsrummy(players=4)")
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    public.set_from(state, 1)
    assert "hand" not in public.dict and "table" in public.dict
    assert public.tensor.size == OBSERVATION_SIZE - sum(
        part.size
        for part in LAYOUT
        if part.name in ("hand", "building", "built", "target", "played", "move")
    )
    assert " ".join(str(c) for c in state.game_state.hands[1]) not in public.string_from(state, 1)
    everyone = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
        )
    )
    everyone.set_from(state, 2)
    assert everyone.dict["hands"].shape == (SEATS, 52 + 39)
    assert everyone.dict["hands"][1].sum() == 9 and everyone.dict["hands"][3].sum() == 9
    assert all(f"hand of seat {seat}" in everyone.string_from(state, 2) for seat in range(4))
    private = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )
    )
    private.set_from(state, 0)
    assert set(private.dict) == {"hand", "building", "built", "target", "played", "move"}
    assert private.string_from(state, 0).startswith("hand ")
    with pytest.raises(ValueError, match="takes no parameters"):
        HellsRummyObserver(None, {"colour": "red"})


def test_observations_while_dealing() -> None:
    state = pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        chance(state, rng)
    text = state.information_state_string(1)
    assert "dealing: 12 of 28 cards dealt" in text
    assert text.splitlines()[-1] == "hand " + " ".join(
        str(c) for c in sorted(state.node.dealt[:9], key=lambda c: (c.rank, c.suit))
    )
    assert np.asarray(state.observation_tensor(1))[:91].sum() == 9
    assert np.asarray(state.observation_tensor(2))[:91].sum() == 3


def test_action_strings_name_the_card_and_the_move() -> None:
    state = pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state()
    assert state.action_to_string(CHANCE, card("7H").index) == "deal 7H to seat 1"
    rules = Rules(max_turns=200)
    deal = Deal(
        hands=[cards("3C 4C 5C 6C"), cards("7H 7S 7D 9C 9D 2H KS"), cards("JC QC KC")],
        discard=card("AS"),
        stock=cards("8C 8D 8H"),
    )
    state = pyspiel.load_game("python_hellsrummy(players=3)").state_from(
        new_game(3, seed=2, rules=rules, deal=deal)
    )
    assert [state.action_to_string(1, a) for a in state.legal_actions()] == ["take", "pass"]
    state.apply_action(0)  # take AS
    meld = Meld([cards("7H 7S 7D"), cards("9C 9D 2H")])
    steps = action_steps(meld)
    names = []
    for step in steps:
        names.append(state.action_to_string(1, step))
        state.apply_action(step)
    assert names[0].startswith("meld card ") and "next meld" in names
    assert names[-1] == f"commit: {meld}"
    assert state.last_move == meld
    discard = state.legal_actions()[-1]
    assert state.action_to_string(1, discard).startswith("discard ")
    assert state.action_to_string(1, 0) == "take"  # not legal now: the step's name
    with pytest.raises(Exception, match="step id"):
        state.action_to_string(1, 10_000)
