"""A Monte-Carlo study: how long does it take to meet the minimum, by difficulty and table size?

For every difficulty 3-25 and every table size asked for, GreedyBots play one-round games of
that difficulty; the study records after how many turns of the round each bot met the
minimum (and how often it never did). It prints a table, and saves a plot as a PNG.

Run it with: python examples/analysis.py [--games N] [--tables 3,4,6] [--out plot.png]
It needs the examples extra (tqdm and matplotlib): pip install "hellsrummy[examples]"
"""

from __future__ import annotations

import argparse
import statistics

from cli import Help, need_extras, whole_number

from hellsrummy import DIFFICULTIES, GreedyBot, Rules, simulate

LOW, HIGH = Rules().min_players, Rules().max_players


def study(
    games: int, tables: list[int], seed: str, max_turns: int
) -> dict[int, dict[int, tuple[float, float]]]:
    """{table size: {difficulty: (mean turns to meet, share of bots that met)}}."""
    from tqdm import tqdm

    cells = [(players, difficulty) for players in tables for difficulty in DIFFICULTIES]
    found: dict[int, dict[int, tuple[float, float]]] = {players: {} for players in tables}
    with tqdm(total=len(cells) * games, unit="game", desc="simulating") as bar:
        for players, difficulty in cells:
            rules = Rules(schedule=[difficulty], max_turns=max_turns)
            results = simulate(
                [GreedyBot()] * players,
                games=games,
                seed=f"{seed}/{players}/{difficulty}",
                rules=rules,
                progress=lambda done, total: bar.update(1),
                chunk=1,
            )
            met = [
                turns / players  # the round's turns, shared among the seats: turns per player
                for result in results
                for turns in result.rounds[0].met_after
                if turns is not None
            ]
            share = len(met) / (games * players)
            found[players][difficulty] = (statistics.mean(met) if met else float("nan"), share)
    return found


def table_sizes(text: str) -> list[int]:
    """An argparse type: table sizes, comma-separated, or a usage error."""
    return [whole_number(LOW, HIGH)(size) for size in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    parser.add_argument("--games", type=whole_number(1), default=20, help="games per cell")
    parser.add_argument(
        "--tables",
        type=table_sizes,
        default="3,4,6",
        help=f"table sizes, comma-separated, each {LOW} to {HIGH}",
    )
    parser.add_argument("--seed", default="analysis", help="the study's seed")
    parser.add_argument(
        "--max-turns", type=whole_number(1), default=400, help="stop a round after this many turns"
    )
    parser.add_argument("--out", default="meeting-the-minimum.png", help="where to save the plot")
    args = parser.parse_args()
    need_extras("analysis.py", {"tqdm": "examples", "matplotlib": "examples"})
    import matplotlib

    matplotlib.use("Agg")  # no screen needed: the plot goes to a file
    import matplotlib.pyplot as plt

    tables = args.tables

    found = study(args.games, tables, args.seed, args.max_turns)

    print("\nturns per player until a GreedyBot meets the minimum (share that ever did)")
    print("difficulty " + "".join(f"{f'{n} players':>20}" for n in tables))
    for difficulty in DIFFICULTIES:
        cells = []
        for players in tables:
            turns, share = found[players][difficulty]
            cells.append(f"{turns:>11.1f} ({share:>5.0%})")
        print(f"{difficulty:>10} " + "".join(f"{cell:>20}" for cell in cells))

    figure, axes = plt.subplots(figsize=(9, 5))
    for players in tables:
        xs = list(DIFFICULTIES)
        axes.plot(xs, [found[players][d][0] for d in xs], marker="o", label=f"{players} players")
    axes.set_xlabel("difficulty (cards in the contract)")
    axes.set_ylabel("turns per player until the minimum is met")
    axes.set_title("Hell's Rummy: how long GreedyBots take to meet the minimum")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.out, dpi=120)
    print(f"\nplot saved to {args.out}")


if __name__ == "__main__":
    main()
