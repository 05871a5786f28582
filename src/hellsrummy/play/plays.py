"""Plays: meeting the minimum, laying melds, extending a table meld, buying a wildcard.

A seat that has not met the round's minimum may only meet it: lay, in one action, melds that
fulfil the contract (each requirement by its own meld, in any order). Once it is met, the seat
may lay any valid meld, extend any table meld (the result must be a meld under some reading)
and swap a natural card for a table meld's wildcard (the wildcard goes to the hand). Emptying
the hand by a play ends the round at once. Each action has its ``verify_*`` checker and its
transition here; :func:`hellsrummy.apply` runs them.

>>> state = apply(new_game(3, seed=1), Take())
>>> verify_extend(state, Extend(0, cards("7H"))).reason
<Reason.MINIMUM_NOT_MET: 'minimum_not_met'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from hellsrummy.contracts.contract import Contract, Requirement
from hellsrummy.contracts.enumeration import Choice, still_fitting
from hellsrummy.deck.cards import Card, format_cards
from hellsrummy.deck.melds import CARDS, Accepted, accepted_after, is_meld, meld_kinds
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.actions import Extend, Meld, SwapWildcard
from hellsrummy.game.eventlog import EventLog, extended_record, melded_record, swapped_record
from hellsrummy.game.position import Position, Table, position
from hellsrummy.game.state import PLAY, GameState, TableMeld, sorted_meld
from hellsrummy.game.successor import replace, successor
from hellsrummy.play.scoring import end_round, outcome
from hellsrummy.play.turns import in_round, insert, missing, remove

__all__ = [
    "extend",
    "extension_refusal",
    "meld",
    "swap",
    "swap_refusal",
    "verify_extend",
    "verify_meld",
    "verify_swap",
]


# Final aliases of imported names the plays use on every move: compiled, each is read as a
# constant, not looked up by name in the module's globals on every use.
_PLAY: Final = PLAY
_sorted_meld: Final = sorted_meld


def _meld_words(meld: Sequence[Card]) -> str:
    kinds = meld_kinds(meld)
    if not kinds:
        return f"[{format_cards(meld)}] (not a meld)"
    names = " or ".join(sorted(kind.value for kind in kinds))
    return f"[{format_cards(meld)}] ({names} of {len(meld)})"


def _fits(requirement: Requirement, meld: Sequence[Card], exact: bool) -> bool:
    if len(meld) < requirement.size or (exact and len(meld) != requirement.size):
        return False
    return requirement.kind in meld_kinds(meld)


def _assign(meld: int, options: list[list[int]], owner: dict[int, int], seen: set[int]) -> bool:
    """One augmenting path of Kuhn's matching, from ``meld`` (requirements owned by melds)."""
    for k in options[meld]:
        if k not in seen:
            seen.add(k)
            if k not in owner or _assign(owner[k], options, owner, seen):
                owner[k] = meld
                return True
    return False


def _matches_contract(contract: Contract, melds: Sequence[Sequence[Card]], exact: bool) -> bool:
    """Whether each meld can meet a different requirement and every requirement is met."""
    requirements = contract.requirements
    if len(melds) != len(requirements):
        return False
    options = [
        [k for k, requirement in enumerate(requirements) if _fits(requirement, meld, exact)]
        for meld in melds
    ]
    owner: dict[int, int] = {}
    return all(_assign(meld, options, owner, set()) for meld in range(len(melds)))


def verify_meld(state: GameState, action: Meld) -> IllegalActionError | None:
    """Why laying these melds is refused, or ``None``.

    A seat that has not met the minimum must fulfil the round's contract with them.

    >>> state = apply(new_game(3, seed=1), Take())
    >>> verify_meld(state, Meld([cards("7H 8H 9H")])).reason
    <Reason.NOT_IN_HAND: 'not_in_hand'>
    """
    here: Position | None = getattr(state, "_position", None)
    if here is not None:
        if here.handed is not None:  # handed out on its own as a move of this position
            for handed in here.handed:
                if handed is action:
                    return None
        if here.moves is not None:
            for listed in here.moves:  # the melds come first in a listing
                if listed is action:
                    return None  # one of the moves listed for this very position
                if listed.__class__ is not Meld:
                    break
    error = in_round(state, _PLAY, "meld")
    if error:
        return error
    seat = state.current
    if not action.melds:
        return IllegalActionError(Reason.EMPTY_PLAY, "a meld action needs at least one meld")
    error = missing(state.hands[seat], (c for meld in action.melds for c in meld), seat)
    if error:
        return error
    for number, laid in enumerate(action.melds):
        if not is_meld(laid):
            return IllegalActionError(
                Reason.NOT_A_MELD,
                f"meld {number} of the action is not a meld: [{format_cards(laid)}]",
            )
    if not state.met[seat]:
        contract = state.contract
        if not _matches_contract(contract, action.melds, state.rules.exact_contract_melds):
            size = "exactly" if state.rules.exact_contract_melds else "at least"
            words = ", ".join(_meld_words(laid) for laid in action.melds)
            return IllegalActionError(
                Reason.CONTRACT_NOT_FULFILLED,
                f"{contract} needed (each meld of {size} its size), got {words}",
            )
    return None


