"""A game's history: the record of the game so far, read from the state itself.

Every :class:`hellsrummy.GameState` carries its game's event log; :func:`record_of` reads the
actions back from it, so any state a game reaches by play gives its own
:class:`hellsrummy.GameRecord`, which :func:`hellsrummy.replay` plays back to it.

>>> state = apply(new_game(3, seed=1), Pass())
>>> record_of(state).actions
(Pass(),)
"""

from __future__ import annotations

import re
from typing import Any

from hellsrummy.data.readers import Reader
from hellsrummy.data.records import GameRecord
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
from hellsrummy.game.events import (
    Discarded,
    DiscardErrorMade,
    Event,
    Extended,
    Melded,
    Passed,
    PlayProtectionChanged,
    PlayProtectionWarning,
    RoundStarted,
    RummyCalled,
    SeatLeft,
    Swapped,
    Took,
)
from hellsrummy.game.state import GameState

__all__ = ["read_record", "record_data", "record_of"]


# --- the record of a game so far --------------------------------------------------------------


def _action_of(event: Event) -> Action | None:
    """The action an event of the log records, or ``None`` for an event no action made."""
    if isinstance(event, Took):
        return Take()
    if isinstance(event, Passed):
        return Pass()
    if isinstance(event, Discarded):
        return Discard(event.card)
    if isinstance(event, Melded):
        return Meld(event.melds)
    if isinstance(event, Extended):
        return Extend(event.meld, event.cards)
    if isinstance(event, Swapped):
        return SwapWildcard(event.meld, event.card)
    if isinstance(event, (DiscardErrorMade, PlayProtectionWarning)):
        if event.card is None:
            raise ValueError(
                f"the log does not say which card seat {event.seat} tried to discard ({event}):"
                " a seat's view, a state made from one (resample, state_from_view) or a state"
                " read from format 3 or older has no record"
            )
        return Discard(event.card)
    if isinstance(event, PlayProtectionChanged):
        return SetPlayProtection(event.seat, event.on)
    if isinstance(event, SeatLeft):
        return Leave(event.seat)
    if isinstance(event, RummyCalled):
        return CallRummy(event.seat, event.card, event.meld, event.substitute, event.swap)
    return None  # a deal, a refill, a discard turned up, a round's end: no seat's action


def record_of(state: GameState) -> GameRecord:
    """The record of the game so far: what :func:`replay` plays back to ``state`` itself.

    Like python-chess's ``board.move_stack`` or OpenSpiel's ``state.history()``: the players,
    the seed (and the fixed deal, if the game had one), the rules, and every action in order,
    refused discards that cost a penalty, table actions (play protection, leaving) and Rummy
    calls included, with where each next round was dealt. It is read from the state's event
    log, which every state carries, so keeping it costs the engine nothing; writing it takes
    time in proportion to the game's length. ``replay(record_of(state)) == state`` holds for
    every state a game reaches by play from :func:`hellsrummy.new_game`, and for such a state
    written with :func:`hellsrummy.to_dict` (format 4) and read back. Save it with
    :meth:`GameRecord.to_text` or :meth:`GameRecord.to_dict`.

    A state made from a seat's view (:func:`hellsrummy.resample`, ``state_from_view``) holds
    the real game's public log but made-up hidden cards and a made-up seed: it is no game's
    history. Its record raises :class:`ValueError` when the log hides a refused discard's
    card, and otherwise replays to a different game (or fails to replay); so does a state read
    from format 3 or older, whose log did not keep refused discards' cards. The OpenSpiel game
    (:mod:`hellsrummy.openspiel`) chooses its deals and draws at chance nodes, not from its
    seed: the record of one of its states holds the actions, but need not replay.

    >>> state = new_game(["Ann", "Bob", "Cat"], seed=7)
    >>> for text in ["take", "discard KD"]:
    ...     state = apply(state, parse_action(text))
    >>> record = record_of(state)
    >>> print(record.to_text())
    # hellsrummy record 4
    players: Ann, Bob, Cat
    seed: 7
    ---
    take
    discard KD
    >>> replay(record) == state
    True
    >>> record_of(view(state, 0))
    Traceback (most recent call last):
    ...
    ValueError: state must be a GameState (a view holds no seed nor hidden cards), got PlayerView
    """
    if not isinstance(state, GameState):
        raise ValueError(
            "state must be a GameState (a view holds no seed nor hidden cards), got"
            f" {type(state).__name__}"
        )
    actions: list[Action] = []
    dealt: list[int] = []
    started = False
    for event in state.log:
        if isinstance(event, RoundStarted):
            if started:
                dealt.append(len(actions))
            started = True
            continue
        action = _action_of(event)
        if action is not None:
            actions.append(action)
    return GameRecord(
        players=state.names,
        seed=state.seed,
        rules=state.rules,
        deal=state.deal,
        actions=actions,
        dealt=dealt,
    )


def record_data(record: GameRecord | None) -> dict[str, Any] | None:
    """A kept record as plain data (its :meth:`GameRecord.to_dict`), or ``None``.

    What the results of simulations and studies write for the record they keep on request
    (``history=True``).

    >>> from hellsrummy.data.history import record_data
    >>> record_data(None), record_data(GameRecord(players=("A", "B", "C"), seed=1))["type"]
    (None, 'record')
    """
    return None if record is None else record.to_dict()


def read_record(data: Reader | None) -> GameRecord | None:
    """Read back what :func:`record_data` wrote, at its path; a missing key is ``None``.

    >>> from hellsrummy.data.history import read_record
    >>> from hellsrummy.data.readers import Reader
    >>> record = GameRecord(players=("A", "B", "C"), seed=1)
    >>> read_record(Reader(record.to_dict(), "record")) == record
    True
    >>> read_record(Reader({"type": "record", "format": 4}, "rounds[0].record"))
    Traceback (most recent call last):
    ...
    ValueError: rounds[0].record.players: must be a list of names
    >>> read_record(Reader(5, "record"))
    Traceback (most recent call last):
    ...
    ValueError: record: a record must be an object, got int
    """
    if data is None or data.value is None:
        return None
    try:
        return GameRecord.from_dict(data.value)
    except ValueError as error:
        message = str(error)  # "actions[0]: ..." goes on the path; a sentence follows a colon
        joiner = "." if _AT_A_FIELD.match(message) else ": "
        raise ValueError(f"{data.path}{joiner}{message}") from None


# A message that starts with the path of a field of the record: ``actions[0].cards: ...``.
_AT_A_FIELD = re.compile(r"^[A-Za-z_]\w*(\[\d+\])*(\.[A-Za-z_]\w*(\[\d+\])*)*: ")
