"""Side-by-side speed: hellsrummy's random playouts against RLCard's and OpenSpiel's gin rummy.

All engines run in this one process, pinned to one core, in chunks of about ``--chunk`` seconds
each, always in the same order: hellsrummy, then RLCard, then OpenSpiel (when it runs), then
hellsrummy again... Each round of chunks gives a ratio per other engine (hellsrummy's
decisions/s over that engine's steps/s, both from that round); the script prints every round's
rates and ratios and, for each other engine, the median ratio with its range. The machines this
runs on are shared and noisy: only a ratio measured side by side like this means anything.

What is compared (every engine's time includes its own shuffling and dealing):

* hellsrummy: the loop of ``bench/engine.py`` — ``legal_actions``, ``len``, index, ``apply``
  with a uniformly random legal action — 4 players, standard schedule, whole games
  (``next_round`` between rounds); one decision is one ``apply``.
* RLCard: its pure-Python gin rummy *game* (``rlcard.games.gin_rummy.game.GinRummyGame``), 2
  players, one deal per game: ``init_game``, then ``judge.get_legal_actions()`` and ``step``
  with a uniformly random legal action until the game is over; one step is one ``step``. Not
  its env, which builds numpy observations every step.
* OpenSpiel (``--openspiel``; by default whenever ``pyspiel`` imports): its C++ gin rummy
  through the ``pyspiel`` bindings, ``pyspiel.load_game("gin_rummy")`` with the default
  parameters (2 players, 10-card hands, knock card 10, one deal per game). The game's initial
  state is made once; each playout starts from its ``clone()`` and runs to the terminal state.
  At a chance node (each card dealt or drawn from the stock) the action is sampled from
  ``state.chance_outcomes()`` by its probability; at a player node, a uniformly random choice
  of ``state.legal_actions()``; both with the same ``random.Random``. One step is one
  ``apply_action`` at a player node; chance steps are not counted as steps (their time is in
  the rate) but their number is reported.

The engines' steps are not the same size. In both gin rummies a draw and a discard are two
steps, and most random games end when the stock runs out. But OpenSpiel also asks the
non-dealer, then the dealer, whether to take the first upcard (RLCard deals the first player 11
cards instead); a knock and its discard are two steps in OpenSpiel, one in RLCard; OpenSpiel
lays each meld and lays off each card as one step, and passes, where RLCard ends every game
with one scoring step per player (after ``declare_dead_hand`` when the stock runs out).

The script ends with the steps per game of each engine and the hellsrummy it measured (its
version, ``__file__`` and ``COMPILED`` flag; False when the build has none).

Needs the ``bench`` extra (``pip install -e ".[bench]"``, which brings RLCard); OpenSpiel is
``pip install open_spiel``::

    taskset -c 0 python bench/side_by_side.py --rounds 9 --chunk 2
    taskset -c 0 python bench/side_by_side.py --rounds 9 --chunk 2 --openspiel  # or fail
    taskset -c 0 python bench/side_by_side.py --rounds 9 --chunk 2 --no-openspiel
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Protocol

import hellsrummy
from hellsrummy import Phase, apply, legal_actions, new_game, next_round


def pin_to_one_core() -> str:
    """Pin this process to one core (the first it may use); say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    allowed = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {allowed[0]})
    return f"pinned to core {allowed[0]}"


class Playouts(Protocol):
    """An engine playing random games, one whole game per call of ``play``."""

    name: str
    unit: str

    def play(self) -> int:
        """One whole game; returns its number of counted steps."""
        ...


