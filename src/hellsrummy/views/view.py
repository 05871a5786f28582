"""What one seat may know: :class:`PlayerView`, and determinizing a view back into a game.

A view holds the seat's own hand and everything public — every seat's hand size, met flag,
scores and penalties, the melds, the discard, the stock size, whose turn it is, the phase, the
play-protection switches and the public events — and never another seat's cards, the stock
order or the seed (see :ref:`rules-views`). A server keeps the :class:`hellsrummy.GameState`
and sends each client its view.

>>> state = new_game(3, seed="secret")
>>> mine = view(state, 1)
>>> mine.seat, len(mine.hand), mine.hand_sizes, mine.stock_size
(1, 9, (9, 9, 9), 76)
>>> list(legal_actions(mine))   # the seat to act can ask its own view what it may do
[Take(), Pass()]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.difficulty import contract_for
from hellsrummy.deck.cards import Card, Suit, pack, sort_cards
from hellsrummy.deck.shuffle import Seed, seed_bytes, shuffle
from hellsrummy.errors import shown
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import (
    Discarded,
    Event,
    Extended,
    Melded,
    Passed,
    RoundStarted,
    RummyCalled,
    Swapped,
    Took,
)
from hellsrummy.game.position import position
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import (
    DECIDE,
    PLAY,
    DerivedPosition,
    GameState,
    Phase,
    RoundResult,
    TableMeld,
)
from hellsrummy.game.successor import assembled

__all__ = ["PlayerView", "known_cards", "resample", "state_from_view", "view"]


@attrs.frozen(cache_hash=True)
class PlayerView(DerivedPosition):
    """Everything seat ``seat`` may know about a game, and nothing more.

    Per-seat tuples are indexed by seat, as in :class:`hellsrummy.GameState`. The public log
    is carried along (``log``, ``events``) but, as for states, takes no part in equality.

    >>> mine = view(new_game(4, seed=1), 2)
    >>> mine.phase, mine.current, mine.names[mine.seat]
    (<Phase.DECIDE: 'decide'>, 1, 'Seat 2')
    """

    seat: int
    """The seat that sees this view."""
    rules: Rules
    names: tuple[str, ...]
    round: int
    dealer: int
    current: int
    phase: Phase
    hand: tuple[Card, ...]
    """The seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    melds: tuple[TableMeld, ...]
    discard: Card | None
    stock_size: int
    suits: tuple[Suit, ...]
    decks: int
    refills: int
    met: tuple[bool, ...]
    penalties: tuple[int, ...]
    errors: tuple[int, ...]
    results: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    protection: tuple[bool, ...]
    left: tuple[bool, ...]
    turns: int
    taken: Card | None
    """The card the current seat took this turn (everyone saw it taken)."""
    log: EventLog = attrs.field(eq=False, repr=False, factory=EventLog)
    discarder: int | None = None
    """The seat that discarded the discard (``None``: turned up from the stock, or none)."""

    @property
    def players(self) -> int:
        """The number of seats.

        >>> view(new_game(3, seed=1), 0).players
        3
        """
        return len(self.names)

    @property
    def difficulty(self) -> int:
        """The current round's difficulty.

        >>> view(new_game(3, seed=1), 0).difficulty
        6
        """
        return self.rules.schedule[self.round]

    @property
    def contract(self) -> Contract:
        """The current round's contract.

        >>> str(view(new_game(3, seed=1), 0).contract)
        'Two Sets of 3'
        """
        return contract_for(self.difficulty)

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events so far, oldest first.

        >>> view(new_game(3, seed=1), 0).events[0].difficulty
        6
        """
        return tuple(self.log)

    @property
    def to_act(self) -> bool:
        """Whether it is this seat's turn (a take/pass decision or plays and a discard).

        >>> state = new_game(3, seed=1)
        >>> view(state, 1).to_act, view(state, 2).to_act
        (True, False)
        """
        return (self.phase is DECIDE or self.phase is PLAY) and self.current == self.seat

    def hand_value(self) -> int:
        """The points this seat would score if the round ended now.

        >>> mine = view(new_game(3, seed=1), 0)
        >>> mine.hand_value() == mine.rules.score_table.hand_value(mine.hand)
        True
        """
        return self.rules.score_table.hand_value(self.hand) + self.penalties[self.seat]

    def _repr_svg_(self) -> str:
        """What the seat sees, as an SVG picture; Jupyter shows a view this way.

        See :func:`hellsrummy.svg.view_svg` for the options.

        >>> view(new_game(3, seed=1), 0)._repr_svg_().startswith("<svg")
        True
        """
        from hellsrummy.svg import view_svg

        return view_svg(self)


# ``view`` builds a view slot by slot through each slot's descriptor, as the attrs constructor
# would but faster; the hidden slots are set too. ``tests/views/test_views.py`` holds the views it
# builds to the constructor's.
_SLOTS, _SETTERS = assembled(PlayerView)
_new = object.__new__
(
    _set_seat,
    _set_rules,
    _set_names,
    _set_round,
    _set_dealer,
    _set_current,
    _set_phase,
    _set_hand,
    _set_hand_sizes,
    _set_melds,
    _set_discard,
    _set_stock_size,
    _set_suits,
    _set_decks,
    _set_refills,
    _set_met,
    _set_penalties,
    _set_errors,
    _set_results,
    _set_scores,
    _set_protection,
    _set_left,
    _set_turns,
    _set_taken,
    _set_log,
    _set_discarder,
    _set_attrs_cached_hash,
    _set_position,
    _set_table,
) = _SETTERS


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state`` (see :ref:`rules-views`).

    >>> state = new_game(3, seed=1)
    >>> view(state, 0).hand == state.hands[0]
    True
    >>> view(state, 3)
    Traceback (most recent call last):
    ...
    ValueError: seat must be a seat of the game (0 to 2), got 3
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, got {shown(state)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise ValueError(
            f"seat must be a seat of the game (0 to {state.players - 1}), got {shown(seat)}"
        )
    # Built slot by slot through the slots' descriptors, as a turn builds its state (see
    # hellsrummy.game.successor.successor): a bot asks for a view at every decision.
    seen: PlayerView = _new(PlayerView)
    _set_seat(seen, seat)
    _set_rules(seen, state.rules)
    _set_names(seen, state.names)
    _set_round(seen, state.round)
    _set_dealer(seen, state.dealer)
    _set_current(seen, state.current)
    _set_phase(seen, state.phase)
    _set_hand(seen, state.hands[seat])
    _set_hand_sizes(seen, tuple(map(len, state.hands)))
    _set_melds(seen, state.melds)
    _set_discard(seen, state.discard)
    _set_stock_size(seen, len(state.stock))
    _set_suits(seen, state.suits)
    _set_decks(seen, state.decks)
    _set_refills(seen, state.refills)
    _set_met(seen, state.met)
    _set_penalties(seen, state.penalties)
    _set_errors(seen, state.errors)
    _set_results(seen, state.results)
    _set_scores(seen, state.scores)
    _set_protection(seen, state.protection)
    _set_left(seen, state.left)
    _set_turns(seen, state.turns)
    _set_taken(seen, state.taken)
    _set_log(seen, state.log)
    _set_discarder(seen, state.discarder)
    _set_attrs_cached_hash(seen, None)
    # The view shares what the state has worked out of the public table, and the seat to act
    # shares the facts of its position in the play phase (they depend on nothing the view
    # lacks; a decision between take and pass needs none).
    if seat == state.current and state.phase is PLAY:
        here = position(state)
        _set_position(seen, here)
        _set_table(seen, here.table)
    else:
        _set_position(seen, None)
        _set_table(seen, getattr(state, "_table", None))
    return seen


def _round_cards(seen: PlayerView) -> Counter[Card]:
    """Every card in play this round: the round's pack and its refill decks."""
    every: Counter[Card] = Counter(pack(seen.suits, seen.decks))
    for _ in range(seen.refills):
        every.update(pack(seen.suits, 1))
    return every


