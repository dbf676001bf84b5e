"""Serbian Cyrillic to Latin script (sr to sr-Latn), letter for letter.

Serbian is written in both scripts with a one-to-one alphabet (Вук's Cyrillic and Gaj's
Latin), so the Latin pages are made from the Cyrillic ones by this function rather than
written twice: the two can never say different things. Three Cyrillic letters become two
Latin letters (љ lj, њ nj, џ dž); a capital of those is written "Lj" inside a word that
starts a sentence and "LJ" when the whole word is in capitals.
"""

from __future__ import annotations

from typing import Final

_LOWER: Final = dict(
    zip(
        "абвгдђежзијклљмнњопрстћуфхцчџш",
        [
            "a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m",
            "n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š",
        ],
        strict=True,
    )
)  # fmt: skip


def _upper(latin: str, *, word_in_capitals: bool) -> str:
    return latin.upper() if word_in_capitals else latin[0].upper() + latin[1:]


def to_latin(text: str) -> str:
    """``text`` with every Serbian Cyrillic letter written in Latin script; other
    characters (digits, punctuation, card notation, Latin letters) are kept as they are."""
    out: list[str] = []
    for index, char in enumerate(text):
        lower = char.lower()
        latin = _LOWER.get(lower)
        if latin is None:
            out.append(char)
        elif char == lower:
            out.append(latin)
        else:
            out.append(_upper(latin, word_in_capitals=_in_capitals(text, index)))
    return "".join(out)


def _in_capitals(text: str, index: int) -> bool:
    """Whether the capital at ``index`` stands in a word written in capitals (a neighbour
    letter is a capital too), so that "ЉУБАВ" reads "LJUBAV" and "Љубав" "Ljubav"."""
    neighbours = [text[i] for i in (index - 1, index + 1) if 0 <= i < len(text)]
    return any(c.isalpha() and c.isupper() for c in neighbours)
