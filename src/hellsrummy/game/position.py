"""What a position offers: the facts that move generation and validation derive, worked out once.

The rules ask the same questions of a position again and again: which of the seat's cards
play on the table (its *rummies*), what each table meld accepts, which discards are refused.
A :class:`Position` answers them for the seat to act, computing each fact on first use and
keeping it. It is kept in a hidden slot of the frozen :class:`hellsrummy.GameState` (or of
the :class:`hellsrummy.PlayerView` of the seat to act) it was derived from, so it is worked out
once per position however many times the position is asked, and it takes no part in equality,
hashing, ``repr``, pickles or :func:`hellsrummy.to_dict`. A :class:`Table` (what the melds on
the table accept) is handed on from a state to the next one while the melds stay the same.

>>> state = apply(new_game(3, seed=2026), Take())
>>> here = position(state)
>>> here is position(state), here.seat == state.current, here.hand == state.hands[here.seat]
(True, True, True)
>>> here.rummies  # no melds on the table yet
frozenset()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.enumeration import Choice
from hellsrummy.deck.cards import BY_ORDER, Card
from hellsrummy.deck.melds import Accepted, accepted_by
from hellsrummy.game.actions import Action
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import DECIDE, PLAY, GameState, Phase, TableMeld

__all__ = ["CountedMoves", "Position", "SeatView", "Table", "meld_facts", "position", "table"]


class SeatView(Protocol):
    """What :func:`position` and :func:`table` read of a seat's view.

    :class:`hellsrummy.PlayerView` is one; the protocol keeps this room from importing the
    views, which are built on it.

    >>> isinstance(view(new_game(3, seed=1), 1).seat, int)
    True
    """

    @property
    def seat(self) -> int:
        """The seat whose view it is."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """That seat's hand, sorted."""

    @property
    def phase(self) -> Phase:
        """The phase of the game."""

    @property
    def current(self) -> int:
        """The seat to act."""

    @property
    def met(self) -> tuple[bool, ...]:
        """Who has met the minimum, per seat."""

    @property
    def rules(self) -> Rules:
        """The game's rules."""

    @property
    def contract(self) -> Contract:
        """The round's contract."""

    @property
    def taken(self) -> Card | None:
        """The card taken this turn, if any."""

    @property
    def protection(self) -> tuple[bool, ...]:
        """Who has play protection on, per seat."""

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """The melds on the table."""


class CountedMoves(Protocol):
    """Moves counted before they are made, kept in :attr:`Position.parts`.

    ``hellsrummy.moves.meldmoves.DeferredMelds`` is one: ``len`` counts the moves,
    ``at(i)`` makes one, ``all()`` makes them all, in listing order.

    >>> len(legal_actions(apply(new_game(3, seed=1), Take()))) > 0
    True
    """

    def __len__(self) -> int: ...
    def at(self, index: int) -> Action:
        """The move at ``index``."""

    def all(self) -> Sequence[Action]:
        """Every move, in order."""


def meld_facts(meld: TableMeld) -> tuple[frozenset[Card], frozenset[Card]]:
    """What a table meld accepts: the cards that extend it alone, and those that buy a wildcard.

    Worked out once per meld and kept in the meld's hidden slot.

    >>> extends, buys = meld_facts(TableMeld(cards("2C 5H 6H"), owner=0))
    >>> sorted(map(str, buys)), card("3H") in extends, card("8H") in extends
    (['4H', '7H'], True, True)
    """
    extend, buy, _ = _facts_of(meld)
    return extend, buy


def _facts_of(meld: TableMeld) -> Accepted:
    """:func:`meld_facts` with the reading of the meld's naturals, kept in its hidden slot.

    A meld grown by a play has them already: :mod:`hellsrummy.play.plays` works them out from
    those of the meld it grew from.
    """
    facts: Accepted | None = getattr(meld, "_derived", None)
    if facts is None:
        facts = accepted_by(meld.cards)
        object.__setattr__(meld, "_derived", facts)
    return facts


