"""The MaskablePPO method of examples/train.py (--method ppo): not a script, train.py imports it.

sb3-contrib's MaskablePPO learns on the single-seat Gymnasium environment
("hellsrummy/HellsRummy-v0"): the learner plays seat 0 of whole games, three RandomBots the
others, the mask keeps its steps legal, the reward is minus its round points. The trained
policy, an untrained masked-random policy and GreedyBot then each play every seat of the same
fixed deals among RandomBots (hellsrummy.compare), the policies through
hellsrummy.rl.PolicyBot.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path
from typing import Any

try:
    import gymnasium
    import matplotlib
    import numpy as np
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import configure
    from stable_baselines3.common.monitor import Monitor
except ImportError as error:  # one line naming the extra, as the other examples say it
    print(
        f'train.py needs {error.name}, from the train extra: pip install "hellsrummy[train]"',
        file=sys.stderr,
    )
    raise SystemExit(2) from None

from hellsrummy import Comparison, GreedyBot, RandomBot, Unseeded, compare
from hellsrummy.rl import HellsRummySingleEnv, PolicyBot, masked_random

OPPONENTS = 3
REWARD_SCALE = 0.01  # round points are tens to hundreds: PPO learns better on small rewards


def make_env(monitor: Path | None) -> gymnasium.Env[Any, Any]:
    """The learner's environment: seat 0 against RandomBots, rewards scaled for PPO."""
    single: gymnasium.Env[Any, Any] = HellsRummySingleEnv(opponents=[RandomBot] * OPPONENTS)
    single = Monitor(single, None if monitor is None else str(monitor))  # real game points
    return gymnasium.wrappers.TransformReward(single, lambda reward: reward * REWARD_SCALE)


class Progress(BaseCallback):  # type: ignore[misc]
    """Prints the mean game points of the last episodes now and then."""

    def __init__(self, every: int) -> None:
        super().__init__()
        self.every = every
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            monitor = self.training_env.envs[0].get_wrapper_attr("get_episode_rewards")
            returns = monitor()[-50:]
            mean = -float(np.mean(returns)) if returns else float("nan")
            seconds = time.perf_counter() - self.start
            print(
                f"  {self.num_timesteps} steps, {len(monitor())} games,"
                f" points a game (last 50) {mean:.1f}, {seconds:.0f} s",
                file=sys.stderr,
            )
        return True


def train(args: argparse.Namespace) -> MaskablePPO:
    """Train, save the model, the episodes and the learning curve."""
    env = make_env(args.out / "monitor")
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        gamma=0.999,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    model.set_logger(configure(str(args.out / "log"), ["csv"]))  # PPO's own figures
    start = time.perf_counter()
    model.learn(args.timesteps, callback=Progress(max(args.n_steps, args.timesteps // 20)))
    seconds = time.perf_counter() - start
    model.save(args.out / "model.zip")
    monitor = env.get_wrapper_attr("get_episode_rewards")
    lengths = env.get_wrapper_attr("get_episode_lengths")()
    points = [-reward for reward in monitor()]
    with (args.out / "episodes.csv").open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["episode", "steps", "game points"])
        writer.writerows(
            (n, s, f"{p:g}") for n, (s, p) in enumerate(zip(lengths, points, strict=True), 1)
        )
    print(
        f"trained {args.timesteps} steps ({len(points)} games) in {seconds:.0f} s"
        f" ({args.timesteps / seconds:.0f} steps/s)"
    )
    if points:
        plot(points, lengths, args.out / "learning_curve.png")
    else:
        print("no training game ended: no learning curve (train for more steps)")
    return model


def plot(points: list[float], lengths: list[int], out: Path) -> None:
    """The learning curve: each training game's points, and their moving mean."""
    matplotlib.use("Agg")
    from matplotlib import pyplot

    steps = np.cumsum(lengths)
    window = max(1, min(200, len(points) // 10))
    mean = np.convolve(points, np.ones(window) / window, mode="valid")
    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.plot(steps, points, ".", markersize=2, alpha=0.25, label="one game")
    axes.plot(steps[window - 1 :], mean, linewidth=2, label=f"mean of {window} games")
    axes.set_xlabel("training steps")
    axes.set_ylabel("the learner's game points (lower is better)")
    axes.set_title("MaskablePPO in seat 0 against three RandomBots")
    axes.legend()
    figure.tight_layout()
    figure.savefig(out, dpi=120)
    pyplot.close(figure)


def trained_bot(model: MaskablePPO) -> Any:
    """The bot factory of the trained policy (deterministic: its most likely step)."""

    def policy(observation: Any, mask: Any) -> int:
        step, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(step)

    return lambda seed: PolicyBot(policy)


def untrained_bot(seed: int) -> PolicyBot:
    """The untrained baseline: a uniform step among those the mask allows."""
    return PolicyBot(masked_random(seed))


def evaluate(model: MaskablePPO, args: argparse.Namespace) -> Comparison:
    """The trained and untrained policies and GreedyBot on the same deals among RandomBots."""
    start = time.perf_counter()
    study = compare(
        {
            "trained": trained_bot(model),
            "masked random": untrained_bot,
            "GreedyBot": Unseeded(GreedyBot),
        },
        RandomBot,
        deals=args.deals,
        seed=args.eval_seed,
        players=OPPONENTS + 1,
        progress=lambda done, total: (
            print(f"  {done} of {total} deals", file=sys.stderr)
            if done % max(1, total // 10) == 0
            else None
        ),
    )
    print(f"evaluated on {args.deals} deals in {time.perf_counter() - start:.0f} s\n")
    return study


def verdict(study: Comparison) -> str:
    """Whether the trained policy beat the untrained one, and its gap to GreedyBot."""
    pairs = {(pair.first, pair.second): pair for pair in study.pairs}
    untrained = pairs[("trained", "masked random")].points
    greedy = pairs[("trained", "GreedyBot")].points
    clear = untrained.high < 0
    return "\n".join(
        [
            f"trained - masked random: {untrained} points a round:"
            f" {'better, the 95% interval clear of zero' if clear else 'not shown better'}",
            f"trained - GreedyBot: {greedy} points a round"
            f" ({'behind' if greedy.low > 0 else 'ahead' if greedy.high < 0 else 'level with'}"
            " GreedyBot)",
        ]
    )


def run(args: argparse.Namespace) -> None:
    """Train (unless --evaluate-only), then evaluate, as main() of train.py asks."""
    if args.evaluate_only:
        saved = args.out / "model.zip"
        if not saved.exists():
            raise SystemExit(f"no model to evaluate: {saved} does not exist (train first)")
        model = MaskablePPO.load(saved, device="cpu")
    else:
        model = train(args)
    study = evaluate(model, args)
    report = f"{study.table(timing=False)}\n\n{verdict(study)}"
    print(report)
    (args.out / "evaluation.txt").write_text(report + "\n")
    (args.out / "evaluation.json").write_text(json.dumps(study.to_dict(), indent=1) + "\n")
