"""The players seated when a hand starts, as a hand record lists them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A table seat (0-based, not necessarily contiguous), its name and chips before the ante."""

    seat: int
    stack: int
    name: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0:
            raise ValueError(f"seat must be a non-negative integer, got {self.seat!r}")
        if isinstance(self.stack, bool) or not isinstance(self.stack, int) or self.stack < 0:
            raise ValueError(
                f"stack of seat {self.seat} must be a non-negative integer, got {self.stack!r}"
            )
        if self.name is not None and not isinstance(self.name, str):
            raise ValueError(f"name of seat {self.seat} must be a string, got {self.name!r}")

    def to_dict(self) -> dict[str, Any]:
        """The record form: ``{"seat": 0, "name": "P0", "stack": 20}``."""
        out: dict[str, Any] = {"seat": self.seat}
        if self.name is not None:
            out["name"] = self.name
        out["stack"] = self.stack
        return out
