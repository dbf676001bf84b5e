"""Palace Poker at the terminal: banners, palaces and soldiers as a scene, the legal
choices as a menu (soldiers picked for a trim or discard), events in words.

Keys: ``b`` buy, ``s`` stay, ``f`` fold, ``d`` discard, ``k`` keep every soldier, ``t``
trim, ``c`` call, ``r`` raise. An attack is keyed by the target's seat number (``3``
attacks seat 3), shown in the table's ``#`` column: a seat keeps its key all session,
whoever leaves. Only the human's own palace is face up, and another palace only when
P-41 showed it (the view decides; the scene draws what the view holds).
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
from parlour.i18n import N_, _, _n, say
from parlour.narration import palace as narration
from parlour.narration.strength import palace_values
from parlour.narration.words import capitalised, name_of
from parlour.terminal.cardface import SUIT_GLYPHS
from parlour.terminal.menu import CardPick, Menu, Option, SizeRange
from parlour.terminal.scene import CardGroup, InfoLine, Scene, SeatScene, structure_name, winnings
from parlour.terminal.table import LocalTable

#: The game's keys, and ``k`` for keeping every soldier (a trim of none, P-19, P-40).
_KEYS: Final = {**dict(palace.META.keys), "keep": "k"}

#: The columns of cards every seat row has (P-9, P-15, P-19).
COLUMNS: Final = ("Banner", "Palace", "Soldiers")


class PalaceRules:
    """The terminal's knowledge of Palace Poker (see :class:`parlour.terminal.table.Rules`)."""

    @property
    def game(self) -> Game:
        """The Palace Poker engine."""
        return get_game("palace")

    def scene(self, table: LocalTable) -> Scene:
        """The table as the human sees it: banners, palaces (own face up), soldiers, piles."""
        view = _view(table)
        rows = {p.seat: p for p in view.players}
        offers = _offers(view) if view.to_act == table.human else {}
        seats = tuple(
            _seat_scene(rows.get(p.seat), p.seat, p.name, table, view, offers.get(p.seat))
            for p in table.seats
        )
        opts = table.options.to_dict()
        title = _(
            "Palace Poker · {structure} · SB {small_bet}, BB {big_bet}, ante {ante} · "
            "hand {number}",
            structure=structure_name(str(opts["structure"])),
            small_bet=opts["small_bet"],
            big_bet=opts["big_bet"],
            ante=opts["ante"],
            number=table.hand_number,
        )
        return Scene(title, seats, _lines(view, table), COLUMNS, "Paid")

    def menu(self, table: LocalTable) -> Menu:
        """The human's legal choices, keyed; one attack per opponent, keyed by its seat.

        Enter takes the game's safe default move when it gives nothing up (stay, keep all).
        """
        view = _view(table)
        choices = view.legal_actions
        options: list[Option] = []
        for choice in choices:
            options += _options(choice, table.names, table.human)
        attacks = sorted((o for o in options if o.group), key=lambda o: (len(o.key), o.key))
        safe = palace.META.default_action(choices, table.human)
        return Menu.of_safe([*(o for o in options if not o.group), *attacks], safe)

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """One line per event, in the player's words (second person for the human)."""
        return narration.narrate(event, names, you)


def _view(table: LocalTable) -> PalaceView:
    assert table.hand is not None
    view = table.hand.view(table.human)
    assert isinstance(view, PalaceView)
    return view


def _offers(view: PalaceView) -> dict[int, BetChoice]:
    """The attacks open to the human, by target seat."""
    return {c.target: c for c in view.legal_actions if isinstance(c, BetChoice)}


def _lines(view: PalaceView, table: LocalTable) -> tuple[InfoLine, ...]:
    lines = [
        InfoLine(
            _(
                "Pot {amount} · draw pile {draw} · discard pile {discards}",
                amount=view.pot,
                draw=view.draw_count,
                discards=view.discard_count,
            )
        )
    ]
    battle = view.battle
    names, you = table.names, table.human
    if battle is not None:
        attacker, defender = (name_of(p, names, you) for p in (battle.attacker, battle.defender))
        owed = f"{attacker} {battle.attacker_owes}, {defender} {battle.defender_owes}"
        lines.append(
            InfoLine(
                _(
                    "Battle: {attacker} against {defender} · still to pay: {owed} · "
                    "raises {raises}",
                    attacker=capitalised(attacker),
                    defender=defender,
                    owed=owed,
                    raises=battle.raises,
                )
            )
        )
    elif view.phase == "trim" and view.to_act is not None:
        if view.to_act == you:
            trim = _("You may now put soldiers face down, free (a trim)")
        else:
            trim = _(
                "{name} may now put soldiers face down, free (a trim)",
                name=name_of(view.to_act, names, you),
            )
        lines.append(InfoLine(trim))
    values = palace_values(view)
    foe = _foe(view, you)
    if foe is not None:  # in a battle, only the hand that fights it
        values = [v for v in values if foe in v[1]]
    if values:
        parts = [
            _("no {suit}: {hand}", suit=SUIT_GLYPHS[suit], hand=say(value))
            for suit, _foes, value in values
        ]
        lines.append(InfoLine(_("Your battle hand · {hands}", hands=" · ".join(parts))))
    if view.own_discards:
        lines.append(InfoLine(_("Your discards:"), view.own_discards))
    return tuple(lines)


