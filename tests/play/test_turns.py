"""Scripted transcripts from fixed deals, one per rule of SPEC.md sections 4-7."""

from __future__ import annotations

import pytest

from hellsrummy import (
    Deal,
    Discard,
    DiscardErrorMade,
    DiscardPolicy,
    DiscardTurnedUp,
    Extend,
    GameState,
    IllegalActionError,
    Leave,
    Meld,
    Melded,
    Pass,
    Passed,
    Phase,
    PlayProtectionWarning,
    Reason,
    Refilled,
    RoundEnded,
    Rules,
    ScoreTable,
    SeatLeft,
    SetPlayProtection,
    SwapWildcard,
    Take,
    Took,
    apply,
    card,
    cards,
    check,
    format_cards,
    is_legal,
    legal_actions,
    new_game,
    next_round,
    rummies,
    view,
)

from ..support.deals import THREE, deal, play, start
from ..support.invariants import cards_in_play


def hand(state: GameState, seat: int) -> str:
    return format_cards(state.hands[seat])


def test_the_deal_seat_0_deals_and_seat_1_decides_on_the_turned_up_discard() -> None:
    state = start()
    assert state.phase is Phase.DECIDE
    assert (state.dealer, state.current, state.round) == (0, 1, 0)
    assert state.discard == card("9S")
    assert state.stock[0] == card("QH")
    assert str(state.contract) == "Two Sets of 3"
    assert list(legal_actions(state)) == [Take(), Pass()]


def test_take_puts_the_discard_into_the_hand() -> None:
    state = apply(start(), Take())
    assert hand(state, 1) == "2C 4S 5S 7D 7H 7S 9C 9D 9S KH"
    assert state.discard is None
    assert state.phase is Phase.PLAY
    assert state.log.last == Took(1, card("9S"))
    assert len(state.stock) == 10


def test_pass_gives_the_next_player_the_discard_and_a_stock_card_then_the_player_draws() -> None:
    before = start()
    state = apply(before, Pass())
    assert hand(state, 2) == "3C 3D 3H 6C 8H 8S 9S JC QD QH AS"  # + 9S and the stock's QH
    assert hand(state, 1) == "2C 4S 5S 6D 7D 7H 7S 9C 9D KH"  # + the next stock card, 6D
    assert state.stock == before.stock[2:]
    assert state.discard is None
    assert (state.current, state.phase) == (1, Phase.PLAY)
    assert state.log.last == Passed(1, card("9S"), 2)


def test_before_meeting_the_minimum_only_meeting_it_or_discarding_is_open() -> None:
    state = apply(start(), Pass())
    moves = list(legal_actions(state))
    assert {type(m) for m in moves} == {Meld, Discard}  # 7D 7H 7S and 2C 9C 9D meet it
    assert all(len(m.melds) == 2 for m in moves if isinstance(m, Meld))
    with pytest.raises(IllegalActionError) as error:
        apply(state, Meld([cards("7D 7H 7S")]))
    assert error.value.reason is Reason.CONTRACT_NOT_FULFILLED
    assert "Two Sets of 3 needed" in str(error.value)
    state = apply(state, Discard(card("KH")))
    assert state.current == 2


def test_meet_the_minimum_then_keep_playing_and_go_out_by_discarding() -> None:
    state = play(start(), Take())
    state = apply(state, Meld([cards("9C 9D 9S"), cards("7D 7H 7S")]))
    assert state.met == (False, True, False)
    assert [str(m) for m in state.melds] == ["9C 9D 9S", "7D 7H 7S"]
    assert [m.owner for m in state.melds] == [1, 1]
    assert state.log.last == Melded(1, 0, (cards("9C 9D 9S"), cards("7D 7H 7S")), met=True)
    assert state.phase is Phase.PLAY  # the turn goes on
    state = apply(state, Meld([cards("2C 4S 5S")]))  # a new meld: a run 4 5 [6] or [3] 4 5
    assert hand(state, 1) == "KH"
    state = apply(state, Discard(card("KH")))
    assert state.phase is Phase.ROUND_OVER
    result = state.results[0]
    assert result.winner == 1
    # 2D=20, 4H 5H 6H=15, 10C 10D JH KD KS=50; 3C 3D 3H 6C 8H 8S=30, JC QD=20, AS=15
    assert result.points == (85, 0, 65)
    table = ScoreTable()
    assert result.points[0] == table.hand_points(cards("2D 4H 5H 6H 10C 10D JH KD KS"))
    assert result.met == (False, True, False)
    assert state.scores == result.points
    assert state.log.last == RoundEnded(0, 1, result.points)


