"""Americana decisions and legal choices as data (HAND-RECORD.md "Actions").

An action carries its ``seat``; ``to_dict()`` is exactly its record form. A
:class:`Choice` is one legal option for the seat to act: an exact action (fold, check,
call, bring-in; call and bring-in with the chips they add) or a range of totals for a
bet or raise, where ``to`` is the player's total chips in this round after the action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand (also allowed when checking is free, A-13)."""

    seat: int
    do: ClassVar[str] = "fold"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "fold"}


@dataclass(frozen=True, slots=True)
class Check:
    """Pass without adding chips; only when nothing is owed."""

    seat: int
    do: ClassVar[str] = "check"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "check"}


@dataclass(frozen=True, slots=True)
class Call:
    """Match the current bet; all-in when the player cannot cover it."""

    seat: int
    do: ClassVar[str] = "call"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "call"}


@dataclass(frozen=True, slots=True)
class BringIn:
    """Pay the bring-in (round 1, the forced player only, A-12, A-23)."""

    seat: int
    do: ClassVar[str] = "bring_in"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "bring_in"}


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting of rounds 2 to 4 so the player's total in the round is ``to``."""

    seat: int
    to: int
    do: ClassVar[str] = "bet"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "bet", "to": self.to}


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise so the player's total in this round is ``to`` (the bring-in player's opening, too)."""

    seat: int
    to: int
    do: ClassVar[str] = "raise"

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": "raise", "to": self.to}


Action: TypeAlias = Fold | Check | Call | BringIn | Bet | Raise

_SIMPLE: dict[str, type[Fold | Check | Call | BringIn]] = {
    "fold": Fold,
    "check": Check,
    "call": Call,
    "bring_in": BringIn,
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice of the seat to act.

    For ``fold``, ``check``, ``call`` and ``bring_in``, ``amount`` is the chips the action
    adds now. For ``bet`` and ``raise``, any ``to`` with ``min_to <= to <= max_to`` is legal
    (a single all-in total when the player cannot make a full bet or raise).
    """

    seat: int
    do: str
    amount: int = 0
    min_to: int = 0
    max_to: int = 0

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is this choice (or a total inside its range)."""
        if action.do != self.do or action.seat != self.seat:
            return False
        if isinstance(action, Bet | Raise):
            return self.min_to <= action.to <= self.max_to
        return True

    def action(self, to: int | None = None) -> Action:
        """The action this choice stands for; ``to`` picks a total (default: the minimum)."""
        if self.do == "bet":
            return Bet(self.seat, self.min_to if to is None else to)
        if self.do == "raise":
            return Raise(self.seat, self.min_to if to is None else to)
        return _SIMPLE[self.do](self.seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``amount`` for exact choices, ``min_to``/``max_to`` for ranges."""
        if self.do in ("bet", "raise"):
            return {"seat": self.seat, "do": self.do, "min_to": self.min_to, "max_to": self.max_to}
        return {"seat": self.seat, "do": self.do, "amount": self.amount}

    def __str__(self) -> str:
        if self.do in ("bet", "raise"):
            span = (
                str(self.min_to)
                if self.min_to == self.max_to
                else (f"{self.min_to}..{self.max_to}")
            )
            return f"{self.do} to {span}"
        return f"{self.do} {self.amount}" if self.amount else self.do


_new = object.__new__
_SLOTS = vars(Choice)  # the slot descriptors (typed Any)
_set_seat = _SLOTS["seat"].__set__
_set_do = _SLOTS["do"].__set__
_set_amount = _SLOTS["amount"].__set__
_set_min_to = _SLOTS["min_to"].__set__
_set_max_to = _SLOTS["max_to"].__set__


def make_choice(seat: int, do: str, amount: int = 0, min_to: int = 0, max_to: int = 0) -> Choice:
    """``Choice(seat, do, amount, min_to, max_to)`` without the frozen ``__init__``'s cost.

    The engine builds choices on every decision; setting the slots directly is about
    twice as fast and gives an identical (equal, hashable, frozen) object.
    """
    choice: Choice = _new(Choice)
    _set_seat(choice, seat)
    _set_do(choice, do)
    _set_amount(choice, amount)
    _set_min_to(choice, min_to)
    _set_max_to(choice, max_to)
    return choice


#: Shared immutable actions and choices for the usual seat numbers (0 to 15), so the hot
#: path does not build a new object for every fold, check, call or bring-in.
TABLE_SEATS = 16
FOLDS = tuple(Fold(s) for s in range(TABLE_SEATS))
CHECKS = tuple(Check(s) for s in range(TABLE_SEATS))
CALLS = tuple(Call(s) for s in range(TABLE_SEATS))
BRING_INS = tuple(BringIn(s) for s in range(TABLE_SEATS))
FOLD_CHOICES = tuple(make_choice(s, "fold") for s in range(TABLE_SEATS))
CHECK_CHOICES = tuple(make_choice(s, "check") for s in range(TABLE_SEATS))
_SHARED: dict[str, tuple[Action, ...]] = {
    "fold": FOLDS,
    "check": CHECKS,
    "call": CALLS,
    "bring_in": BRING_INS,
}


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Read one record action; raises ``ValueError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, got {data!r}")
    seat = data.get("seat")
    do = data.get("do")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"action {dict(data)} needs a non-negative integer 'seat'")
    if do in _SIMPLE:
        extra = sorted(set(data) - {"seat", "do"})
        if extra:
            raise ValueError(f"action {do!r} takes no field(s) {', '.join(extra)}")
        return _SIMPLE[do](seat)
    if do in ("bet", "raise"):
        extra = sorted(set(data) - {"seat", "do", "to"})
        if extra:
            raise ValueError(f"action {do!r} takes only 'to', not {', '.join(extra)}")
        to = data.get("to")
        if isinstance(to, bool) or not isinstance(to, int) or to <= 0:
            raise ValueError(f"action {do!r} needs a positive integer 'to', got {to!r}")
        return Bet(seat, to) if do == "bet" else Raise(seat, to)
    known = ", ".join([*_SIMPLE, "bet", "raise"])
    raise ValueError(f"unknown Americana action {do!r}; known: {known}")


def random_action(choices: Sequence[Choice], seat: int, rng: random.Random) -> Action:
    """A uniform choice among the legal kinds, a bet or raise total uniform in its range."""
    choice = choices[int(rng.random() * len(choices))]
    do = choice.do
    if do == "raise" or do == "bet":
        low = choice.min_to
        to = low + int(rng.random() * (choice.max_to - low + 1))
        return Raise(seat, to) if do == "raise" else Bet(seat, to)
    if seat < TABLE_SEATS:
        return _SHARED[do][seat]
    return _SIMPLE[do](seat)
