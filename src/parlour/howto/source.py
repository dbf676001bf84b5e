"""The page sources: a small line format, one file per game and language, read into data.

A source (``pages/<game>.<lang>.txt``) starts with ``@key text`` lines (the page's words:
title, the header's links, the labels of the example's table), then sections::

    ## deal | The deal | A-10 A-11
    A paragraph, with a rule cited inline [A-12] and card pictures [[Kh Ks]].

    - a list item
    - another

    @step round1
    The prose of one step of the worked example, with the engine's amounts: {pot}.

Blocks are separated by blank lines. The section key (``deal``) and the rule IDs are the
same in every language; the title and the prose are translated. No Markdown library: the
format has just what the pages need, and nothing in it is interpreted as HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Final

RULE_ID: Final = re.compile(r"\b[PAR]-\d+\b")
CITED: Final = re.compile(r"\[([PAR]-\d+)\]")


class SourceError(ValueError):
    """A page source that does not follow the format (names the file and the line)."""


@dataclass(frozen=True)
class Block:
    """A paragraph (``p``), a list (``ul``, one line per item), a subheading (``h3``) or
    a step of the worked example (``step``, with its name)."""

    kind: str
    lines: tuple[str, ...]
    step: str = ""


@dataclass(frozen=True)
class Section:
    """One section of a page: its key, title, the rules it explains, its blocks."""

    key: str
    title: str
    rules: tuple[str, ...]
    blocks: tuple[Block, ...]

    def cited(self) -> frozenset[str]:
        """Every rule ID the section cites: in its heading and inline."""
        inline = {m for b in self.blocks for line in b.lines for m in CITED.findall(line)}
        return frozenset(self.rules) | inline

    def steps(self) -> tuple[str, ...]:
        """The names of the example steps in this section, in order."""
        return tuple(b.step for b in self.blocks if b.kind == "step")


@dataclass(frozen=True)
class Source:
    """A page's words (``@key`` lines) and sections."""

    name: str
    words: dict[str, str]
    sections: tuple[Section, ...]

    def word(self, key: str) -> str:
        """The page's word for ``key``; ``SourceError`` when the source lacks it."""
        try:
            return self.words[key]
        except KeyError:
            raise SourceError(f"{self.name}: no @{key} line") from None

    def listed(self, key: str) -> tuple[str, ...]:
        """A word that is a list, written ``a | b | c``."""
        return tuple(part.strip() for part in self.word(key).split("|"))


def read_source(game: str, lang: str) -> Source:
    """The source of ``game``'s page in ``lang`` (shipped as package data)."""
    name = f"{game}.{lang}.txt"
    path = resources.files("parlour.howto") / "pages" / name
    if not path.is_file():
        raise FileNotFoundError(f"no page source {name}")
    return parse_source(path.read_text(encoding="utf-8"), name)


def parse_source(text: str, name: str = "<source>") -> Source:
    """Read a source's text; ``SourceError`` names the line that breaks the format."""
    words: dict[str, str] = {}
    sections: list[Section] = []
    head: tuple[str, str, tuple[str, ...]] | None = None
    blocks: list[Block] = []
    for number, chunk in _chunks(text):
        first = chunk[0]
        if first.startswith("## "):
            if head is not None:
                sections.append(Section(*head, tuple(blocks)))
            head, blocks = _heading(first, name, number), []
            chunk = chunk[1:]
            if not chunk:
                continue
        if head is None:
            words.update(_words(chunk, name, number))
        else:
            blocks.append(_block(chunk, name, number))
    if head is not None:
        sections.append(Section(*head, tuple(blocks)))
    return Source(name, words, tuple(sections))


def _chunks(text: str) -> list[tuple[int, list[str]]]:
    """Blocks of consecutive non-blank lines, with the number of each block's first line."""
    found: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            if not current:
                start = number
            current.append(line.rstrip())
        elif current:
            found.append((start, current))
            current = []
    if current:
        found.append((start, current))
    return found


def _heading(line: str, name: str, number: int) -> tuple[str, str, tuple[str, ...]]:
    parts = [p.strip() for p in line[3:].split("|")]
    if len(parts) != 3 or not parts[0] or not parts[1]:
        raise SourceError(f"{name}:{number}: a heading is '## key | Title | rule IDs'")
    rules = tuple(parts[2].split())
    bad = [r for r in rules if not RULE_ID.fullmatch(r)]
    if bad:
        raise SourceError(f"{name}:{number}: not rule IDs: {' '.join(bad)}")
    return parts[0], parts[1], rules


def _words(chunk: list[str], name: str, number: int) -> dict[str, str]:
    found: dict[str, str] = {}
    for offset, line in enumerate(chunk):
        key, _, value = line.partition(" ")
        if not key.startswith("@") or not value.strip():
            raise SourceError(f"{name}:{number + offset}: before the first section, '@key text'")
        found[key[1:]] = value.strip()
    return found


def _block(chunk: list[str], name: str, number: int) -> Block:
    first = chunk[0]
    if first.startswith("@step "):
        return Block("step", (" ".join(chunk[1:]),), first[6:].strip())
    if first.startswith("### "):
        if len(chunk) != 1:
            raise SourceError(f"{name}:{number}: a subheading stands alone")
        return Block("h3", (first[4:].strip(),))
    if first.startswith("- "):
        items: list[str] = []
        for line in chunk:
            if line.startswith("- "):
                items.append(line[2:].strip())
            else:
                items[-1] += " " + line.strip()
        return Block("ul", tuple(items))
    return Block("p", (" ".join(line.strip() for line in chunk),))
