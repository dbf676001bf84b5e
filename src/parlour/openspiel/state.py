"""The OpenSpiel state of a parlour game: the reference engine's hand, with the deal as
chance nodes (see :mod:`parlour.openspiel.dealing`).

Player ``p`` is table seat ``p``. Decisions are the rows of the game's action table (the
same as the RL environments', docs/rl.md); chance outcomes are card numbers
(:mod:`parlour.cards`), one node per card dealt, with equal chances among the cards not
yet seen by the deck being dealt. Returns are chips won or lost over the hand.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.cards import Card
from parlour.events import Event
from parlour.openspiel.dealing import Dealt, LazyShuffler, dealt_cards, first_unknown
from parlour.openspiel.table import TableSpec
from parlour.rl.codec import Decision, Vector, no_decision
from parlour.rl.table import paid_by


class Progress:
    """Everything that changes during a hand; deep-copied cheaply (the engine's ``copy``)."""

    __slots__ = (
        "actions",
        "decision",
        "decision_view",
        "events",
        "hand",
        "history",
        "pending",
        "prefixes",
        "rows",
        "shuffler",
        "spec",
    )

    def __init__(self, spec: TableSpec) -> None:
        self.spec = spec
        self.prefixes: list[list[Card]] = []
        self.actions: list[Any] = []
        self.rows: list[int] = []
        #: Per decision: the seat, its row, its view just before, the index of its first
        #: event and the chips it put in.
        self.history: list[tuple[int, int, Any, int, int]] = []
        self.shuffler = LazyShuffler(self.prefixes, spec.preferred)
        self.hand: Any = None
        self.events: list[Event] = []
        self.pending: Dealt | None = None
        self.decision: Decision | None = None
        self.decision_view: Any = None
        self.replay(spec)

    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        new = object.__new__(Progress)
        new.spec = self.spec
        new.prefixes = [p[:] for p in self.prefixes]
        new.actions = self.actions[:]
        new.rows = self.rows[:]
        new.history = self.history[:]
        new.shuffler = self.shuffler.copy(new.prefixes)
        new.hand = self.hand.copy()
        if hasattr(new.hand, "shuffler"):
            # Palace keeps its shuffler for the discard-pile reshuffles (P-17): the copy
            # must draw its own fill, never append to the original's orders.
            new.hand.shuffler = new.shuffler
        new.events = self.events[:]
        new.pending = self.pending
        new.decision = self.decision
        new.decision_view = self.decision_view
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what the hand is made of (OpenSpiel serialises Python states by
        pickling them): the chance outcomes and the decisions; loading plays it again."""
        return (_restore, (self.spec, [p[:] for p in self.prefixes], self.actions, self.rows))

    def replay(self, spec: TableSpec) -> None:
        """Play the hand again from the start with the chance outcomes chosen so far."""
        self.shuffler = LazyShuffler(self.prefixes, spec.preferred)
        hand = spec.game.start_hand(spec.options, spec.seats, spec.button, self.shuffler)
        events = list(hand.start_events)
        history = []
        for action, row in zip(self.actions, self.rows, strict=True):
            view = hand.view(action.seat)
            first = len(events)
            events.extend(hand.apply(action))
            paid = paid_by(hand.view(action.seat), action.seat) - paid_by(view, action.seat)
            history.append((action.seat, row, view, first, paid))
        self.hand, self.events, self.history = hand, events, history
        self.decision = self.decision_view = None
        self.settle(spec)

    def settle(self, spec: TableSpec) -> None:
        """Find the next chance node; deal the research-only fixed cards that come first
        (without playing again when the fill already put them in place)."""
        while True:
            self.pending = first_unknown(
                dealt_cards(self.events, self.shuffler.orders), self.prefixes
            )
            pending = self.pending
            forced = None if pending is None else spec.forced(pending)
            if pending is None or forced is None:
                return
            self._extend(pending.shuffle, forced)
            if forced != pending.card:
                self.replay(spec)
                return

    def deal(self, spec: TableSpec, card: Card) -> None:
        """Choose ``card`` as the outcome of the pending chance node."""
        assert self.pending is not None
        self._extend(self.pending.shuffle, card)
        self.replay(spec)

    def _extend(self, shuffle: int, card: Card) -> None:
        while len(self.prefixes) <= shuffle:
            self.prefixes.append([])
        self.prefixes[shuffle].append(card)

    def act(self, spec: TableSpec, seat: int, row: int) -> None:
        """Apply the engine action of ``row`` for ``seat``; a card dealt by it becomes the
        next chance node."""
        assert self.decision is not None
        action = self.decision.action(row)
        view = self.decision_view
        first = len(self.events)
        self.events.extend(self.hand.apply(action))
        self.actions.append(action)
        self.rows.append(row)
        paid = paid_by(self.hand.view(seat), seat) - paid_by(view, seat)
        self.history.append((seat, row, view, first, paid))
        self.decision = self.decision_view = None
        self.settle(spec)


def _restore(
    spec: TableSpec, prefixes: list[list[Card]], actions: list[Any], rows: list[int]
) -> Progress:
    """A pickled :class:`Progress`, played again."""
    progress = object.__new__(Progress)
    progress.spec = spec
    progress.prefixes = prefixes
    progress.actions = list(actions)
    progress.rows = list(rows)
    progress.replay(spec)
    return progress


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A state of ``parlour_americana`` or ``parlour_palace``."""

    def __init__(self, game: Any, spec: TableSpec) -> None:
        super().__init__(game)
        self._spec = spec
        self._progress: Progress | None = None

    @property
    def _codec(self) -> Any:
        return self._spec.codec

    @property
    def progress(self) -> Progress:
        """The hand so far (dealt on first use: a clone never pays for a fresh deal)."""
        if self._progress is None:
            self._progress = Progress(self._spec)
        return self._progress

    @property
    def engine_hand(self) -> Any:
        """The engine's hand (exact up to the pending chance node)."""
        return self.progress.hand

    # ------------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a card is being dealt, or ``TERMINAL``."""
        p = self.progress
        if p.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if p.hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(p.hand.to_act)

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        p = self.progress
        return p.pending is None and bool(p.hand.is_over)

    def _decision(self) -> Decision:
        p = self.progress
        if p.decision is None:
            if p.pending is not None or p.hand.is_over:
                return no_decision(self._codec.action_count)
            p.decision_view = p.hand.view(p.hand.to_act)
            p.decision = self._codec.decision(p.decision_view)
        return p.decision

    def _legal_actions(self, player: int) -> list[int]:
        """The legal rows of the action table for ``player`` (sorted)."""
        if player != self.current_player():
            return []
        return [int(r) for r in np.flatnonzero(self._decision().mask)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt now, each with the same chance."""
        p = self.progress
        assert p.pending is not None
        shuffle = p.pending.shuffle
        prefix = p.prefixes[shuffle] if shuffle < len(p.prefixes) else []
        cards = self._spec.outcomes(p.shuffler.sets[shuffle], prefix)
        if not cards:
            raise RuntimeError("no card left to deal: the research deck is too small")
        chance = 1.0 / len(cards)
        return [(int(c), chance) for c in cards]

    def _apply_action(self, action: int) -> None:
        p = self.progress
        if p.pending is not None:
            if action not in dict(self.chance_outcomes()):
                raise ValueError(f"card {action} cannot be dealt now")
            p.deal(self._spec, Card(action))
            return
        seat = int(p.hand.to_act)
        decision = self._decision()
        if not 0 <= action < len(decision.mask) or not decision.mask[action]:
            raise ValueError(f"action {action} is not legal for player {seat} now")
        p.act(self._spec, seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action)}"
        decision = self._decision()
        legal = player == self.current_player() and 0 <= action < len(decision.mask)
        if legal and decision.mask[action]:
            return _describe(decision.action(action).to_dict())
        return f"row {action}"

    def returns(self) -> list[float]:
        """Chips won or lost by each seat (0 until the hand is over)."""
        if not self.is_terminal():
            return [0.0] * self._spec.num_players
        stacks = self.progress.hand.outcome.stacks
        return [float(stacks[i] - s) for i, s in enumerate(self._spec.stacks)]

    def __str__(self) -> str:
        p = self.progress
        events = p.events if p.pending is None else p.events[: p.pending.event]
        return "\n".join(json.dumps(e.to_dict(), sort_keys=True) for e in events)

    # ------------------------------------------------------------------ what a seat saw

    def seen_events(self, player: int) -> list[Event]:
        """Every event ``player`` has seen so far, in order (up to a pending deal)."""
        p = self.progress
        events = p.events if p.pending is None else p.events[: p.pending.event]
        return [e for e in events if e.visible_to(player)]

    def view(self, player: int) -> Any:
        """The engine's view of ``player`` (only valid when no card is being dealt)."""
        return self.progress.hand.view(player)

    def history_tensor(self, player: int, rows: int) -> Vector:
        """The decisions so far as ``player`` reads them, in a ``rows``-row array."""
        p = self.progress
        n = self._spec.num_players
        width = self._codec.history_entry_size + 1
        out = np.zeros((rows, width), dtype=np.float32)
        unit = 1.0 / _unit(self._spec)
        visible = len(p.events) if p.pending is None else p.pending.event
        history = p.history
        for i, (seat, row, view, first, paid) in enumerate(history):
            last = history[i + 1][3] if i + 1 < len(history) else visible
            caused = [e for e in p.events[first:last] if e.visible_to(player)]
            self._codec.history_entry(out[i, :-1], 0, row, view, caused)
            out[i, :n] = 0.0
            out[i, (seat - player) % n] = 1.0
            out[i, -1] = max(paid, 0) * unit
        return out.reshape(-1)


def _unit(spec: TableSpec) -> float:
    written = spec.options.to_dict()
    return float(written["bring_in"] if spec.game_name == "americana" else written["small_bet"])


def _describe(action: dict[str, Any]) -> str:
    """A short unique name of an engine action (its record form without the seat)."""
    parts = [str(action["do"])]
    for key, value in action.items():
        if key not in ("seat", "do"):
            parts.append(f"{key}={value}")
    return " ".join(parts)
