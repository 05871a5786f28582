"""The records of a study on duplicate deals: each deal's rounds, as plain values.

:func:`hellsrummy.stream_deals` yields one :class:`DealRecord` per deal: the round the field
played alone (the *baseline*) and, for each candidate, its round in each seat, all on the same
cards. Records store as plain data (:meth:`DealRecord.to_dict` and
:meth:`DealRecord.from_dict`; ``"type": "deal_record"``, with its ``"format"``, and a JSON
Schema: ``json_schema("deal_record")``), so that a long study can be written as it runs,
resumed by deal numbers, and summarized later (:meth:`hellsrummy.Comparison.from_records`).

>>> from hellsrummy import RandomBot, stream_deals
>>> (record,) = stream_deals({"random": RandomBot}, deals=[2], seed="doc")
>>> record.baseline.seat, len(record.of("random")), record.of("random")[3].seat
(None, 4, 3)
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
from hellsrummy.errors import shown

__all__ = ["DealRecord", "DealRound"]


@attrs.frozen
class DealRound:
    """One round of a deal: its points and winner by seat, and the candidate's decisions.

    ``seat`` is the candidate's seat (``None`` for the baseline, the field alone); ``winner``
    is the seat that went out, ``None`` when the round had no winner (cut by
    ``Rules.max_turns``). ``seconds`` holds the wall time of each of the candidate's
    decisions (``time.perf_counter``); it takes no part in equality, so two runs of a study
    with iteration-budget bots give equal rounds on any machine.

    >>> one = DealRound(seat=1, points=(30, 0, 12, 40), winner=1, turns=21, decisions=6)
    >>> one.won, one.capped, one == attrs.evolve(one, seconds=(0.1,) * 6)
    (True, False, True)
    """

    seat: int | None
    points: tuple[int, ...]
    winner: int | None
    turns: int
    decisions: int
    seconds: tuple[float, ...] = attrs.field(default=(), eq=False, repr=False)
    record: GameRecord | None = attrs.field(default=None, eq=False, repr=False)
    """The round's game record, when the study was asked for it (``history=True``)."""

    @property
    def won(self) -> bool:
        """Whether the candidate went out (always ``False`` for the baseline).

        >>> DealRound(seat=None, points=(0, 5, 9), winner=0, turns=9, decisions=0).won
        False
        """
        return self.seat is not None and self.winner == self.seat

    @property
    def capped(self) -> bool:
        """Whether the round ended with no winner (cut by ``Rules.max_turns``).

        >>> DealRound(seat=0, points=(5, 5, 9), winner=None, turns=40, decisions=13).capped
        True
        """
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-ready data (part of :meth:`DealRecord.to_dict`).

        >>> data = DealRound(seat=None, points=(0, 5, 9), winner=0, turns=9, decisions=0).to_dict()
        >>> data
        {'seat': None, 'points': [0, 5, 9], 'winner': 0, 'turns': 9, 'decisions': 0, ...}
        >>> data["seconds"], data["record"]
        ([], None)
        """
        return {
            "seat": self.seat,
            "points": list(self.points),
            "winner": self.winner,
            "turns": self.turns,
            "decisions": self.decisions,
            "seconds": list(self.seconds),
            "record": record_data(self.record),
        }


def _read_round(reader: Reader, players: int | None) -> DealRound:
    points = reader.key("points").ints(players)
    count = len(points)
    seconds = [item.seconds() for item in reader.key("seconds").items()]
    decisions = reader.key("decisions").integer(0)
    if len(seconds) not in (0, decisions):
        raise reader.fail(f"seconds: must time each of the {decisions} decisions")
    return DealRound(
        seat=reader.key("seat").optional(lambda seat: seat.seat(count)),
        points=points,
        winner=reader.key("winner").optional(lambda seat: seat.seat(count)),
        turns=reader.key("turns").integer(0),
        decisions=decisions,
        seconds=tuple(seconds),
        record=read_record(reader.optional_key("record")),
    )


@attrs.frozen
class DealRecord:
    """Everything played on one deal: the baseline and each candidate's round in each seat.

    ``rounds[c][s]`` is candidate ``names[c]`` in seat ``s``, the field in the other seats;
    ``baseline`` is the field in every seat. All are played on the same cards. Records are
    plain values, and :meth:`to_dict` / :meth:`from_dict` store them (a line of a file, say),
    so that a study can be written as it runs, resumed, and summarized later.

    >>> from hellsrummy import RandomBot, stream_deals
    >>> (record,) = stream_deals({"random": RandomBot}, deals=[4], seed="doc")
    >>> record.deal, record.difficulty, record.players, [r.seat for r in record.of("random")]
    (4, 10, 4, [0, 1, 2, 3])
    >>> DealRecord.from_dict(record.to_dict()) == record
    True
    """

    deal: int
    difficulty: int
    baseline: DealRound
    names: tuple[str, ...]
    rounds: tuple[tuple[DealRound, ...], ...]

    @property
    def players(self) -> int:
        """The number of seats at the table.

        >>> base = DealRound(seat=None, points=(0, 5, 9), winner=0, turns=9, decisions=0)
        >>> DealRecord(deal=0, difficulty=6, baseline=base, names=(), rounds=()).players
        3
        """
        return len(self.baseline.points)

    def of(self, name: str) -> tuple[DealRound, ...]:
        """The rounds of candidate ``name``, by seat; an unknown name raises ``ValueError``.

        >>> base = DealRound(seat=None, points=(0, 5, 9), winner=0, turns=9, decisions=0)
        >>> DealRecord(deal=0, difficulty=6, baseline=base, names=(), rounds=()).of("x")
        Traceback (most recent call last):
        ...
        ValueError: deal 0 has no candidate 'x'; its candidates are []
        """
        if name not in self.names:
            raise ValueError(
                f"deal {self.deal} has no candidate {shown(name)}; its candidates are"
                f" {list(self.names)}"
            )
        return self.rounds[self.names.index(name)]

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data.

        >>> from hellsrummy import GreedyBot, Unseeded, stream_deals
        >>> (record,) = stream_deals({"greedy": Unseeded(GreedyBot)}, deals=1, seed="doc")
        >>> data = record.to_dict()
        >>> data["type"], data["deal"], list(data["candidates"]), len(data["candidates"]["greedy"])
        ('deal_record', 0, ['greedy'], 4)
        """
        return {
            **head("deal_record"),
            "deal": self.deal,
            "difficulty": self.difficulty,
            "baseline": self.baseline.to_dict(),
            "candidates": {
                name: [one.to_dict() for one in rounds]
                for name, rounds in zip(self.names, self.rounds, strict=True)
            },
        }

    @classmethod
    def from_dict(cls, data: Any) -> DealRecord:
        """Read a record written by :meth:`to_dict`; bad data raises ``ValueError``.

        Reads format 4's (``"type": "deal_record"``) and what was written before, without a
        ``"format"`` (``"type": "DealRecord"``).

        >>> from hellsrummy import RandomBot, stream_deals
        >>> (record,) = stream_deals([RandomBot], deals=1, seed="doc")
        >>> data = record.to_dict()
        >>> data["candidates"]["RandomBot"][2]["seat"] = 0
        >>> DealRecord.from_dict(data)
        Traceback (most recent call last):
        ...
        ValueError: candidates.RandomBot[2].seat: must be 2, got 0
        """
        return read_deal_record(Reader(data))


