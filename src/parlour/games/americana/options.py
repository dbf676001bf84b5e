"""Americana table options (RULES.md options table, A-4, A-20, A-42 to A-44, A-31)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from parlour.errors import OptionError
from parlour.games.optioncheck import check_choice, check_integer, check_known

STRUCTURES: Final = ("limit", "pot_limit", "no_limit")
TIE_BREAKS: Final = ("seed", "ranks_then_suit", "split")
OPTION_NAMES: Final = ("structure", "ante", "bring_in", "raise_cap", "tie_break", "show_all")


@dataclass(frozen=True, slots=True)
class AmericanaOptions:
    """Validated table options; build with :func:`options_from_dict` or directly.

    ``bring_in`` of ``None`` means the default, twice the ante (A-4).
    """

    structure: str = "limit"
    ante: int = 1
    bring_in: int | None = None
    raise_cap: int = 3
    tie_break: str = "seed"
    show_all: bool = False

    def __post_init__(self) -> None:
        check_choice("structure", self.structure, STRUCTURES)
        check_choice("tie_break", self.tie_break, TIE_BREAKS)
        check_integer("ante", self.ante, minimum=1)
        if self.bring_in is None:
            object.__setattr__(self, "bring_in", 2 * self.ante)
        check_integer("bring_in", self.bring_in, minimum=1)
        check_integer("raise_cap", self.raise_cap, minimum=0)
        if not isinstance(self.show_all, bool):
            raise OptionError(f"option show_all must be true or false, got {self.show_all!r}")

    @property
    def bet(self) -> int:
        """The bring-in B, which is also the small bet and the minimum bet (A-4, A-20, A-21)."""
        assert self.bring_in is not None
        return self.bring_in

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a written record lists them."""
        return {
            "structure": self.structure,
            "ante": self.ante,
            "bring_in": self.bet,
            "raise_cap": self.raise_cap,
            "tie_break": self.tie_break,
            "show_all": self.show_all,
        }


def options_from_dict(data: Mapping[str, Any]) -> AmericanaOptions:
    """Read options from a record's ``options``; missing ones take their defaults.

    Raises :class:`OptionError` naming an unknown option, or a bad value and the allowed values.
    """
    return AmericanaOptions(**check_known("Americana", data, OPTION_NAMES))
