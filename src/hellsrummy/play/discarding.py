"""The discard rules: refused discards and what they cost, rummies, and play protection.

* A wildcard may not be discarded, nor a *rummy* (a card that plays on a table meld right now,
  by extension or by buying a wildcard) — unless every card of the hand is one of them.
* Under ``Rules(discard_taken_card=False)`` the card taken this turn may not be discarded
  while another card of the hand may go.
* Under ``DiscardPolicy.CLASSIC`` every card may go (no wildcard or rummy refusals, no play
  protection): a bad discard is answered by a call instead (:mod:`hellsrummy.play.calls`).
* **Play protection**: a seat that has switched it on (never in expert mode) is warned instead
  of discarding while a play remains — meeting the minimum, or once it is met, a new meld, an
  extension or a swap.

What happens to a refused discard is the discard policy's business
(:class:`hellsrummy.DiscardPolicy`): :func:`hellsrummy.apply` raises it under ``REJECT`` and
charges it here under ``PENALIZE`` (:func:`penalize`; a play-protection refusal is announced
as a warning). Play protection's switch (:func:`verify_protection`, :func:`set_protection`)
is here too. The verdicts are worked out once per position (see
:mod:`hellsrummy.game.position`).

>>> state = apply(new_game(3, seed=2026), Take())
>>> all(is_legal(state, Discard(c)) for c in legal_discards(state))
True
>>> rummies(state), play_remains(state)
(frozenset(), False)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Final

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.solver import can_meet
from hellsrummy.deck.cards import Card
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.actions import SetPlayProtection
from hellsrummy.game.events import (
    DiscardErrorMade,
    Event,
    PlayProtectionChanged,
    PlayProtectionWarning,
)
from hellsrummy.game.position import Position, position, table
from hellsrummy.game.rules import CLASSIC, DiscardPolicy, Rules
from hellsrummy.game.rulings import DiscardVerdict
from hellsrummy.game.state import PLAY, GameState, Phase
from hellsrummy.game.successor import replace
from hellsrummy.play.seats import verify_seat

if TYPE_CHECKING:
    from hellsrummy.views.view import PlayerView

__all__ = [
    "discard_verdict",
    "discards",
    "is_bad_discard",
    "legal_discards",
    "penalize",
    "play_remains",
    "refusal",
    "rummies",
    "set_protection",
    "verify_protection",
]


_ONE_SET: Final = Contract.of(sets=[3])
_ONE_RUN: Final = Contract.of(runs=[3])
_PLAY: Final = PLAY
_GAME_OVER: Final = Phase.GAME_OVER
_CLASSIC: Final = CLASSIC
_PENALIZE: Final = DiscardPolicy.PENALIZE


class DiscardRules:
    """What the discard rules of a :class:`hellsrummy.Rules` are, read once per rules object.

    ``classic``: the classic discard policy (every card may go); ``usual``: no card is refused
    but wildcards, rummies and what play protection refuses (not classic, and the card taken
    may be discarded). Made once and never changed, so a caller may keep it.

    >>> DiscardRules(Rules(discard_taken_card=False)).usual
    False
    """

    __slots__ = ("classic", "rules", "usual")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.classic = rules.discard_policy is _CLASSIC
        self.usual = not self.classic and rules.discard_taken_card


class _LastRules:
    """The :class:`DiscardRules` last asked for: a game's states share one rules object."""

    __slots__ = ("read",)

    def __init__(self) -> None:
        self.read: DiscardRules | None = None


_LAST: Final = _LastRules()


def discard_rules(rules: Rules) -> DiscardRules:
    """The :class:`DiscardRules` of ``rules`` (those of the last rules asked are kept).

    The kept answer is replaced whole, never changed, so that an answer handed out stays
    true and threads asking about different rules cannot mix theirs.

    >>> classic = discard_rules(Rules(discard_policy="classic"))
    >>> usual = discard_rules(Rules())
    >>> classic.classic, usual.classic, usual.usual
    (True, False, True)
    """
    read = _LAST.read
    if read is None or read.rules is not rules:
        read = _LAST.read = DiscardRules(rules)
    return read


def _play_remains(
    hand: tuple[Card, ...], met: bool, contract: Contract, rummies: Collection[Card]
) -> bool:
    if not met:
        return can_meet(hand, contract)
    return bool(rummies) or can_meet(hand, _ONE_SET) or can_meet(hand, _ONE_RUN)


def play_remains(state: GameState, seat: int | None = None) -> bool:
    """Whether ``seat`` (by default the current seat) could make a play right now.

    A play is meeting the minimum (for a seat that has not met it), or, once it is met, a new
    meld, an extension or a swap. This is what play protection warns about.

    >>> play_remains(new_game(3, seed=1))
    False
    """
    if seat is None:
        seat = state.current
    return _play_remains(state.hands[seat], state.met[seat], state.contract, rummies(state, seat))


