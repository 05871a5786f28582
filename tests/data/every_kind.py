"""A value of every kind of document (``SCHEMA_KINDS``), from small real games and studies.

The game's documents come from a game played a little way in; the results of simulations and
studies from ``play_game``, ``simulate``, ``stream_deals`` and ``compare`` runs, kept small.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hellsrummy import (
    Discard,
    GameRecord,
    GreedyBot,
    RandomBot,
    Rules,
    Take,
    Unseeded,
    apply,
    compare,
    new_game,
    play_game,
    rate,
    simulate,
    stream_deals,
    view,
)


@cache
def values_of_every_kind() -> dict[str, Any]:
    """One value of each kind of document, by kind (its ``"type"``)."""
    start = new_game(["Ann", "Bob", "Cat"], seed="every kind")
    taken = apply(start, Take())
    action = Discard(taken.hands[1][-1])
    state = apply(taken, action)
    results = simulate([GreedyBot(), RandomBot(1), RandomBot(2)], games=2, seed="every kind")
    (record,) = stream_deals({"random": RandomBot}, deals=[1], players=3, seed="every kind")
    return {
        "state": state,
        "view": view(state, 2),
        "rules": Rules(schedule=(6, 7), hand_size=8),
        "action": action,
        "event": state.events[-1],
        "record": GameRecord.of(start, [Take(), action]),
        "game_result": results[1],
        "deal_record": record,
        "comparison": (
            study := compare(
                {"random": RandomBot, "greedy": Unseeded(GreedyBot)},
                deals=2,
                players=3,
                seed="every kind",
                resamples=50,
            )
        ),
        "ladder": rate(study, resamples=50),
    }


def result_values() -> dict[str, list[Any]]:
    """More results of each kind: of ``play_game``, ``simulate``, ``stream_deals``, ``compare``."""
    values = values_of_every_kind()
    games = simulate([RandomBot(3), GreedyBot(), GreedyBot(), RandomBot(4)], games=3, seed=9)
    games.append(play_game([GreedyBot(), RandomBot(5), RandomBot(6)], "results", 4))
    deals = list(stream_deals([RandomBot, Unseeded(GreedyBot)], deals=3, seed=9))
    studies = [compare([RandomBot], deals=1, seed=9, resamples=20)]
    return {
        "game_result": [values["game_result"], *games],
        "deal_record": [values["deal_record"], *deals, *studies[0].records],
        "comparison": [values["comparison"], *studies],
        "ladder": [values["ladder"], rate(*studies, resamples=20)],
    }
