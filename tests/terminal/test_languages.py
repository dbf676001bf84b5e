# ruff: noqa: RUF001 - Serbian words are what these tests read
"""The terminal in the player's language: a hand of Palace in Serbian, full screen and line
by line, with the notation typed (keys, cards) unchanged."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO, cast

import pytest
from terminal_helpers import plain_text
from textual.widgets import RichLog

from parlour.cli import main
from parlour.i18n import current, use
from parlour.terminal.app import TableApp
from parlour.terminal.launch import Settings, build_table, rules_for, run

_ENGLISH = re.compile(
    r"\b(?:Your|turn|Player|Stack|Paid|Banner|Soldiers|Pot|draw pile|stay|fold|buy|"
    r"choices|Hand|wins|folds|stays|attacks|quit|battle|soldier|banner)\b"
)


@pytest.fixture
def serbian() -> Iterator[None]:
    use("sr")
    try:
        yield
    finally:
        use("en")


class _Answers:
    """Standard input for the plain mode: Enter where it takes a free choice, else fold."""

    def __init__(self, out: io.StringIO, limit: int = 400) -> None:
        self.out, self.limit = out, limit

    def readline(self) -> str:
        if self.limit <= 0:
            return ""
        self.limit -= 1
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        return "\n" if "[" in prompt else "f\n"

    def isatty(self) -> bool:
        return False


def _cyrillic(text: str) -> bool:
    return bool(re.search("[\u0400-\u04ff]", text))


def test_a_palace_hand_in_serbian_line_by_line(serbian: None, tmp_path: Path) -> None:
    out = io.StringIO()
    settings = Settings("palace", 3, seed=7, records=tmp_path / "r.jsonl", plain=True, hands=1)
    assert run(settings, stdin=cast(TextIO, _Answers(out)), stdout=out) == 0
    text = out.getvalue()
    assert "=== Рука 1 ===" in text
    assert "Твоји избори:" in text
    assert "Рука 1:" in text  # the result line
    assert re.search(r"\[f\] одустани", text)  # the key stays f, the word is Serbian
    assert re.search(r"Насумични \d", text)  # bots are named in Serbian too
    english = {m.group(0) for m in _ENGLISH.finditer(text)}
    assert not english, english
    assert "Сачувана је 1 рука" in text


def test_a_palace_hand_in_serbian_full_screen(serbian: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        settings = Settings("palace", players=4, seed=5, records=tmp_path / "r.jsonl")
        app = TableApp(build_table(settings), rules_for("palace"), tmp_path / "r.jsonl")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            seats = plain_text(app.query_one("#seats").content, width=80)  # type: ignore[attr-defined]
            for head in ("Играч", "Жетони", "Уплаћено", "Банер", "Палата", "Војници"):
                assert head in seats
            bar = plain_text(app.query_one("#choices").content, width=80)  # type: ignore[attr-defined]
            assert "[s] остани" in bar
            assert "[f] одустани" in bar
            assert app.query_one("#choices").border_title == "Твој потез"
            for _ in range(200):
                if app.mode in ("between", "done", "rebuy"):
                    break
                menu = app.menu
                if app.mode == "pick":
                    await pilot.press("enter")
                elif menu is not None and menu.default_option is None:
                    await pilot.press("f")
                else:
                    await pilot.press("enter")
            assert app.mode in ("between", "done", "rebuy")
            log = [line.text for line in app.query_one("#log", RichLog).lines]
            assert log
            assert all(_cyrillic(line) for line in log if line.strip()), log
            await pilot.press("q")

    asyncio.run(scenario())


def test_the_cli_takes_lang_and_refuses_an_unknown_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    records = tmp_path / "r.jsonl"
    try:
        main(["--lang", "sr-Latn", "play", "palace", "--plain", "--hands", "1", "--seed", "3",
              "--records", str(records)])  # fmt: skip
        assert current() == "sr-Latn"
        said = capsys.readouterr().out
        assert "=== Ruka 1 ===" in said
        assert not _cyrillic(said)
        with pytest.raises(SystemExit):
            main(["--lang", "klingon", "play", "palace"])
        assert "unknown language" in capsys.readouterr().err
    finally:
        use("en")


def test_the_cli_reads_the_locale_when_no_lang_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    try:
        main(["play", "americana", "--plain", "--hands", "1", "--seed", "3",
              "--records", str(tmp_path / "r.jsonl")])  # fmt: skip
        assert current() == "pl"
        assert "=== Rozdanie 1 ===" in capsys.readouterr().out
    finally:
        use("en")
