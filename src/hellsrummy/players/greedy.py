"""GreedyBot's choices, worked out from a state or a view: one kernel for the bot and rollouts.

:class:`hellsrummy.GreedyBot` is a bot like any other: its input is a
:class:`hellsrummy.PlayerView`. A search bot, though, plays thousands of GreedyBot moves a
second in the full states it deals itself (:func:`hellsrummy.resample`), where building a view
for every move costs as much as choosing it. :func:`greedy_move` is the one place GreedyBot's
choice is made: it reads only what the seat to act may know (its own hand, the table, the
discard, the met flags, the rules), so given a state it chooses exactly what GreedyBot chooses
given that seat's view, and :func:`play_out` finishes a round that way. This module is compiled
in the compiled build.

>>> from hellsrummy import GreedyBot, new_game, view
>>> state = new_game(4, seed="kernel")
>>> greedy_move(state, 2) == GreedyBot()(view(state, state.current))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from hellsrummy.contracts.cheapest import best_cheapest
from hellsrummy.contracts.enumeration import Choice, laid_melds, possible_melds
from hellsrummy.contracts.needs import joins_a_meld_of_3
from hellsrummy.contracts.solver import held_meets
from hellsrummy.deck.cards import BY_INDEX, Card, leading_wilds
from hellsrummy.game.actions import Action, Pass, Take
from hellsrummy.game.position import position, table
from hellsrummy.game.rules import CLASSIC
from hellsrummy.game.scoring import PENALTY_OF
from hellsrummy.game.state import DECIDE, GameState
from hellsrummy.moves.listing import legal_actions
from hellsrummy.moves.playmoves import (
    DISCARDS,
    first_listed,
    hand_threes,
    listed_extensions,
    listed_swaps,
)
from hellsrummy.play.discarding import discards as legal_discards
from hellsrummy.play.engine import apply
from hellsrummy.play.turns import IN_ROUND
from hellsrummy.views.view import PlayerView

__all__ = ["Kinship", "greedy_move", "play_out"]

_TAKE: Final = Take()
_PASS: Final = Pass()
_PENALTY: Final = PENALTY_OF

# A card's place in a Kinship's counts by card: ``rank * 8 + suit``; 0 for a wildcard.
_KIN_AT_OF: Final[dict[Card, int]] = {c: 0 if c.is_wild else c.rank * 8 + c.suit for c in BY_INDEX}
_KEEP_BIT: Final = 1 << 41
_UNTAKEN_BIT: Final = 1 << 42


class Kinship:
    """How much a card belongs with a hand: same-rank cards and near same-suit cards.

    A card scores 2 for each natural of its rank in the hand, and for each natural of its suit
    one rank away 2, two ranks away 1; a wildcard always scores 4. Worked out from the hand's
    counts once, so each card's score costs a few look-ups.

    >>> from hellsrummy import card, cards
    >>> kin = Kinship(cards("7H 8H 9H 7S"))
    >>> kin.score(card("7H"), True), kin.score(card("KC"), False)
    (5, 0)
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
                by_rank[at >> 3] = by_rank[at >> 3] + 1
                by_card[at] = by_card[at] + 1
        self.by_rank: list[int] = by_rank
        self.by_card: list[int] = by_card

    def score(self, c: Card, held: bool) -> int:
        """The card's score against the hand (less the card itself when ``held``).

        >>> from hellsrummy import card, cards
        >>> kin = Kinship(cards("7H 8H 9H"))
        >>> kin.score(card("8H"), True), kin.score(card("8H"), False), kin.score(card("2C"), False)
        (4, 6, 4)
        """
        at = _KIN_AT_OF[c]
        if not at:  # a wildcard
            return 4
        by_card = self.by_card
        near = by_card[at - 8] + by_card[at + 8]
        far = by_card[at - 16] + by_card[at + 16]
        return 2 * (self.by_rank[at >> 3] - int(held)) + 2 * near + far

    def throwaway(self, c: Card, keep: int) -> tuple[int, int]:
        """How gladly a bot keeping ``keep`` throws ``c`` (held) away: the greatest goes first.

        >>> from hellsrummy import card, cards
        >>> Kinship(cards("7H 8H KC")).throwaway(card("KC"), 2)
        (1, 10)
        """
        related = self.score(c, True)
        return (int(related < keep), _PENALTY[c] - 3 * related)

    def worst(self, held: Iterable[Card], keep: int, taken: Card | None = None) -> Card | None:
        """The first of ``held`` (cards of the hand) a bot keeping ``keep`` would throw away.

        The greatest ``(card is not taken, throwaway(card))``, worked out for all of them in
        one loop; ``None`` when ``held`` is empty.

        >>> from hellsrummy import cards
        >>> str(Kinship(cards("7H 8H KC")).worst(cards("7H 8H KC"), 2))
        'KC'
        """
        by_rank, by_card, places, penalties = self.by_rank, self.by_card, _KIN_AT_OF, _PENALTY
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


