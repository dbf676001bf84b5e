"""The Serbian Latin pages are the Cyrillic ones in Latin script (parlour.i18n's
transliteration, the same the catalogs use), so the two never say different things; and the
language of a page follows the browser's preference by weight."""

from __future__ import annotations

import re

import pytest

from parlour.howto.page import GAMES, render_page, source_for
from parlour.i18n.languages import negotiate
from parlour.i18n.transliteration import latin

CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@pytest.mark.parametrize("game", GAMES)
def test_the_latin_page_is_the_cyrillic_page_transliterated(game: str) -> None:
    cyrillic, latin_source = source_for(game, "sr"), source_for(game, "sr-Latn")
    assert latin_source.words == {k: latin(v) for k, v in cyrillic.words.items()}
    for mine, theirs in zip(latin_source.sections, cyrillic.sections, strict=True):
        assert mine.title == latin(theirs.title)
        assert [b.lines for b in mine.blocks] == [
            tuple(latin(x) for x in b.lines) for b in theirs.blocks
        ]
    html = render_page(game, "sr-Latn")
    # The only Cyrillic left is the switch's name of the Cyrillic page, "Српски".
    assert CYRILLIC.findall(html.replace("Српски", "")) == []
    assert len(CYRILLIC.findall(render_page(game, "sr"))) > 3000
    assert "Ljubav" not in html  # a word the pages never use: the check is not vacuous
    assert latin("Љубав ЉУБАВ [[Kh]] {pot} A-12") == "Ljubav LJUBAV [[Kh]] {pot} A-12"


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("de;q=1, eu;q=0.1", "eu"),
        ("pl;q=0.5, sr;q=0.9", "sr"),
        ("pl, sr", "pl"),
        ("sr-Latn-RS, pl", "sr-Latn"),
        ("*", "en"),
        ("pl;q=abc, eu", "eu"),
        ("", "en"),
    ],
)
def test_accept_language_orders_by_weight_then_position(header: str, code: str) -> None:
    assert negotiate([header]) == code
