"""How a game meets a learning agent: a fixed discrete action table and a bounded vector.

A :class:`Codec` turns a seat's view (and nothing else) into a vector and into a
:class:`Decision`: the mask of the rows legal now and the engine action of each legal row,
worked out once per view so the mask and the chosen action always agree. Every decision is
one row (a Palace trim or discard is one row naming the subset). Tables and encodings are
documented in ``docs/rl.md``; the OpenSpiel games (:mod:`parlour.openspiel`) use the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from parlour.cards import Card
from parlour.games.protocol import View

#: The observation vector's element type.
Vector = npt.NDArray[np.float32]
#: The action mask's element type (1: legal).
Mask = npt.NDArray[np.int8]


class IllegalRowError(ValueError):
    """A row of the action table that is not legal now (the mask says 0)."""


class Decision:
    """The legal rows of one decision and the engine action each stands for.

    ``mask`` has one entry per row of the table. ``action(row)`` is the engine action of a
    legal row, built only for the row asked (a Palace trim has up to 2,048 subsets).
    """

    __slots__ = ("build", "mask")

    def __init__(self, mask: Mask, build: Callable[[int], Any]) -> None:
        self.mask = mask
        #: Builds a legal row's action (shared by decisions that differ only in their mask
        #: array, which each owns, so an agent writing into one changes no other).
        self.build = build

    def action(self, row: int) -> Any:
        """The engine action for ``row``; raises :class:`IllegalRowError` when it is not legal."""
        if not 0 <= row < len(self.mask) or not self.mask[row]:
            raise IllegalRowError(f"action {row!r} is not legal now")
        return self.build(row)


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

    @property
    def observation_high(self) -> Vector:
        """The largest value of each entry of the observation (the lowest is always 0)."""
        ...

    def encode(self, view: ViewT_contra) -> Vector:
        """The observation of the seat whose ``view`` this is."""
        ...

    def decision(self, view: ViewT_contra) -> Decision:
        """The legal rows of the view's seat and their actions (none when it is not to act)."""
        ...

    @property
    def history_entry_size(self) -> int:
        """Numbers describing one past decision (see :mod:`parlour.rl.history`)."""
        ...

    def history_entry(self, out: Vector, offset: int, row: int, view: Any, events: Any) -> None:
        """Write the decision ``row`` of the player ``offset`` seats from the observer."""
        ...

    def max_decisions(self) -> int:
        """A bound on the decisions of one hand at this table."""
        ...

    # The environments' fast path: the same numbers, read from the engine's hand instead of
    # a view built for the purpose (one view per step cost more than everything else).

    def encode_hand(self, hand: Any, seat: int) -> Vector:
        """``encode(hand.view(seat))``, read from the hand's state."""
        ...

    def decide_hand(self, hand: Any, seat: int) -> Decision:
        """``decision(hand.view(seat))``, read from the hand's state."""
        ...

    def history_stage(self, hand: Any) -> int:
        """What :meth:`history_row` needs to know of the hand just before a decision."""
        ...

    def history_row(self, out: Vector, offset: int, row: int, stage: int, events: Any) -> None:
        """:meth:`history_entry` with the :meth:`history_stage` in place of a view."""
        ...


def no_decision(rows: int) -> Decision:
    """A decision with no legal row (the seat is not to act, or the hand is over)."""

    return Decision(np.zeros(rows, dtype=np.int8), _refuse)


def _refuse(row: int) -> Any:
    raise IllegalRowError(f"action {row!r} is not legal now")


def mark_cards(out: Vector, offset: int, cards: Any, index: tuple[int, ...]) -> None:
    """Set ``out[offset + index[c]]`` to 1 for every card ``c`` (``index[c] < 0``: skipped)."""
    for c in cards:
        i = index[c]
        if i >= 0:
            out[offset + i] = 1.0


def deck_index(deck: tuple[Card, ...]) -> tuple[int, ...]:
    """For each card number 0..51, its index in ``deck`` (-1 when not in it), built once."""
    index = [-1] * 52
    for i, c in enumerate(deck):
        index[int(c)] = i
    return tuple(index)
