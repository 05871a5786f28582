# %% [markdown]
# # A game of Hell's Rummy in pictures
#
# Four GreedyBots play a seeded game; the key positions of each round are drawn with
# `hellsrummy.svg` and written as SVG files to a folder, with an `index.html` that shows them
# in order. Run it with
#
#     python examples/pictures.py [FOLDER] [--seed S] [--players N] [--rounds R]
#
# (FOLDER defaults to a new temporary folder) and open `FOLDER/index.html` in a browser.
# The file is laid out in cells (`# %%`): an editor that knows the notebook format runs it
# cell by cell, and there a position shows itself by evaluating it (`state`, `view(state, 1)`,
# `state.melds[0]`), since states, views and table melds have a `_repr_svg_` method.

# %%
from __future__ import annotations

import argparse
import html
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import NamedTuple

from cli import whole_number

from hellsrummy import (
    Extend,
    GameState,
    GreedyBot,
    Meld,
    Phase,
    Rules,
    SwapWildcard,
    apply,
    legal_actions,
    new_game,
    next_round,
    view,
)
from hellsrummy.svg import meld_svg, state_svg, view_svg


class Picture(NamedTuple):
    """One picture of the walk-through: a short name, a heading and the SVG text."""

    name: str
    heading: str
    svg: str


# %% [markdown]
# ## The key positions
#
# For each round: the deal as the first seat to act sees it; the first time a seat meets
# the minimum (the whole table, the melds it lays down highlighted); the first extension
# and the first wildcard swap a seat could make (the card and the meld highlighted), with the
# meld after it; a discard with the cards the seat may discard highlighted; and the end of
# the round, every hand face up.


# %%
def key_positions(seed: str, players: int, rounds: int) -> Iterator[Picture]:
    """Play a game between GreedyBots and draw its key positions."""
    bot = GreedyBot()
    state = new_game(players, seed=seed)  # the seats are named Seat 0, Seat 1, ...
    while state.phase is not Phase.GAME_OVER and state.round < rounds:
        state = yield from one_round(state, bot)
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
    if state.phase is Phase.GAME_OVER:
        yield Picture("game-over", "The game is over", state_svg(state))


def one_round(state: GameState, bot: GreedyBot) -> Generator[Picture, None, GameState]:
    """The pictures of the round that ``state`` starts; returns the state at its end."""
    number = state.round + 1
    first = f"r{number}"
    yield Picture(
        f"{first}-deal",
        f"Round {number}: the deal, as {state.names[state.current]} sees it",
        view_svg(view(state, state.current)),
    )
    shown: set[str] = set()
    while state.phase in (Phase.DECIDE, Phase.PLAY):
        action = bot(view(state, state.current))
        name = state.names[state.current]
        if isinstance(action, Meld) and not state.met[state.current] and "meets" not in shown:
            shown.add("meets")
            yield Picture(
                f"{first}-meets",
                f"Round {number}: {name} meets the minimum ({action})",
                state_svg(state, highlight=action),
            )
        elif isinstance(action, Extend) and "extend" not in shown:
            shown.add("extend")
            yield from play_on_a_meld(state, action, f"{name} extends a meld")
        elif state.phase is Phase.PLAY and state.met[state.current] and "swap" not in shown:
            # GreedyBot keeps its naturals, so it seldom buys a wildcard: show one it could.
            swap = next((a for a in legal_actions(state) if isinstance(a, SwapWildcard)), None)
            if swap is not None:
                shown.add("swap")
                yield from play_on_a_meld(state, swap, f"{name} could swap a wildcard")
        if state.phase is Phase.PLAY and state.met[state.current] and "discards" not in shown:
            shown.add("discards")
            yield Picture(
                f"{first}-discards",
                f"Round {number}: the cards {name} may discard",
                view_svg(view(state, state.current), highlight="discards", sort="run"),
            )
        state = apply(state, action)
    yield Picture(
        f"{first}-end",
        f"Round {number} is over: every hand face up",
        state_svg(state),
    )
    return state


def play_on_a_meld(state: GameState, action: Extend | SwapWildcard, what: str) -> Iterator[Picture]:
    """The table with the play highlighted (its card and its meld), and the meld after it."""
    number = state.round + 1
    slug = f"r{number}-{'swap' if isinstance(action, SwapWildcard) else 'extend'}"
    yield Picture(slug, f"Round {number}: {what} ({action})", state_svg(state, highlight=action))
    after = apply(state, action).melds[action.meld]
    owner = state.names[after.owner]
    yield Picture(
        f"{slug}-after",
        f"Round {number}: meld #{action.meld} after it",
        meld_svg(after, caption=f"#{action.meld} {owner}"),
    )


# %% [markdown]
# ## Writing the files


# %%
def write(pictures: list[Picture], folder: Path, title: str) -> Path:
    """Write each picture and an ``index.html`` showing them in order; return the index."""
    folder.mkdir(parents=True, exist_ok=True)
    parts = [f"<!doctype html><meta charset='utf-8'><title>{html.escape(title)}</title>"]
    parts.append(f"<h1>{html.escape(title)}</h1>")
    for file, picture in zip(files(pictures), pictures, strict=True):
        (folder / file).write_text(picture.svg, encoding="utf-8")
        parts.append(f"<h2>{html.escape(picture.heading)}</h2>")
        parts.append(f"<img src='{file}' alt='{html.escape(picture.heading)}'>")
    index = folder / "index.html"
    index.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return index


def files(pictures: list[Picture]) -> list[str]:
    """The pictures' file names, numbered in the order of the game."""
    return [f"{number:02d}-{picture.name}.svg" for number, picture in enumerate(pictures, 1)]


# %%


def main() -> None:
    low, high = Rules().min_players, Rules().max_players
    parser = argparse.ArgumentParser(
        description="Key positions of a game between GreedyBots, as SVG files and an index.html.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "folder",
        nargs="?",
        default=argparse.SUPPRESS,
        help="where to write (default: a new temporary folder)",
    )
    parser.add_argument("--seed", default="pictures", help="the game's seed")
    parser.add_argument(
        "--players", type=whole_number(low, high), default=4, help=f"{low} to {high} players"
    )
    parser.add_argument(
        "--rounds", type=whole_number(1), default=5, help="draw at most this many rounds"
    )
    args = parser.parse_args()
    args.folder = getattr(args, "folder", None)
    if args.folder is not None and Path(args.folder).exists() and not Path(args.folder).is_dir():
        parser.error(f"{args.folder} is not a folder")
    folder = Path(args.folder or tempfile.mkdtemp(prefix="hellsrummy-pictures-"))
    pictures = list(key_positions(args.seed, args.players, args.rounds))
    title = f"Hell's Rummy in pictures: {args.players} GreedyBots, seed {args.seed!r}"
    index = write(pictures, folder, title)
    for file, picture in zip(files(pictures), pictures, strict=True):
        print(f"{file}  {picture.heading}")
    print(f"wrote {len(pictures)} pictures to {folder}; open {index} in a browser")


if __name__ == "__main__":
    main()
