"""What a seat knows others hold (``known_cards``), derived once, against a full rescan.

The library reads the round's events once per position and carries what it found on to the
positions a turn reaches (``EventLog.fold``); ``tests/support/knowledge.py`` keeps the old
full rescan as the oracle. On random games of every rule variant (classic calls, leaves at
any moment and play protection included) the two agree after every step, asked in any order,
and after ``from_dict``, ``replay`` and ``state_from_view``; what is kept is invisible.
"""

from __future__ import annotations

import pickle
import random
import threading
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    DiscardPolicy,
    GameRecord,
    GameState,
    Phase,
    RummyCalled,
    Swapped,
    from_dict,
    known_cards,
    replay,
    resample,
    state_from_view,
    to_dict,
    view,
)

from ..support.knowledge import rescanned_known_cards
from ..support.positions import Style, random_game, random_rules


def assert_known(state: GameState) -> None:
    for seat in range(state.players):
        seen = view(state, seat)
        assert known_cards(seen) == rescanned_known_cards(seen), state.describe()


Game = tuple[list[GameState], list[object], Counter[str]]


def game_positions(seed: int, steps: int = 160) -> Game:
    """A random game of random rules (classic half the time, with calls): its positions."""
    rng = random.Random(f"known cards {seed}")
    players = rng.randint(3, 8)
    policies = (DiscardPolicy.CLASSIC,) if seed % 2 else tuple(DiscardPolicy)
    rules = random_rules(rng, players, policies)
    style = attrs.evolve(
        Style.draw(rng), call=rng.choice([0.2, 0.6]), leave=rng.choice([0.0, 0.01])
    )
    states: list[GameState] = []
    actions: list[object] = []
    tally: Counter[str] = Counter()
    for step in random_game(seed, rules, players, steps=steps, style=style, cap=80):
        states.append(step.state)
        actions.append(step.action)
        event = step.state.log.last
        tally[type(event).__name__] += 1
    return states, actions, tally


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), every=st.sampled_from([1, 1, 2, 5]))
def test_known_cards_equal_a_full_rescan_after_every_step(seed: int, every: int) -> None:
    states, _, _ = game_positions(seed)
    # Asked every step (each position reads the events since the last), every few steps,
    # then every position again, newest first (from what each position kept, or found).
    for number, state in enumerate(states):
        if number % every == 0:
            assert_known(state)
    for state in reversed(states):
        assert_known(state)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_known_cards_survive_from_dict_replay_and_state_from_view(seed: int) -> None:
    states, actions, _ = game_positions(seed, steps=120)
    rng = random.Random(seed)
    played = [action for action in actions if action is not None]
    for number in sorted(rng.sample(range(len(states)), min(6, len(states)))):
        state = states[number]
        again = from_dict(to_dict(state))
        assert again == state
        assert_known(again)
        record = GameRecord.of(states[0], [a for a in actions[:number] if a is not None])
        replayed = replay(record)
        if replayed.round == state.round:  # a record deals a finished round's next lazily
            assert_known(replayed)
        for seat in range(state.players):
            seen = view(state, seat)
            made = state_from_view(seen, seed=0, hands=state.hands, stock=state.stock)
            assert known_cards(view(made, seat)) == rescanned_known_cards(seen)
            assert_known(made)
            if state.phase in (Phase.DECIDE, Phase.PLAY):
                guess = resample(seen, number)
                for other, held in enumerate(known_cards(seen)):
                    assert not Counter(held) - Counter(guess.hands[other])
    assert played or len(states) == 1


def test_the_games_make_every_kind_of_change_to_what_is_known() -> None:
    tally: Counter[str] = Counter()
    for seed in range(30):
        states, _, counts = game_positions(seed)
        tally += counts
        for state in states[:: max(1, len(states) // 20)]:
            assert_known(state)
    for kind in ("Took", "Passed", "Melded", "Extended", "Discarded", "SeatLeft"):
        assert tally[kind] >= 5, dict(tally)
    assert tally[RummyCalled.__name__] >= 3, dict(tally)
    assert tally[Swapped.__name__] >= 1, dict(tally)


def test_what_is_kept_takes_no_part_in_equality_hashing_repr_pickles_or_data() -> None:
    states, _, _ = game_positions(3)
    state = states[-1]
    fresh = from_dict(to_dict(state))
    before = (repr(state), hash(state), pickle.dumps(state), to_dict(state))
    assert_known(state)
    assert (repr(state), hash(state), pickle.dumps(state), to_dict(state)) == before
    assert state == fresh and hash(state) == hash(fresh)
    assert pickle.dumps(fresh) == before[2]
    assert_known(pickle.loads(pickle.dumps(state)))


@pytest.mark.parametrize("seed", [1, 2])
def test_threads_that_share_states_find_the_same_known_cards(seed: int) -> None:
    states, _, _ = game_positions(seed)
    copies = [from_dict(to_dict(state)) for state in states]  # nothing derived yet
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            for state in copies:
                assert_known(state)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
