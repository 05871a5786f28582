"""A learned player: a small network scores each candidate move, the lowest expected points wins.

:class:`LearnedBot` chooses among :func:`hellsrummy.rl.features.candidates` (GreedyBot's move,
the other plays, the discards) the one its network expects to leave its seat with the fewest
points when the round ends (plus a penalty for not winning it, as
:class:`hellsrummy.SearchBot` counts). The network was trained to predict exactly that: the
points of the round finished by GreedyBots after each candidate, played out on the true
deal (see the *Bots* page and ``examples/train.py``). It runs in numpy alone, a few hundred
thousand multiply-adds a decision; no search, no clock.

The weights are package data (``hellsrummy/rl/weights/learned.npz``), read with
:mod:`importlib.resources`, and carry the digest of the feature layout they were trained on
(:data:`hellsrummy.rl.features.FEATURES_DIGEST`) and the games they were trained on: a
decision outside those (:meth:`LearnedBot.covers`) is GreedyBot's, and so is every Rummy call.

>>> from hellsrummy import Pass, Take, new_game, view
>>> from hellsrummy.rl.features import MOVE_FEATURES, STATE_FEATURES
>>> from hellsrummy.rl.learned import LearnedAnalysis, LearnedBot, Network, load_network
>>> bot = LearnedBot()
>>> seen = view(new_game(4, seed="learned"), 1)
>>> bot(seen) in (Take(), Pass())
True
>>> bot(seen) == bot(seen)
True
"""

from __future__ import annotations

import functools
import io
import json
import zipfile
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from hellsrummy.deck.shuffle import Seed, check_seed
from hellsrummy.errors import shown
from hellsrummy.game.actions import Action, CallRummy
from hellsrummy.players.bots import GreedyBot
from hellsrummy.rl.features import (
    FEATURES_DIGEST,
    MOVE_FEATURES,
    STATE_FEATURES,
    candidates,
    move_features,
    state_features,
)
from hellsrummy.views.view import PlayerView

__all__ = ["LearnedAnalysis", "LearnedBot", "Network", "load_network"]

#: The shipped weights, in this package.
WEIGHTS = "weights/learned.npz"

# Moves scored a product at a time: few enough that a matrix product stays below the size at
# which OpenBLAS starts threads (m * n * k < 262,144: 4 x 204 x 256 and 4 x 256 x 128).
_ROWS = 4
_ARRAYS = ("state_in", "move_in", "bias_in", "hidden", "bias_hidden", "out", "bias_out")
_GREEDY = GreedyBot()


