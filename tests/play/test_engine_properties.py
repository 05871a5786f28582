"""Properties of the engine over random legal games, and the completeness of legal_actions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hellsrummy import (
    Card,
    Discard,
    Extend,
    GameState,
    Meld,
    Pass,
    Phase,
    Rules,
    SetPlayProtection,
    SwapWildcard,
    Take,
    apply,
    cards,
    is_legal,
    is_meld,
    legal_actions,
    new_game,
    next_round,
)

from ..support.deals import start
from ..support.invariants import RoundStart, check_invariants
from ..support.strategies import any_card, valid_meld


def atomic_candidates(state: GameState) -> list[object]:
    """Single-card actions built from the seat's hand, legal or not."""
    hand = sorted(set(state.hands[state.current]))
    candidates: list[object] = [Take(), Pass()]
    candidates += [Discard(c) for c in hand]
    for number in range(len(state.melds) + 1):
        candidates += [Extend(number, (c,)) for c in hand]
        candidates += [SwapWildcard(number, c) for c in hand]
    return candidates


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 7),
    schedule=st.lists(st.integers(3, 25), min_size=1, max_size=2),
    protect=st.booleans(),
    data=st.data(),
)
def test_random_legal_games_keep_every_invariant(
    seed: int, players: int, schedule: list[int], protect: bool, data: st.DataObject
) -> None:
    rules = Rules(schedule=schedule, max_turns=40, hand_size=data.draw(st.integers(3, 11)))
    state = new_game(players, seed=seed, rules=rules)
    if protect:
        state = apply(state, SetPlayProtection(players - 1, True))
    round_start = RoundStart(state)
    for _ in range(120):
        if state.phase is Phase.GAME_OVER:
            assert list(legal_actions(state)) == []
            break
        if state.phase is Phase.ROUND_OVER:
            state = next_round(state)
            round_start = RoundStart(state)
            continue
        moves = list(legal_actions(state))
        assert moves, "a seat in play always has a move"
        assert len(set(moves)) == len(moves), "an action was listed twice"
        listed = set(moves)
        for candidate in atomic_candidates(state):
            assert is_legal(state, candidate) == (candidate in listed), candidate  # type: ignore[arg-type]
        for move in moves:
            if isinstance(move, Meld):
                assert is_legal(state, move)
        before = hash(state)
        snapshot = (state.hands, state.melds, state.stock, state.discard, state.phase)
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        after = apply(state, move)
        assert hash(state) == before
        assert (state.hands, state.melds, state.stock, state.discard, state.phase) == snapshot
        assert after.penalties == state.penalties or after.round != state.round, (
            "a listed action was penalised"
        )
        check_invariants(after, round_start)
        state = after


@settings(max_examples=300)
@given(valid_meld(max_size=12))
def test_every_meld_is_three_cards_plus_one_card_extensions(meld: list[Card]) -> None:
    """Why the enumerator may list only three-card melds and one-card extensions."""

    def grow(current: list[Card], rest: list[Card]) -> bool:
        if not rest:
            return True
        return any(
            is_meld([*current, c]) and grow([*current, c], rest[:k] + rest[k + 1 :])
            for k, c in enumerate(rest)
        )

    found = False
    for i in range(len(meld)):
        for j in range(i + 1, len(meld)):
            for k in range(j + 1, len(meld)):
                start_cards = [meld[i], meld[j], meld[k]]
                rest = [c for n, c in enumerate(meld) if n not in (i, j, k)]
                if is_meld(start_cards) and grow(start_cards, rest):
                    found = True
                    break
            if found:
                break
        if found:
            break
    assert found, f"no way to build {meld} from three cards"


