"""The action encoding: fixed step ids, and every move of the library as a sequence of steps.

A move of Hell's Rummy does not fit one id of a fixed ``Discrete`` space (a contract of seven
melds, an extension of table meld 40...), so a move is chosen **step by step**. Each step is
one id of ``Discrete(ACTION_SIZE)``:

=====================  =========================  ============================================
id                     name                       meaning
=====================  =========================  ============================================
``TAKE`` (0)           take                       take the discard
``PASS`` (1)           pass                       pass the discard
``DECLINE`` (2)        decline                    a call turn: do not call Rummy
``NEXT_MELD`` (3)      next meld                  close the meld being built, start the next
``COMMIT`` (4)         commit                     lay down the melds built
``NEXT_PAGE`` (5)      next page                  show the next ``WINDOW`` table melds
``TARGET + i``         target ``i``               target table meld ``page * WINDOW + i``
``DISCARD + c``        discard ``c``              discard card ``c`` (in a call: give ``c``)
``MELD_CARD + c``      meld card ``c``            add card ``c`` to the meld being built
``EXTEND + c``         extend with ``c``          put ``c`` on the targeted meld
``SWAP + c``           swap in ``c``              put ``c`` in place of a wildcard of it
=====================  =========================  ============================================

``c`` is a card's :attr:`hellsrummy.Card.index` (``0 <= c < CARDS``) and ``i < WINDOW``.
:func:`action_steps` gives the steps of each move :func:`hellsrummy.legal_actions` lists:

* ``Take()``: ``take``; ``Pass()``: ``pass``; ``Discard(c)``: ``discard c``;
* ``Meld((m1, ..., mn))``: the cards of ``m1`` (``meld card`` each, in the meld's sorted
  order), ``next meld``, the cards of ``m2``, ..., the cards of ``mn``, ``commit``;
* ``Extend(k, (c,))``: ``next page`` ``k // WINDOW`` times, ``target k % WINDOW``,
  ``extend with c``; ``SwapWildcard(k, c)``: the same with ``swap in c``;
* ``CallRummy(seat, c, k, s, swap)``: the pages, ``target k % WINDOW``, ``extend with c`` (or
  ``swap in c``), then ``discard s``, the substitute;
* :class:`Decline` (not calling, in a call turn of the environment): ``decline``.

No sequence is the beginning of another, so a sequence names one move and
:func:`steps_action` reads it back. (When meeting the minimum, the melds of identical
requirements may also be built in another order: see :mod:`hellsrummy.rl.meetings`.)

>>> from hellsrummy import Extend, Meld, cards
>>> [step_name(s) for s in action_steps(Extend(9, cards("8H")))]
['next page', 'target 1', 'extend with 8H']
>>> steps = action_steps(Meld([cards("7H 7S 7D"), cards("9C 9D 2H")]))
>>> [step_name(s) for s in steps][2:5], step_name(steps[-1]), len(steps)
(['meld card 7S', 'next meld', 'meld card 2H'], 'commit', 8)
>>> steps_action(steps, seat=1) == Meld([cards("7H 7S 7D"), cards("9C 9D 2H")])
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hellsrummy.deck.cards import BY_INDEX, SUITS, Card, Rank
from hellsrummy.game.actions import (
    Action,
    CallRummy,
    Discard,
    Extend,
    Meld,
    Pass,
    SwapWildcard,
    Take,
)

__all__ = [
    "ACTION_SIZE",
    "CARDS",
    "COMMIT",
    "DECLINE",
    "DISCARD",
    "EXTEND",
    "MELD_CARD",
    "NEXT_MELD",
    "NEXT_PAGE",
    "PASS",
    "SWAP",
    "TAKE",
    "TARGET",
    "WINDOW",
    "Decline",
    "Move",
    "action_steps",
    "card_of",
    "step_name",
    "steps_action",
]

#: How many cards have an index: 7 suits of 13 ranks (``Card.index < CARDS``).
CARDS = len(SUITS) * len(Rank)
#: How many table melds one page shows: ``target i`` means meld ``page * WINDOW + i``.
WINDOW = 8

#: Take the discard.
TAKE = 0
#: Pass the discard.
PASS = 1
#: In a call turn: do not call Rummy.
DECLINE = 2
#: Close the meld being built and start the next one (a contract of several melds).
NEXT_MELD = 3
#: Lay down the melds built.
COMMIT = 4
#: Move the window of table melds on by ``WINDOW`` melds.
NEXT_PAGE = 5
#: ``TARGET + i``: target table meld ``page * WINDOW + i``.
TARGET = 6
#: ``DISCARD + c``: discard card ``c`` (in a call: give card ``c`` as the substitute).
DISCARD = TARGET + WINDOW
#: ``MELD_CARD + c``: add card ``c`` to the meld being built.
MELD_CARD = DISCARD + CARDS
#: ``EXTEND + c``: put card ``c`` on the targeted meld.
EXTEND = MELD_CARD + CARDS
#: ``SWAP + c``: put card ``c`` in the targeted meld in place of a wildcard.
SWAP = EXTEND + CARDS
#: The size of the ``Discrete`` action space.
ACTION_SIZE = SWAP + CARDS

_NAMES = {
    TAKE: "take",
    PASS: "pass",
    DECLINE: "decline",
    NEXT_MELD: "next meld",
    COMMIT: "commit",
    NEXT_PAGE: "next page",
}


@attrs.frozen
class Decline:
    """Not calling Rummy: the other choice of a call turn (not an action of the library).

    >>> str(Decline()), action_steps(Decline()) == (DECLINE,)
    ('decline', True)
    """

    def __str__(self) -> str:
        return "decline"


#: What a sequence of steps chooses: a game move, or declining to call.
Move = Action | Decline


def card_of(index: int) -> Card:
    """The card whose :attr:`hellsrummy.Card.index` is ``index``.

    >>> card_of(card("7H").index)
    card('7H')
    """
    if not 0 <= index < CARDS:
        raise ValueError(f"a card index is 0 to {CARDS - 1}, got {index}")
    return BY_INDEX[index]


def step_name(step: int) -> str:
    """A step id in words (the names of the table above).

    >>> step_name(TAKE), step_name(TARGET + 3), step_name(SWAP + card("7H").index)
    ('take', 'target 3', 'swap in 7H')
    """
    step = int(step)
    if step in _NAMES:
        return _NAMES[step]
    if TARGET <= step < DISCARD:
        return f"target {step - TARGET}"
    for start, name in (
        (DISCARD, "discard"),
        (MELD_CARD, "meld card"),
        (EXTEND, "extend with"),
        (SWAP, "swap in"),
    ):
        if start <= step < start + CARDS:
            return f"{name} {BY_INDEX[step - start]}"
    raise ValueError(f"a step id is 0 to {ACTION_SIZE - 1}, got {step}")


def _target(meld: int) -> tuple[int, ...]:
    return (NEXT_PAGE,) * (meld // WINDOW) + (TARGET + meld % WINDOW,)


def action_steps(move: Move) -> tuple[int, ...]:
    """The steps that choose ``move`` (see the module documentation).

    Only the atomic moves :func:`hellsrummy.legal_actions` lists have steps: an ``Extend``
    by several cards raises ``ValueError`` (it is a chain of one-card extensions).

    >>> action_steps(Take()), action_steps(Discard(card("KS"))) == (DISCARD + card("KS").index,)
    ((0,), True)
    >>> [step_name(s) for s in action_steps(CallRummy(2, card("9S"), 1, card("3D")))]
    ['target 1', 'extend with 9S', 'discard 3D']
    """
    if isinstance(move, Take):
        return (TAKE,)
    if isinstance(move, Pass):
        return (PASS,)
    if isinstance(move, Discard):
        return (DISCARD + move.card.index,)
    if isinstance(move, Meld):
        if not move.melds:
            raise ValueError("a Meld of no melds has no steps")
        steps: list[int] = []
        for meld in move.melds:
            steps += [MELD_CARD + c.index for c in meld]
            steps.append(NEXT_MELD)
        steps[-1] = COMMIT
        return tuple(steps)
    if isinstance(move, Extend):
        if len(move.cards) != 1:
            raise ValueError(f"only one-card extensions have steps, got {move}")
        return (*_target(move.meld), EXTEND + move.cards[0].index)
    if isinstance(move, SwapWildcard):
        return (*_target(move.meld), SWAP + move.card.index)
    if isinstance(move, CallRummy):
        play = (SWAP if move.swap else EXTEND) + move.card.index
        return (*_target(move.meld), play, DISCARD + move.substitute.index)
    if isinstance(move, Decline):
        return (DECLINE,)
    raise ValueError(f"{move} is not a game move (it has no steps)")


def steps_action(steps: Sequence[int], seat: int) -> Move:
    """The move a complete sequence of steps chooses; ``seat`` is the seat that chose it.

    The seat names the caller of a :class:`hellsrummy.CallRummy` (the only move that names
    one). Raises ``ValueError`` if the steps are not the steps of a move.

    >>> steps_action([TARGET + 2, SWAP + card("JD").index], seat=0)
    SwapWildcard(meld=2, card=card('JD'))
    >>> steps_action([TARGET + 0, EXTEND + card("8H").index, DISCARD + card("KS").index], seat=3)
    CallRummy(seat=3, card=card('8H'), meld=0, substitute=card('KS'), swap=False)
    """
    ids = [int(s) for s in steps]
    if not ids:
        raise ValueError("no steps")
    if len(ids) == 1 and ids[0] in (TAKE, PASS, DECLINE):
        return (Take(), Pass(), Decline())[ids[0]]
    if len(ids) == 1 and DISCARD <= ids[0] < DISCARD + CARDS:
        return Discard(BY_INDEX[ids[0] - DISCARD])
    if ids[0] in (NEXT_PAGE,) or TARGET <= ids[0] < DISCARD:
        return _targeted(ids, seat)
    if MELD_CARD <= ids[0] < MELD_CARD + CARDS and ids[-1] == COMMIT:
        melds: list[list[Card]] = [[]]
        for step in ids[:-1]:
            if step == NEXT_MELD and melds[-1]:
                melds.append([])
            elif MELD_CARD <= step < MELD_CARD + CARDS:
                melds[-1].append(BY_INDEX[step - MELD_CARD])
            else:
                raise ValueError(f"not the steps of a move: {ids}")
        if melds[-1]:
            return Meld(melds)
    raise ValueError(f"not the steps of a move: {ids}")


def _targeted(ids: list[int], seat: int) -> Move:
    """An extension, a swap or a call: pages, a target, a card, perhaps a substitute."""
    pages = 0
    while pages < len(ids) and ids[pages] == NEXT_PAGE:
        pages += 1
    rest = ids[pages:]
    if len(rest) not in (2, 3) or not TARGET <= rest[0] < DISCARD:
        raise ValueError(f"not the steps of a move: {ids}")
    meld = pages * WINDOW + rest[0] - TARGET
    play = rest[1]
    if EXTEND <= play < EXTEND + CARDS:
        swap, played = False, BY_INDEX[play - EXTEND]
    elif SWAP <= play < SWAP + CARDS:
        swap, played = True, BY_INDEX[play - SWAP]
    else:
        raise ValueError(f"not the steps of a move: {ids}")
    if len(rest) == 2:
        return SwapWildcard(meld, played) if swap else Extend(meld, (played,))
    if not DISCARD <= rest[2] < DISCARD + CARDS:
        raise ValueError(f"not the steps of a move: {ids}")
    return CallRummy(seat, played, meld, BY_INDEX[rest[2] - DISCARD], swap)