def rummies(state: GameState, seat: int | None = None) -> frozenset[Card]:
    """The distinct cards of the seat's hand (by default the current seat's) that are rummies.

    A rummy is a card that could be played on a meld on the table right now, by extension or
    by a swap, whether or not the seat has met the minimum.

    >>> rummies(new_game(3, seed=1))  # no melds on the table yet
    frozenset()
    """
    here = position(state)
    if seat is None or seat == state.current:
        return here.rummies
    return here.table.playable.intersection(state.hands[seat])


def _protected(here: Position) -> bool:
    """Whether play protection refuses every discard now (a play remains)."""
    if here.protected is None:
        here.protected = (
            here.protection
            and not here.rules.expert
            and _play_remains(here.hand, here.met, here.contract, here.held_rummies)
        )
    return here.protected


def _unrestricted(here: Position) -> bool:
    """Whether every card of the hand is a wildcard or a rummy (then any of them may go)."""
    return not here.hand_facts.kept


def is_bad_discard(state: GameState | PlayerView, card: Card) -> bool:
    """Whether ``card`` would be a bad discard now: a wildcard, or a card that plays on a meld.

    The discard rules refuse a bad discard while the hand holds a card that is not one
    (:func:`discard_verdict`); under ``DiscardPolicy.CLASSIC`` it may go, and may be called
    (:func:`hellsrummy.rummy_calls`).

    >>> state = new_game(3, seed=1)
    >>> is_bad_discard(state, card("2C")), is_bad_discard(state, card("7H"))  # an empty table
    (True, False)
    """
    return _is_bad(card, table(state).playable)


def _is_bad(card: Card, playable: Collection[Card]) -> bool:
    """:func:`is_bad_discard` given the cards that play on the table now."""
    return card.is_wild or card in playable


def _refused(here: Position, chosen: Card, unrestricted: bool) -> Reason | None:
    """The discard rules, in the order they are checked: why ``chosen`` may not go, or None.

    The body of :func:`discard_verdict`; ``unrestricted`` is :func:`_unrestricted` of ``here``
    (asked once by those who ask about every card).
    """
    classic = discard_rules(here.rules).classic
    if (
        chosen is here.taken
        and not here.rules.discard_taken_card
        and _another_may_go(here, chosen, unrestricted or classic)
    ):
        return Reason.TAKEN_CARD_DISCARD
    if classic:  # every card may go; a bad discard can be called instead
        return None
    if not unrestricted and _is_bad(chosen, here.table.playable):
        return Reason.WILDCARD_DISCARD if chosen.is_wild else Reason.RUMMY_DISCARD
    if _protected(here):
        return Reason.PLAY_REMAINS
    return None


def _another_may_go(here: Position, taken: Card, unrestricted: bool) -> bool:
    """Whether a card other than the one taken may be discarded (wildcards and rummies aside).

    Under ``Rules(discard_taken_card=False)`` the taken card may go when nothing else may, so
    that the turn can always end.
    """
    others = here.distinct if unrestricted else here.hand_facts.kept
    return any(c is not taken for c in others)


def discard_verdict(state: GameState | Position, card: Card) -> DiscardVerdict | None:
    """The one decision on a discard: why the discard rules refuse it, or ``None`` if it may go.

    ``card`` is a card of the hand of the seat to act, in the play phase (whether it is held,
    and the phase, are the turn's checks: :func:`hellsrummy.play.turns.verify_discard`). In
    order: the taken card under ``Rules(discard_taken_card=False)``; under the classic policy
    nothing else; a bad discard (:func:`is_bad_discard`) unless every card of the hand is one;
    play protection's warning. The verdict says whether the policy penalises the attempt.
    Every other answer about discards is made from this one: the error :func:`hellsrummy.apply`
    raises or charges, :func:`legal_discards` and the move listing (whose fast paths the tests
    hold to it on random games of every variant).

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> verdict = discard_verdict(state, card("2C"))
    >>> verdict.reason, verdict.penalized  # the default policy, PENALIZE, charges it
    (<Reason.WILDCARD_DISCARD: 'wildcard_discard'>, True)
    >>> print(verdict.message)
    2C is a wildcard and may not be discarded
    >>> discard_verdict(state, state.hands[1][-1]) is None
    True
    """
    here = state if isinstance(state, Position) else position(state)
    reason = _refused(here, card, _unrestricted(here))
    if reason is None:
        return None
    penalized = reason is not Reason.TAKEN_CARD_DISCARD and here.rules.discard_policy is _PENALIZE
    return DiscardVerdict(here.seat, card, reason, penalized)


