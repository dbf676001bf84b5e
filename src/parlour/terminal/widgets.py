"""The full-screen table's widgets: the seats as one table, the table's lines, the choices.

Everything a player typed or named is drawn as :class:`rich.text.Text`, never parsed as
markup: a name like ``[/]`` or ``[bold]`` shows as those characters. One row per seat
keeps a ten-handed Palace table on an 80x24 terminal; cards are drawn inline, suits in
colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from parlour.cards import Card
from parlour.i18n import _
from parlour.terminal.cardface import card_row, cards_inline
from parlour.terminal.menu import CardPick, Menu, Option
from parlour.terminal.scene import (
    DEALER,
    InfoLine,
    Scene,
    SeatScene,
    column_words,
    group_words,
    status_words,
)

#: The widest a name and its marks are drawn in the seats table (a longer name is cut
#: short with an ellipsis, its marks kept).
NAME_WIDTH = 20


class SeatTable(Static):
    """Every seat, one row each: who, chips, cards by column, and its state."""

    DEFAULT_CSS = """
    SeatTable { height: auto; padding: 0 1; }
    """

    def show(self, scene: Scene, *, boxes: bool = False) -> None:
        """Redraw for ``scene``; ``boxes`` draws each card as a small box (three lines)."""
        self.update(seat_table(scene, boxes=boxes, width=self.content_size.width or None))


def seat_table(scene: Scene, *, boxes: bool = False, width: int | None = None) -> Table:
    """The seats of ``scene`` as a Rich table, cards inline or (``boxes``) as boxes.

    Every column keeps the width of its widest cell; only the last (status and what the
    cards are worth) gives way, cut short, when the table is wider than ``width``.
    """
    keyed = any(s.key for s in scene.seats) or "Palace" in scene.columns
    heads = ["", *(["#"] if keyed else []), "Player", "Stack", scene.bet_label, *scene.columns]
    rows = [_row(seat, scene.columns, keyed=keyed, boxes=boxes) for seat in scene.seats]
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False)
    # With boxed cards a row is three lines: the words sit on the middle one, by the faces.
    middle: Literal["top", "middle"] = "middle" if boxes else "top"
    used = 0
    for index, head in enumerate(heads):
        widest = max([len(column_words(head)), *(_width(row[index]) for row in rows)])
        used += widest + 2  # each column is padded by one space on either side
        table.add_column(
            column_words(head),
            min_width=widest,
            no_wrap=head != "Soldiers",
            justify="right" if head in ("#", "Stack", scene.bet_label) else "left",
            vertical="top" if head in scene.columns else middle,
            header_style="dim",
        )
    room = None if width is None else max(4, width - used)
    table.add_column("", no_wrap=True, overflow="ellipsis", vertical=middle, max_width=room)
    for seat, row in zip(scene.seats, rows, strict=True):
        table.add_row(*row, _state_cell(seat), style="dim" if _gone(seat) else "")
    return table


def _row(seat: SeatScene, columns: Sequence[str], *, keyed: bool, boxes: bool) -> list[Text]:
    """The cells of a seat's row before its state: marker, key, name, chips, cards."""
    cells = [Text("▶", style="bold yellow") if seat.acting else Text()]
    if keyed:
        cells.append(_key_cell(seat))
    cells += [
        _name_cell(seat),
        Text(str(seat.stack)),
        Text(str(seat.bet) if seat.bet else "", style="yellow"),
    ]
    groups = {g.label: g.cards for g in seat.groups}
    return cells + [_cards_cell(groups.get(label), boxes=boxes) for label in columns]


def _width(text: Text) -> int:
    return max((line.cell_len for line in text.split("\n")), default=0)


def _gone(seat: SeatScene) -> bool:
    return seat.status in ("folded", "out", "out of chips", "sitting out", "mucked")


def _key_cell(seat: SeatScene) -> Text:
    if seat.key:
        return Text(seat.key, style="bold reverse")
    return Text(str(seat.seat), style="dim")