def resample(seen: PlayerView, rng_seed: Seed) -> GameState:
    """A full game state consistent with ``seen``: a *determinization* for search-based bots.

    The observing seat's hand, the melds, the discard and everything public are kept; the
    cards this seat cannot see (the other hands and the stock) are dealt at random from the
    cards of the round it has not seen (the round's pack and refill decks, less its own hand,
    the melds and the discard), each hidden place getting its size. The result is
    reproducible from ``rng_seed`` (using the shuffle of :mod:`hellsrummy.deck.shuffle`), and its
    own seed is derived from ``rng_seed``, not the real game's, which the view never holds.

    Cards another seat is publicly known to hold stay in its hand: a discard it took or was
    passed, or a wildcard it bought back with a swap or got by calling Rummy, as long as it
    has not played, discarded or given a card like it since (see :func:`known_cards`).

    >>> state = new_game(4, seed="real")
    >>> guess = resample(view(state, 2), rng_seed=1)
    >>> guess.hands[2] == state.hands[2], [len(h) for h in guess.hands]
    (True, [9, 9, 9, 9])
    >>> view(guess, 2) == view(state, 2)
    True
    """
    if not isinstance(seen, PlayerView):
        raise ValueError(f"seen must be a PlayerView, got {shown(seen)}")
    seed = b"resample:" + seed_bytes(rng_seed)
    unseen = _round_cards(seen)
    visible: Counter[Card] = Counter(seen.hand)
    for meld in seen.melds:
        visible.update(meld.cards)
    if seen.discard is not None:
        visible[seen.discard] += 1
    unseen.subtract(visible)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view shows more cards than the round's pack and refills hold")
    pinned = known_cards(seen)
    for other, cards_known in enumerate(pinned):
        if other != seen.seat:
            unseen.subtract(cards_known)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view's public events name more cards than remain unseen")
    pool = shuffle(sort_cards(unseen.elements()), seed, "resample")
    hidden = sum(
        size - len(pinned[other])
        for other, size in enumerate(seen.hand_sizes)
        if other != seen.seat
    )
    if hidden + seen.stock_size > len(pool):
        raise ValueError("the view hides more cards than the round's pack has unseen")
    hands: list[tuple[Card, ...]] = []
    position = 0
    for other, size in enumerate(seen.hand_sizes):
        if other == seen.seat:
            hands.append(seen.hand)
        else:
            fresh = size - len(pinned[other])
            dealt = [*pinned[other], *pool[position : position + fresh]]
            hands.append(tuple(sort_cards(dealt)))
            position += fresh
    stock = pool[position : position + seen.stock_size]
    return state_from_view(seen, seed=seed, hands=tuple(hands), stock=stock)


