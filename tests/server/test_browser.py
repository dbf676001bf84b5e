"""Two people in two browsers play each game against each other and a bot (Playwright).

Drives Debian's Chromium headless: the host creates a table in the lobby, a friend joins
by the link, the host approves and starts, both play a hand to the end (one of them
reloading mid-hand and carrying on), and a screenshot of each table is saved for a look.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from parlour.server.process import free_port, start_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, WebSocketRoute

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(os.environ.get("PARLOUR_SHOTS", "/tmp/parlour-shots"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Which button a test player presses, best first: short, cheap hands.
PREFERENCE = ("stay", "check", "call", "bring_in", "trim", "fold", "buy")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="browser tests need /usr/bin/chromium (apt-get install chromium)",
    ),
]

playwright_sync = pytest.importorskip("playwright.sync_api", reason="needs playwright")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with short bot and between-hand pauses; its base address."""
    port = free_port()
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'parlour.db'}"
    process = start_server(url, port, bot_delay=0.1, next_hand_delay=0.5)
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium."""
    with playwright_sync.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        yield launched
        launched.close()


def press_one(page: Page) -> bool:
    """Press the preferred legal button if it is this page's turn; whether it did."""
    actions = page.locator("#actions")
    if not actions.is_visible():
        return False
    for kind in PREFERENCE:
        button = actions.locator(f"button[data-do='{kind}']").first
        if not button.count():
            continue
        if kind == "trim":
            picks = actions.locator(".card-choice .card.pick")
            index = 0
            while button.is_disabled() and index < picks.count():
                picks.nth(index).click()
                index += 1
        button.click()
        return True
    return False


def play_hand(pages: list[Page], reload_page: Page | None) -> None:
    """Both players press buttons until the first hand appears under Hands."""
    deadline = time.monotonic() + 60
    pressed = 0
    while time.monotonic() < deadline:
        if pages[0].locator("[data-replay='1']").count():
            return
        for page in pages:
            if press_one(page):
                pressed += 1
                if pressed == 2 and reload_page is not None:
                    reload_page.reload()
                    reload_page.wait_for_selector("#mine:not([hidden])")
                time.sleep(0.15)
        time.sleep(0.05)
    raise AssertionError("the hand did not finish in a minute")


@pytest.mark.parametrize("game", ["palace", "americana"])
def test_two_friends_and_a_bot_play_a_hand_in_the_browser(
    server: str, browser: Browser, game: str
) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    friend_context = browser.new_context(viewport={"width": 390, "height": 844})
    host = host_context.new_page()
    friend = friend_context.new_page()
    host.goto(server + "/")
    host.fill("input[name=host_name]", "Ann")
    host.select_option("select[name=game]", game)
    host.fill("input[name=bot_count]", "1")
    host.select_option("select[name=bot_kind]", "rules")
    host.fill("input[name=clock_seconds]", "0")
    host.click("#create-form button[type=submit]")
    host.wait_for_url("**/t/*")
    host.wait_for_selector("#host:not([hidden])")
    link = host.url

    friend.goto(link)
    friend.fill("#join-form input[name=name]", "Bea")
    friend.click("#join-form button")
    friend.wait_for_selector("#join-wait:not([hidden])")
    host.click("#host li[data-request] button.primary")
    friend.wait_for_selector("#mine:not([hidden])")
    host.click("#start")
    host.wait_for_selector(".seat.to-act")

    play_hand([host, friend], reload_page=friend)
    assert "You are Bea" in friend.inner_text("#mine")
    friend.fill("#chat-form input[name=text]", "nice hand <b>Ann</b>")
    friend.press("#chat-form input[name=text]", "Enter")
    host.wait_for_selector("#log li.ev-chat")
    assert host.inner_text("#log li.ev-chat") == "Bea: nice hand <b>Ann</b>"  # text, not markup
    assert friend.input_value("#chat-form input[name=text]") == ""
    host.click("[data-replay='1']")
    host.wait_for_selector("#replay[open]")
    host.click("#replay-next")
    assert "Step 2" in host.inner_text("#replay-step")
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SHOTS / f"{game}-replay.png"))
    host.click("#replay-close")
    host.screenshot(path=str(SHOTS / f"{game}-desktop.png"), full_page=True)
    friend.screenshot(path=str(SHOTS / f"{game}-phone.png"), full_page=True)
    ledger = host.inner_text("#ledger")
    assert "Ann" in ledger
    settling = host.inner_text("#settle")
    assert " pays " in settling or settling == "No player owes another."
    assert "bot" not in settling  # bots' chips are nobody's money
    assert "Bea" in ledger
    host_context.close()
    friend_context.close()


