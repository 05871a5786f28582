"""The invariants every game state keeps, checked when a state is read back from plain data.

A state a game reaches by play keeps them all (a state made from a seat's view for a search,
by ``own_state`` or by :func:`hellsrummy.resample` in the first round of a game dealt from a
fixed deal, holds made-up cards and need not); :func:`hellsrummy.from_dict` reads a state's dict
field by field (:mod:`hellsrummy.data.serialize`), then holds the whole to the invariants
below, so a dict that was edited or truncated cannot give a playable but impossible game. The
first breach raises :class:`ValueError` naming the field and the invariant. The API page's
"Invariants of a state" lists every invariant :func:`hellsrummy.from_dict` checks, these
and the field-by-field ones.

* **cards**: the hands, the melds, the discard and the stock hold exactly the round's pack
  (``decks`` decks of ``suits``) and its ``refills`` fresh decks; in round 1 of a game dealt
  from a fixed deal (``deal``), exactly that deal's cards and the refill decks. (Format 3 and
  older did not say whether a deal was fixed: their states may hold fewer cards, never more.)
* **deal**: a fixed deal has one hand per seat and could start the game: its cards come from
  round 1's pack (as :func:`hellsrummy.new_game` checks them).
* **penalties**: each seat's discard-error points this round are its ``errors`` times the
  rules' ``discard_error_points``.
* **taken**: a card taken this turn only in the play phase.

>>> import attrs
>>> from hellsrummy.data.consistency import check_state
>>> from hellsrummy.data.readers import Reader
>>> state = new_game(3, seed=1)
>>> check_state(Reader(to_dict(state)), state, exact=True)
>>> short = attrs.evolve(state, stock=state.stock[1:])
>>> check_state(Reader(to_dict(short)), short, exact=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: cards: ... must add up to ...; 2C is held 1 time, and they hold it 2 times
"""

from __future__ import annotations

from collections import Counter

from hellsrummy.data.readers import Reader
from hellsrummy.deck.cards import Card, pack
from hellsrummy.game.state import Deal, GameState, Phase
from hellsrummy.play.dealing import new_game

__all__ = ["check_state", "read_deal"]


def read_deal(data: Reader, players: int) -> Deal | None:
    """A fixed deal as plain data (``null``, or its ``hands``, ``discard`` and ``stock``).

    >>> from hellsrummy.data.readers import Reader
    >>> read_deal(Reader({"hands": [["7H"], ["9C"]], "discard": "3C", "stock": ["4C"]}), 2)
    Deal(hands=((card('7H'),), (card('9C'),)), discard=card('3C'), stock=(card('4C'),))
    >>> read_deal(Reader({"hands": [["7H"]], "discard": "3C", "stock": []}, "deal"), 2)
    Traceback (most recent call last):
    ...
    ValueError: deal.hands: must have one hand per seat (2), got 1
    """
    if data.value is None:
        return None
    hands = tuple(item.cards() for item in data.key("hands").items())
    if len(hands) != players:
        raise data.key("hands").fail(f"must have one hand per seat ({players}), got {len(hands)}")
    return Deal(hands=hands, discard=data.key("discard").card(), stock=data.key("stock").cards())


def _held(state: GameState) -> Counter[Card]:
    """Every card of the round: the hands, the melds, the discard and the stock."""
    held: Counter[Card] = Counter(state.stock)
    for hand in state.hands:
        held.update(hand)
    for meld in state.melds:
        held.update(meld.cards)
    if state.discard is not None:
        held[state.discard] += 1
    return held


def _times(count: int) -> str:
    return f"{count} time" if count == 1 else f"{count} times"


def check_state(data: Reader, state: GameState, *, exact: bool) -> None:
    """Raise :class:`ValueError` unless ``state``, read from ``data``, keeps every invariant.

    ``exact`` is whether the dict says if the game was dealt from a fixed deal (format 4): the
    cards must then add up exactly, and otherwise to no more than the round's pack holds.

    >>> import attrs
    >>> from hellsrummy.data.readers import Reader
    >>> state = new_game(3, seed=1)
    >>> check_state(Reader(to_dict(state)), attrs.evolve(state, penalties=(3, 0, 0)), exact=True)
    Traceback (most recent call last):
    ...
    ValueError: penalties: must be each seat's errors (0, 0, 0) times the rules' ... got (3, 0, 0)
    """
    if state.deal is not None:
        try:
            new_game(state.names, seed=state.seed, rules=state.rules, deal=state.deal)
        except ValueError as error:
            raise data.key("deal").fail(str(error)) from None
    refill_deck = pack(state.suits, 1)
    if state.deal is not None and state.round == 0:
        expected = Counter(state.deal.all_cards())
        what = "the fixed deal's cards"
    else:
        expected = Counter(pack(state.suits, state.decks))
        what = f"the round's pack ({state.decks} decks of {' '.join(map(str, state.suits))})"
    for _ in range(state.refills):
        expected.update(refill_deck)
    held = _held(state)
    for card_ in sorted(expected.keys() | held.keys(), key=lambda c: c.order):
        if held[card_] > expected[card_] or (exact and held[card_] != expected[card_]):
            raise ValueError(
                f"cards: the hands, melds, discard and stock must add up to {what} and"
                f" {state.refills} refill decks; {card_} is held {_times(held[card_])},"
                f" and they hold it {_times(expected[card_])}"
            )
    points = state.rules.discard_error_points
    if state.penalties != tuple(errors * points for errors in state.errors):
        raise data.key("penalties").fail(
            f"must be each seat's errors {state.errors} times the rules' discard_error_points"
            f" ({points}), got {state.penalties}"
        )
    if state.taken is not None and state.phase is not Phase.PLAY:
        raise data.key("taken").fail(
            f"only the play phase has a card taken this turn; the phase is {state.phase.value}"
        )
