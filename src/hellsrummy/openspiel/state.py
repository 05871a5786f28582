"""The OpenSpiel state of Hell's Rummy: a node of the game tree behind ``pyspiel.State``.

The node is a :class:`hellsrummy.openspiel.node.Node`.

Players are seats (``0 .. players - 1``); the chance player deals and draws cards (outcomes
are card indices, :attr:`hellsrummy.Card.index`); the other actions are the step ids of
:mod:`hellsrummy.rl.encoding`. ``action_to_string`` names a step (its card), and the step
that completes a move adds the move's notation. ``resample_from_infostate`` deals again
what the seat cannot see (:func:`hellsrummy.resample`), so OpenSpiel's ``ISMCTSBot`` can
search the game. A state pickles (OpenSpiel serializes the game and the node) once this
package is imported.

>>> import pyspiel
>>> import hellsrummy.openspiel
>>> state = pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state()
>>> state.current_player(), state.action_to_string(-1, 0)
(-1, 'deal 2C to seat 1')
>>> while state.is_chance_node():
...     state.apply_action(state.legal_actions()[0])
>>> [state.action_to_string(1, a) for a in state.legal_actions()]
['take', 'pass']
"""

from __future__ import annotations

from typing import Any

import pyspiel

from hellsrummy.deck.cards import BY_INDEX, format_cards, sort_cards
from hellsrummy.deck.shuffle import Seed
from hellsrummy.errors import shown
from hellsrummy.game.state import GameState
from hellsrummy.play.seats import next_seat
from hellsrummy.rl.encoding import ACTION_SIZE, Move, step_name
from hellsrummy.views.resampling import resample
from hellsrummy.views.view import PlayerView

from .node import CHANCE, Node
from .observer import observation_text

__all__ = ["HellsRummyState"]


