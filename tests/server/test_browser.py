"""Friends at the browser table (Playwright, Debian's Chromium, several browser contexts).

The host creates a table in the lobby, friends join by the link, the host seats them and
starts; they play whole hands. Every wait is for a state the page shows (the ``<body
data-...>`` hooks of CONTRACTS.md, an element), never for time, and every wait has a
deadline. Screenshots land in ``$PARLOUR_SHOTS`` (default /tmp/parlour-shots) for a look.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from parlour.server.process import free_port, start_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize, WebSocketRoute

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(os.environ.get("PARLOUR_SHOTS", "/tmp/parlour-shots"))
#: Which button a test player presses, best first: hands that reach a showdown.
PASSIVE = ("stay", "check", "call", "bring_in", "trim", "fold", "buy")
#: Milliseconds a page may take to reach a state before the test fails.
DEADLINE_MS = 30_000
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="browser tests need /usr/bin/chromium (apt-get install chromium)",
    ),
]

pytest.importorskip("playwright.sync_api", reason="needs playwright")  # before any server starts


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with short bot and between-hand pauses; its base address."""
    port = free_port()
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'parlour.db'}"
    process = start_server(url, port, bot_delay=0.1, next_hand_delay=3.0)
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)


def shot(page: Page, name: str, *, full: bool = False) -> None:
    """Save a screenshot of ``page`` as ``name``.png for a person to look at, from the top
    of the page (a click may have scrolled it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(reduced_motion="reduce")  # no card caught half-dealt
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def body_is(page: Page, hook: str, value: str, timeout: int = DEADLINE_MS) -> None:
    """Wait until ``<body data-hook>`` reads ``value``."""
    page.wait_for_function(
        "([hook, value]) => document.body.dataset[hook] === value",
        arg=[hook, value],
        timeout=timeout,
    )


def create_table(
    page: Page,
    server: str,
    game: str,
    *,
    bots: int = 0,
    seats: int | None = None,
    options: dict[str, str] | None = None,
) -> None:
    """Fill the lobby form as Ann and create the table; ``page`` is on the table after."""
    page.goto(server + "/")
    page.fill("input[name=host_name]", "Ann")
    page.select_option("select[name=game]", game)
    if seats is not None:
        page.fill("input[name=seats]", str(seats))
    page.fill("input[name=bot_count]", str(bots))
    page.fill("input[name=clock_seconds]", "0")
    for name, value in (options or {}).items():
        field = page.locator(f"#create-form [name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#host")


def seat_friend(
    server: str,
    browser: Browser,
    game: str,
    *,
    options: dict[str, str] | None = None,
    friend_viewport: ViewportSize | None = None,
) -> tuple[Page, Page]:
    """Ann creates a table with no bots, Bea joins by the link and is seated; both pages."""
    host = browser.new_context(viewport=DESKTOP).new_page()
    friend = browser.new_context(viewport=friend_viewport or PHONE).new_page()
    create_table(host, server, game, options=options)
    friend.goto(host.url)
    friend.fill("#join-form input[name=name]", "Bea")
    friend.click("#join-form button")
    friend.wait_for_selector("#join-wait")
    host.wait_for_selector("#host li[data-request]")
    shot(host, f"{game}-request")
    host.click("#host li[data-request] button.primary")
    friend.wait_for_selector("#mine")
    host.click("#start")
    body_is(host, "hand", "1")
    return host, friend


def my_turn(page: Page) -> bool:
    """Whether the page shows its player's choices now."""
    return bool(page.locator("#actions[data-turn=yes]").count())


def press_one(page: Page, preference: tuple[str, ...] = PASSIVE) -> bool:
    """Press the preferred legal button if it is this page's turn; whether it did."""
    if not my_turn(page):
        return False
    actions = page.locator("#actions")
    for kind in preference:
        button = actions.locator(f"button[data-do='{kind}']").first
        if not button.count():
            continue
        if kind == "trim":
            picks = actions.locator(".card-choice .card.pick")
            index = 0
            while button.is_disabled() and index < picks.count():
                picks.nth(index).click()
                index += 1
        seq = page.evaluate("document.body.dataset.seq")
        button.click()
        # The move is sent: wait for the snapshot that follows it.
        page.wait_for_function(
            "(seq) => document.body.dataset.seq !== seq", arg=seq, timeout=DEADLINE_MS
        )
        return True
    return False


