"""Americana at the terminal: the table as a scene, the legal choices as a menu, events in words.

Keys: ``f`` fold, ``c`` check or call, ``b`` bring in or bet, ``r`` raise. A bet or raise
is sized as the player's total in the round (``to``), as the engine and the hand
record count it; a limit bet or raise has one size and is not asked for. Enter checks
when checking is free and does nothing when facing a bet.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Final

from parlour.cards import Card
from parlour.events import Event
from parlour.games import americana, get_game
from parlour.games.americana import AmericanaView, Choice, SeatView
from parlour.games.protocol import Game
from parlour.i18n import N_, _
from parlour.narration import americana as narration
from parlour.narration.strength import americana_notes
from parlour.terminal.menu import Menu, Option, SizeRange
from parlour.terminal.scene import CardGroup, InfoLine, Scene, SeatScene, structure_name, winnings
from parlour.terminal.table import LocalTable

_KEYS: Final = dict(americana.META.keys)

#: The column of cards every seat row has: the hole card, then the upcards.
COLUMNS: Final = ("Cards",)


class AmericanaRules:
    """The terminal's knowledge of Americana (see :class:`parlour.terminal.table.Rules`)."""

    @property
    def game(self) -> Game:
        """The Americana engine."""
        return get_game("americana")

    def scene(self, table: LocalTable) -> Scene:
        """The table as the human sees it: hole card, everyone's upcards, bets, the pot."""
        assert table.hand is not None
        view = table.hand.view(table.human)
        assert isinstance(view, AmericanaView)
        rows = {s.seat: s for s in view.seats}
        opts = table.options.to_dict()
        notes = americana_notes(view)
        seats = tuple(
            _seat_scene(rows.get(p.seat), p.seat, p.name, table, view, notes.get(p.seat, ""))
            for p in table.seats
        )
        title = _(
            "Americana · {structure} · ante {ante}, bring-in {bring_in} · hand {number}",
            structure=structure_name(str(opts["structure"])),
            ante=opts["ante"],
            bring_in=opts["bring_in"],
            number=table.hand_number,
        )
        lines = [InfoLine(_pot_line(view, over=table.hand.is_over))]
        return Scene(title, seats, tuple(lines), COLUMNS, "Bet")

    def menu(self, table: LocalTable) -> Menu:
        """The human's legal choices, keyed."""
        assert table.hand is not None
        view = table.hand.view(table.human)
        assert isinstance(view, AmericanaView)
        choices = view.legal_actions
        safe = americana.META.default_action(choices, table.human)
        return Menu.of_safe((_option(c) for c in choices), safe)

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """One line per event, in the player's words (second person for the human)."""
        return narration.narrate(event, names, you)


def _pot_line(view: AmericanaView, *, over: bool) -> str:
    parts = [_("Pot {amount}", amount=view.pot)]
    if view.current_bet:
        parts.append(_("bet to match {amount}", amount=view.current_bet))
    parts.append(_("hand over") if over else _("round {number} of 4", number=view.street))
    return " · ".join(parts)


def _seat_scene(
    row: SeatView | None, seat: int, name: str, table: LocalTable, view: AmericanaView, note: str
) -> SeatScene:
    you = seat == table.human
    button = seat == table.button
    if row is None:
        stack = table.stack(seat)
        return SeatScene(seat, name, stack, status="out of chips", button=button, you=you)
    if not row.dealt_in:
        return SeatScene(seat, name, row.stack, status="sitting out", button=button, you=you)
    cards: tuple[Card | None, ...] = (row.hole, *row.upcards)
    return SeatScene(
        seat,
        name,
        row.stack,
        row.bet,
        (CardGroup(COLUMNS[0], cards),),
        _status(row, view),
        button,
        view.to_act == seat,
        you,
        note=note,
    )


def _status(row: SeatView, view: AmericanaView) -> str:
    won = winnings(view.outcome, row.seat)
    if won:
        return won
    if row.mucked:
        return "mucked"
    if not row.in_hand:
        return "folded"
    if row.shown:
        return "shown"
    return "all-in" if row.stack == 0 else ""


def _option(choice: Choice) -> Option:
    do = choice.do
    key = _KEYS.get(do, "")
    if do in ("bet", "raise"):
        size = SizeRange(choice.min_to, choice.max_to, "to")
        if do == "bet":
            label = _("bet to {range}", range=size.describe())
        else:
            label = _("raise to {range}", range=size.describe())
        return Option(key, label, partial(_sized, choice), size=size, word=do)
    word = "bring" if do == "bring_in" else do
    label = _(_LABELS[do], amount=choice.amount) if do in _LABELS else do
    if choice.amount and do not in ("fold", *_LABELS):
        label += f" {choice.amount}"
    return Option(key, label, partial(_exact, choice), word=word)


#: The words of a choice without a size (``{amount}``: what it costs).
_LABELS: Final = {
    "bring_in": N_("bring in {amount}"),
    "fold": N_("fold"),
    "check": N_("check"),
    "call": N_("call {amount}"),
}


def _sized(choice: Choice, to: int, _cards: tuple[Card, ...]) -> americana.Action:
    return choice.action(to)


def _exact(choice: Choice, _amount: int, _cards: tuple[Card, ...]) -> americana.Action:
    return choice.action()


#: The table for :func:`parlour.terminal.launch.rules_for`.
RULES: Final = AmericanaRules()
