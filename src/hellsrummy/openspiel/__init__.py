"""Hell's Rummy as an OpenSpiel game, ``python_hellsrummy`` (the ``openspiel`` extra).

Install the extra first: ``pip install "hellsrummy[openspiel]"`` (OpenSpiel's ``open_spiel``
and the ``rl`` extra; ``import hellsrummy`` alone never imports them). Importing this
package registers the game, so that ``pyspiel.load_game("python_hellsrummy")`` and
``pyspiel.load_game("python_hellsrummy(players=5)")`` work. The documentation's *OpenSpiel*
page describes the game: its parameters, how moves map to steps and shuffles to chance
nodes, the returns, ISMCTS on it, and the adapters.

* :class:`HellsRummyGame` (:mod:`hellsrummy.openspiel.game`) and :class:`HellsRummyState`
  (:mod:`hellsrummy.openspiel.state`), over a :class:`Node` of the game tree
  (:mod:`hellsrummy.openspiel.node`); the parameters, :func:`settings_of` and
  :func:`parameters_of` (:mod:`hellsrummy.openspiel.parameters`); the observer
  (:mod:`hellsrummy.openspiel.observer`);
* :class:`OpenSpielBot`: an OpenSpiel bot at the library's table; :class:`LibraryBot`: one
  of the library's bots in OpenSpiel; :func:`ismcts_bot` (:mod:`hellsrummy.openspiel.bots`);
* :class:`GreedyRolloutEvaluator`: an MCTS evaluator that plays the game out with
  GreedyBots (:mod:`hellsrummy.openspiel.evaluator`).

>>> import pyspiel
>>> import hellsrummy.openspiel
>>> game = pyspiel.load_game("python_hellsrummy(players=5)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players()
(True, 5)
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError(
        f"hellsrummy.openspiel needs {error.name or 'open_spiel'} (OpenSpiel), which the"
        ' openspiel extra installs: pip install "hellsrummy[openspiel]"'
    ) from error

import hellsrummy.rl  # noqa: F401  (its extra is part of this one: a clear error if missing)
from hellsrummy.openspiel.bots import LibraryBot, OpenSpielBot, ismcts_bot
from hellsrummy.openspiel.evaluator import GreedyRolloutEvaluator
from hellsrummy.openspiel.game import GAME_NAME, GAME_TYPE, HellsRummyGame
from hellsrummy.openspiel.node import Node
from hellsrummy.openspiel.observer import HellsRummyObserver
from hellsrummy.openspiel.parameters import DEFAULTS, Settings, parameters_of, settings_of
from hellsrummy.openspiel.state import HellsRummyState

if GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, HellsRummyGame)

__all__ = [
    "DEFAULTS",
    "GAME_NAME",
    "GAME_TYPE",
    "GreedyRolloutEvaluator",
    "HellsRummyGame",
    "HellsRummyObserver",
    "HellsRummyState",
    "LibraryBot",
    "Node",
    "OpenSpielBot",
    "Settings",
    "ismcts_bot",
    "parameters_of",
    "settings_of",
]
