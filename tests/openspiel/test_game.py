"""The OpenSpiel game: loading, parameters, OpenSpiel's own checks, chance, bounds, pickling."""

from __future__ import annotations

import math
import pickle
import random
import subprocess
import sys
from collections import Counter

import pyspiel
import pytest

from hellsrummy import (
    Deal,
    Discard,
    DiscardPolicy,
    Leave,
    Pass,
    Phase,
    Rules,
    ScoreTable,
    Take,
    apply,
    card,
    cards,
    legal_discards,
    new_game,
)
from hellsrummy.deck.cards import pack
from hellsrummy.openspiel import (
    DEFAULTS,
    GAME_NAME,
    HellsRummyGame,
    Settings,
    parameters_of,
    settings_of,
)
from hellsrummy.openspiel.node import CHANCE
from hellsrummy.rl import ACTION_SIZE, CARDS, OBSERVATION_SIZE
from tests.support.spiel import chance, play_until, walk

#: Parameter sets OpenSpiel's own check plays: table sizes 3 to 10, the three discard
#: policies (CLASSIC with its call turns), both returns, short and long schedules.
SIM_SETS = [
    "python_hellsrummy(players=3,max_turns=30)",
    "python_hellsrummy(players=4,max_turns=60)",
    "python_hellsrummy(players=5,discard_policy=classic,max_turns=60)",
    "python_hellsrummy(players=4,discard_policy=reject,returns=win,schedule=6 10,max_turns=40)",
    "python_hellsrummy(players=4,difficulty=8)",
    "python_hellsrummy(players=3,discard_policy=classic,returns=win,difficulty=3,"
    "exact_contract_melds=True,discard_taken_card=False,expert=True,unwon=30,scale=10)",
    "python_hellsrummy(players=10,discard_policy=classic,difficulty=12,hand_size=7,max_turns=40)",
]


@pytest.mark.parametrize("name", SIM_SETS)
def test_openspiel_own_check_passes(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_game_loads_by_name_with_parameters() -> None:
    assert GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game("python_hellsrummy")
    assert isinstance(game, HellsRummyGame)
    assert game.num_players() == 4
    assert game.rules == Rules(max_turns=DEFAULTS["max_turns"])
    five = pyspiel.load_game("python_hellsrummy(players=5)")
    assert five.num_players() == 5 and five.rules.discard_policy is DiscardPolicy.PENALIZE
    assert five.num_distinct_actions() == ACTION_SIZE and five.max_chance_outcomes() == CARDS
    named = pyspiel.load_game("python_hellsrummy(players=3,schedule=6-9 10,discard_policy=classic)")
    assert named.rules.schedule == (6, 9, 10)
    assert named.rules.discard_policy is DiscardPolicy.CLASSIC
    assert pyspiel.load_game(str(named)).settings == named.settings
    single = pyspiel.load_game(GAME_NAME, {"schedule": "8"})
    assert single.rules.schedule == (8,) and "difficulty=8" in str(single)
    assert pyspiel.load_game(str(single)).settings == single.settings


def test_the_game_type_and_info() -> None:
    points = pyspiel.load_game("python_hellsrummy(players=3)")
    kind = points.get_type()
    assert kind.short_name == GAME_NAME
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert points.utility_sum() is None and points.max_utility() == 0.0
    win = pyspiel.load_game("python_hellsrummy(players=3,returns=win)")
    assert win.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (win.min_utility(), win.max_utility(), win.utility_sum()) == (-0.5, 1.0, 0.0)
    settings = points.settings
    assert points.max_game_length() == settings.max_game_length
    assert points.max_chance_nodes_in_history() == settings.max_chance_nodes
    size = points.information_state_tensor_size()
    assert points.observation_tensor_size() == size == OBSERVATION_SIZE


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 2}, "players must be 3 to 10, got 2"),
        ({"schedule": "6 x"}, "schedule must be difficulties"),
        ({"schedule": "2"}, "difficulty must be an int from 3 to 25"),
        ({"schedule": "6 7", "difficulty": 8}, "give a schedule or a difficulty, not both"),
        ({"discard_policy": "kitchen"}, "discard_policy must be"),
        ({"max_turns": 0}, "max_turns must be an int of at least 1"),
        ({"hand_size": 40}, "hand_size 40 is too big"),
        ({"returns": "money"}, "returns must be 'points' or 'win'"),
        ({"scale": 0}, "scale must be an int of at least 1"),
        ({"unwon": -1}, "unwon must be an int of at least 0"),
    ],
)
def test_bad_parameters_raise_value_error_naming_them(
    params: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(GAME_NAME, params)
    with pytest.raises(ValueError, match="unknown parameter 'colour'"):
        settings_of({"colour": "red"})


def test_parameters_of_a_table_and_back() -> None:
    rules = Rules(schedule=[7, 9], max_turns=80, discard_policy=DiscardPolicy.CLASSIC, hand_size=8)
    params = parameters_of(rules, ["Ann", "Bob", "Cat"], returns="win")
    game = pyspiel.load_game(GAME_NAME, params)
    assert game.rules == rules and game.num_players() == 3
    assert settings_of(params).parameters() == params
    with pytest.raises(ValueError, match="max_turns must be set"):
        parameters_of(Rules(), 4)
    with pytest.raises(ValueError, match="score_table"):
        parameters_of(Rules(max_turns=9, score_table=ScoreTable(wild=50)), 4)


def test_chance_outcomes_are_cards_with_probabilities_summing_to_one() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4,discard_policy=classic,max_turns=60)")
    rng = random.Random(5)
    seen = 0
    for state in walk(game.new_initial_state(), rng):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            assert actions == sorted(set(actions)) == state.legal_actions()
            assert all(0 <= action < CARDS and 0 < p <= 1 for action, p in outcomes)
            assert math.isclose(math.fsum(p for _, p in outcomes), 1.0, abs_tol=1e-12)
            seen += 1
    assert seen > 300


