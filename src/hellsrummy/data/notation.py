"""Action notation: one line of text per action, the same as its ``str()``.

Every action has a one-line notation::

    take
    pass
    meld 7H 7S 7D / 9C 9D 9H
    extend 2 8H
    swap 1 7H
    discard KS
    protection 0 on
    leave 3
    rummy 2 8H extend 0 KS

Meld numbers and seats are counted from 0, as in the data. :func:`format_action` writes a line
and :func:`parse_action` reads one; :class:`hellsrummy.GameRecord`'s text form is a header and
these lines.

>>> parse_action(format_action(Discard(card("KS"))))
Discard(card=card('KS'))
"""

from __future__ import annotations

from hellsrummy.game.actions import Action
from hellsrummy.play.kinds import ACTION_KINDS, NotationLine

__all__ = ["format_action", "parse_action"]


def format_action(action: Action) -> str:
    """The one-line notation of an action (the same as ``str(action)``).

    >>> format_action(Meld([cards("7H 7S 7D"), cards("9C 9D 9H")]))
    'meld 7D 7H 7S / 9C 9D 9H'
    """
    return str(action)


# Each action's kind by the word its notation starts with, in the table's order.
_BY_WORD = {kind.word: kind for kind in ACTION_KINDS}


def parse_action(text: str) -> Action:
    """Read one action from its notation (case-insensitive; extra spaces are fine).

    The first word names the kind of action (its row of
    :data:`hellsrummy.play.kinds.ACTION_KINDS`), whose reader reads the rest. Raises
    :class:`ValueError` pointing at the bad word.

    >>> parse_action("meld 7h 7s 7d / 9c 9d 9h")
    Meld(melds=((card('7D'), card('7H'), card('7S')), (card('9C'), card('9D'), card('9H'))))
    >>> parse_action("extend 2 8H 2C")
    Extend(meld=2, cards=(card('2C'), card('8H')))
    >>> parse_action("swap one 7H")
    Traceback (most recent call last):
    ...
    ValueError: meld number must be a number at word 2 ('one') of 'swap one 7H'
    >>> parse_action("discard 7X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad card: unknown suit 'X' (...) at word 2 ('7X') of 'discard 7X'
    """
    if not isinstance(text, str):
        raise ValueError(f"an action must be text, got {type(text).__name__}")
    line = NotationLine(text)
    if not line.words:
        raise ValueError("an empty line is not an action")
    kind = _BY_WORD.get(line.verb)
    if kind is None:
        raise line.fail(0, f"unknown action (known: {', '.join(_BY_WORD)})")
    action: Action = kind.read(line)
    return action