class Network:
    """The value network: a state's and a move's features in, the move's expected points out.

    ``values(state, moves)`` runs two hidden layers (ReLU) over each row of ``moves`` joined
    to ``state``; the state's share of the first layer is worked out once per decision. A
    network may hold several *members* (:meth:`stack`: each array gains a first axis, one
    member a place): its value is then the mean of theirs, an ensemble.

    >>> import numpy as np
    >>> net = Network.zeros(hidden=4)
    >>> net.values(np.zeros(STATE_FEATURES, np.float32), np.zeros((3, MOVE_FEATURES), np.float32))
    array([0., 0., 0.], dtype=float32)
    """

    __slots__ = ("arrays", "trained")

    def __init__(self, arrays: dict[str, npt.NDArray[np.float32]], trained: dict[str, Any]) -> None:
        self.arrays = arrays
        self.trained = trained

    @classmethod
    def zeros(cls, hidden: int = 256, second: int = 128) -> Network:
        """A network of the right shapes whose every weight is 0 (for tests and examples).

        >>> Network.zeros(hidden=8).arrays["hidden"].shape
        (8, 128)
        """
        shapes = {
            "state_in": (STATE_FEATURES, hidden),
            "move_in": (MOVE_FEATURES, hidden),
            "bias_in": (hidden,),
            "hidden": (hidden, second),
            "bias_hidden": (second,),
            "out": (second,),
            "bias_out": (),
        }
        arrays = {name: np.zeros(shape, dtype=np.float32) for name, shape in shapes.items()}
        return cls(arrays, {})

    @classmethod
    def stack(cls, networks: list[Network], trained: dict[str, Any]) -> Network:
        """One network whose value is the mean of the members of ``networks`` (of one shape).

        >>> import numpy as np
        >>> one, two = Network.zeros(hidden=2), Network.zeros(hidden=2)
        >>> one.arrays["bias_out"][...], two.arrays["bias_out"][...] = 1.0, 4.0
        >>> both = Network.stack([one, two], {})
        >>> state, moves = np.zeros(STATE_FEATURES, np.float32), np.zeros((1, MOVE_FEATURES))
        >>> both.members, both.values(state, moves.astype(np.float32))
        (2, array([2.5], dtype=float32))
        """
        parts = [
            {name: array[k] for name, array in net.arrays.items()}
            if net.members > 1
            else net.arrays
            for net in networks
            for k in range(net.members)
        ]
        shapes = {name: array.shape for name, array in parts[0].items()}
        if any(part[name].shape != shape for part in parts for name, shape in shapes.items()):
            raise ValueError("only networks of one shape can be stacked")
        arrays = {name: np.stack([part[name] for part in parts]) for name in shapes}
        return cls(arrays, trained)

    @property
    def members(self) -> int:
        """How many networks this one averages (1 for a single network).

        >>> Network.zeros(hidden=2).members
        1
        """
        shape = self.arrays["state_in"].shape
        return shape[0] if len(shape) == 3 else 1

    def values(
        self, state: npt.NDArray[np.float32], moves: npt.NDArray[np.float32]
    ) -> npt.NDArray[np.float32]:
        """The expected points of each row of ``moves`` (one per candidate) from ``state``.

        >>> import numpy as np
        >>> net = Network.zeros(hidden=2)
        >>> net.arrays["bias_out"][...] = 7.5
        >>> net.values(np.ones(STATE_FEATURES, np.float32), np.ones((2, MOVE_FEATURES), np.float32))
        array([7.5, 7.5], dtype=float32)
        """
        a = self.arrays
        single = a["state_in"].ndim == 2
        members = 1 if single else a["state_in"].shape[0]
        total = np.zeros(len(moves), dtype=np.float32)
        # Small products only, so that BLAS keeps to the calling thread: a threaded BLAS on a
        # busy machine turns a decision of a millisecond into tenths of a second. The seat's
        # features are mostly zeros: its share of the first layer is a sum of the rows of
        # its nonzero places, with no BLAS at all; the moves go a few rows at a time.
        places = np.flatnonzero(state)
        weights = state[places, None]
        for k in range(members):
            part = {name: array if single else array[k] for name, array in a.items()}
            seat = (part["state_in"][places] * weights).sum(axis=0) + part["bias_in"]
            for start in range(0, len(moves), _ROWS):
                rows = moves[start : start + _ROWS]
                first = rows @ part["move_in"]
                first += seat
                np.maximum(first, 0.0, out=first)
                second = first @ part["hidden"]
                second += part["bias_hidden"]
                np.maximum(second, 0.0, out=second)
                total[start : start + _ROWS] += second @ part["out"] + part["bias_out"]
        found: npt.NDArray[np.float32] = total / np.float32(members)
        return found

    def save(self, target: str | Path) -> None:
        """Writes the weights (``float16``), the feature digest and what they were trained on.

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "w.npz"
        >>> Network.zeros(hidden=4).save(path)
        >>> load_network(path).arrays["bias_in"].shape
        (4,)
        """
        meta = json.dumps({"digest": FEATURES_DIGEST, "trained": self.trained}, sort_keys=True)
        # float16 on disk (half the bytes; the values move by a few hundredths of a point),
        # float32 when loaded.
        halves = {name: array.astype(np.float16) for name, array in self.arrays.items()}
        arrays: dict[str, Any] = {"meta": np.array(meta), **halves}
        with open(target, "wb") as file:
            np.savez_compressed(file, **arrays)


def load_network(source: str | Path | None = None) -> Network:
    """The network saved at ``source`` (a path), or the shipped one (``None``).

    Raises :class:`ValueError` when the file was trained on another feature layout.

    >>> load_network().trained["players"]
    [3, 4, 5, 6]
    """
    if source is None:
        return _shipped()
    with open(source, "rb") as file:
        data = file.read()
    return _parse(data, str(source))


@functools.cache
def _shipped() -> Network:
    data = resources.files("hellsrummy.rl").joinpath(WEIGHTS).read_bytes()
    return _parse(data, f"hellsrummy.rl/{WEIGHTS}")


@functools.lru_cache(maxsize=8)
def _loaded(source: str) -> Network:
    return load_network(source)


def _parse(data: bytes, name: str) -> Network:
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as saved:
            missing = [key for key in ("meta", *_ARRAYS) if key not in saved.files]
            if missing:
                raise ValueError(f"no {', '.join(missing)}")
            meta = json.loads(str(saved["meta"]))
            arrays = {key: saved[key].astype(np.float32) for key in _ARRAYS}
    except (OSError, ValueError, zipfile.BadZipFile, json.JSONDecodeError) as error:
        raise ValueError(f"{name} is not a learned bot's weights: {error}") from None
    if meta.get("digest") != FEATURES_DIGEST:
        raise ValueError(
            f"{name} was trained on feature layout {meta.get('digest')!r}, but this hellsrummy"
            f" computes layout {FEATURES_DIGEST!r}: train again with examples/train.py, or"
            " install the hellsrummy release the weights were made for"
        )
    if (
        arrays["state_in"].shape[-2] != STATE_FEATURES
        or arrays["move_in"].shape[-2] != MOVE_FEATURES
    ):
        raise ValueError(f"{name} has weights of the wrong shape for this feature layout")
    return Network(arrays, dict(meta.get("trained", {})))


