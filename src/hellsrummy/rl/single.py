"""Hell's Rummy as a single-seat Gymnasium environment: one learner against bots.

:class:`HellsRummySingleEnv` drives the AEC environment (:class:`hellsrummy.rl.HellsRummyEnv`)
for one seat, the *learner's*; the bots given as ``opponents`` play every other seat between
its steps. Importing :mod:`hellsrummy.rl` registers it with Gymnasium as
``"hellsrummy/HellsRummy-v0"``.

* **Episode**: one whole game (the AEC environment's episode).
* **Observation**: the learner's ``"observation"`` array of the AEC environment (``float32``,
  :data:`hellsrummy.rl.OBSERVATION_SIZE` values).
* **Action**: one step id of ``Discrete(ACTION_SIZE)``, as in the AEC environment; the steps
  allowed are ``info["action_mask"]`` and :meth:`HellsRummySingleEnv.action_masks`
  (sb3-contrib's ``MaskablePPO`` convention). A step the mask forbids changes nothing: the
  same observation comes back with reward 0 and ``info["illegal"]`` true (Gymnasium's env
  checker samples steps without the mask); with ``strict=True`` it raises ``ValueError``.
  ``max_cycles`` such steps in an episode truncate it.
* **Opponents**: a bot plays its seat's whole moves (``bot(view)``, see
  :class:`hellsrummy.Bot`); under ``DiscardPolicy.CLASSIC`` a bot's ``call`` method, where it
  has one (:class:`hellsrummy.CallingBot`), answers its call turns (``None`` declines) and is
  asked first when the bot decides on a discard it may call; a bot without one declines.
* **Reward** of a step: what the AEC environment gave the learner's seat since its last step:
  minus the points it scored in each round that ended (``zero_sum=True``: the mean of the
  other seats' points minus its own), so an episode's return is minus its final score.
* **Terminated** when the game is over; **truncated** when the AEC environment truncates
  (``max_cycles`` steps of all seats together).

>>> import gymnasium
>>> from hellsrummy.rl import ACTION_SIZE, OBSERVATION_SIZE
>>> single = gymnasium.make("hellsrummy/HellsRummy-v0")
>>> observation, info = single.reset(seed=1)
>>> observation.shape == (OBSERVATION_SIZE,), info["action_mask"].shape == (ACTION_SIZE,)
(True, True)
"""

from __future__ import annotations

import inspect
import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import Phase
from hellsrummy.play.calls import rummy_calls
from hellsrummy.players.asking import checked_move
from hellsrummy.players.bots import Bot, GreedyBot
from hellsrummy.rl.encoding import ACTION_SIZE, DECLINE, action_steps
from hellsrummy.rl.env import HellsRummyEnv
from hellsrummy.rl.observation import HIGH, OBSERVATION_SIZE, Turn
from hellsrummy.views.view import view

__all__ = ["HellsRummySingleEnv"]


class HellsRummySingleEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of Hell's Rummy as a Gymnasium environment (see the module documentation).

    ``opponents`` are the bots of the other seats, lowest seat first (three
    :class:`hellsrummy.GreedyBot` by default; the game has one seat more than there are
    opponents). An entry that is a class is a *factory*: each :meth:`reset` makes a
    new bot of it, ``cls(seed=...)`` when its constructor takes a ``seed`` (seeded from the
    game's seed and the seat), else ``cls()``. ``seat`` is the learner's seat; ``rules``,
    ``max_cycles``, ``render_mode`` and ``zero_sum`` are those of the AEC environment;
    ``strict=True`` makes a step the mask forbids raise ``ValueError``.

    >>> from hellsrummy import RandomBot
    >>> single = HellsRummySingleEnv(opponents=[RandomBot, RandomBot], seat=1)
    >>> observation, info = single.reset(seed=3)
    >>> int(info["action_mask"].sum()) > 0, single.aec.agent_selection
    (True, 'player_1')
    """

    # Gymnasium's class attribute (so RUF012 does not apply). render_fps: how often a recorder or
    # a viewer shows a frame; Gymnasium's checker asks for it even for text ("ansi").
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        opponents: Sequence[Bot | type] | None = None,
        *,
        rules: Rules | None = None,
        seat: int = 0,
        max_cycles: int = 100_000,
        render_mode: str | None = None,
        zero_sum: bool = False,
        strict: bool = False,
    ) -> None:
        if opponents is None:
            opponents = [GreedyBot()] * 3
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            raise TypeError(f"opponents must be a sequence of bots, got {shown(opponents)}")
        for bot in opponents:
            if not callable(bot):
                raise TypeError(f"an opponent must be a bot (a callable), got {shown(bot)}")
        if not opponents:
            raise ValueError("opponents must hold at least one bot")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {shown(seat)}")
        players = len(opponents) + 1
        if not 0 <= seat < players:
            raise ValueError(f"seat must be in range({players}) ({players} seats), got {seat}")
        #: The AEC environment the learner's seat and the bots play in.
        self.aec = HellsRummyEnv(
            players, rules=rules, max_cycles=max_cycles, render_mode=render_mode, zero_sum=zero_sum
        )
        #: The learner's seat.
        self.seat = seat
        self.render_mode = render_mode
        #: Whether a step the mask forbids raises ``ValueError`` (else it changes nothing).
        self.strict = strict
        self._illegal = 0
        self._agent = f"player_{seat}"
        # The opponents by seat (the learner's seat holds None).
        self._given: list[Bot | type | None] = [None] * players
        others = [place for place in range(players) if place != seat]
        for place, bot in zip(others, opponents, strict=True):
            self._given[place] = bot
        self._bots: list[Bot | None] = [None] * players
        self.observation_space = spaces.Box(0, HIGH, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(ACTION_SIZE)
        self._base: Seed | None = None
        self._episode = -1
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a game and play the bots' seats up to the learner's first step.

        ``reset(seed=s)`` plays the AEC environment's ``reset(seed=s)``; each later
        ``reset()`` the next game of that sequence (without any seed: 128 random bits).
        ``options`` is ignored.

        >>> single = HellsRummySingleEnv()
        >>> first, _ = single.reset(seed=9)
        >>> again, _ = single.reset(seed=9)
        >>> bool((first == again).all())
        True
        """
        super().reset(seed=seed)
        if seed is not None:
            self._base, self._episode = seed, 0
        else:
            if self._base is None:
                self._base = secrets.randbits(128)
            self._episode += 1
        game_seed: Seed = self._base
        if self._episode:
            game_seed = seed_bytes(self._base) + f"/episode {self._episode}".encode()
        for place, given in enumerate(self._given):
            self._bots[place] = None if given is None else _made(given, game_seed, place)
        self.aec.reset(seed=game_seed)
        self._done = False
        self._illegal = 0
        self._play_bots()  # (a tiny max_cycles may truncate the episode before the learner acts)
        self._done = self.aec.truncations[self._agent]
        return self._observation(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Take the learner's step, then let the bots play up to its next step.

        >>> single = HellsRummySingleEnv()
        >>> _, info = single.reset(seed=2)
        >>> step = int(info["action_mask"].argmax())
        >>> observation, reward, terminated, truncated, info = single.step(step)
        >>> reward, terminated, truncated
        (0.0, False, False)
        """
        if self._done:
            raise RuntimeError("the episode is over: call reset() before step()")
        aec = self.aec
        if aec.agent_selection != self._agent:  # pragma: no cover - _play_bots ensures it
            raise RuntimeError("it is not the learner's step")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"a step is an int id, got {shown(action)}")
        if not 0 <= action < ACTION_SIZE:
            raise ValueError(f"a step id is in range({ACTION_SIZE}), got {action}")
        if not self.strict and not aec.observe(self._agent)["action_mask"][action]:
            self._illegal += 1
            truncated = self._done = self._illegal >= aec.max_cycles
            info = self._info()
            info["illegal"] = True
            return self._observation(), 0.0, False, truncated, info
        aec.step(action)
        reward = aec.rewards[self._agent]
        reward += self._play_bots()
        terminated = aec.terminations[self._agent]
        truncated = aec.truncations[self._agent] and not terminated
        self._done = terminated or truncated
        return self._observation(), float(reward), terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The steps the learner may take now (sb3-contrib's ``MaskablePPO`` convention).

        >>> single = HellsRummySingleEnv()
        >>> _ = single.reset(seed=1)
        >>> single.action_masks().dtype, int(single.action_masks().sum()) > 0
        (dtype('bool'), True)
        """
        mask: npt.NDArray[np.bool_] = self.aec.observe(self._agent)["action_mask"].astype(bool)
        return mask

    def render(self) -> str | None:
        """The table as text for ``render_mode="ansi"`` (see :meth:`HellsRummyEnv.render`).

        >>> single = HellsRummySingleEnv(render_mode="ansi")
        >>> _ = single.reset(seed=1)
        >>> single.render().startswith("round 1 of")
        True
        """
        return self.aec.render()

    # -- inside -------------------------------------------------------------------------

    def _observation(self) -> npt.NDArray[np.float32]:
        found: npt.NDArray[np.float32] = self.aec.observe(self._agent)["observation"].copy()
        return found

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.aec.observe(self._agent)["action_mask"].copy(),
            "illegal": False,
        }

    def _play_bots(self) -> float:
        """Let the bots play until the learner's step or the episode's end; its reward."""
        aec = self.aec
        reward = 0.0
        while not (aec.terminations[self._agent] or aec.truncations[self._agent]):
            agent = aec.agent_selection
            if agent == self._agent:
                break
            place = aec.possible_agents.index(agent)
            for step in self._bot_steps(place):
                aec.step(step)
                reward += aec.rewards[self._agent]
                if aec.builder is None:  # game over or truncated
                    break
        return reward

    def _bot_steps(self, place: int) -> tuple[int, ...]:
        """The steps of the move the bot at ``place`` makes now."""
        bot = self._bots[place]
        assert bot is not None
        state = self.aec.game
        seen = view(state, place)
        ask = getattr(bot, "call", None)
        if self.aec.turn is Turn.CALL:
            called = None if ask is None else ask(seen)
            if called is None:
                return (DECLINE,)
            return action_steps(checked_move(state, place, bot, called))
        if (
            ask is not None
            and state.phase is Phase.DECIDE
            and state.discarder is not None
            and state.rules.discard_policy is DiscardPolicy.CLASSIC
            and rummy_calls(seen, place)
        ):
            called = ask(seen)
            if called is not None:
                return action_steps(checked_move(state, place, bot, called))
        # (The environment's steps make legal moves only: a move the rules refuse, a discard
        # they would penalise included, raises BotMoveError naming the seat and the bot.)
        return action_steps(checked_move(state, place, bot, bot(seen)))


def _made(given: Bot | type, game_seed: Seed, place: int) -> Bot:
    """The bot of a seat: ``given`` itself, or a new one when it is a class (a factory)."""
    if not isinstance(given, type):
        return given
    try:
        takes_seed = "seed" in inspect.signature(given).parameters
    except (TypeError, ValueError):  # pragma: no cover - a class without a signature
        takes_seed = False
    if takes_seed:
        made: Bot = given(seed=seed_bytes(game_seed) + f"/seat {place}".encode())
    else:
        made = given()
    return made
