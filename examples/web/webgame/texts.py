"""What the server says to people: refusals, notices of what others did."""

from __future__ import annotations

import re

from hellsrummy import (
    DiscardErrorMade,
    Event,
    IllegalActionError,
    PlayProtectionWarning,
    Reason,
    RoundEnded,
    RummyCalled,
    SeatLeft,
)

#: Readable titles for the reasons an action is refused (the engine's message follows).
TITLES: dict[Reason, str] = {
    Reason.NOT_CLASSIC: "No Rummy calls at this table",
    Reason.WRONG_PHASE: "Not now",
    Reason.NOT_IN_HAND: "You do not hold that",
    Reason.NO_SUCH_MELD: "No such meld",
    Reason.NO_SUCH_SEAT: "No such seat",
    Reason.SEAT_LEFT: "That seat has left",
    Reason.EMPTY_PLAY: "Choose some cards first",
    Reason.NOT_A_MELD: "Not a meld",
    Reason.MINIMUM_NOT_MET: "Meet the minimum first",
    Reason.CONTRACT_NOT_FULFILLED: "That does not meet the round's contract",
    Reason.NO_WILDCARD: "That meld has no wildcard",
    Reason.WILDCARD_SWAP: "Swap in a natural card",
    Reason.BAD_SWAP: "That card cannot replace the wildcard",
    Reason.WILDCARD_DISCARD: "Discard error",
    Reason.RUMMY_DISCARD: "Discard error",
    Reason.PLAY_REMAINS: "Play protection",
    Reason.TAKEN_CARD_DISCARD: "You cannot discard the card you took",
    Reason.EXPERT_MODE: "No play protection in expert mode",
    Reason.CLASSIC_POLICY: "No play protection under these rules",
    Reason.OWN_TURN: "Not on your own turn",
    Reason.NOTHING_TO_CALL: "Nothing to call",
    Reason.NOT_THE_DISCARD: "That is not the discard",
    Reason.OWN_DISCARD: "Not on your own discard",
}

_MELD_NUMBER = re.compile(r"\bmeld (\d+)\b")


def from_one(message: str) -> str:
    """The engine's message with meld numbers counted from 1, as the page shows them."""
    return _MELD_NUMBER.sub(lambda found: f"meld {int(found.group(1)) + 1}", message)


def readable(error: IllegalActionError) -> str:
    """An ``IllegalActionError`` as a sentence for people (melds counted from 1)."""
    title = TITLES.get(error.reason, "Not allowed")
    return f"{title}: {from_one(str(error))}"


def notice(event: Event, seat: int, names: list[str]) -> str | None:
    """What ``seat`` is told of a public event others should hear about, or ``None``."""

    def who(number: int) -> str:
        return "You" if number == seat else names[number]

    if isinstance(event, DiscardErrorMade):
        if event.seat == seat:
            return (
                "Discard error! You may not discard a wildcard or a card that plays on the"
                f" table while you hold another card: {event.points} points were charged."
            )
        return f"Discard error by {who(event.seat)}: {event.points} points were charged."
    if isinstance(event, PlayProtectionWarning):
        if event.seat == seat:
            return (
                "Play protection: a play remains, so the discard was refused;"
                f" {event.points} points were charged, as for a discard error."
            )
        return f"Play protection warned {who(event.seat)}: {event.points} points were charged."
    if isinstance(event, RummyCalled):
        how = "swapping it for a wildcard of" if event.swap else "laying it on"
        return (
            f"Rummy! {who(event.seat)} called {event.card}, {how} meld {event.meld + 1},"
            f" and gave {event.substitute} as the discard."
        )
    if isinstance(event, SeatLeft):
        return f"{who(event.seat)} left the game."
    if isinstance(event, RoundEnded):
        if event.winner is None:
            return f"Round {event.round + 1} ended with no winner."
        return f"Round {event.round + 1} ended: {who(event.winner)} went out."
    return None
