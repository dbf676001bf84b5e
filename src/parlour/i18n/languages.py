"""The languages parlour speaks, and which one a reader gets.

A language is named by its BCP 47 tag (``sr-Latn``), the name the browser and ``--lang``
use; the terminal's locale (``pl_PL.UTF-8``, ``sr_RS@latin``) is read into the same tags.
Plural categories are the Intl.PluralRules names of each language's gettext plural forms,
in catalog order, so the browser can pick a form by ``Intl.PluralRules`` alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Final

#: Every language with a catalog, in the menu's order, each named in its own words.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "pl": "Polski",
    "sr": "Српски",
    "sr-Latn": "Srpski (latinica)",
    "eu": "Euskara",
}

#: The language of the msgids: what a missing catalog or entry reads as.
SOURCE: Final = "en"

#: gettext plural forms in catalog order, by their Intl.PluralRules category names.
PLURAL_CATEGORIES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("one", "other"),
    "pl": ("one", "few", "many"),
    "sr": ("one", "few", "other"),
    "sr-Latn": ("one", "few", "other"),
    "eu": ("one", "other"),
}

#: The environment variables gettext reads, most specific first (``LANGUAGE`` may list several).
LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def known(tag: str) -> str | None:
    """The language a tag or locale names (``pl-PL``, ``sr_RS@latin``), ``None`` if none.

    Serbian is Cyrillic unless the tag asks for Latin script (``sr-Latn``, ``@latin``).
    """
    cleaned, _, modifier = tag.strip().split(";")[0].partition("@")
    cleaned = cleaned.split(".")[0].replace("_", "-")
    if not cleaned:
        return None
    parts = [p.lower() for p in cleaned.split("-")]
    if parts[0] == "sr":
        latin = "latn" in parts[1:] or modifier.lower() == "latin"
        return "sr-Latn" if latin else "sr"
    return parts[0] if parts[0] in LANGUAGES else None


def negotiate(preferences: Iterable[str], default: str = SOURCE) -> str:
    """The first language of ``preferences`` (tags, best first) that has a catalog.

    Accepts an Accept-Language style list (``pl-PL,en;q=0.8``); quality weights reorder it,
    and a weight of 0 means "not this language" (RFC 9110), so it is never chosen.
    """
    weighted: list[tuple[float, int, str]] = []
    for index, item in enumerate(p for entry in preferences for p in entry.split(",")):
        tag, _, params = item.partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag))
    for _quality, _index, tag in sorted(weighted):
        found = known(tag)
        if found is not None:
            return found
    return default


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language from its locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them); English for ``C``, ``POSIX`` or nothing set."""
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        if value in ("C", "POSIX") or value.startswith("C."):
            return SOURCE
        return negotiate(value.split(":"))
    return SOURCE


def checked(tag: str) -> str:
    """``tag`` as a known language; ``ValueError`` naming the languages for anything else."""
    found = known(tag)
    if found is None:
        raise ValueError(f"unknown language {tag!r}: use one of {', '.join(LANGUAGES)}")
    return found
