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

from collections.abc import Iterator, Sequence
from typing import Final, Protocol

from hellsrummy.contracts.contract import Contract
from hellsrummy.contracts.difficulty import CONTRACTS
from hellsrummy.contracts.enumeration import Choice
from hellsrummy.deck.cards import BY_INDEX, Card
from hellsrummy.deck.melds import CARDS, Accepted, accepted_by, by_card, place, replace_marks
from hellsrummy.game.actions import Action
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import DECIDE, PLAY, GameState, Phase, TableMeld

__all__ = ["CountedMoves", "Position", "SeatView", "Table", "meld_facts", "position", "table"]

#: By card index: whether the card is a wildcard.
_WILD: Final = tuple(c.is_wild for c in BY_INDEX)
# Final aliases of imported names: compiled, each is a constant, not a lookup in the globals.
_GAME_STATE: Final = GameState
_DECIDE: Final = DECIDE
_PLAY: Final = PLAY
_CONTRACTS: Final = CONTRACTS


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

    ``hellsrummy.moves.meldmoves.DeferredMelds`` is one: ``len`` counts the moves, ``at(i)``
    makes one, ``all()`` makes them all and ``each()`` one at a time, in listing order.

    >>> len(legal_actions(apply(new_game(3, seed=1), Take()))) > 0
    True
    """

    def __len__(self) -> int: ...
    def at(self, index: int) -> Action:
        """The move at ``index``."""

    def all(self) -> Sequence[Action]:
        """Every move, in order."""

    def each(self) -> Iterator[Action]:
        """Every move, in order, each made when it is reached."""


def meld_facts(meld: TableMeld) -> tuple[frozenset[Card], frozenset[Card]]:
    """What a table meld accepts: the cards that extend it alone, and those that buy a wildcard.

    Worked out once per meld and kept in the meld's hidden slot.

    >>> extends, buys = meld_facts(TableMeld(cards("2C 5H 6H"), owner=0))
    >>> sorted(map(str, buys)), card("3H") in extends, card("8H") in extends
    (['4H', '7H'], True, True)
    """
    facts = _facts_of(meld)
    return facts.extend, facts.buy


def _facts_of(meld: TableMeld) -> Accepted:
    """:func:`meld_facts` as :class:`~hellsrummy.deck.melds.Accepted`, kept in its hidden slot.

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
    that can take one of its wildcards; ``playable`` is every card that plays somewhere. For
    the kernels, ``facts[k]`` is what meld ``k`` accepts, and ``marks`` the melds that take
    each card, by place (see :func:`hellsrummy.deck.melds.by_card`).

    >>> here = Table((TableMeld(cards("7H 8H 9H"), 0), TableMeld(cards("QS QD 2C"), 1)))
    >>> card("10H") in here.playable, card("QC") in here.buys[1], card("5C") in here.playable
    (True, True, False)
    >>> here.marks[card("2C").index], here.marks[CARDS + card("QC").index]
    (3, 2)
    """

    __slots__ = ("_buys", "_extends", "_marks", "_playable", "facts", "melds")
    melds: tuple[TableMeld, ...]
    facts: list[Accepted]

    def __init__(
        self, melds: tuple[TableMeld, ...], known: Table | None = None, changed: int = -1
    ) -> None:
        self.melds = melds
        self._extends: list[frozenset[Card]] | None = None
        self._buys: list[frozenset[Card]] | None = None
        # Worked out when first asked for, or from those of ``known``.
        self._marks: list[int] | None = None
        self._playable: frozenset[Card] | None = None
        if known is None:
            self.facts = [_facts_of(meld) for meld in melds]
            return
        facts = list(known.facts)
        marks = known._marks  # copied before it changes
        playable = known._playable
        if changed >= 0:  # the same table but for meld ``changed``
            before = facts[changed]
            after = facts[changed] = _facts_of(melds[changed])
            if after is not before:
                if marks is not None:
                    marks = list(marks)
                    replace_marks(marks, before.marks, after.marks, 1 << changed)
                if playable is None:
                    pass
                elif not (after.extend >= before.extend and after.buy >= before.buy):
                    playable = None  # worked out again if asked for
                elif not (after.extend <= playable and after.buy <= playable):
                    playable = playable.union(after.extend, after.buy)
        else:  # melds added after those of ``known``
            if marks is not None:
                marks = list(marks)
            for number in range(len(facts), len(melds)):
                accepted = _facts_of(melds[number])
                facts.append(accepted)
                if marks is not None:
                    place(marks, accepted.marks, 1 << number)
                if playable is not None:
                    playable = playable.union(accepted.extend, accepted.buy)
        self.facts = facts
        self._marks = marks
        self._playable = playable

    @property
    def marks(self) -> list[int]:
        """The melds that take the card at each place, as bits (bit ``k`` for meld ``k``)."""
        found = self._marks
        if found is None:
            found = self._marks = by_card(self.facts)
        return found

    @property
    def extends(self) -> list[frozenset[Card]]:
        """The cards that extend each meld alone, meld by meld."""
        if self._extends is None:
            self._extends = [accepted.extend for accepted in self.facts]
        return self._extends

    @property
    def buys(self) -> list[frozenset[Card]]:
        """The naturals that can take one of each meld's wildcards, meld by meld."""
        if self._buys is None:
            self._buys = [accepted.buy for accepted in self.facts]
        return self._buys

    @property
    def playable(self) -> frozenset[Card]:
        """Every card that plays on some meld."""
        found = self._playable
        if found is None:
            found = self._playable = frozenset().union(*self.extends, *self.buys)
        return found

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
        "_hand_facts",
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
        self._hand_facts: HandFacts | None = None
        self._rummies: frozenset[Card] | None = None
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
    def hand_facts(self) -> HandFacts:
        """The hand read against the table (see :class:`HandFacts`), once.

        >>> position(new_game(3, seed=1)).hand_facts.held
        ()
        """
        found = self._hand_facts
        if found is None:
            found = self._hand_facts = HandFacts(self.hand, self.table)
        return found

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
        found = self._rummies
        if found is None:
            found = self._rummies = frozenset(self.hand_facts.held)
        return found

    @property
    def held_rummies(self) -> tuple[Card, ...]:
        """The hand's distinct rummies, in card order.

        >>> position(new_game(3, seed=1)).held_rummies
        ()
        """
        return self.hand_facts.held


