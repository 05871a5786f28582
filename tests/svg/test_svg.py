"""The SVG pictures: valid, self-contained, deterministic, and showing what the position holds.

Every picture of a few hundred positions reached by random legal moves (3 to 10 seats, every
rule variant) is parsed with the standard library's XML parser and read back: the cards in
each hand, meld, discard and stock, the seats' counts, met flags and scores, and what each
wildcard of a meld stands for, against the state or the view it was drawn from.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import pytest

from hellsrummy import (
    Action,
    Discard,
    Extend,
    GameState,
    Meld,
    MeldKind,
    Phase,
    PlayerView,
    SwapWildcard,
    TableMeld,
    Take,
    apply,
    arrange,
    card,
    cards,
    legal_actions,
    legal_discards,
    new_game,
    sort_by_run,
    sort_by_set,
    view,
)
from hellsrummy.svg import card_svg, hand_svg, meld_svg, melds_svg, state_svg, view_svg

from ..support.positions import random_game, random_rules

SVG = "{http://www.w3.org/2000/svg}"
GAMES = 20
STEPS = 25


def positions() -> Iterator[tuple[GameState, Action | None]]:
    """A few hundred positions of random games, with the action then played."""
    for game in range(GAMES):
        rng = random.Random(f"svg {game}")
        players = 9 + game % 2 if game % 4 == 0 else rng.randint(3, 10)
        rules = random_rules(rng, players)
        for step in random_game(game, rules, players, steps=STEPS):
            yield step.state, step.action


POSITIONS = list(positions())


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    box = [float(v) for v in root.attrib["viewBox"].split()]
    assert len(box) == 4 and box[:2] == [0, 0] and box[2] > 0 and box[3] > 0
    scale = float(root.attrib["width"]) / box[2]
    assert float(root.attrib["height"]) == pytest.approx(box[3] * scale, abs=0.01)
    assert root.find(f"{SVG}title") is not None
    return root


def self_contained(picture: str, root: ET.Element) -> None:
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag
        assert element.tag not in (f"{SVG}image", f"{SVG}script", f"{SVG}style", f"{SVG}use")
        assert element.tag not in (f"{SVG}foreignObject", f"{SVG}a")
        for name in element.attrib:
            assert not name.endswith("href"), name
            assert name != "id", "ids would clash between pictures in one page"
    lowered = picture.lower()
    for forbidden in ("http:", "https:", "url(", "@import", "font-face", "<image", "<script"):
        assert forbidden not in lowered.replace('xmlns="http://www.w3.org/2000/svg"', "")


def classes(element: ET.Element) -> list[str]:
    return element.attrib.get("class", "").split()


def faces(element: ET.Element) -> list[ET.Element]:
    """The face-up cards drawn inside an element, in drawing order."""
    return [e for e in element.iter(f"{SVG}g") if "card" in classes(e)]


def named(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}g") if css in classes(e)]


def card_texts(element: ET.Element) -> list[str]:
    return [e.attrib["data-card"] for e in faces(element)]


def stands_for(meld: TableMeld) -> list[str]:
    return [slot.text.strip("[]") for slot in arrange(meld.cards).slots if slot.card.is_wild]


def check_symbols(root: ET.Element) -> None:
    """Each card shows its own suit's symbol, not only its colour."""
    for face in faces(root):
        pips = [e for e in face.iter(f"{SVG}path") if "pip" in classes(e)]
        suit = card(face.attrib["data-card"]).suit.letter
        assert classes(pips[0]) == ["pip", f"pip-{suit}"]
        if "wild" not in classes(face):  # the big symbol in the middle (a wildcard has a star)
            assert any(classes(p) == ["pip", f"pip-{suit}"] for p in pips[1:])


