"""What a viewer's cards are worth, in words, for the table's display.

Newcomers to these games do not know that a flush beats a full house in Americana, or
what their Palace hand is worth once an opponent's banner suit is taken out (P-37). These
notes say it, from exactly what the viewer's view holds (R-4): no hidden card is used.

- Americana: a five-card hand known to the viewer (their own, or one shown) is ranked by
  the table's tie-break mode (A-40..A-44); the viewer's own unfinished hand by its cards so
  far; everyone else's upcards as the visible hand that decides who acts first (A-14).
- Palace: the viewer's best hand against each opponent still in the hand, with that
  opponent's banner suit excluded (P-37, P-38).

Each game's metadata names its notes (``GameMeta.notes``); :func:`hand_notes` serves any.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from parlour.cards import Card, Suit
from parlour.evaluation import category_of, rank_cards, standard_ranks
from parlour.games import metadata
from parlour.games.americana import AmericanaView
from parlour.games.palace import battle_value
from parlour.games.palace.view import PalaceView
from parlour.games.protocol import View
from parlour.i18n import say
from parlour.i18n.message import N_, Joined, Message, Value, register
from parlour.narration.hands import description, suit_name
from parlour.narration.sentences import say as sentence

register(
    {
        "note.so_far": N_("so far: {hand}"),
        "note.showing": N_("showing {hand}"),
        "note.against": N_("vs {name} (no {suit}): {hand}"),
        "note.lines": N_("{notes}"),
    }
)


def hand_notes(view: View) -> dict[int, str]:
    """Notes by seat for a view of any game, in the current language (empty for a game
    that has none)."""
    return {seat: say(note) for seat, note in note_messages(view).items()}


def note_messages(view: View) -> dict[int, Message]:
    """Notes by seat for a view of any game, as messages each reader renders."""
    notes = metadata(view.game).notes
    if notes is None:
        return {}
    write: Callable[[View], dict[int, Message]] = notes.load()
    return write(view)


def americana_notes(view: AmericanaView) -> dict[int, str]:
    """:func:`americana_note_messages` as text in the current language."""
    return {seat: say(note) for seat, note in americana_note_messages(view).items()}


def palace_notes(view: PalaceView) -> dict[int, str]:
    """:func:`palace_note_messages` as text in the current language."""
    return {seat: say(note) for seat, note in palace_note_messages(view).items()}


def americana_note_messages(view: AmericanaView) -> dict[int, Message]:
    """A note for every seat in the hand whose cards the viewer sees any of, hands ranked by
    the table's tie-break mode."""
    tie_break = view.options.tie_break
    notes: dict[int, Message] = {}
    for row in view.seats:
        if not row.in_hand or not row.upcards:
            continue
        known = (*row.upcards, *([row.hole] if row.hole is not None else []))
        if len(known) == 5:
            notes[row.seat] = _americana(known, tie_break)
        elif row.seat == view.seat:
            notes[row.seat] = _noted("note.so_far", known)
        else:
            notes[row.seat] = _noted("note.showing", tuple(row.upcards))
    return notes


def palace_note_messages(view: PalaceView) -> dict[int, Message]:
    """The viewer's battle hand against each opponent still in the hand (P-37, P-38)."""
    battles = _battles(view)
    if not battles or view.seat is None:
        return {}
    return {view.seat: _palace_lines(battles)}


#: A Palace battle as its note needs it: the suit left out, the opponents (a name, or the
#: seat number of one without), and the battle hand's value.
Battle = tuple[Suit, tuple[str | int, ...], int]


def _battles(view: PalaceView) -> tuple[Battle, ...]:
    me = next((p for p in view.players if p.seat == view.seat and p.in_hand), None)
    if me is None or me.banner is None or me.palace is None:
        return ()
    cards = [me.banner, *me.palace, *me.soldiers]
    foes: dict[Suit, list[str | int]] = {}
    for foe in view.players:
        if foe.seat == me.seat or not foe.in_hand or foe.banner is None:
            continue
        if foe.banner.suit == me.banner.suit:
            continue  # no battle between one suit (P-30)
        foes.setdefault(foe.banner.suit, []).append(foe.name or foe.seat)
    return tuple((suit, tuple(names), battle_value(cards, suit)) for suit, names in foes.items())


def _foe_name(name: str | int) -> Value:
    return _unnamed(name) if isinstance(name, int) else name


def _unnamed(seat: int) -> Message:
    return sentence("seat.unnamed", number=seat + 1)


@functools.lru_cache(maxsize=4096)
def _palace_lines(battles: tuple[Battle, ...]) -> Message:
    parts = tuple(
        Message(
            "note.against",
            {
                "name": _foe_name(name),
                "suit": suit_name(suit.symbol, without=True),
                "hand": _described(value),
            },
        )
        for suit, names, value in battles
        for name in names
    )
    return Message("note.lines", {"notes": Joined(parts, "semicolon")})


def palace_values(view: PalaceView) -> list[tuple[Suit, tuple[str, ...], Message]]:
    """The viewer's battle hand by the suit it would leave out: ``(suit, opponents, value)``.

    Opponents of one banner suit share one battle hand (P-37), so a table of ten has at
    most three lines of them. Empty for a viewer out of the hand or without a seat. An
    opponent without a name is named in the current language ("Seat 3").
    """
    return [
        (
            suit,
            tuple(say(_unnamed(n)) if isinstance(n, int) else n for n in names),
            _described(value),
        )
        for suit, names, value in _battles(view)
    ]


@functools.lru_cache(maxsize=16384)
def _described(value: int) -> Message:
    return description(category_of(value), standard_ranks(value))


# A server tells every viewer of a table, after every action, what the cards they see are
# worth: the same few hands over and over, so their descriptions are remembered.


@functools.lru_cache(maxsize=16384)
def _americana(cards: tuple[Card, ...], tie_break: str) -> Message:
    ranked = rank_cards(list(cards), game="americana", tie_break=tie_break)
    words = description(ranked.category, ranked.ranks)
    if ranked.deciding is not None:
        words = sentence("desc.deciding", hand=words, card=str(ranked.deciding))
    return words


@functools.lru_cache(maxsize=16384)
def _cards_standard(cards: tuple[Card, ...]) -> Message:
    ranked = rank_cards(list(cards))
    return description(ranked.category, ranked.ranks)


@functools.lru_cache(maxsize=16384)
def _noted(code: str, cards: tuple[Card, ...]) -> Message:
    return Message(code, {"hand": _cards_standard(cards)})
