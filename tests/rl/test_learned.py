"""LearnedBot: its candidates, its features, its weights file, and games it plays."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from hellsrummy import (
    DiscardPolicy,
    GreedyBot,
    Leave,
    Phase,
    RandomBot,
    Rules,
    SearchBot,
    apply,
    compare,
    is_legal,
    new_game,
    play_game,
    view,
)
from hellsrummy.rl import LearnedBot, Network, load_network
from hellsrummy.rl.features import (
    FEATURES_DIGEST,
    MAX_CANDIDATES,
    MOVE_FEATURES,
    STATE_FEATURES,
    candidates,
    move_features,
    state_features,
)

from ..support.worst import SAVED, state_of

EVERY = {
    "players": list(range(3, 11)),
    "difficulties": list(range(3, 26)),
    "policies": ["penalize", "reject", "classic"],
}


def greedy_copy(path: Path) -> Path:
    """Weights that score GreedyBot's move (listed first) lowest, everywhere: a GreedyBot."""
    network = Network.zeros(hidden=4, second=4)
    greedy = 6 + 2 * 91  # the move features' "greedy" place: after the kind and the cards
    network.arrays["move_in"][greedy, 0] = 1.0
    network.arrays["hidden"][0, 0] = 1.0
    network.arrays["out"][0] = -10.0
    network.trained = dict(EVERY)
    network.save(path)
    return path


def positions(seed: str, games: int = 6, players: int = 4) -> list:
    """Every decision's state of a few rounds of GreedyBots (difficulties 3 to 14)."""
    found = []
    for game in range(games):
        rules = Rules(schedule=[3 + (game * 5) % 12])
        state = new_game(players + game % 3, seed=f"{seed}/{game}", rules=rules)
        while state.phase in (Phase.DECIDE, Phase.PLAY):
            found.append(state)
            state = apply(state, GreedyBot()(view(state, state.current)))
    return found


def test_candidates_are_legal_distinct_bounded_and_greedy_first() -> None:
    for state in positions("candidates"):
        seen = view(state, state.current)
        moves = candidates(seen)
        assert moves[0] == GreedyBot()(seen)
        assert len(set(moves)) == len(moves) <= MAX_CANDIDATES
        assert all(is_legal(state, move) for move in moves)


def test_features_have_their_sizes_and_stay_small() -> None:
    for state in positions("features", games=3):
        seen = view(state, state.current)
        moves = candidates(seen)
        state_part = state_features(seen)
        rows = move_features(seen, moves)
        assert state_part.shape == (STATE_FEATURES,) and rows.shape == (len(moves), MOVE_FEATURES)
        assert state_part.dtype == rows.dtype == np.float32
        assert state_part.min() >= 0 and state_part.max() <= 16  # counts of copies at most
        assert rows.min() >= -5 and rows.max() <= 16  # a throwaway key may be below 0
        assert rows[0, 6 + 2 * 91] == 1 and rows[1:, 6 + 2 * 91].sum() == 0  # greedy's flag


def test_weights_that_prefer_greedys_move_play_exactly_as_greedybot(tmp_path: Path) -> None:
    weights = greedy_copy(tmp_path / "copy.npz")
    study = compare({"copy": lambda seed: LearnedBot(seed, weights=weights)}, deals=4, seed="copy")
    pair = study.candidates[0]
    assert pair.points.value == pair.points.low == pair.points.high == 0
    assert pair.mean_points == pair.baseline_points
    state = new_game(4, seed="copy")
    found = LearnedBot(weights=weights).analyse(view(state, state.current))
    assert found.learned and found.values[0] < min(found.values[1:])


def test_a_decision_is_a_pure_function_of_the_view() -> None:
    bot = LearnedBot()
    for state in positions("pure", games=2):
        seen = view(state, state.current)
        assert bot(seen) == bot(seen) == LearnedBot(seed=99)(seen)


def test_the_shipped_weights_load_with_their_digest() -> None:
    network = load_network()
    assert network.trained["players"] and network.trained["difficulties"]
    assert network.arrays["state_in"].shape[-2] == STATE_FEATURES
    shipped = resources.files("hellsrummy.rl").joinpath("weights/learned.npz")
    assert len(shipped.read_bytes()) < 10 * 1024 * 1024  # the package's weights: under 10 MB
    assert sum(array.nbytes for array in network.arrays.values()) < 20 * 1024 * 1024


