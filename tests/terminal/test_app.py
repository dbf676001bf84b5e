"""The full-screen table, played by key presses through Textual's pilot and read off the screen.

Most scenarios run at 80x24, the size the table must stay usable at.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from terminal_helpers import plain_text, replay_outcome, saved_records
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from parlour.games.americana import AmericanaView
from parlour.games.palace import PalaceView, Trim
from parlour.terminal.app import TableApp
from parlour.terminal.cardface import card_label
from parlour.terminal.launch import Settings, build_table, rules_for
from parlour.terminal.scene import DEALER
from parlour.terminal.widgets import ChoiceBar, InfoPanel, SeatTable

SMALL = (80, 24)
LARGE = (160, 48)


def _app(
    game: str,
    tmp_path: Path,
    seed: int = 5,
    players: int = 3,
    stack: int = 100,
    name: str = "You",
    options: dict[str, object] | None = None,
) -> TableApp:
    records = tmp_path / "records.jsonl"
    settings = Settings(
        game, players=players, seed=seed, records=records, stack=stack, name=name,
        options=options or {},
    )  # fmt: skip
    return TableApp(build_table(settings), rules_for(game), records)


def _screen(app: TableApp, selector: str) -> str:
    widget = app.query_one(selector)
    return plain_text(widget.content, width=widget.size.width)  # type: ignore[attr-defined]


def _row(seats: str, name: str) -> str:
    """The line of the seats table whose player is ``name``."""
    return next(line for line in seats.splitlines() if f" {name} " in line + " ")


def _log(app: TableApp) -> str:
    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)


async def _finish_hand(pilot: Pilot[int], app: TableApp) -> None:
    """Answer every decision: Enter where it takes a free choice, else call; trims keep all."""
    for _ in range(300):
        if app.mode in ("between", "done", "rebuy"):
            return
        menu = app.menu
        if app.mode == "choose" and menu is not None and menu.default_option is None:
            await pilot.press("c" if menu.find("c") else "f")
        elif app.mode == "pick":
            assert app.option is not None
            assert app.option.pick is not None
            for key in range(1, app.option.pick.least + 1):
                await pilot.press(str(key))
            await pilot.press("enter")
        else:
            await pilot.press("enter")
    raise AssertionError("the hand did not end")


def _fits(app: TableApp) -> None:
    """Everything on the screen, nothing cut: one row per seat, the choices, some log."""
    width, height = app.size
    table = app.query_one(SeatTable)
    assert table.region.bottom <= height
    assert table.region.right <= width
    assert table.size.height == len(app.table.seats) + 1, "a seat row wrapped or was cut"
    bar = app.query_one(ChoiceBar)
    assert bar.region.bottom <= height
    assert bar.region.y >= app.query_one(InfoPanel).region.bottom
    assert app.query_one("#log", RichLog).size.height >= 3


def test_americana_hand_by_keys_at_80x24(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("americana", tmp_path, players=6)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert app.mode == "choose"
            _fits(app)
            hand = app.table.hand
            assert hand is not None
            view = hand.view(0)
            assert isinstance(view, AmericanaView)
            hole = view.seats[0].hole
            assert hole is not None
            seats = _screen(app, "#seats")
            mine = _row(seats, "You")
            assert card_label(hole) in mine  # own hole card, face up
            assert seats.count("░░") == 5  # every other hole card face down
            assert DEALER in seats
            for _ in range(40):  # on to a bet the human faces, with a raise open
                menu = app.menu
                assert menu is not None
                if menu.find("call") is not None and menu.find("r") is not None:
                    break
                await pilot.press("enter" if menu.default_option is not None else "c")
            assert app.menu is not None
            bar = _screen(app, "#choices")
            assert "[f] fold" in bar
            assert "Enter does nothing here" in bar
            before = len(hand.actions)
            await pilot.press("enter")  # Enter never folds a hand that faces a bet
            assert len(hand.actions) == before
            assert app.mode == "choose"
            raise_option = app.menu.find("r")
            assert raise_option is not None, "seed 5 offers a raise"
            assert raise_option.size is not None
            assert raise_option.size.fixed
            await pilot.press("r")  # one allowed size: no typing
            assert not app.query_one("#size", Input).has_class("shown")
            assert any(a.to_dict()["do"] == "raise" and a.seat == 0 for a in hand.actions)
            await _finish_hand(pilot, app)
            result = _screen(app, "#choices")
            assert " win" in result or " split" in result
            assert "Hand 1" in _log(app)
            await pilot.press("enter")
            assert app.table.hand_number == 2
            await pilot.press("q")
        assert app.return_value == 1
        record = saved_records(tmp_path / "records.jsonl")[0]
        assert replay_outcome(record) == record["outcome"]

    asyncio.run(scenario())


def test_palace_ten_handed_by_keys_at_80x24(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("palace", tmp_path, seed=8, players=10)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert app.mode == "choose"
            _fits(app)
            hand = app.table.hand
            assert hand is not None
            view = hand.view(0)
            assert isinstance(view, PalaceView)
            me = next(p for p in view.players if p.seat == 0)
            assert me.palace is not None
            seats = _screen(app, "#seats")
            head = seats.splitlines()[0]
            assert "Banner" in head
            assert "Palace" in head
            assert "Soldiers" in head
            mine = _row(seats, "You")
            assert all(card_label(c) in mine for c in me.palace)  # own palace face up
            others = [p for p in view.players if p.seat != 0 and p.in_hand]
            assert seats.count("░░") == 3 * len(others)  # their palaces face down
            assert "draw pile" in _screen(app, "#info")
            assert app.menu is not None
            for option in app.menu.options:
                if option.group == "attack":  # keyed by the target's seat number
                    target = app.table.names[int(option.key)]
                    assert option.label.startswith(f"attack {target} (")
            await pilot.press("b")  # buy: the trim follows, and Enter keeps every soldier
            assert app.mode == "choose"
            assert next(o.label for o in app.menu.options) == "keep all"
            assert "Enter: keep all" in _screen(app, "#choices")
            await pilot.press("enter")
            trims = [a for a in hand.actions if isinstance(a, Trim) and a.seat == 0]
            assert trims
            assert trims[-1].cards == ()
            await _finish_hand(pilot, app)
            result = _screen(app, "#choices")
            assert " win" in result or " split" in result
            await pilot.press("q")
        assert app.return_value == 1
        record = saved_records(tmp_path / "records.jsonl")[0]
        assert record["game"] == "palace"
        assert replay_outcome(record) == record["outcome"]

    asyncio.run(scenario())


def test_a_trim_picks_soldiers_by_number(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("palace", tmp_path, seed=8, players=4)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("b", "t")
            assert app.mode == "pick"
            await pilot.press("1")
            assert "✓1" in _screen(app, "#choices")
            assert "Enter: trim 1 soldier" in _screen(app, "#choices")
            await pilot.press("1")
            assert "✓1" not in _screen(app, "#choices")
            await pilot.press("escape")
            assert app.mode == "choose"
            await pilot.press("q")

    asyncio.run(scenario())


def test_names_are_shown_as_text_never_markup(tmp_path: Path) -> None:
    name = "[/]\\🎲 [b]Zoë " + "with a very long name " * 3

    async def scenario() -> None:
        app = _app("palace", tmp_path, seed=3, players=10, name=name)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            _fits(app)
            seats = _screen(app, "#seats")
            assert "[/]\\🎲 [b]Zoë" in seats
            assert "…" in seats  # cut short, its marks kept
            assert "(you)" in seats
            assert DEALER in seats
            await _finish_hand(pilot, app)
            await pilot.press("q")
        assert saved_records(tmp_path / "records.jsonl")[0]["seats"][0]["name"] == name

    asyncio.run(scenario())


@pytest.mark.parametrize(("game", "players"), [("americana", 6), ("palace", 10)])
def test_large_screens_draw_cards_as_boxes_beside_the_log(
    game: str, players: int, tmp_path: Path
) -> None:
    async def scenario() -> None:
        app = _app(game, tmp_path, players=players)
        async with app.run_test(size=LARGE) as pilot:
            await pilot.pause()
            seats = _screen(app, "#seats")
            assert "╭──╮" in seats
            table = app.query_one(SeatTable)
            assert table.region.bottom <= LARGE[1]
            assert table.size.height == 3 * players + 1  # three lines a seat, none cut
            log = app.query_one("#log", RichLog)
            assert log.region.x >= table.region.right  # the log on the right
            await pilot.press("q")

    asyncio.run(scenario())


def test_an_attack_key_is_the_target_seat_whoever_has_left(tmp_path: Path) -> None:
    """Seats keep their keys all session: a bust or a fold never renumbers the others."""
    table = build_table(Settings("palace", players=8, seed=2, stack=8))
    rules = rules_for("palace")
    checked_after_a_bust = 0
    for _ in range(40):
        if table.stop_reason() is not None:
            break
        table.deal()
        while table.hand is not None and not table.hand.is_over:
            menu = rules.menu(table)
            attacks = [o for o in menu.options if o.group == "attack"]
            gone = len(table.seats) - len(table.session.players)
            for option in attacks:
                target = option.make(0, ()).target
                assert option.key == str(target)
                assert option.label.startswith(f"attack {table.names[target]} (")
                checked_after_a_bust += gone > 0
            scene = rules.scene(table)
            assert {s.key for s in scene.seats if s.key} == {o.key for o in attacks}
            cautious = menu.default_option or menu.find("fold")  # stay alive: stay or fold
            assert cautious is not None
            table.act(cautious.build())
    assert checked_after_a_bust > 0, "no attack was offered after a seat had left"


def test_out_of_chips_r_buys_in_again(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = _app("americana", tmp_path, seed=0, players=2, stack=3)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            for _ in range(20):  # seed 0: the human busts within a few hands
                await _finish_hand(pilot, app)
                if app.mode != "between":
                    break
                await pilot.press("enter")
            assert app.mode == "rebuy"
            assert "r: buy in again for 3" in _screen(app, "#choices")
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
