"""The rulebook as a plain web page (``/rules/book``), every rule with its own anchor.

The page is made from ``rulebook.md``, shipped as package data: a copy of docs/rules.md that
``tests/howto`` holds word for word equal to it, so the "How to play" pages can link each
rule they explain (``/rules/book#A-12``) from an installed package too. Only what the book
uses is rendered: headings, rules (``- P-12 ...``), their sub-items, paragraphs and tables
(kept as preformatted text); everything is escaped.
"""

from __future__ import annotations

import functools
import re
from html import escape
from importlib import resources
from typing import Final

RULE_LINE: Final = re.compile(r"^- ([PAR]-\d+) (.*)$")
CODE: Final = re.compile(r"`([^`]+)`")
STRONG: Final = re.compile(r"\*\*(.+?)\*\*")
#: A Markdown link to another file of the repository: the page keeps its words only (the
#: server does not serve the repository's docs).
LINK: Final = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def rulebook_text() -> str:
    """The packaged copy of the rulebook."""
    return (resources.files("parlour.howto") / "rulebook.md").read_text(encoding="utf-8")


def _inline(text: str) -> str:
    html = escape(LINK.sub(r"\1", text), quote=False)
    html = CODE.sub(r"<code>\1</code>", html)
    return STRONG.sub(r"<strong>\1</strong>", html)


def _items(text: str) -> list[str]:
    """The book's lines joined into items: a rule or paragraph with its wrapped lines."""
    items: list[str] = []
    joinable = False
    for line in text.splitlines():
        stripped = line.strip()
        starts = line.startswith(("#", "|", "- ", "  - ", "<!--", "---"))
        if stripped and joinable and not starts:
            items[-1] += " " + stripped
            continue
        items.append(line)
        joinable = bool(stripped) and not line.startswith(("#", "|", "<!--", "---"))
    return items


@functools.lru_cache(maxsize=1)
def render_book() -> str:
    """The rulebook page."""
    out: list[str] = []
    table: list[str] = []
    for line in _items(rulebook_text()):
        if line.startswith("|"):
            table.append(line)
            continue
        if table:
            out.append(f"<pre>{escape(chr(10).join(table))}</pre>")
            table = []
        out.append(_line(line))
    if table:
        out.append(f"<pre>{escape(chr(10).join(table))}</pre>")
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>The rulebook - parlour</title>"
        '<link rel="stylesheet" href="/static/rules.css"></head><body class="howto book">'
        '<header class="bar"><a class="lobby" href="/">Back to the lobby</a>'
        '<nav class="languages"><ul><li><a href="/rules/americana">Americana</a></li>'
        '<li><a href="/rules/palace">Palace Poker</a></li></ul></nav></header>'
        f"<main>{''.join(out)}</main></body></html>\n"
    )


def _line(line: str) -> str:
    stripped = line.strip()
    if not stripped or stripped == "---" or stripped.startswith("<!--"):
        return ""
    if line.startswith("#"):
        level = min(len(line) - len(line.lstrip("#")), 4)
        return f"<h{level}>{_inline(line.lstrip('#').strip())}</h{level}>"
    rule = RULE_LINE.match(line)
    if rule:
        ident = rule.group(1)
        return (
            f'<p class="rule" id="{ident}"><a href="#{ident}"><b>{ident}</b></a> '
            f"{_inline(rule.group(2))}</p>"
        )
    if line.startswith("  - "):
        return f'<p class="sub">{_inline(stripped[2:])}</p>'
    return f"<p>{_inline(stripped)}</p>"