def check_table(root: ET.Element, where: GameState | PlayerView, sizes: tuple[int, ...]) -> None:
    """Seats, melds, discard and stock as the position has them."""
    seats = named(root, "seat")
    assert [int(s.attrib["data-seat"]) for s in seats] == list(range(where.players))
    for seat, row in enumerate(seats):
        assert int(row.attrib["data-cards"]) == sizes[seat]
        assert row.attrib["data-met"] == str(where.met[seat]).lower()
        assert row.attrib["data-left"] == str(where.left[seat]).lower()
        assert int(row.attrib["data-score"]) == where.scores[seat]
        assert where.names[seat][:17] in "".join(row.itertext())
    melds = named(root, "meld")
    assert len(melds) == len(where.melds)
    for number, (drawn, meld) in enumerate(zip(melds, where.melds, strict=True)):
        assert int(drawn.attrib["data-meld"]) == number
        assert int(drawn.attrib["data-owner"]) == meld.owner
        assert Counter(card_texts(drawn)) == Counter(str(c) for c in meld.cards)
        assert card_texts(drawn) == [str(c) for c in arrange(meld.cards).cards]
        marks = [f.attrib["data-stands-for"] for f in faces(drawn) if "wild" in classes(f)]
        assert marks == stands_for(meld)
        assert len(named(drawn, "stands-for")) == len(marks)
    (discard,) = named(root, "discard")
    expected = [] if where.discard is None else [str(where.discard)]
    assert card_texts(discard) == expected
    (stock,) = named(root, "stock")
    size = where.stock_size if isinstance(where, PlayerView) else len(where.stock)
    assert int(stock.attrib["data-cards"]) == size
    assert str(size) in "".join(stock.itertext())
    assert str(where.contract) in "".join(root.itertext())
    check_symbols(root)


def action_cards(action: Action | None) -> int:
    if isinstance(action, Meld):
        return sum(len(meld) for meld in action.melds)
    if isinstance(action, Extend):
        return len(action.cards)
    if isinstance(action, SwapWildcard | Discard):
        return 1
    return 0


def test_the_positions_are_varied() -> None:
    assert len(POSITIONS) >= 300
    assert any(state.melds for state, _ in POSITIONS)
    assert any(c.is_wild for state, _ in POSITIONS for m in state.melds for c in m.cards)
    assert {state.players for state, _ in POSITIONS} >= {3, 9, 10}
    assert any(isinstance(action, Meld) for _, action in POSITIONS)


@pytest.mark.parametrize("sort", ["set", "run"])
def test_every_view_shows_what_the_seat_sees(sort: str) -> None:
    rng = random.Random(f"views {sort}")
    for state, _ in POSITIONS:
        seen = view(state, rng.randrange(state.players))
        picture = view_svg(seen, sort=sort)  # type: ignore[arg-type]
        root = parse(picture)
        self_contained(picture, root)
        check_table(root, seen, seen.hand_sizes)
        hands = named(root, "hand")
        assert [h.attrib["data-seat"] for h in hands] == [str(seen.seat)]
        order = sort_by_set if sort == "set" else sort_by_run
        assert card_texts(hands[0]) == [str(c) for c in order(seen.hand)]
        shown = len(seen.hand) + sum(len(m.cards) for m in seen.melds) + (seen.discard is not None)
        assert len(faces(root)) == shown
        assert view_svg(view(state, seen.seat), sort=sort) == picture  # type: ignore[arg-type]


def test_every_state_shows_every_hand() -> None:
    for state, _ in POSITIONS:
        picture = state_svg(state, orientation="vertical" if state.turns % 2 else "horizontal")
        root = parse(picture)
        self_contained(picture, root)
        check_table(root, state, tuple(len(hand) for hand in state.hands))
        hands = named(root, "hand")
        assert [int(h.attrib["data-seat"]) for h in hands] == list(range(state.players))
        for seat, drawn in enumerate(hands):
            assert card_texts(drawn) == [str(c) for c in sort_by_set(state.hands[seat])]
        every = sum(map(len, state.hands)) + sum(len(m.cards) for m in state.melds)
        assert len(faces(root)) == every + (state.discard is not None)
        assert state._repr_svg_() == state_svg(state)


def test_the_action_about_to_be_played_is_highlighted() -> None:
    checked = 0
    for state, action in POSITIONS:
        if action is None:
            continue
        root = parse(state_svg(state, highlight=action))
        marked = [f for f in faces(root) if "highlight" in classes(f)]
        if isinstance(action, Meld | Extend | SwapWildcard | Discard):
            hand = next(
                h for h in named(root, "hand") if h.attrib["data-seat"] == str(state.current)
            )
            assert len(marked) == action_cards(action)
            assert all(f in faces(hand) for f in marked)
            checked += 1
        framed = [
            m for m in named(root, "meld") if m.find(f"{SVG}rect[@class='frame']") is not None
        ]
        if isinstance(action, Extend | SwapWildcard):
            assert [int(m.attrib["data-meld"]) for m in framed] == [action.meld]
        else:
            assert not framed
    assert checked > 50


