"""The catalogs: the template holds every msgid of the code, and every language translates
every msgid completely, with its own plural forms and the msgid's placeholders."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message as Entry
from babel.messages.pofile import read_po

from parlour.i18n import Message, _n, render, use
from parlour.i18n.catalogs import TEMPLATE, catalog, catalog_languages, po_path, translations
from parlour.i18n.extract import template
from parlour.i18n.languages import PLURAL_CATEGORIES
from parlour.i18n.message import TEMPLATES

_PLACEHOLDER = re.compile(r"\{(\w*)\}|%\(\w+\)s")
LANGS = catalog_languages()
PLURAL_FORMS = {
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "sr": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "eu": "nplurals=2; plural=(n != 1);",
}


def _ids(entries: object) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in entries if m.id}  # type: ignore[attr-defined]


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text)) | {m.group(0) for m in re.finditer(r"%\(\w+\)s", text)}


def _english(entry: Entry) -> list[str]:
    return [str(i) for i in entry.id] if isinstance(entry.id, tuple) else [str(entry.id)]


def test_the_template_holds_exactly_the_msgids_of_the_code() -> None:
    """A new string in the code without `python -m parlour.i18n.extract` fails here."""
    with TEMPLATE.open("rb") as file:
        committed = read_po(file)
    assert _ids(template()) == _ids(committed)


def test_every_registered_message_code_is_a_msgid_of_the_template() -> None:
    import parlour.server.words  # noqa: F401 - registers every code the server sends

    with TEMPLATE.open("rb") as file:
        ids = _ids(read_po(file))
    for code, english in TEMPLATES.items():
        if isinstance(english, str):
            key: tuple[str | None, object] = (None, english)
        elif isinstance(english, tuple):
            key = (None, english)
        else:
            key = (english.context, english.msgid)
        assert key in ids, f"{code}: {english!r} is not in the template"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_has_every_msgid_translated_and_no_other(lang: str) -> None:
    with TEMPLATE.open("rb") as file:
        pot = read_po(file)
    with po_path(lang).open("rb") as file:
        po = read_po(file, locale=lang)
    assert _ids(po) == _ids(pot)
    assert not po.obsolete
    nplurals = len(PLURAL_CATEGORIES[lang])
    for entry in po:
        if not entry.id:
            continue
        assert not entry.fuzzy, f"{lang}: fuzzy {entry.id!r}"
        string = entry.string
        forms = list(string) if isinstance(string, tuple) else [string]
        assert len(forms) == (nplurals if isinstance(entry.id, tuple) else 1), entry.id
        assert all(forms), f"{lang}: {entry.id!r} is not translated"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_msgids_placeholders(lang: str) -> None:
    for entry in catalog(lang):
        if not entry.id:
            continue
        english = set().union(*(_placeholders(text) for text in _english(entry)))
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            found = _placeholders(str(form))
            # a singular form may say "one" in words instead of its count
            allowed = english - {"count", "n"} if isinstance(entry.id, tuple) else english
            assert allowed <= found <= english, f"{lang}: {form!r} for {entry.id!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_forms_header_is_the_languages_own(lang: str) -> None:
    """The header's rule picks the same form as the grammar's rule for every count."""
    found = catalog(lang)
    nplurals, rule = PLURAL_FORMS[lang].split(";", 1)
    assert found.num_plurals == int(nplurals.split("=")[1])
    expected = gettext.c2py(rule.strip().removeprefix("plural=").rstrip(";"))
    actual = gettext.c2py(found.plural_expr)
    assert [actual(n) for n in range(1000)] == [expected(n) for n in range(1000)]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("pl", ["1 karta", "2 karty", "5 kart", "22 karty", "12 kart", "112 kart"]),
        ("sr", ["1 карта", "2 карте", "5 карата", "22 карте", "21 карта", "11 карата"]),
        ("sr-Latn", ["1 karta", "2 karte", "5 karata", "22 karte", "21 karta", "11 karata"]),
    ],
)
def test_three_plural_forms_for_1_2_5_22_and_their_exceptions(
    lang: str, expected: list[str]
) -> None:
    counts = [1, 2, 5, 22, int(expected[4].split()[0]), int(expected[5].split()[0])]
    said = [
        render(Message("discard_reshuffle", {"count": n}), lang).split("(")[1].split(")")[0]
        for n in counts
    ]
    assert said == expected


def test_polish_soldiers_and_serbian_soldiers_by_count() -> None:
    polish = [render(Message("discard.you", {"count": n}), "pl") for n in (1, 2, 5, 22)]
    assert polish == [
        "Odrzucasz 1 żołnierza.",
        "Odrzucasz 2 żołnierzy.",
        "Odrzucasz 5 żołnierzy.",
        "Odrzucasz 22 żołnierzy.",
    ]
    basque = [render(Message("discard.you", {"count": n}), "eu") for n in (1, 2)]
    assert basque == ["Soldadu 1 baztertu duzu.", "2 soldadu baztertu dituzu."]


def test_the_current_language_translates_marked_strings() -> None:
    try:
        use("pl")
        assert _n("{n} card", "{n} cards", 5) == "5 cards"  # not a msgid: read as English
        assert translations("pl").gettext("Hand over.") == "Koniec rozdania."
    finally:
        use("en")


def test_english_needs_no_catalog_and_unknown_languages_have_none() -> None:
    assert translations("en").gettext("Hand over.") == "Hand over."
    with pytest.raises(ValueError, match="no catalog"):
        catalog("en")
    assert Path(po_path("pl")).exists()
