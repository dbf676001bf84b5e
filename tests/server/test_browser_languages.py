"""A hand played in the browser in Polish and in Basque, and the language switch (Playwright).

The browser's language comes from its preferences (the context's locale); every word the
page shows comes from the catalogs: the felt, the panels, and the narration of the hand,
which the server sends as codes and parameters. Screenshots are saved for a look.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from parlour.server.words import catalog_json

from .test_browser import (
    CHROMIUM,
    DEADLINE_MS,
    DESKTOP,
    PHONE,
    body_is,
    create_table,
    play_until_ended,
    server,
    shot,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["server"]  # the fixture, shared with test_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.integration,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="browser tests need /usr/bin/chromium"),
]

#: Words of English narration and of the table's panels that a translated page never shows.
ENGLISH = re.compile(
    r"\b(?:antes|wins the pot|split the pot|Hand over|folds|stays|checks|calls|bets|"
    r"raises|Ledger|Settle up|What happened|Seats and stacks|Waiting for|Your move)\b"
)


def _seat_friend(server: str, browser: Browser, game: str, locale: str) -> tuple[Page, Page]:
    """Ann creates a table, Bea joins by the link; both browsers prefer ``locale``."""
    host = browser.new_context(viewport=DESKTOP, locale=locale).new_page()
    friend = browser.new_context(viewport=PHONE, locale=locale).new_page()
    create_table(host, server, game)
    friend.goto(host.url)
    friend.fill("#join-form input[name=name]", "Bea")
    friend.click("#join-form button")
    friend.wait_for_selector("#join-wait")
    host.wait_for_selector("#host li[data-request]")
    host.click("#host li[data-request] button.primary")
    friend.wait_for_selector("#mine")
    host.click("#start")
    body_is(host, "hand", "1")
    return host, friend


def _words(lang: str, *msgids: str) -> list[str]:
    messages = catalog_json(lang)["messages"]
    return [messages[m] for m in msgids]


@pytest.mark.parametrize(
    ("lang", "locale", "game", "said"),
    [
        ("pl", "pl-PL", "americana", ("Stawki wniesione", "Twój ruch")),
        ("eu", "eu-ES", "palace", ("aurre-apustua jarri", "Zure txanda")),
    ],
)
def test_a_hand_in_the_players_language(
    server: str, browser: Browser, lang: str, locale: str, game: str, said: tuple[str, ...]
) -> None:
    host, friend = _seat_friend(server, browser, game, locale)
    for page in (host, friend):
        assert page.evaluate("document.documentElement.lang") == lang
    play_until_ended([host, friend])
    host.locator("#result").wait_for(timeout=DEADLINE_MS)
    result = host.inner_text("#result")  # before the next hand clears it
    page_text = host.inner_text("body")
    log = host.inner_text("#log")
    shot(host, f"{game}-{lang}-desktop", full=True)
    shot(friend, f"{game}-{lang}-phone", full=True)
    assert said[0] in log, log
    for word in _words(lang, "Ledger", "Settle up", "Chat", "Seats and stacks"):
        assert word in page_text, word
    english = {m.group(0) for m in ENGLISH.finditer(page_text)}
    assert not english, english
    assert not re.search(r"\{\w+\}", page_text)  # every placeholder filled
    assert result
    assert not ENGLISH.search(result), result
    host.context.close()
    friend.context.close()


def test_the_language_switch_is_remembered(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL")
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create-form")
    assert page.evaluate("document.documentElement.lang") == "pl"
    create_label = _words("pl", "Create table")[0]
    assert create_label in page.inner_text("#create-form")
    names = page.locator("header select option").all_inner_texts()
    assert names == ["English", "Polski", "Српски", "Srpski (latinica)", "Euskara"]
    page.select_option("header select", "sr")
    page.wait_for_function("() => document.documentElement.lang === 'sr'", timeout=DEADLINE_MS)
    assert _words("sr", "Create table")[0] in page.inner_text("#create-form")
    page.reload()
    page.wait_for_selector("#create-form")
    assert page.evaluate("document.documentElement.lang") == "sr"  # remembered
    assert "Направи сто" in page.inner_text("#create-form")
    shot(page, "lobby-sr")
    context.close()
