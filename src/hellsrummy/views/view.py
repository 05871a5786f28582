"""What one seat may know: its :class:`PlayerView`.

A view holds the seat's own hand and everything public — every seat's hand size, met flag,
scores and penalties, the melds, the discard, the stock size, whose turn it is, the phase, the
play-protection switches and the public events — and never another seat's cards, the stock
order or the seed (see :ref:`rules-views`). A server keeps the :class:`hellsrummy.GameState`
and sends each client its view. Games made back from a view (for search bots) are
:mod:`hellsrummy.views.resampling`.

>>> state = new_game(3, seed="secret")
>>> mine = view(state, 1)
>>> mine.seat, len(mine.hand), mine.hand_sizes, mine.stock_size
(1, 9, (9, 9, 9), 76)
>>> list(legal_actions(mine))   # the seat to act can ask its own view what it may do
[Take(), Pass()]
"""

from __future__ import annotations

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.difficulty import contract_for
from hellsrummy.deck.cards import Card, Suit
from hellsrummy.errors import shown
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import (
    Event,
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
from hellsrummy.game.text import cards_text, describe, headline

__all__ = ["PlayerView", "view"]


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

    def hand_value(self, seat: int | None = None) -> int:
        """The points the viewing seat would score if the round ended now, as on the state.

        Card points plus penalties (see :meth:`hellsrummy.GameState.hand_value`). ``seat`` may
        be given, as on the state, but only the viewing seat's hand is seen: another seat
        raises :class:`ValueError`.

        >>> mine = view(new_game(3, seed=1), 0)
        >>> mine.hand_value() == mine.hand_value(0) == mine.rules.score_table.hand_points(mine.hand)
        True
        """
        if seat is not None and seat != self.seat:
            raise ValueError(f"a view of seat {self.seat} cannot see seat {shown(seat)}'s hand")
        return self.rules.score_table.round_points(self.hand, self.penalties[self.seat])

    def describe(self) -> str:
        """A few lines of what this seat sees: the round, each seat, the melds, the discard.

        Like :meth:`hellsrummy.GameState.describe`, but another seat's hand is only its size.

        >>> print(view(new_game(3, seed=1), 2).describe())
        round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act; seen by seat 2
          seat 0 Seat 0, score 0: 9 cards
          seat 1 Seat 1, score 0: 9 cards
          seat 2 Seat 2, score 0: 2H 3D 6C 6D 7S 8H 9D QC KS
          discard 4H, stock 76 cards
          last: round 1 (difficulty 6) dealt by seat 0; discard 4H
        """
        return describe(self, self._hand_text, self.stock_size, title=f"; seen by seat {self.seat}")

    def _hand_text(self, seat: int) -> str:
        if seat == self.seat:
            return cards_text(self.hand)
        count = self.hand_sizes[seat]
        return f"{count} card{'s' * (count != 1)}"

    def __str__(self) -> str:
        """One line: the seat, the round, the phase and whose turn it is.

        >>> str(view(new_game(3, seed=1), 2))
        'seat 2 sees round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act'
        """
        return f"seat {self.seat} sees {headline(self)}"

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
    _set_log(seen, state.log.public())  # no view shows the card a seat tried in a discard error
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
