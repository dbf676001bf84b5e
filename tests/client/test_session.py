"""``parlour.client``'s session: which snapshots the bot answers, and when it comes back."""

from __future__ import annotations

from typing import Any

import pytest

from parlour import client as client_module


def _turn(seq: int) -> dict[str, Any]:
    """A snapshot in which the bot at seat 1 is to act."""
    return {
        "type": "snapshot",
        "seq": seq,
        "you": {"seat": 1, "request": None},
        "seats": [{"seat": 1, "stack": 100, "in_hand": True}],
        "table": {"hand_number": 1, "in_progress": True},
        "legal": [{"do": "check"}],
    }


def test_a_command_that_was_not_carried_out_is_decided_again_after_reconnecting() -> None:
    """``moved`` (the table is moving to another process) and ``rate_limited`` mean the
    bot's action was dropped and no snapshot follows: it must connect again and act on the
    decision it already answered, or a table with no clock waits for ever."""
    session = client_module._Session(hands=None)
    assert session.read(_turn(7))
    assert not session.read(_turn(7))  # the same decision is answered once
    for code in ("moved", "rate_limited"):
        with pytest.raises(client_module._Closed):
            session.read({"type": "error", "code": code, "message": "..."})
        session.reconnected()
        assert session.read(_turn(7))  # acts again on it after coming back
    assert not session.read({"type": "error", "code": "stale", "message": "..."})