def refusal(here: Position, chosen: Card) -> IllegalActionError | None:
    """:func:`discard_verdict` as the error that refuses the discard, or ``None``.

    >>> here = position(apply(new_game(3, seed=2026), Take()))
    >>> refusal(here, card("2C")).reason, refusal(here, here.hand[-1]) is None
    (<Reason.WILDCARD_DISCARD: 'wildcard_discard'>, True)
    """
    verdict = discard_verdict(here, chosen)
    return None if verdict is None else verdict.error()


def discards(here: Position) -> tuple[Card, ...]:
    """:func:`legal_discards` of a :class:`~hellsrummy.game.position.Position`, kept with it.

    The distinct cards :func:`discard_verdict` lets go, in card order; empty outside the play
    phase. The engine and the move listing ask it (a tuple, worked out once per position).

    >>> here = position(apply(new_game(3, seed=2026), Take()))
    >>> [str(c) for c in here.distinct if c not in discards(here)]  # a wildcard may not go
    ['2C']
    """
    found = here.discards
    if found is None:
        found = _allowed(here) if here.phase is _PLAY else ()
        here.discards = found
    return found


def _allowed(here: Position) -> tuple[Card, ...]:
    """The distinct cards :func:`discard_verdict` lets go, in card order."""
    if not discard_rules(here.rules).usual:
        unrestricted = _unrestricted(here)
        return tuple(c for c in here.distinct if _refused(here, c, unrestricted) is None)
    # A fast path, the verdict for the usual rules at once: no bad discard, unless nothing
    # else is left (``kept`` are the naturals that are not rummies), and nothing at all while
    # play protection warns.
    if _protected(here):
        return ()
    return here.hand_facts.kept or here.distinct


def legal_discards(state: GameState) -> list[Card]:
    """The distinct cards the current seat may discard without error, in card order.

    Empty outside the play phase.

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> all(is_legal(state, Discard(c)) for c in legal_discards(state))
    True
    """
    return list(discards(position(state)))


# --- play protection: its switch (the warning is the PLAY_REMAINS refusal above) -----------


def verify_protection(state: GameState, action: SetPlayProtection) -> IllegalActionError | None:
    """Why switching play protection is refused, or ``None``.

    It is never switched on in expert mode, and does not exist under the classic discard
    policy (switching it off is allowed until the game is over). Like leaving, it is a table
    action: any seat still in the game may switch its own at any moment, in its turn or not,
    until the game is over.

    >>> verify_protection(new_game(3, seed=1), SetPlayProtection(0, True)) is None
    True
    """
    if state.phase is _GAME_OVER:
        return IllegalActionError(Reason.WRONG_PHASE, "the game is over")
    error = verify_seat(state, action.seat)
    if error:
        return error
    if action.on and state.rules.expert:
        return IllegalActionError(
            Reason.EXPERT_MODE, "play protection cannot be switched on in expert mode"
        )
    if action.on and state.rules.discard_policy is CLASSIC:
        return IllegalActionError(
            Reason.CLASSIC_POLICY, "the classic discard policy has no play protection"
        )
    return None


def set_protection(state: GameState, action: SetPlayProtection) -> GameState:
    """A seat switches play protection on or off (the action was verified).

    >>> set_protection(new_game(3, seed=1), SetPlayProtection(2, True)).protection
    (False, False, True)
    """
    return attrs.evolve(
        state,
        protection=replace(state.protection, action.seat, action.on),
        log=state.log.append(PlayProtectionChanged(action.seat, action.on)),
    )


# --- what a refused discard costs under DiscardPolicy.PENALIZE ------------------------------


def penalize(state: GameState, error: IllegalActionError, card: Card | None = None) -> GameState:
    """What a penalised discard costs (see :attr:`DiscardVerdict.penalized`): points, an event.

    A play-protection warning is announced as such; any other refusal as a discard error. The
    event keeps ``card``, the card tried, in the state's log; a seat's view does not show it.

    >>> error = IllegalActionError(Reason.WILDCARD_DISCARD, "2C is a wildcard", penalized=True)
    >>> after = penalize(new_game(3, seed=1), error, card("2C"))
    >>> after.penalties, after.errors, str(after.log.last)
    ((0, 3, 0), (0, 1, 0), 'seat 1 made a discard error with 2C (3 points)')
    >>> str(view(after, 0).log.last)
    'seat 1 made a discard error (3 points)'
    """
    seat = state.current
    points = state.rules.discard_error_points
    event: Event
    if error.reason is Reason.PLAY_REMAINS:
        event = PlayProtectionWarning(seat, points, card)
    else:
        event = DiscardErrorMade(seat, points, card)
    return attrs.evolve(
        state,
        penalties=replace(state.penalties, seat, state.penalties[seat] + points),
        errors=replace(state.errors, seat, state.errors[seat] + 1),
        log=state.log.append(event),
    )
