"""The parts of examples/train.py that make LearnedBot's weights: labelled decisions, a learner.

Not a script: train.py imports it. Two stages, each resumable:

1. **Labelling** (numpy and hellsrummy only). Rounds are dealt from the training's seed and
   played by GreedyBots (now and then a seat plays a random candidate instead, to see
   positions GreedyBot would not reach). At every decision with more than one candidate
   (:func:`hellsrummy.rl.features.candidates`), each candidate is played on the true deal and
   the round finished by GreedyBots (:func:`hellsrummy.play_out`); its label is the points
   the seat is left with, plus ``UNWON`` unless it won the round. The decision's features
   (:func:`~hellsrummy.rl.features.state_features`, one row of
   :func:`~hellsrummy.rl.features.move_features` per candidate) and labels go to shards of
   ``SHARD`` decisions (``float16`` features: every value is a small count or a fraction with
   few digits, so a decision of six candidates takes about 3 KB).
2. **Learning** (PyTorch). The network of :class:`hellsrummy.rl.Network` learns to predict
   the labels: a squared error on the labels less their decision's mean (what tells the
   candidates apart) plus a smaller one on the labels themselves. Checkpoints are written
   every epoch; the weights are exported for numpy with the feature layout's digest.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from hellsrummy import GameState, GreedyBot, Rules, apply, new_game, view
from hellsrummy.players.greedy import greedy_move, play_out
from hellsrummy.rl.features import (
    FEATURES_DIGEST,
    MOVE_FEATURES,
    STATE_FEATURES,
    candidates,
    move_features,
    state_features,
)
from hellsrummy.rl.learned import Network

#: Added to a round's points when the seat did not win it (as SearchBot's ``unwon``).
UNWON = 30
#: Decisions per shard file.
SHARD = 2000
#: Moves a rollout may make before it is cut short (as SearchBot's).
ROLLOUT_DECISIONS = 600
#: The games labelled: table sizes and difficulties, drawn from these (4 players and the
#: standard schedule's difficulties, 6 to 10, most often).
PLAYERS = (3, 4, 4, 4, 4, 5, 6)
DIFFICULTIES = (3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14)
#: How often a seat plays a random candidate instead of GreedyBot's move.
EXPLORE = 0.1

_GREEDY = GreedyBot()


def rollout_score(state: GameState, seat: int) -> float:
    """The seat's label for the state reached: its points when GreedyBots end the round."""
    end = play_out(state, seat, _GREEDY.keep, _GREEDY.keep, ROLLOUT_DECISIONS)
    if end.phase.value not in ("decide", "play", "call"):  # the round is over
        result = end.results[-1]
        return float(result.points[seat] + (0 if result.winner == seat else UNWON))
    return float(end.hand_value(seat) + UNWON)


def bootstrap_score(state: GameState, seat: int, network: Network) -> float:
    """The seat's label for the state reached, bootstrapped from ``network``.

    GreedyBots play on until the seat is to decide again (or the round ends: its points); the
    label is then what the network expects GreedyBot's move there to cost. Only the rest of
    the table's turn is played, not the whole round: far less luck in the label, at the price
    of the network's own error.
    """
    decisions = 0
    while state.phase.value in ("decide", "play") and decisions < ROLLOUT_DECISIONS:
        if state.current == seat:
            seen = view(state, seat)
            moves = candidates(seen)[:1]
            return float(network.values(state_features(seen), move_features(seen, moves))[0])
        state = apply(state, greedy_move(state, _GREEDY.keep))
        decisions += 1
    return rollout_score(state, seat)