def play_until_ended(pages: list[Page], hand: str = "1", on_press: object = None) -> None:
    """Players press passive buttons until the hand numbered ``hand`` has ended."""
    deadline = time.monotonic() + 90
    pressed = 0
    watcher = pages[0]
    while time.monotonic() < deadline:
        if watcher.evaluate(
            "(n) => document.body.dataset.hand === n && document.body.dataset.phase === 'ended'"
            " || Number(document.body.dataset.hand) > Number(n)",
            hand,
        ):
            return
        for page in pages:
            if press_one(page):
                pressed += 1
                if callable(on_press):
                    on_press(pressed)
        watcher.wait_for_timeout(50)  # poll between presses; the deadline bounds the loop
    raise AssertionError(f"hand {hand} did not end within 90 s")


@pytest.mark.parametrize("game", ["palace", "americana"])
def test_two_friends_and_a_bot_play_a_hand_in_the_browser(
    server: str, browser: Browser, game: str
) -> None:
    host_context = browser.new_context(viewport=DESKTOP)
    friend_context = browser.new_context(viewport=PHONE)
    host = host_context.new_page()
    friend = friend_context.new_page()
    create_table(host, server, game, bots=1)
    friend.goto(host.url)
    friend.fill("#join-form input[name=name]", "Bea")
    friend.click("#join-form button")
    friend.wait_for_selector("#join-wait")
    host.click("#host li[data-request] button.primary")
    friend.wait_for_selector("#mine")
    host.click("#start")
    body_is(host, "hand", "1")

    def reload_once(pressed: int) -> None:
        if pressed == 2:
            friend.reload()
            body_is(friend, "connection", "open")
            friend.wait_for_selector("#mine")

    play_until_ended([host, friend], on_press=reload_once)
    assert "You are Bea" in friend.inner_text("#mine")
    friend.fill("#chat-form input[name=text]", "nice hand <b>Ann</b>")
    friend.press("#chat-form input[name=text]", "Enter")
    host.wait_for_selector("#chat li.ev-chat")
    assert host.inner_text("#chat li.ev-chat") == "Bea: nice hand <b>Ann</b>"  # text, not markup
    assert not host.locator("#log li.ev-chat").count()  # chat has its own place
    assert friend.input_value("#chat-form input[name=text]") == ""
    host.click("[data-replay='1']")
    host.wait_for_selector("#replay[open]")
    host.click("#replay-next")
    assert "Step 2" in host.inner_text("#replay-step")
    shot(host, f"{game}-replay")
    host.click("#replay-close")
    ledger = host.inner_text("#ledger")
    assert "Ann" in ledger
    assert "Bea" in ledger
    settling = host.inner_text("#settle")
    assert " pays " in settling or "No player owes another." in settling
    bots = host.locator("#settle li.bots")
    assert bots.count() == 1  # what went to or came from the bot is said, apart
    table_id = host.url.rsplit("/", 1)[-1]
    ledger_rows = host.request.get(f"{server}/api/tables/{table_id}").json()["ledger"]
    assert bots.get_attribute("data-bots") == str(sum(r["net"] for r in ledger_rows if r["bot"]))
    host_context.close()
    friend_context.close()


@pytest.mark.parametrize("game", ["palace", "americana"])
def test_a_whole_hand_from_the_lobby_to_the_result_naming_the_winning_hand(
    server: str, browser: Browser, game: str
) -> None:
    """Two friends play passively to a showdown; the result line on the felt names the
    winner's hand (issue 12), and so does the log."""
    host, friend = seat_friend(server, browser, game)
    play_until_ended([host, friend])
    result = host.locator("#result")
    result.wait_for(timeout=DEADLINE_MS)
    text = result.inner_text()
    assert " with " in text, text  # "... wins the pot of 4 with a pair of tens, ..."
    assert any(word in text for word in ("Ann", "Bea", "You")), text
    shot(host, f"{game}-showdown-desktop")
    shot(friend, f"{game}-showdown-phone")
    host.context.close()
    friend.context.close()


