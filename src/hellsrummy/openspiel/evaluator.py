"""An evaluator for OpenSpiel's MCTS and ISMCTS: the game played out by GreedyBots.

OpenSpiel's ``RandomRolloutEvaluator`` plays random steps to the end of the game; in Hell's
Rummy random play seldom goes out, so its returns say little. :class:`GreedyRolloutEvaluator`
finishes the move being built and any call turns with :class:`hellsrummy.GreedyBot`'s
choices, then plays the rest of the game (or of the round) with GreedyBots on the library's
engine, the stock shuffled by the evaluator's own random numbers, and returns what the game's
returns would be (see :meth:`hellsrummy.openspiel.Settings.utility`). It sees the whole state
it is given: under ISMCTS that state is a determinization, so it sees nothing the searching
seat may not.

>>> import numpy as np
>>> import pyspiel
>>> import hellsrummy.openspiel
>>> state = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6)").new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.legal_actions()[0])
>>> returns = GreedyRolloutEvaluator(random_state=np.random.RandomState(1)).evaluate(state)
>>> returns.shape, bool((returns <= 0).all())
((3,), True)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
from open_spiel.python.algorithms import mcts

from hellsrummy.errors import shown
from hellsrummy.game.actions import Extend
from hellsrummy.game.rules import DiscardPolicy
from hellsrummy.game.state import Phase
from hellsrummy.play.engine import next_round
from hellsrummy.players.asking import bot_move
from hellsrummy.players.bots import GreedyBot
from hellsrummy.players.simulation import offer_calls
from hellsrummy.rl.encoding import COMMIT, NEXT_MELD, Decline, Move, action_steps

from .node import CHANCE, Node

__all__ = ["HORIZONS", "GreedyRolloutEvaluator", "finish_move"]

#: How far a rollout plays: to the end of the game, or of the round under way.
HORIZONS = ("game", "round")

_GREEDY = GreedyBot()


def _steps_of(node: Node, move: Move) -> tuple[int, ...] | None:
    """The steps of ``move`` from ``node`` (after its prefix), if the builder allows them."""
    try:
        steps = action_steps(_one_card(move))
    except ValueError:
        return None
    prefix = node.prefix
    if steps[: len(prefix)] != prefix:
        return None
    builder = node.builder()
    made = None
    for step in steps[len(prefix) :]:
        if made is not None or step not in builder.allowed():
            return None
        builder, made = builder.branch(step)
    return steps[len(prefix) :] if made is not None else None


def finish_move(node: Node, move: Move) -> tuple[int, ...]:
    """The steps that finish ``move`` from ``node``, or as near a move as the steps allow.

    ``move`` is what a bot of the library chose for the seat to act (a multi-card extension
    is played one card at a time). When its steps do not follow the steps chosen so far (or
    the node builds its melds in another order), the node's
    :class:`hellsrummy.rl.MoveBuilder` is walked a step at a time, taking the move's steps
    where they are allowed (its cards before closing a meld) and the first allowed step
    otherwise, until a move is made.

    >>> from hellsrummy import Pass, new_game
    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> settings = settings_of({"players": 3})
    >>> finish_move(Node.of(settings, new_game(3, seed=1, rules=settings.rules)), Pass())
    (1,)
    """
    steps = _steps_of(node, move)
    if steps is not None:
        return steps
    try:
        wanted = Counter(action_steps(_one_card(move)))
    except ValueError:
        wanted = Counter()
    wanted.subtract(node.prefix)
    builder = node.builder()
    chosen: list[int] = []
    while True:  # every allowed step leads to a move: the walk ends with one
        allowed = builder.allowed()
        cards = [s for s in allowed if wanted[s] > 0 and s not in (NEXT_MELD, COMMIT)]
        others = [s for s in allowed if wanted[s] > 0]
        step = (cards or others or allowed)[0]
        wanted[step] -= 1
        chosen.append(step)
        builder, made = builder.branch(step)
        if made is not None:
            return tuple(chosen)


def _one_card(move: Move) -> Move:
    """``move``, or the first card of an extension by several cards."""
    if isinstance(move, Extend) and len(move.cards) > 1:
        return Extend(move.meld, move.cards[:1])
    return move


def _greedy_move(node: Node) -> Move:
    seat = node.player
    seen = node.view(seat)
    if node.call_turn:
        return _GREEDY.call(seen) or Decline()
    return _GREEDY(seen)


@attrs.define(eq=False)
class GreedyRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's ``Evaluator`` (``evaluate`` and ``prior``) by GreedyBot rollouts.

    ``rollouts`` games are played out per evaluation and their returns averaged;
    ``random_state`` (a ``numpy.random.RandomState``; a fresh one by default) shuffles the
    stock and seeds the deals to come; ``horizon`` is ``"game"`` (play every round left) or
    ``"round"`` (stop when the round under way ends and count the returns as if the game
    ended there: the same for a one-round game, far cheaper for a long one).

    >>> GreedyRolloutEvaluator(horizon="turn")
    Traceback (most recent call last):
    ...
    ValueError: horizon must be 'game' or 'round', got 'turn'
    """

    rollouts: int = 1
    random_state: Any = attrs.field(factory=np.random.RandomState)
    horizon: str = "game"

    def __attrs_post_init__(self) -> None:
        if self.horizon not in HORIZONS:
            raise ValueError(f"horizon must be 'game' or 'round', got {shown(self.horizon)}")
        if isinstance(self.rollouts, bool) or not isinstance(self.rollouts, int):
            raise ValueError(f"rollouts must be an int, got {shown(self.rollouts)}")
        if self.rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, got {self.rollouts}")

    def evaluate(self, state: Any) -> npt.NDArray[np.float64]:
        """The returns of ``state`` (a ``HellsRummyState``) averaged over the rollouts.

        >>> import pyspiel
        >>> from hellsrummy import new_game
        >>> game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=7,returns=win)")
        >>> state = game.state_from(new_game(3, seed=4, rules=game.rules))
        >>> value = GreedyRolloutEvaluator(random_state=np.random.RandomState(2)).evaluate(state)
        >>> float(value.sum()), sorted(value.tolist()) in ([-0.5, -0.5, 1.0], [-0.5, 0.25, 0.25])
        (0.0, True)
        """
        total = np.zeros(state.node.settings.players)
        for _ in range(self.rollouts):
            total += self._rollout(state.node)
        result: npt.NDArray[np.float64] = total / self.rollouts
        return result

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Every legal action equally likely (chance nodes: their outcomes).

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> len(GreedyRolloutEvaluator().prior(state))
        52
        """
        if state.is_chance_node():
            found: list[tuple[int, float]] = state.chance_outcomes()
            return found
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]

    def _rollout(self, node: Node) -> npt.NDArray[np.float64]:
        rng = self.random_state
        while not node.terminal:  # chance nodes, the move under way, call turns
            if node.player == CHANCE:
                outcomes = node.outcomes()
                pick = rng.choice(len(outcomes), p=[p for _, p in outcomes])
                node = node.chance(outcomes[pick][0])
            elif node.prefix or node.call_turn:
                for step in finish_move(node, _greedy_move(node)):
                    node = node.step(step)
            else:
                break
        game = node.game
        assert game is not None
        settings = node.settings
        if not node.terminal:
            order = rng.permutation(len(game.stock))
            stock = tuple(game.stock[i] for i in order)
            game = attrs.evolve(game, stock=stock, seed=rng.bytes(16))
            classic = game.rules.discard_policy is DiscardPolicy.CLASSIC
            bots = [_GREEDY] * settings.players
            while game.phase is not Phase.GAME_OVER:
                if game.phase is Phase.ROUND_OVER:
                    if self.horizon == "round":
                        break
                    game = next_round(game)
                    continue
                game, _ = bot_move(game, _GREEDY)
                if classic and game.discarder is not None:
                    game, _ = offer_calls(game, bots)
        return np.asarray(settings.utility(game, node.first), dtype=np.float64)
