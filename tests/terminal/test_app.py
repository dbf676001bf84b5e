"""The full-screen table, played by key presses through Textual's pilot and read off the screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from terminal_helpers import plain_text, replay_outcome, saved_records
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from parlour.games.americana import AmericanaView
from parlour.games.palace import PalaceView
from parlour.terminal.app import TableApp
from parlour.terminal.cardface import card_label
from parlour.terminal.launch import Settings, build_table, rules_for
from parlour.terminal.widgets import ChoiceBar, SeatPanel

SIZE = (130, 42)


def _app(game: str, tmp_path: Path, seed: int = 5, players: int = 3, stack: int = 100) -> TableApp:
    records = tmp_path / "records.jsonl"
    table = build_table(Settings(game, players=players, seed=seed, records=records, stack=stack))
    return TableApp(table, rules_for(game), records)


def _screen(app: TableApp, selector: str) -> str:
    return plain_text(app.query_one(selector).content, width=120)  # type: ignore[attr-defined]


def _log(app: TableApp) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)


async def _finish_hand(pilot: Pilot[int], app: TableApp) -> None:
    """Answer every decision with the default (Enter); trims pick their least count."""
    for _ in range(200):
        if app.mode in ("between", "done", "rebuy"):
            return
        if app.mode == "pick":
            assert app.option is not None
            assert app.option.pick is not None
            for key in range(1, app.option.pick.least + 1):
                await pilot.press(str(key))
        await pilot.press("enter")
    raise AssertionError("the hand did not end")


def test_americana_hand_by_keys(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("americana", tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.mode == "choose"
            hand = app.table.hand
            assert hand is not None
            start_view = hand.view(0)
            assert isinstance(start_view, AmericanaView)
            hole = start_view.seats[0].hole
            assert hole is not None
            assert card_label(hole) in _screen(app, "#seat-0")  # own hole card, face up
            others = _screen(app, "#seat-1")
            assert "░░" in others  # their hole card face down
            bar = _screen(app, ChoiceBar.__name__)
            assert "[f] fold" in bar
            assert app.menu is not None
            sized = [o for o in app.menu.options if o.size is not None]
            assert sized, "seed 5 offers a raise"
            option = sized[0]
            assert option.size is not None
            await pilot.press(option.key)
            assert app.mode == "size"
            size_input = app.query_one("#size", Input)
            assert str(option.size.low) in size_input.placeholder
            await pilot.press(*str(option.size.high + 1), "enter")
            assert app.mode == "size"  # refused, still asking
            await pilot.press("escape")
            assert app.mode == "choose"
            await pilot.press(option.key, *str(option.size.low), "enter")
            assert any(a.to_dict()["do"] == option.name for a in hand.actions)
            await _finish_hand(pilot, app)
            assert "Hand over" in str(app.query_one(ChoiceBar).border_title) or app.mode == "done"
            result = _screen(app, ChoiceBar.__name__)
            assert " win" in result or " split" in result
            assert "Hand 1" in _log(app)
            await pilot.press("enter")
            assert app.table.hand_number == 2
            await pilot.press("q")
        assert app.return_value == 1
        record = saved_records(tmp_path / "records.jsonl")[0]
        assert replay_outcome(record) == record["outcome"]

    asyncio.run(scenario())


def test_palace_hand_by_keys(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("palace", tmp_path, seed=8, players=4)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.mode == "choose"
            hand = app.table.hand
            assert hand is not None
            view = hand.view(0)
            assert isinstance(view, PalaceView)
            me = next(p for p in view.players if p.seat == 0)
            assert me.palace is not None
            own = _screen(app, "#seat-0")
            assert all(card_label(c) in own for c in me.palace)  # own palace face up
            assert "banner" in own
            assert "soldiers" in own
            other = _screen(app, "#seat-1")
            assert other.count("░░") == 3  # another's palace face down
            assert "draw pile" in _screen(app, "#info")
            assert app.menu is not None
            buy = app.menu.find("buy")
            assert buy is not None, "seed 8 offers a buy"
            await pilot.press("b")
            assert app.mode == "choose"  # the trim follows the buy
            assert app.menu.options[0].name == "trim"
            await pilot.press("t")
            assert app.mode == "pick"
            await pilot.press("1")
            assert "✓1" in _screen(app, ChoiceBar.__name__)
            await pilot.press("1")
            assert "✓1" not in _screen(app, ChoiceBar.__name__)
            await _finish_hand(pilot, app)
            result = _screen(app, ChoiceBar.__name__)
            assert " win" in result or " split" in result
            seats = [_screen(app, f"#seat-{p.seat}") for p in app.table.seats]
            assert all("stack" in text for text in seats)
            await pilot.press("q")
        assert app.return_value == 1
        record = saved_records(tmp_path / "records.jsonl")[0]
        assert record["game"] == "palace"
        assert replay_outcome(record) == record["outcome"]

    asyncio.run(scenario())


def test_seat_panels_mark_who_acts(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("americana", tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.query_one("#seat-0", SeatPanel).has_class("acting")
            await pilot.press("q")
        assert app.return_value == 0

    asyncio.run(scenario())


def test_out_of_chips_r_buys_in_again(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("americana", tmp_path, seed=0, players=2, stack=3)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(20):  # seed 0: the human busts within a few hands
                await _finish_hand(pilot, app)
                if app.mode != "between":
                    break
                await pilot.press("enter")
            assert app.mode == "rebuy"
            assert "r: buy in again for 3" in _screen(app, ChoiceBar.__name__)
            busted_at = app.table.hand_number
            await pilot.press("enter")  # only r buys in
            assert app.mode == "rebuy"
            await pilot.press("r")
            assert app.table.hand_number == busted_at + 1
            assert "You buy in again for 3." in _log(app)
            assert app.table.bought_in == 6
            await _finish_hand(pilot, app)
            await pilot.press("q")
        record = saved_records(tmp_path / "records.jsonl")[-1]
        assert next(s["stack"] for s in record["seats"] if s["seat"] == 0) == 3

    asyncio.run(scenario())
