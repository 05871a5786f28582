"""The web example's server without a browser: presence, melds, the rule book, hostile input.

Timers (grace, call window, expiry, hello) are server options, short here; tests wait on messages.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient

import hellsrummy
from hellsrummy import DiscardPolicy, Phase, json_schema, new_game, to_dict

from .web_app import (
    classic_position,
    greedy_move,
    inject,
    link_fields,
    load,
    meeting_position,
    new_table,
    play_until,
    receive,
    send,
    start_server,
    until,
    valid,
)

app_module = load()
FAST = {"tick": 0.02, "grace": 1.0, "call_window": 0.4}


@pytest.fixture
def served() -> Iterator[tuple[Any, TestClient]]:
    """An app with short timers, its lifespan (the timers' task) running."""
    app = app_module.create_app(seed=11, **FAST)
    with TestClient(app) as client:
        yield app, client


# the page, the schema, the pictures


def test_the_page_its_files_the_cards_and_the_schema_are_served() -> None:
    client = TestClient(app_module.create_app())
    page = client.get("/")
    assert page.status_code == 200 and "/static/page.js" in page.text
    assert "http://" not in page.text
    for name in ("page.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/app.py").status_code == 404
    picture = client.get("/card/10H.svg")
    assert picture.status_code == 200 and picture.text.startswith("<svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert client.get("/card/1X.svg").status_code == 404
    schema = client.get("/message.schema.json").json()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$defs"]["view"]["properties"] == json_schema("view")["properties"]
    for name in ("update", "error", "verdict"):  # ajv strict: a type beside properties
        assert schema["$defs"][f"{name}_message"]["type"] == "object"
    assert all("if" in branch and "then" in branch for branch in schema["allOf"])


def test_the_command_line_shows_every_option_with_its_default(capsys: Any) -> None:
    with pytest.raises(SystemExit):
        app_module.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for flag in ("--grace", "--call-window", "--idle-expiry", "--tables-per-minute", "--seed"):
        assert flag in shown
    for flag in ("--database", "--trusted-proxy", "--turn-time", "--max-tables"):
        assert flag in shown
    assert "(default: hellsrummy-web.sqlite3)" in shown
    assert "(default: 60.0)" in shown and "(default: 30.0)" in shown


# a whole game, game over, a new game


def test_a_seat_plays_a_whole_game_sees_only_its_cards_and_starts_a_new_one(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, rounds=2)
    table = app.state.tables[table_id]
    link = links[0]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(link)
        first = receive(socket)
        seen: list[dict[str, Any]] = []

        def check(message: dict[str, Any]) -> dict[str, Any]:
            valid(message)
            if message["type"] == "update":
                seen.append(message)
                view = message["view"]
                assert view["seat"] == 0 and "hands" not in view and "stock" not in view
                assert view == to_dict(hellsrummy.view(table.state, 0))  # events written once
            return message

        over = play_until(
            socket, link["token"], first, lambda m: m["view"]["phase"] == "game_over", check
        )
        assert [m["seq"] for m in seen] == sorted({m["seq"] for m in seen})  # none lost
        view = over["view"]
        assert len(view["results"]) == 2 and table.state.phase is Phase.GAME_OVER
        totals = [seat["total"] for seat in over["seats"]]
        assert totals == [sum(r["points"][k] for r in view["results"]) for k in range(4)]
        send(socket, link, type="new_game")
        again = until(
            socket, lambda m: m["view"]["round"] == 0 and m["view"]["phase"] != "game_over"
        )
        assert again["view"]["names"] == view["names"] and again["view"]["rules"] == view["rules"]
        assert again["view"]["results"] == [] and table.games == 2
        send(socket, link, type="new_game")
        refused = until(socket, kind="error")
        assert refused["message"] == "the game is not over"


def test_seats_without_a_given_name_are_named_as_the_library_names_them() -> None:
    client = TestClient(app_module.create_app(seed=3))
    table_id, _ = new_table(client, players=5, humans=3, names=["Ann"])
    names = client.app.state.tables[table_id].state.names  # type: ignore[attr-defined]
    assert names == ("Seat 0", "Ann", "Seat 2", "Seat 3", "Seat 4")
    table_id, _ = new_table(client, players=3, name=" Bea ", names=["  "])
    names = client.app.state.tables[table_id].state.names  # type: ignore[attr-defined]
    assert names == ("Bea", "Seat 1", "Seat 2")
    assert names[1:] == new_game(3, seed=1).names[1:]  # the library's own names


def test_table_options_reach_the_rules_and_bad_ones_are_refused() -> None:
    client = TestClient(app_module.create_app(seed=3))
    options = {"discard_policy": "classic", "expert": True, "rounds": 3, "humans": 2}
    table_id, links = new_table(client, names=["Ann"], **options)
    table = client.app.state.tables[table_id]  # type: ignore[attr-defined]
    rules = table.state.rules
    assert rules.discard_policy is DiscardPolicy.CLASSIC and rules.expert
    assert rules.schedule == (6, 7, 8) and table.state.names[1] == "Ann"
    assert [link["seat"] for link in links] == [0, 1]
    table_id, _ = new_table(client, schedule=[9, 3])
    assert client.app.state.tables[table_id].state.rules.schedule == (9, 3)  # type: ignore[attr-defined]
    table_id, _ = new_table(client, turn_time=0, call_time=15)
    assert client.app.state.tables[table_id].turn_time == 0  # type: ignore[attr-defined]
    assert client.app.state.tables[table_id].call_window == 15  # type: ignore[attr-defined]
    for bad in (
        {"discard_policy": "chaos"},
        {"schedule": [2]},
        {"rounds": 0},
        {"expert": 1},
        {"turn_time": False},
        {"turn_time": 5},
        {"call_time": 1e9},
        {"call_time": None},
    ):
        reply = client.post("/api/tables", json={"players": 4, **bad})
        assert reply.status_code == 400 and reply.json()["error"].startswith("bad table options")


# presence: the grace period, the pause, expiry


def test_a_reload_keeps_the_seat_for_the_grace_period_then_a_bot_plays_it(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, humans=2)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as second:
        second.send_json(links[1])
        message = receive(second)
        assert message["seats"][0]["presence"] == "waiting"  # invited, never came
        with client.websocket_connect("/ws") as first:
            first.send_json(links[0])
            receive(first)
        # seat 0's page went away: its seat waits for it, then a bot plays it
        until(second, lambda m: m["seats"][0]["presence"] == "reconnecting")
        assert not table.bot_plays(0, time.monotonic())
        until(second, lambda m: m["seats"][0]["presence"] == "away")
        assert table.bot_plays(0, time.monotonic())
        with client.websocket_connect("/ws") as first:  # the same link takes it back
            first.send_json(links[0])
            back = receive(first)
            assert back["view"]["seat"] == 0 and back["seats"][0]["presence"] == "here"
            assert not table.bot_plays(0, time.monotonic())


def test_with_no_person_connected_the_table_pauses_then_expires() -> None:
    app = app_module.create_app(seed=11, tick=0.02, grace=0.0, idle_expiry=1.5)
    with TestClient(app) as client:
        table_id, links = new_table(client)
        table = app.state.tables[table_id]
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            receive(socket)
        paused = table.state
        time.sleep(0.25)  # well past the grace period: bots could play, but nobody is here
        assert table.state is paused and table_id in app.state.tables
        for _ in range(300):
            if table_id not in app.state.tables:
                break
            time.sleep(0.02)
        assert table_id not in app.state.tables
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            assert "expired" in receive(socket)["message"]


def test_finished_tables_expire_and_their_open_pages_are_told(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, rounds=1)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        table.over_since = time.monotonic() - app.state.options.finished_expiry
        assert until(socket, kind="error")["message"] == "this table has expired"
        assert socket.receive()["code"] == 4410
    assert table_id not in app.state.tables


def test_a_socket_that_never_says_hello_is_closed() -> None:
    app = app_module.create_app(hello_timeout=0.2)
    with TestClient(app) as client, client.websocket_connect("/ws") as socket:
        reply = receive(socket)
        assert "no hello" in reply["message"]
        assert socket.receive()["type"] == "websocket.close"


def test_a_wrong_token_or_seat_is_refused() -> None:
    client = TestClient(app_module.create_app(seed=11))
    _, links = new_table(client, humans=2)
    for hello in (
        {**links[1], "seat": 0},
        {**links[0], "seat": 3},  # a bot's seat
        {**links[0], "seat": True},
        {**links[0], "table": ["x"]},
        {**links[0], "token": None},
    ):
        with client.websocket_connect("/ws") as socket:
            socket.send_json(hello)
            assert receive(socket)["type"] == "error"
            assert socket.receive()["code"] == 4403


# hostile input: a 4xx or an error message, no change, the socket kept

NESTED = "[" * 2000 + "]" * 2000


@pytest.mark.parametrize(
    "body",
    [
        b'{"players": 1e400}',
        NESTED.encode(),
        b'{"players": ' + NESTED.encode() + b"}",
        b'{"players": NaN}',
        b'{"players": 4.0}',
        b'{"players": true}',
        b'{"name": 7}',
        b'{"names": "Ann"}',
        b'{"schedule": [1e400]}',
        b'{"schedule": "67"}',
        b"[1, 2]",
        b"\xff\xfe",
        b"not json",
        b"x" * 10_000,
    ],
)
def test_hostile_bodies_get_a_4xx_and_make_no_table(body: bytes) -> None:
    app = app_module.create_app()
    client = TestClient(app, raise_server_exceptions=False)
    reply = client.post("/api/tables", content=body)
    assert 400 <= reply.status_code < 500 and "error" in reply.json()
    assert not app.state.tables


@pytest.mark.parametrize(
    "hostile",
    [
        "not json",
        "[1, 2]",
        NESTED,
        '{"type": "action", "token": "T", "action": ' + NESTED + "}",
        '{"type": "action", "token": "T", "action": {"action": "extend", "cards": '
        + NESTED
        + ', "meld": 0}}',
        '{"type": "action", "token": "T", "action": {"action": "extend", "meld": 1e400}}',
        '{"type": "action", "token": "T", "action": {"action": "discard", "card": NaN}}',
        json.dumps({"type": "action", "token": "wrong", "action": {"action": "take"}}),
        json.dumps({"type": "action", "token": ["T"], "action": {"action": "take"}}),
        json.dumps({"type": "action", "action": {"action": "take"}}),
        "{" + " " * 10_000 + "}",
        json.dumps({"type": "action", "token": "T", "action": {"action": "discard", "card": "1X"}}),
        json.dumps({"type": "action", "token": "T", "action": [1]}),
        json.dumps({"type": "action", "token": "T", "action": {"action": "leave", "seat": 2}}),
        json.dumps(
            {"type": "action", "token": "T", "action": {"action": "protection", "seat": 1, "on": 1}}
        ),
        json.dumps({"type": "notation", "token": "T", "text": "meld 7H 7S"}),
        json.dumps({"type": "notation", "token": "T", "text": None}),
        json.dumps({"type": "action", "token": "T", "action": {"action": "discard", "card": "AS"}}),
        json.dumps({"type": "check", "token": "T", "action": {"action": "take"}}),
        json.dumps({"type": "next_round", "token": "T"}),
        json.dumps({"type": "new_game", "token": "T"}),
        json.dumps({"type": "shutdown", "token": "T"}),
        json.dumps({"type": "action", "token": "T", "action": {"type": "GameState"}}),
    ],
)
def test_hostile_messages_get_an_error_and_change_nothing(hostile: str) -> None:
    app = app_module.create_app(seed=11)
    client = TestClient(app)
    table_id, links = new_table(client)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        before = table.state
        socket.send_text(hostile.replace('"T"', json.dumps(links[0]["token"])))
        reply = receive(socket)
        assert reply["type"] == "error" and reply["message"]
        assert table.state is before
        send(socket, links[0], type="action", action={"action": "take"})  # still served
        assert receive(socket)["type"] == "update"


def test_limits_per_client_and_in_all_carry_retry_after() -> None:
    app = app_module.create_app(tables_per_minute=2, max_tables=3, sockets_per_client=1)
    client = TestClient(app)
    _, links = new_table(client)
    new_table(client)
    reply = client.post("/api/tables", json={"players": 4})
    assert reply.status_code == 429 and "too many new tables" in reply.json()["error"]
    assert 1 <= int(reply.headers["Retry-After"]) <= 60
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        with client.websocket_connect("/ws") as extra:
            assert "too many open pages" in receive(extra)["message"]
            assert extra.receive()["code"] == 4429
    app = app_module.create_app(max_tables=1)
    client = TestClient(app)
    _, links = new_table(client)
    with client.websocket_connect("/ws") as socket:  # the one table is in use
        socket.send_json(links[0])
        receive(socket)
        other = TestClient(app, client=("127.0.0.2", 50000))
        reply = other.post("/api/tables", json={"players": 4})
        assert reply.status_code == 503 and "Retry-After" in reply.headers


def test_a_flood_from_many_addresses_ends_unopened_then_finished_tables_never_ones_in_use() -> None:
    app = app_module.create_app(seed=5, max_tables=40)
    tables = app.state.tables
    first = TestClient(app, client=("127.0.0.1", 50000))
    in_use, links = new_table(first)
    finished, _ = new_table(first, rounds=1)
    with first.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        tables[finished].seats[0].claimed = True  # opened, then played to its end
        tables[finished].state = play_out(tables[finished].state)
        refused = 0
        for k in range(30, 90):  # 60 addresses, 10 tables each: 600 asked for, 40 at most
            flooder = TestClient(app, client=(f"127.0.0.{k}", 50000))
            for _ in range(10):
                reply = flooder.post("/api/tables", json={"players": 3})
                assert reply.status_code in (200, 429), reply.text
                refused += reply.status_code == 429
            fresh = TestClient(app, client=(f"127.0.1.{k}", 50000))
            assert fresh.post("/api/tables", json={"players": 3}).status_code == 200
            assert len(tables) <= 40 and in_use in tables
        assert refused == 0 and finished in tables  # unopened tables end first
        unopened = [t for t in tables.values() if not t.opened()]
        assert len(unopened) == 38  # the newest ones
        for table in unopened:
            table.seats[0].claimed = True  # now every table is opened: one is finished
        fresh = TestClient(app, client=("127.0.2.1", 50000))
        assert fresh.post("/api/tables", json={"players": 3}).status_code == 200
        assert finished not in tables and in_use in tables
        for table in tables.values():
            table.seats[0].claimed = True
        reply = fresh.post("/api/tables", json={"players": 3})
        assert reply.status_code == 503 and int(reply.headers["Retry-After"]) >= 1


def play_out(state: Any) -> Any:
    from hellsrummy import GreedyBot, apply, view

    bot = GreedyBot()
    while state.phase is not Phase.GAME_OVER:
        state = apply(state, bot(view(state, state.current)))
    return state


def test_a_flood_of_messages_is_slowed_down() -> None:
    app = app_module.create_app(seed=11, messages_per_second=2)
    client = TestClient(app)
    _, links = new_table(client)
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        replies = []
        for _ in range(8):
            send(socket, links[0], type="next_round")
            replies.append(receive(socket)["message"])
        assert "too many messages; slow down" in replies


# positions set up by hand (the deals are fixed: what is legal is known)


def test_melds_chosen_by_hand_get_the_librarys_verdict_and_ways_list_fewest_wildcards_first(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, players=3)
    table = app.state.tables[table_id]
    inject(table, meeting_position(list(table.state.names)))
    link = links[0]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(link)
        update = receive(socket)
        assert update["view"]["phase"] == "play" and update["ways"]["total"] == 8
        wilds = [sum(c[0] == "2" for meld in way for c in meld) for way in update["ways"]["melds"]]
        assert wilds == sorted(wilds) and wilds[0] == 1
        assert sorted(map(sorted, update["ways"]["melds"][0])) == [
            ["2C", "QD", "QH"],
            ["AC", "AC", "AH"],
        ]
        send(socket, link, type="check", action={"action": "meld", "melds": [["2C", "2S", "3C"]]})
        verdict = receive(socket)
        assert verdict["type"] == "verdict" and not verdict["ok"]
        assert verdict["reason"] == "contract_not_fulfilled"
        assert verdict["message"].startswith("That does not meet the round's contract")
        by_hand = [["QH", "2C", "QD"], ["AH", "AC", "AC"]]
        send(socket, link, type="check", action={"action": "meld", "melds": by_hand})
        assert receive(socket)["ok"]
        assert table.state.met == (False, False, False)  # a check changes nothing
        send(socket, link, type="action", action={"action": "meld", "melds": by_hand})
        update = receive(socket)
        assert update["view"]["met"][0] and update["ways"] == {"melds": [], "total": 0}
        swap_out = [meld["swap_out"] for meld in update["arranged"]]
        assert swap_out == ["2C", None] or swap_out == [None, "2C"]
        send(socket, link, type="action", action={"action": "extend", "meld": 5, "cards": ["3C"]})
        refused = receive(socket)
        assert refused["reason"] == "no_such_meld" and "meld 6 does not exist" in refused["message"]


def test_discard_errors_and_protection_warnings_are_told_to_every_seat_and_scored(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, players=3, humans=2, names=["Ann"])
    table = app.state.tables[table_id]
    inject(table, meeting_position(list(table.state.names)))
    me, other = links
    with client.websocket_connect("/ws") as mine, client.websocket_connect("/ws") as theirs:
        mine.send_json(me)
        receive(mine)
        theirs.send_json(other)
        receive(theirs)
        receive(mine)  # Ann's arrival
        send(mine, me, type="action", action={"action": "discard", "card": "2C"})
        told = receive(mine)
        assert "3 points were charged" in told["notices"][0] and told["seats"][0]["total"] == 3
        heard = receive(theirs)
        assert heard["notices"] == ["Discard error by Seat 0: 3 points were charged."]
        assert heard["view"]["penalties"][0] == 3 and heard["seats"][0]["total"] == 3
        send(mine, me, type="action", action={"action": "protection", "seat": 0, "on": True})
        receive(mine), receive(theirs)
        send(mine, me, type="action", action={"action": "discard", "card": "8S"})
        told = receive(mine)
        assert told["notices"][0].startswith("Play protection: a play remains")
        assert "3 points were charged" in told["notices"][0] and told["seats"][0]["total"] == 6
        warned = "Play protection warned Seat 0: 3 points were charged."
        assert receive(theirs)["notices"] == [warned]
        send(mine, me, type="action", action={"action": "leave", "seat": 0})
        left = until(mine, lambda m: m["view"]["left"][0])
        assert left["seats"][0]["presence"] == "left" and "You left the game." in left["notices"]
        assert "Seat 0 left the game." in until(theirs, lambda m: m["view"]["left"][0])["notices"]


def test_a_person_may_call_rummy_while_the_call_window_holds_the_decision() -> None:
    app = app_module.create_app(seed=1, tick=0.02, call_window=5.0)
    with TestClient(app) as client:
        table_id, links = new_table(client, players=3, discard_policy="classic")
        table = app.state.tables[table_id]
        inject(table, classic_position(list(table.state.names)))
        link = links[0]
        with client.websocket_connect("/ws") as socket:
            socket.send_json(link)
            update = receive(socket)
            assert update["call_window"] and update["call_window"] > 0
            assert update["notices"] == [
                "Seat 2 discarded 9S, a card that plays on the table: Rummy! may be called on it."
            ]
            calls = update["calls"]
            assert calls and all(c["action"] == "rummy" and c["card"] == "9S" for c in calls)
            send(socket, link, type="action", action={"action": "take"})
            assert receive(socket)["message"].startswith("wait: Rummy! may be called")
            call = next(c for c in calls if c["substitute"] == "8H")
            send(socket, link, type="action", action=call)
            after = until(socket, lambda m: m["view"]["discard"] == "8H")
            assert after["notices"][0].startswith("Rummy! You called 9S, laying it on meld 2")
            assert after["view"]["current"] == 0 and after["view"]["phase"] == "decide"
            assert len(after["view"]["hand"]) == 3 and not after["calls"]
            assert after["call_window"] is None
            send(socket, link, type="action", action={"action": "take"})
            assert receive(socket)["view"]["phase"] == "play"


def test_when_the_call_window_closes_the_bots_are_offered_the_call_in_seat_order() -> None:
    app = app_module.create_app(seed=1, tick=0.02, call_window=0.3)
    with TestClient(app) as client:
        table_id, links = new_table(client, players=3, discard_policy="classic")
        table = app.state.tables[table_id]
        inject(table, classic_position(list(table.state.names)))
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            assert receive(socket)["call_window"]
            after = until(socket, lambda m: m["call_window"] is None)
            assert after["notices"][0].startswith("Rummy! Seat 1 called 9S")
            assert after["view"]["current"] == 0 and not after["calls"]
            send(socket, links[0], type="action", action={"action": "take"})
            assert receive(socket)["view"]["phase"] == "play"


def test_a_decision_sent_after_the_window_closed_lets_the_bots_call_first() -> None:
    app = app_module.create_app(seed=1, tick=30.0, call_window=0.2)  # no timer runs meanwhile
    with TestClient(app) as client:
        table_id, links = new_table(client, players=3, discard_policy="classic")
        table = app.state.tables[table_id]
        inject(table, classic_position(list(table.state.names)))
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            assert receive(socket)["call_window"]
            time.sleep(0.3)
            send(socket, links[0], type="action", action={"action": "take"})
            update = receive(socket)
            assert update["notices"][0].startswith("Rummy! Seat 1 called 9S")
            assert receive(socket)["message"].startswith("the table moved on")
            assert table.state.phase is Phase.DECIDE


def test_penalty_points_count_once_in_the_totals_after_the_round(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, players=3, rounds=1)
    table = app.state.tables[table_id]
    inject(table, meeting_position(list(table.state.names)))
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        receive(socket)
        for action in ({"action": "discard", "card": "2C"}, {"action": "discard", "card": "AH"}):
            send(socket, links[0], type="action", action=action)
            update = receive(socket)
        assert update["view"]["penalties"][0] == 3  # the round's points, kept after its end
        over = play_until(socket, links[0]["token"], update, lambda m: m["view"]["results"], valid)
        totals = [seat["total"] for seat in over["seats"]]
        assert totals == over["view"]["scores"] == list(over["view"]["results"][0]["points"])


# no input can silence a table

BAD_TEXTS = {"lone surrogate": "Al\ud800", "NUL": "Al\x00", "100 KB": "A" * 100_000}


@pytest.mark.parametrize("bad", list(BAD_TEXTS), ids=list(BAD_TEXTS))
@pytest.mark.parametrize(
    "field", ["name", "names", "discard_policy", "a key", "schedule", "rounds", "call_time"]
)
def test_every_text_of_a_new_table_is_checked_and_refused_with_a_4xx(field: str, bad: str) -> None:
    app = app_module.create_app()
    client = TestClient(app, raise_server_exceptions=False)
    value = BAD_TEXTS[bad]
    body: dict[str, Any] = {"players": 3, "humans": 2}
    if field == "names":
        body["names"] = [value]
    elif field == "a key":
        body[value] = 1
    else:
        body[field] = value
    reply = client.post("/api/tables", content=json.dumps(body).encode())
    assert 400 <= reply.status_code < 500 and not app.state.tables
    error = reply.json()["error"]
    if bad != "100 KB":
        assert "not allowed" in error or "must be" in error
        named = "names[0]" if field == "names" else "key" if field == "a key" else field
        assert named in error, error


@pytest.mark.parametrize("bad", list(BAD_TEXTS), ids=list(BAD_TEXTS))
@pytest.mark.parametrize("field", ["token", "type", "text", "action.card", "hello"])
def test_every_text_of_a_message_is_checked_and_the_table_goes_on(field: str, bad: str) -> None:
    app = app_module.create_app(seed=11)
    client = TestClient(app)
    table_id, links = new_table(client)
    table = app.state.tables[table_id]
    value = BAD_TEXTS[bad]
    with client.websocket_connect("/ws") as socket:
        if field == "hello":
            socket.send_text(json.dumps({**links[0], "table": value}))
            assert receive(socket)["type"] == "error"
            assert socket.receive()["code"] in (4400, 4403)
            return
        socket.send_json(links[0])
        receive(socket)
        before = table.state
        message: dict[str, Any] = {"type": "notation", "token": links[0]["token"], "text": "take"}
        if field == "action.card":
            message = {
                "type": "action",
                "token": links[0]["token"],
                "action": {"action": "discard"},
            }
            message["action"]["card"] = value
        else:
            message[field] = value
        socket.send_text(json.dumps(message))
        reply = receive(socket)
        assert reply["type"] == "error" and table.state is before
        if bad != "100 KB":
            assert "not allowed" in reply["message"] and field in reply["message"]
        send(socket, links[0], type="action", action={"action": "take"})  # still served
        assert receive(socket)["type"] == "update"


def test_a_send_that_fails_closes_that_socket_and_marks_the_seat_away(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    table_id, links = new_table(client, humans=2)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        first.send_json(links[0])
        receive(first)
        second.send_json(links[1])
        receive(second)
        receive(first)  # the second person's arrival
        table.seats[0].notices.append("Al\ud800")  # what no page can be sent (as if it got in)
        send(second, links[1], type="action", action={"action": "leave", "seat": 1})
        assert first.receive()["code"] == 1011
        seen = until(second, lambda m: m["seats"][0]["presence"] != "here")
        assert seen["seats"][0]["presence"] == "reconnecting" and table.seats[0].socket is None


def test_every_send_of_the_server_goes_through_the_one_guarded_path() -> None:
    import re
    from pathlib import Path

    package = Path(app_module.__file__).parent / "webgame"
    sends = {}
    for path in package.glob("*.py"):
        found = re.findall(r"\.(send_json|send_text|send_bytes|send)\(", path.read_text())
        if found:
            sends[path.name] = found
    assert sends == {"server.py": ["send_text"]}  # in transmit, which closes on failure


# tables survive a restart


def test_a_table_is_saved_as_it_changes_and_restored_with_its_seats(tmp_path: Any) -> None:
    database = tmp_path / "tables.sqlite3"
    app = app_module.create_app(seed=11, tick=0.02, database=str(database))
    with TestClient(app) as client:
        invited, invites = new_table(client, humans=2, names=["Ann"])
        table_id, links = new_table(client)
        with client.websocket_connect("/ws") as socket:
            socket.send_json(invites[0])
            receive(socket)
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            first = receive(socket)
            played = play_until(
                socket, links[0]["token"], first, lambda m: m["view"]["turns"] >= 6, valid
            )
        saved = to_dict(app.state.tables[table_id].state)
    on_disk = database.read_bytes() + Path(f"{database}-wal").read_bytes()
    assert links[0]["token"].encode() not in on_disk  # only its hash
    again = app_module.create_app(seed=11, tick=0.02, database=str(database))
    waiting = again.state.tables[invited]
    assert [seat.claimed for seat in waiting.seats] == [True, False, False, False]
    assert waiting.invites() == [(1, "Ann", invites[1]["token"])]  # still shown at the table
    table = again.state.tables[table_id]
    assert to_dict(table.state) == saved
    with TestClient(again) as client, client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        back = receive(socket)
        assert back["view"] == played["view"] and back["seq"] == 1
        over = play_until(
            socket, links[0]["token"], back, lambda m: m["view"]["phase"] == "round_over", valid
        )
        assert over["view"]["results"]


def test_a_server_killed_mid_game_starts_again_where_it_was(tmp_path: Any) -> None:
    import signal
    import urllib.request

    from websockets.sync.client import connect

    database = str(tmp_path / "tables.sqlite3")
    options = ("--database", database, "--seed", "7", "--tick", "0.05")
    process, base = start_server(*options)
    try:
        request = urllib.request.Request(
            base + "/api/tables",
            data=json.dumps({"players": 4, "rounds": 2}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            link = link_fields(json.loads(reply.read())["links"][0])
        url = base.replace("http", "ws") + "/ws"

        def mine(socket: Any) -> dict[str, Any]:
            """Play greedily until seat 0 is to decide after six turns; the last update."""
            message = valid(json.loads(socket.recv(timeout=20)))
            while not (
                message["type"] == "update"
                and message["view"]["turns"] >= 6
                and message["view"]["current"] == 0
                and message["view"]["phase"] == "decide"
            ):
                move = greedy_move(message) if message["type"] == "update" else None
                if move is not None:
                    socket.send(json.dumps({**move, "token": link["token"]}))
                message = valid(json.loads(socket.recv(timeout=20)))
            return message

        with connect(url) as socket:
            socket.send(json.dumps(link))
            before = mine(socket)
            process.send_signal(signal.SIGKILL)  # no polite stop: nothing is written at exit
            process.wait(timeout=10)
        process, base = start_server(*options, port=int(base.rsplit(":", 1)[1]))
        with connect(url) as socket:
            socket.send(json.dumps(link))
            after = valid(json.loads(socket.recv(timeout=20)))
            assert after["view"] == before["view"] and after["seats"][0]["presence"] == "here"
            socket.send(json.dumps({**greedy_move(after), "token": link["token"]}))
            went_on = valid(json.loads(socket.recv(timeout=20)))
            assert went_on["view"]["phase"] == "play"
            assert went_on["view"]["turns"] == before["view"]["turns"]
    finally:
        process.kill()
        process.wait(timeout=10)


# turn time, the call window with two people


def test_a_connected_persons_turn_is_played_by_a_bot_when_its_time_is_up() -> None:
    app = app_module.create_app(seed=11, tick=0.02, turn_time=0.5)
    with TestClient(app) as client:
        table_id, links = new_table(client)
        table = app.state.tables[table_id]
        with client.websocket_connect("/ws") as socket:
            socket.send_json(links[0])
            mine = until(socket, lambda m: m["view"]["current"] == 0 and m["turn_time"])
            assert 0 < mine["turn_time"] <= 0.5 and mine["view"]["phase"] == "decide"
            back = until(socket, lambda m: "Time is up" in " ".join(m["notices"]))
            assert "Time is up: a bot played your turn." in back["notices"]
            assert back["view"]["turns"] == mine["view"]["turns"] + 4  # the bots played on
            assert back["view"]["current"] == 0 and back["turn_time"]  # the next turn: mine
            assert table.bot_turn is None
            send(socket, links[0], type="action", action={"action": "take"})
            assert until(socket)["view"]["phase"] == "play"


def test_two_people_answer_the_call_window_and_a_person_calls(
    served: tuple[Any, TestClient],
) -> None:
    app, client = served
    for answer in ("call", "no_call"):
        table_id, links = new_table(client, players=3, humans=2, call_time=60)
        table = app.state.tables[table_id]
        inject(table, classic_position(list(table.state.names)))
        with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
            first.send_json(links[0])
            calls = receive(first)["calls"]
            second.send_json(links[1])
            update = until(second, lambda m: m["call_window"])
            assert update["call_waiting"] == [0, 1] and update["call_window"] > 30
            send(second, links[1], type="no_call")
            assert until(first, lambda m: m["call_waiting"] == [0])["call_window"] > 30
            send(first, links[0], type="action", action={"action": "take"})
            assert until(first, kind="error")["message"].startswith("wait: Rummy!")
            if answer == "call":
                send(first, links[0], type="action", action=calls[0])
                after = until(first, lambda m: m["view"]["discard"] != "9S")
                assert after["notices"][0].startswith("Rummy! You called 9S")
            else:
                send(first, links[0], type="no_call")
                after = until(first, lambda m: m["call_window"] is None)
                assert after["view"]["discard"] == "9S"  # nobody called: seat 0 decides
            send(first, links[0], type="action", action={"action": "take"})
            assert until(first)["view"]["phase"] == "play"


# friends on other machines: Origin, a trusted proxy, the invitations


def test_websockets_from_another_sites_page_are_refused() -> None:
    from starlette.websockets import WebSocketDisconnect

    client = TestClient(app_module.create_app(seed=11))
    _, links = new_table(client)
    for origin in ("http://evil.example", "http://testserver.evil.example", "null"):
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/ws", headers={"origin": origin}) as socket,
        ):
            socket.receive_json()
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as socket:
        socket.send_json(links[0])
        assert receive(socket)["type"] == "update"


def test_the_client_address_comes_from_a_trusted_proxy_only() -> None:
    def tables_from(app: Any, proxy: str, forwarded: list[str]) -> list[int]:
        client = TestClient(app, client=(proxy, 50000))
        codes = []
        for address in forwarded:
            headers = {"x-forwarded-for": f"203.0.113.9, {address}"}
            codes.append(client.post("/api/tables", json={}, headers=headers).status_code)
        return codes

    friends = ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.1"]
    behind = app_module.create_app(tables_per_minute=1, trusted_proxy="127.0.0.5")
    assert tables_from(behind, "127.0.0.5", friends) == [200, 200, 200, 429]
    assert tables_from(behind, "127.0.0.6", friends[:2]) == [200, 429]  # not the proxy
    direct = app_module.create_app(tables_per_minute=1)
    assert tables_from(direct, "127.0.0.5", friends[:2]) == [200, 429]  # header ignored


def test_every_person_at_the_table_is_shown_the_links_not_yet_opened(
    served: tuple[Any, TestClient],
) -> None:
    _, client = served
    _, links = new_table(client, humans=3, names=["Ann", "Bob"])
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        first.send_json(links[0])
        shown = receive(first)["invites"]
        assert [(i["seat"], i["name"]) for i in shown] == [(1, "Ann"), (2, "Bob")]
        assert [link_fields(i["link"]) for i in shown] == links[1:]
        second.send_json(links[1])
        assert [i["name"] for i in receive(second)["invites"]] == ["Bob"]
        assert [i["name"] for i in until(first, lambda m: len(m["invites"]) == 1)["invites"]] == [
            "Bob"
        ]


def test_a_flood_from_loopback_addresses_never_locks_a_fresh_one_out() -> None:
    import importlib.util

    from .web_app import free_port

    path = Path(__file__).resolve().parents[2] / "bench" / "web_admission.py"
    spec = importlib.util.spec_from_file_location("web_admission", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    arguments = ["--addresses", "25", "--per-address", "11", "--max-tables", "20"]
    found = bench.main([*arguments, "--port", str(free_port())])
    assert found["fresh_refused"] == []
    assert found["statuses"] == {"flood 200": 250, "flood 429": 25, "fresh 200": 25}
    assert found["retry_after"][429] and "none" not in found["retry_after"][429]


def test_on_a_real_server_hostile_frames_get_an_error_or_a_close_and_no_table_hangs(
    tmp_path: Any,
) -> None:
    import urllib.request

    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    process, base = start_server("--database", ":memory:", "--seed", "3")
    try:
        request = urllib.request.Request(
            base + "/api/tables", data=b'{"players": 3}', headers={"Origin": base}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            link = link_fields(json.loads(reply.read())["links"][0])
        url = base.replace("http", "ws") + "/ws"
        with pytest.raises(InvalidStatus) as refused:  # a page of another site
            connect(url, origin="http://evil.example").recv(timeout=10)
        assert refused.value.response.status_code == 403
        token = json.dumps(link["token"])
        hostile = [
            ('{"type": "notation", "token": ' + token + ', "text": "Al\\ud800"}', "error"),
            ('{"type": "notation", "token": ' + token + ', "text": "Al\\u0000"}', "error"),
            ('{"type": "notation", "token": ' + token + ', "text": "' + "A" * 100_000 + '"}', 1009),
            (b'{"type": "\xff"}', "error"),  # bytes, not UTF-8: a binary frame, not text
        ]
        for frame, expected in hostile:
            with connect(url, origin=base) as socket:
                socket.send(json.dumps(link))
                assert valid(json.loads(socket.recv(timeout=20)))["type"] == "update"
                if isinstance(frame, bytes):
                    socket.send(frame)
                    answer = valid(json.loads(socket.recv(timeout=20)))
                    assert answer["message"] == "messages must be JSON text"
                    continue
                socket.send(frame)
                if expected == "error":
                    answer = valid(json.loads(socket.recv(timeout=20)))
                    assert "text holds a" in answer["message"], answer
                else:
                    with pytest.raises(ConnectionClosed) as closed:
                        socket.recv(timeout=20)
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == expected
        with connect(url, origin=base) as socket:  # the table still plays
            socket.send(json.dumps(link))
            socket.send(json.dumps({"type": "action", "action": {"action": "take"}, **link}))
            assert valid(json.loads(socket.recv(timeout=20)))["type"] == "update"
            assert valid(json.loads(socket.recv(timeout=20)))["view"]["phase"] == "play"
    finally:
        process.kill()
        process.wait(timeout=10)
