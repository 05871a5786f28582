"""The kinds of action, in one table: :data:`ACTION_KINDS`, where everything done per kind is read.

Each row is an :class:`ActionKind`: the action's class (from :mod:`hellsrummy.game.actions`), the
word that starts its notation, an example line of that notation and a reader of it, its tag in
plain data, its checker and its transition (from :mod:`~hellsrummy.play.turns`,
:mod:`~hellsrummy.play.plays`, :mod:`~hellsrummy.play.discarding` for play protection and
:mod:`~hellsrummy.play.calls`), and whether any seat may take
it at any moment. What the library does differently for each kind is made from this table:

* the engine's dispatch, :data:`hellsrummy.play.engine.DISPATCH` (class to checker and transition);
* the ``"action"`` tags of :func:`hellsrummy.to_dict` and :func:`hellsrummy.from_dict`, and so
  the action branches of :func:`hellsrummy.json_schema`;
* the notation: :func:`hellsrummy.parse_action` finds the reader by the first word, and its
  messages show the known words and the kind's usage line;
* which actions :func:`hellsrummy.replay` plays while a round is over (``any_time``) rather
  than dealing the next round first.

So a new action is its class (whose ``str()`` writes its notation, starting with the row's
word), its checker and transition, and one row here; the ``Action`` union names the class too,
and the table must list the union's classes in its order (checked on import).

>>> extend = ACTION_KINDS[3]
>>> extend.cls.__name__, extend.word, extend.tag, extend.usage
('Extend', 'extend', 'extend', 'extend 2 8H')
>>> extend.read(NotationLine("extend 2 8h 2c"))
Extend(meld=2, cards=(card('2C'), card('8H')))
>>> extend.verify.__name__, extend.transition.__name__
('verify_extend', 'extend')
>>> [kind.word for kind in ACTION_KINDS if kind.any_time]
['protection', 'leave']
>>> all(kind.read(NotationLine(kind.usage)).__class__ is kind.cls for kind in ACTION_KINDS)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, get_args

import attrs

from hellsrummy.deck.cards import Card, card
from hellsrummy.errors import IllegalActionError, shown
from hellsrummy.game.actions import (
    Action,
    CallRummy,
    Discard,
    Extend,
    Leave,
    Meld,
    Pass,
    SetPlayProtection,
    SwapWildcard,
    Take,
)
from hellsrummy.game.state import GameState
from hellsrummy.play.calls import call_rummy, verify_call
from hellsrummy.play.discarding import set_protection, verify_protection
from hellsrummy.play.plays import extend, meld, swap, verify_extend, verify_meld, verify_swap
from hellsrummy.play.turns import (
    discard,
    leave,
    pass_,
    take,
    verify_discard,
    verify_leave,
    verify_pass,
    verify_take,
)

__all__ = ["ACTION_KINDS", "ActionKind", "NotationLine"]

A = TypeVar("A")


class NotationLine:
    """One line of action notation split into words, read word by word.

    A ``/`` is a word of its own. Every reading error is a ``ValueError`` that points at the
    bad word (counted from 1) and quotes the line.

    >>> line = NotationLine("swap one 7h")
    >>> line.words, line.verb, line.card(2)
    (['swap', 'one', '7h'], 'swap', card('7H'))
    >>> line.number(1, "meld number")
    Traceback (most recent call last):
    ...
    ValueError: meld number must be a number at word 2 ('one') of 'swap one 7h'
    """

    __slots__ = ("text", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = text.replace("/", " / ").split()

    @property
    def verb(self) -> str:
        """The first word, in lower case: the word of the action's kind.

        >>> NotationLine("  Take ").verb
        'take'
        """
        return self.words[0].lower()

    def fail(self, position: int, problem: str) -> ValueError:
        """The error for ``problem`` with the word at ``position`` (from 0).

        >>> NotationLine("leave x").fail(1, "seat must be a number")
        ValueError("seat must be a number at word 2 ('x') of 'leave x'")
        """
        word = shown(self.words[position])
        return ValueError(f"{problem} at word {position + 1} ({word}) of {shown(self.text)}")

    def _usage(self) -> str:
        return next(kind.usage for kind in ACTION_KINDS if kind.word == self.verb)

    def expect(self, count: int) -> None:
        """Raise ``ValueError`` with the kind's usage unless the line has ``count`` words.

        >>> NotationLine("take 1").expect(1)
        Traceback (most recent call last):
        ...
        ValueError: 'take' takes the form 'take', got 'take 1'
        """
        if len(self.words) != count:
            got = shown(self.text.strip())
            raise ValueError(f"{shown(self.verb)} takes the form {self._usage()!r}, got {got}")

    def lacks(self, what: str) -> ValueError:
        """The error for a line that lacks ``what``, with the kind's usage as the example.

        >>> NotationLine("meld").lacks("cards")
        ValueError("'meld' needs cards, e.g. 'meld 7H 7S 7D / 9C 9D 9H', got 'meld'")
        """
        got = shown(self.text.strip())
        return ValueError(f"{shown(self.verb)} needs {what}, e.g. {self._usage()!r}, got {got}")

    def card(self, position: int) -> Card:
        """The card written at ``position``.

        >>> NotationLine("discard 7X").card(1)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: bad card: unknown suit 'X' (...) at word 2 ('7X') of 'discard 7X'
        """
        try:
            return card(self.words[position])
        except ValueError as error:
            problem = str(error).split(": ", 1)[-1]
            raise self.fail(position, f"bad card: {problem}") from None

    def number(self, position: int, what: str) -> int:
        """The number written at ``position``; ``what`` it is names it in the error.

        >>> NotationLine("leave 3").number(1, "seat")
        3
        """
        token = self.words[position]
        if not token.isdigit():
            raise self.fail(position, f"{what} must be a number")
        return int(token)

    def choice(self, position: int, choices: tuple[str, ...], problem: str) -> str:
        """The word at ``position`` in lower case, which must be one of ``choices``.

        >>> NotationLine("protection 0 ON").choice(2, ("on", "off"), "'on' or 'off'")
        'on'
        """
        word = self.words[position].lower()
        if word not in choices:
            raise self.fail(position, problem)
        return word


@attrs.frozen
class ActionKind(Generic[A]):
    """One kind of action: its class, notation, tag in plain data, checker and transition.

    >>> kind = ACTION_KINDS[0]
    >>> kind.cls, kind.word, kind.tag, kind.read(NotationLine("take"))
    (<class 'hellsrummy.game.actions.Take'>, 'take', 'take', Take())
    """

    cls: type[A]
    """The action's class."""
    word: str
    """The first word of its notation (what the class's ``str()`` starts with)."""
    usage: str
    """An example line of its notation, shown when a line of this kind is malformed."""
    read: Callable[[NotationLine], A]
    """Reads a line of its notation (whose first word is ``word``)."""
    tag: str
    """Its tag in plain data: ``to_dict`` writes ``"action": tag``."""
    verify: Callable[[GameState, A], IllegalActionError | None]
    """Its checker: why the action is refused in a state, or ``None``."""
    transition: Callable[[GameState, A], GameState]
    """Its transition: the state after the (checked) action."""
    any_time: bool = False
    """Whether any seat may take it at any moment, while a round is over too."""

    @property
    def by_named_seat(self) -> bool:
        """Whether the seat the action names takes it (out of turn too), not the seat to act.

        >>> [kind.word for kind in ACTION_KINDS if kind.by_named_seat]
        ['protection', 'leave', 'rummy']
        """
        return "seat" in attrs.fields_dict(self.cls)  # type: ignore[arg-type]