class Table:
    """The melds on the table and what they accept, meld by meld and all together.

    ``extends[k]`` and ``buys[k]`` are the cards that extend meld ``k`` alone and the naturals
    that can take one of its wildcards; ``playable`` is every card that plays somewhere.

    >>> here = Table((TableMeld(cards("7H 8H 9H"), 0), TableMeld(cards("QS QD 2C"), 1)))
    >>> card("10H") in here.playable, card("QC") in here.buys[1], card("5C") in here.playable
    (True, True, False)
    """

    __slots__ = ("buys", "extends", "melds", "playable")
    melds: tuple[TableMeld, ...]
    extends: list[frozenset[Card]]
    buys: list[frozenset[Card]]
    playable: frozenset[Card]

    def __init__(
        self, melds: tuple[TableMeld, ...], known: Table | None = None, changed: int = -1
    ) -> None:
        extends: list[frozenset[Card]] = [] if known is None else list(known.extends)
        buys: list[frozenset[Card]] = [] if known is None else list(known.buys)
        self.melds = melds
        self.extends = extends
        self.buys = buys
        if known is not None and changed >= 0:  # the same table but for meld ``changed``
            extend, buy, _ = _facts_of(melds[changed])
            no_less = extend >= extends[changed] and buy >= buys[changed]
            extends[changed], buys[changed] = extend, buy
            if no_less:  # the cards that play somewhere are those of before, and its own
                playable = known.playable
                if not (extend <= playable and buy <= playable):
                    playable = playable.union(extend, buy)
                self.playable = playable
                return
        # Otherwise ``known`` (if any) is the table of the first melds: its facts are reused.
        first = len(extends)
        for meld in melds[first:]:
            extend, buy, _ = _facts_of(meld)
            extends.append(extend)
            buys.append(buy)
        if known is not None and changed < 0:
            self.playable = known.playable.union(*extends[first:], *buys[first:])
        else:
            self.playable = frozenset().union(*extends, *buys)

    def grown(self, melds: tuple[TableMeld, ...]) -> Table:
        """The table after melds were added at the end (the melds before are unchanged).

        >>> before = Table((TableMeld(cards("7H 8H 9H"), 0),))
        >>> after = before.grown((*before.melds, TableMeld(cards("QS QD 2C"), 1)))
        >>> card("QC") in after.playable, card("QC") in before.playable
        (True, False)
        """
        # Not ``Table.__new__(Table)`` then ``_fill``: compiled by mypyc, ``__new__`` runs
        # ``__init__`` too.
        return Table(melds, self)

    def changed(self, melds: tuple[TableMeld, ...], number: int) -> Table:
        """The table after meld ``number`` was replaced (extended, or a wildcard swapped).

        >>> before = Table((TableMeld(cards("7H 8H 9H"), 0), TableMeld(cards("QS QD 2C"), 1)))
        >>> after = before.changed((before.melds[0], TableMeld(cards("QS QD QC"), 1)), 1)
        >>> card("QC") in before.buys[1], after.buys[1], card("QH") in after.playable
        (True, frozenset(), True)
        """
        return Table(melds, self, number)


def table(state: GameState | SeatView) -> Table:
    """The :class:`Table` of a state (or view), worked out once and kept with it.

    >>> from hellsrummy.game.position import table
    >>> table(new_game(3, seed=1)).playable
    frozenset()
    """
    found: Table | None = getattr(state, "_table", None)
    if found is None:
        found = Table(state.melds)
        object.__setattr__(state, "_table", found)
    return found


