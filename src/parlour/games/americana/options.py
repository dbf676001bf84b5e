"""Americana table options (RULES.md options table, A-4, A-20, A-42 to A-44, A-31)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from parlour.errors import OptionError

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
        _choice("structure", self.structure, STRUCTURES)
        _choice("tie_break", self.tie_break, TIE_BREAKS)
        _integer("ante", self.ante, minimum=1, allowed="a positive integer")
        if self.bring_in is None:
            object.__setattr__(self, "bring_in", 2 * self.ante)
        _integer("bring_in", self.bring_in, minimum=1, allowed="a positive integer")
        _integer("raise_cap", self.raise_cap, minimum=0, allowed="a non-negative integer")
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
    if not isinstance(data, Mapping):
        raise OptionError(f"options must be an object, got {data!r}")
    unknown = sorted(set(data) - set(OPTION_NAMES))
    if unknown:
        raise OptionError(
            f"unknown Americana option(s) {', '.join(unknown)}; known: {', '.join(OPTION_NAMES)}"
        )
    return AmericanaOptions(**dict(data))


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise OptionError(f"option {name} must be one of {', '.join(allowed)}, got {value!r}")


def _integer(name: str, value: object, *, minimum: int, allowed: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise OptionError(f"option {name} must be {allowed}, got {value!r}")
