"""The discard rules: rummies, which discards are refused and why, and play protection.

* A wildcard may not be discarded, nor a *rummy* (a card that plays on a table meld right now,
  by extension or by buying a wildcard) — unless every card of the hand is one of them.
* Under ``Rules(discard_taken_card=False)`` the card taken this turn may not be discarded
  while the hand holds another card.
* **Play protection**: a seat that has switched it on (never in expert mode) is warned instead
  of discarding while a play remains — meeting the minimum, or once it is met, a new meld, an
  extension or a swap.

What happens to a refused discard (penalised or raised) is the discard policy's business
(:class:`hellsrummy.DiscardPolicy`, applied by :func:`hellsrummy.apply`). The verdicts are
worked out once per position (see :mod:`hellsrummy.position`).

>>> state = apply(new_game(3, seed=2026), Take())
>>> all(is_legal(state, Discard(c)) for c in legal_discards(state))
True
>>> rummies(state), play_remains(state)
(frozenset(), False)
"""

from __future__ import annotations

from hellsrummy.contracts import Contract
from hellsrummy.deck import Card
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.position import Position, position
from hellsrummy.solver import can_meet
from hellsrummy.state import GameState, Phase

__all__ = ["legal_discards", "play_remains", "refusal", "rummies"]

_ONE_SET = Contract.of(sets=[3])
_ONE_RUN = Contract.of(runs=[3])


def _play_remains(here: Position) -> bool:
    hand = here.hand
    if not here.met:
        return can_meet(hand, here.contract)
    return bool(here.rummies) or can_meet(hand, _ONE_SET) or can_meet(hand, _ONE_RUN)


def play_remains(state: GameState, seat: int | None = None) -> bool:
    """Whether ``seat`` (by default the current seat) could make a play right now.

    A play is meeting the minimum (for a seat that has not met it), or, once it is met, a new
    meld, an extension or a swap. This is what play protection warns about.

    >>> play_remains(new_game(3, seed=1))
    False
    """
    if seat is None or seat == state.current:
        return _play_remains(position(state))
    table = position(state).table
    hand = state.hands[seat]
    if not state.met[seat]:
        return can_meet(hand, state.contract)
    return (
        not table.playable.isdisjoint(hand) or can_meet(hand, _ONE_SET) or can_meet(hand, _ONE_RUN)
    )


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
        here.protected = here.protection and not here.rules.expert and _play_remains(here)
    return here.protected


def refusal(here: Position, chosen: Card) -> IllegalActionError | None:
    """Why discarding ``chosen`` (a card of the hand) is refused in a position, or ``None``.

    >>> here = position(apply(new_game(3, seed=2026), Take()))
    >>> refusal(here, card("2C")).reason, refusal(here, here.hand[-1]) is None
    (<Reason.WILDCARD_DISCARD: 'wildcard_discard'>, True)
    """
    hand = here.hand
    if not here.rules.discard_taken_card and chosen is here.taken:
        for c in hand:
            if c is not chosen:
                return IllegalActionError(
                    Reason.TAKEN_CARD_DISCARD,
                    f"{chosen} was taken this turn and may not be discarded",
                )
    rummy = here.rummies
    if chosen.is_wild or chosen in rummy:
        for c in here.distinct:  # a wildcard or a rummy may go only when every card is one
            if not c.is_wild and c not in rummy:
                if chosen.is_wild:
                    return IllegalActionError(
                        Reason.WILDCARD_DISCARD, f"{chosen} is a wildcard and may not be discarded"
                    )
                return IllegalActionError(
                    Reason.RUMMY_DISCARD,
                    f"{chosen} is a rummy (it plays on a meld on the table) and may not be"
                    " discarded",
                )
    if _protected(here):
        return IllegalActionError(
            Reason.PLAY_REMAINS, f"play protection: seat {here.seat} still has a play to make"
        )
    return None


def discards(here: Position) -> tuple[Card, ...]:
    """The distinct cards the seat to act may discard without error, in card order.

    Empty outside the play phase. Kept with the position.

    >>> here = position(apply(new_game(3, seed=2026), Take()))
    >>> [str(c) for c in here.distinct if c not in discards(here)]  # a wildcard may not go
    ['2C']
    """
    found = here.discards
    if found is not None:
        return found
    if here.phase is not Phase.PLAY or _protected(here):
        found = ()
    else:
        distinct = here.distinct
        rummy = here.rummies
        if rummy:
            restricted = [c for c in distinct if c.is_wild or c in rummy]
        else:
            restricted = [c for c in distinct if c.is_wild]
        if restricted and len(restricted) < len(distinct):
            found = tuple(c for c in distinct if not c.is_wild and c not in rummy)
        else:
            found = distinct
        taken = here.taken
        if (
            taken is not None
            and not here.rules.discard_taken_card
            and taken in found
            and any(c is not taken for c in here.hand)
        ):
            found = tuple(c for c in found if c is not taken)
    here.discards = found
    return found


def legal_discards(state: GameState) -> list[Card]:
    """The distinct cards the current seat may discard without error, in card order.

    Empty outside the play phase.

    >>> state = apply(new_game(3, seed=2026), Take())
    >>> all(is_legal(state, Discard(c)) for c in legal_discards(state))
    True
    """
    return list(discards(position(state)))
