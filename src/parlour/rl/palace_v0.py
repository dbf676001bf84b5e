"""PettingZoo AEC environment for Palace Poker, version 0.

>>> from parlour.rl import palace_v0
>>> env = palace_v0.env(num_players=4, options={"structure": "no_limit"})
>>> env.reset(seed=1)

Keyword arguments: ``num_players`` (2 to 10), ``stack`` (each seat's chips at the start
of every hand), ``options`` (the table options of RULES.md, as a record writes them) and
``render_mode`` (``None`` or ``"ansi"``). The action table and observation are in
docs/rl.md and :mod:`parlour.rl.palace_codec`. A trim or a discard is chosen over several
steps of the same agent (one soldier per step, then "done").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.games import palace
from parlour.rl.environment import CardGameEnv
from parlour.rl.palace_codec import PalaceCodec


class raw_env(CardGameEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """The unwrapped Palace Poker environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "palace_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        table = palace.options_from_dict(dict(options or {}))
        codec = PalaceCodec(num_players, table.to_dict())
        super().__init__(
            "palace",
            codec,
            num_players=num_players,
            stack=stack,
            options=options,
            render_mode=render_mode,
        )


def env(**kwargs: Any) -> Any:
    """The Palace environment with PettingZoo's usual wrappers (illegal move: -1, ends)."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
