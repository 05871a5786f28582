"""How often does a hand meet the round's contract? Dealt, and after k turns of GreedyBots.

Two measures, each share with a 95% Wilson interval:

* **dealt**: for each difficulty from 3 to 9 (a contract of more cards than the 9 dealt is
  never met by a dealt hand), ``--deals`` rounds dealt at ``--players`` seats, every seat's
  hand: the share of dealt hands that meet the contract (:func:`hellsrummy.can_meet`), before
  any card is taken or drawn;
* **played**: for each difficulty of the standard schedule (6 to 10), ``--rounds`` rounds
  played by GreedyBots in every seat: the share of seats that have met the minimum by the end
  of their k-th turn, k from 1 to ``--turns`` (k = 0 is the dealt hand). A GreedyBot meets the
  minimum as soon as it can, so this is how soon a hand can.

Every round is dealt from its own seed (``SEED/dealt/DIFFICULTY/N`` and
``SEED/played/DIFFICULTY/N``), so a run is reproducible. It writes ``--out`` (a PNG) and the
same name with ``.json`` beside it: the parameters and every number the figure shows. Needs
matplotlib (the ``examples`` extra). The documentation's figure (the page "Bots and
simulations"), in about 40 seconds on one core::

    python bench/contract_odds.py --out docs/_figures/contract-odds.png
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import hellsrummy
from hellsrummy import (
    STANDARD_SCHEDULE,
    GreedyBot,
    Phase,
    Rules,
    apply,
    can_meet,
    new_game,
    view,
)

DEALT = range(3, 10)  # a dealt hand has 9 cards: a contract of 10 or more cards needs more


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float, float]:
    """The share hits/total and its 95% Wilson score interval."""
    share = hits / total
    centre = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    half /= 1 + z * z / total
    return share, max(0.0, centre - half), min(1.0, centre + half)


def dealt_shares(seed: str, deals: int, players: int) -> dict[int, tuple[int, int]]:
    """{difficulty: (dealt hands that meet the contract, hands dealt)}."""
    found = {}
    for difficulty in DEALT:
        rules = Rules(schedule=[difficulty])
        hits = 0
        for number in range(deals):
            state = new_game(players, seed=f"{seed}/dealt/{difficulty}/{number}", rules=rules)
            hits += sum(can_meet(hand, state.contract) for hand in state.hands)
        found[difficulty] = (hits, deals * players)
    return found


def turns_to_meet(state: hellsrummy.GameState) -> list[int | None]:
    """Play the round with GreedyBots; the own turn in which each seat met (0: dealt met)."""
    bot = GreedyBot()
    seats = range(len(state.hands))
    met: list[int | None] = [0 if can_meet(hand, state.contract) else None for hand in state.hands]
    turns = [0] * len(state.hands)
    while state.phase in (Phase.DECIDE, Phase.PLAY):
        if state.phase is Phase.DECIDE:
            turns[state.current] += 1
        state = apply(state, bot(view(state, state.current)))
        for seat in seats:
            if met[seat] is None and state.met[seat]:
                met[seat] = turns[seat]
    return met


def played_shares(
    seed: str, rounds: int, players: int, most: int
) -> dict[int, tuple[list[int], int]]:
    """{difficulty: ([seats met by their k-th turn, for k = 0..most], seats)}."""
    found = {}
    for difficulty in STANDARD_SCHEDULE:
        rules = Rules(schedule=[difficulty], max_turns=400)
        by_turn = [0] * (most + 1)
        for number in range(rounds):
            state = new_game(players, seed=f"{seed}/played/{difficulty}/{number}", rules=rules)
            for turn in turns_to_meet(state):
                if turn is not None:
                    for k in range(turn, most + 1):
                        by_turn[k] += 1
        found[difficulty] = (by_turn, rounds * players)
    return found


def plot(summary: dict[str, object], path: Path) -> None:
    """The dealt shares by difficulty, and the share met by each turn for each difficulty."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, (left, right) = pyplot.subplots(
        1, 2, figsize=(11, 4.4), gridspec_kw={"width_ratios": [2, 3]}
    )
    dealt = summary["dealt"]
    assert isinstance(dealt, list)
    xs = [row["difficulty"] for row in dealt]
    shares = [100 * row["share"] for row in dealt]
    low = [100 * (row["share"] - row["low"]) for row in dealt]
    high = [100 * (row["high"] - row["share"]) for row in dealt]
    left.bar(xs, shares, yerr=[low, high], capsize=3, color="#4c72b0")
    for x, share, above in zip(xs, shares, high, strict=True):
        left.annotate(f"{share:.1f}%", (x, share + above), ha="center", va="bottom", fontsize=8)
    left.set_xticks(xs)
    left.set_ylim(0, 100)
    left.set_xlabel("difficulty (cards in the contract)")
    left.set_ylabel("dealt hands that meet it (%)")
    left.set_title("The dealt hand (9 cards)")
    left.grid(axis="y", alpha=0.3)
    played = summary["played"]
    assert isinstance(played, list)
    for row in played:
        ks = list(range(len(row["by_turn"])))
        middle = [100 * cell["share"] for cell in row["by_turn"]]
        right.plot(ks, middle, marker="o", label=f"difficulty {row['difficulty']}")
        right.fill_between(
            ks,
            [100 * cell["low"] for cell in row["by_turn"]],
            [100 * cell["high"] for cell in row["by_turn"]],
            alpha=0.2,
        )
    right.set_xlabel("the seat's own turns played (0: as dealt)")
    right.set_ylabel("seats that have met the minimum (%)")
    right.set_title(f"GreedyBots, {summary['players']} seats")
    right.set_ylim(0, 100)
    right.grid(alpha=0.3)
    right.legend(loc="upper left")
    figure.suptitle("Hell's Rummy: how often a hand meets the round's contract")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", default="contract odds", help="the run's seed")
    parser.add_argument("--players", type=int, default=4, help="seats at the table")
    parser.add_argument("--deals", type=int, default=10_000, help="rounds dealt per difficulty")
    parser.add_argument("--rounds", type=int, default=4000, help="rounds played per difficulty")
    parser.add_argument("--turns", type=int, default=10, help="own turns to follow a seat")
    parser.add_argument("--out", type=Path, default=Path("contract-odds.png"), help="the PNG")
    args = parser.parse_args()
    if min(args.deals, args.rounds, args.turns) < 1 or not 3 <= args.players <= 10:
        parser.error("--deals, --rounds and --turns must be at least 1, --players 3 to 10")
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        sys.exit('contract_odds.py needs matplotlib: pip install ".[examples]"')

    start = time.perf_counter()
    dealt = dealt_shares(args.seed, args.deals, args.players)
    played = played_shares(args.seed, args.rounds, args.players, args.turns)
    summary: dict[str, object] = {
        "command": "python bench/contract_odds.py " + " ".join(sys.argv[1:]),
        "version": hellsrummy.__version__,
        "seed": args.seed,
        "players": args.players,
        "deals": args.deals,
        "rounds": args.rounds,
        "interval": "95% Wilson score interval",
        "dealt": [
            dict(zip(("share", "low", "high"), wilson(hits, total), strict=True))
            | {"difficulty": difficulty, "hits": hits, "hands": total}
            for difficulty, (hits, total) in dealt.items()
        ],
        "played": [
            {
                "difficulty": difficulty,
                "seats": total,
                "by_turn": [
                    dict(zip(("share", "low", "high"), wilson(hits, total), strict=True))
                    | {"turn": turn, "met": hits}
                    for turn, hits in enumerate(by_turn)
                ],
            }
            for difficulty, (by_turn, total) in played.items()
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    plot(summary, args.out)
    data = args.out.with_suffix(".json")
    data.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")

    print("dealt hands that meet the contract (95% interval)")
    for row in summary["dealt"]:  # type: ignore[attr-defined]
        print(
            f"  difficulty {row['difficulty']:>2}: {row['share']:7.2%}"
            f" [{row['low']:.2%}, {row['high']:.2%}] of {row['hands']} hands"
        )
    print("seats met by the end of their k-th turn, GreedyBots")
    print("  difficulty " + "".join(f"{k:>6}" for k in range(args.turns + 1)))
    for row in summary["played"]:  # type: ignore[attr-defined]
        cells = "".join(f"{cell['share']:6.0%}" for cell in row["by_turn"])
        print(f"  {row['difficulty']:>10} {cells}")
    print(f"wrote {args.out} and {data} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
