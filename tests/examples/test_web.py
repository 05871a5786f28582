"""The web example's server, without a browser: tokens, hostile messages, bots, schemas."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient

from hellsrummy import Phase, json_schema

from .web_app import load

app_module = load()
VALIDATOR = jsonschema.Draft202012Validator(app_module.message_schema())


def valid(message: dict[str, Any]) -> dict[str, Any]:
    found = [e.message for e in VALIDATOR.iter_errors(message)]
    assert not found, found[:3]
    return message


def new_table(client: TestClient, **options: Any) -> tuple[str, list[dict[str, Any]]]:
    reply = client.post("/api/tables", json={"players": 4, **options})
    assert reply.status_code == 200, reply.text
    data = reply.json()
    links = []
    for link in data["links"]:
        fields = dict(part.split("=", 1) for part in link[2:].split("&"))
        links.append(
            {"table": fields["table"], "seat": int(fields["seat"]), "token": fields["token"]}
        )
    return data["table"], links


def test_the_page_and_the_message_schema_are_served() -> None:
    client = TestClient(app_module.create_app())
    page = client.get("/")
    assert page.status_code == 200
    assert "<script>" in page.text and "http://" not in page.text.replace("http://json", "")
    schema = client.get("/message.schema.json").json()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$defs"]["view"]["properties"] == json_schema("view")["properties"]


def test_a_seat_plays_a_whole_game_and_sees_only_its_own_cards() -> None:
    app = app_module.create_app(seed=11)
    client = TestClient(app)
    table_id, links = new_table(client)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        token = links[0]["token"]
        message = valid(socket.receive_json())
        moves = 0
        while message["view"]["phase"] != "game_over" and moves < 2000:
            moves += 1
            view = message["view"]
            assert "hands" not in view and "stock" not in view
            assert view["hand"] == [str(c) for c in table.state.hands[0]]
            if view["phase"] == "round_over":
                socket.send_json({"type": "next_round", "token": token})
            else:
                assert view["current"] == 0 and message["legal"]
                action = message["legal"][-1] if view["phase"] == "play" else message["legal"][0]
                socket.send_json({"type": "action", "token": token, "action": action})
            message = valid(socket.receive_json())
        assert message["view"]["phase"] == "game_over"
        assert table.state.phase is Phase.GAME_OVER


@pytest.mark.parametrize(
    "hostile",
    [
        "not json",
        "[1, 2]",
        json.dumps({"type": "action", "token": "wrong", "action": {"action": "take"}}),
        json.dumps({"type": "action", "action": {"action": "take"}}),
        "{" + " " * 10_000 + "}",
        json.dumps({"type": "action", "token": "T", "action": {"action": "discard", "card": "1X"}}),
        json.dumps({"type": "action", "token": "T", "action": [1]}),
        json.dumps({"type": "action", "token": "T", "action": {"action": "leave", "seat": 2}}),
        json.dumps(
            {
                "type": "action",
                "token": "T",
                "action": {"action": "protection", "seat": 1, "on": True},
            }
        ),
        json.dumps({"type": "notation", "token": "T", "text": "meld 7H 7S"}),
        json.dumps({"type": "notation", "token": "T", "text": None}),
        json.dumps({"type": "action", "token": "T", "action": {"action": "discard", "card": "AS"}}),
        json.dumps({"type": "next_round", "token": "T"}),
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
        valid(socket.receive_json())
        before = table.state
        socket.send_text(hostile.replace('"T"', json.dumps(links[0]["token"])))
        reply = valid(socket.receive_json())
        assert reply["type"] == "error" and reply["message"]
        assert table.state is before


def test_a_wrong_token_or_seat_is_refused_and_a_closed_page_is_played_by_a_bot() -> None:
    app = app_module.create_app(seed=11)
    client = TestClient(app)
    table_id, links = new_table(client, humans=2)
    table = app.state.tables[table_id]
    with client.websocket_connect("/ws") as socket:
        socket.send_json({**links[1], "seat": 0})  # seat 1's token for seat 0
        assert socket.receive_json()["type"] == "error"
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        first = valid(socket.receive_json())
        assert first["humans"] == [True, True, False, False]
    # seat 0's page closed: a bot plays it while seat 1 (never opened) is waited for
    assert table.seats[0].bot_played and not table.seats[1].bot_played
    with client.websocket_connect("/ws") as socket:  # back with the same link
        socket.send_json(links[0])
        again = valid(socket.receive_json())
        assert again["view"]["seat"] == 0 and again["connected"][0]


def test_discard_errors_are_reported_as_the_online_game_does() -> None:
    app = app_module.create_app(seed=11)
    client = TestClient(app)
    table_id, links = new_table(client)
    table = app.state.tables[table_id]
    token = links[0]["token"]
    with client.websocket_connect("/ws") as socket:
        socket.send_json(links[0])
        message = valid(socket.receive_json())
        for _ in range(200):
            view = message["view"]
            if view["phase"] == "play":
                wild = [c for c in view["hand"] if c.startswith("2") and len(c) == 2]
                legal = {a["card"] for a in message["legal"] if a["action"] == "discard"}
                if wild and legal and wild[0] not in legal:
                    socket.send_json(
                        {
                            "type": "action",
                            "token": token,
                            "action": {"action": "discard", "card": wild[0]},
                        }
                    )
                    reply = valid(socket.receive_json())
                    assert reply["notice"].startswith("Discard error!")
                    assert reply["view"]["errors"][0] == 1
                    assert table.state.phase is Phase.PLAY
                    return
                action = {"action": "discard", "card": sorted(legal)[0]}
            elif view["phase"] == "decide":
                action = {"action": "take"}
            else:
                pytest.fail("no wildcard to discard in this game")
            socket.send_json({"type": "action", "token": token, "action": action})
            message = valid(socket.receive_json())
    pytest.fail("no discard error provoked")


def test_tables_are_bounded() -> None:
    client = TestClient(app_module.create_app(max_tables=2))
    new_table(client)
    new_table(client)
    assert client.post("/api/tables", json={"players": 4}).status_code == 503
    assert client.post("/api/tables", json={"players": 11}).status_code == 400
    assert client.post("/api/tables", content=b"x" * 10_000).status_code == 413
