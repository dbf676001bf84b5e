"""The full-screen table's widgets: seats with their cards, the table's lines, the choices."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from parlour.cards import Card
from parlour.terminal.cardface import card_row, cards_inline
from parlour.terminal.menu import CardPick, Menu
from parlour.terminal.scene import CardGroup, InfoLine, SeatScene


class SeatPanel(Static):
    """One seat: name in the border, chips and status, each card group drawn as boxes."""

    DEFAULT_CSS = """
    SeatPanel {
        border: round $secondary;
        padding: 0 1;
        height: auto;
        width: 1fr;
        min-width: 30;
    }
    SeatPanel.acting { border: double $warning; }
    SeatPanel.you { border: round $success; }
    SeatPanel.you.acting { border: double $success; }
    SeatPanel.gone { opacity: 60%; }
    """

    def show(self, seat: SeatScene) -> None:
        """Redraw the panel for ``seat``."""
        self.border_title = seat.title
        self.border_subtitle = "to act" if seat.acting else ""
        self.set_class(seat.acting, "acting")
        self.set_class(seat.you, "you")
        self.set_class(seat.status in ("folded", "out"), "gone")
        self.update(seat_renderable(seat))


#: Most cards drawn on one line of a seat panel before the next group wraps below.
LINE_CARDS = 7


def seat_renderable(seat: SeatScene) -> RenderableType:
    """Chips line, then the card groups side by side (wrapping), each under its label."""
    chips = Text.assemble(("stack ", "dim"), (str(seat.stack), "bold"))
    if seat.bet:
        chips.append_text(Text.assemble((" · in pot ", "dim"), (str(seat.bet), "bold yellow")))
    if seat.status:
        chips.append_text(Text.assemble((" · ", "dim"), (seat.status, "italic magenta")))
    parts: list[RenderableType] = [chips]
    for line in _lines_of(seat.groups):
        grid = Table.grid(padding=(0, 2))
        cells: list[RenderableType] = []
        for group in line:
            grid.add_column()
            drawn = card_row(group.cards) if group.cards else Text("\n—", style="dim")
            cells.append(Group(Text(group.label, style="dim"), drawn))
        grid.add_row(*cells)
        parts.append(grid)
    return Group(*parts)


def _lines_of(groups: Sequence[CardGroup]) -> list[list[CardGroup]]:
    """Pack groups into lines of at most :data:`LINE_CARDS` cards (a group never splits)."""
    lines: list[list[CardGroup]] = []
    count = LINE_CARDS
    for group in groups:
        size = max(1, len(group.cards))
        if count + size > LINE_CARDS:
            lines.append([])
            count = 0
        lines[-1].append(group)
        count += size
    return lines


class InfoPanel(Static):
    """The table's own lines: pots, piles, the battle under way."""

    DEFAULT_CSS = """
    InfoPanel {
        border: round $primary;
        padding: 0 1;
        height: auto;
    }
    """

    def show(self, lines: Sequence[InfoLine]) -> None:
        """Redraw with ``lines``; cards in a line are drawn inline in colour."""
        texts = []
        for line in lines:
            text = Text(line.text)
            if line.cards:
                text.append(" ")
                text.append_text(cards_inline(line.cards))
            texts.append(text)
        self.update(Text("\n").join(texts) if texts else Text(""))


class ChoiceBar(Static):
    """The decision at hand: the legal options with their keys, or what to do next."""

    DEFAULT_CSS = """
    ChoiceBar {
        border: round $accent;
        padding: 0 1;
        height: auto;
    }
    """

    def show_menu(self, menu: Menu) -> None:
        """List the options, the default marked (Enter takes it)."""
        text = Text()
        for index, option in enumerate(menu.options):
            if index:
                text.append("   ")
            text.append(f"[{option.key}]", style="bold reverse")
            style = "bold underline" if index == menu.default else ""
            text.append(f" {option.label}", style=style)
        text.append("   (Enter: " + menu.default_option.label + ", q: quit)", style="dim")
        self.border_title = "Your turn"
        self.update(text)

    def show_pick(self, name: str, pick: CardPick, chosen: Sequence[Card]) -> None:
        """The soldiers to toggle by number, the chosen ones marked."""
        marks = [f"{'✓' if c in chosen else ' '}{i}" for i, c in enumerate(pick.cards, 1)]
        keys = "1" if len(pick.cards) == 1 else f"1 to {len(pick.cards)}"
        head = Text(
            f"Press {keys} to choose soldiers ({pick.describe()}); "
            "Enter to confirm, Escape to go back"
        )
        chosen_line = Text("chosen: ", style="dim")
        chosen_line.append_text(cards_inline(list(chosen)) if chosen else Text("none"))
        self.border_title = name
        self.update(Group(head, card_row(pick.cards, marks), chosen_line))

    def show_message(self, title: str, message: str) -> None:
        """A plain message (waiting, the hand's result, the end of the session)."""
        self.border_title = title
        self.update(Text(message))