@settings(max_examples=300)
@given(valid_meld(max_size=9), st.lists(any_card, min_size=2, max_size=3))
def test_every_extension_by_several_cards_is_a_chain_of_one_card_extensions(
    meld: list[Card], new: list[Card]
) -> None:
    if not is_meld([*meld, *new]):
        return
    # Some single card extends the meld, and the rest still extend the result.
    current, rest = list(meld), list(new)
    while rest:
        step = next((c for c in rest if is_meld([*current, c])), None)
        assert step is not None, f"{meld} + {new} cannot be built one card at a time"
        current.append(step)
        rest.remove(step)


def test_a_bigger_meld_equals_three_cards_and_an_extension() -> None:
    from ..support.deals import deal

    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 2D", "7H 7S 7D 9C 9D 8H 9H 10H JH", "3C 3D 3H 8S"],
        discard="9S",
        stock="QH 6D AH",
    )
    met = apply(apply(start(fixed), Take()), Meld([cards("7H 7S 7D"), cards("9C 9D 9S")]))
    at_once = apply(met, Meld([cards("8H 9H 10H JH")]))
    in_steps = apply(apply(met, Meld([cards("8H 9H 10H")])), Extend(2, cards("JH")))
    assert at_once == in_steps
    assert at_once.phase is Phase.ROUND_OVER and at_once.results[0].winner == 1


def perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(apply(state, move), depth - 1) for move in legal_actions(state))


def test_perft_golden_counts() -> None:
    """Distinct legal action sequences from fixed deals: any change in move generation shows."""
    assert [perft(start(), depth) for depth in (1, 2, 3)] == PERFT_THREE
    taken = apply(start(), Take())
    assert [perft(taken, depth) for depth in (1, 2, 3)] == PERFT_TAKEN
    passed = apply(new_game(4, seed="perft"), Pass())
    assert [perft(passed, depth) for depth in (1, 2, 3)] == PERFT_SEEDED


PERFT_THREE = [2, 26, 76]
PERFT_TAKEN = [16, 54, 283]
PERFT_SEEDED = [7, 14, 203]


def test_meeting_melds_are_listed_once_in_contract_order_and_apply_takes_any_order() -> None:
    taken = apply(start(), Take())
    meets = [m for m in legal_actions(taken) if isinstance(m, Meld)]
    assert len(meets) == len(set(meets))
    reordered = Meld([cards("9C 9D 9S"), cards("7D 7H 7S")])
    listed = Meld([cards("7D 7H 7S"), cards("9C 9D 9S")])
    assert listed in meets
    assert reordered not in meets
    assert reordered in legal_actions(taken)  # `in` accepts every order
    a, b = apply(taken, listed), apply(taken, reordered)
    assert [str(m) for m in a.melds] == ["7D 7H 7S", "9C 9D 9S"]
    assert [str(m) for m in b.melds] == ["9C 9D 9S", "7D 7H 7S"]


def test_each_choice_of_deuces_is_a_variant_of_the_move_listed() -> None:
    # A layout of melds is listed once, laying the hand's lowest deuces first; the other
    # choices of deuces are its variants: legal, not listed, each a different table.
    from ..support.deals import deal

    fixed = deal(
        hands=["4H 5H 6H 10C 10D KS KD JH 3D", "7H 7S 9C 9D 2C 2D 4S 5S KH", "3C 3H 8S"],
        discard="AS",
        stock="QH 6D AH",
    )
    taken = apply(start(fixed), Take())
    moves = legal_actions(taken)
    meets = [m for m in moves if isinstance(m, Meld)]
    shown = [str(m) for m in meets]
    assert "meld 2C 7H 7S / 2D 9C 9D" in shown
    assert "meld 2D 7H 7S / 2C 9C 9D" not in shown
    assert len(shown) == len(set(shown))
    listed = meets[shown.index("meld 2C 7H 7S / 2D 9C 9D")]
    variants = moves.variants(listed)
    assert [str(m) for m in variants] == ["meld 2C 7H 7S / 2D 9C 9D", "meld 2D 7H 7S / 2C 9C 9D"]
    assert all(variant in moves for variant in variants)
    tables = {apply(taken, variant).melds for variant in variants}
    assert len(tables) == 2
