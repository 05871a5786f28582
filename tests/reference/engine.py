"""Reference copy of hellsrummy 0.1.0's ``engine.py``: the turn rules, frozen.

Changed from 0.1.0 only where the reference must not depend on the library's internals: it
imports the reference solver, builds each state from the 0.1.0 fields by keyword, and works
out the discard rule afresh every time (0.1.0 kept the last one in a module-level cache).

Every rule of a turn lives here, one checker per action (``_verify_take``,
``_verify_discard``...) and one transition per action (``_take``, ``_discard``...).
:func:`check` runs the checker and names the reason an action is refused;
:func:`apply` runs the checker and then the transition, and never half-applies anything:
it returns a new state or raises, and its input is never changed.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hellsrummy.contracts.contract import Contract, Requirement
from hellsrummy.deck.cards import Card, format_cards, pack, sort_cards
from hellsrummy.deck.melds import extensions, is_meld, meld_kinds, swaps
from hellsrummy.deck.shuffle import Seed, seed_bytes, shuffle
from hellsrummy.errors import IllegalActionError, Reason
from hellsrummy.game.actions import (
    Action,
    Discard,
    Extend,
    Leave,
    Meld,
    Pass,
    SetPlayProtection,
    SwapWildcard,
    Take,
)
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import (
    Discarded,
    DiscardErrorMade,
    Event,
    Extended,
    Melded,
    Passed,
    PlayProtectionChanged,
    PlayProtectionWarning,
    Refilled,
    RoundEnded,
    RoundStarted,
    SeatLeft,
    Swapped,
    Took,
)
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import Deal, GameState, Phase, RoundResult, TableMeld

from .solver import can_meet

__all__ = [
    "apply",
    "check",
    "is_legal",
    "legal_discards",
    "new_game",
    "next_round",
    "play_remains",
    "rummies",
]

_IN_ROUND = (Phase.DECIDE, Phase.PLAY)
_ONE_SET = Contract.of(sets=[3])
_ONE_RUN = Contract.of(runs=[3])


# --- setting up -------------------------------------------------------------------------


def _names(players: int | Sequence[str], rules: Rules) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError(f"players must be a count or a sequence of names, got {players!r}")
    if isinstance(players, int):
        names = tuple(f"Seat {seat}" for seat in range(players))
    elif isinstance(players, str):
        raise ValueError("players must be a count or a sequence of names, not one str")
    else:
        names = tuple(players)
        for seat, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"players[{seat}] must be a non-empty str, got {name!r}")
        if len(set(names)) != len(names):
            raise ValueError(f"player names must be distinct, got {list(names)}")
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(
            f"a game needs {rules.min_players} to {rules.max_players} players, got {len(names)}"
        )
    return names


def _round_pack(rules: Rules, players: int, round_number: int) -> tuple[Card, ...]:
    suits, decks = rules.deck_plan.plan(players, rules.schedule[round_number])
    return pack(suits, decks)


def _check_deal(deal: Deal, rules: Rules, players: int) -> None:
    if not isinstance(deal, Deal):
        raise ValueError(f"deal must be a Deal, got {deal!r}")
    if len(deal.hands) != players:
        raise ValueError(f"deal has {len(deal.hands)} hands for {players} players")
    available = Counter(_round_pack(rules, players, 0))
    for card_, count in Counter(deal.all_cards()).items():
        if count > available[card_]:
            raise ValueError(
                f"deal holds {card_} {count} times; round 1's pack has it {available[card_]} times"
            )


def new_game(
    players: int | Sequence[str],
    *,
    seed: Seed,
    rules: Rules | None = None,
    deal: Deal | None = None,
) -> GameState:
    """Start a game and deal its first round.

    ``players`` is a number of seats or a sequence of distinct names (seat order is the
    order given). Every shuffle derives from ``seed`` (see :mod:`hellsrummy.shuffle`).
    ``deal`` fixes round 1's cards instead (hands, discard, stock from the top); its cards must
    come from round 1's pack. Seat 0 deals round 1, so seat 1 plays first.
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {rules!r}")
    seed_bytes(seed)  # validates the seed
    names = _names(players, rules)
    count = len(names)
    if deal is not None:
        _check_deal(deal, rules, count)
    empty = (0,) * count
    base = GameState(
        rules=rules,
        seed=seed,
        names=names,
        round=0,
        dealer=0,
        current=0,
        phase=Phase.ROUND_OVER,
        hands=((),) * count,
        melds=(),
        discard=None,
        stock=(),
        suits=(),
        decks=0,
        refills=0,
        met=(False,) * count,
        penalties=empty,
        errors=empty,
        results=(),
        scores=empty,
        protection=(False,) * count,
        left=(False,) * count,
        turns=0,
        taken=None,
        log=EventLog(),
    )
    return _deal_round(base, 0, 0, deal)


