"""The "How to play" pages: served in every language, citing only rules of docs/rules.md,
the same sections and rules in every language as in English, and a worked example that the
engine plays with the outcome the page states."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from parlour.errors import IllegalActionError
from parlour.games import metadata
from parlour.howto.book import rulebook_text
from parlour.howto.example import EXAMPLES, Example, play
from parlour.howto.languages import LANGUAGES, WRITTEN
from parlour.howto.page import GAMES, render_page, source_for
from parlour.howto.source import CITED, Source, SourceError, parse_source, read_source
from parlour.server.app import create_app
from parlour.server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^- ([PAR]-\d+) ", re.MULTILINE)
CARDS = re.compile(r"\[\[([^\]]*)\]\]")
NUMBER = re.compile(r"\d+")
PAGES = [(game, lang) for game in GAMES for lang in LANGUAGES]
SOURCES = [(game, lang) for game in GAMES for lang in WRITTEN]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('howto') / 'parlour.db'}"
    with TestClient(create_app(Settings(database_url=url))) as test_client:
        yield test_client


def rulebook_ids() -> set[str]:
    return set(RULE.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_page_is_served(client: TestClient, game: str, lang: str) -> None:
    answer = client.get(f"/rules/{game}", params={"lang": lang})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-language"] == lang
    html = answer.text
    assert f'<html lang="{lang}">' in html
    source = source_for(game, lang)
    assert source.word("title") in html
    for section in source.sections:
        assert f'<section id="{section.key}">' in html
    assert 'href="/"' in html  # back to the lobby
    # Every step of the example draws the table, the dealer marked once in it.
    assert html.count('class="felt"') == len(EXAMPLES[game].steps)
    assert html.count('class="button"') == len(EXAMPLES[game].steps)
    for code in LANGUAGES:  # the switch links the page in every other language
        if code != lang:
            assert f'href="/rules/{game}?lang={code}"' in html


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_pages_have_no_script_and_no_inline_style(game: str, lang: str) -> None:
    html = render_page(game, lang)
    assert "<script" not in html
    assert " style=" not in html
    assert "<style" not in html
    assert 'href="/static/rules.css"' in html


@pytest.mark.parametrize(("game", "lang"), SOURCES)
def test_every_rule_a_page_cites_is_in_docs_rules(game: str, lang: str) -> None:
    cited = {rule for s in read_source(game, lang).sections for rule in s.cited()}
    assert len(cited) >= 10
    assert cited <= rulebook_ids(), sorted(cited - rulebook_ids())


def _blocks(source: Source) -> list[tuple[str, int, str, str, int, tuple[str, ...], list[str]]]:
    """Per block: section, index, kind, step, how many lines (list items), the rules it
    cites and the cards it pictures."""
    return [
        (
            s.key,
            i,
            b.kind,
            b.step,
            len(b.lines),
            tuple(CITED.findall(" ".join(b.lines))),
            _cards(b.lines),
        )
        for s in source.sections
        for i, b in enumerate(s.blocks)
    ]


def _cards(lines: tuple[str, ...]) -> list[str]:
    return [face for line in lines for group in CARDS.findall(line) for face in group.split()]


@pytest.mark.parametrize(("game", "lang"), [p for p in SOURCES if p[1] != "en"])
def test_each_language_has_the_english_sections_rules_and_cards(game: str, lang: str) -> None:
    english, other = read_source(game, "en"), read_source(game, lang)
    assert set(other.words) == set(english.words)
    assert [s.key for s in other.sections] == [s.key for s in english.sections]
    for mine, theirs in zip(other.sections, english.sections, strict=True):
        assert mine.rules == theirs.rules, mine.key
        assert mine.cited() == theirs.cited(), mine.key
    assert _blocks(other) == _blocks(english)


@pytest.mark.parametrize(("game", "lang"), [p for p in SOURCES if p[1] != "en"])
def test_each_example_step_names_the_english_numbers(game: str, lang: str) -> None:
    """Amounts written in a step's prose (not filled in by the engine) say the same in
    every language: the numbers of each step are the English ones."""
    english, other = read_source(game, "en"), read_source(game, lang)
    for theirs, mine in zip(_steps(english), _steps(other), strict=True):
        assert sorted(NUMBER.findall(mine[1])) == sorted(NUMBER.findall(theirs[1])), mine[0]


def _steps(source: Source) -> list[tuple[str, str]]:
    return [
        (b.step, CITED.sub("", b.lines[0]))
        for s in source.sections
        for b in s.blocks
        if b.kind == "step"
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_steps_of_the_page_are_the_steps_of_the_example(game: str) -> None:
    names = [name for name, _ in EXAMPLES[game].steps]
    for lang in WRITTEN:
        assert [step for step, _ in _steps(read_source(game, lang))] == names


@pytest.mark.parametrize(("game", "winner", "amount"), [("americana", 0, 43), ("palace", 2, 29)])
def test_the_example_plays_to_the_outcome_every_page_states(
    game: str, winner: int, amount: int
) -> None:
    """The engine plays the example to the end; the winner and the pot the pages name in
    their last step are the engine's (worked by hand: Americana, Ana's flush beats Marko's
    full house, A-40; Palace, Iker's three queens beat Ana's aces without her diamonds,
    P-37, and he takes the one pot, P-46)."""
    steps = play(EXAMPLES[game])
    last = steps[-1]
    assert last.over
    assert last.won[winner] == amount == last.pot
    assert sum(last.won) == last.pot
    for lang in LANGUAGES:
        html = render_page(game, lang)
        final = html.split(f'id="step-{last.name}"', 1)[1].split("</p>", 1)[0]
        name = source_for(game, lang).listed("players")[winner]
        assert name in final, lang
        assert f"{amount}" in final, lang


def test_an_illegal_example_is_refused() -> None:
    """The replay is a real check: a decision the rules do not allow raises."""
    good = EXAMPLES["americana"]
    steps = list(good.steps)
    steps[1] = ("round1", ({"seat": 1, "do": "call"},))  # Ana must bring in first
    bad = Example(good.game, good.options, good.stacks, good.button, good.shuffles, tuple(steps))
    with pytest.raises(IllegalActionError, match="it is seat 0's turn"):
        play(bad)


def test_the_packaged_rulebook_is_docs_rules_word_for_word() -> None:
    assert rulebook_text() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_the_rulebook_page_has_an_anchor_for_every_rule(client: TestClient) -> None:
    answer = client.get("/rules/book")
    assert answer.status_code == 200
    for rule in rulebook_ids():
        assert f'id="{rule}"' in answer.text
    assert "<script" not in answer.text
    assert "](" not in answer.text  # links to the repository's files read as plain words
    assert "<strong>(decision)</strong>" in answer.text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("pl-PL,pl;q=0.9,en;q=0.5", "pl"),
        ("sr-RS", "sr"),
        ("sr-Latn-RS,sr;q=0.5", "sr-Latn"),
        ("eu-ES;q=0.8, de;q=0.9", "eu"),
        ("de-DE, fr;q=0.5", "en"),
        ("en-GB,pl;q=0.2", "en"),
        ("", "en"),
    ],
)
def test_the_language_follows_accept_language(client: TestClient, header: str, lang: str) -> None:
    answer = client.get("/rules/palace", headers={"accept-language": header})
    assert answer.status_code == 200
    assert answer.headers["content-language"] == lang
    assert f'<html lang="{lang}">' in answer.text


def test_lang_in_the_address_wins_over_the_browser(client: TestClient) -> None:
    answer = client.get("/rules/americana?lang=eu", headers={"accept-language": "pl"})
    assert answer.headers["content-language"] == "eu"


def test_an_unknown_language_gets_english_with_a_notice(client: TestClient) -> None:
    answer = client.get("/rules/americana?lang=xx")
    assert answer.status_code == 200
    assert answer.headers["content-language"] == "en"
    assert 'class="notice"' in answer.text
    assert "&quot;xx&quot;" in answer.text or '"xx"' in answer.text


def test_an_unknown_game_is_a_404_page(client: TestClient) -> None:
    answer = client.get("/rules/chess?lang=pl")
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "chess" in answer.text
    assert 'href="/rules/palace?lang=pl"' in answer.text
    assert 'href="/rules/americana?lang=pl"' in answer.text


def test_a_hostile_game_name_is_escaped(client: TestClient) -> None:
    answer = client.get("/rules/%3Cb%3Ex")
    assert answer.status_code == 404
    assert "<b>x" not in answer.text


def test_the_games_rules_url_is_served(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert {g["name"] for g in games} == set(GAMES)
    for game in games:
        assert game["rules_url"] == f"/rules/{game['name']}" == metadata(game["name"]).rules_url
        assert client.get(game["rules_url"]).status_code == 200


def test_the_source_format_reports_the_line_it_cannot_read() -> None:
    with pytest.raises(SourceError, match=r"x\.txt:3: not rule IDs: not-a-rule"):
        parse_source("@title T\n\n## key | Title | A-1 not-a-rule\n", "x.txt")
