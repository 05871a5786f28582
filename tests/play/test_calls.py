"""Transcripts of the classic game's "Rummy!" calls, from fixed deals."""

from __future__ import annotations

import json

import attrs
import pytest

from hellsrummy import (
    CallRummy,
    Discard,
    DiscardPolicy,
    GameRecord,
    GameState,
    GreedyBot,
    IllegalActionError,
    Meld,
    Pass,
    Phase,
    RandomBot,
    Reason,
    Rules,
    RummyCalled,
    SetPlayProtection,
    Take,
    apply,
    card,
    cards,
    check,
    from_dict,
    is_legal,
    known_cards,
    legal_actions,
    legal_discards,
    new_game,
    next_round,
    offer_calls,
    parse_action,
    replay,
    resample,
    rummy_calls,
    to_dict,
    view,
)
from hellsrummy.game.position import table

from ..support.deals import deal, play

CLASSIC = Rules(discard_policy=DiscardPolicy.CLASSIC)

# Three seats; seat 1 plays first. Seat 1 lays 2H 7H 7S and 9C 9D 9H, then discards KH; seat 2
# takes it and discards 7C, a bad discard (it extends the sevens, or buys their deuce).
TABLE = deal(
    hands=[
        "3C 4C 5D 9S 10C JD QD AH 6H",  # seat 0: has not met; 9S plays on the nines
        "7H 7S 2H 9C 9D 9H KH 5S 6S",  # seat 1
        "3D 4D 6C 8H 7C 10H JC AS 3S",  # seat 2: has not met
    ],
    discard="QS",
    stock="8C 8D 8S 3H 4H 4S 5C 5H 6D 10S",
)
# The same, but seat 0 holds a single card: a call that gives it as the substitute wins.
LAST_CARD = deal(
    hands=["5D", "7H 7S 2H 9C 9D 9H KH 5S 6S", "3D 4D 6C 8H 7C 10H JC AS 3S"],
    discard="QS",
    stock="8C 8D 8S 3H 4H 4S 5C 5H 6D 10S",
)


def bad_discard_of_7c(fixed: object = TABLE, rules: Rules = CLASSIC) -> GameState:
    """Seat 2 has just discarded 7C; seat 0 decides on it."""
    state = new_game(3, seed="calls", rules=rules, deal=fixed)  # type: ignore[arg-type]
    state = play(
        state,
        Take(),
        Meld([cards("7H 7S 2H"), cards("9C 9D 9H")]),
        Discard(card("KH")),
        Take(),
        Discard(card("7C")),
    )
    assert (state.phase, state.current, state.discard, state.discarder) == (
        Phase.DECIDE,
        0,
        card("7C"),
        2,
    )
    return state


def test_every_card_is_a_legal_discard_and_there_is_no_play_protection() -> None:
    state = play(new_game(3, seed="calls", rules=CLASSIC, deal=TABLE), Take())
    state = play(state, Meld([cards("7H 7S 2H"), cards("9C 9D 9H")]))
    assert legal_discards(state) == list(dict.fromkeys(state.hands[1]))
    assert check(state, SetPlayProtection(1, True)) is Reason.CLASSIC_POLICY
    assert check(state, SetPlayProtection(1, False)) is None
    # KH plays nowhere: nobody can call it.
    state = apply(state, Discard(card("KH")))
    assert all(rummy_calls(state, seat) == [] for seat in range(3))
    assert check(state, CallRummy(0, card("KH"), 0, card("3C"))) is Reason.NOT_A_MELD


def test_a_seat_that_has_not_met_the_minimum_calls_by_extension() -> None:
    state = bad_discard_of_7c()
    call = CallRummy(0, card("7C"), meld=0, substitute=card("AH"))
    assert not state.met[0]
    assert call in rummy_calls(state, 0)
    after = apply(state, call)
    assert [str(meld) for meld in after.melds] == ["2H 7C 7H 7S", "9C 9D 9H"]
    assert card("AH") not in after.hands[0] and len(after.hands[0]) == 8
    assert (after.phase, after.current, after.discard, after.discarder) == (
        Phase.DECIDE,
        0,
        card("AH"),
        0,
    )
    assert not after.met[0]  # calling does not meet the minimum
    assert after.log.last == RummyCalled(0, card("7C"), 0, False, None, card("AH"))
    assert after.turns == state.turns
    # Seat 0 still decides, now on its own substitute.
    assert list(legal_actions(after))[:2] == [Take(), Pass()]


