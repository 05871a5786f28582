"""The game's parameters: what ``python_hellsrummy(...)`` takes, and the bounds they imply.

OpenSpiel loads a game from a name and parameters, ``pyspiel.load_game("python_hellsrummy(
players=5,max_turns=100)")``. :data:`DEFAULTS` lists every parameter with its default (its
type is the default's: OpenSpiel refuses ``scale=3.0`` for an int). :func:`settings_of` reads
them into :class:`Settings` (the players, the :class:`hellsrummy.Rules`, and how returns are
counted) and :meth:`Settings.parameters` writes them back; :func:`parameters_of` gives the
parameters of a table's ``Rules``. A :class:`Settings` also works out the bounds OpenSpiel
asks of a game: the utilities' range, the longest game and the most chance nodes.

>>> settings = settings_of({"players": 5, "schedule": "6 8", "max_turns": 100})
>>> settings.players, settings.rules.schedule, settings.rules.max_turns
(5, (6, 8), 100)
>>> settings_of({"difficulty": 9}).rules.schedule
(9,)
>>> settings_of({"discard_policy": "kitchen"})
Traceback (most recent call last):
...
ValueError: discard_policy must be 'penalize', 'reject' or 'classic', got 'kitchen'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import attrs

from hellsrummy.contracts.difficulty import DEFAULT_DECK_PLAN, STANDARD_SCHEDULE
from hellsrummy.errors import shown
from hellsrummy.game.cardpoints import ScoreTable
from hellsrummy.game.rules import DiscardPolicy, Rules
from hellsrummy.game.state import GameState
from hellsrummy.play.engine import new_game
from hellsrummy.rl.encoding import WINDOW
from hellsrummy.rl.observation import SEATS

__all__ = ["DEFAULTS", "RETURNS", "Settings", "parameters_of", "settings_of"]

#: The ways a game's returns are counted (the ``returns`` parameter).
RETURNS = ("points", "win")

#: Every parameter of ``python_hellsrummy`` with its default (see the documentation's page).
DEFAULTS: dict[str, int | str | bool] = {
    "players": 4,
    "schedule": " ".join(map(str, STANDARD_SCHEDULE)),
    "difficulty": 0,
    "hand_size": 9,
    "discard_policy": DiscardPolicy.PENALIZE.value,
    "expert": False,
    "max_turns": 200,
    "exact_contract_melds": False,
    "discard_taken_card": True,
    "returns": "points",
    "unwon": 0,
    "scale": 100,
}

# The parameters that are fields of Rules, with the same name.
_RULE_FIELDS = ("hand_size", "expert", "max_turns", "exact_contract_melds", "discard_taken_card")


def _int(params: Mapping[str, object], name: str, low: int) -> int:
    value = params[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{name} must be an int of at least {low}, got {shown(value)}")
    return value


def _bool(params: Mapping[str, object], name: str) -> bool:
    value = params[name]
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be a bool, got {shown(value)}")
    return value


def _schedule(params: Mapping[str, object]) -> tuple[int, ...]:
    text, difficulty = params["schedule"], _int(params, "difficulty", 0)
    if not isinstance(text, str):
        raise ValueError(f"schedule must be text like '6 7 8', got {shown(text)}")
    if difficulty:
        if text != DEFAULTS["schedule"]:
            raise ValueError(
                f"give a schedule or a difficulty, not both (schedule {shown(text)},"
                f" difficulty {difficulty})"
            )
        return (difficulty,)
    words = [word for word in re.split(r"[\s-]+", text) if word]
    if not words or not all(word.isdigit() for word in words):
        raise ValueError(
            f"schedule must be difficulties separated by spaces or dashes, got {shown(text)}"
        )
    return tuple(int(word) for word in words)


@attrs.frozen
class Settings:
    """A game's players, rules and returns: what its parameters say.

    ``returns`` is ``"points"`` (each seat's return is minus its points over the game's
    rounds, plus ``unwon`` for each round it did not win, divided by ``scale``) or ``"win"``
    (zero-sum: the winners of the game share ``n / (n - 1)`` less the ``1 / (n - 1)`` each
    seat pays; see the documentation's page).

    >>> settings = Settings(4, Rules(max_turns=200))
    >>> settings.min_utility, settings.max_utility, settings.utility_sum
    (-109.0, 0.0, None)
    >>> Settings(4, Rules(max_turns=200), returns="win").min_utility
    -0.3333333333333333
    """

    players: int
    rules: Rules
    returns: str = "points"
    unwon: int = 0
    scale: int = 100

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players must be an int, got {shown(self.players)}")
        if not 3 <= self.players <= SEATS:
            raise ValueError(f"players must be 3 to {SEATS}, got {self.players}")
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, got {shown(self.rules)}")
        if self.rules.max_turns is None:
            raise ValueError("rules.max_turns must be set: an OpenSpiel game needs a turn cap")
        if self.returns not in RETURNS:
            raise ValueError(f"returns must be 'points' or 'win', got {shown(self.returns)}")
        for name in ("unwon", "scale"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (name == "scale"):
                raise ValueError(f"{name} must be an int of at least {int(name == 'scale')}")
        new_game(self.players, seed=0, rules=self.rules)  # every round can be dealt

    def parameters(self) -> dict[str, int | str | bool]:
        """The game parameters of these settings (every parameter, defaults included).

        A schedule of one round is written as its ``difficulty`` (the text ``schedule=8`` in
        a game's name would be read back as an int).

        >>> Settings(4, Rules(schedule=[8, 6], max_turns=50)).parameters()["schedule"]
        '8 6'
        >>> parameters = Settings(4, Rules(schedule=[8], max_turns=50)).parameters()
        >>> parameters["difficulty"], parameters["schedule"]
        (8, '6 7 8 9 10')
        """
        rules = self.rules
        single = len(rules.schedule) == 1
        return {
            **DEFAULTS,
            "players": self.players,
            "schedule": DEFAULTS["schedule"] if single else " ".join(map(str, rules.schedule)),
            "difficulty": rules.schedule[0] if single else 0,
            "discard_policy": rules.discard_policy.value,
            **{name: getattr(rules, name) for name in _RULE_FIELDS},
            "returns": self.returns,
            "unwon": self.unwon,
            "scale": self.scale,
        }

    @property
    def turn_cap(self) -> int:
        """``rules.max_turns``, the turns a round lasts at most.

        >>> Settings(3, Rules(max_turns=7)).turn_cap
        7
        """
        cap = self.rules.max_turns
        assert cap is not None  # (checked when made)
        return cap

    @property
    def hand_limit(self) -> int:
        """The most cards a hand can hold when a round ends.

        A hand grows only when the seat before it passes (by the discard and a stock card):
        its own turns end with a discard (or with no cards at all), calls only give cards
        away, and a seat takes at most ``ceil(max_turns / players)`` of a round's turns.

        >>> Settings(4, Rules(max_turns=200)).hand_limit
        109
        """
        return self.rules.hand_size + 2 * math.ceil(self.turn_cap / self.players)

    @property
    def round_cost_limit(self) -> int:
        """The most a seat can lose in one round: a full hand of the dearest card, ``unwon``.

        (The game makes no discard errors, so no penalty points are added.)

        >>> Settings(4, Rules(max_turns=200), unwon=30).round_cost_limit
        2210
        """
        table = self.rules.score_table
        dearest = max(table.low, table.high, table.ace, table.wild)
        return dearest * self.hand_limit + self.unwon

    @property
    def min_utility(self) -> float:
        """The lowest return a seat can get.

        >>> Settings(3, Rules(schedule=[6], max_turns=30), scale=10).min_utility
        -58.0
        """
        if self.returns == "win":
            return -1.0 / (self.players - 1)
        return -len(self.rules.schedule) * self.round_cost_limit / self.scale

    @property
    def max_utility(self) -> float:
        """The highest return a seat can get: 0 for points (out every round), 1 for a win.

        >>> Settings(3, Rules(max_turns=30), returns="win").max_utility
        1.0
        """
        return 1.0 if self.returns == "win" else 0.0

    @property
    def utility_sum(self) -> float | None:
        """The sum of the returns: 0 when counting wins, none (general-sum) for points.

        >>> Settings(3, Rules(max_turns=30), returns="win").utility_sum
        0.0
        """
        return 0.0 if self.returns == "win" else None

    @property
    def max_game_length(self) -> int:
        """A bound on the decision nodes (steps) of a game: the rounds times :attr:`round_steps`.

        >>> Settings(4, Rules(max_turns=200)).max_game_length
        195800
        """
        return len(self.rules.schedule) * self.round_steps

    @property
    def round_steps(self) -> int:
        """A bound on the steps of one round, from the turn cap ``T``.

        Every card a seat gives away (to a meld, as a discard, as a substitute) came from its
        hand, and a turn adds at most three cards to the hands (a pass), so with ``K = players
        * hand_size + 3 T`` at most ``K`` cards are laid on melds and called with, and at most
        ``K`` wildcards are swapped out; a table of at most ``K / 3`` melds has at most ``p =
        K // (3 WINDOW)`` pages. A play or a call takes at most ``p + 3`` steps, a meld's
        cards one step each and one more per meld; a turn takes one step to take or pass and
        one to discard, and each discard or substitute offered may be declined by every
        other seat. So a round takes at most ``(players + 1) T + K (2 p + 4 + players)``
        steps: a loose bound (a round of GreedyBots takes some hundred steps).

        >>> Settings(4, Rules(max_turns=200)).round_steps
        39160
        """
        players, cap = self.players, self.turn_cap
        most = players * self.rules.hand_size + 3 * cap
        pages = most // (3 * WINDOW)
        return (players + 1) * cap + most * (2 * pages + 4 + players)

    @property
    def max_chance_nodes(self) -> int:
        """A bound on the chance nodes of a game: each round's deal and two draws a turn.

        >>> Settings(4, Rules(max_turns=200)).max_chance_nodes
        2185
        """
        deal = self.players * self.rules.hand_size + 1
        return len(self.rules.schedule) * (deal + 2 * self.turn_cap)

    def utility(self, final: GameState, first: int = 0) -> list[float]:
        """The returns of a game that ended in ``final``, counting its rounds from ``first``.

        ``first`` is the number of rounds already over when the OpenSpiel game started (a
        game started from one of the library's states, see
        :meth:`hellsrummy.openspiel.HellsRummyGame.state_from`): points count only the rounds
        played since, a win is decided by the game's totals.

        >>> from hellsrummy import Rules, new_game, next_round
        >>> from hellsrummy.play.scoring import end_round, outcome
        >>> start = new_game(3, seed=1, rules=Rules(schedule=[6], max_turns=1))
        >>> over = end_round(start, outcome(start, 1, start.hands[1], turns=1))
        >>> over.results[0].points
        (75, 70, 70)
        >>> Settings(3, Rules(schedule=[6], max_turns=9), unwon=30).utility(over)
        [-1.05, -1.0, -1.0]
        >>> Settings(3, Rules(schedule=[6], max_turns=9), returns="win").utility(over)
        [-0.5, 0.25, 0.25]
        """
        players = self.players
        if self.returns == "win":
            winners = final.winners()
            share = players / len(winners)
            return [
                ((share if seat in winners else 0.0) - 1.0) / (players - 1)
                for seat in range(players)
            ]
        costs = [0] * players
        for result in final.results[first:]:
            for seat in range(players):
                costs[seat] += result.points[seat] + (0 if result.winner == seat else self.unwon)
        return [-cost / self.scale for cost in costs]


def settings_of(params: Mapping[str, object]) -> Settings:
    """The settings that game parameters describe (missing ones take their default).

    Bad values raise ``ValueError`` naming the parameter.

    >>> settings_of({}).rules == Rules(max_turns=200)
    True
    >>> settings_of({"players": 11})
    Traceback (most recent call last):
    ...
    ValueError: players must be 3 to 10, got 11
    >>> settings_of({"colour": "red"})
    Traceback (most recent call last):
    ...
    ValueError: unknown parameter 'colour'; the parameters are players, schedule, difficulty, \
hand_size, discard_policy, expert, max_turns, exact_contract_melds, discard_taken_card, \
returns, unwon, scale
    """
    unknown = [name for name in params if name not in DEFAULTS]
    if unknown:
        raise ValueError(
            f"unknown parameter {shown(unknown[0])}; the parameters are {', '.join(DEFAULTS)}"
        )
    values: dict[str, object] = {**DEFAULTS, **params}
    policy = values["discard_policy"]
    if policy not in [p.value for p in DiscardPolicy]:
        raise ValueError(
            f"discard_policy must be 'penalize', 'reject' or 'classic', got {shown(policy)}"
        )
    rules = Rules(
        schedule=_schedule(values),
        hand_size=_int(values, "hand_size", 1),
        discard_policy=DiscardPolicy(policy),
        expert=_bool(values, "expert"),
        max_turns=_int(values, "max_turns", 1),
        exact_contract_melds=_bool(values, "exact_contract_melds"),
        discard_taken_card=_bool(values, "discard_taken_card"),
    )
    returns = values["returns"]
    if returns not in RETURNS:
        raise ValueError(f"returns must be 'points' or 'win', got {shown(returns)}")
    return Settings(
        _int(values, "players", 0),
        rules,
        str(returns),
        _int(values, "unwon", 0),
        _int(values, "scale", 1),
    )


def parameters_of(
    rules: Rules,
    players: int | Sequence[str],
    *,
    returns: str = "points",
    unwon: int = 0,
    scale: int = 100,
) -> dict[str, int | str | bool]:
    """The game parameters of a table playing ``rules`` (``players``: a count or names).

    Raises ``ValueError`` for rules the parameters cannot say: a score table, deck plan or
    table bounds of one's own, discard-error points other than 3, or no turn cap.

    >>> from hellsrummy import DiscardPolicy
    >>> parameters_of(Rules(max_turns=60, discard_policy=DiscardPolicy.CLASSIC), 5)["max_turns"]
    60
    >>> parameters_of(Rules(), 4)
    Traceback (most recent call last):
    ...
    ValueError: rules.max_turns must be set: an OpenSpiel game needs a turn cap
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {shown(rules)}")
    plain = Rules(schedule=rules.schedule, max_turns=rules.max_turns)
    for name in ("min_players", "max_players", "deck_plan", "score_table", "discard_error_points"):
        if getattr(rules, name) != getattr(plain, name):
            raise ValueError(f"an OpenSpiel game plays the default rules.{name}")
    assert plain.deck_plan == DEFAULT_DECK_PLAN
    assert plain.score_table == ScoreTable()
    count = players if isinstance(players, int) else len(players)
    settings = Settings(count, rules, returns, unwon, scale)
    return settings.parameters()
