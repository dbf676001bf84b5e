"""Palace Poker table options (RULES.md options table, P-4, P-8, P-19 to P-21, P-34)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from parlour.games.optioncheck import check_choice, check_integer, check_known

STRUCTURES: Final = ("limit", "no_limit")
OPTION_NAMES: Final = (
    "structure",
    "small_bet",
    "big_bet",
    "ante",
    "discard_fee",
    "max_soldiers",
    "raise_cap",
)


@dataclass(frozen=True, slots=True)
class PalaceOptions:
    """Validated table options; build with :func:`options_from_dict` or directly.

    ``None`` for ``big_bet``, ``ante`` or ``discard_fee`` means the rulebook's default,
    derived from ``small_bet`` (2 x SB, floor(SB / 2), SB); after construction every field
    holds a number, read through the typed properties ``bb``, ``ante_amount`` and ``fee``.
    """

    structure: str = "limit"
    small_bet: int = 2
    big_bet: int | None = None
    ante: int | None = None
    discard_fee: int | None = None
    max_soldiers: int = 5
    raise_cap: int = 3

    def __post_init__(self) -> None:
        check_choice("structure", self.structure, STRUCTURES)
        check_integer("small_bet", self.small_bet, minimum=1)
        for name, default in (
            ("big_bet", 2 * self.small_bet),
            ("ante", self.small_bet // 2),
            ("discard_fee", self.small_bet),
        ):
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)
        check_integer("big_bet", self.big_bet, minimum=1)
        check_integer("ante", self.ante, minimum=0)
        check_integer("discard_fee", self.discard_fee, minimum=0)
        check_integer("max_soldiers", self.max_soldiers, minimum=1)
        check_integer("raise_cap", self.raise_cap, minimum=0)

    @property
    def no_limit(self) -> bool:
        """Whether the structure is no-limit (P-4)."""
        return self.structure == "no_limit"

    @property
    def bb(self) -> int:
        """The big bet BB (P-4)."""
        assert self.big_bet is not None
        return self.big_bet

    @property
    def ante_amount(self) -> int:
        """The ante every player pays to be dealt in (P-8)."""
        assert self.ante is not None
        return self.ante

    @property
    def fee(self) -> int:
        """The discard fee (P-20)."""
        assert self.discard_fee is not None
        return self.discard_fee

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a written record lists them."""
        return {
            "structure": self.structure,
            "small_bet": self.small_bet,
            "big_bet": self.bb,
            "ante": self.ante_amount,
            "discard_fee": self.fee,
            "max_soldiers": self.max_soldiers,
            "raise_cap": self.raise_cap,
        }


def options_from_dict(data: Mapping[str, Any]) -> PalaceOptions:
    """Read options from a record's ``options``; missing ones take their defaults.

    Raises :class:`OptionError` naming an unknown option, or a bad value and the allowed values.
    """
    return PalaceOptions(**check_known("Palace", data, OPTION_NAMES))
