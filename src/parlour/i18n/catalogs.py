"""The message catalogs: one ``.po`` file per language, read and compiled once per process.

The ``.po`` files under ``locale/<lang>/LC_MESSAGES/parlour.po`` are the only source of
translations. They are compiled in memory (Babel's ``write_mo``) the first time a language
is used and kept for the life of the process, so there is no compiled file to forget to
rebuild. ``sr-Latn`` has no file of its own: it is the ``sr`` catalog transliterated
(:mod:`parlour.i18n.transliteration`). English is the msgids themselves.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from parlour.i18n.languages import LANGUAGES, SOURCE
from parlour.i18n.transliteration import latin

LOCALE_DIR: Final = Path(__file__).parent / "locale"
DOMAIN: Final = "parlour"
TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"

#: Languages whose catalog is another's, rewritten in another script.
TRANSLITERATED: Final = {"sr-Latn": "sr"}


def po_path(lang: str) -> Path:
    """Where the ``.po`` file of ``lang`` lives (``sr-Latn`` has none: see ``TRANSLITERATED``)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_languages() -> list[str]:
    """The languages with a ``.po`` file of their own (every language but English and
    the transliterated ones)."""
    return [lang for lang in LANGUAGES if lang != SOURCE and lang not in TRANSLITERATED]


@cache
def catalog(lang: str) -> Catalog:
    """The parsed catalog of ``lang`` (``sr-Latn``: ``sr``'s, in Latin script).

    ``ValueError`` for a language without one.
    """
    if lang in TRANSLITERATED:
        return _transliterated(catalog(TRANSLITERATED[lang]), lang)
    if lang == SOURCE or lang not in LANGUAGES:
        raise ValueError(f"no catalog for {lang!r}: catalogs are {', '.join(catalog_languages())}")
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def _transliterated(source: Catalog, lang: str) -> Catalog:
    copy = Catalog(locale=source.locale, domain=DOMAIN, header_comment="")
    copy.mime_headers = source.mime_headers
    for message in source:
        if not message.id:
            continue
        string: str | tuple[str, ...]
        if isinstance(message.string, (tuple, list)):
            string = tuple(latin(form or "") for form in message.string)
        else:
            string = latin(message.string or "")
        copy.add(message.id, string, locations=message.locations, context=message.context)
    return copy


@cache
def template_catalog() -> Catalog:
    """The catalog template (``parlour.pot``): every msgid of the code, where it is used."""
    with TEMPLATE.open("rb") as file:
        return read_po(file, domain=DOMAIN)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """gettext translations for ``lang``; English (and any unknown language) reads as is."""
    if lang == SOURCE or lang not in LANGUAGES:
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, catalog(lang), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
