"""Calling "Rummy!": the classic game's answer to a bad discard (``DiscardPolicy.CLASSIC``).

Under the classic policy every card of the hand is a legal discard, but a *bad discard* — a
wildcard, or a card that plays on a table meld (:func:`hellsrummy.is_bad_discard`, one of the
discard rules) — can be called. While it is the discard and
the next seat has not yet taken or passed it, any seat still in the game except the one that
discarded it (the next seat included, met or not) may call: it places the card where it plays
(an extension, or a swap that brings the meld's lowest-sorting wildcard to its hand) and gives
a substitute, any card of its hand after that play, which becomes the discard. The seat that
was deciding still decides, now on the substitute; a substitute that is itself a bad discard
may be called in turn. A caller whose hand is empty after giving the substitute wins the
round at once. Calling does not change the caller's met flag.

:func:`verify_call` and :func:`call_rummy` are the rule's checker and transition (run by
:func:`hellsrummy.apply`); :func:`rummy_calls` lists a seat's calls in a fixed order: by meld
number, an extension before a swap, then by substitute in card order.

>>> from hellsrummy import Rules, DiscardPolicy
>>> deal = Deal(hands=[cards("3C 4C 5D 9S"), cards("7H 7S 7D 9C 9D 9H KH 5S 6S"),
...                    cards("3D 4D 6C 8H")], discard=card("QS"), stock=cards("8C 8D 8S"))
>>> rules = Rules(discard_policy=DiscardPolicy.CLASSIC)
>>> state = apply(new_game(3, seed=1, deal=deal, rules=rules), Take())
>>> state = apply(state, Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]))
>>> state = apply(state, Discard(card("KH")))   # fine: KH plays nowhere
>>> rummy_calls(state, 0)
[]
>>> state = apply(apply(state, Take()), Discard(card("KH")))  # seat 2 throws it back
>>> state = apply(apply(state, Pass()), Discard(card("9S")))   # seat 0: 9S plays on meld 1
>>> [str(call) for call in rummy_calls(state, 2)][:2]
['rummy 2 9S extend 1 3D', 'rummy 2 9S extend 1 4D']
>>> after = apply(state, CallRummy(2, card("9S"), meld=1, substitute=card("3D")))
>>> str(after.melds[1]), after.discard, after.current, after.discarder
('9C 9D 9H 9S', card('3D'), 1, 2)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from hellsrummy.deck.cards import Card
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.actions import CallRummy
from hellsrummy.game.events import RummyCalled
from hellsrummy.game.position import table
from hellsrummy.game.rules import DiscardPolicy
from hellsrummy.game.state import GameState, Phase, TableMeld
from hellsrummy.game.successor import replace, successor
from hellsrummy.play.discarding import is_bad_discard as is_bad_discard  # (its 0.2.0 path)
from hellsrummy.play.plays import extension_refusal, swap_refusal
from hellsrummy.play.scoring import end_round, outcome
from hellsrummy.play.seats import verify_seat
from hellsrummy.play.turns import insert, remove

if TYPE_CHECKING:
    from hellsrummy.views.view import PlayerView

__all__ = [
    "call_rummy",
    "callable_discard",
    "next_call_turn",
    "rummy_calls",
    "verify_call",
]


def callable_discard(state: GameState | PlayerView, seat: int) -> IllegalActionError | None:
    """Why ``seat`` cannot call Rummy on anything now, or ``None`` if the discard is open to it.

    The discard is open to a call while the next seat decides on it, under
    ``DiscardPolicy.CLASSIC``, to every seat still in the game but the one that discarded it.
    Whether the card actually plays somewhere is the call's business (:func:`verify_call`).

    >>> callable_discard(new_game(3, seed=1), 2).reason  # the default policy has no calls
    <Reason.NOT_CLASSIC: 'not_classic'>
    """
    if state.rules.discard_policy is not DiscardPolicy.CLASSIC:
        return IllegalActionError(
            Reason.NOT_CLASSIC, "calling Rummy belongs to the classic discard policy"
        )
    if state.phase is not Phase.DECIDE or state.discarder is None:
        what = "was turned up" if state.phase is Phase.DECIDE else "is not waiting for a decision"
        return IllegalActionError(Reason.NOTHING_TO_CALL, f"no discard to call: the discard {what}")
    if seat == state.discarder:
        return IllegalActionError(
            Reason.OWN_DISCARD, f"seat {seat} cannot call Rummy on its own discard"
        )
    return None


def verify_call(state: GameState, action: CallRummy) -> IllegalActionError | None:
    """Why this call is refused, or ``None``.

    >>> verify_call(new_game(3, seed=1), CallRummy(2, card("7H"), 0, card("3C"))).reason
    <Reason.NOT_CLASSIC: 'not_classic'>
    """
    seat = action.seat
    error = verify_seat(state, seat) or callable_discard(state, seat)
    if error:
        return error
    called = action.card
    if called != state.discard:
        return IllegalActionError(
            Reason.NOT_THE_DISCARD, f"{called} is not the discard (the discard is {state.discard})"
        )
    number = action.meld
    if number >= len(state.melds):
        return IllegalActionError(
            Reason.NO_SUCH_MELD, f"meld {number} does not exist (the table has {len(state.melds)})"
        )
    hand = state.hands[seat]
    if action.swap:
        error = swap_refusal(state, number, called)
        if error:
            return error
        hand = insert(hand, state.melds[number].cards[0])
    else:
        error = extension_refusal(state, number, (called,))
        if error:
            return error
    if action.substitute not in hand:
        return IllegalActionError(
            Reason.NOT_IN_HAND,
            f"the substitute {action.substitute} is not in seat {seat}'s hand after the call",
        )
    return None


def call_rummy(state: GameState, action: CallRummy) -> GameState:
    """The call is made (it was verified): the card plays, the substitute is the discard.

    >>> from hellsrummy.play.calls import call_rummy
    >>> deal = Deal(hands=[cards("3C 4C 5D 9S"), cards("7H 7S 2H 9C 9D 9H KH 5S 6S"),
    ...                    cards("3D 4D 6C 7C")], discard=card("QS"), stock=cards("8C 8D 8S"))
    >>> rules = Rules(discard_policy=DiscardPolicy.CLASSIC)
    >>> state = new_game(3, seed=1, rules=rules, deal=deal)
    >>> for text in ["take", "meld 7H 7S 2H / 9C 9D 9H", "discard KH", "take", "discard 7C"]:
    ...     state = apply(state, parse_action(text))
    >>> after = call_rummy(state, CallRummy(0, card("7C"), 0, card("3C")))  # verified first
    >>> str(after.melds[0]), after.discard, after.discarder, after.current
    ('2H 7C 7H 7S', card('3C'), 0, 0)
    """
    seat = action.seat
    number = action.meld
    target = state.melds[number]
    hand = state.hands[seat]
    wildcard: Card | None = None
    if action.swap:
        wildcard = target.cards[0]  # a meld's cards are sorted: its wildcards come first
        played = TableMeld((*target.cards[1:], action.card), target.owner)
        hand = insert(hand, wildcard)
    else:
        played = TableMeld((*target.cards, action.card), target.owner)
    hand = remove(hand, (action.substitute,))
    log = state.log.append(
        RummyCalled(seat, action.card, number, action.swap, wildcard, action.substitute)
    )
    after = successor(
        state,
        current=state.current,
        phase=Phase.DECIDE,
        hands=replace(state.hands, seat, hand),
        discard=action.substitute,
        log=log,
        discarder=seat,
        melds=replace(state.melds, number, played),
    )
    ending = outcome(state, seat, hand)
    return after if ending is None else end_round(after, ending)


def rummy_calls(state: GameState | PlayerView, seat: int) -> list[CallRummy]:
    """Every call ``seat`` may make now, in order (meld, extension before swap, substitute).

    From a :class:`hellsrummy.PlayerView`, only the viewing seat's own calls can be listed
    (the others' hands are hidden); an empty list for any other seat.

    >>> rummy_calls(new_game(3, seed=1), 2)
    []
    """
    if not 0 <= seat < len(state.left) or state.left[seat]:
        return []
    if callable_discard(state, seat) is not None:
        return []
    if isinstance(state, GameState):
        hand = state.hands[seat]
    elif state.seat == seat:
        hand = state.hand
    else:
        return []
    called = state.discard
    assert called is not None
    here = table(state)
    if called not in here.playable:
        return []
    found: list[CallRummy] = []
    for number, extends in enumerate(here.extends):
        if called in extends:
            found += _calls(seat, called, number, False, dict.fromkeys(hand))
        if called in here.buys[number]:
            after = insert(hand, state.melds[number].cards[0])
            found += _calls(seat, called, number, True, dict.fromkeys(after))
    return found


def next_call_turn(
    state: GameState, declined: Collection[int] = ()
) -> tuple[int, list[CallRummy]] | None:
    """The call turn due now, for a game played one seat's answer at a time: its seat and calls.

    Under the classic policy, while the seat to act decides on a discard, the other seats may
    call "Rummy!" on it; asked one at a time, in turn order from the deciding seat, the first
    that may call (:func:`rummy_calls`) and has not ``declined`` answers next. ``None`` when no
    seat is to answer (another policy, no discard, or every seat that may call has declined),
    and the deciding seat acts. The reinforcement-learning environments and the OpenSpiel game
    both turn a call window into turns this way.

    >>> from hellsrummy import DiscardPolicy, Rules, new_game
    >>> next_call_turn(new_game(4, seed=1)) is None
    True
    >>> classic = new_game(4, seed=1, rules=Rules(discard_policy=DiscardPolicy.CLASSIC))
    >>> next_call_turn(classic, declined={1, 2, 3}) is None
    True
    """
    if (
        state.phase is not Phase.DECIDE
        or state.discarder is None
        or state.rules.discard_policy is not DiscardPolicy.CLASSIC
    ):
        return None
    count = state.players
    for ahead in range(1, count):
        other = (state.current + ahead) % count
        if other not in declined:
            calls = rummy_calls(state, other)  # empty for a seat that may not call
            if calls:
                return other, calls
    return None


def _calls(
    seat: int, called: Card, number: int, swap: bool, substitutes: dict[Card, None]
) -> list[CallRummy]:
    return [CallRummy(seat, called, number, substitute, swap) for substitute in substitutes]
