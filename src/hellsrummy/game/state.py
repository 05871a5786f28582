"""The state of a game: one frozen, hashable value holding everything.

A :class:`GameState` is never changed: :func:`hellsrummy.apply` returns a new one. Two states
compare equal when they are the same position of the same game (same seed and rules, cards,
melds, scores, phase...); the public event log that led there is carried along but does not
take part in comparisons.

>>> state = new_game(["Ann", "Bob", "Cat"], seed=7)
>>> state.phase, state.current, state.round, str(state.contract)
(<Phase.DECIDE: 'decide'>, 1, 0, 'Two Sets of 3')
>>> [len(hand) for hand in state.hands], state.discard is not None
([9, 9, 9], True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.difficulty import CONTRACTS
from hellsrummy.deck.cards import Card, Suit, format_cards, sort_cards
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import Event
from hellsrummy.game.rules import Rules
from hellsrummy.game.text import cards_text, describe, headline

__all__ = ["Deal", "GameState", "Phase", "RoundResult", "TableMeld"]


class Phase(enum.Enum):
    """Where a game stands.

    * ``DECIDE`` — the current seat must take or pass the discard;
    * ``PLAY`` — the current seat plays and then discards;
    * ``ROUND_OVER`` — a round ended; :func:`hellsrummy.next_round` deals the next one;
    * ``GAME_OVER`` — the last round of the schedule ended (or too few seats remain).

    >>> Phase("play")
    <Phase.PLAY: 'play'>
    """

    DECIDE = "decide"
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


# The phases read on every turn, as module constants: an enum member read through its class
# costs a lookup (60 ns, several times a decision). The engine's modules import these.
DECIDE = Phase.DECIDE
PLAY = Phase.PLAY


class Derived:
    """A hidden slot for facts derived from a frozen value, worked out once on first use.

    Not a field: what is kept there takes no part in equality, hashing, ``repr``, pickles,
    ``attrs.asdict`` or :func:`hellsrummy.to_dict`, and a copy starts without it. The facts
    are a pure function of the value, so two threads that both work them out store the same
    thing. :mod:`hellsrummy.game.position` reads and fills it.

    >>> meld = TableMeld(cards("7H 7S 2C"), owner=1)
    >>> hasattr(meld, "_derived")
    False
    """

    __slots__ = ("_derived",)


class DerivedPosition:
    """Hidden slots of a game position (a state or a view): its table facts and its position.

    See :class:`Derived`; :mod:`hellsrummy.game.position` reads and fills them.

    >>> state = new_game(3, seed=1)
    >>> hasattr(state, "_table"), hasattr(state, "_position")
    (False, False)
    """

    __slots__ = ("_position", "_table")


def _deal_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"stock must be Card objects, not text {shown(value)}; use cards()")
    try:
        return tuple(value)
    except TypeError:
        raise ValueError(f"stock must be a sequence of Card objects, got {shown(value)}") from None


def _sorted_card_tuple(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sort_cards(value))


@attrs.frozen(cache_hash=True)
class TableMeld(Derived):
    """A meld on the table: its cards (sorted) and the seat that laid it down.

    >>> meld = TableMeld(cards("7H 7S 2C"), owner=1)
    >>> meld.cards, meld.owner, str(meld)
    ((card('2C'), card('7H'), card('7S')), 1, '2C 7H 7S')
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_card_tuple)
    owner: int

    def __str__(self) -> str:
        return format_cards(self.cards)

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture (see :func:`hellsrummy.svg.meld_svg`); Jupyter shows it.

        >>> TableMeld(cards("7H 7S 2C"), owner=1)._repr_svg_().startswith("<svg")
        True
        """
        from hellsrummy.svg import meld_svg

        return meld_svg(self, caption=f"Seat {self.owner}'s meld")


_new = object.__new__


def draft_class(cls: type[Any]) -> type[Any]:
    """A draft of a frozen slotted class: an instance is built in it, then becomes a ``cls``.

    The draft is a subclass that adds no slots (the same layout) and keeps ``object``'s own
    attribute setting, so each slot is set as a plain attribute, without a call through its
    descriptor's method wrapper (a tuple of arguments made and freed per slot); then
    ``__class__`` assignment makes the instance the ``cls`` it is. :func:`sorted_meld` and
    ``hellsrummy.game.successor.successor`` build this way; nothing else ever sees a draft.

    >>> meld = object.__new__(draft_class(TableMeld))
    >>> meld.cards, meld.owner = cards("7H 8H 9H"), 0
    >>> meld._attrs_cached_hash = meld._derived = None
    >>> meld.__class__ = TableMeld
    >>> meld == TableMeld(cards("7H 8H 9H"), 0)
    True
    """
    return type(
        f"_{cls.__name__}Draft",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )


_MeldDraft = draft_class(TableMeld)


def sorted_meld(cards: tuple[Card, ...], owner: int) -> TableMeld:
    """``TableMeld(cards, owner)`` for cards already in card order, without sorting them again.

    >>> sorted_meld(cards("2C 7H 7S"), 1) == TableMeld(cards("7S 2C 7H"), 1)
    True
    """
    meld: Any = _new(_MeldDraft)
    meld.cards = cards
    meld.owner = owner
    meld._attrs_cached_hash = None
    meld._derived = None
    meld.__class__ = TableMeld
    built: TableMeld = meld
    return built


@attrs.frozen
class RoundResult:
    """How a round ended: who went out, each seat's points, who met the minimum, errors.

    ``points[seat]`` is the card points of the cards left in the seat's hand plus its
    discard-error points (penalties); ``met`` marks the seats that met the minimum (the online score
    sheet marks those who did not); ``errors`` counts each seat's discard errors and
    play-protection warnings. ``winner`` is ``None`` when the round was stopped by
    ``Rules.max_turns`` or because too few seats remained.

    >>> result = RoundResult(0, 6, winner=2, points=(25, 40, 0), met=(True, False, True),
    ...                      errors=(0, 1, 0), turns=14)
    >>> result.points[1], result.met[1]
    (40, False)
    """

    round: int
    difficulty: int
    winner: int | None
    points: tuple[int, ...]
    met: tuple[bool, ...]
    errors: tuple[int, ...]
    turns: int


def _hands(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"hands must be sequences of Card objects, not text {shown(value)}")
    try:
        hands = tuple(value)
    except TypeError:
        raise ValueError(f"hands must be a sequence of hands, got {shown(value)}") from None
    result = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)):
            raise ValueError(f"hands[{seat}] must be Card objects, not text {shown(hand)}")
        try:
            result.append(tuple(hand))
        except TypeError:
            raise ValueError(
                f"hands[{seat}] must be a sequence of Cards, got {shown(hand)}"
            ) from None
    return tuple(result)


@attrs.frozen
class Deal:
    """Fixed cards for round 1, the way a chess position is set up.

    Each seat's hand, the turned-up discard and the stock, listed from the top (``stock[0]``
    is drawn first).

    >>> deal = Deal(hands=[cards("7H 7S"), cards("9C 9D"), cards("KH KS")],
    ...             discard=card("3C"), stock=cards("4C 5C 6C"))
    >>> deal.stock[0], len(deal.hands)
    (card('4C'), 3)
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    discard: Card
    stock: tuple[Card, ...] = attrs.field(converter=_deal_cards)

    def __attrs_post_init__(self) -> None:
        for seat, hand in enumerate(self.hands):
            for position, c in enumerate(hand):
                if not isinstance(c, Card):
                    raise ValueError(f"hands[{seat}][{position}] must be a Card, got {shown(c)}")
        if not isinstance(self.discard, Card):
            raise ValueError(f"discard must be a Card, got {shown(self.discard)}")
        for position, c in enumerate(self.stock):
            if not isinstance(c, Card):
                raise ValueError(f"stock[{position}] must be a Card, got {shown(c)}")

    def all_cards(self) -> list[Card]:
        """Every card of the deal: hands, discard, stock.

        >>> len(Deal(hands=[cards("7H")], discard=card("3C"), stock=cards("4C")).all_cards())
        3
        """
        return [c for hand in self.hands for c in hand] + [self.discard, *self.stock]