def test_weights_of_another_layout_are_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    Network.zeros(hidden=4).save(path)
    with np.load(path) as saved:
        arrays = {key: saved[key] for key in saved.files}
    meta = json.loads(str(arrays["meta"]))
    meta["digest"] = "0123456789abcdef"
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)
    with pytest.raises(ValueError, match=r"layout '0123456789abcdef'.*" + FEATURES_DIGEST):
        LearnedBot(weights=path)
    (tmp_path / "junk.npz").write_bytes(b"not weights")
    with pytest.raises(ValueError, match=r"junk\.npz is not a learned bot's weights"):
        load_network(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", something=np.zeros(3))
    with pytest.raises(ValueError, match="not a learned bot's weights"):
        load_network(tmp_path / "other.npz")


def test_a_view_of_a_seat_not_to_act_or_not_a_view_is_refused() -> None:
    state = new_game(4, seed="refused")
    with pytest.raises(ValueError, match="not the seat to act"):
        LearnedBot()(view(state, (state.current + 1) % 4))
    with pytest.raises(ValueError, match="PlayerView"):
        LearnedBot()(state)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [3, 4, 7, 10])
def test_it_plays_whole_games_of_every_size_greedybot_deciding_where_untrained(
    players: int,
) -> None:
    bots = [LearnedBot(), *[GreedyBot()] * (players - 1)]
    rules = Rules(schedule=[4, 9])
    result = play_game(bots, "sizes", 0, rules)
    assert result.decisions > 0
    seen = view(new_game(players, seed=1, rules=rules), 1)
    assert LearnedBot().covers(seen) is (players in load_network().trained["players"])


def test_classic_rules_and_calls_go_through_greedybot() -> None:
    rules = Rules(schedule=[6], discard_policy=DiscardPolicy.CLASSIC)
    bots = [LearnedBot(), RandomBot(1), RandomBot(2), GreedyBot()]
    result = play_game(bots, "classic", 0, rules)
    assert result.decisions > 0
    state = new_game(4, seed="classic", rules=rules)
    assert LearnedBot().call(view(state, 0)) == GreedyBot().call(view(state, 0))


def test_a_table_with_a_seat_left_is_greedybots() -> None:
    state = new_game(4, seed="left")
    state = apply(state, Leave(3))
    seen = view(state, state.current)
    assert not LearnedBot().covers(seen)
    assert LearnedBot()(seen) == GreedyBot()(seen)
    assert not LearnedBot().analyse(seen).learned


def test_the_worst_listings_give_few_candidates(tmp_path: Path) -> None:
    """Hands of the scan's biggest listings: candidates stay few, made without the listing."""
    weights = greedy_copy(tmp_path / "copy.npz")
    for saved in SAVED:
        state = state_of(saved)
        seen = view(state, state.current)
        assert saved["moves"] > MAX_CANDIDATES
        moves = candidates(seen)
        assert len(moves) <= min(MAX_CANDIDATES, len(seen.hand) + 1)
        assert LearnedBot(weights=weights)(seen) == moves[0] == GreedyBot()(seen)


def test_a_guided_search_ranks_by_the_guide_and_its_prior_can_decide_alone() -> None:
    bot = LearnedBot()
    for state in positions("guided", games=2)[::7]:
        seen = view(state, state.current)
        moves, values = bot.guide(seen)
        search = SearchBot(seed=1, iterations=12, width=3, guide=bot.guide, prior=2.0)
        ranked = sorted(range(len(moves)), key=lambda i: (values[i], i))[:3]
        assert search.candidates(seen) == [moves[i] for i in ranked]
        assert search(seen) == search(seen)  # a pure function of its seed and the view
        sure = SearchBot(seed=1, iterations=12, guide=bot.guide, prior=1e9)
        assert sure(seen) == bot(seen)  # a prior of a billion rollouts: the network decides


def test_a_guided_search_refuses_a_bad_guide_or_prior() -> None:
    with pytest.raises(TypeError, match="guide must be a function"):
        SearchBot(guide=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="prior must be a number of at least 0, got -1"):
        SearchBot(prior=-1)


def test_an_ensemble_scores_the_mean_of_its_members_and_saves_in_half_precision(
    tmp_path: Path,
) -> None:
    shipped = load_network()
    state = new_game(4, seed="ensemble")
    seen = view(state, state.current)
    features, rows = state_features(seen), move_features(seen, candidates(seen))
    twice = Network.stack([shipped, shipped], shipped.trained)
    assert np.allclose(twice.values(features, rows), shipped.values(features, rows), atol=1e-4)
    twice.save(tmp_path / "twice.npz")
    again = load_network(tmp_path / "twice.npz")
    assert again.members == 2 * shipped.members
    assert all(array.dtype == np.float32 for array in again.arrays.values())
    assert np.allclose(again.values(features, rows), shipped.values(features, rows), atol=0.1)
    with pytest.raises(ValueError, match="one shape"):
        Network.stack([Network.zeros(hidden=4), Network.zeros(hidden=8)], {})
