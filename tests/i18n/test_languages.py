"""Which language a reader gets: browser preferences, the terminal's locale, ``--lang``."""

from __future__ import annotations

import pytest

from parlour.i18n.languages import LANGUAGES, checked, from_environment, known, negotiate


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("pl-PL", "pl"),
        ("pl_PL.UTF-8", "pl"),
        ("sr", "sr"),
        ("sr-RS", "sr"),
        ("sr-Cyrl-RS", "sr"),
        ("sr-Latn", "sr-Latn"),
        ("sr-latn-rs", "sr-Latn"),
        ("sr_RS.UTF-8@latin", "sr-Latn"),
        ("eu-ES", "eu"),
        ("en-GB", "en"),
        ("de-DE", None),
        ("", None),
    ],
)
def test_a_tag_or_locale_names_its_language(tag: str, lang: str | None) -> None:
    assert known(tag) == lang


def test_negotiation_takes_the_first_known_preference_by_quality() -> None:
    assert negotiate(["de-DE,pl;q=0.5,eu;q=0.9"]) == "eu"
    assert negotiate(["fr", "sr-Latn"]) == "sr-Latn"
    assert negotiate(["de,fr"]) == "en"
    assert negotiate([]) == "en"
    assert negotiate(["pl;q=bad,eu"]) == "eu"


def test_the_terminal_reads_its_locale_as_gettext_does() -> None:
    assert from_environment({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert from_environment({"LANG": "pl_PL.UTF-8", "LC_ALL": "eu_ES.UTF-8"}) == "eu"
    assert from_environment({"LC_MESSAGES": "sr_RS@latin", "LANG": "pl_PL"}) == "sr-Latn"
    assert from_environment({"LANGUAGE": "de:sr", "LANG": "pl_PL"}) == "sr"
    assert from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_environment({}) == "en"


def test_an_unknown_language_is_refused_with_the_known_ones_named() -> None:
    assert checked("pl-PL") == "pl"
    with pytest.raises(ValueError, match="sr-Latn"):
        checked("klingon")


def test_every_language_is_named_in_its_own_words() -> None:
    assert LANGUAGES == {
        "en": "English",
        "pl": "Polski",
        "sr": "Српски",
        "sr-Latn": "Srpski (latinica)",
        "eu": "Euskara",
    }


def test_a_zero_weight_refuses_a_language() -> None:
    assert negotiate(["pl;q=0, eu;q=0.5"]) == "eu"
    assert negotiate(["pl;q=0"]) == "en"
    assert negotiate(["pl;q=0.0, sr"]) == "sr"