def label_round(
    game: int,
    seed: str,
    behaviour: Callable[[Any], Any] | None = None,
    network: Network | None = None,
) -> Iterator[dict[str, Any]]:
    """The labelled decisions of round ``game`` of the training dealt from ``seed``.

    GreedyBots play it, but for one seat (the round's number modulo the table size) played by
    ``behaviour`` when given; any seat plays a random candidate instead now and then. Labels
    are whole rollouts (:func:`rollout_score`), or bootstrapped from ``network`` when given
    (:func:`bootstrap_score`).
    """
    rng = random.Random(f"{seed}/behaviour/{game}")
    players = rng.choice(PLAYERS)
    difficulty = rng.choice(DIFFICULTIES)
    state = new_game(players, seed=f"{seed}/deal/{game}", rules=Rules(schedule=[difficulty]))
    decisions = 0
    while state.phase.value in ("decide", "play") and decisions < ROLLOUT_DECISIONS:
        seat = state.current
        seen = view(state, seat)
        moves = candidates(seen)
        if len(moves) > 1:
            if network is None:
                labels = [rollout_score(apply(state, move), seat) for move in moves]
            else:
                labels = [bootstrap_score(apply(state, move), seat, network) for move in moves]
            yield {
                "state": state_features(seen),
                "moves": move_features(seen, moves),
                "labels": np.array(labels, dtype=np.float32),
                "players": players,
                "difficulty": difficulty,
            }
        if len(moves) > 1 and rng.random() < EXPLORE:
            move = rng.choice(moves)
        elif behaviour is not None and seat == game % players:
            move = behaviour(seen)
        else:
            move = moves[0]  # GreedyBot's move
        state = apply(state, move)
        decisions += 1


def write_shard(path: Path, decisions: list[dict[str, Any]]) -> None:
    """One shard: the decisions' features (float16), labels and where each one's moves start."""
    counts = np.array([len(d["labels"]) for d in decisions], dtype=np.int32)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp,
        states=np.stack([d["state"] for d in decisions]).astype(np.float16),
        moves=np.concatenate([d["moves"] for d in decisions]).astype(np.float16),
        labels=np.concatenate([d["labels"] for d in decisions]),
        counts=counts,
        players=np.array([d["players"] for d in decisions], dtype=np.int8),
        difficulty=np.array([d["difficulty"] for d in decisions], dtype=np.int8),
        digest=np.array(FEATURES_DIGEST),
    )
    tmp.replace(path)


def label(
    out: Path,
    seed: str,
    decisions: int,
    worker: int,
    workers: int,
    progress: Callable[[int], None],
    stage: str = "",
    weights: Path | None = None,
    bootstrap: bool = False,
) -> None:
    """Labels rounds until ``decisions`` are in ``out`` (this worker's share), resuming.

    Worker ``w`` of ``workers`` plays rounds ``w, w + workers, ...``; its shards are named
    ``{stage}w{worker}-{n}.npz`` and a file ``{stage}w{worker}.json`` says which round it
    reached. A ``stage`` after the first deals its own rounds (from ``seed/stage``) and has
    one seat of each played by LearnedBot with ``weights``: the positions that bot reaches;
    with ``bootstrap``, its labels are bootstrapped from those weights.
    """
    out.mkdir(parents=True, exist_ok=True)
    marker = out / f"{stage}w{worker}.json"
    done = json.loads(marker.read_text()) if marker.exists() else {"round": worker, "shards": 0}
    have = done["shards"] * SHARD
    target = decisions // workers
    game = done["round"]
    behaviour = network = None
    if weights is not None:
        from hellsrummy.rl.learned import LearnedBot, load_network

        behaviour = LearnedBot(weights=weights)
        network = load_network(weights) if bootstrap else None
    dealt = f"{seed}/{stage.rstrip('-')}" if stage else seed
    pending: list[dict[str, Any]] = []
    while have < target:
        pending.extend(label_round(game, dealt, behaviour, network))
        game += workers
        if len(pending) >= SHARD:
            write_shard(out / f"{stage}w{worker}-{done['shards']}.npz", pending[:SHARD])
            pending = []  # the rest of the round is dropped: a shard ends with a round
            done = {"round": game, "shards": done["shards"] + 1}
            marker.write_text(json.dumps(done))
            have += SHARD
            progress(have)


