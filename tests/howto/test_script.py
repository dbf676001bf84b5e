"""Serbian Latin script is made from the Cyrillic pages letter for letter, so the two
never drift apart; and the language of a page follows the browser's preference."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.howto.languages import from_accept_language, match_tag
from parlour.howto.page import GAMES, render_page, source_for
from parlour.howto.script import to_latin

CYRILLIC = re.compile(r"[\u0400-\u04ff]")
ALPHABET = "абвгдђежзијклљмнњопрстћуфхцчџш"


@pytest.mark.parametrize(
    ("cyrillic", "latin"),
    [
        ("Палата", "Palata"),
        ("краљ херц", "kralj herc"),
        ("Џокер и њих", "Džoker i njih"),
        ("ЉУБАВ", "LJUBAV"),
        ("Љубав", "Ljubav"),
        ("ЊИВА: Њ", "NJIVA: Nj"),
        ("Ђорђе, ћеш, шпил, жетон, чекира", "Đorđe, ćeš, špil, žeton, čekira"),
        ("A-12 [[Kh Ks]] {pot}", "A-12 [[Kh Ks]] {pot}"),
    ],
)
def test_to_latin_writes_each_letter_as_gajs_alphabet(cyrillic: str, latin: str) -> None:
    assert to_latin(cyrillic) == latin


def test_the_whole_alphabet_maps_to_thirty_latin_letters() -> None:
    latin = [to_latin(c) for c in ALPHABET]
    assert len(set(latin)) == 30
    assert "".join(latin) == "abvgdđežzijklljmnnjoprstćufhcčdžš"


@given(st.text(alphabet=ALPHABET + ALPHABET.upper() + " .,-0123456789AKQJT"))
def test_to_latin_leaves_no_cyrillic_and_keeps_everything_else(text: str) -> None:
    latin = to_latin(text)
    assert not CYRILLIC.search(latin)
    assert [c for c in latin if not c.isalpha()] == [c for c in text if not c.isalpha()]
    letters = sum(c.isalpha() for c in text)
    assert letters <= sum(c.isalpha() for c in latin) <= 2 * letters
    assert to_latin(latin) == latin  # Latin text is left alone


@pytest.mark.parametrize("game", GAMES)
def test_the_latin_page_is_the_cyrillic_page_transliterated(game: str) -> None:
    cyrillic, latin = source_for(game, "sr"), source_for(game, "sr-Latn")
    assert latin.words == {k: to_latin(v) for k, v in cyrillic.words.items()}
    for mine, theirs in zip(latin.sections, cyrillic.sections, strict=True):
        assert mine.title == to_latin(theirs.title)
        assert [b.lines for b in mine.blocks] == [
            tuple(to_latin(x) for x in b.lines) for b in theirs.blocks
        ]
    html = render_page(game, "sr-Latn")
    # The only Cyrillic left is the switch's name of the Cyrillic page, "Српски".
    assert CYRILLIC.findall(html.replace("Српски", "")) == []
    assert len(CYRILLIC.findall(render_page(game, "sr"))) > 3000


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("pl", "pl"),
        ("PL-pl", "pl"),
        ("sr", "sr"),
        ("sr-Cyrl-RS", "sr"),
        ("sr-Latn", "sr-Latn"),
        ("sr_latn_rs", "sr-Latn"),
        ("eu-ES", "eu"),
        ("en-US", "en"),
        ("de", None),
        ("", None),
    ],
)
def test_a_language_tag_picks_a_page(tag: str, code: str | None) -> None:
    assert match_tag(tag) == code


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("de;q=1, eu;q=0.1", "eu"),
        ("pl;q=0.5, sr;q=0.9", "sr"),
        ("pl, sr", "pl"),
        ("*", "en"),
        ("pl;q=abc, eu", "eu"),
        (None, "en"),
    ],
)
def test_accept_language_orders_by_weight_then_position(header: str | None, code: str) -> None:
    assert from_accept_language(header) == code