def known_cards(seen: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat is publicly known to hold now, from this round's public events.

    A seat is known to hold a discard it took or was passed and a wildcard it got back by a
    swap or by a Rummy call, until it plays, discards or gives a card like it (identical cards
    are interchangeable, so a known card counts as gone once a card like it leaves the hand).
    The viewer's own entry is its whole hand.

    >>> state = apply(new_game(3, seed=1), Take())
    >>> known_cards(view(state, 0))[1] == (state.log.last.card,)
    True
    """
    known: list[Counter[Card]] = [Counter() for _ in seen.names]
    round_events = []
    for event in seen.log.newest_first():
        if isinstance(event, RoundStarted):
            break
        round_events.append(event)
    for event in reversed(round_events):
        if isinstance(event, Took):
            known[event.seat][event.card] += 1
        elif isinstance(event, Passed):
            known[event.to][event.card] += 1
        elif isinstance(event, Swapped):
            _forget(known[event.seat], [event.card])
            known[event.seat][event.wildcard] += 1
        elif isinstance(event, Melded):
            _forget(known[event.seat], [c for meld in event.melds for c in meld])
        elif isinstance(event, Extended):
            _forget(known[event.seat], event.cards)
        elif isinstance(event, Discarded):
            _forget(known[event.seat], [event.card])
        elif isinstance(event, RummyCalled):
            if event.wildcard is not None:
                known[event.seat][event.wildcard] += 1
            _forget(known[event.seat], [event.substitute])
    result = [tuple(sort_cards(counter.elements())) for counter in known]
    result[seen.seat] = seen.hand
    return tuple(result)


def _forget(known: Counter[Card], played: Sequence[Card]) -> None:
    for c in played:
        if known[c] > 0:
            known[c] -= 1


def state_from_view(
    seen: PlayerView,
    *,
    seed: Seed,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    phase: Phase | None = None,
) -> GameState:
    """A state with everything public taken from ``seen`` and the hidden parts given.

    ``hands`` (every seat's, the viewer's included) and ``stock`` fill in what the view does
    not hold; ``phase`` overrides the view's phase.

    >>> mine = view(new_game(3, seed=1), 0)
    >>> hands = (mine.hand, (), ())
    >>> state_from_view(mine, seed=0, hands=hands, stock=()).hands[0] == mine.hand
    True
    """
    return GameState(
        rules=seen.rules,
        seed=seed,
        names=seen.names,
        round=seen.round,
        dealer=seen.dealer,
        current=seen.current,
        phase=seen.phase if phase is None else phase,
        hands=hands,
        melds=seen.melds,
        discard=seen.discard,
        stock=stock,
        suits=seen.suits,
        decks=seen.decks,
        refills=seen.refills,
        met=seen.met,
        penalties=seen.penalties,
        errors=seen.errors,
        results=seen.results,
        scores=seen.scores,
        protection=seen.protection,
        left=seen.left,
        turns=seen.turns,
        taken=seen.taken,
        log=seen.log,
        discarder=seen.discarder,
    )
