"""What a simulated game reports: :class:`GameResult` and its :class:`RoundSummary` per round.

Results are plain frozen values, by bot rather than by seat (seats rotate from game to game in
a study), with a dict form for storage and for other languages (``"type": "game_result"``, with
its ``"format"``, and a JSON Schema: ``json_schema("game_result")``).

>>> result = play_game([GreedyBot(), RandomBot(1), RandomBot(2)], seed="doc", game=0)
>>> GameResult.from_dict(result.to_dict()) == result
True
"""

from __future__ import annotations

from typing import Any

import attrs

from hellsrummy.contracts.difficulty import DIFFICULTIES
from hellsrummy.data.history import read_record, record_data
from hellsrummy.data.plain import head, read_head
from hellsrummy.data.readers import Reader
from hellsrummy.data.records import GameRecord
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
    always plays first); ``winners`` lists the bots with the lowest total. ``record`` is the
    game's record when it was asked for (``play_game(..., history=True)``), to replay
    (:func:`hellsrummy.replay`), save and draw; it takes no part in equality.

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
    record: GameRecord | None = attrs.field(default=None, eq=False, repr=False)

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
        >>> data["format"], data["type"], data["game"], len(data["rounds"])
        (4, 'game_result', 0, 5)
        """
        return {
            **head("game_result"),
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
            "record": record_data(self.record),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        """Read a result written by :meth:`to_dict`; bad data raises :class:`ValueError`.

        Reads format 4's (``"type": "game_result"``) and what was written before, without a
        ``"format"`` (``"type": "GameResult"``).

        >>> from hellsrummy import RandomBot
        >>> result = play_game([RandomBot(1)] * 3, "doc", 0)
        >>> GameResult.from_dict(result.to_dict()) == result
        True
        >>> GameResult.from_dict({**result.to_dict(), "winners": [5]})
        Traceback (most recent call last):
        ...
        ValueError: winners: must be the bots with the lowest total, [2], got [5]
        >>> GameResult.from_dict({**result.to_dict(), "type": "GameResult"})
        Traceback (most recent call last):
        ...
        ValueError: type: format 4 names this kind 'game_result', not 'GameResult'
        """
        reader = Reader(data)
        read_head(reader, "game_result")
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
            record=read_record(reader.optional_key("record")),
        )


# So that hellsrummy.from_dict reads it too (and its name before format 4: see register_reader).
register_reader("game_result", GameResult.from_dict)
