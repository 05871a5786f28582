"""The biggest legal-move listings reachable by play, and what listing them in full costs.

A position's listing (``legal_actions``) is the seat's moves: take or pass, or its plays and
discards. A seat that has not met the minimum lists every way to meet it, and a hand that grew
for dozens of turns in a stalled round of a hard contract can meet it in millions of ways.
This scan looks for such positions where the test suite's random games find them, and more:

1. **Scan.** Games are played by random legal moves with the test suite's game driver
   (``tests/support/positions.py``: random rules of every variant, a random style of play, some
   games stalling with big hands), from ``--games`` seeds drawn from ``--seed``. Half the games
   are those of ``tests/views/test_check_views.py`` (3 to 6 players, any policy, 120 steps:
   the test that ran out of memory), half stall on purpose (3 to 10 players, a hard contract
   of difficulty 18 to 25, seats that rarely play, ``--steps`` steps). Every position where the
   seat to act has not met the minimum is counted (``len(legal_actions(state))``: the ways to
   meet counted, no move made), with the seconds that took and whether the listing left ways
   out (``LegalActions.truncated``, past ``MAX_LISTED_MEETINGS``). Each game's biggest position
   is kept (one row per game), and the slowest position to count of the whole scan.
2. **Listing in full.** The ``--top`` biggest of those are each rebuilt in a
   fresh process (from the game's seed and step) that makes the list of every move
   (``list(legal_actions(state))``) and reports the seconds and the memory it took: the
   process's peak resident memory (``ru_maxrss``) beyond what it held before listing. A process
   is allowed ``--limit-gb`` of address space, so a listing that would fill the machine stops
   with ``MemoryError`` there instead.

``--fixtures PATH`` also writes the listed positions' states as JSON (``to_dict``), which
``tests/moves/test_worst_listings.py`` reads. Each row gives the seeds to rebuild it:
``python bench/listing_scan.py --show GAME STEP`` prints the position, and
``--list GAME STEP`` lists it in full as the scan does.

Run from the repository's top folder, pinned to a core, with each build::

    taskset -c 0 .venv/bin/python bench/listing_scan.py --games 400
    taskset -c 1 /tmp/compiled-venv/bin/python bench/listing_scan.py --games 400

(the compiled build installed in its own venv; the scan imports the hellsrummy of the
interpreter that runs it, and the test suite's game driver from this folder).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the test suite's game driver (tests/support)

from tests.support.positions import Style, random_game, random_rules  # noqa: E402

import hellsrummy as hr  # noqa: E402
from hellsrummy import GameState, Phase, legal_actions  # noqa: E402


class Game(NamedTuple):
    """One scanned game: everything ``random_game`` needs, from the game's number."""

    number: int
    seed: int
    players: int
    rules: hr.Rules
    style: Style
    steps: int
    kind: str


def game(number: int, base: int, steps: int) -> Game:
    """Game ``number`` of the scan from seed ``base``: a test-suite game or a stalled one."""
    seed = random.Random(f"listing scan {base} {number}").getrandbits(32)
    if number % 2 == 0:  # as tests/views/test_check_views.py plays them
        rng = random.Random(f"check views {seed}")
        players = rng.randint(3, 6)
        policies = (hr.DiscardPolicy.CLASSIC,) if seed % 2 else tuple(hr.DiscardPolicy)
        rules = random_rules(rng, players, policies)
        style = attrs.evolve(Style.draw(rng), call=0.3, leave=rng.choice([0.0, 0.01]))
        return Game(number, seed, players, rules, style, 120, "test")
    rng = random.Random(f"stalled {seed}")
    players = rng.randint(3, 10)
    rules = attrs.evolve(
        random_rules(rng, players),
        schedule=[rng.randint(18, 25)],
        hand_size=rng.choice([9, 11, 13, 15]),
        max_turns=None,
    )
    style = attrs.evolve(Style.draw(rng), take=rng.choice([0.2, 0.5, 0.8]), play=0.03)
    return Game(number, seed, players, rules, style, steps, "stalled")


def positions(spec: Game) -> list[GameState]:
    """Every position of the game, in order (a step's number is its index)."""
    steps = random_game(spec.seed, spec.rules, spec.players, steps=spec.steps, style=spec.style)
    return [step.state for step in steps]


class Found(NamedTuple):
    """A counted position: where it is, what it is, how many moves it lists."""

    game: int
    step: int
    kind: str
    players: int
    difficulty: int
    decks: str
    hand: int
    wilds: int
    moves: int
    truncated: bool
    seconds: float


def counted(spec: Game, step: int, state: GameState) -> Found:
    """Count a position's moves (none made) and time it."""
    hand = state.hands[state.current]
    started = time.perf_counter()
    listing = legal_actions(state)
    moves = len(listing)
    seconds = time.perf_counter() - started
    suits, decks = hr.deck_plan(state.players, state.contract.difficulty)
    return Found(
        spec.number,
        step,
        spec.kind,
        state.players,
        state.contract.difficulty,
        f"{len(suits)}x{decks}",
        len(hand),
        sum(c.is_wild for c in hand),
        moves,
        listing.truncated,
        seconds,
    )


