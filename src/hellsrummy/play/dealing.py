"""Dealing: a new game (its seats and schedule checked), each round's pack and deal.

A round is dealt from a fresh pack of the round's suits and decks (the deck plan of the rules
reference), shuffled from the game's seed; the deal moves one seat on each round, and the seat
after the dealer plays first. Whose turn comes next is :mod:`hellsrummy.play.seats`; drawing
from the stock, and refilling it when it runs out, is :mod:`hellsrummy.play.stock`.

>>> state = new_game(["Ann", "Bob", "Cat"], seed=1)
>>> state.dealer, state.current, [len(hand) for hand in state.hands]
(0, 1, [9, 9, 9])
>>> next_round(new_game(3, seed=1))
Traceback (most recent call last):
...
hellsrummy.errors.IllegalActionError: next_round needs a finished round; the phase is decide
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import attrs

from hellsrummy.deck.cards import Card, Rank, Suit, pack, sort_cards
from hellsrummy.deck.shuffle import Seed, seed_bytes, shuffle
from hellsrummy.errors import IllegalActionError, Reason, shown
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import RoundStarted
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import Deal, GameState, Phase

# (``draw``, ``next_seat`` and ``verify_seat`` keep their 0.2.0 paths here, as re-exports.)
from hellsrummy.play.seats import next_seat
from hellsrummy.play.seats import verify_seat as verify_seat
from hellsrummy.play.stock import draw as draw

__all__ = ["new_game", "next_round"]


def _names(players: int | Sequence[str], rules: Rules) -> tuple[str, ...]:
    low, high = rules.min_players, rules.max_players
    if isinstance(players, bool):
        raise ValueError(f"players must be a count or a sequence of names, got {shown(players)}")
    if isinstance(players, int):
        if not low <= players <= high:  # checked before a single name is made
            raise ValueError(f"a game needs {low} to {high} players, got {shown(players)}")
        return tuple(f"Seat {seat}" for seat in range(players))
    if isinstance(players, str):
        raise ValueError("players must be a count or a sequence of names, not one str")
    try:
        names = tuple(itertools.islice(players, high + 1))  # never more than the table seats
    except TypeError:
        raise ValueError(
            f"players must be a count or a sequence of names, got {shown(players)}"
        ) from None
    if len(names) > high:
        try:
            got = shown(len(players))
        except (TypeError, OverflowError):
            got = f"more than {high}"
        raise ValueError(f"a game needs {low} to {high} players, got {got}")
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"players[{seat}] must be a non-empty str, got {shown(name)}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must be distinct, got {shown(list(names))}")
    if len(names) < low:
        raise ValueError(f"a game needs {low} to {high} players, got {len(names)}")
    return names


def _round_pack(rules: Rules, players: int, round_number: int) -> tuple[Card, ...]:
    suits, decks = rules.deck_plan.plan(players, rules.schedule[round_number])
    return _pack(suits, decks)


@functools.lru_cache(maxsize=64)
def _pack(suits: tuple[Suit, ...], decks: int) -> tuple[Card, ...]:
    """``pack(suits, decks)``, made once per pack: a pack is a tuple of interned cards."""
    return pack(suits, decks)


def _check_pack(rules: Rules, round_number: int, seats: int, started: int) -> None:
    """Raise unless round ``round_number`` can be dealt at ``seats`` seats (of ``started``)."""
    difficulty = rules.schedule[round_number]
    suits, decks = rules.deck_plan.plan(seats, difficulty)
    have = len(Rank) * len(suits) * decks  # the size of pack(suits, decks), without making it
    need = rules.hand_size * seats + 1
    if need > have:
        after = " (after seats leave)" if seats < started else ""
        raise ValueError(
            f"hand_size {shown(rules.hand_size)} is too big: round {round_number + 1}"
            f" (difficulty {difficulty}) needs {shown(need)} cards at {seats} seats{after},"
            f" its pack has {shown(have)}"
        )


def _reachable_tables(rules: Rules, players: int) -> list[int]:
    """The table sizes to check for a round after the first: ``players`` down to 2.

    A deck plan gives the same pack to every size within one of its steps, and a bigger table
    needs more cards, so the biggest size of each step that the game can reach is enough.
    """
    tops = {limit for limit, _ in rules.deck_plan.suits_by_players if 2 <= limit < players}
    return sorted(tops | {players}, reverse=True)


def _check_schedule(rules: Rules, players: int, dealt: bool) -> None:
    """Raise unless every round can be dealt at every table size the game can reach.

    Round 1 is dealt at the starting size (unless ``dealt``: a :class:`Deal` gives its cards);
    a later round may find fewer seats, down to two, since seats may leave.
    """
    checked: set[int] = set()
    for round_number, difficulty in enumerate(rules.schedule):
        if round_number == 0:
            tables = [] if dealt else [players]
        elif difficulty in checked:
            continue
        else:
            checked.add(difficulty)
            tables = _reachable_tables(rules, players)
        for seats in tables:
            _check_pack(rules, round_number, seats, players)


def _check_deal(deal: Deal, rules: Rules, players: int) -> None:
    if not isinstance(deal, Deal):
        raise ValueError(f"deal must be a Deal, got {shown(deal)}")
    if len(deal.hands) != players:
        raise ValueError(f"deal has {len(deal.hands)} hands for {players} players")
    suits, decks = rules.deck_plan.plan(players, rules.schedule[0])
    have = len(Rank) * len(suits) * decks
    held = sum(len(hand) for hand in deal.hands) + 1 + len(deal.stock)
    if held > have:
        raise ValueError(f"deal holds {held} cards; round 1's pack has {shown(have)}")
    in_pack = set(suits)
    for card_, count in Counter(deal.all_cards()).items():
        available = decks if card_.suit in in_pack else 0
        if count > available:
            raise ValueError(
                f"deal holds {card_} {count} times; round 1's pack has it {available} times"
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
    order given). Every shuffle derives from ``seed`` (see :mod:`hellsrummy.deck.shuffle`).
    ``deal`` fixes round 1's cards instead (hands, discard, stock from the top); its cards must
    come from round 1's pack. Seat 0 deals round 1, so seat 1 plays first.

    The whole schedule is checked before anything is dealt, against every table size the
    game can reach: seats may leave, and fewer seats can mean a smaller pack (fewer suits).
    Round 1 must be dealable at the starting size (unless ``deal`` gives its cards), every
    later round at each size from the starting one down to two seats (a table of two still
    plays; it takes the deck plan's first step, as three or four players do). Dealable means
    ``rules.hand_size`` cards a seat and a discard from the round's pack; otherwise a
    :class:`ValueError` names the round, its difficulty, the table size and the cards needed
    against the cards in the pack, so no leave can make a later round impossible. Bad input
    raises :class:`ValueError` naming the argument before anything is built.

    >>> state = new_game(["Ann", "Bob", "Cat"], seed=1)
    >>> state.names, state.current, len(state.hands[0])
    (('Ann', 'Bob', 'Cat'), 1, 9)
    >>> new_game(2, seed=1)
    Traceback (most recent call last):
    ...
    ValueError: a game needs 3 to 10 players, got 2
    >>> new_game(7, seed=1, rules=Rules(hand_size=22))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: hand_size 22 is too big: round 2 (difficulty 7) needs 133 cards at 6 seats
    (after seats leave), its pack has 130
    """
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {shown(rules)}")
    seed_bytes(seed)  # validates the seed
    names = _names(players, rules)
    count = len(names)
    if deal is not None:
        _check_deal(deal, rules, count)
    _check_schedule(rules, count, dealt=deal is not None)
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
        deal=deal,
    )
    return _deal_round(base, 0, 0, deal)