def test_a_deal_deals_the_round_pack_and_the_rest_is_the_stock() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=5)")
    state = game.new_initial_state()
    first = state.chance_outcomes()
    assert len(first) == 65  # five suits: 65 distinct cards, two of each
    assert all(math.isclose(p, 2 / 130) for _, p in first)
    rng = random.Random(1)
    while state.is_chance_node():
        chance(state, rng)
    dealt = state.game_state
    assert [len(hand) for hand in dealt.hands] == [9] * 5
    everything = Counter(dealt.stock)
    for hand in dealt.hands:
        everything.update(hand)
    everything[dealt.discard] += 1
    assert everything == Counter(pack(dealt.suits, dealt.decks))
    assert state.current_player() == 1 and state.history()[:46] == state.history()


def _classic(players: int) -> HellsRummyGame:
    return pyspiel.load_game(GAME_NAME, {"players": players, "discard_policy": "classic"})


def test_a_pass_draws_from_the_stock_by_chance() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3)")
    state = game.state_from(new_game(3, seed=1, rules=game.rules))
    before = state.game_state
    state.apply_action(1)  # pass
    assert state.is_chance_node() and state.last_move == Pass()
    assert {card_of for card_of, _ in state.chance_outcomes()} == {c.index for c in before.stock}
    receiver_card = before.stock[-1]
    state.apply_action(receiver_card.index)
    assert state.action_to_string(CHANCE, receiver_card.index).startswith("seat 1 draws")
    passer_card = before.stock[3]
    state.apply_action(passer_card.index)
    after = state.game_state
    assert after.phase is Phase.PLAY and state.current_player() == 1
    assert Counter(after.hands[2]) == Counter([*before.hands[2], before.discard, receiver_card])
    assert Counter(after.hands[1]) == Counter([*before.hands[1], passer_card])
    left = Counter(before.stock)
    left.subtract([receiver_card, passer_card])
    assert Counter(after.stock) == +left


@pytest.mark.parametrize("stock", ["", "8C"])
def test_a_pass_from_a_short_stock_draws_from_the_refill_deck(stock: str) -> None:
    rules = Rules(max_turns=200)
    deal = Deal(
        hands=[cards("3C 4C 5C"), cards("7H 7S 9D"), cards("JC QC KC")],
        discard=card("AS"),
        stock=cards(stock),
    )
    game = pyspiel.load_game("python_hellsrummy(players=3)")
    state = game.state_from(new_game(3, seed=2, rules=rules, deal=deal))
    state.apply_action(1)  # seat 1 passes
    fresh = {c.index for c in pack(state.game_state.suits, 1)}
    first = [action for action, _ in state.chance_outcomes()]
    assert first == ([card("8C").index] if stock else sorted(fresh))
    state.apply_action(first[0])
    second = {action for action, _ in state.chance_outcomes()}
    assert second == (fresh if stock else fresh - {first[0]})
    state.apply_action(card("KD").index)
    after = state.game_state
    assert after.refills == 1 and len(after.stock) == 50 + len(cards(stock))
    assert card("KD") in after.hands[1] and card("AS") in after.hands[2]
    assert first[0] in {c.index for c in after.hands[2]}
    held = Counter(after.stock)
    for hand in after.hands:
        held.update(hand)
    assert held == Counter(deal.all_cards()) + Counter(pack(after.suits, 1))


def test_returns_stay_within_the_declared_bounds_and_hands_within_the_limit() -> None:
    for name in ("python_hellsrummy(players=4,max_turns=40,unwon=30)", SIM_SETS[3]):
        game = pyspiel.load_game(name)
        settings: Settings = game.settings
        rng = random.Random(name)
        for _ in range(3):
            state = game.new_initial_state()
            steps = chances = 0
            for here in walk(state, rng):
                if here.is_chance_node():
                    chances += 1
                else:
                    steps += 1
                node = here.node
                if node.game is not None and node.dealt is None:
                    assert max(len(hand) for hand in node.game.hands) <= settings.hand_limit
            returns = state.returns()
            assert all(game.min_utility() <= value <= game.max_utility() for value in returns)
            assert steps <= game.max_game_length() and chances <= settings.max_chance_nodes
            if settings.returns == "win":
                assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)