def test_a_call_that_swaps_out_a_wildcard_gives_it_to_the_caller() -> None:
    state = bad_discard_of_7c()
    call = CallRummy(1, card("7C"), meld=0, substitute=card("5S"), swap=True)
    after = apply(state, call)
    assert str(after.melds[0]) == "7C 7H 7S"
    assert card("2H") in after.hands[1] and card("5S") not in after.hands[1]
    assert after.discard == card("5S") and after.current == 0 and after.discarder == 1
    assert after.log.last == RummyCalled(1, card("7C"), 0, True, card("2H"), card("5S"))
    # Everyone saw the wildcard go to seat 1: views and resampling know it is there.
    assert known_cards(view(after, 2))[1] == cards("2H QS")  # it took QS, too
    guess = resample(view(after, 2), rng_seed=3)
    assert card("2H") in guess.hands[1]
    # The wildcard itself may be the substitute (and is then a bad discard, callable again).
    given_back = CallRummy(1, card("7C"), meld=0, substitute=card("2H"), swap=True)
    assert is_legal(state, given_back)
    again = apply(state, given_back)
    assert again.discard == card("2H")
    assert rummy_calls(again, 2)  # a wildcard extends the nines or the sevens


def test_a_call_that_empties_the_callers_hand_wins_the_round() -> None:
    state = bad_discard_of_7c(LAST_CARD)
    call = CallRummy(0, card("7C"), meld=0, substitute=card("5D"))
    after = apply(state, call)
    assert after.phase is Phase.ROUND_OVER
    assert after.results[0].winner == 0 and after.results[0].points[0] == 0
    assert after.hands[0] == () and after.discarder is None
    # A swap keeps the card count: seat 0 gives 5D but holds the deuce, so it does not win.
    swapped = apply(state, CallRummy(0, card("7C"), 0, card("5D"), swap=True))
    assert swapped.phase is Phase.DECIDE and swapped.hands[0] == (card("2H"),)


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        (CallRummy(2, card("7C"), 0, card("3D")), Reason.OWN_DISCARD),
        (CallRummy(0, card("7D"), 0, card("3C")), Reason.NOT_THE_DISCARD),
        (CallRummy(0, card("7C"), 1, card("3C")), Reason.NOT_A_MELD),
        (CallRummy(0, card("7C"), 1, card("3C"), swap=True), Reason.NO_WILDCARD),
        (CallRummy(0, card("7C"), 5, card("3C")), Reason.NO_SUCH_MELD),
        (CallRummy(0, card("7C"), 0, card("KS")), Reason.NOT_IN_HAND),
        (CallRummy(0, card("7C"), 0, card("2H")), Reason.NOT_IN_HAND),  # only a swap brings it
        (CallRummy(3, card("7C"), 0, card("3C")), Reason.NO_SUCH_SEAT),
    ],
    ids=str,
)
def test_invalid_calls_are_refused_with_a_reason_and_change_nothing(
    call: CallRummy, reason: Reason
) -> None:
    state = bad_discard_of_7c()
    before = to_dict(state)
    assert check(state, call) is reason
    with pytest.raises(IllegalActionError) as raised:
        apply(state, call)
    assert raised.value.reason is reason
    assert to_dict(state) == before


def test_a_call_comes_too_late_once_the_next_seat_has_decided() -> None:
    state = bad_discard_of_7c()
    call = CallRummy(1, card("7C"), 0, card("5S"))
    assert is_legal(state, call)
    taken = apply(state, Take())
    assert check(taken, call) is Reason.NOTHING_TO_CALL
    assert check(apply(state, Pass()), call) is Reason.NOTHING_TO_CALL
    assert rummy_calls(taken, 1) == []


def test_calls_belong_to_the_classic_policy_only() -> None:
    # The same position under the electronic policies (where 7C could not have been thrown).
    for policy in (DiscardPolicy.PENALIZE, DiscardPolicy.REJECT):
        state = attrs.evolve(bad_discard_of_7c(), rules=Rules(discard_policy=policy))
        assert check(state, CallRummy(1, card("7C"), 0, card("5S"))) is Reason.NOT_CLASSIC
        assert rummy_calls(state, 1) == [] and list(legal_actions(view(state, 1))) == []
        assert list(legal_actions(state)) == [Take(), Pass()]


def test_two_seats_can_call_and_the_first_valid_call_is_the_one_made() -> None:
    state = bad_discard_of_7c()
    # Seat 0 decides: its calls come after take and pass; seat 1 is not to act but may call.
    mine = list(legal_actions(view(state, 0)))
    assert mine[:2] == [Take(), Pass()] and all(isinstance(m, CallRummy) for m in mine[2:])
    assert mine[2:] == rummy_calls(state, 0) and len(mine) > 2
    assert list(legal_actions(state)) == mine  # the state answers for the seat to act
    theirs = list(legal_actions(view(state, 1)))
    assert theirs == rummy_calls(state, 1) and theirs
    assert {call.seat for call in theirs} == {1}
    assert list(legal_actions(view(state, 2))) == []  # its own discard
    # A view answers "in" for its own seat's calls only.
    assert theirs[0] in legal_actions(view(state, 1))
    assert theirs[0] not in legal_actions(view(state, 0))
    assert mine[2] in legal_actions(view(state, 0))
    # Seat 1 calls first; seat 0's call on 7C is now stale.
    after = apply(state, theirs[0])
    assert check(after, mine[2]) is Reason.NOT_THE_DISCARD