def test_a_typed_raise_survives_another_players_chat(server: str, browser: Browser) -> None:
    """Type a size, a friend chats, press Raise: the raise goes out at the typed size, and
    the field kept its focus through the snapshot (the reset bug of issue 12)."""
    host, friend = seat_friend(server, browser, "americana", options={"structure": "no_limit"})
    deadline = time.monotonic() + 60
    sized = None
    while sized is None:
        assert time.monotonic() < deadline, "nobody was offered a sized bet or raise"
        for page in (host, friend):
            if page.locator("#actions .sized input[type=number]").count():
                sized = page
                break
            press_one(page, ("check", "bring_in", "call"))
        host.wait_for_timeout(50)
    other = friend if sized is host else host
    field = sized.locator("#actions .sized input[type=number]").first
    low, high = int(field.get_attribute("min") or 0), int(field.get_attribute("max") or 0)
    amount = min(high, max(low + 1, 51))
    field.click()
    field.fill(str(amount))
    button = sized.locator("#actions .sized button[data-do]").first
    handle = button.element_handle()
    other.fill("#chat-form input[name=text]", "hurry up")
    other.press("#chat-form input[name=text]", "Enter")
    sized.wait_for_selector("#chat li.ev-chat", timeout=DEADLINE_MS)
    assert field.input_value() == str(amount)
    assert sized.evaluate("() => document.activeElement && document.activeElement.type") == "number"
    assert handle is not None
    assert handle.evaluate("e => e.isConnected")
    verb = button.get_attribute("data-do")
    button.click()
    said = f"You raise to {amount}." if verb == "raise" else f"You bet {amount}."
    sized.wait_for_function(
        "(said) => [...document.querySelectorAll('#log li')].some(li => li.innerText === said)",
        arg=said,
        timeout=DEADLINE_MS,
    )
    host.context.close()
    friend.context.close()


def test_a_picked_soldier_survives_a_chat_and_keep_all_keeps_them(
    server: str, browser: Browser
) -> None:
    """P-19: after a Buy the buyer trims. The trim button says "Keep all" while nothing is
    picked; a picked soldier stays picked through a friend's chat."""
    host, friend = seat_friend(server, browser, "palace", friend_viewport=DESKTOP)
    host.wait_for_function("() => document.body.dataset.toAct !== ''", timeout=DEADLINE_MS)
    buyer, other = (host, friend) if my_turn(host) else (friend, host)
    buyer.click("#actions button[data-do='buy']")
    trim = buyer.locator("#actions button[data-do='trim']")
    trim.wait_for(timeout=DEADLINE_MS)
    body_is(buyer, "phase", "trim")
    assert trim.inner_text().startswith("Keep all")
    soldier = buyer.locator("#actions .card-choice .card.pick").first
    soldier.click()
    assert trim.inner_text().startswith("Trim 1 card")
    other.fill("#chat-form input[name=text]", "nice card")
    other.press("#chat-form input[name=text]", "Enter")
    buyer.wait_for_selector("#chat li.ev-chat", timeout=DEADLINE_MS)
    assert soldier.get_attribute("aria-pressed") == "true"
    assert trim.inner_text().startswith("Trim 1 card")
    shot(buyer, "palace-trim")
    soldier.click()  # unpicked: keep every soldier
    assert trim.inner_text().startswith("Keep all")
    trim.click()
    buyer.wait_for_function(
        "() => [...document.querySelectorAll('#felt .seat.mine .soldiers .card')].length === 1",
        timeout=DEADLINE_MS,
    )
    host.context.close()
    friend.context.close()


def test_the_host_panel_stays_open_through_the_bots_moves(server: str, browser: Browser) -> None:
    """The host opens "Seats and stacks" and types a stack while bots play: the panel
    stays open, the typed number and the focus stay, the buttons are the same elements."""
    host = browser.new_context(viewport=DESKTOP).new_page()
    create_table(host, server, "palace", bots=3, seats=4)
    host.click("#start")
    body_is(host, "hand", "1")
    host.click("#seats-panel summary")
    row = host.locator("#seats-panel li[data-seat-row='1']")
    field = row.locator("input[type=number]")
    field.fill("345")
    button = row.locator("button", has_text="Set stack").element_handle()
    moves_before = host.locator("#log li").count()
    # Bots move between the host's turns; the host stays (passive) when asked.
    deadline = time.monotonic() + 60
    while host.locator("#log li").count() < moves_before + 6:
        assert time.monotonic() < deadline, "the bots did not move"
        if my_turn(host):
            host.locator(
                "#actions button[data-do='stay'], #actions button[data-do='fold']"
            ).first.click()
            field.focus()
        host.wait_for_timeout(100)
    assert host.locator("#seats-panel").evaluate("e => e.open")
    assert field.input_value() == "345"
    assert button is not None
    assert button.evaluate("e => e.isConnected")
    shot(host, "host-panel")
    host.context.close()


