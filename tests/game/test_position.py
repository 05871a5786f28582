"""A position's derived facts stay invisible, and states can be shared between threads."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import threading

import attrs

from hellsrummy import (
    SUITS,
    GameState,
    Phase,
    Rules,
    TableMeld,
    apply,
    can_swap,
    is_meld,
    legal_actions,
    new_game,
    next_round,
    pack,
    to_dict,
    view,
)
from hellsrummy.game.position import position, table

from ..support.positions import random_walk


def random_states(seed: int, count: int = 400) -> list[GameState]:
    """The first ``count`` positions with a seat to act of a random walk (four seats)."""
    walk = random_walk(seed, Rules(max_turns=300))
    acting = (state for state in walk if state.phase in (Phase.DECIDE, Phase.PLAY))
    return list(itertools.islice(acting, count))


def test_derived_facts_take_no_part_in_equality_hashing_repr_data_or_pickles() -> None:
    for state in random_states(1, 150)[::7]:
        bare = copy.copy(state)  # a copy starts without derived facts
        assert getattr(bare, "_position", None) is None
        before = (repr(bare), hash(bare), to_dict(bare), pickle.dumps(bare), attrs.asdict(bare))
        list(legal_actions(bare))  # fills the position, its table and its move list
        position(bare).rummies  # noqa: B018 - a take-or-pass decision derives nothing itself
        assert getattr(bare, "_position", None) is not None
        after = (repr(bare), hash(bare), to_dict(bare), pickle.dumps(bare), attrs.asdict(bare))
        assert before == after
        assert bare == state and hash(bare) == hash(state)
        loaded = pickle.loads(pickle.dumps(bare))
        assert getattr(loaded, "_position", None) is None and loaded == bare


def test_a_view_of_the_seat_to_act_shares_its_states_position() -> None:
    for state in random_states(2, 60):
        seen = view(state, state.current)
        assert list(legal_actions(seen)) == list(legal_actions(state))
        if state.phase is Phase.PLAY:
            assert position(seen) is position(state)
        assert table(seen).playable == table(state).playable


def test_states_shared_between_threads_give_the_same_answers() -> None:
    states = random_states(3, 300)
    expected = [list(legal_actions(copy.copy(s))) for s in states]
    shared = [copy.copy(s) for s in states]  # no facts yet: the threads race to derive them
    failures: list[str] = []

    def work(offset: int) -> None:
        for k in range(len(shared)):
            at = (k + offset) % len(shared)
            moves = list(legal_actions(shared[at]))
            if moves != expected[at]:
                failures.append(f"state {at}: moves differ")
            if moves and apply(shared[at], moves[0]) != apply(states[at], moves[0]):
                failures.append(f"state {at}: apply differs")

    threads = [threading.Thread(target=work, args=(offset * 37,)) for offset in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_the_table_handed_on_from_state_to_state_is_what_the_melds_accept() -> None:
    """A table built from its predecessor's (a meld grown, extended or bought from) agrees
    with a brute-force reading of every meld: each card tried with ``is_meld``."""
    every = pack(SUITS)
    checked: dict[tuple[TableMeld, ...], None] = {}
    for seed in (3, 11):
        for state in random_states(seed, count=300):
            melds = state.melds
            if melds in checked:
                continue
            checked[melds] = None
            here = table(state)
            for number, meld in enumerate(melds):
                extends = {c for c in every if is_meld((*meld.cards, c))}
                buys = {c for c in every if not c.is_wild and can_swap(meld.cards, c)}
                assert here.extends[number] == extends, (number, meld)
                assert here.buys[number] == buys, (number, meld)
            assert here.playable == frozenset().union(*here.extends, *here.buys)
    assert len(checked) > 20  # the table changed along the way


def test_a_turn_builds_its_state_as_the_constructor_does() -> None:
    from hellsrummy.game.state import DerivedPosition
    from hellsrummy.game.successor import _SLOTS

    names = tuple(field.name for field in attrs.fields(GameState))
    hidden = tuple(n for n in GameState.__slots__ if n not in names and n != "__weakref__")
    assert (*names, *hidden, *DerivedPosition.__slots__) == _SLOTS
    for state in random_states(3, 400)[1:]:  # each made by a turn (the first is dealt)
        built = GameState(**{name: getattr(state, name) for name in names})
        assert state == built and hash(state) == hash(built) and repr(state) == repr(built)
        assert all(getattr(state, name) is getattr(built, name) for name in names)
        assert pickle.loads(pickle.dumps(state)) == built
        for meld in state.melds:  # melds grown by a turn are built without sorting again
            again = TableMeld(meld.cards, meld.owner)
            assert meld == again and hash(meld) == hash(again) and meld.cards == again.cards


def test_melds_of_3_handed_on_by_a_play_are_those_worked_out_afresh() -> None:
    from hellsrummy.contracts.enumeration import meld_choices
    from hellsrummy.contracts.solver import Pool

    handed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(4, seed=seed, rules=Rules(max_turns=300))
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            here = getattr(state, "_position", None)
            if here is not None and here.threes is not None:  # handed on by the last play
                handed += 1
                assert here.threes == meld_choices(Pool(held=here.hand), 3)
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
    assert handed > 100