class HellsRummyPlayouts:
    """Random playouts of standard 4-player games, the loop of ``bench/engine.py``."""

    name = "hellsrummy"
    unit = "decisions/s"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.game = 0

    def play(self) -> int:
        """One whole game; returns its number of decisions."""
        rng = self.rng
        state = new_game(4, seed=self.game)
        self.game += 1
        decisions = 0
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.ROUND_OVER:
                state = next_round(state)
                continue
            moves = legal_actions(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            decisions += 1
        return decisions


class RLCardPlayouts:
    """Random playouts of RLCard's gin rummy game (game level, no env observations)."""

    name = "RLCard"
    unit = "steps/s"

    def __init__(self, seed: int) -> None:
        from rlcard.games.gin_rummy.game import GinRummyGame  # the bench extra

        self.rng = random.Random(seed)
        self.game = GinRummyGame()
        self.game.np_random.seed(seed)

    def play(self) -> int:
        """One whole game; returns its number of steps."""
        rng = self.rng
        game = self.game
        game.init_game()
        steps = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """The action of one of ``outcomes`` (pairs of action and probability), drawn by probability."""
    threshold = rng.random()
    for action, probability in outcomes:
        threshold -= probability
        if threshold < 0.0:
            return action
    return outcomes[-1][0]  # the probabilities summed to a hair under 1


class OpenSpielPlayouts:
    """Random playouts of OpenSpiel's gin rummy, each from a clone of one initial state.

    With ``fresh=True``, each from the game's ``new_initial_state()`` instead (bench/kernels.py).
    """

    name = "OpenSpiel"
    unit = "steps/s"

    def __init__(self, seed: int, fresh: bool = False) -> None:
        import pyspiel  # pip install open_spiel

        self.rng = random.Random(seed)
        self.game = pyspiel.load_game("gin_rummy")
        self.initial = self.game.new_initial_state()
        self.fresh = fresh
        self.chance_steps = 0  # over all games played, not counted as steps

    def play(self) -> int:
        """One whole game; returns its number of player steps (chance steps are tallied apart)."""
        rng = self.rng
        state = self.game.new_initial_state() if self.fresh else self.initial.clone()
        steps = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        self.chance_steps += chance
        return steps


def chunk(play: Callable[[], int], seconds: float) -> tuple[int, int, float]:
    """Play whole games for about ``seconds``; return (games, steps, elapsed seconds)."""
    games = steps = 0
    start = time.perf_counter()
    while True:
        steps += play()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, steps, elapsed


def open_spiel_or_why_not(wanted: bool | None, seed: int) -> tuple[OpenSpielPlayouts | None, str]:
    """OpenSpiel's playouts if wanted (None: if pyspiel imports), and a line saying so."""
    if wanted is False:
        return None, "OpenSpiel: not run (--no-openspiel)"
    try:
        import pyspiel
    except ImportError as error:
        why = f"pyspiel does not import ({error}); pip install open_spiel"
        if wanted:
            raise SystemExit(f"--openspiel: {why}") from error
        return None, f"OpenSpiel: not run: {why}"
    try:
        version = metadata.version("open_spiel")
    except metadata.PackageNotFoundError:  # built from source, not installed as a distribution
        version = getattr(pyspiel, "__version__", "(version unknown)")
    return OpenSpielPlayouts(seed), f"OpenSpiel {version} gin_rummy: runs"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=9, help="rounds of chunks (default 9)")
    parser.add_argument("--chunk", type=float, default=2.0, help="seconds per chunk (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--openspiel",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="run OpenSpiel's gin rummy too (default: if pyspiel imports; --openspiel fails"
        " without it)",
    )
    args = parser.parse_args()
    import rlcard

    print(f"Python {platform.python_version()} on {platform.machine()}; {pin_to_one_core()}")
    ours = HellsRummyPlayouts(args.seed)
    openspiel, openspiel_line = open_spiel_or_why_not(args.openspiel, args.seed)
    others: list[Playouts] = [RLCardPlayouts(args.seed)]
    if openspiel is not None:
        others.append(openspiel)
    print(f"RLCard {rlcard.__version__} GinRummyGame against hellsrummy random playouts")
    print(openspiel_line)
    engines: list[Playouts] = [ours, *others]
    for engine in engines:  # warm all up
        chunk(engine.play, 0.5)
    chance_before = openspiel.chance_steps if openspiel is not None else 0
    totals = {engine.name: [0, 0] for engine in engines}  # games, steps of the timed chunks
    ratios: dict[str, list[float]] = {other.name: [] for other in others}
    for number in range(args.rounds):
        rates = {}
        for engine in engines:
            games, steps, elapsed = chunk(engine.play, args.chunk)
            rates[engine.name] = steps / elapsed
            totals[engine.name][0] += games
            totals[engine.name][1] += steps
        line = f"round {number + 1}:"
        for engine in engines:
            line += f"  {engine.name} {rates[engine.name]:9,.0f} {engine.unit}"
        for other in others:
            ratios[other.name].append(rates[ours.name] / rates[other.name])
            line += f"  {ours.name}/{other.name} {ratios[other.name][-1]:.2f}"
        print(line)
    for other in others:
        values = ratios[other.name]
        print(
            f"median ratio {ours.name}/{other.name} {statistics.median(values):.2f}"
            f" (range {min(values):.2f}-{max(values):.2f}, {len(values)} rounds)"
        )
    for engine in engines:
        games, steps = totals[engine.name]
        step = "decisions" if engine is ours else "steps"
        line = f"{engine.name}: {games:,} games timed, {steps / games:.1f} {step} per game"
        if engine is openspiel:
            chance = openspiel.chance_steps - chance_before
            line += f" and {chance / games:.1f} chance steps ({chance:,} in all, not counted)"
        print(line)
    print(
        f"hellsrummy measured: {hellsrummy.__version__} from {hellsrummy.__file__}"
        f" (COMPILED {getattr(hellsrummy, 'COMPILED', False)})"
    )


if __name__ == "__main__":
    main()