class HandFacts:
    """A hand read once against a :class:`Table`: its rummies and the rest.

    ``held`` are the hand's distinct cards that play on the table (its rummies), with their
    card indexes in ``indexes`` and the melds each extends and buys from in ``extending`` and
    ``buying`` (bits, as in :class:`Table`), all of them together in ``extended`` and
    ``bought``; ``kept`` are the distinct naturals that are not rummies (``kepts`` their card
    indexes). All in card order.

    >>> facts = HandFacts(cards("2C 7H 7H 9C"), Table((TableMeld(cards("7S 7D 7C"), 0),)))
    >>> [str(c) for c in facts.held], [str(c) for c in facts.kept], facts.extending
    (['2C', '7H'], ['9C'], [1, 1])
    """

    __slots__ = ("bought", "buying", "extended", "extending", "held", "indexes", "kept", "kepts")

    def __init__(self, hand: tuple[Card, ...], table: Table) -> None:
        marks = table.marks
        held: list[Card] = []
        indexes: list[int] = []
        extending: list[int] = []
        buying: list[int] = []
        kept: list[Card] = []
        kepts: list[int] = []
        extended = 0
        bought = 0
        last: Card | None = None
        for c in hand:
            if c is last:  # the hand is sorted: a card's copies are together
                continue
            last = c
            index = c.index
            extend = marks[index]
            buy = marks[CARDS + index]
            if extend or buy:
                held.append(c)
                indexes.append(index)
                extending.append(extend)
                buying.append(buy)
                extended |= extend
                bought |= buy
            elif not _WILD[index]:
                kept.append(c)
                kepts.append(index)
        self.held: tuple[Card, ...] = tuple(held)
        self.indexes: list[int] = indexes
        self.extending: list[int] = extending
        self.buying: list[int] = buying
        self.extended: int = extended
        self.bought: int = bought
        self.kept: tuple[Card, ...] = tuple(kept)
        self.kepts: list[int] = kepts


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
    rules = state.rules
    hand: tuple[Card, ...]
    contract: Contract | None
    if type(state) is _GAME_STATE or isinstance(state, GameState):
        hand = state.hands[seat]
        contract = _CONTRACTS[rules.schedule[state.round]]  # GameState.contract, not interpreted
    else:
        contract = state.contract
        if state.seat == seat:  # the view of the seat to act
            hand = state.hand
        else:
            hand = ()
            phase = None
    if phase is not _DECIDE and phase is not _PLAY:
        phase = None
    found = Position(
        phase,
        seat,
        hand,
        state.met[seat],
        rules,
        contract,
        state.taken,
        state.protection[seat],
        table(state),
    )
    object.__setattr__(state, "_position", found)
    return found
