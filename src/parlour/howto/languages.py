"""The languages of the "How to play" pages, and the choice among them for a browser.

Each language is named in itself in the language switch. ``sr-Latn`` has no source of its
own: it is the ``sr`` page in Latin script (:mod:`parlour.howto.script`).
"""

from __future__ import annotations

from typing import Final

#: Code -> the language's name in that language, in the switch's order.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "pl": "Polski",
    "sr": "Српски",
    "sr-Latn": "Srpski (latinica)",
    "eu": "Euskara",
}
DEFAULT: Final = "en"
#: Languages written from a source of their own (``sr-Latn`` is derived from ``sr``).
WRITTEN: Final = ("en", "pl", "sr", "eu")


def source_language(code: str) -> str:
    """The language whose source a page in ``code`` is made from."""
    return "sr" if code == "sr-Latn" else code


def match_tag(tag: str) -> str | None:
    """The page language for one language tag (``pl-PL`` -> ``pl``, ``sr-Latn-RS`` ->
    ``sr-Latn``, ``sr-RS`` -> ``sr``), or ``None`` when no page speaks it."""
    parts = tag.strip().lower().replace("_", "-").split("-")
    if parts[0] == "sr":
        return "sr-Latn" if "latn" in parts[1:] else "sr"
    return parts[0] if parts[0] in LANGUAGES else None


def from_accept_language(header: str | None) -> str:
    """The best page language for an ``Accept-Language`` header, by its q-values (the
    order written breaks ties); English when none of its languages has a page."""
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate((header or "").split(",")):
        tag, _, params = item.partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue  # a malformed weight: skip the entry, as browsers never send one
        code = match_tag(tag) if tag.strip() not in ("", "*") else None
        if code is not None and quality > 0:
            ranked.append((-quality, position, code))
    return min(ranked)[2] if ranked else DEFAULT
