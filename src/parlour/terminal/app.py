"""The full-screen table (Textual): seats and cards, the table's lines, a log, the choices.

Keys: each legal option has one (shown in the choice bar); Enter takes the default
(check or stay when free, otherwise fold); a bet size is typed into an input that shows
its range and is checked before it reaches the engine; Palace soldiers are toggled by
number for a trim or discard. Between hands Enter deals the next one. ``q`` quits and
saves the session's hand records.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, RichLog

from parlour.cards import Card
from parlour.events import Event
from parlour.terminal.cardface import styled_line
from parlour.terminal.menu import Menu, Option
from parlour.terminal.table import LocalTable, Rules
from parlour.terminal.widgets import ChoiceBar, InfoPanel, SeatPanel


class TableApp(App[int]):
    """Plays hands at ``table`` until the player quits; exits with the number of saved hands."""

    TITLE = "parlour"
    CSS = """
    #main { height: 1fr; }
    #felt { width: 3fr; }
    #seats { height: auto; layout: grid; grid-size: 2; grid-gutter: 0 1; }
    #log { width: 1fr; min-width: 30; border: round $primary; }
    #bottom { height: auto; }
    #size { display: none; }
    #size.shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_table", "Quit and save"),
        Binding("escape", "go_back", "Back", show=False),
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
        """Header, felt (table lines and seats) beside the log, then the choices."""
        yield Header()
        with Horizontal(id="main"):
            with VerticalScroll(id="felt"):
                yield InfoPanel(id="info")
                yield Vertical(id="seats")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        with Vertical(id="bottom"):
            yield ChoiceBar(id="choices")
            yield Input(id="size", type="integer")
        yield Footer()

    def on_mount(self) -> None:
        """Seat the players and deal the first hand."""
        seats = self.query_one("#seats", Vertical)
        seats.styles.grid_size_columns = 2 if len(self.table.seats) > 2 else 1
        for player in self.table.seats:
            seats.mount(SeatPanel(id=f"seat-{player.seat}"))
        self.query_one("#log", RichLog).border_title = "What you saw"
        self.call_after_refresh(self._deal)

    # -- the flow of a hand ---------------------------------------------------------------

    def _deal(self) -> None:
        self._note(f"— Hand {self.table.hand_number + 1} —")
        self._after(self.table.deal())

    def _after(self, seen: list[Event]) -> None:
        """Log what happened, redraw, and ask for the next decision or close the hand."""
        names = self.table.names
        for event in seen:
            line = self.rules.narrate(event, names, self.table.human)
            if line:
                self._note(line)
        self._draw()
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
        self._note(result)
        bar = self.query_one(ChoiceBar)
        reason = self.table.stop_reason(self.hands)
        if reason is None:
            self.mode = "between"
            bar.show_message("Hand over", f"{result}\nEnter: next hand    q: quit and save")
        elif chips := self.table.rebuy_offer(self.hands):
            self.mode = "rebuy"
            bar.show_message(
                "Out of chips", f"{result}\nr: buy in again for {chips}    q: quit and save"
            )
        else:
            self.mode = "done"
            bar.show_message("Session over", f"{result}\n{reason}  q: quit and save")

    def _submit(self, option: Option, amount: int = 0, cards: tuple[Card, ...] = ()) -> None:
        try:
            action = option.build(amount, cards)
            seen = self.table.act(action)
        except ValueError as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
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
            self._note(f"You buy in again for {self.table.rebuy()}.")
            self._deal()

    def _choose_key(self, event: events.Key, menu: Menu) -> None:
        if event.key == "enter":
            option = menu.default_option
        else:
            found = menu.find(event.character or "")
            if found is None:
                return
            option = found
        event.stop()
        self.option = option
        if option.size is not None:
            self.mode = "size"
            size = option.size
            size_input = self.query_one("#size", Input)
            size_input.value = ""
            size_input.border_title = f"{option.name} {size.word}: min {size.low}, max {size.high}"
            size_input.placeholder = f"{option.name} {size.word} {size.describe()}"
            self.query_one(ChoiceBar).show_message(
                option.label,
                f"Type how much: {option.name} {size.word} {size.describe()} "
                f"(min {size.low}, max {size.high}); Enter to confirm, Escape to go back",
            )
            size_input.add_class("shown")
            size_input.focus()
        elif option.pick is not None:
            self.mode = "pick"
            self.chosen = []
            self.query_one(ChoiceBar).show_pick(option.label, option.pick, self.chosen)
        else:
            self._submit(option)

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
                self.query_one(ChoiceBar).show_pick(option.label, option.pick, self.chosen)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Check the typed size and act, or say what is allowed."""
        option = self.option
        if self.mode != "size" or option is None or option.size is None:
            return
        text = message.value.strip()
        if not text.lstrip("-").isdigit():
            self.notify(
                f"type a whole number: {option.size.word} {option.size.describe()}",
                title="Not a number",
                severity="error",
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
        scene = self.rules.scene(self.table)
        self.sub_title = scene.title
        self.query_one(InfoPanel).show(scene.lines)
        for seat in scene.seats:
            self.query_one(f"#seat-{seat.seat}", SeatPanel).show(seat)

    def _note(self, line: str) -> None:
        self.query_one("#log", RichLog).write(styled_line(line))
