"""How a game meets a learning agent: a fixed discrete action table and a flat observation.

A :class:`Codec` turns a seat's view (and nothing else) into a vector, says which rows of
its action table are legal now (the mask), and turns a chosen row back into an engine
action. Some decisions take several rows in a row (a Palace trim picks soldiers one at a
time, then "done"); the partly made decision is a :class:`Selection`, which the
environment keeps and passes back. Tables are documented in ``docs/rl.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from parlour.cards import Card
from parlour.games.protocol import Action, Hand, View

#: The observation vector's element type.
Vector = npt.NDArray[np.float32]
#: The action mask's element type (1: legal).
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True, slots=True)
class Selection:
    """A decision being built over several steps: its kind and what is chosen so far."""

    kind: str
    cards: tuple[Card, ...] = ()
    target: int | None = None


ViewT_contra = TypeVar("ViewT_contra", bound=View, contravariant=True)


class Codec(Protocol[ViewT_contra]):
    """One game's action table and observation encoding, over that game's views."""

    @property
    def action_count(self) -> int:
        """Number of rows in the action table (the ``Discrete`` size)."""
        ...

    @property
    def observation_size(self) -> int:
        """Length of the observation vector."""
        ...

    def encode(self, view: ViewT_contra, selection: Selection | None) -> Vector:
        """The observation of the seat whose ``view`` this is."""
        ...

    def mask(self, view: ViewT_contra, selection: Selection | None) -> Mask:
        """1 for every row legal now; all zeros when the seat has no decision."""
        ...

    def decode(
        self, row: int, view: ViewT_contra, selection: Selection | None
    ) -> Action | Selection:
        """The engine action for ``row``, or the next :class:`Selection` of a longer decision."""
        ...


def play_row(
    codec: Codec[Any], hand: Hand, seat: int, row: int | None, selection: Selection | None
) -> Selection | None:
    """Play ``row`` for ``seat``: the next step of a longer decision, or ``None`` once the
    engine action is applied. Raises ``ValueError`` for a row the mask does not allow."""
    view = hand.view(seat)
    if row is None or not codec.mask(view, selection)[int(row)]:
        raise ValueError(f"action {row!r} is not legal for seat {seat} now")
    result = codec.decode(int(row), view, selection)
    if isinstance(result, Selection):
        return result
    hand.apply(result)
    return None


def one_hot_cards(cards: Any, deck: tuple[Card, ...]) -> Vector:
    """A 0/1 vector over ``deck`` marking ``cards`` (cards outside the deck are ignored)."""
    index = {c: i for i, c in enumerate(deck)}
    out = np.zeros(len(deck), dtype=np.float32)
    for c in cards:
        i = index.get(c)
        if i is not None:
            out[i] = 1.0
    return out
