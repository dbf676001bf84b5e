"""Bounded memo tables for the engine's hot path (values are immutable, so sharing is safe).

Random play meets the same few legal-choice sets and the same boards again and again;
looking them up is several times cheaper than building them. Each table is cleared when
it grows past :data:`MEMO_MAX` entries, so memory stays bounded.
"""

from __future__ import annotations

from parlour.cards import Card
from parlour.evaluation import visible_value_unchecked
from parlour.games.americana.actions import Choice, make_choice

MEMO_MAX = 1 << 16

#: A-14 visible-hand values by upcards (in deal order).
VISIBLE: dict[tuple[Card, ...], int] = {}

#: Choice tuples by (seat, forced, owed, bet open, min_to, max_to).
CHOICES: dict[tuple[int, bool, int, bool, int, int], tuple[Choice, ...]] = {}


def remember_visible(cards: tuple[Card, ...]) -> int:
    """Evaluate and remember the visible value of ``cards`` (A-14)."""
    if len(VISIBLE) >= MEMO_MAX:
        VISIBLE.clear()
    value = VISIBLE[cards] = visible_value_unchecked(cards)
    return value


def build_choices(key: tuple[int, bool, int, bool, int, int]) -> tuple[Choice, ...]:
    """The legal choices for (seat, forced, owed, bet open, lo, hi): :func:`.betting.prepare`."""
    seat, forced, owed, bet_open, lo, hi = key
    if forced:
        first = make_choice(seat, "bring_in", owed)
        return (first, make_choice(seat, "raise", 0, lo, hi)) if hi else (first,)
    fold = make_choice(seat, "fold")
    if owed:
        middle = make_choice(seat, "call", owed)
        kind = "raise"
    else:
        middle = make_choice(seat, "check")
        kind = "raise" if bet_open else "bet"
    if hi:
        return (fold, middle, make_choice(seat, kind, 0, lo, hi))
    return (fold, middle)