@pytest.mark.parametrize(("game", "seats"), [("americana", 6), ("palace", 10)])
def test_on_a_phone_the_action_bar_is_on_screen_every_turn(
    server: str, browser: Browser, game: str, seats: int
) -> None:
    """390 x 844: at every turn the action bar is inside the screen and the whole felt
    fits above it (issue 12), full tables included."""
    page = browser.new_context(viewport=PHONE).new_page()
    create_table(page, server, game, bots=seats - 1, seats=seats)
    page.click("#start")
    body_is(page, "hand", "1")
    page.evaluate("window.scrollTo(0, 0)")
    turns = 0
    deadline = time.monotonic() + 120
    while turns < 3 and time.monotonic() < deadline:
        if my_turn(page):
            # The bar is inside the screen, and the felt (your own seat included) above it;
            # the felt settles to the bar's new height within a frame or two.
            page.wait_for_function(
                """() => {
                  const bar = document.getElementById('actions').getBoundingClientRect();
                  const felt = document.getElementById('felt').getBoundingClientRect();
                  const mine = document.querySelector('.seat.mine').getBoundingClientRect();
                  return bar.top >= 0 && bar.bottom <= window.innerHeight + 0.5 && felt.top >= 0
                    && felt.bottom <= bar.top + 1 && mine.bottom <= bar.top + 1;
                }""",
                timeout=5000,
            )
            assert page.locator(".seat[data-seat]").count() == seats
            if turns == 0:
                shot(page, f"{game}-{seats}-phone")
            turns += 1
            press_one(page, ("check", "stay", "call", "bring_in", "trim", "fold"))
        page.wait_for_timeout(100)
    assert turns >= 1, "the phone player never had a turn"
    page.context.close()


