"""Bots play only legal moves from what their seat may see; simulations are reproducible."""

from __future__ import annotations

import concurrent.futures
import itertools
import multiprocessing
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    SIMULATION_MAX_TURNS,
    Card,
    DiscardPolicy,
    GameState,
    GreedyBot,
    Phase,
    RandomBot,
    Rules,
    SetPlayProtection,
    apply,
    cards,
    is_legal,
    legal_actions,
    new_game,
    next_round,
    play_game,
    possible_melds,
    simulate,
    sort_cards,
    view,
)
from hellsrummy.contracts.needs import joins_a_meld_of_3
from hellsrummy.players.bots import Bot
from hellsrummy.players.greedy import Kinship

from ..reference.greedy import greedy_play
from ..support.strategies import meldy_cards


def play(bots: list[Bot], seed: int, rules: Rules | None = None) -> GameState:
    state = new_game(len(bots), seed=seed, rules=rules)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        action = bots[state.current](view(state, state.current))
        assert is_legal(state, action), action
        state = apply(state, action)
    return state


@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 2**20), st.integers(3, 6), st.lists(st.integers(3, 25), min_size=1, max_size=3)
)
def test_greedy_bots_finish_games_without_a_single_discard_error(
    seed: int, players: int, schedule: list[int]
) -> None:
    bots: list[Bot] = [GreedyBot() for _ in range(players)]
    state = play(bots, seed, Rules(schedule=schedule, max_turns=200))
    assert all(sum(result.errors) == 0 for result in state.results)
    assert len(state.results) == len(schedule)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**20))
def test_random_bots_play_legal_moves(seed: int) -> None:
    bots: list[Bot] = [RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
    state = play(bots, seed, Rules(schedule=[6, 7], max_turns=60))
    assert state.phase is Phase.GAME_OVER


def test_a_random_bot_is_a_pure_function_of_its_seed_and_the_view() -> None:
    state = new_game(4, seed=3)
    seen = view(state, state.current)
    assert {RandomBot(7)(seen) for _ in range(5)} == {RandomBot(7)(seen)}
    choices = {RandomBot(k)(seen) for k in range(40)}
    assert len(choices) == 2  # take and pass both happen


def test_bots_see_only_views_of_their_own_turn() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ValueError, match="only a PlayerView"):
        GreedyBot()(state)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not the seat to act"):
        GreedyBot()(view(state, 0))


def test_greedy_beats_random_by_a_wide_margin() -> None:
    results = simulate(
        [GreedyBot(), RandomBot(1), RandomBot(2), RandomBot(3)], games=30, seed="margin"
    )
    wins = sum(0 in result.winners for result in results)
    assert wins >= 24  # 80% of the games, where a random seat would win about 25%
    greedy = sum(result.totals[0] for result in results)
    assert all(greedy * 3 < sum(result.totals[b] for result in results) for b in (1, 2, 3))


def test_simulations_are_the_same_whatever_the_workers() -> None:
    bots = [GreedyBot(), RandomBot(4), GreedyBot(keep=3)]
    one = simulate(bots, games=6, seed="same", chunk=2)
    two = simulate(bots, games=6, seed="same", chunk=2, workers=2)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        pooled = simulate(bots, games=6, seed="same", chunk=1, executor=pool)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as threads:
        threaded = simulate(bots, games=6, seed="same", chunk=3, executor=threads)
    assert one == two == pooled == threaded
    assert [result.game for result in one] == list(range(6))
    assert simulate(bots, games=6, seed="other") != one


def test_simulation_results_describe_each_game() -> None:
    (result,) = simulate([GreedyBot(), GreedyBot(), RandomBot(1)], games=1, seed="shape")
    assert result.players == 3
    assert result.seats == (0, 1, 2)
    assert len(result.rounds) == 5
    assert [r.difficulty for r in result.rounds] == [6, 7, 8, 9, 10]
    assert result.totals == tuple(sum(r.points[b] for r in result.rounds) for b in range(3))
    assert min(result.totals) == result.totals[result.winners[0]]
    for summary in result.rounds:
        for bot, turns in enumerate(summary.met_after):
            assert turns is None or 0 <= turns <= summary.turns
            if summary.winner == bot:
                assert turns is not None