def _foe(view: PalaceView, you: int) -> str | None:
    """The name of the human's opponent in the battle under way, if the human is in it."""
    battle = view.battle
    if battle is None or you not in (battle.attacker, battle.defender):
        return None
    seat = battle.defender if you == battle.attacker else battle.attacker
    player = next(p for p in view.players if p.seat == seat)
    return player.name or _("Seat {number}", number=seat + 1)


def _seat_scene(
    row: PlayerView | None,
    seat: int,
    name: str,
    table: LocalTable,
    view: PalaceView,
    offer: BetChoice | None,
) -> SeatScene:
    you = seat == table.human
    button = seat == table.button
    key = _key(seat) if offer is not None else ""
    if row is None:
        stack = table.stack(seat)
        return SeatScene(seat, name, stack, status="out of chips", button=button, you=you)
    if not row.dealt_in:
        return SeatScene(seat, name, row.stack, status="sitting out", button=button, you=you)
    palace_cards: tuple[Card | None, ...] = (
        row.palace if row.palace is not None else (None,) * row.palace_size
    )
    groups = (
        CardGroup(COLUMNS[0], (row.banner,) if row.banner is not None else ()),
        CardGroup(COLUMNS[1], palace_cards),
        CardGroup(COLUMNS[2], row.soldiers),
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
        key=key,
        offer=_("they call {amount}", amount=offer.call) if offer is not None else "",
    )


def _key(seat: int) -> str:
    """The key that attacks ``seat``: its number, for the ten seats a table has (P-1)."""
    return str(seat) if 0 <= seat <= 9 else ""


def _status(row: PlayerView, view: PalaceView) -> str:
    won = winnings(view.outcome, row.seat)
    if won:
        return won
    if not row.in_hand:
        return "out"
    battle = view.battle
    if battle is not None and row.seat in (battle.attacker, battle.defender):
        return "attacking" if row.seat == battle.attacker else "defending"
    return "no chips" if row.stack == 0 else ""


def _options(choice: Choice, names: Mapping[int, str], you: int) -> list[Option]:
    key = _KEYS.get(choice.do, "")
    if isinstance(choice, Plain):
        label = _(_PLAIN_WORDS[choice.do], amount=choice.amount)
        if not choice.amount:
            label = _(_PLAIN_FREE[choice.do])
        return [Option(key, label, partial(_plain, choice), word=choice.do)]
    if isinstance(choice, CardChoice):
        return _card_options(choice)
    if isinstance(choice, BetChoice):
        return [_attack(choice, names, you)]
    assert isinstance(choice, RaiseChoice)
    size = SizeRange(choice.min_by, choice.max_by, "by")
    label = _("raise by {range} (plus {call} to call)", range=size.describe(), call=choice.call)
    return [Option(key, label, partial(_raise, choice), size=size, word="raise")]


def _card_options(choice: CardChoice) -> list[Option]:
    """A discard, or a trim: "keep all" on its own key when keeping every soldier is allowed."""
    if choice.do == "discard":
        pick = CardPick(choice.soldiers, choice.least, choice.most)
        label = _("discard soldiers (fee {amount})", amount=choice.amount)
        return [
            Option(_KEYS["discard"], label, partial(_picked, choice), pick=pick, word="discard")
        ]
    least = max(1, choice.least)
    options = []
    if choice.least == 0:
        options.append(Option(_KEYS["keep"], _("keep all"), partial(_picked, choice), word="keep"))
    if choice.most >= least:
        pick = CardPick(choice.soldiers, least, choice.most)
        label = _n(
            "trim {range} soldier", "trim {range} soldiers", choice.most, range=pick.describe()
        )
        options.append(
            Option(_KEYS["trim"], label, partial(_picked, choice), pick=pick, word="trim")
        )
    return options


def _attack(choice: BetChoice, names: Mapping[int, str], you: int) -> Option:
    target = name_of(choice.target, names, you)
    size = (
        SizeRange(choice.min_extra, choice.max_extra, "extra", zero_ok=True)
        if choice.max_extra
        else None
    )
    if size is None:
        label = _(
            "attack {target} (you bet {bet}, they call {call})",
            target=target,
            bet=choice.bet,
            call=choice.call,
        )
    else:
        label = _(
            "attack {target} (you bet {bet} + extra {range}, they call {call})",
            target=target,
            bet=choice.bet,
            range=size.describe(),
            call=choice.call,
        )
    return Option(
        _key(choice.target),
        label,
        partial(_bet, choice),
        size=size,
        word="bet",
        group="attack",
        short=target,
    )


#: The words of a choice without a size: with what it costs, and free.
_PLAIN_WORDS: Final = {
    "buy": N_("buy {amount}"),
    "stay": N_("stay {amount}"),
    "fold": N_("fold {amount}"),
    "call": N_("call {amount}"),
}
_PLAIN_FREE: Final = {"buy": N_("buy"), "stay": N_("stay"), "fold": N_("fold"), "call": N_("call")}

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
