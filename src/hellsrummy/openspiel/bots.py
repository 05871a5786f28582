"""Bots across the border: OpenSpiel's bots at the library's table, the library's in OpenSpiel.

* :class:`OpenSpielBot` is a bot of the library (``bot(view) -> action``, and ``call(view)``)
  that asks an OpenSpiel bot (a ``pyspiel.Bot``, OpenSpiel's ``ISMCTSBot`` say). It gets only
  its seat's :class:`hellsrummy.PlayerView`: it deals what the view hides at random
  (:func:`hellsrummy.resample`), starts the OpenSpiel game from there
  (:meth:`HellsRummyGame.state_from`) and lets the OpenSpiel bot choose the move's steps one
  at a time; the OpenSpiel bot never sees a hidden card (and ISMCTS deals them again for
  every simulation). It is built from a factory and a seed, so it pickles and
  :func:`hellsrummy.compare` can rank it: ``functools.partial(OpenSpielBot, make=...)``.
* :class:`LibraryBot` is a ``pyspiel.Bot`` that plays a bot of the library (GreedyBot,
  SearchBot, ...) in OpenSpiel: it asks the bot with the seat's view and gives its move's
  steps one at a time.
* :func:`ismcts_bot` makes OpenSpiel's ``ISMCTSBot`` for the game, reproducible from a seed.

>>> import functools
>>> from hellsrummy import GreedyBot, RandomBot, Rules, play_game
>>> bot = OpenSpielBot(seed=1, make=functools.partial(ismcts_bot, simulations=4))
>>> result = play_game([bot, GreedyBot(), RandomBot(2)], "doc", 0,
...                    rules=Rules(schedule=[6], max_turns=30))
>>> len(result.totals)
3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from hellsrummy.deck.shuffle import seed_bytes
from hellsrummy.errors import shown
from hellsrummy.game.actions import Action, CallRummy
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import Phase
from hellsrummy.play.calls import rummy_calls
from hellsrummy.play.engine import new_game  # noqa: F401  (the examples use it)
from hellsrummy.players.bots import Bot
from hellsrummy.players.simulation import SIMULATION_MAX_TURNS
from hellsrummy.rl.encoding import Decline, Move
from hellsrummy.views.resampling import resample
from hellsrummy.views.view import PlayerView

from .evaluator import GreedyRolloutEvaluator, finish_move
from .game import GAME_NAME
from .node import Node
from .parameters import Settings, parameters_of

__all__ = ["LibraryBot", "OpenSpielBot", "ismcts_bot"]

#: The most steps an OpenSpiel bot may take for one move (a move takes far fewer).
MAX_MOVE_STEPS = 1000


def _random_state(seed: int, stream: str) -> np.random.RandomState:
    words = np.frombuffer(seed_bytes(seed) + stream.encode(), dtype=np.uint8)
    return np.random.RandomState(np.random.SeedSequence(words.tolist()).generate_state(4))


def ismcts_bot(
    game: Any,
    seed: int,
    *,
    simulations: int = 100,
    uct_c: float = 2.0,
    evaluator: str = "greedy",
    rollouts: int = 1,
    horizon: str = "game",
) -> Any:
    """OpenSpiel's ``ISMCTSBot`` for ``game``, reproducible from ``seed``.

    ``simulations`` per step, exploration ``uct_c``; ``evaluator`` is ``"greedy"``
    (:class:`GreedyRolloutEvaluator`, ``rollouts`` and ``horizon`` passed on) or ``"random"``
    (OpenSpiel's ``RandomRolloutEvaluator``). Its random numbers (the tree's, the
    evaluator's and those of the determinizations, which it makes with
    :meth:`HellsRummyState.resampled`) come from ``seed``.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_hellsrummy(players=3,difficulty=6)")
    >>> bot = ismcts_bot(game, seed=1, simulations=8)
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> int(bot.step(state)) in state.legal_actions()
    True
    """
    if evaluator not in ("greedy", "random"):
        raise ValueError(f"evaluator must be 'greedy' or 'random', got {shown(evaluator)}")
    judge: Any
    if evaluator == "greedy":
        judge = GreedyRolloutEvaluator(rollouts, _random_state(seed, "evaluator"), horizon)
    else:
        judge = mcts.RandomRolloutEvaluator(rollouts, _random_state(seed, "evaluator"))
    tree = _random_state(seed, "tree")
    bot = ismcts.ISMCTSBot(game, judge, uct_c, simulations, random_state=tree)
    worlds = _random_state(seed, "worlds")
    bot.set_resampler(lambda state, seat: state.resampled(seat, int(worlds.randint(2**62))))
    return bot


def _check(seen: object) -> PlayerView:
    if not isinstance(seen, PlayerView):
        raise ValueError(f"a bot sees only a PlayerView, got {shown(seen)}")
    return seen


@attrs.frozen(slots=False)
class OpenSpielBot:
    """An OpenSpiel bot playing at the library's table (see the module documentation).

    ``make(game, seed)`` makes the OpenSpiel bot for an OpenSpiel game (once per game the
    table's rules call for; :func:`ismcts_bot` by default); ``seed`` makes it and the
    determinizations reproducible. ``returns``, ``unwon`` and ``scale`` are the parameters
    of the game it searches (see :data:`hellsrummy.openspiel.DEFAULTS`). A table without a
    turn cap is searched with ``SIMULATION_MAX_TURNS``. Pickles without its OpenSpiel bots.

    >>> import functools
    >>> from hellsrummy import new_game, view
    >>> bot = OpenSpielBot(seed=2, make=functools.partial(ismcts_bot, simulations=4))
    >>> state = new_game(4, seed=1, rules=Rules(max_turns=40))
    >>> str(bot(view(state, 1))) in ("take", "pass")
    True
    >>> OpenSpielBot(returns="money")
    Traceback (most recent call last):
    ...
    ValueError: returns must be 'points' or 'win', got 'money'
    """

    seed: int = 0
    make: Callable[[Any, int], Any] = attrs.field(
        default=ismcts_bot, validator=attrs.validators.is_callable()
    )
    returns: str = "points"
    unwon: int = 0
    scale: int = 100
    _bots: dict[tuple[Any, ...], tuple[Any, Any]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )

    def __attrs_post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be an int, got {shown(self.seed)}")
        Settings(3, Rules(max_turns=1), self.returns, self.unwon, self.scale)  # checks them

    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != "_bots"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "_bots", {})

    def __call__(self, seen: PlayerView) -> Action:
        """The move the OpenSpiel bot makes for the seat to act."""
        seen = _check(seen)
        if not seen.to_act:
            raise ValueError(f"seat {seen.seat} is not the seat to act")
        declined: list[int] = []
        if (
            seen.rules.discard_policy is DiscardPolicy.CLASSIC
            and seen.phase is Phase.DECIDE
            and seen.discarder is not None
        ):
            declined = [other for other in range(seen.players) if other != seen.seat]
        move = self._play(seen, declined, "move")
        assert not isinstance(move, Decline)  # (a decision's moves hold no decline)
        return move

    def call(self, seen: PlayerView) -> CallRummy | None:
        """The Rummy call the OpenSpiel bot makes on the discard, or ``None``.

        >>> from hellsrummy import new_game, view
        >>> OpenSpielBot().call(view(new_game(3, seed=1), 2)) is None   # no call open
        True
        """
        seen = _check(seen)
        if not rummy_calls(seen, seen.seat):
            return None
        declined: list[int] = []
        if seen.seat == seen.current:  # the deciding seat: its calls are among its moves
            declined = [other for other in range(seen.players) if other != seen.seat]
        else:
            for ahead in range(1, seen.players):
                other = (seen.current + ahead) % seen.players
                if other == seen.seat:
                    break
                declined.append(other)
        move = self._play(seen, declined, "call")
        return move if isinstance(move, CallRummy) else None

    def _play(self, seen: PlayerView, declined: list[int], kind: str) -> Move:
        label = f"{kind} round {seen.round} event {len(seen.log)} seat {seen.seat}"
        guess = resample(seen, seed_bytes(self.seed) + label.encode())
        rules = seen.rules
        if rules.max_turns is None:
            cap = max(SIMULATION_MAX_TURNS, seen.turns + 1)
            rules = attrs.evolve(rules, max_turns=cap)
            guess = attrs.evolve(guess, rules=rules)
        game, bot = self._bot(rules, seen.players)
        state = game.state_from(guess, declined=declined, bounded=False)
        if state.current_player() != seen.seat:  # pragma: no cover - a table's own order
            raise ValueError(f"the OpenSpiel game asks seat {state.current_player()} first")
        for _ in range(MAX_MOVE_STEPS):
            state.apply_action(int(bot.step(state)))
            if not state.steps:
                move: Move | None = state.last_move
                assert move is not None
                return move
        raise ValueError(f"the OpenSpiel bot took more than {MAX_MOVE_STEPS} steps for a move")

    def _bot(self, rules: Rules, players: int) -> tuple[Any, Any]:
        params = parameters_of(
            rules, players, returns=self.returns, unwon=self.unwon, scale=self.scale
        )
        key = tuple(sorted(params.items()))
        found = self._bots.get(key)
        if found is None:
            game = pyspiel.load_game(GAME_NAME, params)
            found = self._bots[key] = (game, self.make(game, self.seed))
        return found


class LibraryBot(pyspiel.Bot):  # type: ignore[misc]
    """A bot of the library (``bot(view) -> action``, perhaps ``call``) as a ``pyspiel.Bot``.

    ``step(state)`` asks ``bot`` with the view of the seat to act (in a call turn, its
    ``call``, declining when it has none or gives ``None``; a deciding seat with calls open
    is asked ``call`` first) and returns the first step of its move, then the next steps at
    the next calls. A move whose steps the state does not allow (after steps chosen by
    someone else) is replaced by the first move that finishes them.

    >>> import pyspiel
    >>> from hellsrummy import GreedyBot
    >>> state = pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.legal_actions()[0])
    >>> LibraryBot(GreedyBot()).step(state) in state.legal_actions()
    True
    """

    def __init__(self, bot: Bot) -> None:
        pyspiel.Bot.__init__(self)
        if not callable(bot):
            raise ValueError(f"bot must be a bot of the library, got {shown(bot)}")
        #: The library's bot that chooses the moves.
        self.bot = bot
        self._plan: tuple[tuple[Any, ...], tuple[int, ...]] = ((), ())

    def step(self, state: Any) -> int:
        """The next step of the move the bot chose for the seat to act.

        >>> import pyspiel
        >>> from hellsrummy import GreedyBot
        >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
        >>> state = game.state_from(new_game(3, seed=1, rules=game.rules))
        >>> state.action_to_string(1, LibraryBot(GreedyBot()).step(state))
        'pass'
        """
        node: Node = state.node
        if node.player < 0:
            raise ValueError("no seat acts at a chance or terminal node")
        key, planned = self._plan
        prefix = node.prefix
        here = (node.player, node.declined, node.game)
        same = len(key) == 3 and key[2] is node.game and key[:2] == here[:2]
        if not same or planned[: len(prefix)] != prefix or len(planned) <= len(prefix):
            planned = prefix + finish_move(node, self._choose(node))
            self._plan = (here, planned)
        return planned[len(prefix)]

    def _choose(self, node: Node) -> Move:
        seen = node.view(node.player)
        ask = getattr(self.bot, "call", None)
        if node.call_turn:
            called = ask(seen) if ask is not None else None
            return called if called is not None else Decline()
        if ask is not None and seen.phase is Phase.DECIDE and rummy_calls(seen, seen.seat):
            called = ask(seen)
            if called is not None:
                return called  # type: ignore[no-any-return]
        return self.bot(seen)

    def restart_at(self, state: Any) -> None:
        """Forget the move under way (the bot keeps nothing else between steps).

        >>> from hellsrummy import GreedyBot
        >>> LibraryBot(GreedyBot()).restart_at(None)
        """
        self._plan = ((), ())

    def restart(self) -> None:
        """Forget the move under way.

        >>> from hellsrummy import GreedyBot
        >>> LibraryBot(GreedyBot()).restart()
        """
        self._plan = ((), ())

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to do: the bot reads each state afresh.

        >>> from hellsrummy import GreedyBot
        >>> LibraryBot(GreedyBot()).inform_action(None, 0, 0)
        """

    def provides_policy(self) -> bool:
        """No: it gives a step, not a policy.

        >>> from hellsrummy import GreedyBot
        >>> LibraryBot(GreedyBot()).provides_policy()
        False
        """
        return False
