"""The lobby over HTTP: pages, creating tables, listing them, joining with a name."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from .players import create_table, join

pytestmark = pytest.mark.integration


def test_pages_and_static_client_are_served(client: TestClient) -> None:
    """The pages are shells the client renders into; the client and its vendored view
    library are served from the package (no CDN)."""
    lobby = client.get("/").text
    assert 'data-page="lobby"' in lobby
    assert 'src="/static/app.js"' in lobby
    assert 'data-page="table"' in client.get("/t/anything").text
    for name in ("app.js", "lobby.js", "table.js", "i18n.js", "style.css", "favicon.svg"):
        assert client.get(f"/static/{name}").status_code == 200, name
    assert client.get("/static/vendor/preact/preact.module.js").status_code == 200


def test_both_games_are_offered_with_their_metadata(client: TestClient) -> None:
    """CONTRACTS.md section 1: the lobby form is built from this answer."""
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert list(games) == ["americana", "palace"]
    americana, palace = games["americana"], games["palace"]
    assert (americana["seats"], palace["seats"]) == ({"min": 2, "max": 6}, {"min": 2, "max": 10})
    assert americana["structures"] == ["limit", "pot_limit", "no_limit"]
    assert palace["structures"] == ["limit", "no_limit"]
    bring_in = next(o for o in americana["options"] if o["name"] == "bring_in")
    assert bring_in["default"] is None
    assert (bring_in["derived_from"], bring_in["factor"]) == ("ante", 2)
    ante = next(o for o in palace["options"] if o["name"] == "ante")
    assert (ante["derived_from"], ante["factor"], ante["rounding"]) == ("small_bet", 0.5, "down")
    assert [c["code"] for c in palace["constraints"]] == ["big_bet_below_small_bet"]
    assert palace["bots"] == ["random", "rules", "montecarlo"]
    assert americana["bots"] == ["random", "cfr", "rules", "montecarlo"]  # cfr: Americana only
    assert americana["keys"]["fold"] == palace["keys"]["fold"] == "f"
    assert americana["min_stack_rule"] == "ante"


def test_tables_are_listed_full_ones_last_and_paged(client: TestClient) -> None:
    table_id, token = create_table(client, game="palace", seats=3, bots=["rules"])
    assert len(token) >= 30
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [table_id]
    assert listed[0]["seated"] == 2
    full, _ = create_table(client, seats=2, bots=["random"], name="A full one")
    answer = client.get("/api/tables", params={"per_page": 1}).json()
    assert (answer["total"], answer["pages"], answer["page"]) == (2, 2, 1)
    assert [t["id"] for t in answer["tables"]] == [table_id]  # a free seat comes first
    second = client.get("/api/tables", params={"per_page": 1, "page": 2}).json()
    assert [t["id"] for t in second["tables"]] == [full]  # spectators still find it
    assert client.get("/api/tables", params={"per_page": 0}).status_code == 400
    assert client.get("/api/tables", params={"page": "x"}).status_code == 400


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "chess"},
        {"host_name": ""},
        {"host_name": "x" * 50},
        {"seats": 7},
        {"bots": ["nonsense"]},
        {"bots": ["random"] * 6},
        {"options": {"structure": "pot_limit"}, "game": "palace"},
        {"starting_stack": -5},
        {"clock_seconds": "soon"},
        {"starting_stack": 2, "options": {"ante": 3}},
        {"options": {"ante": None}},
    ],
)
def test_bad_table_forms_are_refused(client: TestClient, fields: dict[str, object]) -> None:
    body = {"game": "americana", "host_name": "Host", **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["type"] == "error"
    assert response.json()["message"]


def test_malformed_bodies_are_refused(client: TestClient) -> None:
    assert client.post("/api/tables", content=b"{nope").status_code == 400
    assert client.post("/api/tables", content=b"[1, 2]").status_code == 400
    assert client.post("/api/tables", content=b"x" * 20000).status_code == 413


def test_a_chunked_body_is_cut_off_as_it_streams(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # no content-length: chunked transfer encoding
        for _ in range(1000):
            yield b"x" * 1024

    response = client.post("/api/tables", content=chunks())
    assert (response.status_code, response.json()["code"]) == (413, "too_large")
    small = client.post("/api/tables", content=iter([b'{"game": "palace", ', b'"host_name": "A"}']))
    assert small.status_code == 201  # a chunked body under the limit reaches the app whole
    table_id, _ = create_table(client)
    assert client.post(f"/api/tables/{table_id}/join", json={"name": "Bea"}).status_code == 200


def test_joining_needs_only_a_name(client: TestClient) -> None:
    table_id, _ = create_table(client)
    token = join(client, table_id, "Bea")
    assert token
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["you"]["seat"] is None
    assert summary["requests"] == []  # only the host sees requests
    assert client.post(f"/api/tables/{table_id}/join", json={"name": ""}).status_code == 400
    assert client.post("/api/tables/nope/join", json={"name": "Bea"}).status_code == 404


def test_unknown_hands_are_not_found(client: TestClient) -> None:
    table_id, _ = create_table(client)
    assert client.get(f"/api/tables/{table_id}/hands/1").status_code == 404
    assert client.get(f"/api/tables/{table_id}/hands/x").status_code == 404
    assert client.get("/api/tables/nope/hands/1").status_code == 404


def test_hostile_input_gets_the_documented_errors(client: TestClient) -> None:
    """Found in review: deep nesting, huge hand numbers and unprintable table names."""
    deep = "[" * 3000 + "]" * 3000
    response = client.post("/api/tables", content=deep.encode())
    assert (response.status_code, response.json()["code"]) == (400, "bad_json")
    body = {"game": "americana", "host_name": "Host", "name": "bad\ud800name"}
    response = client.post("/api/tables", content=json.dumps(body).encode())
    assert response.status_code == 400
    assert client.get("/api/tables").status_code == 200  # the lobby list still works
    table_id, _ = create_table(client)
    response = client.get(f"/api/tables/{table_id}/hands/99999999999999999999")
    assert (response.status_code, response.json()["code"]) == (404, "no_hand")
    big = client.post(
        f"/api/tables/{table_id}/join",
        content=b"{}",
        headers={"content-length": str(10**9)},
    )
    assert big.status_code == 413


def test_names_are_unique_and_requests_bounded(client: TestClient) -> None:
    table_id, _ = create_table(client, seats=2, bots=[])
    taken = client.post(f"/api/tables/{table_id}/join", json={"name": "host"})
    assert (taken.status_code, taken.json()["code"]) == (400, "name_taken")
    assert client.post(f"/api/tables/{table_id}/join", json={"name": "Bea"}).status_code == 200
    again = client.post(f"/api/tables/{table_id}/join", json={"name": "BEA"})
    assert again.json()["code"] == "name_taken"
    wide = client.post(f"/api/tables/{table_id}/join", json={"name": "\uff22\uff45\uff41"})
    assert wide.json()["code"] == "name_taken"  # fullwidth "Bea"
    other, _ = create_table(client, seats=6, bots=[])
    answers = [
        client.post(f"/api/tables/{other}/join", json={"name": f"P{i}"}).json() for i in range(12)
    ]
    assert [a.get("code") for a in answers[10:]] == ["busy", "busy"]
