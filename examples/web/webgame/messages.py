"""What a seat's page may send, and how the server answers each message."""

from __future__ import annotations

import logging
from typing import Any

from hellsrummy import (
    FORMAT,
    Action,
    CallRummy,
    Extend,
    IllegalActionError,
    Leave,
    Meld,
    Pass,
    Phase,
    SetPlayProtection,
    SwapWildcard,
    Take,
    apply,
    from_dict,
    next_round,
    parse_action,
)

from .limits import BadInput, check_all_text, parse_json
from .options import Options
from .table import Table
from .texts import from_one, readable

log = logging.getLogger("hellsrummy.web")

KINDS = "action, notation, check, no_call, next_round or new_game"


def error(message: str, reason: str | None = None) -> dict[str, Any]:
    return {"type": "error", "message": message, "reason": reason}


def handle(
    table: Table, seat: int, raw: Any, options: Options, now: float
) -> dict[str, Any] | None:
    """Apply one message of ``seat``'s page: ``None`` if the table changed, else the reply.

    An error reply changes nothing: the state is immutable and replaced only on success.
    """
    if not isinstance(raw, str):
        return error("messages must be JSON text")
    try:
        data = parse_json(raw, options.max_message)
        check_all_text(data)
    except BadInput as problem:
        return error(f"bad message: {problem}")
    if not isinstance(data, dict):
        return error("messages must be JSON objects")
    if not table.seats[seat].token_ok(data.get("token")):
        return error("bad token: this page does not play the seat")
    try:
        return _dispatch(table, seat, data, now)
    except Exception:  # a message no check above foresaw: refused, nothing changed
        log.exception("message refused")
        return error("the server could not use that message; nothing changed")


def _dispatch(table: Table, seat: int, data: dict[str, Any], now: float) -> dict[str, Any] | None:
    kind = data.get("type")
    state = table.state
    if kind == "next_round":
        if state.phase is not Phase.ROUND_OVER:
            return error("the round is not over")
        table.state = next_round(state)
        return None
    if kind == "no_call":
        if not table.answer(seat):
            return error("there is no Rummy! call to answer")
        return None
    if kind == "new_game":
        if state.phase is not Phase.GAME_OVER:
            return error("the game is not over")
        table.new_game(now)
        return None
    if kind in ("action", "check"):
        given = data.get("action")
        if not isinstance(given, dict):
            return error('action must be a JSON object, such as {"action": "take"}')
        try:
            action = from_dict({**given, "format": FORMAT, "type": "action"})
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as problem:
            return error(f"bad action: {from_one(str(problem))[:300]}")
        if not isinstance(action, Action):
            return error("bad action")
    elif kind == "notation":
        given = data.get("text")
        if not isinstance(given, str):
            return error("notation must be text, such as 'discard KS'")
        try:
            action = parse_action(given)
        except ValueError as problem:
            return error(f"bad notation: {str(problem)[:300]}")
    else:
        return error(f"unknown message type (expected {KINDS})")
    if kind == "check":
        return _verdict(table, seat, action)
    refusal = _whose(table, seat, action, now)
    if refusal is not None:
        return refusal
    try:
        table.apply(action)
    except IllegalActionError as problem:
        return error(readable(problem), problem.reason.value)
    except ValueError as problem:
        return error(f"not allowed: {from_one(str(problem))[:300]}")
    return None


def _whose(table: Table, seat: int, action: Action, now: float) -> dict[str, Any] | None:
    """Why ``seat`` may not make ``action`` now (someone else's turn, a call window), or None."""
    state = table.state
    if isinstance(action, (SetPlayProtection, Leave, CallRummy)):
        if action.seat != seat:
            return error("you can only act for your own seat")
        return None
    if state.phase not in (Phase.DECIDE, Phase.PLAY) or state.current != seat:
        return error("it is not your turn")
    if isinstance(action, (Take, Pass)) and table.window_open(now):
        assert table.window_until is not None
        left = table.window_until - now
        return error(
            f"wait: Rummy! may be called on the discard for {left:.0f} more seconds,"
            " or until every person who may call has answered"
        )
    return None


def _verdict(table: Table, seat: int, action: Action) -> dict[str, Any]:
    """Whether a meld, extension or swap of ``seat`` would be accepted now, and why not."""
    if not isinstance(action, (Meld, Extend, SwapWildcard)):
        return error("only melds, extensions and swaps can be checked")
    state = table.state
    if state.current != seat or state.phase is not Phase.PLAY:
        return {"type": "verdict", "ok": False, "message": "not your turn to play", "reason": None}
    try:
        apply(state, action)
    except IllegalActionError as problem:
        return {
            "type": "verdict",
            "ok": False,
            "message": readable(problem),
            "reason": problem.reason.value,
        }
    return {"type": "verdict", "ok": True, "message": "The library accepts it.", "reason": None}
