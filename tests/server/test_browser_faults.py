"""A browser at a table comes back to its seat by itself after the server is SIGKILLed.

A real Chromium page (Playwright) plays Americana at a table of a real server process;
the server is killed with SIGKILL at random moments, three times, and started again. The
page must say it is reconnecting, then be back at its seat (``<body data-connection=open
data-my-seat=0>``, CONTRACTS.md) and play on with no click from anyone. Every snapshot
the page received is read off its socket: the last view of each hand it was shown (its
own accepted actions included) must be one the stored record passes through.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from parlour.server.process import free_port, start_server
from parlour.server.storage import Store

from .seats import chips_are_whole, start_table, summary, views_of

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, WebSocket

CHROMIUM = Path("/usr/bin/chromium")
#: Buttons a passive player presses, best first.
PASSIVE = ("check", "stay", "call", "bring_in", "fold")
KILLS = 3
#: Seconds a page may take to reach a state (it retries with a growing pause up to 8 s).
PATIENCE = 60.0

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium"),
]

playwright_sync = pytest.importorskip("playwright.sync_api", reason="needs playwright")


def hooks(page: Page) -> dict[str, str]:
    """The page's ``<body data-...>`` hooks (``data-my-seat`` reads as ``mySeat``)."""
    found: dict[str, str] = page.evaluate("({...document.body.dataset})")
    return found


def play_until(page: Page, done: Callable[[dict[str, str]], bool], what: str) -> float:
    """Press passive buttons whenever it is the page's turn until ``done(hooks)``; the
    seconds it took (fails after PATIENCE)."""
    began = time.monotonic()
    while not done(hooks(page)):
        assert time.monotonic() - began < PATIENCE, f"the page never got to: {what}"
        actions = page.locator("#actions[data-turn=yes]")
        if actions.count():
            for kind in PASSIVE:
                button = actions.locator(f"button[data-do='{kind}']").first
                if button.count() and button.is_enabled():
                    seq = hooks(page).get("seq")
                    try:
                        button.click(timeout=3000)
                    except playwright_sync.Error:
                        break  # the bar was drawn again (a new snapshot): look again
                    with contextlib.suppress(playwright_sync.TimeoutError):
                        # The snapshot that follows, or a lost server. A click that went
                        # nowhere (the bar was being drawn again) is tried again.
                        page.wait_for_function(
                            "(seq) => document.body.dataset.seq !== seq"
                            " || document.body.dataset.connection !== 'open'",
                            arg=seq,
                            timeout=5000,
                        )
                    break
        else:
            page.wait_for_timeout(50)  # poll; the deadline above bounds the loop
    return time.monotonic() - began


def past(hand: int) -> Callable[[dict[str, str]], bool]:
    """Whether the hooks show a hand numbered above ``hand``."""
    return lambda h: int(h.get("hand") or 0) > hand


def at_seat_after(hand: int) -> Callable[[dict[str, str]], bool]:
    """Whether the page is connected, at seat 0, in a hand numbered above ``hand``."""
    return lambda h: h.get("connection") == "open" and h.get("mySeat") == "0" and past(hand)(h)


class Frames:
    """Snapshots read off the page's socket: the last view of each hand it was shown."""

    def __init__(self) -> None:
        self.seen: dict[int, dict[str, Any]] = {}
        self.count = 0
        self.errors: list[str] = []

    def watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "error":
            self.errors.append(message["code"])
        if message.get("type") != "snapshot":
            return
        self.count += 1
        table = message["table"]
        if table["in_progress"] and message["view"] is not None and message["you"]["seat"] == 0:
            self.seen[table["hand_number"]] = message["view"]


def test_a_browser_is_back_at_its_seat_after_sigkills(browser: Browser, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'parlour.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(7)
    server = start_server(url, port, node="browser-kill-test", bot_delay=0.05)
    context = browser.new_context(reduced_motion="reduce")  # buttons hold still to be clicked
    frames = Frames()
    back: list[float] = []
    try:
        table_id, token = start_table(base, "americana", ["random", "rules"])
        page = context.new_page()
        page.on("websocket", frames.watch)
        addresses: list[str] = []  # every address the page asked for: never the token
        page.on("request", lambda request: addresses.append(request.url))
        page.on("websocket", lambda socket: addresses.append(socket.url))
        page.goto(f"{base}/")
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"parlour:token:{table_id}", token]
        )
        page.goto(f"{base}/t/{table_id}")
        play_until(page, at_seat_after(1), "seat 0 in hand 2")
        for _ in range(KILLS):
            hand = int(hooks(page)["hand"])
            play_until(page, past(hand), "a new hand")
            page.wait_for_timeout(rng.uniform(0, 1500))  # a random moment of play
            server.kill()
            server.wait()
            play_until(page, lambda h: h.get("connection") == "reconnecting", "reconnecting")
            server = start_server(url, port, node="browser-kill-test", bot_delay=0.05)
            back.append(play_until(page, at_seat_after(hand), "back at seat 0"))
        hand = int(hooks(page)["hand"])
        play_until(page, lambda h: int(h.get("hand") or 0) > hand + 1, "two more hands")
        assert chips_are_whole(summary(base, table_id))
        assert addresses
        assert not [a for a in addresses if token in a]
        # The page was refused nothing but "the table moved on" kinds of "not now".
        assert set(frames.errors) <= {"stale", "moved", "stalled"}, frames.errors
    finally:
        context.close()
        if server.poll() is None:
            server.kill()
        server.wait()
    store = Store(url)
    try:
        numbers = store.finished_hands(table_id)
        assert numbers == list(range(1, len(numbers) + 1)), "a hand was lost"
        assert len(frames.seen) > KILLS  # the page was shown the hands it played
        for number, view in frames.seen.items():
            stored = store.load_hand(table_id, number)
            assert stored is not None, f"hand {number} the page was shown is not stored"
            assert view in views_of(stored[1], 0), f"hand {number} lost an action"
    finally:
        store.close()
    print(f"{KILLS} kills, back at the seat in {', '.join(f'{s:.1f}' for s in back)} s")
