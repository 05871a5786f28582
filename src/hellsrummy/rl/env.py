"""Hell's Rummy as a PettingZoo AEC environment: seats are agents, moves are chosen in steps.

:func:`env` makes the environment (wrapped in PettingZoo's ``OrderEnforcingWrapper``);
:class:`HellsRummyEnv` is the unwrapped class (``raw_env``). One episode is one whole game
(every round of ``Rules.schedule``; the next round is dealt at once).

* **Agents** are the seats: ``player_0`` ... ``player_{n-1}``, agent ``player_k`` sits in
  seat ``k``. The agent selected is the one whose decision it is.
* **Observations** are dicts: ``"observation"``, the seat's view encoded by
  :func:`hellsrummy.rl.encode` (``float32``, :data:`hellsrummy.rl.OBSERVATION_SIZE` values),
  and ``"action_mask"`` (``int8``, :data:`hellsrummy.rl.ACTION_SIZE` values; all zero for a
  seat that is not selected).
* **Actions** are step ids of ``Discrete(ACTION_SIZE)`` (:mod:`hellsrummy.rl.encoding`): a
  move of several steps keeps the same agent selected until its last step, and the mask
  allows exactly the steps that lead to a legal move (:class:`hellsrummy.rl.MoveBuilder`).
  A step the mask forbids raises ``ValueError``.
* **Calls** (``DiscardPolicy.CLASSIC``): while a bad discard waits for the next seat's
  decision, each other seat that may call Rummy on it gets a *call turn* of its own, in seat
  order after the deciding seat (the discarder excluded): its mask allows its calls and
  ``decline``. Then the deciding seat decides (take, pass, or a call of its own). After a
  call, the substitute is offered the same way.
* **Rewards** come when a round ends: each seat gets minus the points it scored in the round
  (so a game's return is minus the seat's final score: the lowest wins); with
  ``zero_sum=True``, the mean of the other seats' points minus its own.
* **Termination** when the game is over; **truncation** of every agent once ``max_cycles``
  steps have been taken in the episode (a cycle is one step of the selected agent).

>>> from hellsrummy.rl import env
>>> game = env(3, seed=7)
>>> game.reset()
>>> game.agent_selection, game.observe("player_1")["action_mask"][:2].tolist()
('player_1', [1, 1])
>>> game.step(0)   # take
>>> game.unwrapped.game.phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hellsrummy.deck.cards import format_cards
from hellsrummy.deck.shuffle import Seed, seed_bytes
from hellsrummy.errors import shown
from hellsrummy.game.rules import Rules
from hellsrummy.game.state import GameState, Phase, RoundResult
from hellsrummy.play.calls import next_call_turn
from hellsrummy.play.engine import apply, new_game, next_round
from hellsrummy.rl.builder import MoveBuilder
from hellsrummy.rl.encoding import ACTION_SIZE, NEXT_PAGE, Decline, Move, step_name
from hellsrummy.rl.observation import (
    HIGH,
    OBSERVATION_SIZE,
    SEATS,
    Turn,
    encode_steps,
    encode_view,
)
from hellsrummy.views.view import PlayerView, view

__all__ = ["HellsRummyEnv", "Observation", "env", "raw_env"]

#: An observation: ``{"observation": float32 vector, "action_mask": int8 vector}``.
Observation = dict[str, npt.NDArray[Any]]


class HellsRummyEnv(AECEnv[str, Observation, np.int64]):
    """The unwrapped environment (see the module documentation); :func:`env` wraps it.

    ``players`` is a number of seats or their names (as for :func:`hellsrummy.new_game`),
    ``rules`` the game's :class:`hellsrummy.Rules` (the standard rules by default), ``seed``
    the seed of the first game when :meth:`reset` is given none.

    >>> raw = HellsRummyEnv(["Ann", "Bob", "Cat"], seed=1, render_mode="ansi")
    >>> raw.reset()
    >>> raw.possible_agents, raw.agent_selection
    (['player_0', 'player_1', 'player_2'], 'player_1')
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "name": "hellsrummy_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int | Sequence[str] = 4,
        *,
        rules: Rules | None = None,
        seed: Seed | None = None,
        max_cycles: int = 100_000,
        render_mode: str | None = None,
        zero_sum: bool = False,
    ) -> None:
        self.rules = Rules() if rules is None else rules
        probe = new_game(players, seed=0, rules=self.rules)  # validates players and rules
        if probe.players > SEATS:
            raise ValueError(f"the environment has room for {SEATS} seats, got {probe.players}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {shown(render_mode)}")
        if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive int, got {shown(max_cycles)}")
        if seed is not None:
            seed_bytes(seed)  # validates the seed
        #: The names of the seats (those given, or the library's default names).
        self.names = probe.names
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.zero_sum = zero_sum
        self.possible_agents = [f"player_{seat}" for seat in range(probe.players)]
        self.agents = []
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, HIGH, (OBSERVATION_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_SIZE,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(ACTION_SIZE) for agent in self.possible_agents
        }
        self._seed: Seed | None = seed
        self._episode = -1
        self._state: GameState | None = None
        self._builder: MoveBuilder | None = None
        self._turn = Turn.WAIT
        self._declined: set[int] = set()
        self._cycles = 0
        self._observed: dict[str, Observation] = {}
        self._views: dict[tuple[int, int, Turn], npt.NDArray[np.float32]] = {}
        self._seen: PlayerView | None = None  # the view of the seat to act, while it stands

    # -- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object each time).

        >>> HellsRummyEnv(3).observation_space("player_0")["action_mask"].shape
        (378,)
        """
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[np.int64]:
        """The action space of ``agent``: ``Discrete(ACTION_SIZE)`` step ids.

        >>> HellsRummyEnv(3).action_space("player_2")
        Discrete(378)
        """
        return self._action_spaces[agent]

    def reset(self, seed: Seed | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: seeded with ``seed``, or the next game of the last seed's sequence.

        ``reset(seed=s)`` plays ``new_game(players, seed=s, rules=rules)`` (``s`` is any
        seed the library takes: an int, text or bytes); each later ``reset()`` plays the next
        game of that sequence (seeded from ``s`` and the number of resets since). Without any
        seed, the first game's seed is 128 random bits. ``options`` is ignored.

        >>> raw = HellsRummyEnv(3)
        >>> raw.reset(seed=5)
        >>> raw.game == new_game(3, seed=5)
        True
        """
        if seed is not None:
            seed_bytes(seed)
            self._seed, self._episode = seed, 0
        else:
            if self._seed is None:
                self._seed = secrets.randbits(128)
            self._episode += 1
        game_seed: Seed = self._seed
        if self._episode:
            game_seed = seed_bytes(self._seed) + f"/episode {self._episode}".encode()
        self._state = new_game(list(self.names), seed=game_seed, rules=self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._declined = set()
        self._cycles = 0
        self._observed.clear()
        self._views.clear()
        self._seen = None
        self._next_turn()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now: its encoded view and its action mask.

        >>> raw = HellsRummyEnv(3, seed=1)
        >>> raw.reset()
        >>> sorted(raw.observe("player_0")), int(raw.observe("player_0")["action_mask"].sum())
        (['action_mask', 'observation'], 0)
        """
        found = self._observed.get(agent)
        if found is not None:
            return found
        seat = self.possible_agents.index(agent)
        selected = (
            self._builder is not None and agent == self.agent_selection and agent in self.agents
        )
        builder = self._builder if selected else None
        steps = builder.prefix if builder is not None else ()
        key = (seat, steps.count(NEXT_PAGE), self._turn if builder is not None else Turn.WAIT)
        # While the game does not change (the steps of one move), neither does the view.
        seen = self._views.get(key)
        if seen is None:
            here = self._seen
            if here is None or here.seat != seat:
                here = view(self.game, seat)
            seen = self._views[key] = encode_view(here, key[1], key[2])
        observation = seen.copy()
        if steps:  # (no steps: the last segments of ``seen`` are zero, as they should be)
            encode_steps(observation, steps)
        mask = np.zeros(ACTION_SIZE, dtype=np.int8) if builder is None else builder.mask()
        found = {"observation": observation, "action_mask": mask}
        self._observed[agent] = found
        return found

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Take one step for the selected agent (``None`` for an agent that is done).

        >>> raw = HellsRummyEnv(3, seed=1)
        >>> raw.reset()
        >>> raw.step(1)   # seat 1 passes
        >>> raw.game.phase, raw.agent_selection
        (<Phase.PLAY: 'play'>, 'player_1')
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo's own step for an agent that is done (its only action is None).
            self._was_dead_step(action)  # type: ignore[arg-type]
            self._observed.clear()
            return
        if action is None:
            raise ValueError(f"{agent} is not done: its step must be an action id, not None")
        builder = self._builder
        assert builder is not None
        move = builder.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if move is not None:
            self._make(move)
        self._cycles += 1
        if self._cycles >= self.max_cycles and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
            self._builder = None
        self._observed.clear()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game as text for ``render_mode="ansi"`` (a warning and ``None`` without a mode).

        >>> raw = HellsRummyEnv(["Ann", "Bob", "Cat"], seed=1, render_mode="ansi")
        >>> raw.reset()
        >>> print(raw.render().splitlines()[0])
        round 1 of 5, difficulty 6 (Two Sets of 3), turn 0, cycle 0
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (try 'ansi')")
            return None
        return self._text()

    def close(self) -> None:
        """Nothing to release (text rendering only).

        >>> HellsRummyEnv(3).close()
        """

    # -- more than the PettingZoo API ---------------------------------------------------

    @property
    def game(self) -> GameState:
        """The game's state now (after :meth:`reset`).

        >>> raw = HellsRummyEnv(3, seed=1)
        >>> raw.reset()
        >>> raw.game.round
        0
        """
        if self._state is None:
            raise RuntimeError("the environment has no game before reset()")
        return self._state

    @property
    def builder(self) -> MoveBuilder | None:
        """The selected agent's moves and the steps it has chosen (``None`` when done).

        >>> raw = HellsRummyEnv(3, seed=1)
        >>> raw.reset()
        >>> list(raw.builder.moves())
        [Take(), Pass()]
        """
        return self._builder

    @property
    def turn(self) -> Turn:
        """What the selected agent is asked to do (``Turn.WAIT`` when the episode is over).

        >>> raw = HellsRummyEnv(3, seed=1)
        >>> raw.reset()
        >>> raw.turn
        <Turn.DECIDE: 'decide'>
        """
        return self._turn

    # -- inside -------------------------------------------------------------------------

    def _make(self, move: Move) -> None:
        """Make a completed move, score any round it ends and select the next agent."""
        seat = self.possible_agents.index(self.agent_selection)
        if isinstance(move, Decline):
            self._declined.add(seat)
        else:
            self._state = apply(self.game, move)
            self._declined = set()
            self._views.clear()
            self._seen = None
        state = self.game
        while state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self._score(state.results[-1])
            if state.phase is Phase.GAME_OVER:
                self.terminations = dict.fromkeys(self.agents, True)
                self._builder = None
                self._turn = Turn.WAIT
                return
            state = self._state = next_round(state)
            self._views.clear()
            self._seen = None
        self._next_turn()

    def _score(self, result: RoundResult) -> None:
        points = result.points
        others = max(1, len(points) - 1)
        for seat, agent in enumerate(self.possible_agents):
            reward = -float(points[seat])
            if self.zero_sum:
                reward += (sum(points) - points[seat]) / others
            self.rewards[agent] += reward

    def _next_turn(self) -> None:
        """Select the seat whose decision it is and list its moves."""
        state = self.game
        due = next_call_turn(state, self._declined)
        if due is not None:  # a call turn (see the module documentation)
            other, calls = due
            self._builder = MoveBuilder([*calls, Decline()])
            self._turn = Turn.CALL
            self.agent_selection = self.possible_agents[other]
            return
        seat = state.current
        seen = self._seen = view(state, seat)
        self._builder = MoveBuilder.of(seen)
        self._turn = Turn.DECIDE if state.phase is Phase.DECIDE else Turn.PLAY
        self.agent_selection = self.possible_agents[seat]

    def _text(self) -> str:
        state = self.game
        rules = state.rules
        lines = [
            f"round {state.round + 1} of {len(rules.schedule)}, difficulty {state.difficulty}"
            f" ({state.contract}), turn {state.turns}, cycle {self._cycles}"
        ]
        for seat, agent in enumerate(self.possible_agents):
            marks = [f"{len(state.hands[seat])} cards", f"score {state.scores[seat]}"]
            if state.met[seat]:
                marks.append("met")
            if state.left[seat]:
                marks.append("left")
            if agent == self.agent_selection and self._builder is not None:
                marks.append(f"<- {self._turn.value}")
            lines.append(f"  {agent} ({state.names[seat]}): " + ", ".join(marks))
        for number, meld in enumerate(state.melds):
            lines.append(f"  meld {number}: {meld} (player_{meld.owner})")
        discard = "none" if state.discard is None else str(state.discard)
        lines.append(f"  discard {discard}, stock {len(state.stock)}")
        if self._builder is not None:
            seat = self.possible_agents.index(self.agent_selection)
            lines.append(f"  {self.agent_selection} holds {format_cards(state.hands[seat])}")
            chosen = ", ".join(step_name(s) for s in self._builder.prefix) or "nothing yet"
            lines.append(f"  steps chosen: {chosen}")
        else:
            lines.append("  the game is over" if state.phase is Phase.GAME_OVER else "  truncated")
        return "\n".join(lines)


#: PettingZoo's name for the unwrapped environment class.
raw_env = HellsRummyEnv


def _passed_on(name: str) -> property:
    """An attribute of the wrapped environment, read through (once the game was reset)."""

    def read(self: _OrderEnforcing) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(read, doc=f"The wrapped environment's ``{name}`` (after ``reset``).")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[type-arg]
    """PettingZoo's ``OrderEnforcingWrapper``, reading what every step reads straight through.

    The wrapper finds these attributes through ``__getattr__`` after a failed lookup, eight
    times a step in PettingZoo's agent loop; here they are properties, with the same check
    (an ``AttributeError`` before ``reset``), and ``last`` asks the environment itself.
    """

    agents = _passed_on("agents")
    agent_selection = _passed_on("agent_selection")
    rewards = _passed_on("rewards")
    terminations = _passed_on("terminations")
    truncations = _passed_on("truncations")
    infos = _passed_on("infos")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        found: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return found


def env(
    players: int | Sequence[str] = 4,
    *,
    rules: Rules | None = None,
    seed: Seed | None = None,
    max_cycles: int = 100_000,
    render_mode: str | None = None,
    zero_sum: bool = False,
) -> AECEnv[str, Observation, np.int64]:
    """A Hell's Rummy environment, wrapped in PettingZoo's ``OrderEnforcingWrapper``.

    (A subclass of it that reads the attributes every step reads, and ``last``, straight
    through instead of through ``__getattr__``; the checks are the same.)

    The arguments are those of :class:`HellsRummyEnv`.

    >>> from hellsrummy import Rules, DiscardPolicy
    >>> game = env(5, rules=Rules(discard_policy=DiscardPolicy.CLASSIC), max_cycles=50)
    >>> game.reset(seed=3)
    >>> game.num_agents, str(game.unwrapped)
    (5, 'hellsrummy_v0')
    """
    raw = HellsRummyEnv(
        players,
        rules=rules,
        seed=seed,
        max_cycles=max_cycles,
        render_mode=render_mode,
        zero_sum=zero_sum,
    )
    wrapped: AECEnv[str, Observation, np.int64] = _OrderEnforcing(raw)
    return wrapped
