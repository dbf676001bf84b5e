"""Which source a page in each language is written from.

The languages themselves, their names (each in itself) and the choice among them for a
browser are :mod:`parlour.i18n.languages`'s; ``sr-Latn`` has no source of its own: it is
the ``sr`` page in Latin script (:func:`parlour.i18n.transliteration.latin`).
"""

from __future__ import annotations

from typing import Final

from parlour.i18n.languages import LANGUAGES, SOURCE

#: Languages written from a source of their own (``sr-Latn`` is derived from ``sr``).
WRITTEN: Final = ("en", "pl", "sr", "eu")
DEFAULT: Final = SOURCE

__all__ = ["DEFAULT", "LANGUAGES", "WRITTEN", "source_language"]


def source_language(code: str) -> str:
    """The language whose source a page in ``code`` is made from."""
    return "sr" if code == "sr-Latn" else code