@attrs.frozen
class LearnedAnalysis:
    """What :meth:`LearnedBot.analyse` found for one decision.

    ``candidates`` are the moves scored (GreedyBot's first), ``values`` the points the
    network expects for each (lower is better; empty when GreedyBot decided), ``action`` the
    move chosen, and ``learned`` whether the network chose it (else GreedyBot did: a decision
    outside what the network was trained on, or a single legal move).

    >>> found = LearnedAnalysis(Take(), (Take(), Pass()), (12.5, 20.0), True)
    >>> found.candidates[found.values.index(min(found.values))] == found.action
    True
    """

    action: Action
    candidates: tuple[Action, ...]
    values: tuple[float, ...]
    learned: bool


def _weights(instance: LearnedBot, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not isinstance(value, (str, Path)):
        raise TypeError(f"weights must be a path or None, got {shown(value)}")


@attrs.frozen
class LearnedBot:
    """Chooses the candidate move its network expects to cost the fewest points.

    ``weights`` is a path to weights saved by ``examples/train.py`` (``None``: the shipped
    ones), loaded when the bot is made (once per process and path). The bot has no
    randomness: a decision is a pure function of the view (ties go to the candidate listed
    first, GreedyBot's move); ``seed`` is taken, like every bot's, and changes nothing.
    Decisions the network was not trained on (:meth:`covers`) and Rummy calls are
    GreedyBot's.

    >>> from hellsrummy import new_game, view
    >>> LearnedBot()(view(new_game(3, seed=1), 1)) in (Take(), Pass())
    True
    >>> LearnedBot(weights=3)
    Traceback (most recent call last):
    ...
    TypeError: weights must be a path or None, got 3
    """

    seed: Seed = attrs.field(default=0, validator=check_seed)
    weights: str | Path | None = attrs.field(default=None, validator=_weights)

    def __attrs_post_init__(self) -> None:
        self.network  # loaded now (once per process and path): bad weights fail here  # noqa: B018

    @property
    def network(self) -> Network:
        """The network of :attr:`weights` (loaded once per process and path).

        >>> sorted(LearnedBot().network.trained)[:2]
        ['decisions', 'difficulties']
        """
        return _shipped() if self.weights is None else _loaded(str(self.weights))

    def covers(self, seen: PlayerView) -> bool:
        """Whether the network decides in ``seen`` (else GreedyBot does).

        The network decides for the table sizes, difficulties and discard policies it was
        trained on (``network.trained``), while no seat has left.

        >>> from hellsrummy import new_game, view
        >>> LearnedBot().covers(view(new_game(4, seed=1), 1))
        True
        >>> LearnedBot().covers(view(new_game(10, seed=1), 1))
        False
        """
        trained = self.network.trained
        return (
            len(seen.hand_sizes) in trained.get("players", ())
            and seen.contract.difficulty in trained.get("difficulties", ())
            and seen.rules.discard_policy.value in trained.get("policies", ())
            and not any(seen.left)
        )

    def __call__(self, seen: PlayerView) -> Action:
        """The move the network expects to cost the fewest points."""
        return self.analyse(seen).action

    def analyse(self, seen: PlayerView) -> LearnedAnalysis:
        """The decision, with every candidate's expected points.

        >>> from hellsrummy import new_game, view
        >>> found = LearnedBot().analyse(view(new_game(4, seed="why"), 1))
        >>> sorted(map(str, found.candidates)), found.learned, len(found.values)
        (['pass', 'take'], True, 2)
        """
        if not isinstance(seen, PlayerView):
            raise ValueError(f"a bot sees only a PlayerView, got {type(seen).__name__}")
        if not seen.to_act:
            raise ValueError(f"seat {seen.seat} is not the seat to act")
        if not self.covers(seen):
            move = _GREEDY(seen)
            return LearnedAnalysis(move, (move,), (), False)
        moves = candidates(seen)
        if len(moves) == 1:
            return LearnedAnalysis(moves[0], (moves[0],), (), False)
        values = self.network.values(state_features(seen), move_features(seen, moves))
        best = int(np.argmin(values))  # the first of the lowest
        return LearnedAnalysis(moves[best], tuple(moves), tuple(float(v) for v in values), True)

    def guide(self, seen: PlayerView) -> tuple[list[Action], list[float]]:
        """The candidates of ``seen`` and the points the network expects each to cost.

        A guide for :class:`hellsrummy.SearchBot` (``SearchBot(guide=LearnedBot().guide,
        prior=...)``). Where the network does not decide (:meth:`covers`), every value is 0
        and the candidates keep their order, GreedyBot's move first.

        >>> from hellsrummy import new_game, view
        >>> moves, values = LearnedBot().guide(view(new_game(4, seed="guide"), 1))
        >>> sorted(map(str, moves)), len(values)
        (['pass', 'take'], 2)
        """
        moves = candidates(seen)
        if len(moves) == 1 or not self.covers(seen):
            return moves, [0.0] * len(moves)
        values = self.network.values(state_features(seen), move_features(seen, moves))
        return moves, [float(value) for value in values]

    def call(self, seen: PlayerView) -> CallRummy | None:
        """GreedyBot's call (:meth:`hellsrummy.GreedyBot.call`): the network makes none.

        >>> from hellsrummy import new_game, view
        >>> LearnedBot().call(view(new_game(3, seed=1), 0)) is None
        True
        """
        return _GREEDY.call(seen)
