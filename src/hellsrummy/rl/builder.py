"""Choosing a move step by step: the masks of a position, derived from its legal moves.

A :class:`MoveBuilder` holds the moves of one position with their steps
(:func:`hellsrummy.rl.action_steps`). After the steps chosen so far (the *prefix*), a step is
allowed exactly when some move's steps begin with the prefix and that step: the mask is the
set of next steps of the moves still possible. So every move is reachable through the masks,
and nothing else is — by construction. When the chosen steps are the whole of a move's
steps, that move is made.

:meth:`hellsrummy.rl.MoveBuilder.of` builds the moves of a seat from its own view: those
:func:`hellsrummy.legal_actions` lists (with :class:`hellsrummy.rl.Decline` in a call turn),
except that the ways to meet the minimum are not listed but worked out a step at a time by
:class:`hellsrummy.rl.meetings.Meetings` (a hard contract can be met in tens of thousands of
ways; the steps need only the cards that may come next).

For a seat that has met the minimum, neither its extensions and swaps nor its new melds are
listed: a table of two hundred melds can offer a thousand extensions, and the steps need only
which melds of the page take a card of the hand, or the first card of each new meld.
:mod:`hellsrummy.rl.plays` works them out a step at a time (its moves are exactly those
:func:`hellsrummy.legal_actions` lists), so a step costs about the same however full the table.

Each step keeps only the listed moves that agree with it, so choosing a move costs about the
number of listed moves for its first step and less after.

>>> from hellsrummy import Take, Pass, Discard, card
>>> from hellsrummy.rl import MoveBuilder, step_name
>>> builder = MoveBuilder([Take(), Pass()])
>>> [step_name(s) for s in builder.allowed()]
['take', 'pass']
>>> builder.step(1)
Pass()
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
import numpy.typing as npt

from hellsrummy.deck.cards import Card, leading_wilds
from hellsrummy.game.actions import Extend, Meld, SwapWildcard
from hellsrummy.game.position import position
from hellsrummy.game.state import Phase
from hellsrummy.moves.listing import legal_actions
from hellsrummy.moves.meldmoves import deuce_kinds
from hellsrummy.moves.playmoves import DISCARDS, hand_threes
from hellsrummy.play.discarding import discards
from hellsrummy.rl.encoding import (
    ACTION_SIZE,
    DISCARD,
    Decline,
    Move,
    action_steps,
    step_name,
)
from hellsrummy.rl.meetings import Meetings
from hellsrummy.rl.plays import Entry, NewMelds, TablePlays
from hellsrummy.views.view import PlayerView

__all__ = ["MoveBuilder"]

_Entry = Entry


class MoveBuilder:
    """The moves of a position, chosen one step at a time (see the module documentation).

    ``moves`` are listed moves; ``meetings``, if given, adds the ways to meet the minimum
    it works out step by step, and ``table`` a met seat's extensions and swaps
    (:class:`hellsrummy.rl.plays.TablePlays`).

    >>> from hellsrummy import Meld, cards
    >>> from hellsrummy.rl import MELD_CARD, COMMIT
    >>> builder = MoveBuilder([Meld([cards("7H 7S 7D")]), Meld([cards("7H 7S 7C")])])
    >>> [step_name(s) for s in builder.allowed()]
    ['meld card 7C', 'meld card 7D']
    >>> builder.step(MELD_CARD + card("7D").index) is None   # more steps to come
    True
    >>> builder.prefix == (MELD_CARD + card("7D").index,), len(list(builder.moves()))
    (True, 1)
    """

    __slots__ = ("_groups", "_live", "_meetings", "_pending", "_prefix", "_table")

    def __init__(
        self,
        moves: Iterable[Move],
        meetings: Meetings | None = None,
        table: TablePlays | None = None,
    ) -> None:
        self._live: list[_Entry] = [(action_steps(move), move) for move in moves]
        self._meetings = meetings
        self._table = table
        self._pending: NewMelds | None = None
        if not self._live and meetings is None and (table is None or not table.allowed()):
            raise ValueError("a position with no moves has no steps")
        self._prefix: tuple[int, ...] = ()
        self._groups: dict[int, list[_Entry]] | None = None

    @classmethod
    def of(cls, seen: PlayerView, *, call_turn: bool = False) -> MoveBuilder:
        """The moves of the seat that sees ``seen``; ``call_turn`` adds ``decline``.

        >>> from hellsrummy import new_game, view
        >>> [step_name(s) for s in MoveBuilder.of(view(new_game(3, seed=1), 1)).allowed()]
        ['take', 'pass']
        """
        if seen.to_act and seen.phase is Phase.PLAY and not seen.met[seen.seat]:
            # Meeting the minimum, worked out step by step, or a discard.
            meetings = Meetings.start(seen.hand, seen.contract)
            return _built([_DISCARDS[c] for c in discards(position(seen))], meetings, None)
        if seen.to_act and seen.phase is Phase.PLAY:
            # Discards listed; new melds by their first card, extensions and swaps step by step.
            here = position(seen)
            hand = here.hand
            choices = hand_threes(here)
            pending = None
            if choices:
                pending = NewMelds(choices, hand[: leading_wilds(hand)], deuce_kinds(hand))
            entries = [_DISCARDS[c] for c in discards(here)]
            return _built(entries, None, TablePlays.of(here), pending)
        moves: list[Move] = list(legal_actions(seen))
        if call_turn:
            moves.append(Decline())
        return cls(moves)

    def _next(self) -> dict[int, list[_Entry]]:
        """The listed moves still possible, grouped by their next step (once per step)."""
        groups = self._groups
        if groups is None:
            depth = len(self._prefix)
            groups = {}
            for entry in self._live:
                found = groups.get(entry[0][depth])
                if found is None:
                    groups[entry[0][depth]] = [entry]
                else:
                    found.append(entry)
            self._groups = groups
        return groups

    def _allowed(self) -> set[int]:
        groups = self._groups
        if groups is None:
            depth = len(self._prefix)
            allowed = {entry[0][depth] for entry in self._live}
        else:
            allowed = set(groups)
        if self._meetings is not None:
            allowed |= self._meetings.allowed()
        if self._table is not None:
            allowed |= self._table.allowed()
        if self._pending is not None:
            allowed.update(self._pending.firsts())
        return allowed

    @property
    def prefix(self) -> tuple[int, ...]:
        """The steps chosen so far.

        >>> MoveBuilder([Take()]).prefix
        ()
        """
        return self._prefix

    def allowed(self) -> list[int]:
        """The steps allowed now, in increasing order.

        >>> MoveBuilder([Pass(), Take()]).allowed()
        [0, 1]
        """
        return sorted(self._allowed())

    def mask(self) -> npt.NDArray[np.int8]:
        """The allowed steps as an ``int8`` mask of length ``ACTION_SIZE`` (1: allowed).

        >>> MoveBuilder([Take(), Pass()]).mask()[:4].tolist()
        [1, 1, 0, 0]
        """
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        mask[list(self._allowed())] = 1
        return mask

    def moves(self) -> Iterator[Move]:
        """The moves that the steps chosen so far lead to, lazily (listed ones first).

        >>> [str(move) for move in MoveBuilder([Take(), Pass()]).moves()]
        ['take', 'pass']
        """
        if self._pending is not None:
            for step in sorted(self._pending.firsts()):
                for _, move in self._pending.made(step):
                    yield move
        for _, move in self._live:
            yield move
        if self._meetings is not None:
            yield from self._meetings.moves()
        if self._table is not None:
            yield from self._table.moves()

    def step(self, step: int) -> Move | None:
        """Choose a step: the move made if the steps are now complete, else ``None``.

        A step the mask does not allow raises ``ValueError`` and changes nothing.

        >>> MoveBuilder([Take(), Pass()]).step(0)
        Take()
        >>> MoveBuilder([Take()]).step(1)
        Traceback (most recent call last):
        ...
        ValueError: step 1 (pass) is not allowed now; allowed: take
        """
        step = int(step)
        groups = self._groups
        if groups is None:
            depth = len(self._prefix)
            live = [entry for entry in self._live if entry[0][depth] == step]
        else:
            live = groups.get(step, [])
        pending = self._pending
        if pending is not None and step in pending.firsts():
            live = [*pending.made(step), *live]  # no listed move starts with a meld card
        meetings = self._meetings
        after: Meetings | Meld | None = None
        if meetings is not None and step in meetings.allowed():
            after = meetings.step(step)
        table = self._table
        played: TablePlays | Extend | SwapWildcard | None = None
        if table is not None and step in table.allowed():
            played = table.step(step)
        if not live and after is None and played is None:
            allowed = self.allowed()
            shown = ", ".join(step_name(s) for s in allowed[:12])
            more = ", ..." if len(allowed) > 12 else ""
            name = step_name(step) if 0 <= step < ACTION_SIZE else "not a step id"
            raise ValueError(f"step {step} ({name}) is not allowed now; allowed: {shown}{more}")
        self._prefix = (*self._prefix, step)
        self._live = live
        self._groups = None
        self._pending = None
        self._meetings = after if isinstance(after, Meetings) else None
        self._table = played if isinstance(played, TablePlays) else None
        if after is not None and not isinstance(after, Meetings):
            return after
        if played is not None and not isinstance(played, TablePlays):
            return played
        if live and len(live[0][0]) == len(self._prefix):
            return live[0][1]
        return None

    def branch(self, step: int) -> tuple[MoveBuilder, Move | None]:
        """A copy of this builder after ``step`` and the move it makes (this one is unchanged).

        For search and tests, which explore several steps from one prefix.

        >>> builder = MoveBuilder([Take(), Pass()])
        >>> builder.branch(1)[1], builder.prefix
        (Pass(), ())
        """
        copy = MoveBuilder.__new__(MoveBuilder)
        copy._live = self._live
        copy._meetings = self._meetings
        copy._table = self._table
        copy._pending = self._pending
        copy._prefix = self._prefix
        copy._groups = self._next()
        return copy, copy.step(step)


# The entry of each discard: its steps and the listing's own (shared) Discard value.
_DISCARDS: dict[Card, _Entry] = {c: ((DISCARD + c.index,), move) for c, move in DISCARDS.items()}


def _built(
    entries: list[_Entry],
    meetings: Meetings | None,
    table: TablePlays | None,
    pending: NewMelds | None = None,
) -> MoveBuilder:
    """A builder of moves whose steps are known (as ``MoveBuilder`` would make it)."""
    builder: MoveBuilder = MoveBuilder.__new__(MoveBuilder)
    builder._live = entries
    builder._meetings = meetings
    builder._table = table
    builder._pending = pending
    builder._prefix = ()
    builder._groups = None
    if not entries and pending is None and meetings is None and not (table and table.allowed()):
        raise ValueError("a position with no moves has no steps")
    return builder
