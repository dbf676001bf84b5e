"""The "How to play" pages in Chromium under the server's headers: no content security
policy violation or failed request on any page, the language switch works, nothing is wider
than a phone, and screenshots of each game (English and one translation, desktop and phone)
are saved for a look (``PARLOUR_SHOTS``, default /tmp/parlour-shots)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from parlour.howto.languages import LANGUAGES
from parlour.howto.page import GAMES
from parlour.server.guard import CONTENT_SECURITY_POLICY
from parlour.server.process import free_port, start_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(os.environ.get("PARLOUR_SHOTS", "/tmp/parlour-shots"))
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: The pages photographed: English and one translation of each game.
PHOTOGRAPHED = [("americana", "en"), ("americana", "pl"), ("palace", "en"), ("palace", "sr")]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="browser tests need /usr/bin/chromium"),
]
pytest.importorskip("playwright.sync_api", reason="needs playwright")  # before any server starts


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    url = f"sqlite:///{tmp_path_factory.mktemp('howto-browser') / 'parlour.db'}"
    process = start_server(url, port)
    yield f"http://127.0.0.1:{port}"
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)


def open_page(browser: Browser, url: str, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    """``url`` loaded in a fresh page; the troubles seen: policy violations, console
    errors, failed requests (the browser's own favicon request aside)."""
    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    troubles: list[str] = []

    def console(message: object) -> None:
        text = getattr(message, "text", "")
        location = str(getattr(message, "location", {}).get("url", ""))
        if "favicon.ico" not in location and (
            "Content Security Policy" in text or getattr(message, "type", "") == "error"
        ):
            troubles.append(f"console: {text}")

    page.on("console", console)
    page.on(
        "response",
        lambda r: (
            troubles.append(f"{r.status} {r.url}")
            if r.status >= 400 and "favicon" not in r.url
            else None
        ),
    )
    page.goto(url, wait_until="load")
    return page, troubles


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game", GAMES)
def test_each_page_keeps_the_policy_and_fits_a_phone(
    server: str, browser: Browser, game: str, lang: str
) -> None:
    page, troubles = open_page(browser, f"{server}/rules/{game}?lang={lang}", PHONE)
    answer = page.request.get(f"{server}/rules/{game}?lang={lang}")
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("svg.card").count() > 40  # the pictures are drawn
    # The stylesheet applied (a policy refusal would leave the default white background).
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(251, 249, 244)"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
    assert troubles == []
    page.close()


def test_the_switch_and_the_rule_links_lead_where_they_say(server: str, browser: Browser) -> None:
    page, troubles = open_page(browser, f"{server}/rules/palace?lang=en", DESKTOP)
    page.locator(".languages a[hreflang='eu']").click()
    page.wait_for_url("**/rules/palace?lang=eu")
    assert page.locator("h1").inner_text() == "Nola jokatu Palace Poker"
    page.locator("a.rule", has_text="P-46").first.click()
    page.wait_for_url("**/rules/book#P-46")
    assert page.locator("#P-46").is_visible()
    page.locator("a.lobby").click()
    page.wait_for_url(f"{server}/")
    assert troubles == []
    page.close()


def test_the_rulebook_and_the_404_page_keep_the_policy(server: str, browser: Browser) -> None:
    for url, status in (("/rules/book", 200), ("/rules/nosuchgame", 404)):
        page, troubles = open_page(browser, server + url, DESKTOP)
        expected = (
            []
            if status == 200
            else [
                f"404 {server}{url}",
                "console: Failed to load "
                "resource: the server responded with a status of 404 (Not Found)",
            ]
        )
        assert sorted(troubles) == sorted(expected)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == (
            "rgb(251, 249, 244)"
        )
        page.close()


@pytest.mark.parametrize(("game", "lang"), PHOTOGRAPHED)
def test_screenshots(server: str, browser: Browser, game: str, lang: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page, troubles = open_page(browser, f"{server}/rules/{game}?lang={lang}", viewport)
        page.screenshot(path=SHOTS / f"howto-{game}-{lang}-{name}.png")
        step = page.locator(".step").nth(4)
        step.scroll_into_view_if_needed()
        step.screenshot(path=SHOTS / f"howto-{game}-{lang}-{name}-example.png")
        ranking = page.locator("#ranking, #battlehand").first
        ranking.screenshot(path=SHOTS / f"howto-{game}-{lang}-{name}-section.png")
        assert troubles == []
        page.close()
