"""Reachability of the RL action encoding: every legal move is reachable through the masks,
and nothing else is.

For positions of random games under random rules of every kind (every discard policy,
exact contract melds or not, taking the taken card back or not, 3-10 seats, difficulties
3-25), the masks of :class:`hellsrummy.rl.MoveBuilder` are explored exhaustively from the
empty prefix: every step a mask allows leads on to a move (no dead ends), the moves reached
are exactly the moves :func:`hellsrummy.legal_actions` lists with their variants (the same
melds laying other deuces, :meth:`hellsrummy.LegalActions.variants`: the masks offer every
choice of deuces, the listing one per layout), each once, the steps of each
read back (:func:`hellsrummy.rl.steps_action`) as that move, and the library's own checker
(:func:`hellsrummy.is_legal`) accepts it. Under the classic policy the call turns of the
seats that may call (their calls and ``decline``) are explored too.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hellsrummy import (
    CallRummy,
    DiscardPolicy,
    Extend,
    GameState,
    Meld,
    Phase,
    Rules,
    SwapWildcard,
    is_legal,
    legal_actions,
    rummy_calls,
    view,
)

from ..support.positions import Style, random_game, random_rules

np = pytest.importorskip("numpy")
rl = pytest.importorskip("hellsrummy.rl")

#: Positions listing more moves than this are checked by sampling (listing them is slow).
LIMIT = 2500
#: Explorations that would visit more nodes than this are checked by sampling instead.
BUDGET = 40_000


def explore(builder: rl.MoveBuilder) -> list[tuple[tuple[int, ...], rl.Move]] | None:
    """Every move reachable through the masks from ``builder``, with its steps (``None``:
    more than ``BUDGET`` nodes)."""
    leaves = []
    stack = [builder]
    nodes = 0
    while stack:
        node = stack.pop()
        nodes += 1
        if nodes > BUDGET:
            return None
        allowed = node.allowed()
        assert allowed, f"a dead end after {node.prefix}"
        assert np.flatnonzero(node.mask()).tolist() == allowed
        for step in allowed:
            child, move = node.branch(step)
            if move is None:
                stack.append(child)
            else:
                leaves.append((child.prefix, move))
    return leaves


def walk(builder: rl.MoveBuilder, steps: tuple[int, ...]) -> rl.Move | None:
    """Follow ``steps`` through the masks (each must be allowed); the move they make."""
    move = None
    for at, step in enumerate(steps):
        assert move is None, "no move's steps are the beginning of another's"
        assert step in builder.allowed(), f"step {at} of {steps} is masked out"
        builder, move = builder.branch(step)
    return move


def check_made(state: GameState, seat: int, steps: tuple[int, ...], move: rl.Move) -> None:
    """The steps read back as the move made (up to the order of identical melds); legal."""
    decoded = rl.steps_action(steps, seat)
    if isinstance(move, Meld):  # melds of identical requirements are laid lowest first
        assert isinstance(decoded, Meld)
        assert Counter(decoded.melds) == Counter(move.melds)
    else:
        assert decoded == move
    if not isinstance(decoded, rl.Decline):
        assert is_legal(state, decoded), f"{decoded} is reachable but illegal"
        assert is_legal(state, move), f"{move} is reachable but illegal"


def check_position(state: GameState, seat: int, tally: Counter[str]) -> None:
    """The masks of ``seat`` in ``state`` reach every listed move, and only legal moves."""
    seen = view(state, seat)
    calling = seat != state.current
    builder = rl.MoveBuilder.of(seen, call_turn=calling)
    moves = legal_actions(seen)
    every = (variant for move in moves for variant in moves.variants(move))
    listed: list[rl.Move] = list(itertools.islice(every, LIMIT + 1))
    complete = len(listed) <= LIMIT
    if calling:
        listed.append(rl.Decline())
    forbidden = next(s for s in range(rl.ACTION_SIZE) if s not in builder.allowed())
    with pytest.raises(ValueError, match="not allowed"):
        builder.branch(forbidden)
    leaves = explore(builder) if complete else None
    if leaves is not None:
        reached = {move for _, move in leaves}
        assert reached == set(listed), "the moves reached are the moves listed"
        for steps, move in leaves:
            check_made(state, seat, steps, move)
            tally[_kind(move, steps)] += 1
        tally["positions explored"] += 1
        return
    # Too many to explore: every listed move is reached along its own steps, and random
    # walks through the masks make legal moves (listed ones, when the list is complete).
    rng = random.Random(repr(seen))
    for move in rng.sample(listed, min(len(listed), 300)):
        assert walk(builder, rl.action_steps(move)) == move
    for _ in range(100):
        node, move, steps = builder, None, ()
        while move is None:
            step = rng.choice(node.allowed())
            steps += (step,)
            node, move = node.branch(step)
        check_made(state, seat, steps, move)
        if complete:
            assert move in listed
    tally["positions sampled"] += 1


def _kind(move: rl.Move, steps: tuple[int, ...]) -> str:
    paged = " (paged)" if rl.NEXT_PAGE in steps else ""
    if isinstance(move, Meld):
        return "meld of several melds" if len(move.melds) > 1 else "meld"
    if isinstance(move, CallRummy):
        return ("call with a swap" if move.swap else "call") + paged
    if isinstance(move, (Extend, SwapWildcard)):
        return type(move).__name__.lower() + paged
    return type(move).__name__.lower()


def check_game(seed: int, rules: Rules, players: int, steps: int, every: int) -> Counter[str]:
    """Explore positions of one random game (every ``every``-th, and every call turn)."""
    tally: Counter[str] = Counter()
    rng = random.Random(seed)
    style = Style.draw(rng) if rng.random() < 0.5 else Style(take=0.9, play=1.0, first=0.0)
    for step in random_game(seed, rules, players, steps=steps, style=style, cap=300):
        state = step.state
        if state.phase not in (Phase.DECIDE, Phase.PLAY):
            continue
        if step.number % every == 0 or state.discarder is not None:
            check_position(state, state.current, tally)
        if rules.discard_policy is DiscardPolicy.CLASSIC and state.phase is Phase.DECIDE:
            for seat in range(players):
                if seat != state.current and rummy_calls(state, seat):
                    check_position(state, seat, tally)
    return tally


@pytest.mark.parametrize("policy", list(DiscardPolicy))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 10))
def test_every_legal_move_is_reachable_and_nothing_else(
    policy: DiscardPolicy, seed: int, players: int
) -> None:
    rules = random_rules(random.Random(seed), players, policies=[policy])
    check_game(seed, rules, players, steps=150, every=3)


def test_the_games_explored_reach_every_kind_of_step() -> None:
    """Fixed games that reach pages of melds, contracts of several melds, swaps and calls."""
    tally: Counter[str] = Counter()
    for seed, policy, players, schedule in [
        (1, DiscardPolicy.CLASSIC, 10, (6, 7)),
        (2, DiscardPolicy.CLASSIC, 8, (3, 9)),
        (3, DiscardPolicy.PENALIZE, 10, (3,)),
        (4, DiscardPolicy.REJECT, 6, (13, 14)),
    ]:
        rules = Rules(schedule=schedule, discard_policy=policy, hand_size=11)
        tally += check_game(seed, rules, players, steps=260, every=5)
    for kind in [
        "take",
        "pass",
        "discard",
        "meld",
        "meld of several melds",
        "extend",
        "extend (paged)",
        "swapwildcard",
        "call",
        "decline",
    ]:
        assert tally[kind] > 0, f"no {kind!r} explored: {tally}"