# --- the readers of the notation: one per kind -------------------------------------------------


def _read_take(line: NotationLine) -> Take:
    line.expect(1)
    return Take()


def _read_pass(line: NotationLine) -> Pass:
    line.expect(1)
    return Pass()


def _read_meld(line: NotationLine) -> Meld:
    melds: list[list[Card]] = [[]]
    for k in range(1, len(line.words)):
        if line.words[k] == "/":
            if not melds[-1]:
                raise line.fail(k, "empty meld")
            melds.append([])
        else:
            melds[-1].append(line.card(k))
    if not melds[-1]:
        raise line.lacks("cards")
    return Meld(melds)


def _read_extend(line: NotationLine) -> Extend:
    if len(line.words) < 3:
        line.expect(3)
    number = line.number(1, "meld number")
    return Extend(number, [line.card(k) for k in range(2, len(line.words))])


def _read_swap(line: NotationLine) -> SwapWildcard:
    line.expect(3)
    return SwapWildcard(line.number(1, "meld number"), line.card(2))


def _read_discard(line: NotationLine) -> Discard:
    line.expect(2)
    return Discard(line.card(1))


def _read_protection(line: NotationLine) -> SetPlayProtection:
    line.expect(3)
    seat = line.number(1, "seat")
    switch = line.choice(2, ("on", "off"), "protection is 'on' or 'off'")
    return SetPlayProtection(seat, switch == "on")


