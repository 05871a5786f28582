"""Contracts: the melds a player must lay down to meet a round's minimum.

A :class:`Contract` is a sequence of :class:`Requirement` — "a set of at least 3", "a run of at
least 4" — each to be met by a separate meld. The standard contracts of difficulties 3 to 25
are in :mod:`hellsrummy.contracts.difficulty`; any other contract can be built here.

>>> contract = Contract.of(runs=[4], sets=[3])
>>> str(contract), contract.difficulty
('One Run of 4, One Set of 3', 7)
>>> contract.requirements
(Requirement(MeldKind.RUN, 4), Requirement(MeldKind.SET, 3))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

from hellsrummy.deck.melds import MAX_RUN, MIN_MELD, MeldKind
from hellsrummy.errors import instance_of, shown

__all__ = ["Contract", "Requirement"]

_NUMBER_WORDS = "Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve".split()


def _check_size(instance: Requirement, attribute: attrs.Attribute[int], size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int):
        raise ValueError(f"requirement size must be an int, got {shown(size)}")
    if size < MIN_MELD:
        raise ValueError(f"a meld has at least {MIN_MELD} cards, got size {shown(size)}")
    if instance.kind is MeldKind.RUN and size > MAX_RUN:
        raise ValueError(f"a run holds at most {MAX_RUN} cards, got size {shown(size)}")


@attrs.frozen(repr=False, cache_hash=True)
class Requirement:
    """One meld of a contract: a set or a run of *at least* ``size`` cards.

    >>> Requirement(MeldKind.RUN, 7)
    Requirement(MeldKind.RUN, 7)
    >>> str(Requirement(MeldKind.SET, 3))
    'Set of 3'
    >>> Requirement(MeldKind.RUN, 13)
    Traceback (most recent call last):
    ...
    ValueError: a run holds at most 12 cards, got size 13
    """

    kind: MeldKind = attrs.field(validator=instance_of(MeldKind))
    size: int = attrs.field(validator=_check_size)

    def __str__(self) -> str:
        return f"{self.kind} of {self.size}"

    def __repr__(self) -> str:
        return f"Requirement(MeldKind.{self.kind.name}, {self.size})"


def _to_requirements(value: Iterable[Requirement]) -> tuple[Requirement, ...]:
    return tuple(value)


def _check_requirements(
    instance: Contract,
    attribute: attrs.Attribute[tuple[Requirement, ...]],
    value: tuple[Requirement, ...],
) -> None:
    if not value:
        raise ValueError("a contract needs at least one requirement")
    for position, requirement in enumerate(value):
        if not isinstance(requirement, Requirement):
            raise ValueError(
                f"requirements[{position}] must be a Requirement, got {shown(requirement)}"
            )


class _Sized:
    """A hidden slot for a contract's difficulty, worked out once.

    Not a field: it takes no part in equality, hashing, ``repr`` or pickles.
    """

    __slots__ = ("_difficulty",)
    _difficulty: int


@attrs.frozen(repr=False, cache_hash=True)
class Contract(_Sized):
    """A round's minimum: melds of given kinds and sizes, each met by a separate meld.

    ``difficulty`` is the number of cards the contract takes. ``str()`` names it the way the
    online game does. Requirements keep the order given; a fulfilment lists its melds in it.

    >>> c = Contract([Requirement(MeldKind.RUN, 7), Requirement(MeldKind.SET, 3)])
    >>> c.difficulty, str(c)
    (10, 'One Run of 7, One Set of 3')
    >>> c == Contract.of(runs=[7], sets=[3])
    True
    >>> Contract([])
    Traceback (most recent call last):
    ...
    ValueError: a contract needs at least one requirement
    """

    requirements: tuple[Requirement, ...] = attrs.field(
        converter=_to_requirements, validator=_check_requirements
    )

    @classmethod
    def of(cls, *, runs: Iterable[int] = (), sets: Iterable[int] = ()) -> Contract:
        """Build a contract from run sizes and set sizes; runs are listed first.

        >>> str(Contract.of(runs=[4, 4], sets=[3, 3, 3]))
        'Two Runs of 4, Three Sets of 3'
        """
        return cls(
            [Requirement(MeldKind.RUN, size) for size in runs]
            + [Requirement(MeldKind.SET, size) for size in sets]
        )

    @property
    def difficulty(self) -> int:
        """The number of cards the contract takes: the sum of its sizes.

        >>> Contract.of(runs=[8, 8], sets=[3]).difficulty
        19
        """
        try:
            return self._difficulty
        except AttributeError:  # first asked (or unpickled): work it out, keep it
            difficulty = sum(r.size for r in self.requirements)
            object.__setattr__(self, "_difficulty", difficulty)
            return difficulty

    @property
    def runs(self) -> tuple[Requirement, ...]:
        """The run requirements, in order.

        >>> Contract.of(runs=[4], sets=[3]).runs
        (Requirement(MeldKind.RUN, 4),)
        """
        return tuple(r for r in self.requirements if r.kind is MeldKind.RUN)

    @property
    def sets(self) -> tuple[Requirement, ...]:
        """The set requirements, in order.

        >>> Contract.of(sets=[3, 3]).sets
        (Requirement(MeldKind.SET, 3), Requirement(MeldKind.SET, 3))
        """
        return tuple(r for r in self.requirements if r.kind is MeldKind.SET)

    def __len__(self) -> int:
        return len(self.requirements)

    def __str__(self) -> str:
        parts = []
        for requirement, group in itertools.groupby(self.requirements):
            count = len(list(group))
            word = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
            kind = requirement.kind.plural if count > 1 else str(requirement.kind)
            parts.append(f"{word} {kind} of {requirement.size}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        inner = ", ".join(map(repr, self.requirements))
        return f"Contract([{inner}])"
