"""Why an action is illegal: a machine-readable :class:`Reason` and :class:`IllegalActionError`.

It also holds ``shown``, the one way the library puts a caller's value in an error
message: bounded in size and depth, so that a hostile value cannot break the message.

>>> error = IllegalActionError(Reason.NOT_IN_HAND, "7C is not in seat 1's hand")
>>> isinstance(error, ValueError), error.reason, str(error)
(True, <Reason.NOT_IN_HAND: 'not_in_hand'>, "7C is not in seat 1's hand")
"""

from __future__ import annotations

import enum
import reprlib
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = [
    "BotMoveError",
    "IllegalActionError",
    "Reason",
    "instance_of",
    "non_negative",
    "optional_positive",
    "shown",
]


class Reason(enum.Enum):
    """Every reason an action can be refused, for programs to act on (messages are for people).

    >>> Reason.RUMMY_DISCARD.value
    'rummy_discard'
    """

    WRONG_PHASE = "wrong_phase"
    """The action does not fit the phase of the game (e.g. a discard before taking or passing)."""
    NOT_IN_HAND = "not_in_hand"
    """A card the action uses is not (or not that many times) in the player's hand."""
    NO_SUCH_MELD = "no_such_meld"
    """The meld number is not a meld on the table."""
    NO_SUCH_SEAT = "no_such_seat"
    """The seat number is not a seat of the game."""
    SEAT_LEFT = "seat_left"
    """The seat has left the game."""
    EMPTY_PLAY = "empty_play"
    """The action names no cards or no melds."""
    NOT_A_MELD = "not_a_meld"
    """Cards laid down or the result of an extension are not a valid meld."""
    MINIMUM_NOT_MET = "minimum_not_met"
    """Only meeting the minimum (or discarding) is open to a player who has not met it."""
    CONTRACT_NOT_FULFILLED = "contract_not_fulfilled"
    """The melds laid down do not fulfil the round's contract."""
    NO_WILDCARD = "no_wildcard"
    """A swap names a meld that holds no wildcard."""
    WILDCARD_SWAP = "wildcard_swap"
    """A swap must put a natural card, not a wildcard, into the meld."""
    BAD_SWAP = "bad_swap"
    """The meld would not be valid with the card in place of a wildcard."""
    WILDCARD_DISCARD = "wildcard_discard"
    """A wildcard may not be discarded while the hand holds a card that is not a rummy."""
    RUMMY_DISCARD = "rummy_discard"
    """A rummy may not be discarded while the hand holds a card that is not a rummy."""
    PLAY_REMAINS = "play_remains"
    """Play protection: a play remains, so the discard is refused with a warning."""
    TAKEN_CARD_DISCARD = "taken_card_discard"
    """The rules forbid discarding the card taken this turn."""
    EXPERT_MODE = "expert_mode"
    """Play protection cannot be switched on in expert mode."""
    OWN_TURN = "own_turn"
    """No longer given: since 0.2.0 a seat may leave at any moment, in its own turn too."""
    NOT_CLASSIC = "not_classic"
    """Calling Rummy belongs to ``DiscardPolicy.CLASSIC``; these rules have no calls."""
    CLASSIC_POLICY = "classic_policy"
    """Play protection does not exist under ``DiscardPolicy.CLASSIC``."""
    NOTHING_TO_CALL = "nothing_to_call"
    """No discard can be called now (it was turned up, or already taken or passed)."""
    NOT_THE_DISCARD = "not_the_discard"
    """A call names a card that is not the discard (it may have been replaced already)."""
    OWN_DISCARD = "own_discard"
    """A seat cannot call Rummy on its own discard."""
    NOT_TO_ACT = "not_to_act"
    """Checked from a seat's view: the seat is not the seat to act (only its out-of-turn
    actions are open to it: leaving, play protection, a Rummy call)."""

    @property
    def penalizable(self) -> bool:
        """Deprecated since 0.3.0: whether a discard refused for this reason is penalised.

        Under ``DiscardPolicy.PENALIZE`` the discard rules' verdict decides it, and says so on
        the error itself: ask :attr:`IllegalActionError.penalized` (or
        :attr:`hellsrummy.DiscardVerdict.penalized`). This property answers for the
        reasons that verdict penalises, and warns.

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore", DeprecationWarning)
        ...     Reason.PLAY_REMAINS.penalizable, Reason.TAKEN_CARD_DISCARD.penalizable
        (True, False)
        """
        warnings.warn(
            "Reason.penalizable is deprecated: ask IllegalActionError.penalized",
            DeprecationWarning,
            stacklevel=2,
        )
        return self in (Reason.WILDCARD_DISCARD, Reason.RUMMY_DISCARD, Reason.PLAY_REMAINS)


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state.

    ``reason`` is a :class:`Reason` for programs; the message names the problem for people.
    ``penalized`` is true for a discard that ``DiscardPolicy.PENALIZE`` charges instead of
    refusing (see :class:`hellsrummy.DiscardVerdict`): :func:`hellsrummy.apply` records it
    rather than raising it.

    >>> try:
    ...     raise IllegalActionError(Reason.NO_SUCH_MELD, "meld 4 does not exist")
    ... except ValueError as error:
    ...     print(error.reason.value, "-", error)
    no_such_meld - meld 4 does not exist
    """

    def __init__(self, reason: Reason, message: str, penalized: bool = False) -> None:
        super().__init__(message)
        self.reason = reason
        self.penalized = penalized

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled whole (a worker process's error reaches the caller with its reason).
        return (self.__class__, (self.reason, str(self), self.penalized))


class BotMoveError(ValueError):
    """A bot's move was refused: an illegal move, or too many refused moves in one decision.

    Every loop of the library that asks bots for their moves raises it (see
    :func:`hellsrummy.bot_move`), so that no bot can hang a game or a study: ``seat`` is the
    bot's seat, ``bot`` its ``repr`` (cut short), ``action`` the last move refused, ``reason``
    why (``None`` when it was not an action at all) and ``refused`` how many of its moves
    were refused in a row in this decision. ``where``, when given, says where in a study it
    happened. It pickles whole, so an error in a worker process reaches the caller.

    >>> import pickle
    >>> error = BotMoveError(2, "MyBot()", "discard 2C", Reason.WILDCARD_DISCARD, 20, "no")
    >>> print(error)  # doctest: +NORMALIZE_WHITESPACE
    seat 2's bot MyBot() made 20 refused moves in a row in one decision;
    the last: discard 2C (wildcard_discard: no)
    >>> again = pickle.loads(pickle.dumps(error))
    >>> (again.seat, again.reason, again.refused, str(again) == str(error))
    (2, <Reason.WILDCARD_DISCARD: 'wildcard_discard'>, 20, True)
    """

    def __init__(
        self,
        seat: int,
        bot: str,
        action: object,
        reason: Reason | None,
        refused: int,
        detail: str,
        where: str = "",
    ) -> None:
        self.seat = seat
        self.bot = bot
        self.action = action
        self.reason = reason
        self.refused = refused
        self.detail = detail
        self.where = where
        why = detail if reason is None else f"{reason.value}: {detail}"
        if refused:
            what = f"made {refused} refused moves in a row in one decision; the last:"
        else:
            what = "made an illegal move:"
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}seat {seat}'s bot {bot} {what} {action} ({why})")

    def __reduce__(self) -> tuple[Any, ...]:
        fields = (self.seat, self.bot, self.action, self.reason, self.refused, self.detail)
        return (self.__class__, (*fields, self.where))

    def at(self, where: str) -> BotMoveError:
        """The same error, saying where it happened (a study's deal, say).

        >>> print(BotMoveError(1, "B()", "take", None, 0, "no").at("deal 3"))
        deal 3: seat 1's bot B() made an illegal move: take (no)
        """
        fields = (self.seat, self.bot, self.action, self.reason, self.refused, self.detail)
        return BotMoveError(*fields, where)


class _BoundedRepr(reprlib.Repr):
    """``repr`` for error messages: the same text for ordinary values, bounded for others."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = self.maxdeque = 10
        self.maxdict = 6
        self.maxstring = 80
        self.maxother = 80
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # no str() of a huge int: it is slow or refused
            return f"<int of {x.bit_length()} bits>"
        return super().repr_int(x, level)

    def repr_bytes(self, x: bytes, level: int) -> str:
        text = repr(x[: self.maxstring])
        if len(x) > self.maxstring:
            text += f" (+{len(x) - self.maxstring} bytes)"
        return text

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = []
        for number, (key, value) in enumerate(x.items()):  # insertion order, as repr has it
            if number == self.maxdict:
                pieces.append("...")
                break
            pieces.append(f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}")
        return "{" + ", ".join(pieces) + "}"


_BOUNDED = _BoundedRepr()
_MAX_SHOWN = 300


def shown(value: object) -> str:
    """``value`` as an error message shows it: its ``repr`` if short, else a bounded one.

    Every validator of the library builds its message with this function, never with
    ``repr``: big or deeply nested values are cut short (``...``), a huge int is described by
    its size, and a ``repr`` that fails is replaced. It never raises.

    >>> shown("7X"), shown(12), shown([1, "a"])
    ("'7X'", '12', "[1, 'a']")
    >>> deep = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> shown(deep), shown("x" * 1000)[:12], shown(10**5000)
    ('[[[[...]]]]', "'xxxxxxxxxxx", '<int of 16610 bits>')
    """
    try:
        text = _BOUNDED.repr(value)
    except Exception:  # a broken __repr__, __len__ or __iter__: still a message
        return f"<{type(value).__name__} object>"
    if len(text) > _MAX_SHOWN:
        half = (_MAX_SHOWN - 3) // 2
        text = text[:half] + "..." + text[-half:]
    return text


def instance_of(kind: type[T]) -> Callable[[object, Any, T], None]:
    """An attrs validator like ``attrs.validators.instance_of``, its message made by ``shown``.

    It raises :class:`TypeError` naming the field.

    >>> import attrs
    >>> @attrs.frozen
    ... class Box:
    ...     label: str = attrs.field(validator=instance_of(str))
    >>> Box(7)
    Traceback (most recent call last):
    ...
    TypeError: label must be a str, got 7
    """

    def check(instance: object, attribute: Any, value: T) -> None:
        if not isinstance(value, kind):
            raise TypeError(f"{attribute.name} must be a {kind.__name__}, got {shown(value)}")

    return check


def non_negative(instance: object, attribute: Any, value: int) -> None:
    """An attrs validator: the field must be an int (not a bool) of at least 0.

    It raises :class:`ValueError` naming the field.

    >>> import attrs
    >>> @attrs.frozen
    ... class Box:
    ...     size: int = attrs.field(validator=non_negative)
    >>> Box(-1)
    Traceback (most recent call last):
    ...
    ValueError: size must be a non-negative int, got -1
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{attribute.name} must be a non-negative int, got {shown(value)}")


def optional_positive(instance: object, attribute: Any, value: Any) -> None:
    """An attrs validator: the field must be ``None`` or an int (not a bool) of at least 1.

    It raises :class:`ValueError` naming the field.

    >>> import attrs
    >>> @attrs.frozen
    ... class Cap:
    ...     most: int | None = attrs.field(default=None, validator=optional_positive)
    >>> Cap(0)
    Traceback (most recent call last):
    ...
    ValueError: most must be None or a positive int, got 0
    """
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{attribute.name} must be None or a positive int, got {shown(value)}")