def load_shards(folder: Path) -> dict[str, np.ndarray]:
    """Every shard in ``folder``, joined; refuses shards of another feature layout."""
    parts: dict[str, list[np.ndarray]] = {"states": [], "moves": [], "labels": [], "counts": []}
    for path in sorted(folder.glob("*.npz")):
        if path.name.endswith(".tmp.npz"):
            continue
        with np.load(path) as shard:
            if str(shard["digest"]) != FEATURES_DIGEST:
                raise SystemExit(
                    f"{path} holds features of layout {shard['digest']}, not {FEATURES_DIGEST}"
                )
            for key in parts:
                parts[key].append(shard[key])
    if not parts["counts"]:
        raise SystemExit(f"no labelled decisions in {folder}")
    return {key: np.concatenate(value) for key, value in parts.items()}


def split(data: dict[str, np.ndarray], held_out: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Decision numbers for learning and for checking, ``held_out`` of them kept back."""
    order = np.random.default_rng(seed).permutation(len(data["counts"]))
    cut = int(len(order) * held_out)
    return order[cut:], order[:cut]


def rows_of(
    starts: np.ndarray, counts: np.ndarray, chosen: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The move rows of the ``chosen`` decisions, and each row's place among them."""
    sizes = counts[chosen]
    owner = np.repeat(np.arange(len(chosen)), sizes)
    first = np.repeat(starts[chosen] - np.concatenate(([0], np.cumsum(sizes)[:-1])), sizes)
    return first + np.arange(len(owner)), owner


class Learner:
    """The network in PyTorch, its optimiser and its checkpoints."""

    SCALE = 50.0  # labels are learned divided by this (points of a round: tens)

    def __init__(self, hidden: int, second: int, lr: float, seed: int, epochs: int = 1) -> None:
        import torch

        self.torch = torch
        torch.manual_seed(seed)
        nn = torch.nn
        self.state_in = nn.Linear(STATE_FEATURES, hidden)
        self.move_in = nn.Linear(MOVE_FEATURES, hidden, bias=False)
        self.hidden = nn.Linear(hidden, second)
        self.out = nn.Linear(second, 1)
        self.modules = nn.ModuleList([self.state_in, self.move_in, self.hidden, self.out])
        self.optimiser = torch.optim.Adam(self.modules.parameters(), lr=lr)
        self.lr = lr
        self.epochs = epochs  # the learning rate falls to a tenth over them (a cosine)
        self.epoch = 0
        self.history: list[dict[str, float]] = []

    def forward(self, states: Any, moves: Any, owner: Any) -> Any:
        torch = self.torch
        first = self.move_in(moves) + self.state_in(states)[owner]
        second = torch.relu(self.hidden(torch.relu(first)))
        return self.out(second).squeeze(-1)

    def loss(self, predicted: Any, labels: Any, owner: Any, decisions: int) -> tuple[Any, Any]:
        torch = self.torch
        sizes = torch.zeros(decisions).index_add_(0, owner, torch.ones_like(labels))
        gap = predicted - labels
        mean_gap = torch.zeros(decisions).index_add_(0, owner, gap) / sizes
        centred = ((gap - mean_gap[owner]) ** 2).mean()
        return centred, (gap**2).mean()

    def step_epoch(
        self,
        data: dict[str, np.ndarray],
        train: np.ndarray,
        batch: int,
        rng: np.random.Generator,
        progress: Callable[[int, int], None],
    ) -> float:
        torch = self.torch
        starts = np.concatenate(([0], np.cumsum(data["counts"])[:-1]))
        order = rng.permutation(train)
        fall = 0.5 * (1 + np.cos(np.pi * self.epoch / max(1, self.epochs)))
        for group in self.optimiser.param_groups:
            group["lr"] = self.lr * (0.1 + 0.9 * fall)
        total = 0.0
        batches = max(1, len(order) // batch)
        for k in range(batches):
            chosen = order[k * batch : (k + 1) * batch]
            rows, owner = rows_of(starts, data["counts"], chosen)
            states = torch.from_numpy(data["states"][chosen].astype(np.float32))
            moves = torch.from_numpy(data["moves"][rows].astype(np.float32))
            labels = torch.from_numpy(data["labels"][rows] / self.SCALE)
            owner_t = torch.from_numpy(owner)
            centred, plain = self.loss(
                self.forward(states, moves, owner_t), labels, owner_t, len(chosen)
            )
            loss = centred + 0.1 * plain
            self.optimiser.zero_grad()
            loss.backward()
            self.optimiser.step()
            total += float(centred.detach())
            progress(k + 1, batches)
        self.epoch += 1
        return total / batches

    def check(self, data: dict[str, np.ndarray], held: np.ndarray) -> dict[str, float]:
        """On held-out decisions: the centred error, and what each choice costs against the best.

        ``regret``: the labelled points of the network's choice less the best candidate's,
        averaged over decisions; ``greedy regret`` the same for GreedyBot's move (listed first).
        """
        torch = self.torch
        starts = np.concatenate(([0], np.cumsum(data["counts"])[:-1]))
        regret = greedy = error = 0.0
        with torch.no_grad():
            for k in range(0, len(held), 4096):
                chosen = held[k : k + 4096]
                rows, owner = rows_of(starts, data["counts"], chosen)
                states = torch.from_numpy(data["states"][chosen].astype(np.float32))
                moves = torch.from_numpy(data["moves"][rows].astype(np.float32))
                labels = data["labels"][rows]
                owner_t = torch.from_numpy(owner)
                predicted = self.forward(states, moves, owner_t)
                centred, _ = self.loss(
                    predicted, torch.from_numpy(labels / self.SCALE), owner_t, len(chosen)
                )
                error += float(centred) * len(chosen)
                predicted_np = predicted.numpy()
                edges = np.concatenate(([0], np.cumsum(data["counts"][chosen])))
                for d in range(len(chosen)):
                    part = labels[edges[d] : edges[d + 1]]
                    best = part.min()
                    regret += part[int(np.argmin(predicted_np[edges[d] : edges[d + 1]]))] - best
                    greedy += part[0] - best
        n = max(1, len(held))
        return {
            "centred error": float(error / n),
            "regret": float(regret / n),
            "greedy regret": float(greedy / n),
        }

    def save(self, path: Path) -> None:
        torch = self.torch
        state = {
            "modules": self.modules.state_dict(),
            "optimiser": self.optimiser.state_dict(),
            "epoch": self.epoch,
            "history": self.history,
        }
        tmp = path.with_suffix(".tmp")
        torch.save(state, tmp)
        tmp.replace(path)

    def load(self, path: Path) -> None:
        saved = self.torch.load(path, weights_only=False)
        self.modules.load_state_dict(saved["modules"])
        self.optimiser.load_state_dict(saved["optimiser"])
        self.epoch = saved["epoch"]
        self.history = saved["history"]

    def network(self, trained: dict[str, Any]) -> Network:
        """The weights for numpy (:class:`hellsrummy.rl.Network`), labels in points again."""

        def array(tensor: Any) -> np.ndarray:
            return tensor.detach().numpy().astype(np.float32)

        arrays = {
            "state_in": array(self.state_in.weight.T),
            "move_in": array(self.move_in.weight.T),
            "bias_in": array(self.state_in.bias),
            "hidden": array(self.hidden.weight.T),
            "bias_hidden": array(self.hidden.bias),
            "out": array(self.out.weight[0]) * self.SCALE,
            "bias_out": np.array(float(self.out.bias[0]) * self.SCALE, dtype=np.float32),
        }
        return Network(arrays, trained)