def test_going_out_by_a_play_needs_no_discard() -> None:
    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 2D", "7H 7S 7D 9C 9D", "3C 3D 3H 8S 8H JC QD AS 6C"],
        discard="9S",
        stock="QH 6D AH 8C",
    )
    state = play(start(fixed), Take(), Meld([cards("7H 7S 7D"), cards("9C 9D 9S")]))
    assert state.phase is Phase.ROUND_OVER
    assert state.results[0].winner == 1
    assert state.discard is None


def swap_fixture() -> GameState:
    fixed = deal(
        hands=[
            "10C 10D 10H KS KD KH 7C 5C 3D",  # seat 0
            "7H 7S 2C 9C 9D 4S 5S 8D JC",  # seat 1
            "3C 3H 8S 8H JD QD AS 6C 4D",  # seat 2
        ],
        discard="9S",
        stock="QH 6D AH 8C 5D 4H 3S 10S JH QC",
    )
    return play(
        start(fixed),
        Take(),
        Meld([cards("9C 9D 9S"), cards("2C 7H 7S")]),  # seat 1 meets with a wildcard
        Discard(card("JC")),
        Pass(),  # seat 2 passes JC (and QH) to seat 0, draws 6D
        Discard(card("AS")),
        Take(),  # seat 0 takes the AS
        Meld([cards("10C 10D 10H"), cards("KS KD KH")]),  # and meets
    )


def test_swap_a_wildcard_out_of_another_players_meld() -> None:
    state = swap_fixture()
    assert state.current == 0
    assert [str(m) for m in state.melds] == ["9C 9D 9S", "2C 7H 7S", "10C 10D 10H", "KD KH KS"]
    assert is_legal(state, SwapWildcard(1, card("7C")))
    assert check(state, SwapWildcard(0, card("7C"))) is Reason.NO_WILDCARD
    assert check(state, SwapWildcard(1, card("5C"))) is Reason.BAD_SWAP
    state = apply(state, SwapWildcard(1, card("7C")))
    assert str(state.melds[1]) == "7C 7H 7S"
    assert state.melds[1].owner == 1  # the meld stays its owner's
    assert "2C" in hand(state, 0) and "7C" not in hand(state, 0)
    # The wildcard bought back can extend anyone's meld.
    state = apply(state, Extend(0, cards("2C")))
    assert str(state.melds[0]) == "2C 9C 9D 9S"
    assert check(state, Extend(5, cards("JC"))) is Reason.NO_SUCH_MELD


def test_extend_another_players_meld() -> None:
    state = swap_fixture()
    assert check(state, Extend(1, cards("7C"))) is None  # seat 1's sevens
    state = apply(state, Extend(1, cards("7C")))
    assert str(state.melds[1]) == "2C 7C 7H 7S"
    assert state.melds[1].owner == 1
    assert check(state, Extend(0, cards("5C"))) is Reason.NOT_A_MELD
    assert check(state, Extend(0, cards("JC QH"))) is Reason.NOT_A_MELD
    assert check(state, Extend(0, cards("JC JC"))) is Reason.NOT_IN_HAND


def test_discard_error_a_wildcard_is_refused_and_penalised() -> None:
    state = play(start(), Take())
    assert check(state, Discard(card("2C"))) is Reason.WILDCARD_DISCARD
    after = apply(state, Discard(card("2C")))
    assert after.phase is Phase.PLAY and after.current == 1  # the turn stays open
    assert after.hands == state.hands
    assert after.penalties == (0, 3, 0)
    assert after.errors == (0, 1, 0)
    assert after.log.last == DiscardErrorMade(1, 3, card("2C"))  # the card: in the log only
    assert view(after, 1).log.last == view(after, 0).log.last == DiscardErrorMade(1, 3)
    assert Discard(card("2C")) not in list(legal_actions(state))
    again = apply(after, Discard(card("2C")))
    assert again.penalties == (0, 6, 0)


def test_discard_error_a_rummy_is_refused_and_the_points_count_at_the_end() -> None:
    state = play(start(), Take(), Meld([cards("9C 9D 9S"), cards("2C 7D 7H")]))
    # 7S now plays on the sevens: a rummy.
    assert check(state, Discard(card("7S"))) is Reason.RUMMY_DISCARD
    state = apply(state, Discard(card("7S")))
    assert state.penalties == (0, 3, 0)
    state = apply(state, Extend(1, cards("7S")))
    assert check(state, Discard(card("KH"))) is None
    state = apply(state, Discard(card("KH")))
    assert state.current == 2
    assert state.penalties == (0, 3, 0)  # the points stay for the round