def test_the_legal_discards_are_highlighted() -> None:
    checked = 0
    for state, _ in POSITIONS:
        if state.phase is not Phase.PLAY:
            continue
        root = parse(view_svg(view(state, state.current), highlight="discards"))
        marked = {f.attrib["data-card"] for f in faces(root) if "highlight" in classes(f)}
        assert marked == {str(c) for c in legal_discards(state)}
        checked += 1
    assert checked > 50


def test_large_tables_show_the_extra_suits_by_symbol() -> None:
    state = new_game(10, seed="large")
    assert len(state.suits) == 7
    picture = state_svg(state)
    for letter in "CDHSERM":
        assert f'class="pip pip-{letter}"' in picture
    check_symbols(parse(picture))


def test_cards_hands_and_melds() -> None:
    root = parse(card_svg(card("10E")))
    assert card_texts(root) == ["10E"]
    assert faces(root)[0].findtext(f"{SVG}title") == "10 of Eagles"
    hand = cards("KH 3S 2D KC 3H 7H")
    root = parse(hand_svg(hand, sort="run", highlight=cards("3H 3H KC")))
    assert card_texts(root) == [str(c) for c in sort_by_run(hand)]
    assert [f.attrib["data-card"] for f in faces(root) if "highlight" in classes(f)] == ["KC", "3H"]
    root = parse(hand_svg(hand, sort=None, per_row=2, orientation="vertical"))
    assert card_texts(root) == [str(c) for c in hand]
    root = parse(meld_svg(cards("2C 2D 7H"), kind=MeldKind.RUN))
    assert [f.attrib.get("data-stands-for") for f in faces(root)] == [None, "8H", "9H"]
    root = parse(meld_svg(cards("2C 2D 2H")))
    assert [f.attrib["data-stands-for"] for f in faces(root)] == ["*", "*", "*"]
    root = parse(melds_svg([cards("4C 4D 4H"), cards("2S 8C 8D")], captions=["one", "two"]))
    assert [m.attrib["data-kind"] for m in named(root, "meld")] == ["set", "set"]
    assert "two" in "".join(root.itertext())


def test_scale_changes_the_size_not_the_drawing() -> None:
    state = new_game(4, seed=3)
    small, big = state_svg(state), state_svg(state, scale=2)
    assert parse(small).attrib["viewBox"] == parse(big).attrib["viewBox"]
    assert float(parse(big).attrib["width"]) == 2 * float(parse(small).attrib["width"])
    wide = parse(view_svg(view(state, 0))).attrib["viewBox"].split()
    tall = parse(view_svg(view(state, 0), orientation="vertical")).attrib["viewBox"].split()
    assert float(wide[2]) > float(tall[2]) and float(wide[3]) < float(tall[3])


def test_names_are_escaped() -> None:
    state = new_game(["<b>Ann</b> & co", 'Bob "the" 2nd', "Cat"], seed=1)
    picture = state_svg(state)
    root = parse(picture)
    assert "<b>" not in picture
    assert "<b>Ann</b> & co" in "".join(root.itertext())


def test_options_are_checked() -> None:
    state = new_game(3, seed=1)
    with pytest.raises(ValueError, match="orientation"):
        view_svg(view(state, 0), orientation="diagonal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sort"):
        hand_svg(state.hands[0], sort="suit")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scale"):
        state_svg(state, scale=0)
    with pytest.raises(ValueError, match="highlight"):
        state_svg(state, highlight="everything")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a meld"):
        meld_svg(cards("QC KD AH"))
    with pytest.raises(ValueError, match="captions"):
        melds_svg([cards("4C 4D 4H")], captions=[])
    with pytest.raises(ValueError, match="PlayerView"):
        view_svg(state)  # type: ignore[arg-type]


def test_pictures_take_no_part_in_values() -> None:
    meld = TableMeld(cards("7H 7S 2C"), owner=1)
    assert repr(meld) == "TableMeld(cards=(card('2C'), card('7H'), card('7S')), owner=1)"
    assert parse(meld._repr_svg_())
    state = apply(new_game(3, seed=1), Take())
    seen = view(state, 1)
    assert "svg" not in repr(state) and "svg" not in repr(seen)
    assert parse(seen._repr_svg_()) is not None
    assert state == apply(new_game(3, seed=1), Take()) and hash(seen) == hash(view(state, 1))
    assert re.match(r"<svg ", seen._repr_svg_())
    assert len(legal_actions(seen)) > 0
