"""Meeting the minimum step by step, without listing every way to meet it.

A hand of a hard contract can meet it in tens of thousands of ways (the library lists them
all in a second or more), but the steps of a meeting need far less: which cards may come
next in the meld being built. :class:`Meetings` works that out level by level, one meld per
requirement of the contract, in the contract's order: the *candidates* of a level are the
melds of the requirement's kind and exact size that the cards left can make (each choice of
deuces apart) and that leave enough to meet the requirements after it
(:func:`hellsrummy.can_meet`). A step allowed is the next card of some candidate (cards of a
meld in card order), ``next meld`` once the meld is whole, ``commit`` after the last one. So
no choice leads to a dead end, and every way to meet the contract is reachable.

The melds meeting identical requirements may be built in any order; the move made lays them
lowest first (by their naturals, then their deuces, in card order), which is how
:func:`hellsrummy.legal_actions` lists a meeting: the moves made are exactly the meetings it
lists (``tests/rl/test_rl_reachability.py`` checks it).

>>> from hellsrummy import cards, contract_for
>>> from hellsrummy.rl import step_name
>>> start = Meetings.start(cards("7H 7S 7D 9C 9D 2H KS"), contract_for(6))
>>> sorted(step_name(s) for s in start.allowed())   # 7D 7H 7S first, or 2H 9C 9D
['meld card 2H', 'meld card 7D']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from hellsrummy.contracts.contract import Contract, Requirement
from hellsrummy.contracts.enumeration import possible_melds
from hellsrummy.contracts.solver import can_meet
from hellsrummy.deck.cards import Card, sort_cards
from hellsrummy.deck.melds import MeldKind, is_run, is_set
from hellsrummy.game.actions import Meld
from hellsrummy.moves.meldmoves import canonical_melds, deal_deuces, deuce_kinds, requirement_groups
from hellsrummy.rl.encoding import COMMIT, MELD_CARD, NEXT_MELD, card_of

__all__ = ["Meetings"]

_Meld = tuple[Card, ...]


class Meetings:
    """The ways to meet a contract from a hand, chosen one step at a time.

    Immutable: :meth:`step` returns the next state (or the move, on ``commit``).

    >>> from hellsrummy import cards, contract_for
    >>> from hellsrummy.rl import COMMIT, MELD_CARD, NEXT_MELD
    >>> here = Meetings.start(cards("7H 7S 7D 9C 9D 2H KS"), contract_for(6))
    >>> for c in cards("7D 7H 7S"):
    ...     here = here.step(MELD_CARD + c.index)
    >>> here.allowed() == {NEXT_MELD}
    True
    >>> here = here.step(NEXT_MELD)
    >>> for c in cards("2H 9C 9D"):
    ...     here = here.step(MELD_CARD + c.index)
    >>> here.step(COMMIT)
    Meld(melds=((card('7D'), card('7H'), card('7S')), (card('2H'), card('9C'), card('9D'))))
    """

    __slots__ = ("_candidates", "_laid", "_left", "_prefix", "_requirements", "requirement_groups")

    def __init__(
        self,
        requirements: tuple[Requirement, ...],
        groups: tuple[int, ...],
        laid: tuple[_Meld, ...],
        left: tuple[Card, ...],
        prefix: _Meld,
        candidates: list[_Meld],
    ) -> None:
        self._requirements = requirements
        self.requirement_groups = groups
        self._laid = laid
        self._left = left
        self._prefix = prefix
        self._candidates = candidates

    @classmethod
    def start(cls, hand: Sequence[Card], contract: Contract) -> Meetings | None:
        """The first step of meeting ``contract`` from ``hand``; ``None`` if it cannot.

        >>> from hellsrummy import cards, contract_for
        >>> Meetings.start(cards("7H 7S 9C KS"), contract_for(6)) is None
        True
        """
        if not can_meet(hand, contract):
            return None
        requirements = contract.requirements
        groups = requirement_groups(requirements)
        left = tuple(sort_cards(hand))
        return cls(requirements, groups, (), left, (), _candidates(left, requirements, 0))

    def allowed(self) -> set[int]:
        """The steps allowed now.

        >>> from hellsrummy import cards, contract_for
        >>> from hellsrummy.rl import step_name
        >>> [step_name(s) for s in Meetings.start(cards("7H 7S 7D"), contract_for(3)).allowed()]
        ['meld card 7D']
        """
        level = len(self._laid)
        at = len(self._prefix)
        if at == self._requirements[level].size:
            return {NEXT_MELD if level + 1 < len(self._requirements) else COMMIT}
        return {MELD_CARD + meld[at].index for meld in self._candidates}

    def step(self, step: int) -> Meetings | Meld:
        """The state after an allowed ``step``, or the move made by ``commit``.

        >>> from hellsrummy import cards, contract_for
        >>> from hellsrummy.rl import COMMIT, MELD_CARD
        >>> here = Meetings.start(cards("7H 7S 7D"), contract_for(3))
        >>> for c in cards("7D 7H 7S"):
        ...     here = here.step(MELD_CARD + c.index)
        >>> str(here.step(COMMIT))
        'meld 7D 7H 7S'
        """
        laid, prefix = self._laid, self._prefix
        if step == COMMIT:
            return Meld(canonical_melds((*laid, prefix), self.requirement_groups))
        if step == NEXT_MELD:
            laid = (*laid, prefix)
            left = _without(self._left, prefix)
            candidates = _candidates(left, self._requirements, len(laid))
            return Meetings(self._requirements, self.requirement_groups, laid, left, (), candidates)
        chosen = card_of(step - MELD_CARD)
        at = len(prefix)
        candidates = [meld for meld in self._candidates if meld[at] is chosen]
        return Meetings(
            self._requirements,
            self.requirement_groups,
            laid,
            self._left,
            (*prefix, chosen),
            candidates,
        )

    def moves(self) -> Iterator[Meld]:
        """Every meeting that the steps chosen so far lead to, each once (lazily).

        >>> from hellsrummy import cards, contract_for
        >>> [str(m) for m in Meetings.start(cards("7H 7S 7D 9C 9D 2H"), contract_for(6)).moves()]
        ['meld 7D 7H 7S / 2H 9C 9D']
        """
        seen: set[Meld] = set()
        for move in self._walk():
            if move not in seen:
                seen.add(move)
                yield move

    def _walk(self) -> Iterator[Meld]:
        for step in sorted(self.allowed()):
            after = self.step(step)
            if isinstance(after, Meld):
                yield after
            else:
                yield from after._walk()


def _candidates(
    left: tuple[Card, ...], requirements: tuple[Requirement, ...], level: int
) -> list[_Meld]:
    """The melds for ``requirements[level]`` from ``left`` that leave the rest possible."""
    requirement = requirements[level]
    rest = Contract(requirements[level + 1 :]) if level + 1 < len(requirements) else None
    fits = is_run if requirement.kind is MeldKind.RUN else is_set
    deuces = deuce_kinds(left)
    found: list[_Meld] = []
    for meld in possible_melds(left, requirement.size):
        if not fits(meld):
            continue
        if rest is not None and not can_meet(_without(left, meld), rest):
            continue
        wild = sum(1 for c in meld if c.is_wild)
        naturals = meld[wild:]
        found += [chosen + naturals for (chosen,) in deal_deuces(deuces, (wild,))]
    return found


def _without(hand: tuple[Card, ...], meld: _Meld) -> tuple[Card, ...]:
    """``hand`` less the cards of ``meld`` (a sub-multiset of it), still sorted."""
    gone = Counter(meld)
    kept: list[Card] = []
    for c in hand:
        if gone[c]:
            gone[c] -= 1
        else:
            kept.append(c)
    return tuple(kept)
