"""A "How to play" page as HTML: the header (lobby link, language switch), the sections,
and the worked example drawn from the engine (:mod:`parlour.howto.example`).

Everything is escaped before the few inline marks are turned into HTML: ``[[Kh Ks]]``
(card pictures), ``[A-12]`` (a link to the rule in the rulebook page) and ``**strong**``.
The page has no script and no inline style (the server's content security policy).
"""

from __future__ import annotations

import functools
import re
from html import escape
from typing import Final

from parlour.cards import Suit, parse_cards
from parlour.howto.cards import card_svg, suit_svg
from parlour.howto.example import EXAMPLES, Seat, Step, play
from parlour.howto.languages import LANGUAGES, source_language
from parlour.howto.source import Block, Section, Source, SourceError, read_source
from parlour.i18n.transliteration import latin as to_latin

GAMES: Final = ("americana", "palace")
BOOK: Final = "/rules/book"
CARDS: Final = re.compile(r"\[\[([^\]]*)\]\]")
CITE: Final = re.compile(r"\[([PAR]-\d+)\]")
STRONG: Final = re.compile(r"\*\*(.+?)\*\*")
SUIT_MARK: Final = re.compile(r"\{suit:([cdhs])\}")
#: The suits in the order of the sources' ``@suits`` word: clubs, diamonds, hearts, spades.
SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def source_for(game: str, lang: str) -> Source:
    """The source of a page; ``sr-Latn`` is the ``sr`` source in Latin script."""
    source = read_source(game, source_language(lang))
    if lang != "sr-Latn":
        return source
    return transliterated(source)


def transliterated(source: Source) -> Source:
    """``source`` with every word and every line in Latin script (keys stay)."""
    sections = tuple(
        Section(
            s.key,
            to_latin(s.title),
            s.rules,
            tuple(Block(b.kind, tuple(to_latin(x) for x in b.lines), b.step) for b in s.blocks),
        )
        for s in source.sections
    )
    words = {k: to_latin(v) for k, v in source.words.items()}
    return Source(source.name + " (latinica)", words, sections)


@functools.lru_cache(maxsize=32)
def render_page(game: str, lang: str, notice: str = "") -> str:
    """The whole HTML page of ``game`` in ``lang``; ``notice`` is shown above the title."""
    if game not in GAMES or lang not in LANGUAGES:
        raise KeyError(f"no page for {game!r} in {lang!r}")
    source = source_for(game, lang)
    writer = Writer(source, button=EXAMPLES[game].button)
    steps = {step.name: step for step in play(EXAMPLES[game])}
    body = "".join(writer.section(s, steps) for s in source.sections)
    toc = "".join(
        f'<li><a href="#{escape(s.key)}">{escape(s.title)}</a></li>' for s in source.sections
    )
    notice_html = f'<p class="notice" role="status">{escape(notice)}</p>' if notice else ""
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(source.word('title'))} - parlour</title>"
        '<link rel="stylesheet" href="/static/rules.css"></head>'
        f'<body class="howto game-{game}">{header(game, lang, source)}<main>{notice_html}'
        f"<h1>{escape(source.word('title'))}</h1>"
        f'<p class="lead">{writer.inline(source.word("lead"))}</p>'
        f'<nav class="toc" aria-label="{escape(source.word("contents"))}">'
        f"<h2>{escape(source.word('contents'))}</h2><ol>{toc}</ol></nav>{body}</main>"
        f'<footer><a href="{BOOK}">{escape(source.word("rulebook"))}</a></footer>'
        "</body></html>\n"
    )


def header(game: str, lang: str, source: Source) -> str:
    """The page header: back to the lobby, and the same page in the other languages."""
    links = []
    for code, name in LANGUAGES.items():
        if code == lang:
            links.append(f'<li><span aria-current="page" lang="{code}">{escape(name)}</span></li>')
        else:
            href = f"/rules/{game}?lang={code}"
            links.append(f'<li><a href="{href}" lang="{code}" hreflang="{code}">{name}</a></li>')
    return (
        f'<header class="bar"><a class="lobby" href="/">{escape(source.word("lobby"))}</a>'
        f'<nav class="languages" aria-label="{escape(source.word("language"))}">'
        f"<ul>{''.join(links)}</ul></nav></header>"
    )


