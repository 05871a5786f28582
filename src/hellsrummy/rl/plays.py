"""A met seat's plays worked out a step at a time: its table plays and its new melds.

A seat that has met the minimum may extend any table meld, swap for its wildcards and lay new
melds of three. Listing them all for every position costs in proportion to the table (a long
round can have two hundred melds on it and a seat a thousand extensions to choose from) and to
the melds of three its hand can make, while a step needs only what may come next:

* :class:`TablePlays`: which melds of the page take a card of the hand (and whether a later
  page has one), then which cards;
* :class:`NewMelds`: the first card of each new meld, the moves made only for the first step
  chosen.

Both give exactly the moves :func:`hellsrummy.legal_actions` lists, in its order;
:class:`hellsrummy.rl.MoveBuilder` asks them.

>>> from hellsrummy import cards
>>> from hellsrummy.rl import step_name
>>> plays = TablePlays([frozenset(cards("6H"))], [frozenset()], cards("6H"))
>>> [step_name(s) for s in plays.allowed()]
['target 0']
"""

from __future__ import annotations

from collections.abc import Iterator, KeysView, Sequence

from hellsrummy.contracts.enumeration import Choice, laid_melds
from hellsrummy.deck.cards import BY_INDEX, Card, leading_wilds
from hellsrummy.game.actions import Extend, SwapWildcard
from hellsrummy.game.position import Position
from hellsrummy.moves.meldmoves import deal_deuces, with_deuces
from hellsrummy.rl.encoding import (
    EXTEND,
    MELD_CARD,
    NEXT_PAGE,
    SWAP,
    TARGET,
    WINDOW,
    Move,
    action_steps,
)

__all__ = ["Entry", "NewMelds", "TablePlays"]

#: A listed move with its steps.
Entry = tuple[tuple[int, ...], Move]


