"""sr-Latn is the sr catalog in Latin letters: the transliteration, letter for letter."""

from __future__ import annotations

from parlour.i18n.catalogs import catalog
from parlour.i18n.transliteration import latin


def test_every_letter_of_the_serbian_cyrillic_alphabet() -> None:
    cyrillic = "абвгдђежзијклљмнњопрстћуфхцчџш"
    assert latin(cyrillic) == "abvgdđežzijklljmnnjoprstćufhcčdžš"
    assert latin(cyrillic.upper()) == "ABVGDĐEŽZIJKLLJMNNJOPRSTĆUFHCČDŽŠ"


def test_digraph_capitals_follow_the_word() -> None:
    assert latin("Љубав, Његош, Џак") == "Ljubav, Njegoš, Džak"
    assert latin("ЉУБАВ") == "LJUBAV"
    assert latin("Љ") == "Lj"


def test_placeholders_notation_and_latin_text_are_kept() -> None:
    assert latin("{name} улаже {amount}: Kh Qd, 10♠") == "{name} ulaže {amount}: Kh Qd, 10♠"


def test_the_latin_catalog_is_the_cyrillic_one_transliterated() -> None:
    cyrillic, latin_catalog = catalog("sr"), catalog("sr-Latn")
    pairs = 0
    for message in cyrillic:
        if not message.id:
            continue
        twin = latin_catalog.get(message.id, context=message.context)
        assert twin is not None
        if isinstance(message.string, tuple):
            assert twin.string == tuple(latin(form) for form in message.string)
        else:
            assert twin.string == latin(str(message.string))
        pairs += 1
    assert pairs > 100
    assert latin_catalog.num_plurals == 3
