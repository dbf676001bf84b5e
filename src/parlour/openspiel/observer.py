"""Observation and information-state strings and tensors of the parlour OpenSpiel games.

* **Information state** (perfect recall): the string lists, in order, every event the
  player has seen (deals it may see, every action, every card shown, P-41's palaces),
  so two histories get the same string exactly when the player cannot tell them apart.
  The tensor is the observation tensor followed by the betting history: one row per
  decision (who, the row of the action table and what it showed, the chips it put in),
  ``max_game_length`` rows (docs/research.md).
* **Observation** (what the player sees now): the string is the player's view as JSON
  (the same view bots and the browser get, R-4); the tensor is the RL observation of
  docs/rl.md (:mod:`parlour.rl.americana_codec`, :mod:`parlour.rl.palace_codec`).

While a card is being dealt (a chance node) the player sees what it saw before the deal.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.bots.abstraction import americana_key
from parlour.openspiel.state import EngineState
from parlour.openspiel.table import TableSpec


class EngineObserver:
    """A PyObserver (OpenSpiel's ``observation.py`` protocol) for one observation type."""

    def __init__(self, spec: TableSpec, iig_obs_type: Any, rows: int) -> None:
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise ValueError(
                "parlour games observe for one player (public and own private information); "
                f"got {iig_obs_type}"
            )
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.spec = spec
        self.rows = rows
        codec = spec.codec
        pieces = [("observation", codec.observation_size)]
        if self.perfect_recall:
            pieces.append(("history", rows * (codec.history_entry_size + 1)))
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: EngineState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` knows it."""
        progress = state.progress
        if progress.pending is not None:
            # a card is being dealt: the engine's state already holds it (as a fill card),
            # so encode the last state the player saw instead
            self.tensor.fill(0.0)
            if self.perfect_recall:
                self.dict["history"][:] = state.history_tensor(player, self.rows)
            return
        self.dict["observation"][:] = self.spec.codec.encode(state.view(player))
        if self.perfect_recall:
            self.dict["history"][:] = state.history_tensor(player, self.rows)

    def string_from(self, state: EngineState, player: int) -> str:
        """The information-state or observation string of ``player``."""
        if self.perfect_recall and self.spec.abstraction and state.current_player() == player:
            return americana_key(state.view(player), int(self.spec.options.bet))
        if self.perfect_recall:
            lines = [f"player {player}"]
            lines += [json.dumps(e.to_dict(), sort_keys=True) for e in state.seen_events(player)]
            return "\n".join(lines)
        if state.progress.pending is not None:
            return f"player {player}\ndealing"
        return json.dumps(state.view(player).to_dict(), sort_keys=True)