def test_the_table_links_to_how_to_play(server: str, browser: Browser) -> None:
    """Both pages link each game to its How to play page, and both have a language switch
    listing the server's languages."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_table(page, server, "palace")
    switch = page.locator(".bar select[aria-label='Language'] option")
    assert switch.count() >= 1
    assert "English" in switch.all_inner_texts()
    link = page.locator(".bar a[data-rules]")
    assert link.get_attribute("href") == "/rules/palace?lang=en"
    games = page.request.get(server + "/api/games").json()["games"]
    rules_url = next(g for g in games if g["name"] == "palace")["rules_url"]
    assert link.get_attribute("href") == rules_url + "?lang=en"
    rules = page.request.get(server + "/rules/palace?lang=en")
    assert rules.status == 200
    assert "Palace" in rules.text()
    page.goto(server + "/")
    lobby = page.locator("#create-form a[data-rules]")
    page.select_option("select[name=game]", "americana")
    assert lobby.get_attribute("href") == "/rules/americana?lang=en"
    assert page.locator(".bar select[aria-label='Language'] option").count() >= 1
    page.context.close()


def test_a_downloaded_hand_is_replayed_by_the_command_line(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    """A seat's download carries its token in a header, never the address, and the file
    it saves is read by ``parlour replay`` and ``parlour export``."""
    host, friend = seat_friend(server, browser, "americana")
    play_until_ended([host, friend])
    friend.wait_for_selector("[data-download='1']")
    asked: list[tuple[str, str | None]] = []
    friend.on(
        "request",
        lambda r: (
            asked.append((r.url, r.headers.get("x-parlour-token"))) if "/hands/1" in r.url else None
        ),
    )
    with friend.expect_download(timeout=DEADLINE_MS) as download:
        friend.click("[data-download='1']")
    saved = tmp_path / "hand-1.json"
    download.value.save_as(saved)
    assert asked
    assert all("token" not in url for url, _ in asked)
    token = friend.evaluate(
        "() => Object.entries(localStorage).find(([k]) => k.startsWith('parlour:token:'))[1]"
    )
    assert asked[0][1] == token
    record = json.loads(saved.read_text())
    assert "americana" in json.dumps(record.get("game"))
    for command in (["replay", str(saved)], ["export", str(saved)]):
        done = subprocess.run(
            [sys.executable, "-m", "parlour.cli", *command],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    host.context.close()
    friend.context.close()


def test_a_palace_battle_prompts_the_defender_and_shows_the_outcome(
    server: str, browser: Browser
) -> None:
    host, friend = seat_friend(server, browser, "palace", friend_viewport=DESKTOP)
    attack = "#actions button[data-do='bet'][data-target]"
    host.wait_for_function("() => document.body.dataset.toAct !== ''", timeout=DEADLINE_MS)
    attacker, defender = (host, friend) if my_turn(host) else (friend, host)
    attacker.wait_for_selector(attack, timeout=DEADLINE_MS)
    defender_name = "Bea" if attacker is host else "Ann"
    assert attacker.inner_text("#actions [data-worth-mine]").startswith(f"vs {defender_name} (no ")
    title = attacker.locator(attack).first.get_attribute("title") or ""
    assert "must pay" in title
    attacker.locator(attack).first.click()
    defender.wait_for_selector("#actions button[data-do='call']", timeout=DEADLINE_MS)
    body_is(defender, "phase", "battle")
    assert defender.locator("#felt .battle").is_visible()
    shot(defender, "palace-defender")
    assert defender.title().startswith("Your turn · ")
    assert not attacker.title().startswith("Your turn")
    defender.keyboard.press("c")  # the call button's key, from the game's keys
    # The battle's outcome: wait for its line, then read the felt and the log.
    host.wait_for_selector(
        "#felt .headline li, #log li.ev-battle_won, #log li.ev-battle_tie", timeout=DEADLINE_MS
    )
    shot(host, "palace-battle")
    log = host.inner_text("#log")
    assert "win the battle" in log or "wins the battle" in log or "tie" in log
    # P-41: the caller (the defender here) saw the attacker's palace.
    attacker_name = "Bea" if defender is host else "Ann"
    defender.wait_for_function(
        "(who) => document.getElementById('log').innerText.includes(who + \"'s palace is shown\")",
        arg=attacker_name,
        timeout=DEADLINE_MS,
    )
    # Both battle hands are named for the defender, each without the other's banner suit.
    defender.wait_for_function(
        "() => [...document.querySelectorAll('#log li.ev-battle_hand')].length >= 2",
        timeout=DEADLINE_MS,
    )
    lines = defender.locator("#log li.ev-battle_hand").all_inner_texts()
    assert all(line.startswith("Without ") for line in lines), lines
    host.context.close()
    friend.context.close()


def test_more_rules_in_the_lobby_form_reach_the_table(server: str, browser: Browser) -> None:
    """The lobby's fields come from GET /api/games; blank derived ones keep the default."""
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
            page.fill("input[name=ante]", "0")
            page.fill("input[name=max_soldiers]", "4")
            page.fill("input[name=raise_cap]", "2")
            shot(page, "lobby-more-rules")
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
    page.context.close()


