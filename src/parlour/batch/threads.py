"""Running a batch loop over many hands on one or more threads.

The hands are cut into one contiguous block per thread. Each block gets views of the
shared per-hand rows and its own growable flat buffers (action codes; for Palace also
shuffled cards and shuffle sizes), so threads never write to the same memory. A loop
that finds a buffer full stops before the hand that did not fit and returns its index;
the block doubles its buffers and calls again from there (the hand is played again from
its own random stream, identically). The kernels release the GIL, so the threads run at
once on separate cores, and each hand's stream depends only on the seed and the hand's
number, so the results do not depend on the number of threads.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Buffers = tuple[Ints, ...]


class Block(Protocol):
    """A game's loop over hands ``begin .. end-1`` of one block (rows ``rows``).

    ``offsets[i, b]`` is where hand ``i`` starts in buffer ``b``; the loop writes
    ``offsets[i + 1]`` as it finishes hand ``i``. Returns the index reached, or
    ``-2 - i`` when hand ``i`` stopped on an error the game explains.
    """

    def __call__(self, begin: int, end: int, rows: slice, offsets: Ints, bufs: Buffers) -> int: ...


@dataclass(frozen=True, slots=True)
class Played:
    """Every buffer of every hand (flat), where each hand starts in each (``(N + 1, k)``),
    and each thread's CPU seconds (``time.thread_time`` inside the thread)."""

    offsets: Ints
    bufs: Buffers
    cpu: tuple[float, ...]


def blocks(hands: int, threads: int) -> list[tuple[int, int]]:
    """``threads`` contiguous blocks covering ``0 .. hands-1`` (some empty if few hands)."""
    cuts = np.linspace(0, hands, threads + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts)]


def run(
    play: Block,
    hands: int,
    threads: int,
    *,
    per_hand: Sequence[int],
    on_error: Callable[[int], Exception],
) -> Played:
    """Play every hand with ``play`` on ``threads`` threads and gather the buffers.

    ``per_hand`` is the first room allotted per hand in each buffer (0: the buffer is
    unused, as when no records are kept).
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    parts = blocks(hands, threads)

    def one(part: tuple[int, int]) -> tuple[Ints, Buffers, float]:
        began = time.thread_time()
        offsets, bufs = _block(play, part, per_hand, on_error)
        return offsets, bufs, time.thread_time() - began

    if threads == 1:
        results = [one(parts[0])]
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            results = list(pool.map(one, parts))
    return _gather(results, hands, len(per_hand))


def _block(
    play: Block,
    part: tuple[int, int],
    per_hand: Sequence[int],
    on_error: Callable[[int], Exception],
) -> tuple[Ints, Buffers]:
    begin, end = part
    count = end - begin
    rows = slice(begin, end)
    offsets = np.zeros((count + 1, len(per_hand)), np.int64)
    bufs = tuple(np.zeros(max(count * room, 64) if room else 0, np.int64) for room in per_hand)
    at = 0
    while at < count:
        reached = play(at, count, rows, offsets, bufs)
        if reached < 0:  # the loop stopped at hand -2 - reached
            raise on_error(begin - 2 - reached)
        if reached < count:  # a buffer is full: double them all and go on from there
            bufs = tuple(_grown(b) for b in bufs)
        at = reached
    return offsets, tuple(b[: offsets[count, k]] for k, b in enumerate(bufs))


def _grown(buf: Ints) -> Ints:
    grown = np.zeros(2 * buf.shape[0], np.int64)
    grown[: buf.shape[0]] = buf
    return grown


def _gather(results: Sequence[tuple[Ints, Buffers, float]], hands: int, width: int) -> Played:
    offsets = np.zeros((hands + 1, width), np.int64)
    row = 0
    base = np.zeros(width, np.int64)
    for block_offsets, block_bufs, _ in results:
        count = block_offsets.shape[0] - 1
        offsets[row + 1 : row + count + 1] = block_offsets[1:] + base
        base += [b.shape[0] for b in block_bufs]
        row += count
    bufs = tuple(
        np.concatenate([r[1][k] for r in results]) if results else np.zeros(0, np.int64)
        for k in range(width)
    )
    return Played(offsets, bufs, tuple(r[2] for r in results))