class HellsRummyState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_hellsrummy``: ``node`` (a :class:`Node`) is all it holds.

    Made by the game (``game.new_initial_state()``, :meth:`HellsRummyGame.state_from`);
    ``clone()`` shares the node (nodes never change). Besides OpenSpiel's methods:
    :attr:`game_state`, :meth:`view`, :attr:`steps`, :attr:`call_turn`, :attr:`last_move`
    and :meth:`resampled`.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_hellsrummy(players=3)")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), state.game_state is None
    (True, True)
    """

    def __init__(self, game: Any, node: Node | None = None) -> None:
        super().__init__(game)
        #: The node of the game tree this state stands at.
        self.node: Node = Node.initial(game.settings) if node is None else node

    # -- OpenSpiel's interface ------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``.

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().current_player()
        -1
        """
        return self.node.player

    def _legal_actions(self, player: int) -> list[int]:
        """The steps the seat to act may choose, in increasing order."""
        return self.node.legal() if player == self.node.player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards a chance node may deal or draw, with their probabilities.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> state.chance_outcomes()[:2]
        [(0, 0.019230769230769232), (1, 0.019230769230769232)]
        """
        return self.node.outcomes()

    def _apply_action(self, action: int) -> None:
        """Deal or draw a card at a chance node, or take a step of the seat to act."""
        node = self.node
        self.node = node.chance(action) if node.player == CHANCE else node.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome or a step in words (a completed move adds its notation)."""
        node = self.node
        if player == CHANCE:
            return _outcome_text(node, action)
        if not 0 <= action < ACTION_SIZE:
            raise ValueError(f"an action is a step id 0 to {ACTION_SIZE - 1}, got {action}")
        name = step_name(action)
        move = node.made_by(action) if player == node.player else None
        if move is not None and str(move) != name:
            return f"{name}: {move}"
        return name

    def is_terminal(self) -> bool:
        """Whether the game is over.

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().is_terminal()
        False
        """
        return self.node.terminal

    def returns(self) -> list[float]:
        """Each seat's return: zero until the game is over (see the documentation's page).

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy(players=3)").new_initial_state().returns()
        [0.0, 0.0, 0.0]
        """
        node = self.node
        if not node.terminal:
            return [0.0] * node.settings.players
        assert node.game is not None
        return node.settings.utility(node.game, node.first)

    def __str__(self) -> str:
        node = self.node
        lines = [observation_text(node, max(node.player, 0), everyone=True, history=False)]
        if node.prefix:
            lines.append("steps " + ", ".join(step_name(s) for s in node.prefix))
        if node.drawn:
            lines.append("drawn " + format_cards(node.drawn))
        if node.game is not None and node.dealt is None:
            lines.append("stock " + format_cards(sort_cards(node.game.stock)))
        return "\n".join(lines)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HellsRummyState:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt again.

        ``probability_sampler()`` gives the randomness (numbers in ``[0, 1)``, as OpenSpiel's
        ``UniformProbabilitySampler``); :meth:`resampled` takes a seed instead.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[0])
        >>> sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
        >>> other = state.resample_from_infostate(1, sampler)
        >>> other.information_state_string(1) == state.information_state_string(1)
        True
        """
        seed = int(probability_sampler() * 2**52) * 2**52 + int(probability_sampler() * 2**52)
        return self.resampled(player_id, seed)

    # -- more than OpenSpiel's interface --------------------------------------------------

    @property
    def game_state(self) -> GameState | None:
        """The library's state (``None`` while round 1 is dealt).

        During a later deal it is the round that ended; while a pass waits for its cards, the
        state before the pass.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[-1])
        >>> state.game_state.phase
        <Phase.DECIDE: 'decide'>
        """
        return self.node.game

    @property
    def steps(self) -> tuple[int, ...]:
        """The steps the seat to act has chosen of the move it is building.

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().steps
        ()
        """
        return self.node.prefix

    @property
    def call_turn(self) -> bool:
        """Whether the seat to act answers a call turn (its Rummy calls, or ``decline``).

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().call_turn
        False
        """
        return self.node.call_turn

    @property
    def last_move(self) -> Move | None:
        """The last move made (a library action, or ``Decline()`` in a call turn).

        >>> import pyspiel
        >>> pyspiel.load_game("python_hellsrummy").new_initial_state().last_move is None
        True
        """
        return self.node.last

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees of the library's state (outside round 1's deal).

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[-1])
        >>> len(state.view(2).hand)
        9
        """
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"seat must be an int, got {shown(seat)}")
        if not 0 <= seat < self.node.settings.players:
            raise ValueError(f"seat must be 0 to {self.node.settings.players - 1}, got {seat}")
        return self.node.view(seat)

    def resampled(self, seat: int, seed: Seed) -> HellsRummyState:
        """A copy of this state with what ``seat`` cannot see dealt again from ``seed``.

        The other seats' hands and the stock are redealt from the cards ``seat`` has not
        seen (:func:`hellsrummy.resample`), so ``seat``'s information state is the same; a
        pass waiting for its cards draws them again, a deal under way deals the others' cards
        again. Reproducible from ``seed``.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_hellsrummy").new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.legal_actions()[-1])
        >>> other = state.resampled(1, seed=3)
        >>> other.information_state_string(1) == state.information_state_string(1)
        True
        >>> other.game_state.hands[2] == state.game_state.hands[2]
        False
        """
        node = self.node
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"seat must be an int, got {shown(seat)}")
        if not 0 <= seat < node.settings.players:
            raise ValueError(f"seat must be 0 to {node.settings.players - 1}, got {seat}")
        if node.dealt is not None:
            again = node.redealt(seat, seed)
        elif node.terminal:
            again = node
        else:
            again = node.resampled(seat, resample(node.view(seat), seed))
        copy: HellsRummyState = self.clone()
        copy.node = again
        return copy


def _outcome_text(node: Node, outcome: int) -> str:
    """A chance outcome in words: the card dealt or drawn, and where it goes."""
    if not 0 <= outcome < len(BY_INDEX):
        raise ValueError(f"a chance outcome is a card index, got {shown(outcome)}")
    drawn = BY_INDEX[outcome]
    settings = node.settings
    if node.dealt is not None:
        players, size = settings.players, settings.rules.hand_size
        place = len(node.dealt)
        if place == players * size:
            return f"turn up {drawn}"
        dealer = 0 if node.game is None else (node.game.dealer + 1) % players
        return f"deal {drawn} to seat {(dealer + 1 + place // size) % players}"
    if node.drawn is not None and node.game is not None:
        passer = node.game.current
        if not node.drawn:
            return f"the stock gives {drawn} to seat {next_seat(node.game.left, passer)}"
        return f"seat {passer} draws {drawn}"
    return f"card {drawn}"
