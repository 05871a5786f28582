"""Train a player: LearnedBot's network (the default), or MaskablePPO on the single-seat env.

Needs the train extra: pip install "hellsrummy[train]" (PyTorch, matplotlib, and for --method
ppo sb3-contrib). PyPI's torch is a CUDA build of several GB; on a machine without a GPU,
install a CPU build of torch first.

--method learned (the default) makes the weights hellsrummy.rl.LearnedBot ships:

1. Labelling: rounds dealt from --seed are played by GreedyBots; at every decision each
   candidate move is played on the true deal and the round finished by GreedyBots; its label
   is the seat's points then (plus 30 unless it won). --workers processes label in parallel
   until --decisions are in --out/shards (resumed where it stopped).
2. Learning: the network learns to predict the labels (PyTorch, one thread); after each of
   --epochs a checkpoint (learner.pt, resumed from) and the numpy weights (learned.npz) are
   written, and the held-out decisions say what its choices cost against the best candidate.
3. Evaluation: LearnedBot with those weights and GreedyBot on the same --deals, each in every
   seat among GreedyBots (hellsrummy.compare; 4 players, difficulties 6-10).

Written to --out: shards/ (the labelled decisions), learner.pt, learned.npz, history.json and
learning_curve.png (held-out regret by epoch), evaluation.txt and evaluation.json.

--method ppo trains sb3-contrib's MaskablePPO on "hellsrummy/HellsRummy-v0" (seat 0 against
three RandomBots, reward minus its points) and compares the policy, a masked-random policy
and GreedyBot among RandomBots; it writes model.zip, episodes.csv, learning_curve.png,
log/progress.csv, evaluation.txt and evaluation.json.

examples:
  python examples/train.py --decisions 4000 --epochs 3 --deals 20 --out small-run
  python examples/train.py --out full-run            # hours: see the Bots page
  python examples/train.py --method ppo --timesteps 20000 --deals 20
  python examples/train.py --method ppo --evaluate-only --out train-output --deals 400
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from cli import Help, need_extras, whole_number


def bar(done: int, total: int, started: float, what: str) -> None:
    """One line of progress on stderr, redrawn in place: a bar, the count, the time left."""
    share = min(1.0, done / total) if total else 1.0
    seconds = time.perf_counter() - started
    left = seconds / share - seconds if share else float("nan")
    filled = int(share * 30)
    line = f"\r{what} [{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {seconds:.0f} s"
    print(
        line + (f", about {left:.0f} s left " if done < total else "   "), end="", file=sys.stderr
    )
    if done >= total:
        print(file=sys.stderr)
    sys.stderr.flush()


def labelled(folder: Path) -> int:
    """The decisions the shards in ``folder`` hold (from the workers' markers)."""
    import learning

    shards = 0
    for marker in folder.glob("*w*.json"):
        shards += json.loads(marker.read_text())["shards"]
    return shards * learning.SHARD


def label_worker(
    out: str, seed: str, decisions: int, worker: int, workers: int, stage: str, weights: str | None
) -> None:
    import learning

    learning.label(
        Path(out),
        seed,
        decisions,
        worker,
        workers,
        lambda done: None,
        stage=stage,
        weights=None if weights is None else Path(weights),
        bootstrap=weights is not None,
    )


def label_stage(args: argparse.Namespace, stage: Stage) -> None:
    """Labelled decisions until the stage has its share in its shards folder (resumed)."""
    import learning

    folder = stage.folder / "shards"
    folder.mkdir(parents=True, exist_ok=True)
    step = args.workers * learning.SHARD
    target = max(stage.decisions // step * step, step)
    started = time.perf_counter()
    before = labelled(folder)
    if before >= target:
        print(f"{stage.name}: {before} labelled decisions already in {folder}")
        return
    weights = None if stage.boot is None else str(stage.boot)
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(
            target=label_worker,
            args=(str(folder), args.seed, target, worker, args.workers, stage.tag, weights),
        )
        for worker in range(args.workers)
    ]
    for process in workers:
        process.start()
    while any(process.is_alive() for process in workers):
        bar(labelled(folder) - before, target - before, started, f"{stage.name}: labelling")
        time.sleep(2)
    for process in workers:
        process.join()
        if process.exitcode:
            raise SystemExit(f"a labelling worker failed (exit code {process.exitcode})")
    done = labelled(folder)
    bar(done - before, target - before, started, f"{stage.name}: labelling")
    seconds = time.perf_counter() - started
    print(
        f"{stage.name}: labelled {done - before} decisions in {seconds:.0f} s with"
        f" {args.workers} workers ({(done - before) / seconds:.0f} a second)"
    )


class Stage:
    """One stage of the training: where it keeps its shards and network, what labels them."""

    def __init__(self, name: str, folder: Path, decisions: int, boot: Path | None) -> None:
        self.name = name
        self.folder = folder
        self.decisions = decisions
        self.boot = boot  # the weights that label it (bootstrap) and play one seat, or None
        self.tag = "" if boot is None else f"{name}-"

    @property
    def weights(self) -> Path:
        return self.folder / "learned.npz"


def stages(args: argparse.Namespace) -> list[Stage]:
    """Rollout labels first, then --td-stages stages bootstrapped from the stage before."""
    found = [Stage("rollouts", args.out / "rollouts", args.decisions, None)]
    for k in range(1, args.td_stages + 1):
        found.append(Stage(f"td{k}", args.out / f"td{k}", args.td_decisions, found[-1].weights))
    return found


def learn(args: argparse.Namespace, stage: Stage, check: dict[str, Any]) -> list[dict[str, Any]]:
    """The stage's network learns from its shards, resuming from its learner.pt.

    After each epoch: a checkpoint, the numpy weights, and the choices' regret on ``check``
    (decisions held out of the first stage, labelled by whole rollouts: every stage is
    measured against the same labels).
    """
    import learning
    import numpy as np
    import torch

    torch.set_num_threads(1)
    data = learning.load_shards(stage.folder / "shards")
    train_ids, _ = learning.split(data, 0.05, args.seed_number)
    print(f"{stage.name}: learning from {len(train_ids)} decisions ({len(data['labels'])} moves)")
    learner = learning.Learner(args.hidden, args.second, args.lr, args.seed_number, args.epochs)
    checkpoint = stage.folder / "learner.pt"
    if checkpoint.exists():
        learner.load(checkpoint)
        print(f"{stage.name}: resumed from {checkpoint} after epoch {learner.epoch}")
    rng = np.random.default_rng([args.seed_number, learner.epoch])
    while learner.epoch < args.epochs:
        began = time.perf_counter()
        what = f"{stage.name}: epoch {learner.epoch + 1}/{args.epochs}"
        error = learner.step_epoch(
            data,
            train_ids,
            args.batch,
            rng,
            lambda done, total, began=began, what=what: (
                bar(done, total, began, what) if done % 20 == 0 or done == total else None
            ),
        )
        checked = learner.check(check["data"], check["held"])
        checked.update(stage=stage.name, epoch=learner.epoch, train_error=error)
        checked.update(decisions=len(train_ids), seconds=time.perf_counter() - began)
        learner.history.append(checked)
        learner.save(checkpoint)
        export(learner, args, stage, len(data["counts"]))
        print(
            f"{what}: held-out regret {checked['regret']:.2f} points a decision"
            f" (GreedyBot's {checked['greedy regret']:.2f}), {checked['seconds']:.0f} s"
        )
    snapshot(args, stage)
    history: list[dict[str, Any]] = learner.history
    return history


def snapshot(args: argparse.Namespace, stage: Stage) -> None:
    """The stage's weights: its last --snapshots epochs' networks as one ensemble."""
    from hellsrummy.rl import Network, load_network

    epochs = range(max(1, args.epochs - args.snapshots + 1), args.epochs + 1)
    members = [load_network(stage.folder / f"epoch-{epoch}.npz") for epoch in epochs]
    trained = dict(members[-1].trained, snapshots=[f"epoch-{epoch}" for epoch in epochs])
    Network.stack(members, trained).save(stage.weights)


def export(learner: Any, args: argparse.Namespace, stage: Stage, decisions: int) -> None:
    """The numpy weights LearnedBot loads, with what they were trained on."""
    import learning

    trained = {
        "players": sorted(set(learning.PLAYERS)),
        "difficulties": sorted(set(learning.DIFFICULTIES)),
        "policies": ["penalize", "reject"],
        "stage": stage.name,
        "decisions": decisions,
        "epochs": learner.epoch,
        "seed": args.seed,
    }
    learner.network(trained).save(stage.folder / f"epoch-{learner.epoch}.npz")


def train(args: argparse.Namespace) -> None:
    """Every stage in turn (each resumed where it stopped), then the final weights."""
    import learning

    plan = stages(args)
    label_stage(args, plan[0])
    first = learning.load_shards(plan[0].folder / "shards")
    _, held = learning.split(first, 0.05, args.seed_number)
    check = {"data": first, "held": held}
    history: list[dict[str, Any]] = []
    for stage in plan:
        label_stage(args, stage)
        history += learn(args, stage, check)
    (args.out / "history.json").write_text(json.dumps(history, indent=1) + "\n")
    plot(history, args.out / "learning_curve.png")
    # The weights: the last --final-stages stages' ensembles, as one.
    from hellsrummy.rl import Network, load_network

    last = plan[-min(args.final_stages, len(plan)) :]
    members = [load_network(stage.weights) for stage in last]
    trained = dict(members[-1].trained, stages=[stage.name for stage in last])
    final = Network.stack(members, trained)
    final.save(args.out / "learned.npz")
    names = ", ".join(stage.name for stage in last)
    print(f"weights: {args.out / 'learned.npz'} ({final.members} networks: stages {names})")


def plot(history: list[dict[str, Any]], out: Path) -> None:
    """The learning curve: held-out regret of the network's choices by epoch, stage by stage."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    x = list(range(1, len(history) + 1))
    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.plot(x, [row["regret"] for row in history], "o-", label="the network's choice")
    axes.plot(x, [row["greedy regret"] for row in history], "--", label="GreedyBot's move")
    for at, row in enumerate(history):
        if at == 0 or row["stage"] != history[at - 1]["stage"]:
            axes.axvline(at + 0.5, color="grey", linewidth=0.5)
            axes.text(at + 0.6, axes.get_ylim()[0], row["stage"], fontsize=8, va="bottom")
    axes.set_xlabel("epochs (each stage learns afresh from its own labels)")
    axes.set_ylabel("points above the best candidate")
    axes.set_title("LearnedBot: what its choices cost on held-out decisions")
    axes.legend()
    figure.tight_layout()
    figure.savefig(out, dpi=120)
    pyplot.close(figure)


def evaluate(args: argparse.Namespace) -> None:
    """Stage 3: LearnedBot and GreedyBot on the same deals among GreedyBots."""
    from hellsrummy import GreedyBot, Unseeded, compare
    from hellsrummy.rl import LearnedBot

    weights = args.out / "learned.npz"
    if not weights.exists():
        raise SystemExit(f"no weights to evaluate: {weights} does not exist (train first)")
    started = time.perf_counter()
    study = compare(
        {
            "learned": lambda seed: LearnedBot(seed, weights=weights),
            "GreedyBot": Unseeded(GreedyBot),
        },
        deals=args.deals,
        seed=args.eval_seed,
        players=4,
        progress=lambda done, total: bar(done, total, started, "evaluating"),
    )
    pair = study.pairs[0].points
    standing = "ahead of" if pair.high < 0 else "behind" if pair.low > 0 else "level with"
    report = (
        f"{study.table(timing=True)}\n\nlearned - GreedyBot: {pair} points a round"
        f" ({standing} GreedyBot)"
    )
    print(report)
    (args.out / "evaluation.txt").write_text(report + "\n")
    (args.out / "evaluation.json").write_text(json.dumps(study.to_dict(), indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=Help)
    parser.add_argument(
        "--method", choices=("learned", "ppo"), default="learned", help="what to train"
    )
    parser.add_argument("--out", type=Path, default=Path("train-output"), help="output folder")
    parser.add_argument("--deals", type=whole_number(1), default=200, help="evaluation deals")
    parser.add_argument("--eval-seed", default="train.py evaluation", help="the deals' seed")
    parser.add_argument("--evaluate-only", action="store_true", help="evaluate what --out holds")
    learned = parser.add_argument_group("--method learned")
    learned.add_argument(
        "--decisions", type=whole_number(1), default=200_000, help="rollout-labelled decisions"
    )
    learned.add_argument(
        "--td-decisions", type=whole_number(1), default=300_000, help="decisions a later stage"
    )
    learned.add_argument(
        "--td-stages", type=whole_number(0), default=2, help="stages of bootstrapped labels"
    )
    learned.add_argument(
        "--workers",
        type=whole_number(1),
        default=max(1, (multiprocessing.cpu_count())),
        help="labelling processes",
    )
    learned.add_argument(
        "--epochs", type=whole_number(1), default=8, help="passes over a stage's decisions"
    )
    learned.add_argument("--hidden", type=whole_number(1), default=256, help="first hidden layer")
    learned.add_argument("--second", type=whole_number(1), default=128, help="second hidden layer")
    learned.add_argument("--batch", type=whole_number(1), default=512, help="decisions a batch")
    learned.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    learned.add_argument(
        "--snapshots", type=whole_number(1), default=5, help="last epochs a stage's weights average"
    )
    learned.add_argument(
        "--final-stages", type=whole_number(1), default=2, help="last stages the weights average"
    )
    learned.add_argument("--seed", default="hellsrummy learned", help="the deals' and labels' seed")
    ppo = parser.add_argument_group("--method ppo")
    ppo.add_argument("--timesteps", type=whole_number(1), default=300_000, help="training steps")
    ppo.add_argument("--n-steps", type=whole_number(1), default=2048, help="PPO's rollout length")
    ppo.add_argument("--ppo-seed", type=int, default=0, help="the training's seed")
    args = parser.parse_args()
    # The extras first: nothing is written, nor printed, without them.
    if args.method == "ppo":
        need_extras("train.py", dict.fromkeys(("numpy", "sb3_contrib", "matplotlib"), "train"))
    else:
        need_extras("train.py", dict.fromkeys(("numpy", "torch", "matplotlib"), "train"))
    args.seed_number = sum(args.seed.encode()) if args.method == "learned" else args.ppo_seed
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"command: {shlex.join(['python', *sys.argv])}")
    sys.stdout.flush()
    if args.method == "ppo":
        import ppo as ppo_method

        args.seed = args.ppo_seed
        ppo_method.run(args)
        return
    if not args.evaluate_only:
        train(args)
    evaluate(args)


if __name__ == "__main__":
    main()
