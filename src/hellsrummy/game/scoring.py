"""The 0.2.0 path of :mod:`hellsrummy.game.cardpoints` (card points), kept so old code imports.

The points of a card left in hand are decided in :mod:`hellsrummy.game.cardpoints`; the end of
a round and its scores in :mod:`hellsrummy.play.scoring`. This module only re-exports the
0.2.0 names.

>>> from hellsrummy.game.scoring import ScoreTable as Old
>>> Old is ScoreTable
True
"""

from __future__ import annotations

from hellsrummy.game.cardpoints import PENALTY_OF, ScoreTable, penalty_value

__all__ = ["PENALTY_OF", "ScoreTable", "penalty_value"]