def _deal_round(state: GameState, round_number: int, dealer: int, deal: Deal | None) -> GameState:
    seats = state.active_seats()
    first = _next_seat(state.left, dealer)
    if deal is None:
        cards_in_pack = _round_pack(state.rules, len(seats), round_number)
        order = shuffle(cards_in_pack, state.seed, f"round {round_number} deck 0")
        size = state.rules.hand_size
        if size * len(seats) + 1 > len(order):
            raise ValueError(
                f"hand_size {size} is too big: {len(seats)} hands and a discard need"
                f" {size * len(seats) + 1} cards, the pack has {len(order)}"
            )
        dealing = [first]
        while len(dealing) < len(seats):
            dealing.append(_next_seat(state.left, dealing[-1]))
        dealt: list[list[Card]] = [[] for _ in state.names]
        for k in range(size * len(seats)):
            dealt[dealing[k % len(seats)]].append(order[k])
        hands = tuple(tuple(sort_cards(hand)) for hand in dealt)
        discard = order[size * len(seats)]
        stock = order[size * len(seats) + 1 :]
    else:
        hands = tuple(tuple(sort_cards(hand)) for hand in deal.hands)
        discard = deal.discard
        stock = deal.stock
    count = len(state.names)
    difficulty = state.rules.schedule[round_number]
    suits, decks = state.rules.deck_plan.plan(len(seats), difficulty)
    return _evolve(
        state,
        round=round_number,
        dealer=dealer,
        current=first,
        phase=Phase.DECIDE,
        hands=hands,
        melds=(),
        discard=discard,
        stock=stock,
        suits=suits,
        decks=decks,
        refills=0,
        met=(False,) * count,
        penalties=(0,) * count,
        errors=(0,) * count,
        turns=0,
        taken=None,
        log=state.log.append(RoundStarted(round_number, dealer, difficulty, discard)),
    )


def next_round(state: GameState) -> GameState:
    """Deal the next round of the schedule once a round is over; the deal moves one seat on."""
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {state!r}")
    if state.phase is not Phase.ROUND_OVER:
        raise IllegalActionError(
            Reason.WRONG_PHASE,
            f"next_round needs a finished round; the phase is {state.phase.value}",
        )
    return _deal_round(state, state.round + 1, _next_seat(state.left, state.dealer), None)


# --- small helpers ------------------------------------------------------------------------

#: The fields of 0.1.0's ``GameState``, in order.
_FIELDS = (
    "rules",
    "seed",
    "names",
    "round",
    "dealer",
    "current",
    "phase",
    "hands",
    "melds",
    "discard",
    "stock",
    "suits",
    "decks",
    "refills",
    "met",
    "penalties",
    "errors",
    "results",
    "scores",
    "protection",
    "left",
    "turns",
    "taken",
    "log",
)


