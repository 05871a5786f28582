"""Reference copy of GreedyBot's play-phase choice as it was before it listed moves by section.

The bot used to list every legal move (``legal_actions``) and pick among them; it now works out
the sections of the listing (meeting the minimum or new melds, extensions, swaps, discards) one
at a time and stops at the first that offers a move it plays. This is the old body, kept as
the slow, obviously-correct oracle of ``tests/test_bots.py``.
"""

from __future__ import annotations

from hellsrummy import (
    Action,
    Discard,
    DiscardPolicy,
    Extend,
    GreedyBot,
    Meld,
    PlayerView,
    SwapWildcard,
    is_bad_discard,
    legal_actions,
    penalty_value,
)


def _wilds(action: Meld) -> int:
    return sum(c.is_wild for meld in action.melds for c in meld)


def _shed(action: Meld) -> int:
    return sum(penalty_value(c) for meld in action.melds for c in meld)


def greedy_play(bot: GreedyBot, seen: PlayerView) -> Action:
    """GreedyBot's move in the play phase, chosen from the whole list of legal moves."""
    moves = list(legal_actions(seen))
    meets = [m for m in moves if isinstance(m, Meld)]
    if meets:
        return min(meets, key=lambda m: (_wilds(m), -_shed(m)))
    plays = [m for m in moves if isinstance(m, Extend) and not m.cards[0].is_wild]
    if plays:
        return max(plays, key=lambda m: penalty_value(m.cards[0]))
    buys = [m for m in moves if isinstance(m, SwapWildcard)]
    if buys:
        return max(buys, key=lambda m: penalty_value(m.card))
    wild_plays = [m for m in moves if isinstance(m, Extend)]
    if wild_plays:
        return wild_plays[0]
    discards = [m for m in moves if isinstance(m, Discard)]
    if not discards:
        return moves[0]
    if seen.rules.discard_policy is DiscardPolicy.CLASSIC:
        safe = [m for m in discards if not is_bad_discard(seen, m.card)]
        discards = safe or discards
    return max(discards, key=bot._discard_preference(seen))