def test_a_substitute_that_is_a_bad_discard_is_called_again() -> None:
    state = bad_discard_of_7c()
    state = apply(state, CallRummy(0, card("7C"), 0, card("9S")))  # 9S plays on the nines
    assert state.discard == card("9S") and state.discarder == 0
    assert rummy_calls(state, 0) == []  # not on its own substitute
    again = CallRummy(2, card("9S"), 1, card("3D"))
    assert again in rummy_calls(state, 2)
    state = apply(state, again)
    assert str(state.melds[1]) == "9C 9D 9H 9S"
    assert (state.current, state.discard, state.discarder) == (0, card("3D"), 2)
    called = [event for event in state.log if isinstance(event, RummyCalled)]
    assert [event.seat for event in called] == [0, 2]


def test_calls_have_notation_data_and_a_place_in_records() -> None:
    call = CallRummy(1, card("7C"), 0, card("5S"), swap=True)
    assert str(call) == "rummy 1 7C swap 0 5S"
    assert parse_action(str(call)) == call
    assert parse_action("RUMMY 0 7c extend 0 ah") == CallRummy(0, card("7C"), 0, card("AH"))
    with pytest.raises(ValueError, match="'extend' or 'swap'"):
        parse_action("rummy 0 7C buy 0 AH")
    assert from_dict(json.loads(json.dumps(to_dict(call)))) == call
    state = bad_discard_of_7c()
    after = apply(state, call)
    event = after.log.last
    assert from_dict(json.loads(json.dumps(to_dict(event)))) == event
    assert from_dict(json.loads(json.dumps(to_dict(after)))) == after
    assert from_dict(json.loads(json.dumps(to_dict(view(after, 2))))) == view(after, 2)
    assert to_dict(state)["discarder"] == 2
    actions = [
        Take(),
        Meld([cards("7H 7S 2H"), cards("9C 9D 9H")]),
        Discard(card("KH")),
        Take(),
        Discard(card("7C")),
        call,
        Take(),
    ]
    record = GameRecord(players=state.names, seed="calls", rules=CLASSIC, deal=TABLE)
    record = GameRecord(
        players=record.players, seed=record.seed, rules=CLASSIC, deal=TABLE, actions=actions
    )
    assert replay(GameRecord.from_text(record.to_text())) == apply(after, Take())
    assert replay(GameRecord.from_dict(record.to_dict())) == apply(after, Take())


def test_a_state_from_data_cannot_have_a_discarder_outside_the_decide_phase() -> None:
    state = apply(bad_discard_of_7c(), Take())
    data = to_dict(state)
    data["discarder"] = 1
    with pytest.raises(ValueError, match="discarder: only a discard waiting"):
        from_dict(data)


def test_offer_calls_asks_the_seats_in_order_after_the_discarder() -> None:
    state = bad_discard_of_7c()
    asked: list[int] = []

    class Recorder:
        def __call__(self, seen: object) -> Take:
            return Take()

        def call(self, seen: object) -> CallRummy | None:
            asked.append(seen.seat)  # type: ignore[attr-defined]
            return None

    after, made = offer_calls(state, [Recorder()] * 3)
    assert (after, made, asked) == (state, 0, [0, 1])
    greedy = GreedyBot()
    after, made = offer_calls(state, [greedy, greedy, greedy])
    assert made >= 1 and after.discard != card("7C")
    first = next(event for event in after.log if isinstance(event, RummyCalled))
    assert first.seat == 0  # the next seat after the discarder was asked first


def test_greedy_bot_calls_when_it_can_and_prefers_shedding_a_card() -> None:
    state = bad_discard_of_7c()
    bot = GreedyBot()
    for seat in (0, 1):
        call = bot.call(view(state, seat))
        assert call is not None and call in rummy_calls(state, seat)
        assert not call.swap  # an extension sheds a card; it comes before a swap
        assert not call.substitute.is_wild
    assert bot.call(view(state, 2)) is None  # its own discard


def test_greedy_bots_under_the_classic_policy_never_throw_a_bad_card_they_could_keep() -> None:
    rules = Rules(discard_policy=DiscardPolicy.CLASSIC, schedule=[6, 7], max_turns=300)
    bot = GreedyBot()
    bots = [bot, RandomBot(1), bot, RandomBot(2)]
    calls = 0
    for game in range(3):
        state = new_game(4, seed=f"greedy classic {game}", rules=rules)
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            seat = state.current
            action = bots[seat](view(state, seat))
            if isinstance(action, Discard) and bots[seat] is bot:
                playable = table(state).playable
                safe = [c for c in state.hands[seat] if not c.is_wild and c not in playable]
                bad = action.card.is_wild or action.card in playable
                assert not (bad and safe), (action, state.describe())
            state = apply(state, action)
            if state.discarder is not None:
                state, made = offer_calls(state, bots)
                calls += made
    assert calls > 0