def test_reject_policy_raises_without_penalty() -> None:
    state = play(start(discard_policy=DiscardPolicy.REJECT), Take())
    with pytest.raises(IllegalActionError) as error:
        apply(state, Discard(card("2C")))
    assert error.value.reason is Reason.WILDCARD_DISCARD
    assert "2C is a wildcard" in str(error.value)
    assert state.penalties == (0, 0, 0)


def test_a_hand_of_only_wildcards_and_rummies_may_discard_any_of_them() -> None:
    fixed = deal(
        hands=[
            "4H 5H 6H 10C 10D KS KD JH 2D",
            "7H 7S 7D 9C 9D 7C 2C",
            "3C 3D 3H 8S 8H JC QD AS 6C",
        ],
        discard="9S",
        stock="QH 6D AH 8C",
    )
    state = play(start(fixed), Take(), Meld([cards("7H 7S 7D"), cards("9C 9D 9S")]))
    assert hand(state, 1) == "2C 7C"  # both play on the table
    assert check(state, Discard(card("2C"))) is None
    assert check(state, Discard(card("7C"))) is None
    state = apply(state, Discard(card("2C")))
    assert state.discard == card("2C") and state.current == 2


def test_play_protection_warns_when_a_play_remains() -> None:
    state = apply(start(), SetPlayProtection(1, True))
    state = apply(state, Take())
    assert check(state, Discard(card("KH"))) is Reason.PLAY_REMAINS  # the minimum can be met
    assert not any(isinstance(m, Discard) for m in legal_actions(state))
    warned = apply(state, Discard(card("KH")))
    assert warned.log.last == PlayProtectionWarning(1, 3, card("KH"))
    assert view(warned, 2).log.last == PlayProtectionWarning(1, 3)
    assert warned.penalties == (0, 3, 0) and warned.errors == (0, 1, 0)
    assert warned.hands == state.hands and warned.phase is Phase.PLAY
    # Without protection the same discard is simply allowed.
    off = apply(state, SetPlayProtection(1, False))
    assert check(off, Discard(card("KH"))) is None


def test_expert_mode_forbids_play_protection() -> None:
    state = start(expert=True)
    assert check(state, SetPlayProtection(2, True)) is Reason.EXPERT_MODE
    with pytest.raises(IllegalActionError, match="expert mode"):
        apply(state, SetPlayProtection(2, True))
    assert check(state, SetPlayProtection(2, False)) is None


def test_an_empty_stock_is_refilled_with_a_fresh_deck_of_the_rounds_suits() -> None:
    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 2D", "7H 7S 7D 9C 9D 2C 4S 5S KH", "3C 3D 3H 8S"],
        discard="9S",
        stock="QH",
    )
    state = apply(start(fixed), Pass())  # seat 2 gets 9S + QH; seat 1 must draw from nothing
    assert Refilled(52) in state.events
    assert state.refills == 1
    assert len(state.stock) == 51
    assert len(state.hands[1]) == 10
    again = apply(start(fixed), Pass())
    assert again.stock == state.stock  # the refill comes from the seed: reproducible


def test_taking_and_discarding_the_same_card_is_allowed_unless_the_rules_say_otherwise() -> None:
    state = play(start(), Take())
    assert check(state, Discard(card("9S"))) is None
    strict = play(start(discard_taken_card=False), Take())
    assert check(strict, Discard(card("9S"))) is Reason.TAKEN_CARD_DISCARD
    assert check(strict, Discard(card("KH"))) is None


