"""Palace Poker table options, resolved (RULES.md options table, P-4, P-8, P-19 to P-21, P-34).

The schema (names, defaults, limits, the big bet's constraint) is
:data:`parlour.games.palace.meta.OPTIONS`; this is the typed value a hand is played with,
every field filled in (the derived defaults too: BB = 2 x SB, ante = floor(SB / 2),
discard fee = SB).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.games.palace.meta import META


@dataclass(frozen=True, slots=True)
class PalaceOptions:
    """Validated table options, every default applied; build with :func:`options_from_dict`."""

    structure: str
    small_bet: int
    big_bet: int
    ante: int
    discard_fee: int
    max_soldiers: int
    raise_cap: int

    @property
    def no_limit(self) -> bool:
        """Whether the structure is no-limit (P-4)."""
        return self.structure == "no_limit"

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a written record lists them."""
        return {
            "structure": self.structure,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "ante": self.ante,
            "discard_fee": self.discard_fee,
            "max_soldiers": self.max_soldiers,
            "raise_cap": self.raise_cap,
        }


def options_from_dict(data: Mapping[str, Any]) -> PalaceOptions:
    """Read options from a record's ``options``; missing ones take their defaults.

    Raises :class:`OptionError` naming an unknown option, a bad value and the allowed values,
    or a broken constraint.
    """
    return PalaceOptions(**META.resolve(data))
