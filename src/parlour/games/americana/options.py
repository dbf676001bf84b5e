"""Americana table options, resolved (RULES.md options table, A-4, A-20, A-42 to A-44, A-31).

The schema (names, defaults, limits) is :data:`parlour.games.americana.meta.OPTIONS`; this
is the typed value a hand is played with, every field filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.games.americana.meta import META


@dataclass(frozen=True, slots=True)
class AmericanaOptions:
    """Validated table options, every default applied; build with :func:`options_from_dict`.

    ``bring_in`` is B of the rulebook: the bring-in, the small bet and the minimum bet
    (A-4, A-20, A-21).
    """

    structure: str
    ante: int
    bring_in: int
    raise_cap: int
    tie_break: str
    show_all: bool

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a written record lists them."""
        return {
            "structure": self.structure,
            "ante": self.ante,
            "bring_in": self.bring_in,
            "raise_cap": self.raise_cap,
            "tie_break": self.tie_break,
            "show_all": self.show_all,
        }


def options_from_dict(data: Mapping[str, Any]) -> AmericanaOptions:
    """Read options from a record's ``options``; missing ones take their defaults.

    Raises :class:`OptionError` naming an unknown option, or a bad value and the allowed values.
    """
    return AmericanaOptions(**META.resolve(data))
