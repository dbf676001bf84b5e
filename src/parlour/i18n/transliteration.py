"""Serbian Cyrillic to Latin script, letter for letter (the official Serbian Latin alphabet).

``sr-Latn`` is not translated a second time: its catalog is the ``sr`` catalog written in
Latin letters, so both scripts always say the same thing. The mapping is one to one
except for the digraphs (Љ lj, Њ nj, Џ dž), whose capital is ``Lj`` before a lower-case
letter and ``LJ`` in an all-capital word.
"""

# ruff: noqa: RUF001 - the Cyrillic letters in this file are meant

from __future__ import annotations

from typing import Final

_LOWER: Final[dict[str, str]] = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž",
    "з": "z", "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n",
    "њ": "nj", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u",
    "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š",
}  # fmt: skip


def _letter(char: str, following: str) -> str:
    lower = char.lower()
    latin = _LOWER.get(lower)
    if latin is None:
        return char
    if char == lower:
        return latin
    if len(latin) > 1 and following.isupper():
        return latin.upper()  # "ЉУБАВ" -> "LJUBAV"
    return latin[0].upper() + latin[1:]  # "Љубав" -> "Ljubav"


def latin(text: str) -> str:
    """``text`` with every Serbian Cyrillic letter written in Latin script.

    Anything else (Latin letters, digits, ``{placeholders}``, card notation) is kept.
    """
    return "".join(
        _letter(char, text[index + 1] if index + 1 < len(text) else "")
        for index, char in enumerate(text)
    )
