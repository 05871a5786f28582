"""Asking bots for their moves: the one place every loop that plays bots goes through.

A loop that asks a bot for a move and applies it could be hung by a bot that keeps proposing
a move the rules refuse: under ``DiscardPolicy.PENALIZE`` a refused discard (a wildcard, a
rummy, a play-protection warning) costs its points and leaves the turn open, so the bot is
asked again, and again. :func:`bot_move` asks until a move is accepted and raises
:class:`hellsrummy.BotMoveError` once :data:`MAX_REFUSED_MOVES` of them were refused in one
decision; a move the rules refuse outright (an illegal move, or no action at all) raises it
at once, naming the seat, the bot and the refusal. :func:`bot_call` does the same for a
Rummy call. :func:`hellsrummy.play_game`, :func:`hellsrummy.simulate`,
:func:`hellsrummy.stream_results`, :func:`hellsrummy.finish_round` (so a search bot's
rollouts), :func:`hellsrummy.offer_calls`, :func:`hellsrummy.compare` and the environments of
:mod:`hellsrummy.rl` ask through here.

>>> from hellsrummy import Discard, GreedyBot, new_game
>>> state = new_game(3, seed=1)
>>> after, asked = bot_move(state, GreedyBot())
>>> asked, after.turns > state.turns or after.phase != state.phase
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hellsrummy.errors import BotMoveError, IllegalActionError, shown
from hellsrummy.game.state import GameState
from hellsrummy.play.engine import apply, verify
from hellsrummy.views.view import PlayerView, view

__all__ = [
    "MAX_REFUSED_MOVES",
    "bot_call",
    "bot_move",
    "checked_bots",
    "checked_move",
    "move_error",
]

_B = TypeVar("_B")

#: How many refused moves in a row one decision of a bot may make (each a discard the rules
#: refuse, penalised under ``DiscardPolicy.PENALIZE``) before :func:`bot_move` gives up.
MAX_REFUSED_MOVES = 20


def checked_bots(bots: Sequence[_B]) -> list[_B]:
    """The bots of a game, one per seat, checked before any is asked for a move.

    ``bots`` must be a sequence (not text) of at least one bot, each a callable of a view. A
    class is refused even though it is callable: called with a view it would make an
    instance, not a move (the duplicate-deal studies take bot classes, as factories of a
    seed; a game takes the bots themselves). Raises :class:`TypeError` naming the bot.

    >>> from hellsrummy import RandomBot
    >>> len(checked_bots([RandomBot(1), RandomBot(2), RandomBot(3)]))
    3
    >>> checked_bots([RandomBot(1), RandomBot, RandomBot(3)])
    Traceback (most recent call last):
    ...
    TypeError: bot 1 is the class RandomBot, not a bot: give an instance, such as RandomBot()
    """
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a sequence of bots, one per seat, got {shown(bots)}")
    if not bots:
        raise ValueError("a game needs at least one bot per seat, got none")
    for number, bot in enumerate(bots):
        if isinstance(bot, type):
            raise TypeError(
                f"bot {number} is the class {bot.__name__}, not a bot: give an instance,"
                f" such as {bot.__name__}()"
            )
        if not callable(bot):
            raise TypeError(f"bot {number} must be a bot (a callable of a view), got {shown(bot)}")
    return list(bots)


def move_error(
    seat: int, bot: object, action: object, error: ValueError, refused: int = 0
) -> BotMoveError:
    """The :class:`hellsrummy.BotMoveError` for ``bot``'s move ``action``, refused by ``error``.

    >>> from hellsrummy import IllegalActionError, Reason, Take
    >>> str(move_error(1, "MyBot()", Take(), IllegalActionError(Reason.WRONG_PHASE, "not now")))
    "seat 1's bot 'MyBot()' made an illegal move: take (wrong_phase: not now)"
    """
    reason = error.reason if isinstance(error, IllegalActionError) else None
    return BotMoveError(seat, shown(bot), action, reason, refused, str(error))


def bot_move(
    state: GameState, bot: Callable[[PlayerView], Any], *, limit: int = MAX_REFUSED_MOVES
) -> tuple[GameState, int]:
    """The state once the seat to act's ``bot`` has made a move, and how often it was asked.

    The bot is asked with the seat's view. A move the rules refuse but ``apply`` records (a
    penalised discard under ``DiscardPolicy.PENALIZE``: its points, a public event, the turn
    still open) is made, and the bot is asked again with the new view; after ``limit`` such
    moves in a row, :class:`hellsrummy.BotMoveError` is raised. An illegal move raises it
    at once. ``state`` is never changed.

    >>> from hellsrummy import Discard, Take, new_game
    >>> state = new_game(3, seed=1)
    >>> bot_move(state, lambda seen: Take())[1]
    1
    >>> bot_move(state, lambda seen: Discard(seen.hand[0]))   # not before taking or passing
    Traceback (most recent call last):
    ...
    hellsrummy.errors.BotMoveError: seat 1's bot <function <lambda> ...> made an illegal move: ...
    """
    seat = state.current
    refused = 0
    while True:
        action = bot(view(state, seat))
        try:
            after = apply(state, action)
        except ValueError as error:
            raise move_error(seat, bot, action, error, refused) from error
        if after.errors[seat] == state.errors[seat]:
            return after, refused + 1
        refused += 1
        if refused >= limit:
            why = verify(state, action)
            assert why is not None  # (apply penalised it)
            raise move_error(seat, bot, action, why, refused)
        state = after


def checked_move(state: GameState, seat: int, bot: object, action: Any) -> Any:
    """``action``, the move ``bot`` gave for ``seat``, if the rules accept it as it is.

    For a loop that cannot record a refused move (an environment whose steps are legal moves
    only): any refusal, a penalised discard included, raises :class:`hellsrummy.BotMoveError`.

    >>> from hellsrummy import Take, new_game
    >>> checked_move(new_game(3, seed=1), 1, "MyBot()", Take())
    Take()
    """
    try:
        error = verify(state, action)
    except ValueError as bad:
        raise move_error(seat, bot, action, bad) from bad
    if error is not None:
        raise move_error(seat, bot, action, error)
    return action


def bot_call(state: GameState, seat: int, bot: object, action: Any) -> GameState:
    """The state after ``seat``'s call ``action``, given by ``bot``; an illegal one raises.

    >>> from hellsrummy import CallRummy, card, new_game
    >>> bot_call(new_game(3, seed=1), 2, "MyBot()", CallRummy(2, card("7C"), 0, card("3D")))
    Traceback (most recent call last):
    ...
    hellsrummy.errors.BotMoveError: seat 2's bot 'MyBot()' made an illegal move: ...
    """
    try:
        return apply(state, action)
    except ValueError as error:
        raise move_error(seat, bot, action, error) from error
