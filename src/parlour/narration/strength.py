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
from collections.abc import Callable, Sequence

from parlour.cards import Card, Suit
from parlour.evaluation import rank_cards, standard_description
from parlour.games import metadata
from parlour.games.americana import AmericanaView
from parlour.games.palace import battle_value
from parlour.games.palace.view import PalaceView
from parlour.games.protocol import View

_SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts",
               Suit.SPADES: "spades"}  # fmt: skip


def hand_notes(view: View) -> dict[int, str]:
    """Notes by seat for a view of any game (empty for a game that has none)."""
    notes = metadata(view.game).notes
    if notes is None:
        return {}
    write: Callable[[View], dict[int, str]] = notes.load()
    return write(view)


def americana_notes(view: AmericanaView) -> dict[int, str]:
    """A note for every seat in the hand whose cards the viewer sees any of, hands ranked by
    the table's tie-break mode."""
    tie_break = view.options.tie_break
    notes: dict[int, str] = {}
    for row in view.seats:
        if not row.in_hand or not row.upcards:
            continue
        known = (*row.upcards, *([row.hole] if row.hole is not None else []))
        if len(known) == 5:
            notes[row.seat] = _americana(known, tie_break)
        elif row.seat == view.seat:
            notes[row.seat] = f"so far: {_standard(known)}"
        else:
            notes[row.seat] = f"showing {_standard(row.upcards)}"
    return notes


def palace_notes(view: PalaceView) -> dict[int, str]:
    """The viewer's battle hand against each opponent still in the hand (P-37, P-38)."""
    parts = [
        f"vs {name} (no {_SUIT_NAMES[suit]}): {value}"
        for suit, foes, value in palace_values(view)
        for name in foes
    ]
    return {view.seat: "; ".join(parts)} if parts and view.seat is not None else {}


def palace_values(view: PalaceView) -> list[tuple[Suit, tuple[str, ...], str]]:
    """The viewer's battle hand by the suit it would leave out: ``(suit, opponents, value)``.

    Opponents of one banner suit share one battle hand (P-37), so a table of ten has at
    most three lines of them. Empty for a viewer out of the hand or without a seat.
    """
    me = next((p for p in view.players if p.seat == view.seat and p.in_hand), None)
    if me is None or me.banner is None or me.palace is None:
        return []
    cards = [me.banner, *me.palace, *me.soldiers]
    foes: dict[Suit, list[str]] = {}
    for foe in view.players:
        if foe.seat == me.seat or not foe.in_hand or foe.banner is None:
            continue
        if foe.banner.suit == me.banner.suit:
            continue  # no battle between one suit (P-30)
        foes.setdefault(foe.banner.suit, []).append(foe.name or f"Seat {foe.seat + 1}")
    return [
        (suit, tuple(names), standard_description(battle_value(cards, suit)))
        for suit, names in foes.items()
    ]


# A server tells every viewer of a table, after every action, what the cards they see are
# worth: the same few hands over and over, so their descriptions are remembered.


@functools.lru_cache(maxsize=16384)
def _americana(cards: tuple[Card, ...], tie_break: str) -> str:
    return rank_cards(list(cards), game="americana", tie_break=tie_break).description


@functools.lru_cache(maxsize=16384)
def _cards_standard(cards: tuple[Card, ...]) -> str:
    return rank_cards(list(cards)).description


def _standard(cards: Sequence[Card]) -> str:
    return _cards_standard(tuple(cards))
