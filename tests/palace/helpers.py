"""Building Palace hands with deliberate shuffles, and playing compact action scripts.

Deal order is seat order: the button is the last seat, so seat 0 is dealt first and acts
first. ``banners`` and ``palaces`` are listed in that order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from parlour.cards import DECK_52, Card, parse_card, parse_cards
from parlour.events import Event
from parlour.games.palace import (
    PalaceHand,
    Plain,
    action_from_dict,
    options_from_dict,
    start_hand,
)
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler

C = TypeVar("C")


def cards(text: str) -> list[Card]:
    """Cards from notation separated by spaces."""
    return list(parse_cards(text))


def build_shuffles(
    banners: Sequence[str],
    palaces: Sequence[str],
    draw: str = "",
    banner_deck: str | None = None,
    later: Sequence[str] = (),
    reject_deck: str | None = None,
) -> list[list[Card]]:
    """The shuffles for a hand: the 52-card banner shuffle (``banner_deck`` first when given,
    else the banners in deal order), the palace deck (palaces dealt one card at a time
    round the table, then ``draw`` top first, then every other card), then ``later``.
    ``reject_deck`` is a reshuffle of the banner rejects (P-12), which comes before the palaces.
    """
    head = cards(banner_deck) if banner_deck is not None else [parse_card(b) for b in banners]
    first = head + [c for c in DECK_52 if c not in head]
    banner_cards = {parse_card(b) for b in banners}
    hands = [cards(p) for p in palaces]
    deck = [hands[k][r] for r in range(3) for k in range(len(hands))] + cards(draw)
    deck += [c for c in DECK_52 if c not in deck and c not in banner_cards]
    middle = [] if reject_deck is None else [cards(reject_deck)]
    return [first, *middle, deck, *[cards(s) for s in later]]


def make_hand(
    banners: Sequence[str],
    palaces: Sequence[str],
    *,
    draw: str = "",
    stacks: int | Sequence[int] = 20,
    options: Mapping[str, Any] | None = None,
    banner_deck: str | None = None,
    later: Sequence[str] = (),
    reject_deck: str | None = None,
) -> PalaceHand:
    """A hand of ``len(banners)`` players at seats 0.. with the button on the last seat."""
    n = len(banners)
    chips = [stacks] * n if isinstance(stacks, int) else list(stacks)
    seats = [SeatSpec(s, chips[s]) for s in range(len(chips))]
    shuffles = build_shuffles(banners, palaces, draw, banner_deck, later, reject_deck)
    return start_hand(
        options_from_dict(options or {}), seats, len(chips) - 1, RecordedShuffler(shuffles)
    )


def parse_action(text: str) -> dict[str, Any]:
    """``"0 buy"``, ``"0 trim Ks 2d"``, ``"1 bet 2"``, ``"1 bet 2 +6"``, ``"0 raise 4"``."""
    seat, do, *rest = text.split()
    out: dict[str, Any] = {"seat": int(seat), "do": do}
    if do in ("trim", "discard"):
        out["cards"] = rest
    elif do == "bet":
        out["target"] = int(rest[0])
        if len(rest) > 1:
            out["extra"] = int(rest[1].lstrip("+"))
    elif do == "raise":
        out["by"] = int(rest[0])
    return out


def play(hand: PalaceHand, *script: str) -> list[Event]:
    """Apply each scripted action; return all the events."""
    events: list[Event] = []
    for line in script:
        events.extend(hand.apply(action_from_dict(parse_action(line))))
    return events


def kinds(hand: PalaceHand) -> list[str]:
    """The kinds of action the player to act may take, in order."""
    return [c.do for c in hand.legal_actions()]


def all_cards(hand: PalaceHand) -> list[Card]:
    """Every card the hand holds anywhere: banners, palaces, soldiers, piles."""
    out: list[Card] = [b for b in hand.banner if b is not None]
    for p in range(len(hand.seats)):
        out += hand.palace[p]
        out += hand.soldiers[p]
    return out + hand.draw + hand.discards


def seats_of(items: Iterable[int]) -> list[int]:
    """A list, for comparing tuples of seats with lists."""
    return list(items)


def choices_of(hand: PalaceHand, kind: type[C]) -> list[C]:
    """The legal choices of one type (``BetChoice``, ``RaiseChoice``, ...), in order."""
    return [c for c in hand.legal_actions() if isinstance(c, kind)]


def plain(hand: PalaceHand, do: str) -> Plain:
    """The exact choice ``do`` (``call``, ``buy``, ...) of the player to act."""
    return next(c for c in choices_of(hand, Plain) if c.do == do)
