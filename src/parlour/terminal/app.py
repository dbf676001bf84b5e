"""The full-screen table (Textual): the seats, the table's lines, a log, the choices.

Keys: each legal option has one (shown in the choice bar); a Palace attack is keyed by the
target's seat number. Enter takes the choice that costs nothing (check, stay, keep all)
and does nothing when facing a bet; between hands it deals the next one. A bet size is
typed into an input that shows its range (Enter alone takes the smallest) and is checked
before it reaches the engine; a size with one allowed value is not asked for. Palace
soldiers are toggled by number for a trim or discard. ``q`` quits and saves the session's
hand records.

The layout fits an 80x24 terminal with ten Palace seats: one row per seat, the log below
the table; from 110 columns the log moves to the right of the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.widgets import Input, RichLog, Static

from parlour.cards import Card
from parlour.events import Event
from parlour.i18n import N_, _
from parlour.terminal.cardface import styled_line
from parlour.terminal.menu import Menu, Option, pick_words, size_words
from parlour.terminal.scene import Scene
from parlour.terminal.table import LocalTable, Rules
from parlour.terminal.widgets import ChoiceBar, InfoPanel, SeatTable, seat_table

#: From this many columns the log moves to the right of the table.
WIDE = 110


class TableApp(App[int]):
    """Plays hands at ``table`` until the player quits; exits with the number of saved hands."""

    TITLE = "parlour"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]  # noqa: RUF012
    CSS = """
    #title { height: 1; background: $primary-background; padding: 0 1; text-style: bold; }
    #main { height: 1fr; }
    #felt { height: auto; }
    #log {
        height: 1fr; min-height: 3; border-top: solid $primary; padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    Screen.-wide #main { layout: horizontal; }
    Screen.-wide #felt { width: 1fr; height: 1fr; }
    Screen.-wide #log { width: 42%; height: 1fr; border-top: none; border-left: solid $primary; }
    #bottom { height: auto; dock: bottom; }
    #size { display: none; }
    #size.shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_table", N_("Quit and save")),
        Binding("escape", "go_back", N_("Back"), show=False),
    ]

    def __init__(
        self, table: LocalTable, rules: Rules, records_path: Path, hands: int | None = None
    ) -> None:
        super().__init__()
        self.hands = hands
        self.table = table
        self.rules = rules
        self.records_path = records_path
        self.mode = "idle"
        self.menu: Menu | None = None
        self.option: Option | None = None
        self.chosen: list[Card] = []
        self.saved = 0

    def compose(self) -> ComposeResult:
        """Title line, the felt (seats, table lines) and the log, then the choices."""
        yield Static(id="title")
        with Container(id="main"):
            with Vertical(id="felt"):
                yield SeatTable(id="seats")
                yield InfoPanel(id="info")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        with Vertical(id="bottom"):
            yield ChoiceBar(id="choices")
            yield Input(id="size", type="integer")

    def on_mount(self) -> None:
        """Deal the first hand."""
        self.query_one("#log", RichLog).border_title = _("What you saw")
        self.call_after_refresh(self._deal)

    # -- the flow of a hand ---------------------------------------------------------------

    def _deal(self) -> None:
        self._note(_("— Hand {number} —", number=self.table.hand_number + 1))
        self._after(self.table.deal())

    def _after(self, seen: list[Event]) -> None:
        """Log what happened, redraw, and ask for the next decision or close the hand."""
        names = self.table.names
        for event in seen:
            line = self.rules.narrate(event, names, self.table.human)
            if line:
                self._note(line)
        self._draw()
        log = self.query_one("#log", RichLog)
        self.call_after_refresh(log.scroll_end, animate=False)  # the latest lines in view
        hand = self.table.hand
        assert hand is not None
        if hand.is_over:
            self._hand_over()
        else:
            self._ask()

    def _ask(self) -> None:
        self.mode = "choose"
        self.menu = self.rules.menu(self.table)
        self.query_one(ChoiceBar).show_menu(self.menu)

    def _hand_over(self) -> None:
        result = self.table.result()
        self._note(self.table.changes())  # who won is already in the log, told by the hand
        bar = self.query_one(ChoiceBar)
        reason = self.table.stop_reason(self.hands)
        if reason is None:
            self.mode = "between"
            bar.show_message(
                _("Hand over"), _("{result}\nEnter: next hand    q: quit and save", result=result)
            )
        elif chips := self.table.rebuy_offer(self.hands):
            self.mode = "rebuy"
            bar.show_message(
                _("Out of chips"),
                _(
                    "{result}\nr: buy in again for {chips}    q: quit and save",
                    result=result,
                    chips=chips,
                ),
            )
        else:
            self.mode = "done"
            bar.show_message(
                _("Session over"),
                _("{result}\n{reason}  q: quit and save", result=result, reason=reason),
            )

    def _submit(self, option: Option, amount: int = 0, cards: tuple[Card, ...] = ()) -> None:
        try:
            action = option.build(amount, cards)
            seen = self.table.act(action)
        except ValueError as exc:
            self.notify(str(exc), title=_("Not allowed"), severity="error", markup=False)
            return
        self._hide_size()
        self._after(seen)

    # -- keys -------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Dispatch a key by mode: option keys, soldier toggles, Enter for next or default."""
        if self.mode == "choose" and self.menu is not None:
            self._choose_key(event, self.menu)
        elif self.mode == "pick" and self.option is not None:
            self._pick_key(event, self.option)
        elif self.mode == "between" and event.key == "enter":
            event.stop()
            self._deal()
        elif self.mode == "rebuy" and event.key == "r":
            event.stop()
            self._note(_("You buy in again for {chips}.", chips=self.table.rebuy()))
            self._deal()

    def _choose_key(self, event: events.Key, menu: Menu) -> None:
        if event.key == "enter":
            event.stop()
            default = menu.default_option
            if default is None:
                self.notify(menu.enter_hint(), title=_("Facing a bet"), markup=False)
                return
            option = default
        else:
            found = menu.find(event.character or "")
            if found is None:
                return
            event.stop()
            option = found
        self.option = option
        if option.asks_size:
            self._ask_size(option)
        elif option.pick is not None:
            self.mode = "pick"
            self.chosen = []
            self._show_pick(option)
        else:
            self._submit(option)

    def _ask_size(self, option: Option) -> None:
        size = option.size
        assert size is not None
        self.mode = "size"
        size_input = self.query_one("#size", Input)
        size_input.value = ""
        asked = size_words(option, size)
        size_input.border_title = Text(asked)
        size_input.placeholder = asked
        self.query_one(ChoiceBar).show_message(
            option.label,
            _(
                "Type how much: {asked}. Enter alone: {least}. Escape: back",
                asked=asked,
                least=size.least,
            ),
        )
        size_input.add_class("shown")
        size_input.focus()

    def _show_pick(self, option: Option) -> None:
        pick = option.pick
        assert pick is not None
        picked = [c for c in pick.cards if c in self.chosen]
        if not picked:
            confirm = _("keep all") if pick.least == 0 else _("choose at least {n}", n=pick.least)
        else:
            confirm = pick_words(option, len(picked))
        self.query_one(ChoiceBar).show_pick(option.label, pick, self.chosen, confirm)

    def _pick_key(self, event: events.Key, option: Option) -> None:
        assert option.pick is not None
        cards = option.pick.cards
        if event.key == "enter":
            event.stop()
            picked = tuple(c for c in cards if c in self.chosen)
            self._submit(option, cards=picked)
            return
        if event.character and event.character.isdigit():
            event.stop()
            index = int(event.character) - 1
            if 0 <= index < len(cards):
                card = cards[index]
                if card in self.chosen:
                    self.chosen.remove(card)
                else:
                    self.chosen.append(card)
                self._show_pick(option)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Check the typed size and act, or say what is allowed; empty takes the least."""
        option = self.option
        if self.mode != "size" or option is None or option.size is None:
            return
        text = message.value.strip()
        if not text:
            self._submit(option, amount=option.size.least)
            return
        if not text.lstrip("-").isdigit():
            self.notify(
                _("type a whole number: {asked}", asked=size_words(option, option.size)),
                title=_("Not a number"),
                severity="error",
                markup=False,
            )
            return
        self._submit(option, amount=int(text))

    def action_go_back(self) -> None:
        """Leave a size input or a pick and show the choices again."""
        if self.mode in ("size", "pick") and self.menu is not None:
            self._hide_size()
            self.mode = "choose"
            self.query_one(ChoiceBar).show_menu(self.menu)

    def action_quit_table(self) -> None:
        """Save the finished hands' records and leave."""
        self.saved = self.table.save(self.records_path)
        self.exit(self.saved)

    async def action_quit(self) -> None:
        """Textual's own quit (Ctrl+Q) saves the records too."""
        self.action_quit_table()

    # -- drawing ------------------------------------------------------------------------------

    def _hide_size(self) -> None:
        size_input = self.query_one("#size", Input)
        size_input.remove_class("shown")
        self.set_focus(None)

    def _draw(self) -> None:
        if self.table.hand is None:
            return
        scene = self.rules.scene(self.table)
        self.query_one("#title", Static).update(Text(f"parlour · {scene.title}"))
        self.query_one(SeatTable).show(scene, boxes=self._room_for_boxes(scene))
        self.query_one(InfoPanel).show(scene.lines)

    def _room_for_boxes(self, scene: Scene) -> bool:
        """Whether cards fit drawn as boxes: three lines a seat, the table not cut."""
        width, height = self.size
        felt = width * 58 // 100 if width >= WIDE else width
        needed = seat_table(scene, boxes=True, width=felt - 2)
        fits_across = self.console.measure(needed).minimum <= felt - 2
        return fits_across and height >= 3 * len(scene.seats) + 16

    def on_resize(self, _event: events.Resize) -> None:
        """Redraw for the new size: cards as boxes only where they fit."""
        self._draw()

    def _note(self, line: str) -> None:
        self.query_one("#log", RichLog).write(styled_line(line))