@attrs.frozen(cache_hash=True)
class GameState(DerivedPosition):
    """A whole game at one moment. Build one with :func:`hellsrummy.new_game`.

    Seats are numbered from 0 in the order the players were given. Per-seat tuples
    (``hands``, ``met``, ``penalties``...) are indexed by seat.

    >>> state = new_game(4, seed="doc")
    >>> state.names, state.dealer, state.current
    (('Seat 0', 'Seat 1', 'Seat 2', 'Seat 3'), 0, 1)
    >>> len(state.stock) + sum(map(len, state.hands)) + 1
    104
    """

    rules: Rules
    """The rules of the game."""
    seed: Seed
    """The seed every shuffle is derived from (see :ref:`rules-shuffle`)."""
    names: tuple[str, ...]
    """The players' names, by seat."""
    round: int
    """The current round, 0-based."""
    dealer: int
    """The seat that dealt this round."""
    current: int
    """The seat whose turn it is."""
    phase: Phase
    """Where the game stands."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    melds: tuple[TableMeld, ...]
    """The melds on the table, numbered in the order they were laid down."""
    discard: Card | None
    """The discard; ``None`` between a take or pass and the next discard."""
    stock: tuple[Card, ...]
    """The stock, from the top: ``stock[0]`` is the next card drawn."""
    suits: tuple[Suit, ...]
    """The suits of this round's pack; a refill deck has the same suits."""
    decks: int
    """How many decks of those suits this round's pack was made of."""
    refills: int
    """How many fresh decks have been added to this round's stock."""
    met: tuple[bool, ...]
    """Whether each seat has met the minimum this round."""
    penalties: tuple[int, ...]
    """Each seat's discard-error points this round."""
    errors: tuple[int, ...]
    """Each seat's discard errors and play-protection warnings this round."""
    results: tuple[RoundResult, ...]
    """The finished rounds."""
    scores: tuple[int, ...]
    """Each seat's total points over the finished rounds."""
    protection: tuple[bool, ...]
    """Each seat's play-protection switch."""
    left: tuple[bool, ...]
    """Whether each seat has left the game."""
    turns: int
    """Turns completed this round."""
    taken: Card | None
    """The card the current seat took this turn, if any."""
    log: EventLog = attrs.field(eq=False, repr=False, factory=EventLog)
    """The game's events so far (not part of equality): the public events, and the card a seat
    tried in a refused discard, which a seat's view reads as ``None`` (:meth:`EventLog.public`).
    The game's record is read from it (:func:`hellsrummy.record_of`)."""
    discarder: int | None = None
    """The seat that discarded the discard (``None`` when it was turned up from the stock, or
    when there is no discard); under ``DiscardPolicy.CLASSIC`` the others may call it."""
    deal: Deal | None = attrs.field(default=None, eq=False, repr=False)
    """The fixed deal round 1 was dealt from (``new_game(..., deal=...)``), or ``None`` when
    every round was shuffled from the seed: with :attr:`seed`, the start of the game's
    record (not part of equality)."""

    @property
    def players(self) -> int:
        """The number of seats.

        >>> new_game(5, seed=1).players
        5
        """
        return len(self.names)

    @property
    def difficulty(self) -> int:
        """The current round's difficulty.

        >>> new_game(3, seed=1).difficulty
        6
        """
        return self.rules.schedule[self.round]

    @property
    def contract(self) -> Contract:
        """The current round's contract.

        >>> str(new_game(3, seed=1).contract)
        'Two Sets of 3'
        """
        # The schedule was checked when the rules were made (each difficulty has its contract):
        # the table itself, without contract_for's checks of its argument (asked every move).
        return CONTRACTS[self.rules.schedule[self.round]]

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the game so far, oldest first (the log's; a refused discard's card too).

        >>> new_game(3, seed=1).events[0].round
        0
        """
        return tuple(self.log)

    def active_seats(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order.

        >>> new_game(3, seed=1).active_seats()
        (0, 1, 2)
        """
        return tuple(seat for seat in range(len(self.names)) if not self.left[seat])

    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total among those still in the game (ties share).

        Meaningful once the game is over; before that it names the current leaders.

        >>> new_game(3, seed=1).winners()
        (0, 1, 2)
        """
        seats = self.active_seats()
        if not seats:
            return ()
        best = min(self.scores[seat] for seat in seats)
        return tuple(seat for seat in seats if self.scores[seat] == best)

    def hand_value(self, seat: int) -> int:
        """The points ``seat`` would score if the round ended now: card points plus penalties.

        The card points of its hand (:meth:`hellsrummy.ScoreTable.hand_points`) plus its
        discard-error points this round (:attr:`penalties`), as
        :meth:`hellsrummy.ScoreTable.round_points` adds them up.

        >>> state = new_game(3, seed=1)
        >>> state.hand_value(0) == state.rules.score_table.hand_points(state.hands[0])
        True
        """
        return self.rules.score_table.round_points(self.hands[seat], self.penalties[seat])

    def _repr_svg_(self) -> str:
        """The whole table as an SVG picture, every hand face up (for analysis, not players).

        Jupyter shows a state this way; see :func:`hellsrummy.svg.state_svg` for the options.

        >>> new_game(3, seed=1)._repr_svg_().startswith("<svg")
        True
        """
        from hellsrummy.svg import state_svg

        return state_svg(self)

    def describe(self, seats: Sequence[int] | None = None) -> str:
        """A few lines of text: the round, every seat (its hand too), the melds, the discard.

        For debugging and analysis (it shows every hand); a seat's view has its own, which
        shows only what the seat sees (:meth:`hellsrummy.PlayerView.describe`). ``seats``
        limits the seats listed.

        >>> print(new_game(3, seed=1).describe(seats=[1]))
        round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act
          seat 1 Seat 1, score 0: 2C 6C 6H 7D 7H 8C 8D JS QH
          discard 4H, stock 76 cards
          last: round 1 (difficulty 6) dealt by seat 0; discard 4H
        """
        return describe(self, lambda seat: cards_text(self.hands[seat]), len(self.stock), seats)

    def __str__(self) -> str:
        """One line: the round, the phase and whose turn it is (``repr`` shows every field).

        >>> str(new_game(3, seed=1))
        'round 1/5, difficulty 6 (Two Sets of 3), phase decide, seat 1 to act'
        """
        return headline(self)