def seat_friend(server: str, browser: Browser, game: str) -> tuple[Page, Page]:
    """Ann creates a table with no bots, Bea joins by the link and is seated; both pages."""
    host = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()
    friend = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    host.goto(server + "/")
    host.fill("input[name=host_name]", "Ann")
    host.select_option("select[name=game]", game)
    host.fill("input[name=bot_count]", "0")
    host.fill("input[name=clock_seconds]", "0")
    host.click("#create-form button[type=submit]")
    host.wait_for_selector("#host:not([hidden])")
    friend.goto(host.url)
    friend.fill("#join-form input[name=name]", "Bea")
    friend.click("#join-form button")
    host.wait_for_selector("#host li[data-request]")
    host.screenshot(path=str(SHOTS / f"{game}-request.png"))
    host.click("#host li[data-request] button.primary")
    friend.wait_for_selector("#mine:not([hidden])")
    host.click("#start")
    return host, friend


def test_a_palace_battle_prompts_the_defender_and_shows_the_outcome(
    server: str, browser: Browser
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    host, friend = seat_friend(server, browser, "palace")
    attacker, defender = (host, friend)
    deadline = time.monotonic() + 20
    while not attacker.locator("#actions button[data-do='bet']").count():
        if friend.locator("#actions button[data-do='bet']").count():
            attacker, defender = friend, host
            break
        assert time.monotonic() < deadline, "nobody was offered an attack"
        time.sleep(0.1)
    defender_name = "Bea" if attacker is host else "Ann"
    assert attacker.inner_text(".seat.mine .worth").startswith(f"vs {defender_name} (no ")
    attack = attacker.locator("#actions .attack").first.inner_text()
    assert "must pay" in attack
    attacker.locator("#actions button[data-do='bet']").first.click()
    defender.wait_for_selector("#actions button[data-do='call']")
    assert defender.locator("#center .battle").is_visible()
    defender.screenshot(path=str(SHOTS / "palace-defender.png"), full_page=True)
    assert defender.title().startswith("▶ Your turn · ")
    assert not attacker.title().startswith("▶")
    defender.keyboard.press("c")  # the call button's key
    defender.wait_for_selector("#log li.ev-battle_won, #log li.ev-battle_tie")
    host.wait_for_selector("[data-replay='1']")
    host.screenshot(path=str(SHOTS / "palace-battle.png"), full_page=True)
    log = host.inner_text("#log")
    assert "win the battle" in log or "wins the battle" in log or "tie" in log
    # P-41: the caller (the defender here) saw the attacker's palace, though the hand is over.
    attacker_name = "Bea" if defender is host else "Ann"
    assert f"{attacker_name}'s palace is shown" in defender.inner_text("#log")


def test_more_rules_in_the_lobby_form_reach_the_table(server: str, browser: Browser) -> None:
    """The lobby's "More rules" set every option of RULES.md's table; blank keeps the default."""
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    chosen: dict[str, dict[str, object]] = {}
    for game in ("americana", "palace"):
        page.goto(server + "/")
        page.fill("input[name=host_name]", "Ann")
        page.select_option("select[name=game]", game)
        page.fill("input[name=bot_count]", "0")
        page.click(f"details.more-rules[data-game={game}] summary")
        if game == "americana":
            page.select_option("select[name=tie_break]", "split")
            page.fill("input[name=raise_cap]", "1")
            page.check("input[name=show_all]")
        else:
            page.fill("input[name=palace_ante]", "0")
            page.fill("input[name=max_soldiers]", "4")
            page.fill("input[name=palace_raise_cap]", "2")
            page.screenshot(path=str(SHOTS / "lobby-more-rules.png"))
        page.click("#create-form button[type=submit]")
        page.wait_for_url("**/t/*")
        table_id = page.url.rsplit("/", 1)[-1]
        summary = page.request.get(f"{server}/api/tables/{table_id}").json()
        chosen[game] = summary["table"]["options"]
    assert chosen["americana"]["tie_break"] == "split"
    assert chosen["americana"]["raise_cap"] == 1
    assert chosen["americana"]["show_all"] is True
    assert chosen["palace"]["ante"] == 0
    assert chosen["palace"]["max_soldiers"] == 4
    assert chosen["palace"]["raise_cap"] == 2
    assert chosen["palace"]["discard_fee"] == 2  # left blank: the rulebook's default (SB)


def test_americana_felt_draws_main_and_side_pots(server: str, browser: Browser) -> None:
    """While a hand runs, the felt lists the main pot and each side pot with who can win it.

    A spectator's snapshots pass through a websocket route that gives the view two pots, as
    the engine reports them once a player is all-in (A-50).
    """
    host, _friend = seat_friend(server, browser, "americana")
    host.wait_for_selector(".seat.to-act")
    spectator = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()

    def two_pots(route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()

        def forward(message: str | bytes) -> None:
            data = json.loads(message)
            view = data.get("view")
            if data.get("type") == "snapshot" and view and not view.get("outcome"):
                seats = [row["seat"] for row in view["seats"]]
                view["pots"] = [
                    {"amount": 6, "eligible": seats},
                    {"amount": 4, "eligible": seats[1:]},
                ]
            route.send(json.dumps(data))

        upstream.on_message(forward)

    spectator.route_web_socket("**/ws/tables/*", two_pots)
    spectator.goto(host.url)
    spectator.wait_for_selector(".side-pots")
    text = spectator.inner_text(".side-pots")
    assert "Main pot 6: Ann, Bea" in text
    assert "Side pot 4: Bea" in text
