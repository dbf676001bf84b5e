"""Palace Poker events in words: the deal, every turn, battles, captures and the ending.

One sentence per event, as a seated player (second person for their own seat) or an
onlooker reads it. What a reader may not see never reaches here: callers pass on only
the events visible to that reader (R-4, P-41), and a full record's reader sees them all.
A battle hand (``battle_hand``) reaches only those who know the palace in it, so each
reader hears both battle hands, one, or neither, as P-41 lets them see; the hands of a
final comparison are shown to all, and the end of the hand names the winning one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeAlias

from parlour.cards import format_cards
from parlour.events import Event
from parlour.i18n import say as spoken
from parlour.i18n.message import Joined, Message, Value
from parlour.narration.hands import named_hands, palace_hand, suit_name
from parlour.narration.sentences import say, say_count
from parlour.narration.words import (
    detail,
    person,
    pot_kind,
    pot_won,
    seat_name,
    winning_hand,
)

ENDINGS: Final = ("last_standing", "one_suit", "battle_tie", "comparison", "showdown")

_Line: TypeAlias = Callable[[Event, Mapping[int, str], "int | None"], Message]


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence for ``event`` in the current language; second person for seat ``you``
    (``None``: nobody)."""
    told = line(event, names, you)
    return None if told is None else spoken(told)


def line(event: Event, names: Mapping[int, str], you: int | None = None) -> Message | None:
    """One sentence for ``event`` as a message each reader renders in their language."""
    said = _LINES.get(event.kind)
    return None if said is None else said(event, names, you)


def _fields(event: Event, names: Mapping[int, str], you: int | None) -> tuple[str, Value]:
    return person(event.seat, you), seat_name(event.seat, names)


def _simple(key: str) -> _Line:
    """A sentence with the actor, the event's chips and its cards (by key)."""

    def told(event: Event, names: Mapping[int, str], you: int | None) -> Message:
        who, name = _fields(event, names, you)
        cards = format_cards(event.cards)
        return say(f"{key}.{who}", name=name, amount=event.amount, card=cards, cards=cards)

    return told


def _banner(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    card = format_cards(event.cards)
    return say(f"banner.{who}", name=name, card=card, suit=suit_name(card[-1:] or "s"))


def _count(key: str) -> _Line:
    """A sentence with a count of cards (one, or many)."""

    def told(event: Event, _names: Mapping[int, str], _you: int | None) -> Message:
        return say_count(key, event.amount)

    return told


def _palace_shown(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    """Shown to all (the final comparison), or to one battler (P-41)."""
    who, name = _fields(event, names, you)
    cards = format_cards(event.cards)
    if event.audience is None:
        return say(f"palace_shown.all.{who}", name=name, cards=cards)
    viewer = min(event.audience)
    if viewer == you:
        return say("palace_shown.to_you", name=name, cards=cards)
    key = "palace_shown.you_to" if who == "you" else "palace_shown.to_other"
    return say(key, name=name, viewer=seat_name(viewer, names), cards=cards)


def _thrown(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    """A trim or a discard: how many soldiers (a trim of none keeps them all)."""
    who, name = _fields(event, names, you)
    if not event.amount:
        return say(f"keep.{who}", name=name)
    return say_count(f"{event.kind}.{who}", event.amount, name=name)


def _towards(base: str, who: str, other: object, you: int | None) -> str:
    """The key of a sentence done by ``who`` to seat ``other``: by you, to you, or neither."""
    if who == "you":
        return f"{base}.you"
    return f"{base}.other.you_target" if other == you else f"{base}.other"


def _attack(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    target = detail(event, "target", -1)
    key = _towards("attack", who, target, you)
    extra = detail(event, "extra", 0)
    return say(
        key + (".extra" if extra else ""),
        name=name,
        target=seat_name(target, names),
        amount=event.amount,
        extra=extra,
    )


def _raise(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    return say(f"raise_by.{who}", name=name, by=detail(event, "by", 0), amount=event.amount)


def _battle_hand(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    excluded = str(detail(event, "excluded", ""))
    hand = palace_hand(event.cards)
    return say(f"battle_hand.{who}", name=name, suit=suit_name(excluded, without=True), hand=hand)


def _showdown_hand(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    return say(f"showdown_hand.{who}", name=name, hand=palace_hand(event.cards))


def _battle_won(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    who, name = _fields(event, names, you)
    loser = detail(event, "loser", -1)
    key = _towards("battle_won", who, loser, you)
    cards = format_cards(event.cards)
    return say(key, name=name, loser=seat_name(loser, names), cards=cards)


def _battle_tie(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    seats = [int(s) for s in detail(event, "seats", [])]
    if you in seats:
        other = next(s for s in seats if s != you)
        return say("battle_tie.you", name=seat_name(other, names))
    first, second = (seat_name(s, names) for s in seats[:2])
    return say("battle_tie.other", first=first, second=second)


def _ending(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    """How the hand ended, who won each pot (with the hand, when shown to all), chips back.

    ``returned`` totals every chip handed back; the part listed in ``uncalled`` (P-35)
    was told when it happened, so only the rest, a slice nobody left could win or only
    its payer could (P-46), is told here.
    """
    data: Mapping[str, Any] = event.to_dict()
    how = data.get("how", "")
    parts: list[Value] = [say(f"over.{how if how in ENDINGS else 'other'}")]
    hands = named_hands("palace", data.get("hands", []))
    pots = data.get("pots", [])
    for index, pot in enumerate(pots):
        kind, number = pot_kind(index, len(pots))
        winners = [int(w) for w in pot["winners"]]
        hand = winning_hand(winners, hands)
        parts.append(
            pot_won(winners, pot["amount"], names, you, kind=kind, number=number, hand=hand)
        )
    told = {u["seat"]: u["amount"] for u in data.get("uncalled", [])}
    for back in data.get("returned", []):
        amount = back["amount"] - told.get(back["seat"], 0)
        if amount > 0:
            who = person(back["seat"], you)
            name = seat_name(back["seat"], names)
            parts.append(say(f"leftover.{who}", name=name, amount=amount))
    return say("sentences", sentences=Joined(tuple(parts), "space"))


_LINES: Final[dict[str, _Line]] = {
    "ante": _simple("ante"),
    "banner": _banner,
    "banner_reject": _simple("banner_reject"),
    "reject_reshuffle": _count("reject_reshuffle"),
    "discard_reshuffle": _count("discard_reshuffle"),
    "palace": _simple("palace"),
    "palace_shown": _palace_shown,
    "stay": _simple("stay"),
    "fold": _simple("fold"),
    "skip": _simple("skip"),
    "buy": _simple("buy"),
    "trim": _thrown,
    "discard": _thrown,
    "trim_faces": _simple("faces"),
    "discard_faces": _simple("faces"),
    "bet": _attack,
    "raise": _raise,
    "call": _simple("call_pay"),
    "uncalled_returned": _simple("uncalled"),
    "battle_hand": _battle_hand,
    "showdown_hand": _showdown_hand,
    "battle_won": _battle_won,
    "battle_tie": _battle_tie,
    "hand_over": _ending,
}