def test_a_state_pickles_and_clones_anywhere() -> None:
    game = _classic(4)
    rng = random.Random(2)
    checked = Counter[str]()
    for state in walk(game.new_initial_state(), rng):
        kind = (
            "chance"
            if state.is_chance_node()
            else "call"
            if state.call_turn
            else "steps"
            if state.steps
            else "decision"
        )
        if checked[kind] >= 3:
            continue
        checked[kind] += 1
        for copy in (pickle.loads(pickle.dumps(state)), state.clone()):
            assert copy.node == state.node
            assert str(copy) == str(state) and copy.history() == state.history()
            assert copy.legal_actions() == state.legal_actions()
            if not state.is_chance_node():
                seat = state.current_player()
                assert copy.information_state_string(seat) == state.information_state_string(seat)
    assert min(checked.values()) == 3 and len(checked) == 4
    assert pickle.loads(pickle.dumps(game)).settings == game.settings


def test_a_terminal_state_pickles() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6,max_turns=20)")
    state = game.new_initial_state()
    for _ in walk(state, random.Random(4)):
        pass
    assert state.is_terminal()
    again = pickle.loads(pickle.dumps(state))
    assert again.is_terminal() and again.returns() == state.returns()


def test_state_from_a_given_deal_plays_the_schedule_from_there() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4,difficulty=9,max_turns=50)")
    dealt = new_game(4, seed="ladder deal 3", rules=game.rules)
    state = game.state_from(dealt)
    assert state.game_state == dealt and state.history() == []
    assert state.current_player() == dealt.current
    for _ in walk(state, random.Random(0)):
        pass
    assert state.is_terminal() and len(state.game_state.results) == 1
    taken = apply(dealt, Take())
    assert game.state_from(taken).current_player() == taken.current
    later = apply(taken, Discard(legal_discards(taken)[0]))
    assert game.state_from(later).current_player() == later.current


def test_state_from_refuses_what_the_game_does_not_play() -> None:
    game = pyspiel.load_game("python_hellsrummy(players=4,max_turns=50)")
    with pytest.raises(ValueError, match="rules are not the game's"):
        game.state_from(new_game(4, seed=1, rules=Rules(max_turns=60)))
    with pytest.raises(ValueError, match="the state has 3 seats, the game 4"):
        game.state_from(new_game(3, seed=1, rules=game.rules))
    with pytest.raises(ValueError, match="has left the game"):
        game.state_from(apply(new_game(4, seed=1, rules=game.rules), Leave(2)))
    with pytest.raises(ValueError, match="must be a GameState"):
        game.state_from("a state")  # type: ignore[arg-type]
    cards_of_pack = pack(new_game(4, seed=1, rules=game.rules).suits, 2)
    big = Deal(
        hands=[
            cards_of_pack[:30],
            cards_of_pack[30:39],
            cards_of_pack[39:48],
            cards_of_pack[48:57],
        ],
        discard=cards_of_pack[57],
        stock=cards_of_pack[58:],
    )
    with pytest.raises(ValueError, match="seat 0 holds 30 cards"):
        game.state_from(new_game(4, seed=1, rules=game.rules, deal=big))
    assert game.state_from(new_game(4, seed=1, rules=game.rules, deal=big), bounded=False)


def test_declined_seats_pass_the_call_turn_on() -> None:
    game = _classic(4)
    rng = random.Random(8)
    state = play_until(game.new_initial_state(), rng, lambda here: here.call_turn)
    caller = state.current_player()
    declined = sorted(state.node.declined)
    again = game.state_from(state.game_state, declined=declined)
    assert again.current_player() == caller and again.call_turn
    decline = next(
        a for a in state.legal_actions() if state.action_to_string(caller, a) == "decline"
    )
    state.apply_action(decline)
    assert caller in state.node.declined and "did not call" in state.node.public


def test_import_hellsrummy_imports_no_openspiel() -> None:
    code = "import sys, hellsrummy\nassert 'pyspiel' not in sys.modules\n"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_extra_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "try:\n"
        "    import hellsrummy.openspiel\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'which the openspiel extra installs: pip install "hellsrummy[openspiel]"' in done.stdout


def test_no_seat_reads_the_card_another_tried_in_a_discard_error() -> None:
    # A state's log keeps the card a seat tried in a discard error; OpenSpiel's strings are
    # the seats' (issue 45's review: they were read from the state's own log).
    game = pyspiel.load_game("python_hellsrummy(players=3,max_turns=50)")
    state = apply(new_game(3, seed=2026, rules=game.rules), Take())
    wild = next(c for c in state.hands[1] if c.is_wild)
    tried = apply(state, Discard(wild))
    assert f"with {wild}" in str(tried.log.last)
    spiel = game.state_from(tried, bounded=False)
    for seat in range(3):
        assert f"with {wild}" not in spiel.information_state_string(seat)
        assert f"with {wild}" not in spiel.observation_string(seat)
    spiel.apply_action(spiel.legal_actions()[0])
    for seat in range(3):
        assert f"with {wild}" not in spiel.information_state_string(seat)