def scan(games: int, base: int, steps: int) -> tuple[list[Found], Found | None]:
    """The position with the most moves of each game, most first; and the slowest to count."""
    best: list[Found] = []
    slowest: Found | None = None
    started = time.perf_counter()
    for number in range(games):
        spec = game(number, base, steps)
        mine: Found | None = None
        for step, state in enumerate(positions(spec)):
            if state.phase is Phase.PLAY and not state.met[state.current]:
                f = counted(spec, step, state)
                if mine is None or (f.moves, f.seconds) > (mine.moves, mine.seconds):
                    mine = f
                if slowest is None or f.seconds > slowest.seconds:
                    slowest = f
        if mine is not None:
            best.append(mine)
        if (number + 1) % 20 == 0:
            most = max((f.moves for f in best), default=0)
            spent = time.perf_counter() - started
            print(f"  {number + 1} games, {spent:.0f} s, most moves {most:,}", file=sys.stderr)
    best.sort(key=lambda f: (-f.moves, -f.seconds))
    return best, slowest


def listed_in_full(number: int, step: int, base: int, steps: int) -> dict[str, Any]:
    """List a position's every move in this process; seconds and memory it took."""
    state = positions(game(number, base, steps))[step]
    gc.collect()
    # The peak resident memory is set back to the memory held now (Linux: clear_refs 5), so
    # the peak read after listing is the listing's own.
    Path("/proc/self/clear_refs").write_text("5")
    before = _status_kb("VmRSS")
    started = time.perf_counter()
    moves = list(legal_actions(state))
    seconds = time.perf_counter() - started
    peak = _status_kb("VmHWM")
    return {"moves": len(moves), "seconds": seconds, "mb": (peak - before) / 1024}


def _status_kb(field: str) -> int:
    """A memory figure of this process from ``/proc/self/status``, in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def in_a_process(number: int, step: int, base: int, steps: int, limit_gb: float) -> dict[str, Any]:
    """:func:`listed_in_full` in a fresh process allowed ``limit_gb`` of memory."""
    command = [
        sys.executable,
        __file__,
        "--list",
        str(number),
        str(step),
        "--seed",
        str(base),
        "--steps",
        str(steps),
        "--limit-gb",
        str(limit_gb),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": tail}
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def table(found: list[Found], full: list[dict[str, Any]]) -> str:
    """The scan's table (reStructuredText)."""
    head = (
        "game  step  kind     players difficulty pack hand wilds  moves (truncated)"
        "  len s  listed s  MB"
    )
    lines = [head]
    for f, listed in zip(found, full, strict=False):
        cut = "yes" if f.truncated else "no"
        if "error" in listed:
            tail = listed["error"]
        else:
            tail = f"{listed['seconds']:8.2f}  {listed['mb']:6.0f}"
        lines.append(
            f"{f.game:4d}  {f.step:4d}  {f.kind:8s} {f.players:7d} {f.difficulty:10d} "
            f"{f.decks:4s} {f.hand:4d} {f.wilds:5d}  {f.moves:9,d} ({cut:3s})  "
            f"{f.seconds:6.2f}  {tail}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400, help="games to scan (default 400)")
    parser.add_argument("--seed", type=int, default=2026, help="the scan's seed (default 2026)")
    parser.add_argument("--steps", type=int, default=200, help="steps of a stalled game")
    parser.add_argument("--top", type=int, default=12, help="positions listed in full")
    parser.add_argument("--limit-gb", type=float, default=3.0, help="memory of a listing process")
    parser.add_argument("--show", nargs=2, type=int, metavar=("GAME", "STEP"))
    parser.add_argument("--list", nargs=2, type=int, metavar=("GAME", "STEP"))
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument(
        "--fixtures",
        type=Path,
        help="write the top positions' states here (to_dict JSON, as tests/moves reads them)",
    )
    args = parser.parse_args()
    limit = int(args.limit_gb * (1 << 30))
    if args.show:
        number, step = args.show
        spec = game(number, args.seed, args.steps)
        state = positions(spec)[step]
        print(spec)
        print(state.describe())
        print(counted(spec, step, state))
        return
    if args.list:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        number, step = args.list
        print(json.dumps(listed_in_full(number, step, args.seed, args.steps)))
        return
    print(f"hellsrummy {hr.__version__} from {hr.__file__}, compiled: {hr.COMPILED}")
    print(f"python {sys.version.split()[0]}, pid {os.getpid()}")
    started = time.perf_counter()
    found, slowest = scan(args.games, args.seed, args.steps)
    print(f"scanned {args.games} games in {time.perf_counter() - started:.0f} s")
    if slowest is not None:
        print(f"slowest to count: game {slowest.game} step {slowest.step}, {slowest.moves:,} moves")
        print(
            f"  in {slowest.seconds:.2f} s ({slowest.players} players, difficulty "
            f"{slowest.difficulty}, a hand of {slowest.hand} with {slowest.wilds} wilds)"
        )
    full = [
        in_a_process(f.game, f.step, args.seed, args.steps, args.limit_gb)
        for f in found[: args.top]
    ]
    print(table(found[: args.top], full))
    if args.json:
        rows = [{**f._asdict(), **listed} for f, listed in zip(found, full, strict=False)]
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    if args.fixtures:
        saved = [fixture(f, args.seed, args.steps) for f in found[: args.top]]
        args.fixtures.write_text(json.dumps({"seed": args.seed, "positions": saved}) + "\n")


def fixture(f: Found, base: int, steps: int) -> dict[str, Any]:
    """A found position as a test fixture: where it comes from, its count, its state."""
    state = positions(game(f.game, base, steps))[f.step]
    return {"game": f.game, "step": f.step, "moves": f.moves, "state": hr.to_dict(state)}


if __name__ == "__main__":
    main()
