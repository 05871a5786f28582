"""The stock: drawing its top card, and refilling it with a fresh deck when it runs out.

When a card must be drawn from an empty stock, one fresh deck of the round's suits is shuffled
from the game's seed and becomes the stock (a :class:`hellsrummy.Refilled` event says so).
Every pass draws twice, so this module is compiled in the compiled build;
:mod:`hellsrummy.play.turns` (a pass, a leave that turns up a card) imports it.

>>> state = new_game(3, seed=1)
>>> drawn, stock, refills, log = draw(state, state.stock, state.refills, state.log)
>>> drawn == state.stock[0], len(stock) == len(state.stock) - 1, refills
(True, True, 0)
"""

from __future__ import annotations

from hellsrummy.deck.cards import Card, pack
from hellsrummy.deck.shuffle import shuffle
from hellsrummy.game.eventlog import EventLog
from hellsrummy.game.events import Refilled
from hellsrummy.game.state import GameState

__all__ = ["draw", "refill"]


def refill(state: GameState, refills: int) -> tuple[Card, ...]:
    """The fresh stock of the ``refills``-th refill of the round: one deck, shuffled.

    Its shuffle is named by the round and the refill's number, so a game replays exactly.

    >>> state = new_game(3, seed=1)
    >>> first, again, second = refill(state, 1), refill(state, 1), refill(state, 2)
    >>> len(first), first == again, first == second
    (52, True, False)
    """
    return shuffle(pack(state.suits, 1), state.seed, f"round {state.round} deck {refills}")


def draw(
    state: GameState, stock: tuple[Card, ...], refills: int, log: EventLog
) -> tuple[Card, tuple[Card, ...], int, EventLog]:
    """Draw the top card of ``stock``, refilling it with a fresh deck when it is empty.

    Returns the card, the stock left, the number of refills so far and the log (with a
    :class:`hellsrummy.Refilled` event when a deck was added).

    >>> state = new_game(3, seed=1)
    >>> drawn, stock, refills, log = draw(state, (), 0, state.log)
    >>> len(stock), refills, str(log.last)
    (51, 1, 'the stock was refilled with a fresh deck of 52 cards')
    """
    if not stock:
        refills += 1
        stock = refill(state, refills)
        log = log.append(Refilled(len(stock)))
    return stock[0], stock[1:], refills, log
