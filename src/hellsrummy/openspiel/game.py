"""The OpenSpiel game ``python_hellsrummy``: its type, its parameters, and its states.

:data:`GAME_TYPE` is what OpenSpiel registers (importing :mod:`hellsrummy.openspiel` does
it); :class:`HellsRummyGame` is the game, made by ``pyspiel.load_game`` from parameters
(:data:`hellsrummy.openspiel.parameters.DEFAULTS`). One game is every round of the
schedule. The game is sequential, with explicit chance (deals and draws) and imperfect
information; its returns come at the end (``returns="points"``: general-sum,
``returns="win"``: zero-sum).

>>> import pyspiel
>>> import hellsrummy.openspiel
>>> game = pyspiel.load_game("python_hellsrummy(players=5,max_turns=100)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(5, 378, 91)
>>> game.settings.rules.max_turns, game.get_type().utility
(100, <Utility.GENERAL_SUM: 2>)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pyspiel

from hellsrummy.game.rules import Rules
from hellsrummy.game.state import GameState
from hellsrummy.rl.encoding import ACTION_SIZE, CARDS
from hellsrummy.rl.observation import SEATS

from .node import Node
from .observer import HellsRummyObserver
from .parameters import DEFAULTS, Settings, settings_of
from .state import HellsRummyState

__all__ = ["GAME_NAME", "GAME_TYPE", "HellsRummyGame"]

#: The name the game is registered under: ``pyspiel.load_game("python_hellsrummy")``.
GAME_NAME = "python_hellsrummy"


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Python Hell's Rummy",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=SEATS,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


#: The game's type (general-sum: the default returns count points; a game with
#: ``returns="win"`` has the same type but zero-sum).
GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
_ZERO_SUM_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


class HellsRummyGame(pyspiel.Game):  # type: ignore[misc]
    """Hell's Rummy as an OpenSpiel game, made from its parameters ``params``.

    A bad parameter raises ``ValueError`` naming it. Load the game by name:
    ``pyspiel.load_game("python_hellsrummy(...)")``.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_hellsrummy", {"difficulty": 8, "returns": "win"})
    >>> print(str(game).replace(",", ", "))  # doctest: +NORMALIZE_WHITESPACE
    python_hellsrummy(difficulty=8, discard_policy=penalize, discard_taken_card=True,
    exact_contract_melds=False, expert=False, hand_size=9, max_turns=200, players=4,
    returns=win, scale=100, schedule=6 7 8 9 10, unwon=0)
    >>> game.min_utility(), game.max_utility(), game.utility_sum()
    (-0.3333333333333333, 1.0, 0.0)
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        settings = self._settings = settings_of(dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SIZE,
            max_chance_outcomes=CARDS,
            num_players=settings.players,
            min_utility=settings.min_utility,
            max_utility=settings.max_utility,
            utility_sum=settings.utility_sum,
            max_game_length=settings.max_game_length,
        )
        kind = GAME_TYPE if settings.returns == "points" else _ZERO_SUM_TYPE
        super().__init__(kind, info, settings.parameters())

    @property
    def settings(self) -> Settings:
        """The players, rules and returns the parameters say.

        (Read back from the parameters for a game that was unpickled: OpenSpiel makes it
        again by name, and the object unpickled holds none of this class's attributes.)

        >>> import pickle
        >>> import pyspiel
        >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
        >>> pickle.loads(pickle.dumps(game)).settings == game.settings
        True
        """
        try:
            found: Settings = self.__dict__["_settings"]
        except KeyError:
            found = self._settings = settings_of(self.get_parameters())
        return found

    @property
    def rules(self) -> Rules:
        """The rules of the game's tables.

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy(hand_size=7)").rules.hand_size
        7
        """
        return self.settings.rules

    def new_initial_state(self) -> HellsRummyState:
        """The start of a game: round 1 about to be dealt (a chance node).

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().is_chance_node()
        True
        """
        return HellsRummyState(self)

    def state_from(
        self, game_state: GameState, *, declined: Iterable[int] = (), bounded: bool = True
    ) -> HellsRummyState:
        """A state of this game at one of the library's states: a given deal, a position.

        ``game_state`` must be in a round (the phase ``DECIDE`` or ``PLAY``) and play this
        game's rules at its table size, no seat having left (for rules the parameters say,
        see :func:`hellsrummy.openspiel.parameters_of`); the game then goes on from there to
        the end of the schedule, and its points count from that round. ``declined`` names
        the seats that declined to call on the discard (``DiscardPolicy.CLASSIC``).
        ``bounded`` refuses a state from which a return could leave the game's bounds (discard
        errors, or hands bigger than the game's own rounds reach): the adapters, which only
        compare returns, pass ``False``. Its history (``state.history()``) starts there.

        >>> import pyspiel
        >>> from hellsrummy import new_game
        >>> game = pyspiel.load_game("python_hellsrummy(difficulty=7,players=4)")
        >>> state = game.state_from(new_game(4, seed="deal 1", rules=game.rules))
        >>> state.current_player(), [state.action_to_string(1, a) for a in state.legal_actions()]
        (1, ['take', 'pass'])
        """
        node = Node.of(self.settings, game_state, declined, bounded=bounded)
        return HellsRummyState(self, node)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> HellsRummyObserver:
        """The observer OpenSpiel asks for (see :mod:`hellsrummy.openspiel.observer`).

        >>> import pyspiel
        >>> observer = pyspiel.load_game("python_hellsrummy").make_py_observer()
        >>> observer.perfect_recall, "hand" in observer.dict
        (False, True)
        """
        return HellsRummyObserver(iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """A bound on the chance nodes of a game (each round's deal and its draws).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_hellsrummy(players=3,max_turns=10)")
        >>> game.max_chance_nodes_in_history(), game.max_game_length()
        (240, 3335)
        """
        return self.settings.max_chance_nodes
