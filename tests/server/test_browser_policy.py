"""The browser client works under the server's content security policy, and joins pass the
body guard (issue 16): Chromium reports no policy violation from the lobby to a seated
friend, and no request of the pages is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from parlour.server.guard import CONTENT_SECURITY_POLICY

from .test_browser import CHROMIUM, seat_friend, server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page, Response

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="browser tests need /usr/bin/chromium"),
]
__all__ = ["server"]  # the module fixture this test shares


def watched(page: Page, troubles: list[str]) -> None:
    """Keep every policy violation and refused request of ``page`` in ``troubles``."""

    def console(message: ConsoleMessage) -> None:
        if "favicon.ico" in str(message.location.get("url", "")):
            return  # the browser asks for an icon the client does not have: not a fault
        if "Content Security Policy" in message.text or message.type == "error":
            troubles.append(f"console: {message.text} at {message.location}")

    def response(answer: Response) -> None:
        if answer.status >= 400:
            troubles.append(f"{answer.status} {answer.request.method} {answer.url}")

    page.on("console", console)
    page.on("response", response)


def test_the_client_keeps_the_policy_from_the_lobby_to_a_seat(
    server: str, browser: Browser
) -> None:
    troubles: list[str] = []
    original = browser.new_context

    def new_context(**options: object) -> object:
        context = original(**options)  # type: ignore[arg-type]
        context.on("page", lambda page: watched(page, troubles))
        return context

    browser.new_context = new_context  # type: ignore[method-assign,assignment]
    try:
        host, friend = seat_friend(server, browser, "americana")
    finally:
        browser.new_context = original  # type: ignore[method-assign]
    answer = host.request.get(server + "/")
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert troubles == []
    host.context.close()
    friend.context.close()
