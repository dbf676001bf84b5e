"""PettingZoo AEC environment for Americana (32-card five-card stud), version 0.

>>> from rl_oracle import americana_v0
>>> env = americana_v0.env(num_players=3)
>>> env.reset(seed=1)

Keyword arguments: ``num_players`` (2 to 6), ``stack`` (each seat's chips at the start
of every hand), ``options`` (the table options of RULES.md, as a record writes them) and
``observation`` (``"view"``, or ``"infostate"`` to add the betting history) and
``render_mode`` (``None`` or ``"ansi"``). The action table and observation are in
docs/rl.md and :mod:`rl_oracle.americana_codec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from rl_oracle.environment import CardGameEnv


class raw_env(CardGameEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """The unwrapped Americana environment (illegal rows: see :mod:`rl_oracle.table`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "americana_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        observation: str = "view",
        render_mode: str | None = None,
    ) -> None:
        super().__init__(
            "americana",
            num_players=num_players,
            stack=stack,
            options=options,
            observation=observation,
            render_mode=render_mode,
        )


def env(**kwargs: Any) -> Any:
    """The Americana environment with PettingZoo's order-enforcing wrapper.

    Illegal rows are handled by the environment itself, the same way everywhere: the hand
    is void and the offender loses its whole stack (see :mod:`rl_oracle.table`).
    """
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
