"""Game-neutral wording: who a sentence is about, names in a list, pots won, a hand's result.

Sentences come whole from :mod:`parlour.narration.sentences`; here is only the choice of
which one (the reader's own act, someone else's, a shared pot) and the values that fill
it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.events import Event
from parlour.i18n import say as spoken
from parlour.i18n.message import Joined, Message, Value
from parlour.narration.sentences import say
from parlour.outcome import Outcome


def detail(event: Event, name: str, default: Any = None) -> Any:
    """One of an event's own fields, read from its wire form (``to_dict``).

    The wire form is the one stable shape of every event (what the browser receives), so
    narration reads an event's details there rather than from how its class stores them.
    """
    return event.to_dict().get(name, default)


def person(seat: int | None, you: int | None) -> str:
    """``you`` when ``seat`` is the reader's own, else ``other`` (a sentence key's ending)."""
    return "you" if seat is not None and seat == you else "other"


def seat_name(seat: int | None, names: Mapping[int, str]) -> Value:
    """A seat's player name, ``Seat N`` (1-based, in the reader's words) when it has none."""
    if seat is None:
        return ""
    if seat in names:
        return names[seat]
    return say("seat.unnamed", number=seat + 1)


def named(seat: int, names: Mapping[int, str], you: int | None) -> Value:
    """How a seat is named in a list: ``you`` for the reader, else the player's name."""
    return say("you.listed") if seat == you else seat_name(seat, names)


def name_of(seat: int, names: Mapping[int, str], you: int | None) -> str:
    """:func:`named` as text in the current language."""
    value = named(seat, names, you)
    return spoken(value) if isinstance(value, Message) else str(value)


def joined(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``, in the current language."""
    return spoken(Joined(tuple(names)))


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (a list that starts with "you")."""
    return text[:1].upper() + text[1:]


def pot_won(
    winners: Sequence[int],
    amount: int,
    names: Mapping[int, str],
    you: int | None,
    *,
    kind: str = "pot",
    number: int = 0,
    hand: Message | None = None,
) -> Message:
    """One sentence for a pot: who won (or split) it, and with which hand when known.

    ``kind`` is ``pot`` (the only pot), ``main``, ``side`` (side pot ``number``) or
    ``award`` (an Americana award, told by its chips alone).
    """
    who = "split" if len(winners) > 1 else person(winners[0] if winners else None, you)
    key = f"{kind}.{who}" + (".hand" if hand else "")
    listed = Joined(tuple(named(w, names, you) for w in winners), capital=True)
    name = seat_name(winners[0], names) if winners else ""
    fields: dict[str, Value] = {"name": name, "names": listed, "amount": amount}
    if kind == "side":
        fields["number"] = number
    if hand is not None:
        fields["hand"] = hand
    return say(key, **fields)


def pot_kind(index: int, count: int) -> tuple[str, int]:
    """The sentence kind and number of pot ``index`` among ``count`` pots (main first)."""
    if count == 1:
        return "pot", 0
    return ("main", 0) if index == 0 else ("side", index)


def chips_back(seat: int, amount: int, names: Mapping[int, str], you: int | None) -> Message:
    """``You get 3 back.``: chips that went back to the player who paid them."""
    return say(f"back.{person(seat, you)}", name=seat_name(seat, names), amount=amount)


def winning_hand(winners: Sequence[int], hands: Mapping[int, Message]) -> Message | None:
    """The hand to name for a pot's winners, when the reader knows it.

    Sharers are named with a hand only when the reader knows every sharer's hand and all
    have the same name ("each with a flush, ..."); otherwise no hand is named.
    """
    found = [hands.get(w) for w in winners]
    if not found or found[0] is None or any(h != found[0] for h in found):
        return None
    return found[0]


def result_message(
    outcome: Outcome,
    seats: Sequence[int],
    before: Mapping[int, int],
    names: Mapping[int, str],
    you: int | None,
    hands: Mapping[int, Message] | None = None,
    told: Mapping[int, int] | None = None,
) -> Joined:
    """Sentences saying who won each pot (naming the winning hand the reader knows), the
    chips that went back, then each player's net change.

    ``seats`` are the hand's seats in record order (``outcome.stacks`` follows them),
    ``before`` their stacks when the hand started, and ``hands`` the hands the reader saw
    that decided the pots, by seat (:func:`parlour.narration.known_hands`). ``told`` are
    chips already told as given back during the hand (uncalled bets, A-15, P-35): only the
    rest, chips nobody else could win, is told again.
    """
    known = hands or {}
    parts: list[Value] = []
    for index, pot in enumerate(outcome.pots):
        kind, number = pot_kind(index, len(outcome.pots))
        hand = winning_hand(pot.winners, known)
        parts.append(
            pot_won(pot.winners, pot.amount, names, you, kind=kind, number=number, hand=hand)
        )
    for seat, amount in outcome.returned:
        rest = amount - (told or {}).get(seat, 0)
        if rest > 0 and told is None:
            parts.append(chips_back(seat, rest, names, you))
        elif rest > 0:
            name = seat_name(seat, names)
            parts.append(say(f"leftover.{person(seat, you)}", name=name, amount=rest))
    if not outcome.pots:
        parts.append(say("result.nopot"))
    parts.append(chips_message(outcome, seats, before, names, you))
    return Joined(tuple(parts), "space")


def result_line(
    outcome: Outcome,
    seats: Sequence[int],
    before: Mapping[int, int],
    names: Mapping[int, str],
    you: int | None,
    hands: Mapping[int, Message] | None = None,
    told: Mapping[int, int] | None = None,
) -> str:
    """:func:`result_message` as text in the current language."""
    return spoken(result_message(outcome, seats, before, names, you, hands, told))


def chips_message(
    outcome: Outcome,
    seats: Sequence[int],
    before: Mapping[int, int],
    names: Mapping[int, str],
    you: int | None,
) -> Message:
    """Each player's net change in the hand (``Chips: you +12, Bob -12.``)."""
    changes = [
        say(f"change.{person(seat, you)}", name=seat_name(seat, names), delta=f"{delta:+d}")
        for seat, stack in zip(seats, outcome.stacks, strict=True)
        if (delta := stack - before[seat])
    ]
    if not changes:
        return say("result.none")
    return say("result.changes", changes=Joined(tuple(changes), "comma"))


def chips_line(
    outcome: Outcome,
    seats: Sequence[int],
    before: Mapping[int, int],
    names: Mapping[int, str],
    you: int | None,
) -> str:
    """:func:`chips_message` as text in the current language."""
    return spoken(chips_message(outcome, seats, before, names, you))