def _deal_round(state: GameState, round_number: int, dealer: int, deal: Deal | None) -> GameState:
    seats = state.active_seats()
    first = next_seat(state.left, dealer)
    if deal is None:
        _check_pack(state.rules, round_number, len(seats), len(seats))  # new_game checked it
        cards_in_pack = _round_pack(state.rules, len(seats), round_number)
        order = shuffle(cards_in_pack, state.seed, f"round {round_number} deck 0")
        size = state.rules.hand_size
        dealing = [first]
        while len(dealing) < len(seats):
            dealing.append(next_seat(state.left, dealing[-1]))
        dealt: list[tuple[Card, ...]] = [() for _ in state.names]
        end = size * len(seats)
        for turn, seat in enumerate(dealing):  # card k goes to dealing[k % len(seats)]
            dealt[seat] = order[turn : end : len(seats)]
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
    return attrs.evolve(
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
        discarder=None,
        log=state.log.append(RoundStarted(round_number, dealer, difficulty, discard)),
    )


def next_round(state: GameState) -> GameState:
    """Deal the next round of the schedule once a round is over; the deal moves one seat on.

    >>> from hellsrummy import Rules
    >>> state = new_game(3, seed=1, rules=Rules(max_turns=1, schedule=[6, 7]))
    >>> state = apply(apply(state, Take()), Discard(state.hands[1][-1]))
    >>> state.phase, state.results[0].winner
    (<Phase.ROUND_OVER: 'round_over'>, None)
    >>> state = next_round(state)
    >>> state.round, state.dealer, state.current, str(state.contract)
    (1, 1, 2, 'One Run of 4, One Set of 3')
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {shown(state)}")
    if state.phase is not Phase.ROUND_OVER:
        raise IllegalActionError(
            Reason.WRONG_PHASE,
            f"next_round needs a finished round; the phase is {state.phase.value}",
        )
    return _deal_round(state, state.round + 1, next_seat(state.left, state.dealer), None)
