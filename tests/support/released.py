"""Bots as released before the listing gave a layout of melds once (0.3.0 and before).

Until 0.4.0, :func:`hellsrummy.legal_actions` listed every choice of the hand's deuces for a
layout of melds, one after the other; it now lists the first (the lowest deuces) and gives the
others as the move's variants (:meth:`hellsrummy.LegalActions.variants`). ``RandomBot`` chooses
uniformly among the listed moves, so its games changed. The frozen results of earlier formats
were made by the released ``RandomBot``: :class:`ReleasedRandomBot` plays as it did, from the
listing with every variant, so those results can be made again and compared.
"""

from __future__ import annotations

import attrs

from hellsrummy import Action, PlayerView, legal_actions, random_stream

__all__ = ["ReleasedRandomBot", "released_listing"]


def released_listing(seen: PlayerView) -> list[Action]:
    """The moves 0.3.0 listed: each listed move followed by its variants."""
    listing = legal_actions(seen)
    return [variant for move in listing for variant in listing.variants(move)]


@attrs.frozen
class ReleasedRandomBot:
    """``RandomBot`` of 0.3.0: uniform among every listed move and every variant."""

    seed: int | str | bytes = 0

    def __call__(self, seen: PlayerView) -> Action:
        moves = released_listing(seen)
        label = f"bot round {seen.round} event {len(seen.log)} seat {seen.seat}"
        return moves[next(random_stream(self.seed, label)) % len(moves)]
