"""Games made back from a view: the cards a seat knows others hold, and determinization.

A search bot holds only its :class:`hellsrummy.PlayerView`. :func:`known_cards` says which
cards the public events show each other seat holds; :func:`resample` deals the cards the seat
cannot see at random (keeping the known ones where they are) into a whole
:class:`hellsrummy.GameState` it may play forward; :func:`state_from_view` does the same with
the unseen cards in a fixed order, for the seat to act's own moves.

>>> state = new_game(3, seed="secret")
>>> guess = resample(view(state, 1), "any seed")
>>> guess.hands[1] == state.hands[1], len(guess.hands[0]) == len(state.hands[0])
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hellsrummy.deck.cards import Card, pack, sort_cards
from hellsrummy.deck.shuffle import Seed, seed_bytes, shuffle
from hellsrummy.errors import shown
from hellsrummy.game.eventlog import Fold
from hellsrummy.game.events import (
    Discarded,
    Event,
    Extended,
    Melded,
    Passed,
    RoundStarted,
    RummyCalled,
    Swapped,
    Took,
)
from hellsrummy.game.state import (
    GameState,
    Phase,
)
from hellsrummy.views.view import PlayerView

__all__ = ["known_cards", "own_state", "resample", "state_from_view"]


def _round_cards(seen: PlayerView) -> Counter[Card]:
    """Every card in play this round: the round's pack and its refill decks."""
    every: Counter[Card] = Counter(pack(seen.suits, seen.decks))
    for _ in range(seen.refills):
        every.update(pack(seen.suits, 1))
    return every


def resample(seen: PlayerView, rng_seed: Seed) -> GameState:
    """A full game state consistent with ``seen``: a *determinization* for search-based bots.

    The observing seat's hand, the melds, the discard and everything public are kept; the
    cards this seat cannot see (the other hands and the stock) are dealt at random from the
    cards of the round it has not seen (the round's pack and refill decks, less its own hand,
    the melds and the discard), each hidden place getting its size. The result is
    reproducible from ``rng_seed`` (using the shuffle of :mod:`hellsrummy.deck.shuffle`), and its
    own seed is derived from ``rng_seed``, not the real game's, which the view never holds.

    Cards another seat is publicly known to hold stay in its hand: a discard it took or was
    passed, or a wildcard it bought back with a swap or got by calling Rummy, as long as it
    has not played, discarded or given a card like it since (see :func:`known_cards`).

    >>> state = new_game(4, seed="real")
    >>> guess = resample(view(state, 2), rng_seed=1)
    >>> guess.hands[2] == state.hands[2], [len(h) for h in guess.hands]
    (True, [9, 9, 9, 9])
    >>> view(guess, 2) == view(state, 2)
    True
    """
    if not isinstance(seen, PlayerView):
        raise ValueError(f"seen must be a PlayerView, got {shown(seen)}")
    seed = b"resample:" + seed_bytes(rng_seed)
    unseen = _round_cards(seen)
    visible: Counter[Card] = Counter(seen.hand)
    for meld in seen.melds:
        visible.update(meld.cards)
    if seen.discard is not None:
        visible[seen.discard] += 1
    unseen.subtract(visible)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view shows more cards than the round's pack and refills hold")
    pinned = known_cards(seen)
    for other, cards_known in enumerate(pinned):
        if other != seen.seat:
            unseen.subtract(cards_known)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the view's public events name more cards than remain unseen")
    pool = shuffle(sort_cards(unseen.elements()), seed, "resample")
    hidden = sum(
        size - len(pinned[other])
        for other, size in enumerate(seen.hand_sizes)
        if other != seen.seat
    )
    if hidden + seen.stock_size > len(pool):
        raise ValueError("the view hides more cards than the round's pack has unseen")
    hands: list[tuple[Card, ...]] = []
    position = 0
    for other, size in enumerate(seen.hand_sizes):
        if other == seen.seat:
            hands.append(seen.hand)
        else:
            fresh = size - len(pinned[other])
            dealt = [*pinned[other], *pool[position : position + fresh]]
            hands.append(tuple(sort_cards(dealt)))
            position += fresh
    stock = pool[position : position + seen.stock_size]
    return state_from_view(seen, seed=seed, hands=tuple(hands), stock=stock)