def _read_leave(line: NotationLine) -> Leave:
    line.expect(2)
    return Leave(line.number(1, "seat"))


def _read_rummy(line: NotationLine) -> CallRummy:
    line.expect(6)
    how = line.choice(3, ("extend", "swap"), "a call plays by 'extend' or 'swap'")
    return CallRummy(
        seat=line.number(1, "seat"),
        card=line.card(2),
        meld=line.number(4, "meld number"),
        substitute=line.card(5),
        swap=how == "swap",
    )


# --- the table ----------------------------------------------------------------------------------

#: Every kind of action, in the order of the ``Action`` union (the order the notation's and the
#: data's messages list them in). See the module's description.
ACTION_KINDS: tuple[ActionKind[Any], ...] = (
    ActionKind(
        Take,
        word="take",
        usage="take",
        read=_read_take,
        tag="take",
        verify=verify_take,
        transition=take,
    ),
    ActionKind(
        Pass,
        word="pass",
        usage="pass",
        read=_read_pass,
        tag="pass",
        verify=verify_pass,
        transition=pass_,
    ),
    ActionKind(
        Meld,
        word="meld",
        usage="meld 7H 7S 7D / 9C 9D 9H",
        read=_read_meld,
        tag="meld",
        verify=verify_meld,
        transition=meld,
    ),
    ActionKind(
        Extend,
        word="extend",
        usage="extend 2 8H",
        read=_read_extend,
        tag="extend",
        verify=verify_extend,
        transition=extend,
    ),
    ActionKind(
        SwapWildcard,
        word="swap",
        usage="swap 1 7H",
        read=_read_swap,
        tag="swap",
        verify=verify_swap,
        transition=swap,
    ),
    ActionKind(
        Discard,
        word="discard",
        usage="discard KS",
        read=_read_discard,
        tag="discard",
        verify=verify_discard,
        transition=discard,
    ),
    ActionKind(
        SetPlayProtection,
        word="protection",
        usage="protection 0 on",
        read=_read_protection,
        tag="protection",
        verify=verify_protection,
        transition=set_protection,
        any_time=True,
    ),
    ActionKind(
        Leave,
        word="leave",
        usage="leave 3",
        read=_read_leave,
        tag="leave",
        verify=verify_leave,
        transition=leave,
        any_time=True,
    ),
    ActionKind(
        CallRummy,
        word="rummy",
        usage="rummy 2 8H extend 0 KS",
        read=_read_rummy,
        tag="rummy",
        verify=verify_call,
        transition=call_rummy,
    ),
)


def _check_kinds() -> None:
    """The table lists the ``Action`` union's classes in order, with distinct words and tags."""
    if tuple(kind.cls for kind in ACTION_KINDS) != get_args(Action):
        raise LookupError("ACTION_KINDS must list the classes of the Action union, in its order")
    for what in ("word", "tag"):
        names = [getattr(kind, what) for kind in ACTION_KINDS]
        if len(set(names)) != len(names):
            raise LookupError(f"two kinds of action share a {what}: {names}")


_check_kinds()