def _verify_table_play(state: GameState, number: int, what: str) -> IllegalActionError | None:
    error = in_round(state, _PLAY, what)
    if error:
        return error
    if not state.met[state.current]:
        return IllegalActionError(
            Reason.MINIMUM_NOT_MET,
            f"seat {state.current} must meet the minimum ({state.contract}) before it can {what}",
        )
    if number >= len(state.melds):
        return IllegalActionError(
            Reason.NO_SUCH_MELD, f"meld {number} does not exist (the table has {len(state.melds)})"
        )
    return None


def verify_extend(state: GameState, action: Extend) -> IllegalActionError | None:
    """Why adding these cards to a table meld is refused, or ``None``.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> verify_extend(state, Extend(0, cards("7C"))).reason
    <Reason.MINIMUM_NOT_MET: 'minimum_not_met'>
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> verify_extend(state, Extend(0, cards("7C"))) is None
    True
    >>> verify_extend(state, Extend(1, cards("KH"))).reason
    <Reason.NOT_A_MELD: 'not_a_meld'>
    """
    error = _verify_table_play(state, action.meld, "extend a meld")
    if error:
        return error
    added = action.cards
    if not added:
        return IllegalActionError(Reason.EMPTY_PLAY, "an extension needs at least one card")
    error = missing(state.hands[state.current], added, state.current)
    if error:
        return error
    return extension_refusal(state, action.meld, added)


def extension_refusal(
    state: GameState, number: int, added: tuple[Card, ...]
) -> IllegalActionError | None:
    """Why ``added`` cannot extend table meld ``number`` (which exists), or ``None``.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> extension_refusal(state, 1, cards("KH")).reason, extension_refusal(state, 0, cards("7C"))
    (<Reason.NOT_A_MELD: 'not_a_meld'>, None)
    """
    if len(added) == 1:  # the melds it extends, as bits (see Table.marks)
        fits = position(state).table.marks[added[0].index] >> number & 1 == 1
    else:
        fits = is_meld((*state.melds[number].cards, *added))
    if fits:
        return None
    target = state.melds[number].cards
    return IllegalActionError(
        Reason.NOT_A_MELD,
        f"meld {number} [{format_cards(target)}] with {format_cards(added)} is not a meld",
    )


def verify_swap(state: GameState, action: SwapWildcard) -> IllegalActionError | None:
    """Why putting this natural card in place of a table meld's wildcard is refused, or ``None``.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> verify_swap(state, SwapWildcard(0, card("7C"))) is None
    True
    >>> verify_swap(state, SwapWildcard(1, card("KH"))).reason
    <Reason.NO_WILDCARD: 'no_wildcard'>
    """
    error = _verify_table_play(state, action.meld, "swap a wildcard")
    if error:
        return error
    if action.card.is_wild:
        return _wildcard_swapped(action.card)
    error = missing(state.hands[state.current], (action.card,), state.current)
    if error:
        return error
    return swap_refusal(state, action.meld, action.card)


def _wildcard_swapped(wildcard: Card) -> IllegalActionError:
    return IllegalActionError(
        Reason.WILDCARD_SWAP, f"{wildcard} is a wildcard: only a natural card can be swapped in"
    )


def swap_refusal(state: GameState, number: int, natural: Card) -> IllegalActionError | None:
    """Why ``natural`` cannot take a wildcard's place in table meld ``number``, or ``None``.

    The meld must exist. A wildcard is never swapped in; a meld without a wildcard has none
    to give; otherwise the card must fit the meld's reading in a wildcard's place.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> swap_refusal(state, 1, card("9S")).reason, swap_refusal(state, 0, card("7C"))
    (<Reason.NO_WILDCARD: 'no_wildcard'>, None)
    """
    if natural.is_wild:
        return _wildcard_swapped(natural)
    target = state.melds[number].cards
    if not target[0].is_wild:  # sorted: a meld's wildcards come first
        return IllegalActionError(
            Reason.NO_WILDCARD, f"meld {number} [{format_cards(target)}] holds no wildcard"
        )
    if not position(state).table.marks[CARDS + natural.index] >> number & 1:
        return IllegalActionError(
            Reason.BAD_SWAP,
            f"{natural} cannot take a wildcard's place in meld {number} [{format_cards(target)}]",
        )
    return None


