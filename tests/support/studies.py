"""Helpers for the tests of studies on duplicate deals: bot factories and made-up records.

The factories are functions of this module, so that process pools can pickle them.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellsrummy import DealRecord, DealRound, RandomBot


def apart(seed: int) -> RandomBot:
    """A RandomBot seeded apart from the field's RandomBot in the same seat: the same player."""
    return RandomBot(f"apart {seed}")


def made_up_records(shifts: Sequence[Sequence[int]], name: str = "made up") -> list[DealRecord]:
    """Records of one candidate that scores ``shifts[deal][seat]`` points more than the
    baseline in that seat of that deal (the baseline scores 50 in every seat; nobody wins)."""
    records = []
    for deal, by_seat in enumerate(shifts):
        players = len(by_seat)
        base = (50,) * players
        rounds = tuple(
            DealRound(
                seat=seat,
                points=tuple(p + (shift if s == seat else 0) for s, p in enumerate(base)),
                winner=None,
                turns=40,
                decisions=1,
                seconds=(0.001,),
            )
            for seat, shift in enumerate(by_seat)
        )
        baseline = DealRound(seat=None, points=base, winner=None, turns=40, decisions=0)
        records.append(
            DealRecord(deal=deal, difficulty=6, baseline=baseline, names=(name,), rounds=(rounds,))
        )
    return records
