"""The cards of chance nodes: each round's pack and deal, and the two draws of a pass.

:mod:`hellsrummy.openspiel.node` chooses the cards one chance node at a time; these make the
library's state once they are chosen: :func:`deal` a round from its dealt cards,
:func:`passed` a pass from the cards the stock gave.

>>> from hellsrummy.openspiel.parameters import settings_of
>>> pack = round_pack(settings_of({"players": 4}), None)
>>> len(pack), len(set(pack))
(104, 52)
"""

from __future__ import annotations

from collections import Counter

import attrs

from hellsrummy.deck.cards import Card, pack, sort_cards
from hellsrummy.game.actions import Pass
from hellsrummy.game.events import RoundStarted
from hellsrummy.game.state import Deal, GameState
from hellsrummy.play.engine import apply, new_game, next_round
from hellsrummy.play.seats import next_seat

from .parameters import Settings

__all__ = ["SEED", "deal", "passed", "round_pack"]

#: The seed of the library's states made from dealt cards. No shuffle of it is ever used: the
#: chance nodes choose every card (it seeds only the shuffles that they then overrule).
SEED = b"hellsrummy.openspiel"


def round_pack(settings: Settings, before: GameState | None) -> tuple[Card, ...]:
    """The pack of the round dealt after ``before``, the round that ended (``None``: round 1).

    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> len(round_pack(settings_of({"players": 5}), None))
    130
    """
    number = 0 if before is None else before.round + 1
    rules = settings.rules
    suits, decks = rules.deck_plan.plan(settings.players, rules.schedule[number])
    return pack(suits, decks)


def deal(settings: Settings, before: GameState | None, dealt: tuple[Card, ...]) -> GameState:
    """The library's state of the round dealt after ``before`` with the cards ``dealt``.

    ``dealt`` holds each seat's hand in dealing order (from the seat after the dealer), then
    the turned-up discard; the rest of the round's pack is the stock (sorted: its order is
    never used, the chance nodes choose every card drawn).

    >>> from hellsrummy.openspiel.chance import deal, round_pack
    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> settings = settings_of({"players": 3, "hand_size": 2})
    >>> game = deal(settings, None, round_pack(settings, None)[:7])
    >>> format_cards(game.hands[1]), format_cards(game.hands[0]), game.discard
    ('2C 2C', '2H 2H', card('2S'))
    """
    players, size = settings.players, settings.rules.hand_size
    dealer = 0 if before is None else (before.dealer + 1) % players
    first = (dealer + 1) % players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for number, dealt_card in enumerate(dealt[: players * size]):
        hands[(first + number // size) % players].append(dealt_card)
    discard = dealt[-1]
    left = Counter(round_pack(settings, before))
    left.subtract(dealt)
    stock = tuple(sort_cards(left.elements()))
    if before is None:
        deal = Deal(hands=hands, discard=discard, stock=stock)
        return new_game(players, seed=SEED, rules=settings.rules, deal=deal)
    after = next_round(before)
    event = RoundStarted(after.round, after.dealer, after.difficulty, discard)
    return attrs.evolve(
        after,
        hands=tuple(tuple(sort_cards(hand)) for hand in hands),
        discard=discard,
        stock=stock,
        log=before.log.append(event),
    )


def passed(game: GameState, drawn: tuple[Card, ...]) -> GameState:
    """The state after the seat to act passes and the stock gives the two cards ``drawn``.

    The first goes with the discard to the next seat, the second to the passer. They are put
    on top of the stock and the library's pass draws them; when the stock runs out, the
    library refills it from its seed and the cards it drew are swapped for the chosen ones
    (the refill deck holds them all).

    >>> from hellsrummy import new_game
    >>> from hellsrummy.openspiel.parameters import settings_of
    >>> game = new_game(3, seed=1)
    >>> after = passed(game, (game.stock[5], game.stock[9]))
    >>> game.stock[5] in after.hands[2], game.stock[9] in after.hands[1], len(after.stock)
    (True, True, 74)
    """
    first, second = drawn
    stock = list(game.stock)
    if len(stock) >= 2:
        stock.remove(first)
        stock.remove(second)
        stock[:0] = [first, second]
    before = attrs.evolve(game, stock=tuple(stock))
    after = apply(before, Pass())
    if len(game.stock) >= 2:
        return after
    passer, receiver = game.current, next_seat(game.left, game.current)
    hands = list(after.hands)
    pool = Counter(after.stock)
    for seat, chosen, extra in ((receiver, first, game.discard), (passer, second, None)):
        got = Counter(after.hands[seat])
        got.subtract(game.hands[seat])
        if extra is not None:
            got[extra] -= 1
        (engine,) = +got  # the one card the library drew for this seat
        pool[engine] += 1
        pool[chosen] -= 1
        hand = list(hands[seat])
        hand.remove(engine)
        hand.append(chosen)
        hands[seat] = tuple(sort_cards(hand))
    assert all(count >= 0 for count in pool.values())
    return attrs.evolve(after, hands=tuple(hands), stock=tuple(sort_cards(pool.elements())))