def _wants(seen: GameState | PlayerView, discard: Card, keep: int) -> bool:
    """Whether GreedyBot takes ``discard`` (see :class:`hellsrummy.GreedyBot`)."""
    seat = seen.current
    hand = seen.hands[seat] if isinstance(seen, GameState) else seen.hand
    if not seen.met[seat]:
        if discard.is_wild:
            return True
        with_it = (*hand, discard)  # as a state holds it: the hand's wildcards first
        # Taken if it meets the minimum, or if it sits close to the hand (its kinship) and
        # would not be the first card thrown away again: the cheaper test first.
        kin = Kinship(with_it)
        close = kin.score(discard, True) >= 2 * keep
        if close and kin.worst(with_it, keep) is not discard:
            return True
        return held_meets(with_it, seen.contract)
    if discard in table(seen).playable:  # a rummy
        return True
    if discard.is_wild:
        return any(discard in meld for meld in possible_melds((*hand, discard), 3))
    return joins_a_meld_of_3(hand, discard)


def greedy_move(seen: GameState | PlayerView, keep: int) -> Action:
    """GreedyBot's move for the seat to act in ``seen``, a state or that seat's view.

    ``keep`` is :attr:`hellsrummy.GreedyBot.keep`. Only what the seat to act may know is read,
    so a state and its seat's view give the same move. ``seen`` must be in a round, its seat
    to act's view if a view (:class:`hellsrummy.GreedyBot` checks that).

    >>> from hellsrummy import new_game
    >>> greedy_move(new_game(3, seed=1), 2)
    Pass()
    """
    if seen.phase is DECIDE:  # take or pass: nothing to list
        discard = seen.discard
        assert discard is not None
        return _TAKE if _wants(seen, discard, keep) else _PASS
    here = position(seen)
    # The moves it would choose among, section by section in the order of the listing,
    # each worked out only if the ones before offer nothing it would play.
    best: tuple[Choice, ...] | None = None
    if not here.met:
        # Of the ways to meet the minimum with the fewest wildcards, the first that sheds the
        # most (the naturals' points: the deuces of as many wildcards all score the same),
        # found without listing them all.
        best = best_cheapest(here.hand, here.contract, _PENALTY)
    else:
        fewest_wild = fewest_shed = 0
        for choice in hand_threes(here):  # kept with the position, so apply hands them on
            wild: int = choice[1]
            shed = 0
            for c in choice[0]:
                shed += _PENALTY[c]
            if best is None or wild < fewest_wild or (wild == fewest_wild and shed > fewest_shed):
                best, fewest_wild, fewest_shed = (choice,), wild, shed
    if best is not None:  # every choice of deuces for these melds scores the same
        return first_listed(here, laid_melds(best, here.hand[: leading_wilds(here.hand)]))
    if here.met:
        extensions = listed_extensions(here)
        top: Action | None = None
        top_points = -1
        for move in extensions:  # the natural that sheds the most points, the first listed
            c = move.cards[0]
            if not c.is_wild and _PENALTY[c] > top_points:
                top, top_points = move, _PENALTY[c]
        if top is not None:
            return top
        buys = listed_swaps(here)
        for swap in buys:
            if _PENALTY[swap.card] > top_points:
                top, top_points = swap, _PENALTY[swap.card]
        if top is not None:
            return top
        if extensions:  # a wildcard's only
            return extensions[0]
    thrown_from: Sequence[Card] = legal_discards(here)
    if here.rules.discard_policy is CLASSIC:
        # Every card may go, but a bad discard would only be called by someone else.
        playable = here.table.playable
        safe = [c for c in thrown_from if not c.is_wild and c not in playable]
        if safe:
            thrown_from = safe
    # The greatest throwaway, worked out for every discard at once.
    thrown = Kinship(here.hand).worst(thrown_from, keep, here.taken)
    if thrown is None:  # only plays remain and none were chosen above: should not happen
        return next(iter(legal_actions(seen)))
    return DISCARDS[thrown]


def play_out(state: GameState, seat: int, own: int, others: int, max_decisions: int) -> GameState:
    """The round finished by GreedyBots, ``seat`` keeping ``own`` and the others ``others``.

    At most ``max_decisions`` moves are made; the state reached is returned, in the round if
    that was not enough. A search bot's rollout under the electronic game's discard policies:
    GreedyBot never makes a discard error, and there are no calls to offer (the classic policy
    goes through :func:`hellsrummy.finish_round`).

    >>> from hellsrummy import new_game
    >>> end = play_out(new_game(4, seed="rollout"), 0, 2, 2, 600)
    >>> end.phase.value, len(end.results)
    ('round_over', 1)
    """
    left = max_decisions
    while left > 0 and state.phase in IN_ROUND:
        state = apply(state, greedy_move(state, own if state.current == seat else others))
        left -= 1
    return state
