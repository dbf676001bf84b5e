"""Settling up: who pays whom, from the ledger's nets, people only."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from parlour.server.settlement import Payment, payments
from parlour.server.snapshot import settle_part

from .players import create_table, hello


def test_the_biggest_loser_pays_the_biggest_winner() -> None:
    nets = [("Ann", 30), ("Bea", -20), ("Cal", -10), ("Dee", 0)]
    assert payments(nets) == [Payment("Bea", "Ann", 20), Payment("Cal", "Ann", 10)]


def test_a_square_table_makes_no_payment() -> None:
    assert payments([("Ann", 0), ("Bea", 0)]) == []
    assert payments([]) == []


@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=10))
def test_payments_square_everyone_in_fewer_payments_than_people(amounts: list[int]) -> None:
    nets = [(f"P{i}", a) for i, a in enumerate(amounts)]
    nets.append(("Last", -sum(amounts)))  # people's nets add up to zero
    made = payments(nets)
    balance = dict(nets)
    for p in made:
        assert p.amount > 0
        balance[p.payer] += p.amount
        balance[p.payee] -= p.amount
    assert all(v == 0 for v in balance.values())
    assert len(made) < max(2, len(nets))


@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=10))
def test_when_bots_won_or_lost_the_smaller_side_is_settled_in_full(amounts: list[int]) -> None:
    nets = [(f"P{i}", a) for i, a in enumerate(amounts)]
    paid = sum(p.amount for p in payments(nets))
    assert paid == min(sum(a for a in amounts if a > 0), -sum(a for a in amounts if a < 0))


def test_bots_are_left_out_of_the_settling() -> None:
    ledger = [
        {"name": "Ann", "net": 30, "bot": False},
        {"name": "Bea", "net": -20, "bot": False},
        {"name": "Random bot 1", "net": -10, "bot": True},
    ]
    assert settle_part(ledger) == [{"payer": "Bea", "payee": "Ann", "amount": 20}]


def test_a_person_who_came_back_settles_once() -> None:
    ledger = [
        {"name": "Bob", "net": -3, "bot": False},
        {"name": "Ann", "net": 5, "bot": False},
        {"name": "Bob", "net": -2, "bot": False},  # Bob left and asked again
    ]
    assert settle_part(ledger) == [{"payer": "Bob", "payee": "Ann", "amount": 5}]


def test_every_snapshot_carries_the_settling(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
    assert snap["settle"] == []  # nobody has won or lost yet
    assert [r["bot"] for r in snap["ledger"]] == [False, True]
