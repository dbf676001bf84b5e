"""Random hands of each game narrated in every language: every sentence, hand name, suit
and rank word is translated, and no placeholder is left unfilled.

English leaking into a translation is caught two ways: every message code a line uses
must have a translation that differs from its English (unless it is nothing but
placeholders, like ``{name}: {said}``), and no word found only in the English templates
may appear in the rendered line.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.games import get_game
from parlour.i18n.catalogs import translations
from parlour.i18n.languages import LANGUAGES
from parlour.i18n.message import TEMPLATES, Ctx, Joined, Message, Value, render, template_for
from parlour.narration import known_hands, message
from parlour.narration.strength import note_messages
from parlour.narration.words import result_message
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

NAMES = {0: "Ann", 1: "Bea", 2: "Cal"}  # seat 3 has no name: "Seat 4" in each language
LANGS = [lang for lang in LANGUAGES if lang != "en"]
#: Codes whose translation may read as the English does: Polish players say "kicker".
SAME_AS_ENGLISH = {("pl", "desc.kickers")}
SEEDS = range(40)
_WORD = re.compile(r"[^\W\d_]+")
_UNFILLED = re.compile(r"\{\w*\}|%\(\w+\)s")
_NOTATION = re.compile(r"^(?:[2-9TJQKA][cdhs]|[2-9TJQKA](?:-[2-9TJQKA])*)$")


def _only_placeholders(template: str) -> bool:
    return not _WORD.sub("", _UNFILLED.sub("", template)).strip(" :;,.()") and not _WORD.search(
        _UNFILLED.sub("", template)
    )


def _english_texts(code: str) -> list[str]:
    english = TEMPLATES[code]
    if isinstance(english, Ctx):
        return [english.msgid]
    return list(english) if isinstance(english, tuple) else [english]


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _english_only_words(lang: str) -> set[str]:
    """Words of the English templates that no translation in ``lang`` uses."""
    english: set[str] = set()
    translated: set[str] = set()
    for code in TEMPLATES:
        for text in _english_texts(code):
            english |= _words(_UNFILLED.sub("", text))
        translated |= _words(_UNFILLED.sub("", template_for(code, lang, 1)))
        translated |= _words(_UNFILLED.sub("", template_for(code, lang, 5)))
    return {w for w in english - translated if len(w) > 2}


def _codes(value: Value) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Message):
        yield value.code, value.params.get("count")
        for param in value.params.values():
            yield from _codes(param)
    elif isinstance(value, Joined):
        for item in value.items:
            yield from _codes(item)


def _hand(game_name: str, seed: int) -> list[Message]:
    """Every message of one random hand, for every reader, notes and results included."""
    game = get_game(game_name)
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    seats = [SeatSpec(i, rng.choice([4, 15, 40, 90]), NAMES.get(i, "")) for i in range(players)]
    hand: Any = game.start_hand(
        game.options_from_dict({}), seats, rng.randrange(players), SeededShuffler(rng)
    )
    names = {s: n for s, n in NAMES.items() if s < players}
    readers: list[int | None] = [*range(players), None]
    said: list[Message] = []
    events = list(hand.start_events)
    while not hand.is_over:
        for reader in readers:
            said += note_messages(hand.view(reader)).values()
        events += hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
    before = {s.seat: s.stack for s in hand.seats}
    order = [s.seat for s in hand.seats]
    for reader in readers:
        visible = [e for e in events if e.visible_to(reader)]
        said += [m for e in visible if (m := message(game_name, e, names, reader)) is not None]
        hands = known_hands(game_name, visible)
        said.append(
            Message(
                "sentences",
                {"sentences": result_message(hand.outcome, order, before, names, reader, hands)},
            )
        )
    return said


@pytest.fixture(scope="module")
def spoken() -> dict[str, list[Message]]:
    return {
        game: [m for seed in SEEDS for m in _hand(game, seed)] for game in ("americana", "palace")
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["americana", "palace"])
def test_a_random_hand_reads_wholly_in_each_language(
    game: str, lang: str, spoken: dict[str, list[Message]]
) -> None:
    english_only = _english_only_words(lang)
    codes_seen: set[str] = set()
    for said in spoken[game]:
        for code, count in _codes(said):
            codes_seen.add(code)
            english = _english_texts(code)
            local = template_for(code, lang, count if isinstance(count, int) else None)
            if (lang.split("-")[0], code) in SAME_AS_ENGLISH:
                continue
            if not all(_only_placeholders(text) for text in english):
                assert local not in english, f"{lang}: {code} is not translated"
        text = render(said, lang)
        assert not _UNFILLED.search(text), f"{lang}: unfilled placeholder in {text!r}"
        leaked = _words(text) & english_only - {"ann", "bea", "cal"}
        assert not leaked, f"{lang}: English words {leaked} in {text!r}"
    assert len(codes_seen) > (40 if game == "americana" else 60)


def test_serbian_latin_narration_has_no_cyrillic_and_cyrillic_no_latin_words(
    spoken: dict[str, list[Message]],
) -> None:
    for said in spoken["palace"][:400]:
        latin, cyrillic = render(said, "sr-Latn"), render(said, "sr")
        assert not re.search("[\u0400-\u04ff]", latin), latin
        tokens = re.findall(r"[\w-]+", cyrillic)
        latin_words = [t for t in tokens if t.isascii() and not t.strip("-").isdigit()]
        names_and_cards = [t for t in latin_words if t in NAMES.values() or _NOTATION.match(t)]
        assert latin_words == names_and_cards, cyrillic


def test_a_seat_without_a_name_is_named_in_the_readers_language() -> None:
    seat = Message("fold.other", {"name": Message("seat.unnamed", {"number": 4})})
    assert [render(seat, lang) for lang in ("en", "pl", "sr", "eu")] == [
        "Seat 4 folds.",
        "Miejsce 4 pasuje.",
        "Место 4 одустаје.",
        "4. eserlekua jokalariak tolestu du.",
    ]
    assert translations("sr-Latn").gettext("Hand over.") == "Kraj ruke."
