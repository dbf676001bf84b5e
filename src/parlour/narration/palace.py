"""Palace Poker events in words: the deal, every turn, battles, captures and the ending.

One sentence per event, as a seated player (second person for their own seat) or an
onlooker reads it. What a reader may not see never reaches here: callers pass on only
the events visible to that reader (R-4, P-41), and a full record's reader sees them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

from parlour.cards import format_cards
from parlour.events import Event
from parlour.narration.words import actor, awarded, joined, name_of

_SUITS: Final = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

ENDINGS: Final = {
    "last_standing": "one player is left",
    "one_suit": "everyone left shares one banner suit",
    "battle_tie": "the last two tied their battle and split",
    "comparison": "neither of the last two can pay, so they are compared as in a battle",
    "showdown": "a passive round ends the hand in a showdown",
}


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence for ``event``; second person for seat ``you`` (``None``: nobody)."""
    kind = event.kind
    if kind in _DEAL:
        return _DEAL[kind](event, names, you)
    if kind in _BATTLE:
        return _BATTLE[kind](event, names, you)
    return _turn(event, names, you)


def _deal_line(event: Event, names: Mapping[int, str], you: int | None) -> str:
    who, s = actor(event.seat, names, you)
    cards = format_cards(event.cards)
    kind = event.kind
    if kind == "ante":
        return f"{who} ante{s} {event.amount}."
    if kind == "banner":
        suit = _SUITS[cards[-1]] if cards else "?"
        return f"{who} take{s} {cards} as banner, playing {suit}."
    if kind == "banner_reject":
        whom = name_of(event.seat or 0, names, you)
        return f"{cards} is dealt to {whom} for a banner, but its suit is taken: put aside."
    if kind == "reject_reshuffle":
        return f"The {event.amount} cards put aside are shuffled to deal on."
    if kind == "discard_reshuffle":
        return f"The discard pile ({event.amount} cards) is shuffled into a new draw pile."
    if kind == "palace":
        return f"{who} get{s} palace {cards}."
    owner = "Your" if event.seat == you else f"{who}'s"
    return f"{owner} palace is shown: {cards}."


def _turn(event: Event, names: Mapping[int, str], you: int | None) -> str | None:
    who, s = actor(event.seat, names, you)
    kind = event.kind
    if kind in ("stay", "fold"):
        return f"{who} {kind}{s}."
    if kind == "skip":
        return f"{who} {'has' if s else 'have'} no chips: turn skipped."
    if kind == "buy":
        return f"{who} buy{s} a soldier for {event.amount}: {format_cards(event.cards)}."
    if kind in ("trim", "discard"):
        if not event.amount:
            return f"{who} keep{s} every soldier."
        count = f"{event.amount} soldier{'s' if event.amount != 1 else ''}"
        return f"{who} {kind}{s} {count}."
    if kind in ("trim_faces", "discard_faces"):
        return f"  (face down: {format_cards(event.cards)})"
    if kind == "hand_over":
        return _ending(event.data, names, you)
    return None


def _battle_line(event: Event, names: Mapping[int, str], you: int | None) -> str:
    who, s = actor(event.seat, names, you)
    kind = event.kind
    if kind == "bet":
        target = name_of(event.data.get("target", -1), names, you)
        extra = event.data.get("extra", 0)
        plus = f" (extra {extra})" if extra else ""
        return f"{who} attack{s} {target}, betting {event.amount}{plus}."
    if kind == "raise":
        return f"{who} raise{s} by {event.data.get('by', 0)}, paying {event.amount}."
    if kind == "call":
        return f"{who} call{s}, paying {event.amount}."
    if kind == "uncalled_returned":
        return f"{who} take{s} back {event.amount} nobody called."
    if kind == "battle_won":
        loser = name_of(event.data.get("loser", -1), names, you)
        captured = format_cards(event.cards) or "nothing"
        return f"{who} win{s} the battle against {loser} and capture{s} {captured}."
    tied = [name_of(p, names, you) for p in event.data.get("seats", [])]
    return f"The battle of {joined(tied)} is a tie."


def _ending(data: Mapping[str, Any], names: Mapping[int, str], you: int | None) -> str:
    """How the hand ended, who won each pot, and chips nobody could win going back.

    ``returned`` totals every chip handed back; the part listed in ``uncalled`` (P-35)
    was told when it happened, so only the rest, a slice nobody left could win or only
    its payer could (P-46), is told here.
    """
    how = data.get("how", "")
    parts = [f"Hand over: {ENDINGS.get(how, 'the hand ends')}."]
    pots = data.get("pots", [])
    for index, pot in enumerate(pots):
        which = (
            ("the main pot" if index == 0 else f"side pot {index}") if len(pots) > 1 else "the pot"
        )
        parts.append(awarded(pot["winners"], f"{which} of {pot['amount']}", names, you) + ".")
    told = {u["seat"]: u["amount"] for u in data.get("uncalled", [])}
    for back in data.get("returned", []):
        amount = back["amount"] - told.get(back["seat"], 0)
        if amount > 0:
            who, s = actor(back["seat"], names, you)
            parts.append(f"{who} get{s} {amount} back that nobody else could win.")
    return " ".join(parts)


_Line: TypeAlias = Callable[[Event, Mapping[int, str], "int | None"], str]
_DEAL: Final[dict[str, _Line]] = dict.fromkeys(
    (
        "ante",
        "banner",
        "banner_reject",
        "reject_reshuffle",
        "discard_reshuffle",
        "palace",
        "palace_shown",
    ),
    _deal_line,
)
_BATTLE: Final[dict[str, _Line]] = dict.fromkeys(
    ("bet", "raise", "call", "uncalled_returned", "battle_won", "battle_tie"), _battle_line
)
