"""A search bot: determinized Monte-Carlo search over the moves of a view, GreedyBot rollouts.

:class:`SearchBot` sees only its :class:`hellsrummy.PlayerView`, like every bot. To choose a
move it deals the cards it cannot see at random, consistently with what it has seen
(:func:`hellsrummy.resample`), tries each candidate move on that deal, and finishes the round
with :class:`hellsrummy.GreedyBot` players (itself included); its score for a move is the
points its seat is left with when the round ends (fewer is better, a round won scores 0).

* **Common deals.** Every surviving candidate is tried on the *same* deals, so that the
  comparison between two moves is not drowned in the luck of the deal: the difference between
  their scores on one deal is far less noisy than either score.
* **Successive halving.** The budget is split evenly between stages; after each, the worse
  half of the candidates is dropped, so that most rollouts go to telling the good moves apart.
* **Candidates.** At a take-or-pass decision both; in play, the move GreedyBot would make
  first, then the other plays, then the discards GreedyBot likes best, up to ``width``.
* **A guide** (optional): a function that gives a view's candidate moves with a value for
  each, the points it expects the move to cost (:meth:`hellsrummy.rl.LearnedBot.guide`, a
  trained network). The ``width`` candidates it values best are searched, and each
  candidate's value counts as ``prior`` rollouts: a candidate is scored by the mean of its
  rollouts' points and ``prior`` copies of its value. The search then starts from what the
  network knows, and the rollouts correct it where they disagree.

Each rollout is :func:`hellsrummy.finish_round` with the ``policy`` bot in every seat.

The budget is ``iterations`` rollouts per decision (the bot is then a pure function of its
seed and the view: a game replays exactly) or ``seconds`` per decision (faster machines search
more; no longer reproducible). A decision with one legal move costs nothing.

>>> from hellsrummy import new_game, view
>>> state = new_game(4, seed="search")
>>> bot = SearchBot(seed=1, iterations=8)
>>> bot(view(state, state.current)) == bot(view(state, state.current))
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from hellsrummy.deck.shuffle import Seed, check_seed
from hellsrummy.errors import non_negative, optional_positive, shown
from hellsrummy.game.actions import Action, Discard
from hellsrummy.game.position import position
from hellsrummy.game.rules import CLASSIC
from hellsrummy.game.state import GameState, Phase
from hellsrummy.moves.listing import legal_actions
from hellsrummy.moves.playmoves import DISCARDS as _DISCARDS
from hellsrummy.play.discarding import discards as discards_of
from hellsrummy.play.engine import apply
from hellsrummy.play.turns import IN_ROUND
from hellsrummy.players.bots import GreedyBot, _check
from hellsrummy.players.greedy import play_out
from hellsrummy.players.simulation import finish_round
from hellsrummy.views.resampling import resample
from hellsrummy.views.view import PlayerView

__all__ = ["Guide", "SearchAnalysis", "SearchBot"]

#: A guide for :class:`SearchBot`: a view's candidate moves, and for each the points it expects.
Guide = Callable[[PlayerView], tuple[Sequence[Action], Sequence[float]]]

#: The rollouts per decision of a SearchBot given no budget.
DEFAULT_ITERATIONS = 200

#: Decisions a rollout may take before it is cut short and scored by the hand's penalty (a
#: round of four GreedyBots takes about 60; a few deals keep passing cards round for ever).
ROLLOUT_DECISIONS = 600

#: Decisions a rollout plays between two looks at the clock (under a time budget).
_SLICE = 4

#: Discards kept among the candidates of a turn that could still play cards (holding back).
_HELD_BACK = 2


@attrs.frozen
class SearchAnalysis:
    """What :meth:`SearchBot.analyse` found for one decision.

    ``candidates`` are the moves searched, best guess first (:meth:`SearchBot.candidates`);
    ``rollouts[i]`` is how many rollouts candidate ``i`` had (one per deal it was tried on: a
    candidate dropped by the halving stops early), ``means[i]`` its mean score over them (the
    seat's points when the round ends, plus the bot's ``unwon`` unless it won the round;
    ``None`` without rollouts), ``deals`` how many deals were played; ``action`` is the move
    chosen: the candidate with the lowest total among those still searched at the end, or the
    first candidate when there was no search (one legal move, or not one whole deal in time).

    >>> from hellsrummy import Pass, Take
    >>> found = SearchAnalysis(Take(), (Take(), Pass()), (3, 3), (12.0, 20.5), 3)
    >>> found.rollouts[found.candidates.index(found.action)]
    3
    """

    action: Action
    candidates: tuple[Action, ...]
    rollouts: tuple[int, ...]
    means: tuple[float | None, ...]
    deals: int


def _seconds(instance: SearchBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"seconds must be a positive number or None, got {shown(value)}")


def _prior(instance: SearchBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise ValueError(f"prior must be a number of at least 0, got {shown(value)}")


def _guide(instance: SearchBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not callable(value):
        raise TypeError(f"guide must be a function of a view or None, got {shown(value)}")


def _width(instance: SearchBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise ValueError(f"width must be an int of at least 2, got {shown(value)}")


@attrs.frozen
class SearchBot:
    """Chooses by determinized Monte-Carlo search with GreedyBot rollouts (see the module).

    The budget is ``iterations`` (rollouts per decision: reproducible) or ``seconds`` (per
    decision), one or the other: ``SearchBot(seconds=0.2)`` searches for 0.2 s a decision,
    ``SearchBot(iterations=500)`` plays 500 rollouts, and with neither the bot plays
    ``DEFAULT_ITERATIONS`` (200) rollouts; giving both is an error. ``width`` caps the
    candidate moves searched; ``policy`` is the bot that finishes each rollout for every
    seat; ``unwon`` is added to a rollout's points when the seat does not win the round, so
    that the search prefers going out to merely shedding points.

    >>> from hellsrummy import Take, Pass, new_game, view
    >>> SearchBot(iterations=4)(view(new_game(3, seed=1), 1)) in (Take(), Pass())
    True
    >>> SearchBot(seconds=0.2).iterations is None, SearchBot().iterations
    (True, 200)
    >>> SearchBot(iterations=100, seconds=0.2)
    Traceback (most recent call last):
    ...
    ValueError: give one budget, not both: iterations=100 or seconds=0.2
    """

    seed: Seed = attrs.field(default=0, validator=check_seed)
    iterations: int | None = attrs.field(default=None, validator=optional_positive)
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    width: int = attrs.field(default=8, validator=_width)
    policy: GreedyBot = attrs.field(factory=GreedyBot)
    unwon: int = attrs.field(default=30, validator=non_negative)
    guide: Guide | None = attrs.field(default=None, validator=_guide)
    prior: float = attrs.field(default=0.0, validator=_prior)

    def __attrs_post_init__(self) -> None:
        if self.iterations is not None and self.seconds is not None:
            raise ValueError(
                f"give one budget, not both: iterations={self.iterations!r}"
                f" or seconds={self.seconds!r}"
            )
        if self.seconds is None and self.iterations is None:  # no budget given: the default
            object.__setattr__(self, "iterations", DEFAULT_ITERATIONS)

    def __call__(self, seen: PlayerView) -> Action:
        """The move with the fewest points on average over the rollouts of the budget."""
        return self.analyse(seen).action

    def analyse(self, seen: PlayerView) -> SearchAnalysis:
        """The search of one decision: the move chosen, and what each candidate scored.

        The bot's move is ``analyse(seen).action``; the rest says why (see
        :class:`SearchAnalysis`).

        >>> from hellsrummy import new_game, view
        >>> found = SearchBot(seed=1, iterations=8).analyse(view(new_game(4, seed="why"), 1))
        >>> found.candidates, found.rollouts, found.deals
        ((Take(), Pass()), (4, 4), 4)
        >>> found.action in found.candidates, len(found.means)
        (True, 2)
        """
        _check(seen)
        started = time.perf_counter()
        candidates, values = self._candidates(seen)
        count = len(candidates)
        deals = [0] * count  # the whole deals each candidate was tried on
        totals = [0] * count
        prior = self.prior if values else 0.0
        # A candidate's score: its rollouts' total and ``prior`` rollouts of its value.
        priors = [prior * value for value in values] if values else [0.0] * count
        if count == 1:
            return SearchAnalysis(candidates[0], candidates, (0,), (None,), 0)
        deadline = None if self.seconds is None else started + self.seconds
        alive = list(range(count))
        stages = (count - 1).bit_length()  # halvings down to two, then one last
        spent = in_stage = dealt_count = 0
        label = f"{self.seed!r}/search round {seen.round} event {len(seen.log)} seat {seen.seat}"
        while True:
            if self.iterations is not None:
                budget = self.iterations
            else:  # the rollouts the time left buys, at the pace so far
                assert deadline is not None
                now = time.perf_counter()
                pace = (now - started) / spent if spent else 0.0
                budget = spent + int((deadline - now) / pace) if pace else spent + len(alive)
            if dealt_count and spent + len(alive) > budget:
                break  # another deal would overrun: every survivor has seen the same deals
            dealt = resample(seen, f"{label}/deal {dealt_count}")
            scores = []
            for index in alive:
                score = self._rollout(apply(dealt, candidates[index]), seen.seat, deadline)
                if score is None:
                    break
                scores.append(score)
            if len(scores) < len(alive):  # out of time mid-deal: only whole deals count
                break
            for index, score in zip(alive, scores, strict=True):
                totals[index] += score
                deals[index] += 1
            spent += len(alive)
            in_stage += len(alive)
            dealt_count += 1
            if len(alive) > 2 and in_stage * stages >= budget:
                alive.sort(key=lambda index: (totals[index] + priors[index], index))
                alive = sorted(alive[: (len(alive) + 1) // 2])
                in_stage = 0
        # Every survivor has seen the same deals, so their scores compare. With not one whole
        # deal in the time, the first candidate: GreedyBot's move, or the guide's best.
        final = [totals[index] + priors[index] for index in range(count)]
        best = min(alive, key=lambda index: (final[index], index)) if dealt_count else 0
        means = tuple(
            totals[index] / deals[index] if deals[index] else None for index in range(count)
        )
        return SearchAnalysis(candidates[best], candidates, tuple(deals), means, dealt_count)

    def candidates(self, seen: PlayerView) -> list[Action]:
        """The moves searched, best guess first: GreedyBot's move, other plays, liked discards.

        With a guide, the ``width`` moves it values best, the best first.

        >>> from hellsrummy import new_game, view
        >>> SearchBot().candidates(view(new_game(3, seed=1), 1))
        [Pass(), Take()]
        """
        return list(self._candidates(seen)[0])

    def _candidates(self, seen: PlayerView) -> tuple[tuple[Action, ...], tuple[float, ...]]:
        """The candidates, and the guide's value of each (none without a guide)."""
        if self.guide is None:
            return tuple(self._unguided(seen)), ()
        moves, values = self.guide(seen)
        ranked = sorted(range(len(moves)), key=lambda index: (values[index], index))
        kept = ranked[: self.width]
        return tuple(moves[index] for index in kept), tuple(float(values[i]) for i in kept)

    def _unguided(self, seen: PlayerView) -> list[Action]:
        first = self.policy(seen)
        discards: list[Discard] = []
        if seen.phase is Phase.PLAY:
            # The legal discards, listed last (after the plays: not walked to, since a big
            # hand's ways to meet the minimum can be many), GreedyBot's favourites first.
            discards += [_DISCARDS[c] for c in discards_of(position(seen))]
            discards = [move for move in discards if move != first]
            discards.sort(key=self.policy._discard_preference(seen), reverse=True)
            if isinstance(first, Discard):  # nothing else to play: which card to throw away
                ranked: list[Action] = [first, *discards]
                return ranked[: self.width]
        # Other plays first, but keep a place for GreedyBot's favourite discards (holding cards).
        room = max(self.width - 1 - _HELD_BACK, 1)
        plays = (m for m in legal_actions(seen) if m != first and not isinstance(m, Discard))
        chosen: list[Action] = [first, *itertools.islice(plays, room), *discards]
        return chosen[: self.width]

    def _rollout(self, state: GameState, seat: int, deadline: float | None) -> int | None:
        """The seat's score for the round: its points at the end, plus ``unwon`` unless it won.

        ``None`` when the ``deadline`` passes first (it is looked at every few decisions);
        without one the rollout is played in one go. GreedyBot rollouts of the electronic
        game's policies run on the state itself (:func:`play_out`, the choices GreedyBot makes
        on the seats' views); any other policy, or the classic policy's calls, through
        :func:`hellsrummy.finish_round`.
        """
        policy = self.policy
        fast = type(policy) is GreedyBot and state.rules.discard_policy is not CLASSIC
        left = ROLLOUT_DECISIONS
        slice_ = ROLLOUT_DECISIONS if deadline is None else _SLICE
        while True:
            step = min(left, slice_)
            if fast:
                state = play_out(state, seat, policy.keep, policy.keep, step)
            else:
                state = finish_round(state, policy, max_decisions=step)
            if state.phase not in IN_ROUND:
                result = state.results[-1]
                return result.points[seat] + (0 if result.winner == seat else self.unwon)
            left -= step
            if not left:  # cut short: what the hand would score now, and not won
                return state.hand_value(seat) + self.unwon
            if deadline is not None and time.perf_counter() > deadline:
                return None