def test_the_taken_card_may_go_when_nothing_else_may() -> None:
    # Found in review: the taken discard was the hand's only card that is neither a rummy nor
    # a wildcard, so no discard was legal and the seat was stuck.
    rules = Rules(discard_taken_card=False)
    fixed = deal(
        hands=[
            "3C 5D 5H 6S 8C 10D JS QC AS",
            "7H 7S 7D 9C 9D 9H JH QH KH 4S 4D 4C KH 5C",
            "7C 9S 10H AH 4H 2C 7D 9H 4C",
        ],
        discard="QS",
        stock="3H 3S 5S 6H 8D",
    )
    state = new_game(3, seed=1, rules=rules, deal=fixed)
    state = play(
        state,
        Take(),
        Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]),
        Meld([cards("JH QH KH")]),
        Meld([cards("4S 4D 4C")]),
        Discard(card("KH")),
        Take(),
    )
    assert state.taken == card("KH")
    others = [c for c in state.hands[2] if c != card("KH")]
    assert all(c.is_wild or c in rummies(state) for c in others)  # every other card is stuck
    moves = list(legal_actions(state))
    assert moves and Discard(card("KH")) in moves
    assert check(state, Discard(card("KH"))) is None
    assert check(state, Discard(card("2C"))) is Reason.WILDCARD_DISCARD
    # With another card free to go, the taken card stays refused.
    assert check(apply(start(discard_taken_card=False), Take()), Discard(card("9S"))) is (
        Reason.TAKEN_CARD_DISCARD
    )


def test_exact_contract_melds_option() -> None:
    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 2D", "7H 7S 7D 7C 9C 9D 2C 4S 5S", "3C 3D 3H 8S"],
        discard="9S",
        stock="QH 6D AH",
    )
    big = Meld([cards("7H 7S 7D 7C"), cards("9C 9D 9S")])
    assert is_legal(apply(start(fixed), Take()), big)
    strict = apply(start(fixed, exact_contract_melds=True), Take())
    assert check(strict, big) is Reason.CONTRACT_NOT_FULFILLED
    assert is_legal(strict, Meld([cards("7H 7S 7D"), cards("9C 9D 9S")]))


def test_max_turns_ends_a_round_with_no_winner() -> None:
    state = play(start(max_turns=2), Take(), Discard(card("KH")), Take(), Discard(card("KH")))
    assert state.phase is Phase.ROUND_OVER
    result = state.results[0]
    assert result.winner is None and result.turns == 2
    assert all(points > 0 for points in result.points)


def test_next_round_moves_the_deal_and_keeps_the_scores() -> None:
    state = play(start(max_turns=1), Take(), Discard(card("KH")))
    scores = state.scores
    state = next_round(state)
    assert (state.round, state.dealer, state.current) == (1, 1, 2)
    assert str(state.contract) == "One Run of 4, One Set of 3"
    assert state.scores == scores
    assert state.met == (False, False, False) and state.melds == ()
    assert [len(h) for h in state.hands] == [9, 9, 9]
    with pytest.raises(IllegalActionError, match="finished round"):
        next_round(state)


def test_the_game_ends_after_the_schedule_and_the_lowest_total_wins() -> None:
    state = start(max_turns=1, schedule=[6, 7])
    state = play(state, Take(), Discard(state.hands[1][-1]))
    state = next_round(state)
    assert state.phase is Phase.DECIDE
    state = play(state, Take(), Discard(state.hands[2][-1]))
    assert state.phase is Phase.GAME_OVER
    assert len(state.results) == 2
    assert state.scores == tuple(sum(r.points[s] for r in state.results) for s in range(3))
    low = min(state.scores)
    assert state.winners() == tuple(s for s in range(3) if state.scores[s] == low)
    assert list(legal_actions(state)) == []
    with pytest.raises(IllegalActionError):
        next_round(state)


def total_cards(state: GameState) -> int:
    return cards_in_play(state).total()


def test_a_seat_that_is_not_to_act_may_leave_and_play_skips_it() -> None:
    state = apply(start(), Leave(2))
    assert state.left == (False, False, True)
    assert check(state, Leave(2)) is Reason.SEAT_LEFT
    state = apply(state, Pass())  # the pass skips seat 2 and goes to seat 0
    assert len(state.hands[0]) == 11 and len(state.hands[2]) == 9
    state = apply(state, Discard(card("KH")))
    assert state.current == 0
    state = apply(state, Leave(1))  # one seat remains: the game is over
    assert state.phase is Phase.GAME_OVER
    assert state.winners() == (0,)


def test_leaving_at_the_take_or_pass_decision_hands_the_same_discard_on() -> None:
    before = start()
    state = apply(before, Leave(1))
    assert (state.phase, state.current, state.discard) == (Phase.DECIDE, 2, card("9S"))
    assert state.hands == before.hands and state.stock == before.stock  # nothing moves
    assert isinstance(state.log.last, SeatLeft)
    state = apply(state, Pass())  # seat 2 passes to seat 0, skipping seat 1
    assert len(state.hands[0]) == 11 and len(state.hands[1]) == 9


