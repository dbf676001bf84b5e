"""Palace Poker at the terminal: banners, palaces and soldiers as a scene, the legal
choices as a menu (soldiers picked for a trim or discard), events in words.

Keys: ``b`` buy, ``s`` stay, ``f`` fold, ``d`` discard, ``t`` trim, ``c`` call,
``r`` raise; a bet names its target, one option (and key) per opponent that may be
attacked. Only the human's own palace is face up, and another palace only when P-41
showed it (the view decides; the scene draws what the view holds).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Final

from parlour.cards import Card
from parlour.events import Event
from parlour.games import get_game, palace
from parlour.games.palace import BetChoice, CardChoice, Choice, Plain, RaiseChoice
from parlour.games.palace.view import PalaceView, PlayerView
from parlour.games.protocol import Game
from parlour.narration import palace as narration
from parlour.narration.strength import palace_notes
from parlour.narration.words import capitalised, name_of
from parlour.terminal.menu import CardPick, Menu, Option, SizeRange
from parlour.terminal.scene import CardGroup, InfoLine, Scene, SeatScene
from parlour.terminal.table import Table

_KEYS: Final = {
    "buy": "b",
    "stay": "s",
    "fold": "f",
    "call": "c",
    "discard": "d",
    "trim": "t",
    "raise": "r",
}

#: What an empty answer takes: stay when free, otherwise fold.
DEFAULTS: Final = ("stay", "fold")


class PalaceRules:
    """The terminal's knowledge of Palace Poker (see :class:`parlour.terminal.table.Rules`)."""

    @property
    def game(self) -> Game:
        """The Palace Poker engine."""
        return get_game("palace")

    def scene(self, table: Table) -> Scene:
        """The table as the human sees it: banners, palaces (own face up), soldiers, piles."""
        hand = table.hand
        assert hand is not None
        view = hand.view(table.human)
        assert isinstance(view, PalaceView)
        rows = {p.seat: p for p in view.players}
        seats = tuple(
            _seat_scene(rows.get(p.seat), p.seat, p.name, table.stack(p.seat), table, view)
            for p in table.seats
        )
        opts = table.options.to_dict()
        title = (
            f"Palace Poker · {opts['structure'].replace('_', '-')} · SB {opts['small_bet']}"
            f", BB {opts['big_bet']}, ante {opts['ante']} · hand {table.hand_number}"
        )
        return Scene(title, seats, _lines(view, table))

    def menu(self, table: Table) -> Menu:
        """The human's legal choices, keyed; one bet option per opponent."""
        assert table.hand is not None
        view = table.hand.view(table.human)
        assert isinstance(view, PalaceView)
        return Menu.of((_option(c, table.names, table.human) for c in view.legal_actions), DEFAULTS)

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """One line per event, in the player's words (second person for the human)."""
        return narration.narrate(event, names, you)


def _lines(view: PalaceView, table: Table) -> tuple[InfoLine, ...]:
    lines = [
        InfoLine(
            f"Pot {view.pot} · draw pile {view.draw_count} · discard pile {view.discard_count}"
        )
    ]
    if view.own_discards:
        lines.append(InfoLine("Your discards:", view.own_discards))
    worth = palace_notes(view).get(table.human)
    if worth:
        lines.append(InfoLine(f"Your hand {worth}"))
    battle = view.battle
    names = table.names
    you = table.human
    if battle is not None:
        attacker, defender = (name_of(p, names, you) for p in (battle.attacker, battle.defender))
        owed = f"{attacker} {battle.attacker_owes}, {defender} {battle.defender_owes}"
        lines.append(
            InfoLine(
                f"Battle: {capitalised(attacker)} against {defender} · still to pay: {owed} · "
                f"raises {battle.raises}"
            )
        )
    elif view.phase == "trim" and view.to_act is not None:
        who = capitalised(name_of(view.to_act, names, table.human))
        lines.append(InfoLine(f"Trim: {who} may put soldiers aside (free)"))
    return tuple(lines)


def _seat_scene(
    row: PlayerView | None, seat: int, name: str, stack: int, table: Table, view: PalaceView
) -> SeatScene:
    you = seat == table.human
    button = seat == table.button
    if row is None:
        return SeatScene(seat, name, stack, status="out of chips", button=button, you=you)
    if not row.dealt_in:
        return SeatScene(seat, name, row.stack, status="sitting out", button=button, you=you)
    palace_cards: tuple[Card | None, ...] = (
        row.palace if row.palace is not None else (None,) * row.palace_size
    )
    groups = (
        CardGroup("banner", (row.banner,) if row.banner is not None else ()),
        CardGroup("palace", palace_cards),
        CardGroup("soldiers", row.soldiers),
    )
    return SeatScene(
        seat,
        name,
        row.stack,
        row.paid,
        groups,
        _status(row, view),
        button,
        view.to_act == seat,
        you,
    )


def _status(row: PlayerView, view: PalaceView) -> str:
    if not row.in_hand:
        return "out of the hand"
    battle = view.battle
    if battle is not None and row.seat in (battle.attacker, battle.defender):
        return "attacking" if row.seat == battle.attacker else "defending"
    return "no chips" if row.stack == 0 else ""


def _option(choice: Choice, names: Mapping[int, str], you: int) -> Option:
    key = _KEYS.get(choice.do, "")
    if isinstance(choice, Plain):
        cost = (
            ""
            if not choice.amount
            else (f" {choice.amount}" if choice.do == "call" else f" ({choice.amount})")
        )
        return Option(key, choice.do + cost, partial(_plain, choice))
    if isinstance(choice, CardChoice):
        pick = CardPick(choice.soldiers, choice.least, choice.most)
        fee = f", fee {choice.amount}" if choice.amount else ""
        label = f"{choice.do} ({pick.describe()} soldiers{fee})"
        return Option(key, label, partial(_picked, choice), pick=pick)
    if isinstance(choice, BetChoice):
        target = name_of(choice.target, names, you)
        label = f"attack {target} (bet {choice.bet}, they call {choice.call})"
        size = (
            SizeRange(choice.min_extra, choice.max_extra, "extra", zero_ok=True)
            if choice.max_extra
            else None
        )
        if size is not None:
            label += f" + extra {size.describe()}"
        return Option("", label, partial(_bet, choice), size=size, word="bet")
    assert isinstance(choice, RaiseChoice)
    size = SizeRange(choice.min_by, choice.max_by, "by")
    label = f"raise by {size.describe()} (plus {choice.call} to call)"
    return Option(key, label, partial(_raise, choice), size=size)


_PLAIN: Final[dict[str, type[palace.Buy | palace.Stay | palace.Fold | palace.Call]]] = {
    "buy": palace.Buy,
    "stay": palace.Stay,
    "fold": palace.Fold,
    "call": palace.Call,
}


def _plain(choice: Plain, _amount: int, _cards: tuple[Card, ...]) -> palace.Action:
    return _PLAIN[choice.do](choice.seat)


def _picked(choice: CardChoice, _amount: int, cards: tuple[Card, ...]) -> palace.Action:
    if choice.do == "trim":
        return palace.Trim(choice.seat, cards)
    return palace.Discard(choice.seat, cards)


def _bet(choice: BetChoice, extra: int, _cards: tuple[Card, ...]) -> palace.Action:
    return palace.Bet(choice.seat, choice.target, extra)


def _raise(choice: RaiseChoice, by: int, _cards: tuple[Card, ...]) -> palace.Action:
    return palace.Raise(choice.seat, by)


#: The table for :func:`parlour.terminal.launch.rules_for`.
RULES: Final = PalaceRules()
