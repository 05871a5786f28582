"""Automated players: pure functions of a :class:`hellsrummy.PlayerView`, as fair as a person.

A bot sees exactly what its seat may see — the type says so: its only input is a
:class:`hellsrummy.PlayerView`, never a :class:`hellsrummy.GameState` — and returns one of the
actions that view allows. Like the online game's automated players, ours "don't know what
cards any player is holding, or what cards are in the deck".

* :class:`RandomBot` picks uniformly among the legal moves, reproducibly from its seed.
* :class:`GreedyBot` takes the discard when it helps, meets the minimum as soon as it can,
  then plays every card it can, never makes a discard error, and throws away the card with the
  highest penalty that it is least likely to use. Under the classic discard policy it calls
  Rummy whenever it can and never discards a rummy or a wildcard on purpose.

Under ``DiscardPolicy.CLASSIC`` a bot may also answer "do you call?": a :class:`CallingBot`
has a ``call(view)`` method returning a :class:`hellsrummy.CallRummy` or ``None``;
:func:`hellsrummy.play_game` offers each bad discard to the seats in order after the
discarder. A bot without ``call`` never calls, so every bot written before keeps working.

>>> state = new_game(4, seed="bots")
>>> bot = GreedyBot()
>>> action = bot(view(state, state.current))
>>> action in legal_actions(state)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

from hellsrummy.deck.shuffle import Seed, check_seed, random_stream
from hellsrummy.game.actions import Action, CallRummy, Discard, Pass, Take
from hellsrummy.moves.listing import (
    legal_actions,
)
from hellsrummy.play.calls import is_bad_discard, rummy_calls
from hellsrummy.players.greedy import Kinship, greedy_move
from hellsrummy.views.view import PlayerView

__all__ = ["Bot", "CallingBot", "GreedyBot", "RandomBot"]


class Bot(Protocol):
    """Anything that chooses an action from a view: ``bot(view) -> action``.

    >>> def always_pass(seen: PlayerView) -> Action:
    ...     return Pass() if seen.phase is Phase.DECIDE else next(iter(legal_actions(seen)))
    >>> bot: Bot = always_pass
    >>> bot(view(new_game(3, seed=1), 1))
    Pass()
    """

    def __call__(self, seen: PlayerView) -> Action:
        """The action to take; ``seen`` is the view of the seat to act."""
        ...


class CallingBot(Bot, Protocol):
    """A bot that may also call Rummy on a bad discard (``DiscardPolicy.CLASSIC``).

    ``call(view)`` is asked, with the view of a seat that may call, whether that seat calls;
    it returns one of the view's calls (:func:`hellsrummy.rummy_calls`) or ``None``.

    >>> bot: CallingBot = GreedyBot()
    >>> bot.call(view(new_game(3, seed=1), 2)) is None
    True
    """

    def call(self, seen: PlayerView) -> CallRummy | None:
        """The call this seat makes now, or ``None``."""
        ...


_TAKE = Take()
_PASS = Pass()


def _check(seen: PlayerView) -> None:
    """Refuse anything but the view of the seat to act."""
    if not isinstance(seen, PlayerView):
        raise ValueError(f"a bot sees only a PlayerView, got {type(seen).__name__}")
    if not seen.to_act:
        raise ValueError(f"seat {seen.seat} is not the seat to act")


@attrs.frozen
class RandomBot:
    """Chooses uniformly among the legal moves.

    Its choice is a pure function of its ``seed`` and the view (the game's round, the number
    of public events and the seat), so a game between random bots replays exactly.

    >>> state = new_game(3, seed=1)
    >>> RandomBot(seed=5)(view(state, 1)) == RandomBot(seed=5)(view(state, 1))
    True
    """

    seed: Seed = attrs.field(default=0, validator=check_seed)

    def __call__(self, seen: PlayerView) -> Action:
        """A legal move of the seat to act, chosen uniformly."""
        _check(seen)
        moves = legal_actions(seen)  # counted, and only the move chosen made
        label = f"bot round {seen.round} event {len(seen.log)} seat {seen.seat}"
        return moves[next(random_stream(self.seed, label)) % len(moves)]


@attrs.frozen
class GreedyBot:
    """A simple, strong player that looks only at its own hand and the table.

    * Decide: take the discard when it completes the minimum, makes a meld, plays on the
      table once the minimum is met, or sits close to the hand's other cards; else pass.
    * Play: meet the minimum as soon as possible with the fewest wildcards; afterwards lay
      every meld, extension and swap it can (naturals before wildcards, a swap only when the
      wildcard it frees can be played too).
    * Discard: never an error (it only considers legal discards); the card with the highest
      penalty among those least related to the rest of the hand.

    ``keep`` is how close a card must sit to the rest of the hand (pairs, near runs) before the
    bot keeps it over a higher-penalty card.

    >>> GreedyBot()(view(new_game(3, seed=1), 1)) in (Take(), Pass())
    True
    """

    keep: int = 2

    def __call__(self, seen: PlayerView) -> Action:
        """The greedy move of the seat to act (worked out by :func:`greedy_move`)."""
        _check(seen)
        return greedy_move(seen, self.keep)

    def call(self, seen: PlayerView) -> CallRummy | None:
        """Call Rummy whenever the view allows it (see :class:`CallingBot`), else ``None``.

        An extension sheds a card, so it comes first; a swap brings a wildcard in for the
        worst card of the hand. The substitute is the card the bot would discard: never a
        wildcard or a rummy while another card can go.

        >>> GreedyBot().call(view(new_game(3, seed=1), 0)) is None
        True
        """
        calls = rummy_calls(seen, seen.seat)
        if not calls:
            return None
        extensions = [c for c in calls if not c.swap]
        chosen = extensions or calls
        kin = Kinship(seen.hand)

        def worth(call: CallRummy) -> tuple[bool, tuple[int, int]]:
            given = call.substitute
            return not is_bad_discard(seen, given), kin.throwaway(given, self.keep)

        return max(chosen, key=worth)

    def _discard_preference(
        self, seen: PlayerView
    ) -> Callable[[Discard], tuple[bool, tuple[int, int]]]:
        """How much the bot would like each discard of ``seen`` (the greatest is thrown)."""
        kin = Kinship(seen.hand)
        # Throwing back the card just taken would only hand it round the table again.
        return lambda move: (move.card is not seen.taken, kin.throwaway(move.card, self.keep))
