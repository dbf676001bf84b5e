"""``GET /api/i18n``'s body, and web/i18n.js rendering server messages exactly as Python does.

The browser renders a server message (code and parameters, nested messages and lists
included) with ``tcode`` from the catalog the server sends; run under Node with that
catalog, it must give the same text as :func:`parlour.i18n.message.render` for every line of
random hands in every language.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import parlour.server.words
from parlour.games import get_game
from parlour.i18n.languages import LANGUAGES, PLURAL_CATEGORIES
from parlour.i18n.message import Message, render
from parlour.narration import message
from parlour.seats import SeatSpec
from parlour.server.errors import CommandError
from parlour.server.words import catalog_json
from parlour.shuffles import SeededShuffler

HARNESS = Path(__file__).with_name("tcode_harness.mjs")
I18N_JS = Path(parlour.server.words.__file__).parent.parent / "web" / "i18n.js"


def _node() -> str:
    found = shutil.which("node")
    if found is None:
        try:
            from playwright._impl._driver import compute_driver_executable
        except ImportError:
            pytest.skip("no Node.js to run web/i18n.js")
        found = str(compute_driver_executable()[0])
    return found


def _messages(seed: int) -> list[Message]:
    out: list[Message] = []
    for name in ("americana", "palace"):
        game = get_game(name)
        rng = random.Random(seed)
        seats = [SeatSpec(i, 40, ["Ann", "Bea", ""][i]) for i in range(3)]
        hand: Any = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(rng))
        events = list(hand.start_events)
        while not hand.is_over:
            events += hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
        names = {0: "Ann", 1: "Bea"}
        for reader in (0, None):
            for event in events:
                if event.visible_to(reader):
                    said = message(name, event, names, reader)
                    if said is not None:
                        out.append(said)
    return out


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_catalog_body_has_the_contracts_shape(lang: str) -> None:
    body = catalog_json(lang)
    assert set(body) == {"lang", "languages", "plural_categories", "messages", "codes"}
    assert body["lang"] == lang
    assert body["languages"] == [{"code": c, "name": n} for c, n in LANGUAGES.items()]
    assert body["plural_categories"] == list(PLURAL_CATEGORIES[lang])
    assert isinstance(body["messages"], dict)
    for key, value in body["messages"].items():
        if "\u0004" in key:
            assert isinstance(value, list)
            assert len(value) == len(PLURAL_CATEGORIES[lang])
        else:
            assert isinstance(value, str)
            assert value
    codes = body["codes"]
    for code in ("fold.you", "not_your_turn", "bad_config.printable", "notice.hand_begins"):
        assert isinstance(codes[code], str)
    assert len(codes["discard.you"]) == len(PLURAL_CATEGORIES[lang])
    json.dumps(body)  # JSON-ready


def test_plural_categories_are_intl_names_in_catalog_order() -> None:
    assert catalog_json("pl")["plural_categories"] == ["one", "few", "many"]
    assert catalog_json("sr")["plural_categories"] == ["one", "few", "other"]
    assert catalog_json("sr-Latn")["plural_categories"] == ["one", "few", "other"]
    assert catalog_json("eu")["plural_categories"] == ["one", "other"]
    assert catalog_json("en")["plural_categories"] == ["one", "other"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_browser_renders_server_messages_as_python_does(lang: str) -> None:
    said = [m for seed in range(6) for m in _messages(seed)]
    said += [Message("discard.you", {"count": n}) for n in (1, 2, 5, 22, 112)]
    said += [CommandError("bad_config", "printable", key="name").text]
    said += [CommandError("illegal", "no such action").text]
    payload = {"catalog": catalog_json(lang), "messages": [m.to_dict() for m in said]}
    result = subprocess.run(
        [_node(), str(HARNESS), str(I18N_JS)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    rendered = json.loads(result.stdout)
    assert rendered["lang"] == lang
    assert rendered["lines"] == [render(m, lang) for m in said]