class TablePlays:
    """The one-card extensions and the swaps of a seat that has met the minimum, step by step.

    Immutable: :meth:`step` returns the next state (or the move, once a card is chosen). The
    moves are those :func:`hellsrummy.legal_actions` lists: for each table meld, the hand's
    distinct rummies (:attr:`hellsrummy.game.position.Position.held_rummies`) that extend it,
    and those that buy one of its wildcards. Steps: ``next page`` while a later page has a
    meld to play on, ``target i`` for a meld of the page that takes a card, then the card.

    >>> from hellsrummy import card, cards
    >>> from hellsrummy.rl import EXTEND, TARGET, step_name
    >>> plays = TablePlays([frozenset(cards("6H 9H"))], [frozenset()], cards("6H KS"))
    >>> [step_name(s) for s in plays.allowed()]
    ['target 0']
    >>> [step_name(s) for s in plays.step(TARGET).allowed()]
    ['extend with 6H']
    >>> plays.step(TARGET).step(EXTEND + card("6H").index)
    Extend(meld=0, cards=(card('6H'),))
    """

    __slots__ = ("_allowed", "_buys", "_extends", "_found", "_held", "_meld", "_page", "_playing")

    def __init__(
        self,
        extends: Sequence[frozenset[Card]],
        buys: Sequence[frozenset[Card]],
        held: Sequence[Card],
        page: int = 0,
        meld: int | None = None,
        found: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] | None = None,
    ) -> None:
        self._extends = extends
        self._buys = buys
        self._held = tuple(held)
        self._playing = frozenset(self._held)
        self._page = page
        self._meld = meld
        self._found = {} if found is None else found
        self._allowed: set[int] | None = None

    @classmethod
    def of(cls, here: Position) -> TablePlays:
        """The table plays of the seat to act in ``here`` (a seat that has met the minimum).

        >>> from hellsrummy import new_game
        >>> from hellsrummy.game.position import position
        >>> list(TablePlays.of(position(new_game(3, seed=1))).moves())
        []
        """
        facts = here.table
        return cls(facts.extends, facts.buys, here.held_rummies)

    def _plays(self, number: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The held cards that extend meld ``number``, and those that buy its wildcard."""
        found = self._found.get(number)
        if found is None:
            held = self._playing
            accepted = self._extends[number]
            extend = (
                () if accepted.isdisjoint(held) else tuple(c for c in self._held if c in accepted)
            )
            accepted = self._buys[number]
            buy = () if accepted.isdisjoint(held) else tuple(c for c in self._held if c in accepted)
            found = self._found[number] = (extend, buy)
        return found

    def _any_from(self, first: int) -> bool:
        """Whether a meld numbered ``first`` or more takes a card of the hand."""
        held = self._playing
        if not held:
            return False
        extends, buys = self._extends, self._buys
        return any(
            not extends[number].isdisjoint(held) or not buys[number].isdisjoint(held)
            for number in range(first, len(extends))
        )

    def allowed(self) -> set[int]:
        """The steps allowed now.

        >>> from hellsrummy import cards
        >>> TablePlays([frozenset(cards("6H"))], [frozenset()], cards("KS")).allowed()
        set()
        """
        allowed = self._allowed
        if allowed is not None:
            return allowed
        if self._meld is not None:
            extend, buy = self._plays(self._meld)
            allowed = {EXTEND + c.index for c in extend} | {SWAP + c.index for c in buy}
        elif not self._held:
            allowed = set()
        else:
            # A meld takes a card exactly when some held card is among those it accepts.
            start = self._page * WINDOW
            stop = min(start + WINDOW, len(self._extends))
            held, extends, buys = self._playing, self._extends, self._buys
            allowed = {
                TARGET + number - start
                for number in range(start, stop)
                if not extends[number].isdisjoint(held) or not buys[number].isdisjoint(held)
            }
            if self._any_from(start + WINDOW):
                allowed.add(NEXT_PAGE)
        self._allowed = allowed
        return allowed

    def step(self, step: int) -> TablePlays | Extend | SwapWildcard:
        """The state after an allowed ``step``, or the move made by choosing the card.

        >>> from hellsrummy import cards
        >>> from hellsrummy.rl import TARGET
        >>> TablePlays([frozenset(cards("6H"))], [frozenset()], cards("6H")).step(TARGET)._meld
        0
        """
        if self._meld is not None:
            if step >= SWAP:
                return SwapWildcard(self._meld, BY_INDEX[step - SWAP])
            return Extend(self._meld, (BY_INDEX[step - EXTEND],))
        if step == NEXT_PAGE:
            page, meld = self._page + 1, None
        else:
            page, meld = self._page, self._page * WINDOW + step - TARGET
        return TablePlays(self._extends, self._buys, self._held, page, meld, self._found)

    def moves(self) -> Iterator[Extend | SwapWildcard]:
        """The moves the steps chosen so far lead to, in listing order (extensions first).

        >>> from hellsrummy import cards
        >>> plays = TablePlays([frozenset(cards("6H"))], [frozenset(cards("6H"))], cards("6H"))
        >>> [str(move) for move in plays.moves()]
        ['extend 0 6H', 'swap 0 6H']
        """
        if self._meld is not None:
            numbers: Sequence[int] = (self._meld,)
        else:
            numbers = range(self._page * WINDOW, len(self._extends))
        for number in numbers:
            for c in self._plays(number)[0]:
                yield Extend(number, (c,))
        for number in numbers:
            for c in self._plays(number)[1]:
                yield SwapWildcard(number, c)


class NewMelds:
    """A met seat's new melds (one meld of 3 each), by their first step, made when chosen.

    They are the moves the listing makes of each of the enumeration's ``choices`` and their
    variants (:meth:`hellsrummy.LegalActions.variants`): one per distinct choice of the hand's
    deuces, a meld's deuces first; ``wild_cards`` are the hand's deuces, ``kinds`` each deuce
    and how many the hand holds). The first step of each is worked out from the choice as the
    listing lays it; the moves themselves are made only for the first step chosen, in listing
    order.

    >>> from hellsrummy import card, cards
    >>> from hellsrummy.contracts.enumeration import meld_choices
    >>> from hellsrummy.contracts.solver import Pool
    >>> from hellsrummy.rl import MELD_CARD, step_name
    >>> hand = tuple(cards("2C 7D 7H 7S 9H"))
    >>> melds = NewMelds(meld_choices(Pool(held=hand), 3), hand[:1], ((card("2C"), 1),))
    >>> sorted(step_name(s) for s in melds.firsts())
    ['meld card 2C', 'meld card 7D']
    >>> [str(move) for _, move in melds.made(MELD_CARD + card("7D").index)]
    ['meld 7D 7H 7S']
    """

    __slots__ = ("_by_first", "choices", "kinds", "wild_cards")

    def __init__(
        self,
        choices: list[Choice],
        wild_cards: tuple[Card, ...],
        kinds: tuple[tuple[Card, int], ...],
    ) -> None:
        self.choices = choices
        self.wild_cards = wild_cards
        self.kinds = kinds
        self._by_first: dict[int, list[int]] | None = None

    def _firsts(self) -> dict[int, list[int]]:
        """The choices (by their place) whose moves start with each first step."""
        found = self._by_first
        if found is None:
            found = {}
            wild_cards, kinds = self.wild_cards, self.kinds
            several = len(kinds) > 1
            for place, choice in enumerate(self.choices):
                naturals, need = choice[0], choice[1]
                # The meld of the choice is ``wild_cards[:need] + naturals`` (laid_melds).
                if several:
                    meld = wild_cards[:need] + naturals
                    wilds = leading_wilds(meld)
                    if wilds:
                        for first in {extra[0] for (extra,) in deal_deuces(kinds, (wilds,))}:
                            found.setdefault(MELD_CARD + first.index, []).append(place)
                        continue
                    step = MELD_CARD + meld[0].index
                elif need and wild_cards:
                    step = MELD_CARD + wild_cards[0].index
                else:
                    step = MELD_CARD + naturals[0].index
                found.setdefault(step, []).append(place)
            self._by_first = found
        return found

    def firsts(self) -> KeysView[int]:
        """The first steps of the new melds.

        >>> NewMelds([], (), ()).firsts()
        dict_keys([])
        """
        return self._firsts().keys()

    def made(self, step: int) -> list[Entry]:
        """The new melds whose first step is ``step``, with their steps, in listing order.

        >>> NewMelds([], (), ()).made(0)
        []
        """
        entries: list[Entry] = []
        for place in self._firsts().get(step, ()):
            moves = with_deuces(laid_melds((self.choices[place],), self.wild_cards), self.kinds)
            entries += [
                (action_steps(move), move)
                for move in moves
                if move.melds[0][0].index + MELD_CARD == step
            ]
        return entries
