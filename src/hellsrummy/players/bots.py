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

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

import attrs

from hellsrummy.contracts.enumeration import (
    Choice,
    cheapest_skeletons,
    laid_melds,
    possible_melds,
)
from hellsrummy.contracts.needs import joins_a_meld_of_3
from hellsrummy.contracts.solver import held_meets
from hellsrummy.deck.cards import BY_INDEX, Card, leading_wilds
from hellsrummy.deck.shuffle import Seed, check_seed, random_stream
from hellsrummy.game.actions import Action, CallRummy, Discard, Pass, Take
from hellsrummy.game.position import position, table
from hellsrummy.game.rules import CLASSIC
from hellsrummy.game.scoring import PENALTY_OF, penalty_value
from hellsrummy.game.state import DECIDE
from hellsrummy.moves.listing import (
    DISCARDS,
    first_listed,
    hand_threes,
    legal_actions,
    listed_extensions,
    listed_swaps,
)
from hellsrummy.play.calls import is_bad_discard, rummy_calls
from hellsrummy.play.discarding import discards as legal_discards
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


def _moves(seen: PlayerView) -> list[Action]:
    _check(seen)
    return list(legal_actions(seen))


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
        moves = _moves(seen)
        label = f"bot round {seen.round} event {len(seen.log)} seat {seen.seat}"
        return moves[next(random_stream(self.seed, label)) % len(moves)]


# A card's place in a _Kinship's counts by card: ``rank * 8 + suit``; 0 for a wildcard.
_KIN_AT_OF: dict[Card, int] = {c: 0 if c.is_wild else c.rank * 8 + c.suit for c in BY_INDEX}


class _Kinship:
    """How much a card belongs with a hand: same-rank cards and near same-suit cards.

    A card scores 2 for each natural of its rank in the hand, and for each natural of its suit
    one rank away 2, two ranks away 1; a wildcard always scores 4. Worked out from the hand's
    counts once, so each card's score costs a few look-ups.
    """

    __slots__ = ("by_card", "by_rank")

    def __init__(self, hand: Sequence[Card]) -> None:
        # Ranks run 3..14; two spare places each side let rank +- 2 be looked up plainly.
        by_rank = [0] * 17
        by_card = [0] * (17 * 8)
        places = _KIN_AT_OF
        for other in hand:
            at = places[other]
            if at:
                by_rank[at >> 3] += 1
                by_card[at] += 1
        self.by_rank = by_rank
        self.by_card = by_card

    def score(self, c: Card, held: bool) -> int:
        """The card's score against the hand (less the card itself when ``held``)."""
        at = _KIN_AT_OF[c]
        if not at:  # a wildcard
            return 4
        by_card = self.by_card
        near = by_card[at - 8] + by_card[at + 8]
        far = by_card[at - 16] + by_card[at + 16]
        return 2 * (self.by_rank[at >> 3] - held) + 2 * near + far

    def worst(self, held: Iterable[Card], keep: int, taken: Card | None = None) -> Card | None:
        """The first of ``held`` (cards of the hand) a bot keeping ``keep`` would throw away.

        The greatest ``(card is not taken, GreedyBot._throwaway(card))``, worked out for all of
        them in one loop; ``None`` when ``held`` is empty.
        """
        by_rank, by_card, places, penalties = self.by_rank, self.by_card, _KIN_AT_OF, PENALTY_OF
        best: Card | None = None
        best_key = 0
        for c in held:
            at = places[c]  # score(c, held=True), written out: it runs for every candidate
            if at:
                related = 2 * (by_rank[at >> 3] - 1 + by_card[at - 8] + by_card[at + 8])
                related += by_card[at - 16] + by_card[at + 16]
            else:
                related = 4
            # The key as one int: (not taken, related < keep, points - 3 * related), the last
            # far smaller than 2**40 in size for any hand.
            key = penalties[c] - 3 * related
            if related < keep:
                key += _KEEP_BIT
            if c is not taken:
                key += _UNTAKEN_BIT
            if best is None or key > best_key:
                best, best_key = c, key
        return best


