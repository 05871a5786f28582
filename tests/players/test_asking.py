"""No bot can hang a loop that asks bots for moves (issue 33, point 2).

Before, a bot that kept proposing a refused discard (a wildcard, under the default PENALIZE
policy) made ``play_game`` run forever: each attempt cost 3 points and left the turn open, so
the bot was asked again (234,000 refused calls in 3 s, the turn count stuck).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from hellsrummy import (
    MAX_REFUSED_MOVES,
    BotMoveError,
    CallRummy,
    Discard,
    DiscardPolicy,
    GreedyBot,
    IllegalActionError,
    Phase,
    RandomBot,
    Reason,
    Rules,
    SearchBot,
    Take,
    bot_move,
    card,
    compare,
    finish_round,
    legal_actions,
    new_game,
    offer_calls,
    play_game,
    rummy_calls,
    simulate,
    stream_results,
    view,
)
from hellsrummy.players.asking import checked_move


class Stubborn:
    """Takes, then always discards a wildcard while it holds one (else plays greedily)."""

    def __repr__(self) -> str:
        return "Stubborn()"

    def __call__(self, seen):
        wilds = [c for c in seen.hand if c.is_wild]
        if seen.phase is Phase.PLAY and wilds:
            return Discard(wilds[0])
        return GreedyBot()(seen)


class Cheat:
    """Discards a card it does not hold."""

    def __repr__(self) -> str:
        return "Cheat()"

    def __call__(self, seen):
        if seen.phase is Phase.DECIDE:
            return Take()
        return Discard(next(c for c in map(card, ("AH", "KH", "QH", "JH")) if c not in seen.hand))


class Caller(GreedyBot):
    """A GreedyBot whose every call names a card that is not the discard."""

    def call(self, seen):
        return CallRummy(seen.seat, card("AH"), 0, card("AH"))


def stubborn_game_seed() -> int:
    """A game whose first seat to act holds a wildcard and other cards (so it is refused)."""
    for seed in range(200):
        state = new_game(4, seed=seed)
        hand = state.hands[state.current]
        if any(c.is_wild for c in hand) and not all(c.is_wild for c in hand):
            return seed
    raise AssertionError("no such seed")


def test_a_stubborn_bot_is_stopped_after_the_documented_number_of_refusals() -> None:
    state = new_game(4, seed=stubborn_game_seed())
    seat = state.current
    taken, asked = bot_move(state, Stubborn())  # it takes (or passes)
    assert asked == 1
    with pytest.raises(BotMoveError) as raised:
        bot_move(taken, Stubborn())
    error = raised.value
    assert (error.seat, error.bot, error.refused) == (seat, "Stubborn()", MAX_REFUSED_MOVES)
    assert error.reason is Reason.WILDCARD_DISCARD
    assert isinstance(error.action, Discard) and error.action.card.is_wild
    assert f"seat {seat}'s bot Stubborn() made {MAX_REFUSED_MOVES} refused moves" in str(error)
    assert taken.penalties[seat] == 0  # the state given is never changed
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.reason is error.reason


@pytest.mark.parametrize("players", [Stubborn(), Cheat()])
def test_play_game_simulate_and_stream_results_raise_instead_of_hanging(players) -> None:
    bots = [players, GreedyBot(), GreedyBot(), GreedyBot()]
    seed = stubborn_game_seed()

    def every_seat() -> None:
        for game in range(4):  # the bot sits in every seat in turn
            play_game(bots, seed, game)

    with pytest.raises(BotMoveError, match=r"seat \d's bot (Stubborn|Cheat)\(\) made"):
        every_seat()
    with pytest.raises(BotMoveError):
        simulate(bots, games=4, seed=seed)
    with pytest.raises(BotMoveError):
        list(stream_results(bots, games=4, seed=seed))


def test_simulate_in_worker_processes_raises_the_bots_error_whole() -> None:
    with pytest.raises(BotMoveError) as raised:
        simulate([Cheat(), GreedyBot(), GreedyBot()], games=2, seed=1, workers=2)
    assert raised.value.bot == "Cheat()" and raised.value.reason is Reason.NOT_IN_HAND
    assert raised.value.refused == 0  # an illegal move: refused at once


def test_finish_round_and_compare_raise_naming_the_seat_and_the_bot() -> None:
    with pytest.raises(BotMoveError, match="bot Cheat"):
        finish_round(new_game(3, seed=1), Cheat())
    with pytest.raises(BotMoveError, match=r"deal 0, turn \d+, candidate 'cheat': seat \d"):
        compare({"cheat": lambda seed: Cheat()}, deals=1, seed="s")
    with pytest.raises(BotMoveError, match=r"deal 0, turn \d+, the field: seat \d"):
        compare([RandomBot], lambda seed: Cheat(), deals=1, seed="s")


def test_an_illegal_call_raises_naming_the_caller() -> None:
    rules = Rules(discard_policy=DiscardPolicy.CLASSIC)
    for seed in range(300):
        state = new_game(3, seed=seed, rules=rules)
        for _ in range(200):
            if state.phase is not Phase.DECIDE and state.phase is not Phase.PLAY:
                break
            state = bot_move(state, RandomBot(seed))[0]
            if state.discarder is not None and state.discard is not None:
                if any(rummy_calls(state, seat) for seat in range(3)):
                    with pytest.raises(BotMoveError, match="made an illegal move: rummy") as raised:
                        offer_calls(state, [Caller()] * 3)
                    assert raised.value.reason is Reason.NOT_THE_DISCARD
                    return
                state = offer_calls(state, [GreedyBot()] * 3)[0]
    raise AssertionError("no callable bad discard found")


def test_checked_move_refuses_even_a_discard_the_rules_would_penalise() -> None:
    state = new_game(4, seed=stubborn_game_seed())
    state = bot_move(state, GreedyBot())[0] if state.phase is Phase.DECIDE else state
    if state.phase is Phase.DECIDE:
        state = bot_move(state, lambda seen: Take())[0]
    wild = next((c for c in state.hands[state.current] if c.is_wild), None)
    if wild is not None and not all(c.is_wild for c in state.hands[state.current]):
        with pytest.raises(BotMoveError, match="wildcard_discard"):
            checked_move(state, state.current, "B()", Discard(wild))
    with pytest.raises(BotMoveError, match="not an action"):
        checked_move(state, state.current, "B()", "discard 2C")
    move = next(iter(legal_actions(state)))
    assert checked_move(state, state.current, "B()", move) is move


def test_illegal_action_errors_pickle_whole() -> None:
    error = IllegalActionError(Reason.NO_SUCH_MELD, "meld 4 does not exist")
    again = pickle.loads(pickle.dumps(error))
    assert again.reason is Reason.NO_SUCH_MELD and str(again) == str(error)


# --- the bots of a game are checked before any is asked ---------------------------------------


@pytest.mark.parametrize(
    ("bots", "error", "message"),
    [
        ([RandomBot, RandomBot(1), RandomBot(2)], TypeError, "bot 0 is the class RandomBot"),
        ([GreedyBot(), GreedyBot, GreedyBot()], TypeError, r"such as GreedyBot\(\)"),
        ([RandomBot(1), None, RandomBot(2)], TypeError, "bot 1 must be a bot .* got None"),
        ("abc", TypeError, "bots must be a sequence of bots"),
        (RandomBot(1), TypeError, "bots must be a sequence of bots"),
        ([], ValueError, "at least one bot"),
    ],
)
def test_games_refuse_what_is_not_a_bot_by_name(bots: Any, error: type, message: str) -> None:
    # A bot class is callable, so it used to be asked for moves: called with a view, it made
    # a bot (seeded with the view) and the game ended in a BotMoveError about that instance.
    for run in (
        lambda: play_game(bots, 1, 0),
        lambda: simulate(bots, games=1, seed=1),
        lambda: list(stream_results(bots, games=1, seed=1)),
    ):
        with pytest.raises(error, match=message):
            run()


@pytest.mark.parametrize("seed", [1.5, None, view(new_game(3, seed=1), 1), True, ["a"]])
def test_seeded_bots_refuse_a_bad_seed_when_made(seed: Any) -> None:
    for make in (RandomBot, SearchBot):
        with pytest.raises(ValueError, match="seed must be an int, str or bytes"):
            make(seed=seed)