def test_leaving_after_taking_turns_up_the_top_stock_card_for_the_next_seat() -> None:
    before = apply(start(), Take())
    state = apply(before, Leave(1))
    assert (state.phase, state.current, state.discard) == (Phase.DECIDE, 2, card("QH"))
    assert state.stock == before.stock[1:] and state.taken is None
    assert state.hands[1] == before.hands[1]  # the leaver's hand stays, out of play
    assert state.log.last == DiscardTurnedUp(card("QH"))
    assert total_cards(state) == total_cards(before)
    state = apply(state, Take())  # seat 2 takes the turned-up card and plays on
    assert card("QH") in state.hands[2]


def test_leaving_after_passing_and_after_melding_keeps_every_card() -> None:
    before = apply(start(), Pass())  # seat 2 gets 9S and QH, seat 1 draws 6D
    state = apply(before, Leave(1))
    assert (state.current, state.discard) == (2, card("AH"))
    assert total_cards(state) == total_cards(before)
    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 2D", "7H 7S 7D 9C 9D 9H KH 5S 6S", "3C 3D 3H 8S"],
        discard="QS",
        stock="8C 8D",  # one card left: the turn-up comes from a refill deck
    )
    melded = play(start(fixed), Take(), Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]))
    state = apply(melded, Leave(1))
    assert state.current == 2 and state.discard == card("8C") and state.melds == melded.melds
    state = apply(apply(state, Pass()), Discard(card("3C")))  # seat 2 passes: a refill
    assert state.refills == 1 and state.current == 0
    assert total_cards(state) == total_cards(melded) + 52 * state.refills


def test_the_last_two_seats_can_end_the_game_by_leaving_in_their_turn() -> None:
    state = apply(apply(start(), Take()), Leave(0))
    state = apply(state, Leave(1))  # seat 1, mid-turn: one seat left
    assert state.phase is Phase.GAME_OVER and state.winners() == (2,)
    assert state.results[0].winner is None


def test_illegal_actions_name_the_problem() -> None:
    state = start()
    with pytest.raises(IllegalActionError, match="cannot discard in phase decide"):
        apply(state, Discard(card("KH")))
    state = apply(state, Take())
    with pytest.raises(IllegalActionError, match="AH is not in seat 1's hand"):
        apply(state, Discard(card("AH")))
    with pytest.raises(IllegalActionError, match="seat 1 holds 7H 1 time"):
        apply(state, Meld([cards("7H 7H 2C"), cards("9C 9D 9S")]))
    with pytest.raises(IllegalActionError, match="not a meld"):
        apply(state, Meld([cards("7H 9C KH"), cards("9D 9S 2C")]))
    with pytest.raises(IllegalActionError, match="meet the minimum"):
        apply(state, Extend(0, cards("7H")))
    with pytest.raises(IllegalActionError, match="seat 9 does not exist"):
        apply(state, SetPlayProtection(9, True))
    with pytest.raises(ValueError, match="not an action"):
        apply(state, "take")  # type: ignore[arg-type]