_KEEP_BIT = 1 << 41
_UNTAKEN_BIT = 1 << 42


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
        """The greedy move of the seat to act."""
        _check(seen)
        if seen.phase is DECIDE:  # take or pass: nothing to list
            return _TAKE if self._wants(seen) else _PASS
        # The moves it would choose among, section by section in the order of the listing,
        # each worked out only if the ones before offer nothing it would play.
        here = position(seen)
        found: Iterable[tuple[Choice, ...]] = ()
        if not here.met:  # the hand as counts (a held hand: sorted, no checks)
            found = cheapest_skeletons(here.hand, here.contract)
        elif threes := hand_threes(here):  # kept with the position, so apply hands them on
            found = [(choice,) for choice in threes]
        best, fewest = None, (0, 0)
        for chosen in found:  # the first that takes the fewest wildcards, then sheds the most
            wild = 0
            shed = 0  # of the naturals: the deuces of as many wildcards all score the same
            for choice in chosen:
                wild += choice[1]
                shed += sum(map(PENALTY_OF.__getitem__, choice[0]))
            if best is None or (wild, -shed) < fewest:
                best, fewest = chosen, (wild, -shed)
        if best is not None:  # every choice of deuces for these melds scores the same
            return first_listed(here, laid_melds(best, here.hand[: leading_wilds(here.hand)]))
        if here.met:
            extensions = listed_extensions(here)
            plays = [m for m in extensions if not m.cards[0].is_wild]
            if plays:
                return max(plays, key=lambda m: penalty_value(m.cards[0]))
            buys = listed_swaps(here)
            if buys:
                return max(buys, key=lambda m: penalty_value(m.card))
            if extensions:  # a wildcard's only
                return extensions[0]
        discards: Sequence[Card] = legal_discards(here)
        if seen.rules.discard_policy is CLASSIC:
            # Every card may go, but a bad discard would only be called by someone else.
            safe = [c for c in discards if not is_bad_discard(seen, c)]
            discards = safe or discards
        # The greatest of _discard_preference, worked out for every discard at once.
        thrown = _Kinship(seen.hand).worst(discards, self.keep, seen.taken)
        if thrown is None:  # only plays remain and none were chosen above: should not happen
            return next(iter(legal_actions(seen)))
        return DISCARDS[thrown]

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
        kin = _Kinship(seen.hand)

        def worth(call: CallRummy) -> tuple[bool, tuple[int, int]]:
            given = call.substitute
            return not is_bad_discard(seen, given), self._throwaway(given, kin)

        return max(chosen, key=worth)

    def _wants(self, seen: PlayerView) -> bool:
        card = seen.discard
        assert card is not None
        hand = seen.hand
        if not seen.met[seen.seat]:
            if card.is_wild:
                return True
            with_it = (*hand, card)  # as a state holds it: the hand's wildcards first
            # Taken if it meets the minimum, or if it sits close to the hand (its kinship) and
            # would not be the first card thrown away again: the cheaper test first.
            kin = _Kinship(with_it)
            close = kin.score(card, held=True) >= 2 * self.keep
            if close and kin.worst(with_it, self.keep) is not card:
                return True
            return held_meets(with_it, seen.contract)
        if card in table(seen).playable:  # a rummy
            return True
        if card.is_wild:
            return any(card in meld for meld in possible_melds((*hand, card), 3))
        return joins_a_meld_of_3(hand, card)

    def _discard_preference(
        self, seen: PlayerView
    ) -> Callable[[Discard], tuple[bool, tuple[int, int]]]:
        """How much the bot would like each discard of ``seen`` (the greatest is thrown)."""
        kin = _Kinship(seen.hand)
        # Throwing back the card just taken would only hand it round the table again.
        return lambda move: (move.card is not seen.taken, self._throwaway(move.card, kin))

    def _throwaway(self, card: Card, kin: _Kinship) -> tuple[int, int]:
        related = kin.score(card, held=True)
        return (related < self.keep, penalty_value(card) - 3 * related)
