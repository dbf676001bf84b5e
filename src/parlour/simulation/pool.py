"""Running a match's deals, in this process or on a pool of worker processes.

Deals are cut into chunks; each worker plays whole chunks and returns every hand's
winnings (and records). Chunks come back in deal order, so the results, the records
file and the progress are the same whatever the number of workers: only the wall time
changes. Each worker builds its bots once and keeps them for all its chunks.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.bots import Bot
from parlour.games.protocol import View
from parlour.simulation.match import Match
from parlour.simulation.statistics import BotSummary, Estimate, difference, summarize

#: A chunk is at most this many deals, so progress moves and work stays balanced.
MAX_CHUNK: Final = 64
Winnings = npt.NDArray[np.int64]

_worker_bots: dict[Match, list[Bot[View]]] = {}


@dataclass(frozen=True, slots=True)
class Chunk:
    """Deals ``start`` to ``stop`` (excluded) of a match."""

    match: Match
    start: int
    stop: int
    keep_records: bool


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """Every hand's winnings (one row per hand, in deal order) and records if kept."""

    winnings: Winnings
    records: list[dict[str, Any]]


@dataclass(frozen=True)
class Results:
    """What a simulation produced: per-hand winnings of every bot, and how to read them."""

    match: Match
    winnings: Winnings

    @property
    def hands(self) -> int:
        """Hands played."""
        return int(self.winnings.shape[0])

    def summaries(self) -> list[BotSummary]:
        """Each bot's win rate with its 95% interval (deals as the sampling unit)."""
        return summarize(
            self.match.labels(), self.winnings, self.match.hands_per_deal, self.match.big_bet
        )

    def difference(self, first: int, second: int) -> Estimate:
        """Chips per hand by which bot ``first`` beats bot ``second``, paired by deal."""
        return difference(self.winnings, first, second, self.match.hands_per_deal)


def play_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk (in a worker, or in this process); bots are built once per process."""
    bots = _worker_bots.get(chunk.match)
    if bots is None:
        bots = _worker_bots[chunk.match] = chunk.match.make_bots()
    rows: list[tuple[int, ...]] = []
    records: list[dict[str, Any]] = []
    for deal in range(chunk.start, chunk.stop):
        for result in chunk.match.play_deal(deal, bots, keep_records=chunk.keep_records):
            rows.append(result.winnings)
            if result.record is not None:
                records.append(result.record)
    width = len(chunk.match.bots)
    return ChunkResult(np.array(rows, np.int64).reshape(-1, width), records)


def chunks(match: Match, deals: int, workers: int, *, keep_records: bool) -> list[Chunk]:
    """Deals cut into chunks: about 8 per worker, at most :data:`MAX_CHUNK` deals each."""
    size = max(1, min(MAX_CHUNK, deals // (8 * max(workers, 1)) or 1))
    return [
        Chunk(match, start, min(start + size, deals), keep_records)
        for start in range(0, deals, size)
    ]


def run(
    match: Match,
    hands: int,
    *,
    workers: int = 1,
    on_records: Callable[[list[dict[str, Any]]], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Results:
    """Play at least ``hands`` hands (whole deals) on ``workers`` processes (0: every core).

    ``on_records`` receives the records of each chunk in deal order (records are kept
    only when it is given); ``on_progress`` the number of hands played so far.
    """
    if hands < 1:
        raise ValueError("the number of hands must be at least 1")
    workers = workers or os.cpu_count() or 1
    plan = chunks(match, match.deals_for(hands), workers, keep_records=on_records is not None)
    parts: list[Winnings] = []
    for part in _results(plan, workers):
        parts.append(part.winnings)
        if on_records is not None:
            on_records(part.records)
        if on_progress is not None:
            on_progress(sum(p.shape[0] for p in parts))
    return Results(match, np.concatenate(parts))


def _results(plan: list[Chunk], workers: int) -> Iterator[ChunkResult]:
    """Chunk results in plan order: directly with one worker, else from a process pool."""
    if workers <= 1 or len(plan) <= 1:
        yield from map(play_chunk, plan)
        return
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(min(workers, len(plan))) as pool:
        yield from pool.imap(play_chunk, plan)