def test_seats_rotate_from_game_to_game() -> None:
    results = simulate([RandomBot(1), RandomBot(2), RandomBot(3)], games=3, seed="rotate")
    assert [result.seats for result in results] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games must be"),
        ({"games": 1, "workers": 0}, "workers must be"),
        ({"games": 1, "chunk": 0}, "chunk must be"),
        ({"games": 1, "seed": 1.5}, "seed must be"),
    ],
)
def test_simulate_validates_its_arguments(kwargs: dict, message: str) -> None:
    arguments = {"seed": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate([RandomBot(1)] * 3, **arguments)
    with pytest.raises(ValueError, match="needs at least one bot"):
        simulate([], games=1, seed=1)
    with pytest.raises(ValueError, match="3 to 10 players"):
        simulate([RandomBot(1)] * 2, games=1, seed=1)


def test_greedy_bots_do_not_hand_one_card_round_the_table_for_ever() -> None:
    # This game once looped: every bot took the jack of hearts and threw it back.
    result = play_game([GreedyBot()] * 4, "speed", 93, Rules(max_turns=3000))
    assert all(summary.winner is not None for summary in result.rounds)


def test_simulations_without_rules_have_a_safety_net() -> None:
    (result,) = simulate([RandomBot(1)] * 3, games=1, seed="net")
    assert all(summary.turns <= SIMULATION_MAX_TURNS for summary in result.rounds)


_VARIANTS = [
    Rules(max_turns=80),
    Rules(max_turns=80, discard_policy=DiscardPolicy.CLASSIC),
    Rules(max_turns=80, discard_taken_card=False),
    Rules(max_turns=80, exact_contract_melds=True, schedule=(10, 11, 12)),
    Rules(max_turns=80, discard_policy=DiscardPolicy.REJECT, schedule=(4, 8, 12)),
]


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 2**20),
    st.integers(3, 8),
    st.sampled_from(range(len(_VARIANTS))),
    st.floats(0.0, 1.0),
    st.booleans(),
)
def test_greedy_bot_chooses_what_it_chose_from_the_whole_list_of_moves(
    seed: int, players: int, variant: int, greed: float, protect: bool
) -> None:
    """GreedyBot works the listing out section by section; the oracle
    (``tests/reference/greedy.py``) picks from every legal move. Positions come from games
    where each move is GreedyBot's with probability ``greed`` and a random legal one otherwise
    (random play keeps deuces in hands that have not met the minimum)."""
    rng = random.Random(seed)
    bot = GreedyBot()
    state = new_game(players, seed=seed, rules=_VARIANTS[variant])
    if protect and state.rules.discard_policy is not DiscardPolicy.CLASSIC:
        for seat in range(players):  # the seats warned rather than let discard while a play remains
            state = apply(state, SetPlayProtection(seat, True))
    compared = 0
    while state.phase is not Phase.GAME_OVER and compared < 150:
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            continue
        seen = view(state, state.current)
        if state.phase is Phase.PLAY:
            chosen = bot(seen)
            assert chosen == greedy_play(bot, seen), (chosen, state)
            compared += 1
        moves = legal_actions(state)
        action = bot(seen) if rng.random() < greed else moves[rng.randrange(len(moves))]
        state = apply(state, action)


@settings(max_examples=300, deadline=None)
@given(meldy_cards(0, 14), meldy_cards(1, 3), st.integers(0, 6), st.booleans())
def test_the_throwaway_chosen_in_one_loop_is_the_greatest_preference(
    hand: list[Card], extra: list[Card], keep: int, taken_first: bool
) -> None:
    """``Kinship.worst`` is ``max`` of GreedyBot's throwaway key, first of equals included."""
    held = sort_cards(hand + extra)
    kin = Kinship(held)
    taken = extra[0] if taken_first else None
    expected = max(held, key=lambda c: (c is not taken, kin.throwaway(c, keep)))
    assert kin.worst(held, keep, taken) is expected
    assert kin.worst((), keep, taken) is None


@settings(max_examples=400, deadline=None)
@given(meldy_cards(0, 12), meldy_cards(1, 1))
def test_a_natural_joins_a_meld_of_3_exactly_when_a_listed_meld_holds_it(
    hand: list[Card], extra: list[Card]
) -> None:
    card = extra[0]
    if card.is_wild:
        return
    held = tuple(sort_cards(hand))
    expected = any(card in meld for meld in possible_melds((*held, card), 3))
    assert joins_a_meld_of_3(held, card) is expected


def test_a_natural_joins_a_meld_of_3_on_every_small_hand() -> None:
    """Every hand of up to three cards of two suits, five ranks and a deuce, every natural."""
    universe = cards("2C 7H 8H 9H 10H JH 7S 8S 9S 10S JS")
    for size in range(4):
        for hand in itertools.combinations_with_replacement(universe, size):
            for card in universe[1:]:
                expected = any(card in meld for meld in possible_melds((*hand, card), 3))
                assert joins_a_meld_of_3(hand, card) is expected, (hand, card)