def read_deal_record(reader: Reader) -> DealRecord:
    """The :class:`DealRecord` at ``reader`` (see :meth:`DealRecord.from_dict`), errors at its path.

    >>> from hellsrummy import RandomBot, stream_deals
    >>> (record,) = stream_deals([RandomBot], deals=1, seed="doc")
    >>> read_deal_record(Reader(record.to_dict())) == record
    True
    """
    read_head(reader, "deal_record")
    baseline = _read_round(reader.key("baseline"), None)
    if baseline.seat is not None:
        raise reader.key("baseline").key("seat").fail("must be null")
    players = len(baseline.points)
    names: list[str] = []
    rounds: list[tuple[DealRound, ...]] = []
    candidates = reader.key("candidates")
    for name in candidates.mapping():
        items = candidates.key(name).items()
        if len(items) != players:
            raise candidates.key(name).fail(f"must have one round per seat ({players})")
        mine = tuple(_read_round(item, players) for item in items)
        for seat, (item, one) in enumerate(zip(items, mine, strict=True)):
            if one.seat != seat:
                raise item.key("seat").fail(f"must be {seat}, got {shown(one.seat)}")
        names.append(name)
        rounds.append(mine)
    return DealRecord(
        deal=reader.key("deal").integer(0),
        difficulty=reader.key("difficulty").integer(min(DIFFICULTIES), max(DIFFICULTIES)),
        baseline=baseline,
        names=tuple(names),
        rounds=tuple(rounds),
    )


# So that hellsrummy.from_dict reads it too (and its name before format 4: see register_reader).
register_reader("deal_record", DealRecord.from_dict)