def _name_cell(seat: SeatScene) -> Text:
    """The name as text (never markup), cut short to leave room for its marks."""
    marks = Text()
    if seat.you and seat.name != _("You"):
        marks.append(_(" (you)"), style="green")
    if seat.button:
        marks.append(" " + DEALER, style="bold cyan")
    text = Text(seat.name, style="bold green" if seat.you else ("bold" if seat.acting else ""))
    room = NAME_WIDTH - marks.cell_len
    if text.cell_len > room:
        text.truncate(room, overflow="ellipsis")
    return text + marks


def _cards_cell(cards: tuple[Card | None, ...] | None, *, boxes: bool) -> Text:
    if not cards:
        return Text(("\n—\n" if boxes else "—") if cards is not None else "", style="dim")
    return card_row(cards) if boxes else cards_inline(cards)


def _state_cell(seat: SeatScene) -> Text:
    text = Text()
    won = seat.status.startswith(("won", "split"))
    status_style = "bold green" if won else "italic magenta"
    parts = ((status_words(seat.status), status_style), (seat.note, "cyan"), (seat.offer, ""))
    for part, style in parts:
        if part:
            if text:
                text.append(" · ", style="dim")
            text.append(part, style=style)
    return text


class InfoPanel(Static):
    """The table's own lines: pots, piles, the battle under way, what your hand is worth."""

    DEFAULT_CSS = """
    InfoPanel { height: auto; padding: 0 1; }
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
        border-top: solid $accent;
        padding: 0 1;
        height: auto;
    }
    """

    def show_menu(self, menu: Menu) -> None:
        """List the options (a group such as the attacks on one line), then what Enter does."""
        text = Text()
        plain = [o for o in menu.options if not o.group]
        for index, option in enumerate(plain):
            if index:
                text.append("   ")
            _append_option(text, option, default=option is menu.default_option)
        groups: dict[str, list[Option]] = {}
        for option in menu.options:
            if option.group:
                groups.setdefault(option.group, []).append(option)
        width = max(40, self.size.width - 2)
        for group, members in groups.items():
            text.append("\n")
            text.append_text(_group_line(group, members, width))
        text.append(_("\n{hint}   q: quit", hint=menu.enter_hint()), style="dim")
        self.border_title = _("Your turn")
        self.update(text)

    def show_pick(self, name: str, pick: CardPick, chosen: Sequence[Card], confirm: str) -> None:
        """The soldiers to toggle by number, the chosen ones marked, and what Enter does."""
        marks = [f"{'✓' if c in chosen else ' '}{i}" for i, c in enumerate(pick.cards, 1)]
        keys = "1" if len(pick.cards) == 1 else _("1 to {last}", last=len(pick.cards))
        head = Text(
            _(
                "Press {keys} to choose soldiers ({range}); Escape: back",
                keys=keys,
                range=pick.describe(),
            )
        )
        chosen_line = Text(_("chosen: "), style="dim")
        chosen_line.append_text(cards_inline(list(chosen)) if chosen else Text(_("none")))
        chosen_line.append(_("   Enter: {choice}", choice=confirm), style="bold")
        self.border_title = name
        self.update(Group(head, card_row(pick.cards, marks), chosen_line))

    def show_message(self, title: str, message: str) -> None:
        """A plain message (waiting, the hand's result, the end of the session)."""
        self.border_title = title
        self.update(Text(message))


def _group_line(group: str, members: Sequence[Option], width: int) -> Text:
    """Options of one group on one line: keys with names when they fit, else keys alone."""
    note = _("  (the key is the seat's #)") if group == "attack" else ""
    members = sorted(members, key=lambda o: o.key)
    for named in (True, False):
        line = Text(_("{group}: ", group=group_words(group)), style="bold")
        for index, option in enumerate(members):
            if index:
                line.append("  " if named else " ")
            line.append(f"[{option.key}]", style="bold reverse")
            if named:
                line.append(f" {option.short}")
        if not named or line.cell_len + len(note) <= width:
            break
    line.append(note, style="dim")
    return line


def _append_option(text: Text, option: Option, *, default: bool) -> None:
    text.append(f"[{option.key}]", style="bold reverse")
    text.append(f" {option.label}", style="bold underline" if default else "")
