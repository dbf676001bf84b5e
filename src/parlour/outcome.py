"""How a hand ended: final stacks, awarded pots and returned chips (HAND-RECORD.md ``outcome``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class AwardedPot:
    """One pot: its chips, the seats eligible for it, and the seats that won it (several: split)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The record form of the pot."""
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final stacks in the order of the record's seats, pots main pot first, returned chips."""

    stacks: tuple[int, ...]
    pots: tuple[AwardedPot, ...]
    returned: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        """The record form, as HAND-RECORD.md writes it."""
        return {
            "stacks": list(self.stacks),
            "pots": [p.to_dict() for p in self.pots],
            "returned": [{"seat": s, "amount": a} for s, a in self.returned],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Read an outcome from a record; raises ``ValueError`` on a wrong shape."""
        try:
            stacks = tuple(_int(x) for x in data["stacks"])
            pots = tuple(
                AwardedPot(
                    _int(p["amount"]),
                    tuple(_int(x) for x in p["eligible"]),
                    tuple(_int(x) for x in p["winners"]),
                )
                for p in data["pots"]
            )
            returned = tuple((_int(r["seat"]), _int(r["amount"])) for r in data["returned"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed outcome: {exc!r}") from exc
        return cls(stacks, pots, returned)

    def normalized(self) -> tuple[object, ...]:
        """A form in which two outcomes compare equal exactly when HAND-RECORD.md says they agree.

        Seat lists are sorted, pots with the same eligible set merged, returned chips
        added up per seat (zero entries dropped).
        """
        merged: dict[tuple[int, ...], tuple[int, set[int]]] = {}
        for pot in self.pots:
            key = tuple(sorted(pot.eligible))
            amount, winners = merged.get(key, (0, set()))
            merged[key] = (amount + pot.amount, winners | set(pot.winners))
        pots = sorted((k, a, tuple(sorted(w))) for k, (a, w) in merged.items())
        back: dict[int, int] = {}
        for seat, amount in self.returned:
            back[seat] = back.get(seat, 0) + amount
        returned = sorted((s, a) for s, a in back.items() if a)
        return (self.stacks, tuple(pots), tuple(returned))


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value
