"""Palace Poker decisions (HAND-RECORD.md, the Palace actions table).

Each action is a frozen dataclass carrying its ``seat``; ``to_dict()`` is exactly its
record form and :func:`action_from_dict` reads that form back, checking its shape (not
its legality, which only the hand decides).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from parlour.cards import Card, parse_cards


@dataclass(frozen=True, slots=True)
class Buy:
    """Pay SB and draw a soldier (P-19); the same player's :class:`Trim` follows."""

    seat: int
    do: ClassVar[str] = "buy"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "buy"}


@dataclass(frozen=True, slots=True)
class Trim:
    """Free discard of these soldiers, possibly none (after a Buy, P-19; after a battle, P-40)."""

    seat: int
    cards: tuple[Card, ...] = ()
    do: ClassVar[str] = "trim"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "trim", "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Discard:
    """Pay the discard fee and discard these soldiers, at least one (P-20)."""

    seat: int
    cards: tuple[Card, ...]
    do: ClassVar[str] = "discard"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "discard", "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Stay:
    """Do nothing, pay nothing (P-22)."""

    seat: int
    do: ClassVar[str] = "stay"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "stay"}


@dataclass(frozen=True, slots=True)
class Fold:
    """Leave the hand on one's own turn (P-23), or give a battle up (P-35)."""

    seat: int
    do: ClassVar[str] = "fold"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "fold"}


@dataclass(frozen=True, slots=True)
class Bet:
    """Attack seat ``target`` (P-24, P-30); ``extra`` is the no-limit addition (P-32)."""

    seat: int
    target: int
    extra: int = 0
    do: ClassVar[str] = "bet"

    def to_dict(self) -> dict[str, Any]:
        """The record form; ``extra`` is written only when it is not zero."""
        out: dict[str, Any] = {"seat": self.seat, "do": "bet", "target": self.target}
        if self.extra:
            out["extra"] = self.extra
        return out


@dataclass(frozen=True, slots=True)
class Call:
    """Inside a battle: pay what is owed (all-in if short) and compare (P-36)."""

    seat: int
    do: ClassVar[str] = "call"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "call"}


@dataclass(frozen=True, slots=True)
class Raise:
    """Inside a battle: pay what is owed plus a raise of ``by`` (P-33, P-34)."""

    seat: int
    by: int
    do: ClassVar[str] = "raise"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "raise", "by": self.by}


Action: TypeAlias = Buy | Trim | Discard | Stay | Fold | Bet | Call | Raise

_PLAIN: dict[str, type[Buy | Stay | Fold | Call]] = {
    "buy": Buy,
    "stay": Stay,
    "fold": Fold,
    "call": Call,
}
_FIELDS: dict[str, frozenset[str]] = {
    **{do: frozenset() for do in _PLAIN},
    "trim": frozenset({"cards"}),
    "discard": frozenset({"cards"}),
    "bet": frozenset({"target", "extra"}),
    "raise": frozenset({"by"}),
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read one record action; raises ``ValueError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, got {data!r}")
    seat = _natural(data, "seat", minimum=0)
    do = data.get("do")
    if not isinstance(do, str) or do not in _FIELDS:
        raise ValueError(f"unknown Palace action {do!r}; known: {', '.join(_FIELDS)}")
    extra_fields = sorted(set(data) - {"seat", "do"} - _FIELDS[do])
    if extra_fields:
        raise ValueError(f"action {do!r} takes no field(s) {', '.join(extra_fields)}")
    if do in _PLAIN:
        return _PLAIN[do](seat)
    if do == "trim" or do == "discard":
        cards = _cards(data, do)
        if do == "discard":
            if not cards:
                raise ValueError("action 'discard' needs at least one card")
            return Discard(seat, cards)
        return Trim(seat, cards)
    if do == "bet":
        target = _natural(data, "target", minimum=0)
        extra = _natural(data, "extra", minimum=0) if "extra" in data else 0
        return Bet(seat, target, extra)
    return Raise(seat, _natural(data, "by", minimum=1))


def _natural(data: Mapping[str, Any], name: str, *, minimum: int) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        kind = "positive" if minimum > 0 else "non-negative"
        raise ValueError(f"action field {name!r} must be a {kind} integer, got {value!r}")
    return value


def _cards(data: Mapping[str, Any], do: str) -> tuple[Card, ...]:
    raw = data.get("cards")
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise ValueError(f'action {do!r} needs \'cards\', a list of cards such as ["Th", "7s"]')
    return parse_cards(raw)
