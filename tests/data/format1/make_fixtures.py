"""Save games, snapshots and actions with hellsrummy 0.1.0 (data format 1), as test fixtures.

Run it from the repository's root with the interpreter of an environment where release 0.1.0
is installed (not this working tree)::

    /work/venv-old/bin/python tests/data/format1/make_fixtures.py

It plays three short deterministic games (bots plus a few scripted actions) and writes, next
to this script, what a user of 0.1.0 would have saved:

* ``record_<name>.json``: ``GameRecord.to_dict()`` of each game; ``record_<name>.txt``:
  ``GameRecord.to_text()`` of the same record;
* ``state_<name>.json``: ``to_dict(state)`` of a few states (mid-round, after a discard
  error, round over, after a seat left, game over) and ``view_<name>.json``:
  ``to_dict(view(state, seat))`` of a few views;
* ``actions.json`` / ``actions.txt``: one action of every kind as ``to_dict`` and as
  notation; ``events.json``: one event of every kind as ``to_dict``; ``rules.json``: the
  rules of the games as ``to_dict``;
* ``manifest.json``: where each snapshot comes from (record, number of actions applied, seat)
  and the facts 0.1.0 gives at the end of each record (phase, round, scores, winners, the
  final state's file).

The games:

``default``
    Default rules, three players. Seat 0 switches play protection on, then gets a
    play-protection warning; a seat makes a discard error (penalised); protection is switched
    at a round's end. Played to the end of the game.
``variant``
    ``Rules(discard_policy=REJECT, schedule=(6, 7), hand_size=7, expert=True)``, four players
    (one a ``RandomBot``); played to the end of the game.
``leave``
    A fixed deal for the first round and a ``bytes`` seed, four players: seat 3 leaves during
    the first round, the second is dealt to three seats, then two more seats leave and the game
    ends mid-round.

``tests/test_format1.py`` loads all of it with the library under test. The files are recorded
once, with 0.1.0; never regenerate them with a later version (the script refuses to run under
any version but 0.1.0 or any format but 1; ``--any-version`` overrides that, to try it, and
``--output`` writes elsewhere).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import hellsrummy
from hellsrummy import (
    Action,
    Bot,
    Deal,
    Discard,
    DiscardPolicy,
    Extend,
    GameRecord,
    GameState,
    GreedyBot,
    Leave,
    Meld,
    Pass,
    Phase,
    RandomBot,
    Reason,
    Rules,
    SetPlayProtection,
    SwapWildcard,
    Take,
    apply,
    check,
    format_action,
    new_game,
    next_round,
    replay,
    to_dict,
    view,
)

HERE = Path(__file__).parent

VARIANT = Rules(discard_policy=DiscardPolicy.REJECT, schedule=(6, 7), hand_size=7, expert=True)
LEAVE_RULES = Rules(schedule=(6, 8, 7))


class Game:
    """A game being played: its first state, the actions so far, the state after them.

    ``act`` applies an action the way :func:`hellsrummy.replay` does (a new round is dealt
    before any action but a table action once a round is over), so that replaying the record
    of ``start`` and ``actions`` gives ``state``.
    """

    def __init__(self, start: GameState, bots: dict[int, Bot], deal: Deal | None = None) -> None:
        self.start = start
        self.deal = deal
        self.bots = bots
        self.state = start
        self.actions: list[Action] = []
        self.snapshots: list[dict[str, Any]] = []
        self.done: set[str] = set()

    def act(self, action: Action) -> None:
        state = self.state
        if state.phase is Phase.ROUND_OVER and not isinstance(action, (SetPlayProtection, Leave)):
            state = next_round(state)
        self.state = apply(state, action)
        self.actions.append(action)

    def bot_move(self) -> None:
        state = self.state
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
        self.act(self.bots[state.current](view(state, state.current)))

    def once(self, label: str) -> bool:
        """True the first time ``label`` is asked about."""
        if label in self.done:
            return False
        self.done.add(label)
        return True

    def snapshot(self, name: str, seat: int | None = None) -> None:
        """Remember the state (or ``seat``'s view) after the actions so far, as ``name``."""
        self.snapshots.append({"name": name, "after": len(self.actions), "seat": seat})

    def play(
        self,
        until: Callable[[Game], bool],
        script: Callable[[Game], None] = lambda game: None,
        limit: int = 3000,
    ) -> None:
        """Let the bots play until ``until(game)``; ``script`` may act first at every step."""
        for _ in range(limit):
            if until(self) or self.state.phase is Phase.GAME_OVER:
                return
            before = len(self.actions)
            script(self)
            if len(self.actions) == before:
                self.bot_move()
        raise RuntimeError(f"no end after {limit} steps")

    def record(self) -> GameRecord:
        return GameRecord.of(self.start, self.actions, deal=self.deal)


def refused(state: GameState, reasons: Sequence[Reason]) -> list[Discard]:
    """The discards of the seat to act that ``check`` refuses for one of ``reasons``."""
    if state.phase is not Phase.PLAY:
        return []
    hand = sorted(set(state.hands[state.current]))
    return [Discard(c) for c in hand if check(state, Discard(c)) in reasons]


def default_game() -> Game:
    start = new_game(["Ann", "Bob", "Cat"], seed="format 1 default game")
    game = Game(start, {seat: GreedyBot() for seat in range(3)})
    game.act(SetPlayProtection(0, True))

    def script(game: Game) -> None:
        state = game.state
        warnings = refused(state, [Reason.PLAY_REMAINS])
        if warnings and state.current == 0 and game.once("warning"):
            game.act(warnings[-1])
            game.snapshot("default_warning")
            return
        errors = refused(state, [Reason.WILDCARD_DISCARD, Reason.RUMMY_DISCARD])
        if errors and game.once("discard error"):
            game.act(errors[0])
            game.snapshot("default_discard_error")
            game.snapshot("default_discard_error_view", seat=(state.current + 1) % 3)
            return
        if state.phase is Phase.ROUND_OVER and state.round == 0 and game.once("switch"):
            game.snapshot("default_round_over")
            game.act(SetPlayProtection(0, False))
            game.act(SetPlayProtection(2, True))
            return
        if (
            state.round == 1
            and state.phase is Phase.DECIDE
            and state.melds
            and game.once("mid-round")
        ):
            game.snapshot("default_decide")
            game.snapshot("default_decide_view", seat=2)

    game.snapshot("default_start")
    game.play(lambda game: False, script)
    missing = {"warning", "discard error", "switch", "mid-round"} - game.done
    if missing:
        raise RuntimeError(f"the default game never reached: {sorted(missing)}")
    return game


def variant_game() -> Game:
    start = new_game(4, seed=20260101, rules=VARIANT)
    bots: dict[int, Bot] = {0: GreedyBot(), 1: GreedyBot(), 2: RandomBot(seed=7), 3: GreedyBot()}
    game = Game(start, bots)
    game.act(SetPlayProtection(1, False))  # expert mode forbids only switching it on

    def script(game: Game) -> None:
        state = game.state
        if state.round == 1 and state.phase is Phase.PLAY and state.melds and game.once("mid"):
            game.snapshot("variant_play")
            game.snapshot("variant_play_view", seat=state.current)

    game.play(lambda game: False, script)
    return game


def leave_game() -> Game:
    other = new_game(4, seed="format 1 fixed deal")
    assert other.discard is not None
    deal = Deal(hands=other.hands, discard=other.discard, stock=tuple(reversed(other.stock)))
    start = new_game(
        ["North", "East", "South", "West"],
        seed=b"\x00format 1 leave\xff",
        rules=LEAVE_RULES,
        deal=deal,
    )
    bots: dict[int, Bot] = {0: GreedyBot(), 1: GreedyBot(), 2: RandomBot(seed=3), 3: GreedyBot()}
    game = Game(start, bots, deal=deal)
    # Seat 3 leaves in the middle of the first round, on someone else's turn.
    game.play(lambda game: len(game.actions) >= 8 and game.state.current != 3)
    game.act(Leave(3))
    game.snapshot("leave_left")
    # The second round is dealt to the three seats left; a few turns into it, two of them leave.
    game.play(lambda game: game.state.round == 1 and game.state.turns >= 4)
    game.snapshot("leave_three_seats_view", seat=1)
    first = next(seat for seat in (0, 1, 2) if seat != game.state.current)
    game.act(Leave(first))
    second = next(seat for seat in (0, 1, 2) if seat not in (first, game.state.current))
    game.act(Leave(second))
    return game


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def one_of_each(values: Sequence[Any], key: Callable[[Any], Any]) -> list[Any]:
    seen: dict[Any, Any] = {}
    for value in values:
        seen.setdefault(key(value), value)
    return list(seen.values())


def every_action_kind(games: Sequence[Game]) -> list[Action]:
    """One action of every kind the games played (both protection switches), and a few more."""
    played = [action for game in games for action in game.actions]
    chosen = one_of_each(played, lambda action: (type(action), getattr(action, "on", None)))
    several: list[Action] = [m for m in played if isinstance(m, Meld) and len(m.melds) > 1]
    several += [m for m in played if isinstance(m, Extend) and len(m.cards) > 1]
    extra = [Take(), Pass(), Leave(9), SetPlayProtection(0, False), *several[:2]]
    kinds = {type(action) for action in chosen}
    expected = {Take, Pass, Meld, Extend, SwapWildcard, Discard, SetPlayProtection, Leave}
    if kinds != expected:
        print(f"note: the games played no {sorted(k.__name__ for k in expected - kinds)}")
    return [*chosen, *(action for action in extra if action not in chosen)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true", help="run under any version")
    parser.add_argument("--output", type=Path, default=HERE, help="the folder to write to")
    options = parser.parse_args()
    version = hellsrummy.__version__
    print(f"hellsrummy {version} (format {hellsrummy.FORMAT}) from {Path(hellsrummy.__file__)}")
    if (version != "0.1.0" or hellsrummy.FORMAT != 1) and not options.any_version:
        sys.exit(f"these fixtures are 0.1.0's (format 1); hellsrummy {version} is installed here")
    out: Path = options.output
    out.mkdir(parents=True, exist_ok=True)

    games = {"default": default_game(), "variant": variant_game(), "leave": leave_game()}
    manifest: dict[str, Any] = {
        "hellsrummy": version,
        "format": hellsrummy.FORMAT,
        "records": {},
        "snapshots": [],
        "actions": {"json": "actions.json", "text": "actions.txt"},
        "events": "events.json",
        "rules": "rules.json",
    }
    for name, game in games.items():
        record = game.record()
        final = replay(record)
        if final != game.state or final.events != game.state.events:
            raise RuntimeError(f"the record of {name} does not replay to its game")
        (out / f"record_{name}.json").write_text(dumps(record.to_dict()))
        (out / f"record_{name}.txt").write_text(record.to_text() + "\n")
        (out / f"state_{name}_final.json").write_text(dumps(to_dict(final)))
        manifest["records"][name] = {
            "json": f"record_{name}.json",
            "text": f"record_{name}.txt",
            "final": f"state_{name}_final.json",
            "actions": len(record.actions),
            "phase": final.phase.value,
            "round": final.round,
            "scores": list(final.scores),
            "winners": list(final.winners()),
            "left": list(final.left),
            "round_points": [list(result.points) for result in final.results],
            "round_winners": [result.winner for result in final.results],
            "events": len(final.events),
        }
        for snap in game.snapshots:
            state = replay(GameRecord.of(game.start, record.actions[: snap["after"]], game.deal))
            seat = snap["seat"]
            data = to_dict(state if seat is None else view(state, seat))
            kind = "state" if seat is None else "view"
            file = f"{kind}_{snap['name'].removesuffix('_view')}.json"
            (out / file).write_text(dumps(data))
            manifest["snapshots"].append(
                {
                    "file": file,
                    "type": data["type"],
                    "record": name,
                    "after": snap["after"],
                    "seat": seat,
                    "phase": state.phase.value,
                    "round": state.round,
                }
            )
        print(
            f"{name}: {len(record.actions)} actions, {final.phase.value}, scores {final.scores}"
            f", {len(final.events)} events"
        )

    actions = every_action_kind(list(games.values()))
    (out / "actions.json").write_text(dumps([to_dict(action) for action in actions]))
    (out / "actions.txt").write_text("".join(f"{format_action(a)}\n" for a in actions))
    events = one_of_each(
        [event for game in games.values() for event in game.state.events],
        lambda event: type(event),
    )
    (out / "events.json").write_text(dumps([to_dict(event) for event in events]))
    rules = [Rules(), VARIANT, LEAVE_RULES]
    (out / "rules.json").write_text(dumps([to_dict(r) for r in rules]))
    (out / "manifest.json").write_text(dumps(manifest))
    total = sum(path.stat().st_size for path in out.glob("*.*") if path.suffix != ".py")
    print(f"wrote {out} ({total // 1024} KB)")


if __name__ == "__main__":
    main()
