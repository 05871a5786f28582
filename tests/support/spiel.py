"""Playing OpenSpiel states of ``python_hellsrummy`` at random, for the tests of the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import hellsrummy.openspiel  # noqa: F401  (registers the game)


def chance(state: Any, rng: random.Random) -> None:
    """Apply a chance outcome drawn with its probability."""
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, probabilities)[0])


def walk(state: Any, rng: random.Random, *, steps: int | None = None) -> Iterator[Any]:
    """Play ``state`` at random (chance by its probabilities), yielding it before each action.

    Stops at the end of the game, or after ``steps`` decisions.
    """
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        yield state
        if state.is_chance_node():
            chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            taken += 1


def play_until(
    state: Any, rng: random.Random, found: Callable[[Any], bool], limit: int = 20_000
) -> Any:
    """Play at random until ``found(state)`` (a copy of that state), or fail."""
    for count, here in enumerate(walk(state, rng)):
        if found(here):
            return here.clone()
        if count > limit:
            break
    raise AssertionError("the state looked for was not reached")
