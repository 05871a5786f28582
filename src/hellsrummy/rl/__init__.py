"""Hell's Rummy for reinforcement learning: a PettingZoo AEC environment (the ``rl`` extra).

Install the extra first: ``pip install "hellsrummy[rl]"`` (numpy, gymnasium and PettingZoo;
``import hellsrummy`` alone never imports them). The documentation's *Reinforcement
learning* page describes the observation, the action ids and the steps of a move.

* :func:`env` / :class:`HellsRummyEnv` (:mod:`hellsrummy.rl.env`): the environment;
* :mod:`hellsrummy.rl.encoding`: the step ids and the steps of every move
  (:func:`action_steps`, :func:`steps_action`);
* :class:`MoveBuilder` (:mod:`hellsrummy.rl.builder`): a position's masks, step by step
  (:mod:`hellsrummy.rl.meetings` works out the ways to meet the minimum a step at a time,
  :mod:`hellsrummy.rl.plays` a met seat's table plays and new melds);
* :func:`encode` and :data:`LAYOUT` (:mod:`hellsrummy.rl.observation`): the observation;
* :class:`HellsRummySingleEnv` (:mod:`hellsrummy.rl.single`): one seat against bots, as a
  Gymnasium environment, registered as ``"hellsrummy/HellsRummy-v0"`` on import;
* :class:`PolicyBot` (:mod:`hellsrummy.rl.policy`): a trained policy as a bot, for
  :func:`hellsrummy.compare` and :func:`hellsrummy.simulate`; :func:`masked_random`;
* :class:`LearnedBot` (:mod:`hellsrummy.rl.learned`): the shipped learned player, a value
  network over each candidate move (:mod:`hellsrummy.rl.features`), run in numpy.

>>> from hellsrummy.rl import ACTION_SIZE, OBSERVATION_SIZE, env
>>> game = env(4, seed="doc")
>>> game.reset()
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape == (OBSERVATION_SIZE,), int(observation["action_mask"].sum())
(True, 2)
>>> int(game.action_space(game.agent_selection).n) == ACTION_SIZE
True
"""

from __future__ import annotations

try:
    import gymnasium
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
from hellsrummy.rl.env import HellsRummyEnv, Observation, env, raw_env
from hellsrummy.rl.learned import LearnedAnalysis, LearnedBot, Network, load_network
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
from hellsrummy.rl.policy import MAX_MOVE_STEPS, Policy, PolicyBot, masked_random
from hellsrummy.rl.single import HellsRummySingleEnv

#: The Gymnasium id of :class:`HellsRummySingleEnv` (registered when this package is imported).
SINGLE_ID = "hellsrummy/HellsRummy-v0"
if SINGLE_ID not in gymnasium.registry:
    gymnasium.register(id=SINGLE_ID, entry_point="hellsrummy.rl.single:HellsRummySingleEnv")

__all__ = [
    "ACTION_SIZE",
    "CARDS",
    "COMMIT",
    "DECLINE",
    "DISCARD",
    "EXTEND",
    "HIGH",
    "LAYOUT",
    "MAX_MOVE_STEPS",
    "MELD_CARD",
    "NEXT_MELD",
    "NEXT_PAGE",
    "OBSERVATION_SIZE",
    "PASS",
    "SEATS",
    "SINGLE_ID",
    "SWAP",
    "TAKE",
    "TARGET",
    "WINDOW",
    "Decline",
    "HellsRummyEnv",
    "HellsRummySingleEnv",
    "LearnedAnalysis",
    "LearnedBot",
    "Move",
    "MoveBuilder",
    "Network",
    "Observation",
    "Policy",
    "PolicyBot",
    "Segment",
    "Turn",
    "action_steps",
    "card_of",
    "encode",
    "env",
    "load_network",
    "masked_random",
    "raw_env",
    "segment",
    "step_name",
    "steps_action",
]
