"""The legal-move enumerator: every atomic game move open to the seat to act.

:func:`legal_actions` returns a lazy, set-like :class:`LegalActions`: moves are generated
only as far as they are looked at (``next(iter(...))`` is cheap; ``len`` generates them
all); ``in`` asks :func:`hellsrummy.is_legal` directly. The order is deterministic: take and
pass (then, under the classic discard policy, the seat's Rummy calls, in the order of
:func:`hellsrummy.rummy_calls`); or meeting the minimum, new melds, extensions (by meld
number, then card), swaps (the same), then discards (by card).

Under ``DiscardPolicy.CLASSIC`` a seat that is not to act may still have moves: the view of
such a seat lists its calls on a bad discard while it may call (``legal_actions(view(state,
k))``); the view of any other seat not to act lists nothing.

It lists *atomic* moves — contract fulfilments of exact size, new melds of three cards,
one-card extensions, single swaps, the distinct legal discards — and it is **complete**: every
position reachable by legal game moves is reachable through the moves it lists, because

* a meld bigger than required contains one of exactly the required size (a set: any of its
  cards; a run: any stretch of consecutive places), and the rest can be added one card at a
  time, each step a valid meld (``tests/play/test_engine_properties.py`` checks both facts);
* likewise any new meld is three of its cards plus one-card extensions, and an extension by
  several cards is a chain of one-card extensions.

Two things are listed only once, since they change nothing for the rules or the score:

* the order of the melds that meet the minimum together. They come in the contract's order
  (melds meeting identical requirements lowest first); :func:`hellsrummy.apply` accepts them in
  any order and numbers them in the order given, so positions that differ only in that
  numbering are reached by reordering a listed action. (Listing every order would multiply the
  moves by up to 5040 for a contract of seven sets.)
* which of the hand's deuces a meld takes. Every deuce is a wildcard worth 20 points, so a
  layout of melds is listed once, laying the hand's lowest deuces first (in card order, first
  to the first meld); the moves laying the same melds with other deuces are its *variants*
  (:meth:`LegalActions.variants`), legal too (``in`` accepts them) but not listed. A hand of
  several different deuces can lay one layout in hundreds of ways: listing them all made the
  biggest listings tens of millions of moves long.

So the listing is complete up to those two (and to the ceiling below): every position
reachable by legal game moves is reachable through the moves it lists, their variants and
reorderings.

How big can a listing get? Most positions have a few dozen moves, and a hand that can meet a
hard contract a few thousand ways. But a hand that has grown for dozens of turns in a stalled
round of a hard contract (difficulty 20 and up, four decks), its seat never meeting the
minimum, can meet it in tens of millions of ways, each a different table and a different hand
left: too many to hold in memory. So a listing holds at most :data:`MAX_LISTED_MEETINGS`
(500,000) ways to meet the minimum, the first in listing order, and
:attr:`LegalActions.truncated` says when it left some out; a listing of every move then takes
well under a gigabyte and ten seconds (the documentation's Performance page lists the biggest
positions found and what listing them costs). Every way to meet is legal all the same (``in``
accepts it), and :func:`hellsrummy.fulfillments` walks them all, lazily. Walk a big listing
lazily too rather than making a list of it: iterate it and stop (``itertools.islice``), ask
``len`` (it counts the ways to meet without making moves of them) and index it (``moves[i]``
makes one move), and ask ``in`` (it asks :func:`hellsrummy.is_legal`, listing nothing).

Moves are listed section by section (meeting the minimum or new melds, extensions, swaps,
discards), each worked out from the position's derived facts (:mod:`hellsrummy.game.position`);
once a position's list is complete it is kept with the position, so asking again costs
nothing.

It never lists an action that :func:`hellsrummy.apply` rejects or penalises; ``in`` also
accepts the compound forms (bigger melds, several cards at once, other meld orders) that
``apply`` accepts. The table actions :class:`hellsrummy.SetPlayProtection` and
:class:`hellsrummy.Leave` are not game moves and are not listed.

>>> state = new_game(3, seed=2026)
>>> list(legal_actions(state))
[Take(), Pass()]
>>> moves = legal_actions(apply(state, Take()))
>>> all(isinstance(action, Discard) for action in moves), len(moves) > 0
(True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Final, cast

from hellsrummy.contracts.enumeration import (
    fulfillments,
    skeletons_of,
)
from hellsrummy.deck.cards import leading_wilds, sort_cards
from hellsrummy.errors import IllegalActionError, Reason, shown
from hellsrummy.game.actions import (
    Action,
    CallRummy,
    Meld,
    Pass,
    Take,
)
from hellsrummy.game.position import CountedMoves, Position, position
from hellsrummy.game.state import DECIDE, PLAY, GameState
from hellsrummy.moves.meldmoves import (
    DeferredMelds,
    meld_move,
)
from hellsrummy.moves.playmoves import counted_plays, deuce_variants, listed_discards
from hellsrummy.play.calls import rummy_calls
from hellsrummy.play.discarding import discard_rules
from hellsrummy.play.engine import is_legal, verify
from hellsrummy.views.resampling import own_state
from hellsrummy.views.view import PlayerView

__all__ = ["MAX_LISTED_MEETINGS", "LegalActions", "legal_actions"]

_Section = Callable[[Position], "list[Action] | Iterator[Action]"]


class LegalActions:
    """The legal game moves of a state: lazy, set-like, in a fixed order.

    >>> moves = legal_actions(new_game(3, seed=2026))
    >>> len(moves), Take() in moves, moves[1]
    (2, True, Pass())
    """

    __slots__ = ("_found", "_here", "_next", "_pending", "_sections", "_source")

    def __init__(self, state: GameState | PlayerView) -> None:
        self._source: GameState | PlayerView = state
        self._pending: Iterator[Action] | None = None
        self._next = 0
        self._sections: tuple[_Section, ...] = ()
        self._found: list[Action]
        acting = type(state) is _GAME_STATE or state.seat == state.current  # type: ignore[union-attr]
        if state.phase is _DECIDE and acting:
            # Take and pass, whatever the position; calls under the classic policy. (The
            # list is shared: a complete listing's list is never changed.)
            self._found = _TAKE_OR_PASS
            if discard_rules(state.rules).classic and state.discarder is not None:
                self._found = [*_TAKE_OR_PASS, *rummy_calls(state, state.current)]
            return
        if not acting:  # the view of another seat: its calls, if it may call
            self._found = list(rummy_calls(state, state.seat))  # type: ignore[union-attr]
            return
        here = position(state)
        self._here = here
        if here.moves is not None:  # listed before: nothing left to work out
            self._found = here.moves
            return
        # Nothing listed yet: a list is made when the first moves are (most listings are
        # counted instead, see _counted).
        self._found = _UNLISTED
        if here.phase is _PLAY:
            self._sections = _MET if here.met else _NOT_MET
        elif here.phase is _DECIDE:
            self._sections = _DECIDING
        else:
            self._found = here.moves = []

    def _listing(self) -> list[Action]:
        """The list of the moves listed so far, made if none were."""
        found = self._found
        if found is _UNLISTED:
            found = self._found = []
        return found

    def _advance(self) -> bool:
        """List the next section (or what is left of a lazy one); ``False`` when all are."""
        found = self._listing()
        if self._pending is not None:
            found.extend(self._pending)
            self._pending = None
            return True
        sections = self._sections
        if self._next >= len(sections):
            if sections:
                self._sections = ()
                self._here.moves = found  # complete: kept with the position
            return False
        listed: list[Action] | Iterator[Action] = sections[self._next](self._here)
        self._next += 1
        if isinstance(listed, list):
            found.extend(listed)
        else:
            self._pending = listed
        return True

    def _all(self) -> list[Action]:
        parts = self._counted(False)
        if parts is not None:  # counted before: make the moves, part by part
            self._found = _made(parts)  # (nothing was listed before)
            self._sections = ()
            self._here.moves = self._found
            return self._found
        while self._advance():
            pass
        return self._found

    def _counted(self, count: bool = True) -> list[list[Action] | CountedMoves] | None:
        """The listing as parts, kept with the position, or ``None``.

        The parts are lists of moves and meld moves counted but not yet made. ``None`` once
        moves were listed another way (iterated), or (``count`` false) if not counted before.
        """
        if not self._sections or self._next or self._pending is not None:
            return None
        here = self._here
        if here.parts is None and count:
            if self._sections is _NOT_MET:
                here.parts = _counted_meetings(here)
            elif self._sections is _MET:
                here.parts = counted_plays(here)
        return here.parts

    def __iter__(self) -> Iterator[Action]:
        # Decided at the first move asked for: ``list()`` asks for the iterator, then ``len``.
        parts = self._counted(False) if self._sections else None
        if parts is not None:  # counted before: walk the count, each move made when reached
            yield from _walked(parts)
        else:
            yield from self._listed()

    def _listed(self) -> Iterator[Action]:
        """The moves, listed section by section as far as they are looked at."""
        found = self._listing()
        at = 0
        while True:
            if at < len(found):
                yield found[at]
                at += 1
            elif self._pending is not None:
                action = next(self._pending, None)
                if action is None:
                    self._pending = None
                else:
                    found.append(action)
            elif not self._advance():
                return

    def __len__(self) -> int:
        if not self._sections:  # complete: a take-or-pass decision, or listed before
            return len(self._found)
        parts = self._counted()
        if parts is None:
            return len(self._all())
        total = 0
        for part in parts:
            total += len(part)
        return total

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __getitem__(self, index: int) -> Action:
        if not self._sections:  # complete: a take-or-pass decision, or listed before
            return self._found[index]
        parts = self._counted() if type(index) is int else None
        if parts is None:
            return self._all()[index]
        if index < 0:
            index += len(self)
        if index >= 0:
            for part in parts:
                size = len(part)
                if index < size:
                    if isinstance(part, list):
                        return part[index]
                    # The counted parts are DeferredMelds (made here): a native call compiled.
                    move = cast(DeferredMelds, part).at(index)
                    self._here.hand_out(move)  # so that apply accepts it as listed
                    return move
                index -= size
        raise IndexError("legal move index out of range")

    def __contains__(self, action: object) -> bool:
        state = self._source
        if isinstance(state, PlayerView):
            if isinstance(action, CallRummy):
                if action.seat != state.seat:
                    return False  # a view answers for its own seat only
            elif position(state).phase is None:
                return False
            state = own_state(state)
        try:
            return is_legal(state, action)  # type: ignore[arg-type]
        except ValueError:
            return False

    @property
    def truncated(self) -> bool:
        """Whether ways to meet the minimum were left out (more than ``MAX_LISTED_MEETINGS``).

        Found by walking the ways to meet past the last one listed, so it costs about as much
        as ``len``.

        >>> legal_actions(apply(new_game(3, seed=2026), Take())).truncated
        False
        """
        state = self._source
        if type(state) is not _GAME_STATE and state.seat != state.current:  # type: ignore[union-attr]
            return False
        here = position(state)
        if here.phase is not _PLAY or here.met:
            return False
        beyond = itertools.islice(skeletons_of(here.hand, here.contract), MAX_LISTED_MEETINGS, None)
        return next(beyond, None) is not None

    def variants(self, move: Action) -> list[Action]:
        """The legal ``move`` and every move that differs from it only in the deuces it lays.

        A ``Meld`` of this listing lays the hand's lowest deuces; its variants lay the same
        melds with each other distinct choice of the hand's deuces (see the module
        documentation). Any legal ``Meld`` may be asked about: its melds are laid in card
        order, and the move laying the lowest deuces comes first. Another legal move is its own
        only variant. An illegal move raises :class:`hellsrummy.IllegalActionError`.

        >>> deal = Deal(hands=[cards("3C 4C 5D"), cards("2C 2H 7H 7S 9C 9D 9H KS 5H"),
        ...                    cards("3D 4D 6C")], discard=card("QS"), stock=cards("8C 8D 8H"))
        >>> moves = legal_actions(apply(new_game(3, seed=1, deal=deal), Take()))
        >>> [str(m) for m in moves.variants(Meld([cards("7S 2H 7H"), cards("9C 9D 9H")]))]
        ['meld 2C 7H 7S / 9C 9D 9H', 'meld 2H 7H 7S / 9C 9D 9H']
        >>> moves.variants(Discard(card("KS")))
        [Discard(card=card('KS'))]
        """
        if move not in self:
            error = verify(self._source, move)
            raise error or IllegalActionError(Reason.NOT_TO_ACT, f"{move} is not listed here")
        if not isinstance(move, Meld):
            return [move]
        melds = tuple(tuple(sort_cards(meld)) for meld in move.melds)
        return [*deuce_variants(position(self._source), melds)]

    def __repr__(self) -> str:
        first = ", ".join(str(action) for action in itertools.islice(self, 8))
        more = ", ..." if len(self) > 8 else ""
        return f"<LegalActions of {len(self)}: {first}{more}>"


def legal_actions(state: GameState | PlayerView) -> LegalActions:
    """The legal game moves of the seat to act, lazily (see the module documentation).

    ``state`` may be the game state, or the :class:`hellsrummy.PlayerView` of the seat to
    act: a frontend can ask its own view what it may do. The view of a seat that is not to
    act lists its Rummy calls while it may call (``DiscardPolicy.CLASSIC`` only), and
    nothing otherwise.

    >>> state = new_game(3, seed=2026)
    >>> [str(a) for a in legal_actions(state)], len(legal_actions(view(state, 1)))
    (['take', 'pass'], 2)
    >>> len(legal_actions(view(state, 2)))
    0
    """
    if type(state) is not _GAME_STATE and not isinstance(state, (GameState, PlayerView)):
        raise ValueError(f"state must be a GameState or a PlayerView, got {shown(state)}")
    return LegalActions(state)


_GAME_STATE: Final = GameState
_DECIDE: Final = DECIDE
_PLAY: Final = PLAY
_TAKE = Take()
_PASS = Pass()
_TAKE_OR_PASS: Final[list[Action]] = [_TAKE, _PASS]
_UNLISTED: Final[list[Action]] = []  # never changed (see LegalActions._listing)


def _decide(here: Position) -> list[Action]:
    return list(_TAKE_OR_PASS)


#: The most ways to meet the minimum a listing holds (see the module documentation).
MAX_LISTED_MEETINGS: Final = 500_000


def _meetings(here: Position) -> Iterator[Action]:
    ways = fulfillments(here.hand, here.contract)
    for fulfilment in itertools.islice(ways, MAX_LISTED_MEETINGS):
        yield meld_move(fulfilment)


def _plays_and_discards(here: Position) -> list[Action]:
    """Every move of a seat that has met the minimum, at once (each part is quick)."""
    return _made(counted_plays(here))


def _made(parts: list[list[Action] | CountedMoves]) -> list[Action]:
    """The moves of a counted listing's parts, all made, in order."""
    found: list[Action] = []
    for part in parts:
        found += part if isinstance(part, list) else part.all()
    return found


def _walked(parts: list[list[Action] | CountedMoves]) -> Iterator[Action]:
    """The moves of a counted listing's parts, in order, each made when it is reached."""
    for part in parts:
        if isinstance(part, list):
            yield from part
        else:
            yield from part.each()


def _counted_meetings(here: Position) -> list[list[Action] | CountedMoves]:
    """The moves of a seat that has not met the minimum, the fulfilments counted, not made."""
    hand = here.hand
    contract = here.contract
    units = list(itertools.islice(skeletons_of(hand, contract), MAX_LISTED_MEETINGS))
    if not units:  # most hands: nothing to count
        return [listed_discards(here)]
    return [DeferredMelds(units, hand[: leading_wilds(hand)]), listed_discards(here)]


# The sections of each kind of position, in the documented order.
_DECIDING: Final[tuple[_Section, ...]] = (_decide,)
_NOT_MET: Final[tuple[_Section, ...]] = (_meetings, listed_discards)
_MET: Final[tuple[_Section, ...]] = (_plays_and_discards,)
