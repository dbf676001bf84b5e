"""``GET /api/i18n`` through the app, and errors carrying code and params (CONTRACTS.md,
browser words)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from parlour.i18n.message import from_wire, render

from .players import command, create_table, hello, until

pytestmark = pytest.mark.integration


def test_the_catalog_follows_prefer_then_accept_language(client: TestClient) -> None:
    assert client.get("/api/i18n?prefer=pl-PL,en").json()["lang"] == "pl"
    assert client.get("/api/i18n?prefer=sr-Latn-RS").json()["lang"] == "sr-Latn"
    answer = client.get("/api/i18n", headers={"Accept-Language": "de-DE,eu;q=0.7"})
    assert answer.json()["lang"] == "eu"
    assert client.get("/api/i18n?prefer=xx").json()["lang"] == "en"
    body = client.get("/api/i18n?prefer=sr").json()
    assert body["plural_categories"] == ["one", "few", "other"]
    assert body["codes"]["fold.you"] == "Одустајеш."
    assert body["codes"]["discard.you"] == [
        "Одбацујеш {count} војника.",
        "Одбацујеш {count} војника.",
        "Одбацујеш {count} војника.",
    ]
    assert {"code": "eu", "name": "Euskara"} in body["languages"]


def test_a_refusal_carries_its_code_and_params_for_every_language(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "palace", "name": "\u0007"})
    assert answer.status_code == 400
    error = answer.json()
    assert error["code"] == "bad_config"
    assert error["message"] == "name must be printable text"
    said = from_wire({"code": error["code"], "params": error["params"]})
    assert render(said, "en") == error["message"]
    polish = client.get("/api/i18n?prefer=pl").json()["codes"]
    assert polish["bad_config"] == "{reason}"
    assert polish["bad_config.printable"] == "{key} musi być tekstem bez znaków sterujących"
    assert render(said, "pl") == "name musi być tekstem bez znaków sterujących"


def test_log_lines_notes_and_socket_errors_carry_codes(client: TestClient) -> None:
    """Every log entry a viewer gets renders, from its code and params, to its English text
    and to a sentence in each language; so do the hand-strength notes and socket errors."""
    table_id, token = create_table(client, game="palace", bots=["rules", "rules"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and len(m["log"]) > 6)
        for entry in snap["log"]:
            said = from_wire({"code": entry["code"], "params": entry["params"]})
            assert render(said, "en") == entry["text"]
            assert render(said, "sr") != entry["text"] or entry["kind"] == "chat"
        assert any(e["code"] == "notice.hand_begins" for e in snap["log"])
        for seat, note in snap.get("note_messages", {}).items():
            assert render(from_wire(note), "en") == snap["notes"][seat]
        ws.send_json({"type": "act", "seq": -1, "action": {}})
        error = until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "stale"
        said = from_wire({"code": error["code"], "params": error["params"]})
        assert render(said, "en") == error["message"]
        assert render(said, "eu") == "jokoak aurrera egin du; aukeratu berriro"
