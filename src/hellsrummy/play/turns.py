"""A turn's frame: take or pass, discard, and leaving the game.

Each action has a pair here: ``verify_*`` says why the action is refused in a state (an
:class:`hellsrummy.IllegalActionError` with its reason) or returns ``None``, and the transition
of the same name builds the next state with one constructor call
(:func:`hellsrummy.game.successor.successor`). Checkers ask the position's derived facts
(:mod:`hellsrummy.game.position`) instead of working them out again. The plays between (meeting the
minimum, melds, extensions, swaps) are in :mod:`hellsrummy.play.plays`, the discard rules and
play protection's switch in :mod:`hellsrummy.play.discarding`, the end of a round in
:mod:`hellsrummy.play.scoring`, whose turn comes next in :mod:`hellsrummy.play.seats`;
:func:`hellsrummy.apply` runs the pairs.

>>> state = new_game(3, seed=2026)
>>> verify_take(state, Take()) is None, verify_discard(state, Discard(card("AH"))).reason
(True, <Reason.WRONG_PHASE: 'wrong_phase'>)
>>> take(state, Take()).phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from hellsrummy.deck.cards import Card
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.actions import (
    Discard,
    Leave,
    Pass,
    Take,
)
from hellsrummy.game.eventlog import discarded_record, passed_record, took_record
from hellsrummy.game.events import DiscardTurnedUp, SeatLeft
from hellsrummy.game.position import position
from hellsrummy.game.state import DECIDE, PLAY, GameState, Phase
from hellsrummy.game.successor import replace, successor
from hellsrummy.play.discarding import discards, refusal
from hellsrummy.play.scoring import end_round, game_ends, outcome
from hellsrummy.play.seats import next_seat, verify_seat
from hellsrummy.play.stock import draw

__all__ = [
    "discard",
    "in_round",
    "insert",
    "leave",
    "missing",
    "pass_",
    "remove",
    "take",
    "verify_discard",
    "verify_leave",
    "verify_pass",
    "verify_take",
]


IN_ROUND = (Phase.DECIDE, Phase.PLAY)
# Final aliases of the phases every turn names: compiled, each is read as a constant, not
# looked up by name in the module's globals on every use.
_DECIDE: Final = DECIDE
_PLAY: Final = PLAY


# --- small helpers ------------------------------------------------------------------------


def insert(hand: tuple[Card, ...], new: Card) -> tuple[Card, ...]:
    """The sorted hand with one more card, in its place.

    >>> format_cards(insert(cards("3C 7H KS"), card("9D")))
    '3C 7H 9D KS'
    """
    order = new.order  # the hand is sorted by ``order`` (BY_ORDER): after the cards not above it
    low = 0
    high = len(hand)
    while low < high:  # the first card above ``order``, by halves (each ``order`` read costs)
        middle = (low + high) >> 1
        if hand[middle].order > order:
            high = middle
        else:
            low = middle + 1
    grown = list(hand)
    grown.insert(low, new)
    return tuple(grown)


def remove(hand: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    """The hand without ``used`` (each card once per time it is named; all must be held).

    >>> format_cards(remove(cards("3C 7H 7H KS"), cards("7H KS")))
    '3C 7H'
    """
    left = hand
    for card_ in used:
        at = _place(left, card_)
        if at < 0:
            raise ValueError(f"{card_} is not in the hand")
        left = left[:at] + left[at + 1 :]
    return left


def _place(cards_: tuple[Card, ...], wanted: Card) -> int:
    """Where ``wanted`` first is in ``cards_``, or -1 (cards are interned: a card is itself).

    A loop of identity tests: ``in`` and ``index`` call ``Card.__eq__`` on every other card.
    """
    for i in range(len(cards_)):
        if cards_[i] is wanted:
            return i
    return -1


def missing(hand: tuple[Card, ...], used: Iterable[Card], seat: int) -> IllegalActionError | None:
    """An error naming a card the hand lacks (or holds too few times), or ``None``.

    >>> missing(cards("3C 7H"), cards("7H 7H"), 1).reason
    <Reason.NOT_IN_HAND: 'not_in_hand'>
    """
    if isinstance(used, tuple) and len(used) == 1 and _place(hand, used[0]) >= 0:
        return None  # the usual case: one card, held
    need = Counter(used)
    if len(need) == 1:
        ((card_, count),) = need.items()
        have = hand.count(card_)
        if have >= count:
            return None
    else:
        held = Counter(hand)
        for card_, count in need.items():
            if held[card_] < count:
                have = held[card_]
                break
        else:
            return None
    if have == 0:
        return IllegalActionError(Reason.NOT_IN_HAND, f"{card_} is not in seat {seat}'s hand")
    return IllegalActionError(
        Reason.NOT_IN_HAND, f"seat {seat} holds {card_} {have} time(s), not {count}"
    )


# --- the checkers: one per action ---------------------------------------------------------


def in_round(state: GameState, phase: Phase, what: str) -> IllegalActionError | None:
    """An error unless the game is in ``phase`` (``what`` names the attempted action).

    >>> in_round(new_game(3, seed=1), Phase.PLAY, "discard").reason
    <Reason.WRONG_PHASE: 'wrong_phase'>
    """
    if state.phase is not phase:
        return IllegalActionError(Reason.WRONG_PHASE, f"cannot {what} in phase {state.phase.value}")
    return None


def verify_take(state: GameState, action: Take) -> IllegalActionError | None:
    """Why taking the discard is refused (only at a take-or-pass decision), or ``None``.

    >>> verify_take(new_game(3, seed=1), Take()) is None
    True
    """
    return in_round(state, _DECIDE, "take the discard")


def verify_pass(state: GameState, action: Pass) -> IllegalActionError | None:
    """Why passing the discard is refused (only at a take-or-pass decision), or ``None``.

    >>> verify_pass(new_game(3, seed=1), Pass()) is None
    True
    """
    return in_round(state, _DECIDE, "pass the discard")


def verify_discard(state: GameState, action: Discard) -> IllegalActionError | None:
    """Why discarding this card is refused (see :mod:`hellsrummy.play.discarding`), or ``None``.

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> verify_discard(state, Discard(state.hands[1][-1])) is None
    True
    >>> verify_discard(state, Discard(card("2C"))).reason
    <Reason.WILDCARD_DISCARD: 'wildcard_discard'>
    """
    error = in_round(state, _PLAY, "discard")
    if error:
        return error
    chosen = action.card
    here = position(state)
    if _place(discards(here), chosen) >= 0:
        return None
    if _place(here.hand, chosen) < 0:
        return IllegalActionError(Reason.NOT_IN_HAND, f"{chosen} is not in seat {here.seat}'s hand")
    return refusal(here, chosen)


def verify_leave(state: GameState, action: Leave) -> IllegalActionError | None:
    """Why this seat may not leave now (it has left already, or the game is over), or ``None``.

    A seat may leave at any moment, in its own turn too.

    >>> verify_leave(new_game(3, seed=1), Leave(1)) is None
    True
    """
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(Reason.WRONG_PHASE, "the game is over")
    return verify_seat(state, action.seat)


# --- the transitions: one per action ------------------------------------------------------


def take(state: GameState, action: Take) -> GameState:
    """The current seat takes the discard into its hand (the action was verified).

    >>> state = new_game(3, seed=1)
    >>> len(take(state, Take()).hands[1]) - len(state.hands[1])
    1
    """
    seat = state.current
    taken = state.discard
    assert taken is not None
    return successor(
        state,
        current=seat,
        phase=_PLAY,
        hands=replace(state.hands, seat, insert(state.hands[seat], taken)),
        discard=None,
        log=state.log._add(took_record(seat, taken)),
        taken=taken,
    )


def pass_(state: GameState, action: Pass) -> GameState:
    """The discard and the top stock card go to the next seat; the passer draws a card.

    >>> state = new_game(3, seed=1)
    >>> [len(hand) for hand in pass_(state, Pass()).hands]
    [9, 10, 11]
    """
    seat = state.current
    passed = state.discard
    assert passed is not None
    receiver = next_seat(state.left, seat)
    log = state.log._add(passed_record(seat, passed, receiver))
    extra, stock, refills, log = draw(state, state.stock, state.refills, log)
    drawn, stock, refills, log = draw(state, stock, refills, log)
    hands = replace(state.hands, receiver, insert(insert(state.hands[receiver], passed), extra))
    hands = replace(hands, seat, insert(hands[seat], drawn))
    return successor(
        state,
        current=seat,
        phase=_PLAY,
        hands=hands,
        discard=None,
        log=log,
        stock=stock,
        refills=refills,
    )


def discard(state: GameState, action: Discard) -> GameState:
    """The current seat discards; the turn passes on, or the round ends (last card, max_turns).

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> after = discard(state, Discard(state.hands[1][0]))
    >>> after.current, after.phase, after.discard == state.hands[1][0]
    (2, <Phase.DECIDE: 'decide'>, True)
    """
    seat = state.current
    thrown = action.card
    hands = state.hands
    left = state.left
    hand = remove(hands[seat], (thrown,))
    turns = state.turns + 1
    hands = replace(hands, seat, hand)
    log = state.log._add(discarded_record(seat, thrown))
    ending = outcome(state, seat, hand, turns=turns)
    if ending is None:  # the usual case: the turn passes
        return successor(
            state,
            current=next_seat(left, seat),
            phase=_DECIDE,
            hands=hands,
            discard=thrown,
            log=log,
            discarder=seat,
            turns=turns,
        )
    after = successor(
        state,
        current=seat,
        phase=state.phase,
        hands=hands,
        discard=thrown,
        log=log,
        taken=state.taken,
        turns=turns,
    )
    return end_round(after, ending)


def leave(state: GameState, action: Leave) -> GameState:
    """A seat leaves the game; its hand stays out of play. Under two seats left, the game ends.

    If the seat to act leaves at its take-or-pass decision, the next seat decides on the same
    discard; if it leaves after taking or passing, the top stock card is turned up as the
    discard for the next seat.

    >>> leave(new_game(3, seed=1), Leave(2)).left
    (False, False, True)
    >>> after = leave(new_game(3, seed=1), Leave(1))  # seat 1 was deciding: seat 2 decides
    >>> after.current, after.phase
    (2, <Phase.DECIDE: 'decide'>)
    """
    seat = action.seat
    left = replace(state.left, seat, True)
    log = state.log.append(SeatLeft(seat))
    if state.phase in IN_ROUND:
        ending = outcome(state, seat, state.hands[seat], left=left)
        if ending is not None:  # too few seats are left: the round ends, and the game with it
            return end_round(attrs.evolve(state, left=left, log=log), ending)
    elif game_ends(state.rules, state.round, left):  # between rounds: too few seats are left
        return attrs.evolve(state, left=left, log=log, phase=Phase.GAME_OVER)
    if seat != state.current or state.phase not in IN_ROUND:
        return attrs.evolve(state, left=left, log=log)
    if state.phase is DECIDE:
        return attrs.evolve(state, left=left, current=next_seat(left, seat), log=log)
    turned_up, stock, refills, log = draw(state, state.stock, state.refills, log)
    return attrs.evolve(
        state,
        left=left,
        current=next_seat(left, seat),
        phase=Phase.DECIDE,
        discard=turned_up,
        discarder=None,
        stock=stock,
        refills=refills,
        taken=None,
        log=log.append(DiscardTurnedUp(turned_up)),
    )