def test_the_lobby_refuses_bad_settings_in_sentences(server: str, browser: Browser) -> None:
    """Bad settings are refused with a sentence: some in the page from the limits of
    GET /api/games, the rest by the server's own check, shown as it says it."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server + "/")
    page.fill("input[name=host_name]", "Ann")
    page.select_option("select[name=game]", "americana")
    page.fill("input[name=seats]", "3")
    page.fill("input[name=bot_count]", "3")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#create-error p")
    assert "choose fewer bots" in page.inner_text("#create-error")
    page.fill("input[name=bot_count]", "1")
    page.fill("input[name=ante]", "5")
    page.fill("input[name=starting_stack]", "4")
    page.click("#create-form button[type=submit]")
    page.wait_for_function(
        "(s) => document.getElementById('create-error').innerText.includes(s)",
        arg="nobody could be dealt in",
        timeout=DEADLINE_MS,
    )
    page.select_option("select[name=game]", "palace")
    page.fill("input[name=starting_stack]", "200")
    page.fill("input[name=small_bet]", "4")
    page.fill("input[name=big_bet]", "2")
    page.click("#create-form button[type=submit]")
    page.wait_for_function(
        "(s) => document.getElementById('create-error').innerText.includes(s)",
        arg="big bet may not be below",
        timeout=DEADLINE_MS,
    )
    assert "/t/" not in page.url
    shot(page, "lobby-refused")
    page.context.close()


def test_the_lobby_tells_paused_from_not_started_and_lists_full_tables(
    server: str, browser: Browser
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_table(page, server, "americana", bots=1, seats=2)  # full at once
    table_id = page.url.rsplit("/", 1)[-1]
    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(server + "/")
    row = lobby.locator(f"#tables li[data-table='{table_id}']")
    row.wait_for(timeout=DEADLINE_MS)
    assert row.get_attribute("data-full") == "true"
    assert "full" in row.inner_text()
    page.click("#start")
    body_is(page, "hand", "1")
    page.click("#pause")
    body_is(page, "phase", "paused")
    assert page.locator("#felt .pause-cover").is_visible()
    assert not page.locator("#actions button").count()  # a paused table offers no moves
    shot(page, "americana-paused")
    lobby.reload()
    create_table(lobby, server, "palace", bots=1, seats=3)  # not started, not full
    lobby.goto(server + "/")
    lobby.locator("#tables li[data-state='not_started']").first.wait_for(timeout=DEADLINE_MS)
    paused = lobby.locator(f"#tables li[data-table='{table_id}'][data-state='paused']")
    paused.wait_for(timeout=DEADLINE_MS)  # the lobby list refreshes every few seconds
    assert paused.get_attribute("data-full") == "true"
    assert "paused" in paused.inner_text()
    shot(lobby, "lobby")
    page.context.close()
    lobby.context.close()


def test_americana_felt_draws_main_and_side_pots(server: str, browser: Browser) -> None:
    """While a hand runs with a player all-in, the felt lists the main pot and each side
    pot with who can win it (A-50); with nobody all-in, chips not yet called are no pot.

    A spectator's snapshots pass through a websocket route that gives the view two pots
    and, when asked, a player with no chips left.
    """
    host, _friend = seat_friend(server, browser, "americana")
    host.wait_for_function("() => document.body.dataset.toAct !== ''", timeout=DEADLINE_MS)
    all_in = {"on": False}

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
                if all_in["on"]:
                    view["seats"][0]["stack"] = 0
            route.send(json.dumps(data))

        upstream.on_message(forward)

    spectator = browser.new_context(viewport=DESKTOP).new_page()
    spectator.route_web_socket("**/ws/tables/*", two_pots)
    spectator.goto(host.url)
    spectator.wait_for_selector("#felt .pot")
    assert not spectator.locator(".side-pots").count()
    all_in["on"] = True
    spectator.reload()
    spectator.wait_for_selector(".side-pots", timeout=DEADLINE_MS)
    text = spectator.inner_text(".side-pots")
    assert "Main pot 6: Ann, Bea" in text
    assert "Side pot 4: Bea" in text


@pytest.fixture
def workers_server(postgres_url: str, redis_url: str) -> Iterator[str]:
    """``parlour serve --workers 2`` on PostgreSQL and Redis; its base address."""
    port = free_port()
    process = start_server(
        postgres_url, port, workers=2, redis_url=redis_url, bot_delay=0.1, next_hand_delay=3.0
    )
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)


def test_friends_play_a_hand_through_two_workers_behind_one_port(
    workers_server: str, browser: Browser
) -> None:
    """The lobby, the table page, its websocket and a download, each on whichever worker
    the front hands it to: friends play as on one process."""
    host, friend = seat_friend(workers_server, browser, "americana")
    play_until_ended([host, friend])
    host.locator("#result").wait_for(timeout=DEADLINE_MS)
    table_id = host.url.rsplit("/", 1)[-1]
    hands = host.request.get(f"{workers_server}/api/tables/{table_id}/hands").json()
    assert hands["total"] >= 1
    shot(host, "americana-two-workers")
    host.context.close()
    friend.context.close()