class Writer:
    """Turns a source's blocks into HTML in the source's language."""

    def __init__(self, source: Source, button: int = -1) -> None:
        self.source = source
        self.button = button
        self.ranks = source.listed("ranks")
        self.suits = source.listed("suits")
        if len(self.ranks) != 13 or len(self.suits) != 4:
            raise SourceError(f"{source.name}: @ranks needs 13 names, @suits 4")

    def card_name(self, face: str) -> str:
        """The card's name in the page's language (``@card`` with ``{rank}``, ``{suit}``)."""
        card = parse_cards(face)[0]
        suit = self.suits[SUIT_ORDER.index(card.suit)]
        return self.source.word("card").format(rank=self.ranks[card.rank], suit=suit)

    def cards(self, faces: str, hidden: frozenset[str] = frozenset()) -> str:
        """Pictures of the cards written in ``faces`` (``Kh Ks``)."""
        pictures = [
            card_svg(parse_cards(face)[0], self.card_name(face), hidden=face in hidden)
            for face in faces.split()
        ]
        return f'<span class="cards">{"".join(pictures)}</span>'

    def inline(self, text: str) -> str:
        """Escape ``text``, then draw its cards, suits, rule links and strong words."""
        html = escape(text, quote=False)
        html = CARDS.sub(lambda m: self.cards(m.group(1)), html)
        html = SUIT_MARK.sub(lambda m: self.suit(m.group(1)), html)
        html = CITE.sub(lambda m: rule_link(m.group(1)), html)
        return STRONG.sub(r"<strong>\1</strong>", html)

    def suit(self, letter: str) -> str:
        suit = SUIT_ORDER["cdhs".index(letter)]
        return suit_svg(suit, self.suits[SUIT_ORDER.index(suit)])

    def section(self, section: Section, steps: dict[str, Step]) -> str:
        """One section: its title, blocks and the rules it explains."""
        blocks = "".join(self.block(b, steps) for b in section.blocks)
        cites = ", ".join(rule_link(r) for r in section.rules)
        rules = f'<p class="cites">{escape(self.source.word("rules"))} {cites}</p>'
        return (
            f'<section id="{escape(section.key)}"><h2>{escape(section.title)}</h2>'
            f"{blocks}{rules if section.rules else ''}</section>"
        )

    def block(self, block: Block, steps: dict[str, Step]) -> str:
        if block.kind == "h3":
            return f"<h3>{self.inline(block.lines[0])}</h3>"
        if block.kind == "ul":
            return "<ul>" + "".join(f"<li>{self.inline(x)}</li>" for x in block.lines) + "</ul>"
        if block.kind == "p":
            return f"<p>{self.inline(block.lines[0])}</p>"
        return self.step(block, steps)

    def step(self, block: Block, steps: dict[str, Step]) -> str:
        """A step of the worked example: the prose with the engine's amounts, then the
        table as the engine leaves it."""
        step = steps.get(block.step)
        if step is None:
            raise SourceError(f"{self.source.name}: the example has no step {block.step!r}")
        try:
            prose = block.lines[0].format_map(step.amounts())
        except (KeyError, IndexError, ValueError) as error:
            raise SourceError(f"{self.source.name}: step {block.step}: {error}") from None
        seats = "".join(self.seat(i, seat) for i, seat in enumerate(step.seats))
        pot = f'<p class="pot">{escape(self.source.word("pot"))}: <b>{step.pot}</b></p>'
        number = list(steps).index(block.step) + 1
        label = escape(self.source.word("stepword").format(n=number))
        return (
            f'<div class="step" id="step-{escape(block.step)}"><h3>{label}</h3>'
            f'<p>{self.inline(prose)}</p><div class="felt">{seats}{pot}</div></div>'
        )

    def seat(self, index: int, seat: Seat) -> str:
        """One player's place at the example's table after a step."""
        name = self.source.listed("players")[index]
        out = "" if seat.in_hand else f" <em>{escape(self.source.word('out'))}</em>"
        if index == self.button:
            out += f' <span class="button">{escape(self.source.word("dealer"))}</span>'
        groups: dict[str, list[str]] = {}
        for card, shown, kind in seat.cards:
            face = str(card)
            picture = card_svg(card, self.card_name(face), hidden=not shown)
            groups.setdefault(kind, []).append(picture)
        parts = "".join(
            f'<span class="group group-{kind}"><span class="label">'
            f'{escape(self.source.word(kind))}</span><span class="cards">{"".join(p)}</span>'
            "</span>"
            for kind, p in groups.items()
        )
        paid = escape(self.source.word("paid").format(paid=seat.paid, stack=seat.stack))
        state = "seat" if seat.in_hand else "seat folded"
        return (
            f'<div class="{state}"><p class="who"><b>{escape(name)}</b>{out}</p>'
            f'<div class="hand">{parts}</div><p class="chips">{paid}</p></div>'
        )


def rule_link(rule: str) -> str:
    """A link to ``rule`` in the rulebook page."""
    return f'<a class="rule" href="{BOOK}#{rule}">{rule}</a>'


def unknown_game_page(game: str, lang: str) -> str:
    """The 404 page for a game that has no page: says so and links the games that do."""
    source = source_for(GAMES[0], lang)
    links = "".join(
        f'<li><a href="/rules/{g}?lang={lang}">{escape(source_for(g, lang).word("title"))}</a></li>'
        for g in GAMES
    )
    message = source.word("nogame").format(game=game)
    return (
        f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(message)}</title>"
        '<link rel="stylesheet" href="/static/rules.css"></head><body class="howto">'
        f'<header class="bar"><a class="lobby" href="/">{escape(source.word("lobby"))}</a>'
        f"</header><main><h1>{escape(message)}</h1><ul>{links}</ul></main></body></html>\n"
    )
