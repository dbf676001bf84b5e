"""Palace Poker events in words: the deal, every turn, battles, captures and the ending.

One sentence per event, as a seated player (second person for their own seat) or an
onlooker reads it. What a reader may not see never reaches here: callers pass on only
the events visible to that reader (R-4, P-41), and a full record's reader sees them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from parlour.cards import format_cards
from parlour.events import Event
from parlour.games.palace import events as ev
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
    return _deal(event, names, you) or _turn(event, names, you) or _battle(event, names, you)


def _deal(event: Event, names: Mapping[int, str], you: int | None) -> str | None:
    """The ante, the banners, the palaces and the reshuffles."""
    who, s = actor(event.seat, names, you)
    cards = format_cards(event.cards)
    match event:
        case ev.AntePaid():
            return f"{who} ante{s} {event.amount}."
        case ev.BannerDealt():
            suit = _SUITS[cards[-1]] if cards else "?"
            return f"{who} take{s} {cards} as banner, playing {suit}."
        case ev.BannerRejected():
            whom = name_of(event.seat or 0, names, you)
            return f"{cards} is dealt to {whom} for a banner, but its suit is taken: put aside."
        case ev.RejectsReshuffled():
            return f"The {event.amount} cards put aside are shuffled to deal on."
        case ev.DiscardsReshuffled():
            return f"The discard pile ({event.amount} cards) is shuffled into a new draw pile."
        case ev.PalaceDealt():
            return f"{who} get{s} palace {cards}."
        case ev.PalaceShown():
            owner = "Your" if event.seat == you else f"{who}'s"
            return f"{owner} palace is shown: {cards}."
    return None


def _turn(event: Event, names: Mapping[int, str], you: int | None) -> str | None:
    """A turn's choice (P-18 to P-25) and the end of the hand."""
    who, s = actor(event.seat, names, you)
    match event:
        case ev.Stayed() | ev.Folded():
            return f"{who} {event.kind}{s}."
        case ev.Skipped():
            return f"{who} {'has' if s else 'have'} no chips: turn skipped."
        case ev.Bought():
            return f"{who} buy{s} a soldier for {event.amount}: {format_cards(event.cards)}."
        case ev.Trimmed() | ev.Discarded() if not event.amount:
            return f"{who} keep{s} every soldier."
        case ev.Trimmed() | ev.Discarded():
            count = f"{event.amount} soldier{'s' if event.amount != 1 else ''}"
            return f"{who} {event.kind}{s} {count}."
        case ev.TrimFaces() | ev.DiscardFaces():
            return f"  (face down: {format_cards(event.cards)})"
        case ev.HandOver():
            return _ending(event, names, you)
    return None


def _battle(event: Event, names: Mapping[int, str], you: int | None) -> str | None:
    """Attacks, answers, captures and ties (P-30 to P-42)."""
    who, s = actor(event.seat, names, you)
    match event:
        case ev.Attacked(target=target, extra=extra):
            plus = f" (extra {extra})" if extra else ""
            return f"{who} attack{s} {name_of(target, names, you)}, betting {event.amount}{plus}."
        case ev.Raised(by=by):
            return f"{who} raise{s} by {by}, paying {event.amount}."
        case ev.Called():
            return f"{who} call{s}, paying {event.amount}."
        case ev.UncalledReturned():
            return f"{who} take{s} back {event.amount} nobody called."
        case ev.BattleWon(loser=loser):
            captured = format_cards(event.cards) or "nothing"
            loser_name = name_of(loser, names, you)
            return f"{who} win{s} the battle against {loser_name} and capture{s} {captured}."
        case ev.BattleTied(seats=seats):
            tied = [name_of(p, names, you) for p in seats]
            return f"The battle of {joined(tied)} is a tie."
    return None


def _ending(over: ev.HandOver, names: Mapping[int, str], you: int | None) -> str:
    """How the hand ended, who won each pot, and chips nobody could win going back.

    The outcome's ``returned`` totals every chip handed back; the part in ``uncalled``
    (P-35) was told when it happened, so only the rest, a slice nobody left could win or
    only its payer could (P-46), is told here.
    """
    parts = [f"Hand over: {ENDINGS.get(over.how, 'the hand ends')}."]
    pots = over.outcome.pots
    for index, pot in enumerate(pots):
        which = (
            ("the main pot" if index == 0 else f"side pot {index}") if len(pots) > 1 else "the pot"
        )
        parts.append(awarded(pot.winners, f"{which} of {pot.amount}", names, you) + ".")
    told = dict(over.uncalled)
    for seat, amount in over.outcome.returned:
        rest = amount - told.get(seat, 0)
        if rest > 0:
            who, s = actor(seat, names, you)
            parts.append(f"{who} get{s} {rest} back that nobody else could win.")
    return " ".join(parts)