def meld(state: GameState, action: Meld) -> GameState:
    """The current seat lays melds down; they are numbered after those on the table.

    >>> from hellsrummy.play.plays import meld
    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = meld(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))  # verified first
    >>> state.met[1], [str(m) for m in state.melds]
    (True, ['2D 7H 7S', '9C 9D 9H'])
    """
    seat = state.current
    meeting = not state.met[seat]
    used = [c for laid in action.melds for c in laid]
    hand = remove(state.hands[seat], used)
    # An action's melds are sorted (see hellsrummy.Meld).
    melds = state.melds + tuple([_sorted_meld(cards_, seat) for cards_ in action.melds])
    log = state.log._add(melded_record(seat, len(state.melds), action.melds, meeting))
    met = replace(state.met, seat, True) if meeting else None
    after = _played(state, hand, melds, log, met)
    ending = outcome(state, seat, hand)
    if ending is not None:
        return end_round(after, ending)
    _hand_on_table(state, after)
    if not meeting:
        _hand_threes_on(state, after, used)
    return after


def extend(state: GameState, action: Extend) -> GameState:
    """The current seat adds cards to a table meld (the action was verified).

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> str(extend(state, Extend(0, cards("7C"))).melds[0])
    '2D 7C 7H 7S'
    """
    seat = state.current
    hand = remove(state.hands[seat], action.cards)
    target = state.melds[action.meld]
    added = action.cards
    if len(added) == 1:  # the usual case: one card, put in its place
        grown = _sorted_meld(insert(target.cards, added[0]), target.owner)
        _grown_from(target, grown, added[0])
    else:
        grown = TableMeld((*target.cards, *added), target.owner)
    log = state.log._add(extended_record(seat, action.meld, action.cards))
    after = _played(state, hand, replace(state.melds, action.meld, grown), log)
    ending = outcome(state, seat, hand)
    if ending is not None:
        return end_round(after, ending)
    _hand_on_table(state, after, action.meld)
    _hand_threes_on(state, after, added)
    return after


def swap(state: GameState, action: SwapWildcard) -> GameState:
    """The current seat puts a natural card into a meld and takes its lowest-sorting wildcard.

    >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("7H 7S 2D 9C 9D 9H 7C KH 5S"),
    ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
    >>> state = apply(new_game(3, seed=1, deal=deal), Take())
    >>> state = apply(state, Meld([cards("7H 7S 2D"), cards("9C 9D 9H")]))
    >>> after = swap(state, SwapWildcard(0, card("7C")))
    >>> str(after.melds[0]), "2D" in format_cards(after.hands[1])
    ('7C 7H 7S', True)
    """
    seat = state.current
    target = state.melds[action.meld]
    wildcard = target.cards[0]  # a meld's cards are sorted: its wildcards come first
    cards_left = target.cards[1:]
    hand = insert(remove(state.hands[seat], (action.card,)), wildcard)
    bought = _sorted_meld(insert(cards_left, action.card), target.owner)
    _grown_from(target, bought, action.card)
    log = state.log._add(swapped_record(seat, action.meld, action.card, wildcard))
    after = _played(state, hand, replace(state.melds, action.meld, bought), log)
    _hand_on_table(state, after, action.meld)  # (a swap leaves a card in hand: no end here)
    return after


def _played(
    state: GameState,
    hand: tuple[Card, ...],
    melds: tuple[TableMeld, ...],
    log: EventLog,
    met: tuple[bool, ...] | None = None,
) -> GameState:
    """The state after the current seat's play: its ``hand`` and the table's ``melds``.

    The seat goes on playing (same seat, same phase, the card it took still its taken card).
    """
    seat = state.current
    return successor(
        state,
        current=seat,
        phase=state.phase,
        hands=replace(state.hands, seat, hand),
        discard=None,
        log=log,
        taken=state.taken,
        melds=melds,
        met=met,
    )


def _hand_on_table(state: GameState, after: GameState, changed: int | None = None) -> None:
    """Give ``after`` the table of ``state``, if it was known, with what the play changed.

    Meld ``changed`` was replaced (extended, or a wildcard bought from it); without it, melds
    were laid after those of ``state``.
    """
    known: Table | None = getattr(state, "_table", None)  # (typed: a native call, compiled)
    if known is not None:
        melds = after.melds
        grown = known.grown(melds) if changed is None else known.changed(melds, changed)
        object.__setattr__(after, "_table", grown)


def _hand_threes_on(state: GameState, after: GameState, removed: Iterable[Card]) -> None:
    """Give ``after`` the melds of 3 of the seat's hand, if ``state``'s position knew them.

    The play only took ``removed`` from the hand, so they are those of before that still fit.
    """
    here: Position | None = getattr(state, "_position", None)
    if here is not None and here.threes is not None:
        threes: list[Choice] | None = here.threes
        if threes:  # (a hand without melds of 3 has none once cards left it)
            threes = still_fitting(threes, after.hands[after.current], removed)
        if threes is not None:
            position(after).threes = threes


def _grown_from(target: TableMeld, grown: TableMeld, added: Card) -> None:
    """Give ``grown`` (``target`` with ``added`` in, or in a wildcard's place) what it accepts.

    Worked out from what ``target`` accepts, if that is known (see :mod:`hellsrummy.game.position`).
    """
    before: Accepted | None = getattr(target, "_derived", None)
    if before is not None:
        object.__setattr__(grown, "_derived", accepted_after(before, added, grown.cards))