def test_new_game_validates_its_input() -> None:
    with pytest.raises(ValueError, match="3 to 10 players, got 11"):
        new_game(11, seed=1)
    with pytest.raises(ValueError, match="distinct"):
        new_game(["A", "A", "B"], seed=1)
    with pytest.raises(ValueError, match="seed"):
        new_game(3, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deal has 3 hands for 4 players"):
        new_game(4, seed=1, deal=THREE)
    too_many = Deal(hands=[cards("7H 7H 7H"), cards(""), cards("")], discard=card("3C"), stock=())
    with pytest.raises(ValueError, match="7H 3 times"):
        new_game(3, seed=1, deal=too_many)
    extra_suit = Deal(hands=[cards("7E"), cards(""), cards("")], discard=card("3C"), stock=())
    with pytest.raises(ValueError, match="7E 1 times; round 1's pack has it 0"):
        new_game(3, seed=1, deal=extra_suit)
    with pytest.raises(ValueError, match="hand_size 40 is too big"):
        new_game(3, seed=1, rules=Rules(hand_size=40))
    too_many_cards = Deal(hands=[cards("7H"), (), ()], discard=card("3C"), stock=cards("4C") * 200)
    with pytest.raises(ValueError, match="deal holds 202 cards; round 1's pack has 104"):
        new_game(3, seed=1, deal=too_many_cards)


def test_new_game_checks_every_round_of_the_schedule_before_dealing() -> None:
    # Round 1 (difficulty 11, three decks) fits; round 2 (difficulty 6, two decks) does not.
    rules = Rules(hand_size=40, schedule=[11, 6])
    message = (
        r"hand_size 40 is too big: round 2 \(difficulty 6\) needs 121 cards at 3 seats,"
        r" its pack has 104"
    )
    with pytest.raises(ValueError, match=message):
        new_game(3, seed=1, rules=rules)
    assert new_game(3, seed=1, rules=Rules(hand_size=40, schedule=[11])).players == 3


def test_new_game_checks_the_table_sizes_that_leaving_seats_can_reach() -> None:
    # Seven seats play with six suits (156 cards, 7 x 22 + 1 = 155 needed); after a leave, six
    # seats play with five suits (130 cards), too few for 6 x 22 + 1 = 133.
    message = (
        r"hand_size 22 is too big: round 2 \(difficulty 7\) needs 133 cards at 6 seats"
        r" \(after seats leave\), its pack has 130"
    )
    with pytest.raises(ValueError, match=message):
        new_game(7, seed=1, rules=Rules(hand_size=22))
    # Round 1 is only ever dealt at the starting size: a one-round game is fine.
    assert new_game(7, seed=1, rules=Rules(hand_size=22, schedule=[6])).players == 7
    # With a deal, round 1's cards are given; the later rounds are still checked.
    with pytest.raises(ValueError, match=r"round 2 \(difficulty 6\) needs 121 cards at 3 seats"):
        start(hand_size=40, schedule=[6, 6])
    assert start(hand_size=40, schedule=[6]).phase is Phase.DECIDE


def test_every_schedule_that_starts_can_be_played_to_the_end_whoever_leaves() -> None:
    refusals, played = [], 0
    for players in range(3, 11):
        for hand_size in (9, 15, 20, 25, 30, 40, 45):
            for schedule in ([6, 11, 18], [18, 11, 6], [3]):
                rules = Rules(hand_size=hand_size, schedule=schedule, max_turns=1)
                try:
                    state = new_game(players, seed=1, rules=rules)
                except ValueError as error:
                    refusals.append(str(error))
                    continue
                played += 1
                # Seats leave one by one between rounds, down to two seats.
                while state.phase is not Phase.GAME_OVER:
                    if state.phase is Phase.ROUND_OVER:
                        state = next_round(state)  # never fails once the game has started
                        continue
                    seats = state.active_seats()
                    leaving = [seat for seat in seats if seat != state.current]
                    if len(seats) > 2:
                        state = apply(state, Leave(leaving[-1]))
                    state = apply(state, Take())
                    state = apply(state, Discard(state.hands[state.current][-1]))
    assert played > 50 and len(refusals) > 50
    assert all(" is too big: round " in refusal for refusal in refusals)


def test_a_table_of_two_plays_its_rounds_with_the_deck_plans_first_step() -> None:
    state = new_game(4, seed=1, rules=Rules(hand_size=25, schedule=[6, 6], max_turns=1))
    state = play(state, Leave(2), Leave(3), Take(), Discard(state.hands[1][-1]))
    assert state.phase is Phase.ROUND_OVER
    state = next_round(state)
    assert state.active_seats() == (0, 1)
    assert len(state.suits) == 4 and state.decks == 2  # as at three or four seats
    assert [len(hand) for hand in state.hands] == [25, 25, 0, 0]
    assert len(state.stock) == 104 - 2 * 25 - 1


def test_the_same_seed_deals_the_same_game() -> None:
    a = new_game(4, seed="same")
    b = new_game(4, seed="same")
    c = new_game(4, seed="other")
    assert a == b and hash(a) == hash(b)
    assert a.hands != c.hands


def test_a_refill_deck_has_the_rounds_suits_even_after_a_seat_leaves() -> None:
    five = deal(
        hands=["4H 5H", "7H 7S 7D 9C", "3C 3D", "8E 8E", "JC QD"],
        discard="9S",
        stock="QH",
    )
    state = new_game(5, seed="refill", deal=five)
    assert len(state.suits) == 5  # five players: the Eagles join the French suits
    state = apply(state, Leave(3))
    state = apply(state, Pass())  # seat 2 gets 9S + QH; seat 1 draws from a fresh deck
    assert Refilled(65) in state.events
    assert {c.suit for c in state.stock} | {state.hands[1][-1].suit} <= set(state.suits)
