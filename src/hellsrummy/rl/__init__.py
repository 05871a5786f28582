"""Hell's Rummy for reinforcement learning (the ``rl`` extra).

Install the extra first: ``pip install "hellsrummy[rl]"`` (numpy, gymnasium and PettingZoo;
``import hellsrummy`` alone never imports them).

* :mod:`hellsrummy.rl.encoding`: the step ids and the steps of every move
  (:func:`action_steps`, :func:`steps_action`);
* :class:`MoveBuilder` (:mod:`hellsrummy.rl.builder`): a position's masks, step by step
  (:mod:`hellsrummy.rl.meetings` works out the ways to meet the minimum a step at a time);
* :func:`encode` and :data:`LAYOUT` (:mod:`hellsrummy.rl.observation`): the observation.

>>> from hellsrummy import Take
>>> from hellsrummy.rl import action_steps
>>> action_steps(Take())
(0,)
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"hellsrummy.rl needs {error.name or 'numpy, gymnasium and pettingzoo'}, which the"
        ' rl extra installs: pip install "hellsrummy[rl]"'
    ) from error

from hellsrummy.rl.builder import MoveBuilder
from hellsrummy.rl.encoding import (
    ACTION_SIZE,
    CARDS,
    COMMIT,
    DECLINE,
    DISCARD,
    EXTEND,
    MELD_CARD,
    NEXT_MELD,
    NEXT_PAGE,
    PASS,
    SWAP,
    TAKE,
    TARGET,
    WINDOW,
    Decline,
    Move,
    action_steps,
    card_of,
    step_name,
    steps_action,
)
from hellsrummy.rl.observation import (
    HIGH,
    LAYOUT,
    OBSERVATION_SIZE,
    SEATS,
    Segment,
    Turn,
    encode,
    segment,
)

__all__ = [
    "ACTION_SIZE",
    "CARDS",
    "COMMIT",
    "DECLINE",
    "DISCARD",
    "EXTEND",
    "HIGH",
    "LAYOUT",
    "MELD_CARD",
    "NEXT_MELD",
    "NEXT_PAGE",
    "OBSERVATION_SIZE",
    "PASS",
    "SEATS",
    "SWAP",
    "TAKE",
    "TARGET",
    "WINDOW",
    "Decline",
    "Move",
    "MoveBuilder",
    "Segment",
    "Turn",
    "action_steps",
    "card_of",
    "encode",
    "segment",
    "step_name",
    "steps_action",
]