class Position:
    """The seat to act, its hand and the public facts its moves depend on, with derived facts.

    Built by :func:`position`. ``phase`` is ``None`` when nobody may act (a round is over, or
    the position was derived from the view of a seat that is not to act). Every slot that
    starts with ``None`` is filled on first use, by this module or by the module that owns the
    rule (:mod:`hellsrummy.play.discarding` keeps the discard verdicts here).

    >>> here = position(new_game(3, seed=1))
    >>> here.phase, here.seat, here.met, len(here.hand)
    (<Phase.DECIDE: 'decide'>, 1, False, 9)
    """

    __slots__ = (
        "_distinct",
        "_held",
        "_rummies",
        "contract",
        "discards",
        "hand",
        "handed",
        "met",
        "moves",
        "parts",
        "phase",
        "protected",
        "protection",
        "rules",
        "seat",
        "table",
        "taken",
        "threes",
    )

    def __init__(
        self,
        phase: Phase | None,
        seat: int,
        hand: tuple[Card, ...],
        met: bool,
        rules: Rules,
        contract: Contract,
        taken: Card | None,
        protection: bool,
        table: Table,
    ) -> None:
        self.phase = phase
        self.seat = seat
        self.hand = hand
        self.met = met
        self.rules = rules
        self.contract = contract
        self.taken = taken
        self.protection = protection
        self.table = table
        self._distinct: tuple[Card, ...] | None = None
        self._rummies: frozenset[Card] | None = None
        self._held: tuple[Card, ...] | None = None
        #: The legal discards (filled by :mod:`hellsrummy.play.discarding`).
        self.discards: tuple[Card, ...] | None = None
        #: Whether play protection refuses every discard (filled by
        #: :mod:`hellsrummy.play.discarding`).
        self.protected: bool | None = None
        #: The legal moves, once all are listed (filled by :mod:`hellsrummy.moves.listing`).
        self.moves: list[Action] | None = None
        #: Meld moves handed out one by one for this position, each one of its legal moves:
        #: by index from a counted listing, or by GreedyBot, which works its move out section
        #: by section (see :meth:`hand_out`).
        self.handed: list[Action] | None = None
        #: The legal moves counted part by part, the meld moves made only when asked for
        #: (filled by :mod:`hellsrummy.moves.listing` when a listing's length or an item is asked).
        self.parts: list[list[Action] | CountedMoves] | None = None
        #: The hand's melds of 3 as the enumeration's choices (filled by
        #: :mod:`hellsrummy.moves.listing` for a met seat, or handed on by
        #: :mod:`hellsrummy.play.plays` from the position before a play that only took cards from
        #: the hand).
        self.threes: list[Choice] | None = None

    def hand_out(self, move: Action) -> None:
        """Keep a legal move of this position handed out on its own (``apply`` accepts it).

        >>> here = position(new_game(3, seed=1))
        >>> here.hand_out(Take())
        >>> here.handed
        [Take()]
        """
        if self.handed is None:
            self.handed = []
        self.handed.append(move)

    @property
    def distinct(self) -> tuple[Card, ...]:
        """The distinct cards of the hand, in card order.

        >>> state = new_game(3, seed=1)
        >>> position(state).distinct == tuple(sorted(set(state.hands[1])))
        True
        """
        if self._distinct is None:
            self._distinct = tuple(dict.fromkeys(self.hand))  # the hand is sorted
        return self._distinct

    @property
    def rummies(self) -> frozenset[Card]:
        """The distinct cards of the hand that play on a table meld right now.

        >>> position(new_game(3, seed=1)).rummies
        frozenset()
        """
        if self._rummies is None:
            self._rummies = self.table.playable.intersection(self.hand)
        return self._rummies

    @property
    def held_rummies(self) -> tuple[Card, ...]:
        """The hand's distinct rummies, in card order.

        >>> position(new_game(3, seed=1)).held_rummies
        ()
        """
        if self._held is None:
            self._held = tuple(sorted(self.rummies, key=BY_ORDER))
        return self._held


def position(state: GameState | SeatView) -> Position:
    """The :class:`Position` of the seat to act in ``state`` (a state or a view), kept with it.

    >>> state = new_game(3, seed=1)
    >>> position(state) is position(state)
    True
    """
    found: Position | None = getattr(state, "_position", None)
    if found is not None:
        return found
    phase: Phase | None = state.phase
    seat = state.current
    hand: tuple[Card, ...]
    if isinstance(state, GameState):
        hand = state.hands[seat]
    elif state.seat == seat:  # the view of the seat to act
        hand = state.hand
    else:
        hand = ()
        phase = None
    if phase is not DECIDE and phase is not PLAY:
        phase = None
    found = Position(
        phase,
        seat,
        hand,
        state.met[seat],
        state.rules,
        state.contract,
        state.taken,
        state.protection[seat],
        table(state),
    )
    object.__setattr__(state, "_position", found)
    return found