def known_cards(seen: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat is publicly known to hold now, from this round's public events.

    A seat is known to hold a discard it took or was passed and a wildcard it got back by a
    swap or by a Rummy call, until it plays, discards or gives a card like it (identical cards
    are interchangeable, so a known card counts as gone once a card like it leaves the hand).
    The viewer's own entry is its whole hand.

    What the events show is worked out once per position and kept with its log (see
    :meth:`hellsrummy.game.eventlog.EventLog.fold`): a position reached by a turn reads only
    that turn's events, so asking after every turn costs the same however long the round.

    >>> state = apply(new_game(3, seed=1), Take())
    >>> known_cards(view(state, 0))[1] == (state.log.last.card,)
    True
    """
    held = seen.log.fold(_KNOWN)
    count = len(held)
    result = [held[other] if other < count else () for other in range(len(seen.names))]
    result[seen.seat] = seen.hand
    return tuple(result)


_Known = tuple[tuple[Card, ...], ...]


def _changed(
    known: _Known,
    seat: int,
    got: Card | None = None,
    gone: Sequence[Card] = (),
    then: Card | None = None,
) -> _Known:
    """``known`` with one seat's cards changed: ``got`` added, then ``gone`` forgotten.

    Each card of ``gone`` is forgotten once, if known; ``then`` is added last.
    """
    held = list(known[seat]) if seat < len(known) else []
    if got is not None:
        held.append(got)
    for c in gone:
        if c in held:
            held.remove(c)
    if then is not None:
        held.append(then)
    entries = list(known)
    entries += [()] * (seat + 1 - len(entries))
    entries[seat] = tuple(sort_cards(held))
    return tuple(entries)


def _know(known: _Known, event: Event) -> _Known:
    """What the round's events show each seat holds, after one more event."""
    if isinstance(event, Took):
        return _changed(known, event.seat, got=event.card)
    if isinstance(event, Passed):
        return _changed(known, event.to, got=event.card)
    if isinstance(event, Swapped):
        return _changed(known, event.seat, gone=[event.card], then=event.wildcard)
    if isinstance(event, Melded):
        return _changed(known, event.seat, gone=[c for meld in event.melds for c in meld])
    if isinstance(event, Extended):
        return _changed(known, event.seat, gone=event.cards)
    if isinstance(event, Discarded):
        return _changed(known, event.seat, gone=[event.card])
    if isinstance(event, RummyCalled):
        return _changed(known, event.seat, got=event.wildcard, gone=[event.substitute])
    return known


#: The reading of a log behind :func:`known_cards`: per seat (by seat number, up to the last
#: seat an event names), the cards this round's events show it holds, sorted.
_KNOWN: Fold[_Known] = Fold((), _know, restart=RoundStarted)


def state_from_view(
    seen: PlayerView,
    *,
    seed: Seed,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    phase: Phase | None = None,
) -> GameState:
    """A state with everything public taken from ``seen`` and the hidden parts given.

    ``hands`` (every seat's, the viewer's included) and ``stock`` fill in what the view does
    not hold; ``phase`` overrides the view's phase.

    >>> mine = view(new_game(3, seed=1), 0)
    >>> hands = (mine.hand, (), ())
    >>> state_from_view(mine, seed=0, hands=hands, stock=()).hands[0] == mine.hand
    True
    """
    return GameState(
        rules=seen.rules,
        seed=seed,
        names=seen.names,
        round=seen.round,
        dealer=seen.dealer,
        current=seen.current,
        phase=seen.phase if phase is None else phase,
        hands=hands,
        melds=seen.melds,
        discard=seen.discard,
        stock=stock,
        suits=seen.suits,
        decks=seen.decks,
        refills=seen.refills,
        met=seen.met,
        penalties=seen.penalties,
        errors=seen.errors,
        results=seen.results,
        scores=seen.scores,
        protection=seen.protection,
        left=seen.left,
        turns=seen.turns,
        taken=seen.taken,
        log=seen.log,
        discarder=seen.discarder,
    )


def own_state(seen: PlayerView) -> GameState:
    """A state that agrees with ``seen`` wherever its seat's own actions depend on them.

    The other seats' hands and the stock are left empty: whether an action of the viewing
    seat is legal depends only on its own hand and on public facts, so this is what
    :func:`hellsrummy.check` and :func:`hellsrummy.legal_actions` ask when given a view.
    Nothing should be *played* from it.

    >>> state = new_game(3, seed=1)
    >>> mine = own_state(view(state, 0))
    >>> mine.hands[0] == state.hands[0], mine.hands[1], mine.stock
    (True, (), ())
    """
    hands = tuple(seen.hand if seat == seen.seat else () for seat in range(seen.players))
    return state_from_view(seen, seed=b"view", hands=hands, stock=())
