"""A state's own history: ``record_of(state)`` is the game so far and replays to it (issue 45).

Random games of every rule variant, with refused discards that cost a penalty, play
protection, seats leaving at any moment and Rummy calls (``test_replay.game_steps``): at every
few steps the record the state gives is the record of the actions the driver took (where each
round was dealt included), and it replays to the state, events and all. The card a seat tried
in a refused discard is kept in the state's log and hidden from every view.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Deal,
    DiscardErrorMade,
    DiscardPolicy,
    GameRecord,
    PlayProtectionWarning,
    Rules,
    apply,
    card,
    cards,
    from_dict,
    new_game,
    parse_action,
    record_of,
    replay,
    resample,
    to_dict,
    view,
)
from hellsrummy.data.history import read_record
from hellsrummy.data.readers import Reader
from hellsrummy.game.eventlog import Fold
from hellsrummy.views.resampling import own_state

from ..support.positions import Step, Style, random_game, random_rules
from .test_replay import assert_same, game_steps
from .test_replay import record_of as driven_record

PRIVATE = (DiscardErrorMade, PlayProtectionWarning)


def penalized_steps(seed: int, steps: int = 250) -> list[Step]:
    """A random game under ``DiscardPolicy.PENALIZE`` that blunders and protects often."""
    rng = random.Random(f"history {seed}")
    players = rng.randint(3, 5)
    rules = attrs.evolve(
        random_rules(rng, players, (DiscardPolicy.PENALIZE,)), expert=False, discard_error_points=3
    )
    style = Style(take=0.6, play=0.9, first=0.5, blunder=0.3, protect=0.2, leave=0.002)
    return list(random_game(seed, rules, players, steps=steps, style=style))


def games(seed: int, steps: int) -> list[Step]:
    return game_steps(seed, steps) if seed % 3 else penalized_steps(seed, steps)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_record_of_a_state_is_the_game_it_played_and_replays_to_it(seed: int) -> None:
    steps = games(seed, steps=120)
    for end in [*range(1, len(steps), 9), len(steps)]:
        state = steps[end - 1].state
        record = record_of(state)
        assert record == driven_record(steps[:end])
        assert_same(replay(record), state)
        assert GameRecord.from_text(record.to_text()) == record


@pytest.mark.parametrize("seed", range(8))
def test_a_state_read_back_from_its_dict_gives_the_same_record(seed: int) -> None:
    steps = games(seed, steps=150)
    for step in steps[::11]:
        back = from_dict(json.loads(json.dumps(to_dict(step.state))))
        assert record_of(back) == record_of(step.state)
        assert_same(replay(record_of(back)), step.state)


def test_the_games_make_every_kind_of_action_the_record_must_hold() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(40):
        state = games(seed, 250)[-1].state
        kinds.update(type(action).__name__ for action in record_of(state).actions)
        kinds.update(type(event).__name__ for event in state.log if isinstance(event, PRIVATE))
    for kind in ("Take", "Pass", "Meld", "Extend", "SwapWildcard", "Discard", "Leave"):
        assert kinds[kind] > 0, kinds
    for kind in ("SetPlayProtection", "CallRummy", "DiscardErrorMade", "PlayProtectionWarning"):
        assert kinds[kind] > 0, kinds


def _error_game() -> tuple[object, object]:
    state = new_game(3, seed=2026)
    state = apply(state, parse_action("take"))
    wild = next(c for c in state.hands[1] if c.rank == 2)
    return state, apply(state, parse_action(f"discard {wild}"))


def test_a_refused_discard_is_in_the_record_with_its_card_and_hidden_from_views() -> None:
    _, after = _error_game()
    event = after.log.last
    assert isinstance(event, DiscardErrorMade) and event.card is not None
    assert record_of(after).actions[-1] == parse_action(f"discard {event.card}")
    assert_same(replay(record_of(after)), after)
    for seat in range(after.players):
        seen = view(after, seat).log.last
        assert seen == attrs.evolve(event, card=None)
        assert str(event.card) not in str(seen)
        assert str(event.card) not in json.dumps(to_dict(view(after, seat))["events"][-1])
    assert to_dict(after)["events"][-1]["card"] == str(event.card)


def test_a_view_or_a_state_made_from_one_has_no_record() -> None:
    _, after = _error_game()
    with pytest.raises(ValueError, match="a view holds no seed"):
        record_of(view(after, 0))  # type: ignore[arg-type]
    for made in (resample(view(after, 0), 5), own_state(view(after, 0))):
        with pytest.raises(ValueError, match="does not say which card seat 1 tried"):
            record_of(made)


def test_a_state_read_from_format_3_has_no_record_past_a_refused_discard() -> None:
    _, after = _error_game()
    data = to_dict(after)
    data["format"] = 3
    data["type"] = "GameState"
    del data["deal"]
    for event in data["events"]:
        event.pop("card", None) if event["event"] == "discard_error" else None
    old = from_dict(data)
    assert old == after
    with pytest.raises(ValueError, match="format 3 or older"):
        record_of(old)


def test_a_fixed_deal_is_part_of_the_record_and_of_the_state_dict() -> None:
    deal = Deal(
        hands=[cards("3C 4C 5D 9S"), cards("7H 7S 2H 9C 9D 9H KH 5S 6S"), cards("3D 4D 6C 7C")],
        discard=card("QS"),
        stock=cards("8C 8D 8S"),
    )
    state = new_game(3, seed=1, rules=Rules(discard_policy=DiscardPolicy.CLASSIC), deal=deal)
    for text in ["take", "meld 7H 7S 2H / 9C 9D 9H", "discard KH", "take", "discard 7C"]:
        state = apply(state, parse_action(text))
    record = record_of(state)
    assert record.deal == deal and record.seed == 1
    assert_same(replay(record), state)
    data = to_dict(state)
    assert data["deal"]["stock"] == ["8C", "8D", "8S"]
    assert from_dict(data).deal == deal


def test_a_fold_over_a_views_log_never_reads_a_card_the_view_hides() -> None:
    _, after = _error_game()
    every = Fold((), lambda seen, event: (*seen, event))
    assert after.log.fold(every)[-1].card is not None  # found on the state's log first
    assert view(after, 0).log.fold(every)[-1] == attrs.evolve(after.log.last, card=None)


def test_a_broken_kept_record_is_named_at_its_path() -> None:
    with pytest.raises(ValueError, match=r"^record: a record must be an object, got int$"):
        read_record(Reader(5, "record"))
    with pytest.raises(ValueError, match=r"^rounds\[0\]\.record\.players: must be a list"):
        read_record(Reader({"format": 4, "type": "record"}, "rounds[0].record"))
