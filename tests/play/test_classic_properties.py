"""Random games under the classic policy with calls and leaves, and a move for every seat to act.

Every seat is offered its calls at random (from its own view, as a frontend would ask), seats
leave at random moments (their own turn included), and after every step the invariants of a
game hold: no card created or lost, valid melds, sorted hands, and a legal move for the seat
to act. A second property plays random games under random rules of every kind and checks
that the seat to act always has a move.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    CallRummy,
    DiscardPolicy,
    GameState,
    Leave,
    Phase,
    Rules,
    RummyCalled,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    next_round,
    rummy_calls,
    view,
)
from hellsrummy.game.events import DiscardTurnedUp, SeatLeft

from ..support.invariants import RoundStart, check_invariants
from ..support.positions import Style, random_game, random_rules


def seats_calls(state: GameState) -> dict[int, list[CallRummy]]:
    """Each seat's calls, as its own view lists them (with take and pass for the seat to act)."""
    found = {}
    for seat in range(state.players):
        listed = list(legal_actions(view(state, seat)))
        calls = [move for move in listed if isinstance(move, CallRummy)]
        assert calls == rummy_calls(state, seat)
        assert all(call.seat == seat for call in calls)
        if calls:
            found[seat] = calls
    return found


def play_classic(seed: int, players: int, rules: Rules, steps: int, tally: Counter[str]) -> None:
    """One random classic game: random moves, random calls, random leaves; invariants hold."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    round_start = RoundStart(state)
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            return
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            round_start = RoundStart(state)
            continue
        # The first moves only: a stalled round's big hand may meet the minimum in many ways.
        moves = list(itertools.islice(legal_actions(state), 2000))
        assert moves, "the seat to act always has a move"
        calls = seats_calls(state)
        if state.discarder is not None and calls:
            tally["positions with a call open"] += 1
            assert state.discarder not in calls
        roll = rng.random()
        seat = rng.randrange(players)
        action: object
        if roll < 0.02 and check(state, Leave(seat)) is None:
            action = Leave(seat)
            moment = "decision" if state.phase is Phase.DECIDE else "play"
            if seat == state.current:
                tally[f"leave at its own {moment}"] += 1
            else:
                tally["leave out of turn"] += 1
        elif calls and roll < 0.6:
            action = rng.choice(calls[rng.choice(sorted(calls))])
            assert is_legal(state, action)  # type: ignore[arg-type]
            tally["calls"] += 1
            tally["swap calls" if action.swap else "extension calls"] += 1  # type: ignore[attr-defined]
        else:
            action = rng.choice(moves)
        before = hash(state)
        after = apply(state, action)  # type: ignore[arg-type]
        assert hash(state) == before
        if isinstance(action, CallRummy):
            made = [e for e in after.log.since(state.log) if isinstance(e, RummyCalled)]
            assert [(e.seat, e.card, e.meld, e.swap, e.substitute) for e in made] == [
                (action.seat, action.card, action.meld, action.swap, action.substitute)
            ]
            assert after.discard == action.substitute
            if after.phase is Phase.DECIDE:
                assert after.current == state.current and after.discarder == action.seat
            else:
                tally["calls that won the round"] += 1
                assert after.results[-1].winner == action.seat and not after.hands[action.seat]
        if isinstance(after.log.last, DiscardTurnedUp):
            tally["cards turned up"] += 1
        if isinstance(action, Leave) and after.phase in (Phase.DECIDE, Phase.PLAY):
            assert isinstance(after.log.last, (SeatLeft, DiscardTurnedUp))
            assert not after.left[after.current]
        if after.phase in (Phase.DECIDE, Phase.PLAY) and after.round == state.round:
            check_invariants(after, round_start)
        state = after


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 10),
    schedule=st.lists(st.integers(3, 12), min_size=1, max_size=2),
    hand_size=st.integers(3, 11),
)
def test_random_classic_games_with_calls_and_leaves_keep_every_invariant(
    seed: int, players: int, schedule: list[int], hand_size: int
) -> None:
    rules = Rules(
        discard_policy=DiscardPolicy.CLASSIC, schedule=schedule, hand_size=hand_size, max_turns=60
    )
    play_classic(seed, players, rules, steps=150, tally=Counter())


def test_classic_games_do_make_calls_of_every_kind_and_leave_at_every_moment() -> None:
    tally: Counter[str] = Counter()
    for seed in range(40):
        players = 3 + seed % 6
        rules = Rules(
            discard_policy=DiscardPolicy.CLASSIC,
            schedule=[6 + seed % 5],
            hand_size=5 + seed % 5,
            max_turns=80,
        )
        play_classic(seed, players, rules, steps=250, tally=tally)
    wanted = {
        "calls": 100,
        "extension calls": 30,
        "swap calls": 5,
        "calls that won the round": 1,
        "leave at its own decision": 2,
        "leave at its own play": 2,
        "leave out of turn": 2,
        "cards turned up": 2,
    }
    missing = {name: (tally[name], least) for name, least in wanted.items() if tally[name] < least}
    assert not missing, f"too rare (seen, wanted): {missing}\n{dict(tally)}"


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 10))
def test_the_seat_to_act_always_has_a_legal_action_under_every_rule_variant(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, players)
    style = Style.draw(rng)
    style = Style(
        take=style.take,
        play=style.play,
        first=style.first,
        blunder=style.blunder,
        protect=style.protect,
        leave=0.01,
    )
    steps = 300
    for step in random_game(seed, rules, players, steps=steps, style=style, cap=60):
        # The driver stops with no action at its last step, or when the seat is stuck.
        if step.state.phase in (Phase.DECIDE, Phase.PLAY) and step.number < steps - 1:
            assert step.action is not None, f"no legal action:\n{step.state.describe()}"
