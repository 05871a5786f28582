"""What a simulated game reports: :class:`GameResult` and its :class:`RoundSummary` per round.

Results are plain frozen values, by bot rather than by seat (seats rotate from game to game in
a study), with a dict form for storage and for other languages.

>>> result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], seed="doc", game=0)
>>> GameResult.from_dict(result.to_dict()) == result
True
"""

from __future__ import annotations

from typing import Any

import attrs

from hellsrummy.contracts.difficulty import DIFFICULTIES
from hellsrummy.data.readers import Reader
from hellsrummy.data.serialize import register_reader

__all__ = ["GameResult", "RoundSummary"]


@attrs.frozen
class RoundSummary:
    """One round of a simulated game, by bot (not by seat).

    ``met_after`` gives, for each bot, the number of turns played in the round when it met
    the minimum (``None``: it never did).

    >>> from hellsrummy import GreedyBot
    >>> first = play_game([GreedyBot()] * 3, "doc", 0).rounds[0]
    >>> first.difficulty, len(first.points), first.winner in (0, 1, 2, None)
    (6, 3, True)
    """

    difficulty: int
    points: tuple[int, ...]
    winner: int | None
    met_after: tuple[int | None, ...]
    turns: int


@attrs.frozen
class GameResult:
    """One simulated game, by bot: ``totals[b]`` is bot ``b``'s total, whatever its seat.

    ``seats[b]`` is the seat bot ``b`` sat in (seats rotate from game to game so that no bot
    always plays first); ``winners`` lists the bots with the lowest total.

    >>> from hellsrummy import GreedyBot, RandomBot
    >>> result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], "doc", 1)
    >>> result.game, result.seats, result.totals[0] == sum(r.points[0] for r in result.rounds)
    (1, (1, 2, 0), True)
    """

    game: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundSummary, ...]
    decisions: int

    @property
    def players(self) -> int:
        """The number of bots at the table.

        >>> from hellsrummy import RandomBot
        >>> play_game([RandomBot(1)] * 4, "doc", 0).players
        4
        """
        return len(self.totals)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (one line of a results file, say).

        >>> from hellsrummy import RandomBot
        >>> data = play_game([RandomBot(1)] * 3, "doc", 0).to_dict()
        >>> data["type"], data["game"], len(data["rounds"])
        ('GameResult', 0, 5)
        """
        return {
            "type": "GameResult",
            "game": self.game,
            "seats": list(self.seats),
            "totals": list(self.totals),
            "winners": list(self.winners),
            "rounds": [
                {
                    "difficulty": r.difficulty,
                    "points": list(r.points),
                    "winner": r.winner,
                    "met_after": list(r.met_after),
                    "turns": r.turns,
                }
                for r in self.rounds
            ],
            "decisions": self.decisions,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        """Read a result written by :meth:`to_dict`; bad data raises :class:`ValueError`.

        >>> from hellsrummy import RandomBot
        >>> result = play_game([RandomBot(1)] * 3, "doc", 0)
        >>> GameResult.from_dict(result.to_dict()) == result
        True
        >>> GameResult.from_dict({**result.to_dict(), "winners": [5]})
        Traceback (most recent call last):
        ...
        ValueError: winners: must be the bots with the lowest total, [0], got [5]
        """
        reader = Reader(data)
        if reader.key("type").value != "GameResult":
            raise ValueError("type: must be 'GameResult'")
        seats = reader.key("seats").ints(None)
        count = len(seats)
        if sorted(seats) != list(range(count)) or not count:
            raise ValueError(f"seats: must order the seats 0 to {count - 1}, got {list(seats)}")
        totals = reader.key("totals").ints(count)
        best = min(totals)
        winners = reader.key("winners").ints(None)
        lowest = [b for b in range(count) if totals[b] == best]
        if list(winners) != lowest:
            raise ValueError(
                f"winners: must be the bots with the lowest total, {lowest}, got {list(winners)}"
            )
        rounds = []
        for item in reader.key("rounds").items():
            winner = item.key("winner").optional(lambda seat: seat.seat(count))
            met_after = tuple(
                turn.optional(lambda value: value.integer(0))
                for turn in item.key("met_after").items()
            )
            if len(met_after) != count:
                raise ValueError(f"{item.path}.met_after: must have {count} entries")
            rounds.append(
                RoundSummary(
                    difficulty=item.key("difficulty").integer(min(DIFFICULTIES), max(DIFFICULTIES)),
                    points=item.key("points").ints(count),
                    winner=winner,
                    met_after=met_after,
                    turns=item.key("turns").integer(0),
                )
            )
        return cls(
            game=reader.key("game").integer(0),
            seats=seats,
            totals=totals,
            winners=winners,
            rounds=tuple(rounds),
            decisions=reader.key("decisions").integer(0),
        )


register_reader("GameResult", GameResult.from_dict)  # so that hellsrummy.from_dict reads it too