def _evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with some fields changed, built from the 0.1.0 fields by keyword."""
    unknown = set(changes) - set(_FIELDS)
    assert not unknown, unknown
    return GameState(**{name: changes.get(name, getattr(state, name)) for name in _FIELDS})


def _next_seat(left: tuple[bool, ...], seat: int) -> int:
    count = len(left)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not left[candidate]:
            return candidate
    return seat


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _missing(hand: tuple[Card, ...], used: Iterable[Card], seat: int) -> IllegalActionError | None:
    """An error naming a card the hand lacks (or holds too few times), or None."""
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


def _remove(hand: tuple[Card, ...], used: Iterable[Card]) -> tuple[Card, ...]:
    left = list(hand)
    for card_ in used:
        left.remove(card_)
    return tuple(left)


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

    def assign(meld: int, seen: set[int]) -> bool:  # Kuhn's augmenting paths
        for k in options[meld]:
            if k not in seen:
                seen.add(k)
                if k not in owner or assign(owner[k], seen):
                    owner[k] = meld
                    return True
        return False

    return all(assign(meld, set()) for meld in range(len(melds)))


def play_remains(state: GameState, seat: int | None = None) -> bool:
    """Whether ``seat`` (by default the current seat) could make a play right now.

    A play is meeting the minimum (for a seat that has not met it), or, once it is met, a new
    meld, an extension or a swap. This is what play protection warns about (SPEC.md §6).
    """
    if seat is None:
        seat = state.current
    hand = state.hands[seat]
    if not state.met[seat]:
        return can_meet(hand, state.contract)
    if _rummies(state, hand):
        return True
    return can_meet(hand, _ONE_SET) or can_meet(hand, _ONE_RUN)


def rummies(state: GameState, seat: int | None = None) -> frozenset[Card]:
    """The distinct cards of the seat's hand (by default the current seat's) that are rummies.

    A rummy is a card that could be played on a meld on the table right now, by extension or
    by a swap (SPEC.md §2), whether or not the seat has met the minimum.
    """
    if seat is None:
        seat = state.current
    return _playable(state.melds).intersection(state.hands[seat])


def _rummies(state: GameState, hand: Iterable[Card]) -> frozenset[Card]:
    """The distinct cards of ``hand`` that could be played on a table meld right now."""
    return _playable(state.melds).intersection(hand)


@functools.lru_cache(maxsize=4096)
def _playable(melds: tuple[TableMeld, ...]) -> frozenset[Card]:
    """Every card that plays on one of ``melds`` by extension or swap."""
    playable: set[Card] = set()
    for meld in melds:
        playable |= extensions(meld.cards)
        playable |= swaps(meld.cards)
    return frozenset(playable)


# --- the checkers: one per action ---------------------------------------------------------


def _in_round(state: GameState, phase: Phase, what: str) -> IllegalActionError | None:
    if state.phase is not phase:
        return IllegalActionError(Reason.WRONG_PHASE, f"cannot {what} in phase {state.phase.value}")
    return None


def _verify_take(state: GameState, action: Take) -> IllegalActionError | None:
    return _in_round(state, Phase.DECIDE, "take the discard")


def _verify_pass(state: GameState, action: Pass) -> IllegalActionError | None:
    return _in_round(state, Phase.DECIDE, "pass the discard")


def _verify_meld(state: GameState, action: Meld) -> IllegalActionError | None:
    error = _in_round(state, Phase.PLAY, "meld")
    if error:
        return error
    seat = state.current
    if not action.melds:
        return IllegalActionError(Reason.EMPTY_PLAY, "a meld action needs at least one meld")
    error = _missing(state.hands[seat], (c for meld in action.melds for c in meld), seat)
    if error:
        return error
    for number, meld in enumerate(action.melds):
        if not is_meld(meld):
            return IllegalActionError(
                Reason.NOT_A_MELD,
                f"meld {number} of the action is not a meld: [{format_cards(meld)}]",
            )
    if not state.met[seat]:
        contract = state.contract
        if not _matches_contract(contract, action.melds, state.rules.exact_contract_melds):
            size = "exactly" if state.rules.exact_contract_melds else "at least"
            laid = ", ".join(_meld_words(meld) for meld in action.melds)
            return IllegalActionError(
                Reason.CONTRACT_NOT_FULFILLED,
                f"{contract} needed (each meld of {size} its size), got {laid}",
            )
    return None


def _verify_table_play(state: GameState, meld: int, what: str) -> IllegalActionError | None:
    error = _in_round(state, Phase.PLAY, what)
    if error:
        return error
    if not state.met[state.current]:
        return IllegalActionError(
            Reason.MINIMUM_NOT_MET,
            f"seat {state.current} must meet the minimum ({state.contract}) before it can {what}",
        )
    if meld >= len(state.melds):
        return IllegalActionError(
            Reason.NO_SUCH_MELD, f"meld {meld} does not exist (the table has {len(state.melds)})"
        )
    return None


def _verify_extend(state: GameState, action: Extend) -> IllegalActionError | None:
    error = _verify_table_play(state, action.meld, "extend a meld")
    if error:
        return error
    if not action.cards:
        return IllegalActionError(Reason.EMPTY_PLAY, "an extension needs at least one card")
    error = _missing(state.hands[state.current], action.cards, state.current)
    if error:
        return error
    target = state.melds[action.meld].cards
    if not is_meld((*target, *action.cards)):
        return IllegalActionError(
            Reason.NOT_A_MELD,
            f"meld {action.meld} [{format_cards(target)}] with {format_cards(action.cards)}"
            " is not a meld",
        )
    return None


def _verify_swap(state: GameState, action: SwapWildcard) -> IllegalActionError | None:
    error = _verify_table_play(state, action.meld, "swap a wildcard")
    if error:
        return error
    if action.card.is_wild:
        return IllegalActionError(
            Reason.WILDCARD_SWAP,
            f"{action.card} is a wildcard: only a natural card can be swapped in",
        )
    error = _missing(state.hands[state.current], (action.card,), state.current)
    if error:
        return error
    target = state.melds[action.meld].cards
    if not any(c.is_wild for c in target):
        return IllegalActionError(
            Reason.NO_WILDCARD, f"meld {action.meld} [{format_cards(target)}] holds no wildcard"
        )
    if action.card not in swaps(target):
        return IllegalActionError(
            Reason.BAD_SWAP,
            f"{action.card} cannot take a wildcard's place in meld {action.meld}"
            f" [{format_cards(target)}]",
        )
    return None


def _verify_discard(state: GameState, action: Discard) -> IllegalActionError | None:
    error = _in_round(state, Phase.PLAY, "discard")
    if error:
        return error
    seat = state.current
    if action.card not in state.hands[seat]:
        return IllegalActionError(Reason.NOT_IN_HAND, f"{action.card} is not in seat {seat}'s hand")
    return _discard_rule(state).refusal(action.card)


class _DiscardRule:
    """The discard rules of SPEC.md §6 for the current seat, worked out once per state.

    ``refusal(card)`` says why discarding a held card is refused (or ``None``); the legal-move
    enumerator asks it for every distinct card, so what is shared is computed only once.
    """

    __slots__ = ("_protected", "hand", "rummies", "seat", "state", "unrestricted")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.seat = state.current
        self.hand = state.hands[self.seat]
        self.rummies = _rummies(state, self.hand)
        # A wildcard or a rummy may go only when every card is one.
        self.unrestricted = all(c.is_wild or c in self.rummies for c in self.hand)
        self._protected: bool | None = None

    def protected(self) -> bool:
        """Whether play protection refuses every discard now (a play remains)."""
        if self._protected is None:
            state = self.state
            self._protected = (
                state.protection[self.seat]
                and not state.rules.expert
                and play_remains(state, self.seat)
            )
        return self._protected

    def refusal(self, chosen: Card) -> IllegalActionError | None:
        state, seat, hand = self.state, self.seat, self.hand
        if (
            not state.rules.discard_taken_card
            and chosen is state.taken
            and any(c is not chosen for c in hand)
        ):
            return IllegalActionError(
                Reason.TAKEN_CARD_DISCARD, f"{chosen} was taken this turn and may not be discarded"
            )
        if (chosen.is_wild or chosen in self.rummies) and not self.unrestricted:
            if chosen.is_wild:
                return IllegalActionError(
                    Reason.WILDCARD_DISCARD, f"{chosen} is a wildcard and may not be discarded"
                )
            return IllegalActionError(
                Reason.RUMMY_DISCARD,
                f"{chosen} is a rummy (it plays on a meld on the table) and may not be discarded",
            )
        if self.protected():
            return IllegalActionError(
                Reason.PLAY_REMAINS, f"play protection: seat {seat} still has a play to make"
            )
        return None


def _discard_rule(state: GameState) -> _DiscardRule:
    """The discard rule of ``state``, worked out afresh."""
    return _DiscardRule(state)


def legal_discards(state: GameState) -> list[Card]:
    """The distinct cards the current seat may discard without error, in card order.

    Empty outside the play phase.
    """
    if state.phase is not Phase.PLAY:
        return []
    rule = _discard_rule(state)
    return [c for c in sort_cards(set(rule.hand)) if rule.refusal(c) is None]


def _verify_seat(state: GameState, seat: int) -> IllegalActionError | None:
    if seat >= len(state.names):
        return IllegalActionError(
            Reason.NO_SUCH_SEAT, f"seat {seat} does not exist (the game has {len(state.names)})"
        )
    if state.left[seat]:
        return IllegalActionError(Reason.SEAT_LEFT, f"seat {seat} has left the game")
    return None


def _verify_protection(state: GameState, action: SetPlayProtection) -> IllegalActionError | None:
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(Reason.WRONG_PHASE, "the game is over")
    error = _verify_seat(state, action.seat)
    if error:
        return error
    if action.on and state.rules.expert:
        return IllegalActionError(
            Reason.EXPERT_MODE, "play protection cannot be switched on in expert mode"
        )
    return None


def _verify_leave(state: GameState, action: Leave) -> IllegalActionError | None:
    if state.phase is Phase.GAME_OVER:
        return IllegalActionError(Reason.WRONG_PHASE, "the game is over")
    error = _verify_seat(state, action.seat)
    if error:
        return error
    if state.phase in _IN_ROUND and action.seat == state.current:
        return IllegalActionError(
            Reason.OWN_TURN, f"seat {action.seat} cannot leave in the middle of its own turn"
        )
    return None


# --- the transitions: one per action ------------------------------------------------------


def _draw(
    state: GameState, stock: tuple[Card, ...], refills: int, log: EventLog
) -> tuple[Card, tuple[Card, ...], int, EventLog]:
    """Draw the top stock card, refilling the stock with a fresh deck when it is empty."""
    if not stock:
        refills += 1
        stock = shuffle(pack(state.suits, 1), state.seed, f"round {state.round} deck {refills}")
        log = log.append(Refilled(len(stock)))
    return stock[0], stock[1:], refills, log


def _add(hand: tuple[Card, ...], *new: Card) -> tuple[Card, ...]:
    return tuple(sort_cards((*hand, *new)))


def _take(state: GameState, action: Take) -> GameState:
    seat = state.current
    taken = state.discard
    assert taken is not None
    return _evolve(
        state,
        phase=Phase.PLAY,
        hands=_replace(state.hands, seat, _add(state.hands[seat], taken)),
        discard=None,
        taken=taken,
        log=state.log.append(Took(seat, taken)),
    )


def _pass(state: GameState, action: Pass) -> GameState:
    seat = state.current
    passed = state.discard
    assert passed is not None
    receiver = _next_seat(state.left, seat)
    log = state.log.append(Passed(seat, passed, receiver))
    extra, stock, refills, log = _draw(state, state.stock, state.refills, log)
    drawn, stock, refills, log = _draw(state, stock, refills, log)
    hands = _replace(state.hands, receiver, _add(state.hands[receiver], passed, extra))
    hands = _replace(hands, seat, _add(hands[seat], drawn))
    return _evolve(
        state,
        phase=Phase.PLAY,
        hands=hands,
        discard=None,
        stock=stock,
        refills=refills,
        taken=None,
        log=log,
    )


def _meld(state: GameState, action: Meld) -> GameState:
    seat = state.current
    meeting = not state.met[seat]
    hand = _remove(state.hands[seat], (c for meld in action.melds for c in meld))
    laid = tuple(TableMeld(meld, seat) for meld in action.melds)
    event = Melded(seat, len(state.melds), action.melds, met=meeting)
    after = _evolve(
        state,
        hands=_replace(state.hands, seat, hand),
        melds=state.melds + laid,
        met=_replace(state.met, seat, True) if meeting else state.met,
        log=state.log.append(event),
    )
    return _end_round(after, winner=seat) if not hand else after


def _extend(state: GameState, action: Extend) -> GameState:
    seat = state.current
    hand = _remove(state.hands[seat], action.cards)
    target = state.melds[action.meld]
    grown = TableMeld((*target.cards, *action.cards), target.owner)
    after = _evolve(
        state,
        hands=_replace(state.hands, seat, hand),
        melds=_replace(state.melds, action.meld, grown),
        log=state.log.append(Extended(seat, action.meld, action.cards)),
    )
    return _end_round(after, winner=seat) if not hand else after


def _swap(state: GameState, action: SwapWildcard) -> GameState:
    seat = state.current
    target = state.melds[action.meld]
    wildcard = min(c for c in target.cards if c.is_wild)
    cards_left = _remove(target.cards, (wildcard,))
    hand = _add(_remove(state.hands[seat], (action.card,)), wildcard)
    return _evolve(
        state,
        hands=_replace(state.hands, seat, hand),
        melds=_replace(
            state.melds, action.meld, TableMeld((*cards_left, action.card), target.owner)
        ),
        log=state.log.append(Swapped(seat, action.meld, action.card, wildcard)),
    )


def _discard(state: GameState, action: Discard) -> GameState:
    seat = state.current
    hand = _remove(state.hands[seat], (action.card,))
    turns = state.turns + 1
    max_turns = state.rules.max_turns
    if hand and (max_turns is None or turns < max_turns):  # the usual case: the turn passes
        return _evolve(
            state,
            hands=_replace(state.hands, seat, hand),
            discard=action.card,
            turns=turns,
            current=_next_seat(state.left, seat),
            phase=Phase.DECIDE,
            taken=None,
            log=state.log.append(Discarded(seat, action.card)),
        )
    after = _evolve(
        state,
        hands=_replace(state.hands, seat, hand),
        discard=action.card,
        turns=turns,
        log=state.log.append(Discarded(seat, action.card)),
    )
    return _end_round(after, winner=None if hand else seat)


def _protection(state: GameState, action: SetPlayProtection) -> GameState:
    return _evolve(
        state,
        protection=_replace(state.protection, action.seat, action.on),
        log=state.log.append(PlayProtectionChanged(action.seat, action.on)),
    )


def _leave(state: GameState, action: Leave) -> GameState:
    left = _replace(state.left, action.seat, True)
    after = _evolve(state, left=left, log=state.log.append(SeatLeft(action.seat)))
    if sum(not gone for gone in left) < 2:
        if state.phase in _IN_ROUND:
            after = _end_round(after, winner=None)
        return _evolve(after, phase=Phase.GAME_OVER)
    return after


#: The refusals the discard policy PENALIZE charges instead of raising (the oracle's own list).
PENALIZABLE = frozenset({Reason.WILDCARD_DISCARD, Reason.RUMMY_DISCARD, Reason.PLAY_REMAINS})


def _end_round(state: GameState, winner: int | None) -> GameState:
    table = state.rules.score_table
    points = tuple(
        0 if state.left[seat] else table.hand_points(state.hands[seat]) + state.penalties[seat]
        for seat in range(len(state.names))
    )
    result = RoundResult(
        round=state.round,
        difficulty=state.difficulty,
        winner=winner,
        points=points,
        met=state.met,
        errors=state.errors,
        turns=state.turns,
    )
    last = state.round + 1 == len(state.rules.schedule)
    return _evolve(
        state,
        phase=Phase.GAME_OVER if last else Phase.ROUND_OVER,
        results=(*state.results, result),
        scores=tuple(a + b for a, b in zip(state.scores, points, strict=True)),
        taken=None,
        log=state.log.append(RoundEnded(state.round, winner, points)),
    )


def _penalize(state: GameState, error: IllegalActionError, tried: Card) -> GameState:
    seat = state.current
    points = state.rules.discard_error_points
    event: Event
    if error.reason is Reason.PLAY_REMAINS:
        event = PlayProtectionWarning(seat, points, tried)
    else:
        event = DiscardErrorMade(seat, points, tried)
    return _evolve(
        state,
        penalties=_replace(state.penalties, seat, state.penalties[seat] + points),
        errors=_replace(state.errors, seat, state.errors[seat] + 1),
        log=state.log.append(event),
    )


_RULES: dict[
    type,
    tuple[
        Callable[[GameState, Any], IllegalActionError | None], Callable[[GameState, Any], GameState]
    ],
] = {
    Take: (_verify_take, _take),
    Pass: (_verify_pass, _pass),
    Meld: (_verify_meld, _meld),
    Extend: (_verify_extend, _extend),
    SwapWildcard: (_verify_swap, _swap),
    Discard: (_verify_discard, _discard),
    SetPlayProtection: (_verify_protection, _protection),
    Leave: (_verify_leave, _leave),
}


# --- the public entry points --------------------------------------------------------------


def _verify(state: GameState, action: Action) -> IllegalActionError | None:
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {state!r}")
    try:
        verify, _ = _RULES[type(action)]
    except KeyError:
        raise ValueError(f"not an action: {action!r}") from None
    return verify(state, action)


def check(state: GameState, action: Action) -> Reason | None:
    """Why ``action`` is refused in ``state``, or ``None`` if it is legal.

    A discard that the rules refuse (a wildcard, a rummy, a play-protection warning) has a
    reason here even when :func:`apply` accepts it under ``DiscardPolicy.PENALIZE`` and
    penalises it.
    """
    error = _verify(state, action)
    return None if error is None else error.reason


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (``check`` finds no reason to refuse it)."""
    return _verify(state, action) is None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`hellsrummy.IllegalActionError` (a ``ValueError``) with a reason when the
    action is not allowed. Under ``DiscardPolicy.PENALIZE`` a refused discard of a wildcard or
    a rummy, or a play-protection warning, is not raised: the returned state records the error
    (points, a public event) and the turn stays open.
    """
    error = _verify(state, action)
    if error is not None:
        if error.reason in PENALIZABLE and state.rules.discard_policy is DiscardPolicy.PENALIZE:
            assert isinstance(action, Discard)  # only a discard is refused with a penalty
            return _penalize(state, error, action.card)
        raise error
    return _RULES[type(action)][1](state, action)
