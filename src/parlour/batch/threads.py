"""Running a batch loop over many hands on one or more threads.

The hands are cut into one contiguous block per thread. Each block gets views of the
shared result rows and its own buffer of action codes (grown and resumed whenever a hand
does not fit), so the threads never write to the same memory. The kernels release the
GIL, so the threads run at once on separate cores. Every hand draws from its own random
stream, so the results do not depend on the number of threads.
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
#: Codes per hand first allotted to a block's buffer (it grows when needed).
CODES_PER_HAND = 12


class Block(Protocol):
    """What a game's loop needs to play hands ``begin .. end-1`` of one block."""

    def __call__(
        self, begin: int, end: int, rows: slice, offsets: Ints, codes: Ints
    ) -> int:  # the index reached; negative for an error the game explains
        ...


@dataclass(frozen=True, slots=True)
class Played:
    """The codes of all hands (flat), where each hand's codes start, and each thread's
    CPU seconds (``time.thread_time`` inside the thread)."""

    offsets: Ints
    codes: Ints
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
    keep: bool,
    on_error: Callable[[int], Exception],
) -> Played:
    """Play every hand with ``play`` on ``threads`` threads and gather the codes."""
    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    parts = blocks(hands, threads)

    def one(part: tuple[int, int]) -> tuple[Ints, Ints, float]:
        began = time.thread_time()
        offsets, codes = _block(play, part, keep=keep, on_error=on_error)
        return offsets, codes, time.thread_time() - began

    if threads == 1:
        results = [one(parts[0])]
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            results = list(pool.map(one, parts))
    return _gather(results, hands)


def _block(
    play: Block, part: tuple[int, int], *, keep: bool, on_error: Callable[[int], Exception]
) -> tuple[Ints, Ints]:
    begin, end = part
    count = end - begin
    rows = slice(begin, end)
    offsets = np.zeros(count + 1, np.int64)
    codes = np.zeros(max(count * CODES_PER_HAND, 16) if keep else 0, np.int64)
    at = 0
    while at < count:
        reached = play(at, count, rows, offsets, codes)
        if reached < 0:  # the loop stopped at hand -2 - reached (see ILLEGAL)
            raise on_error(begin - 2 - reached)
        if reached < count:  # the codes buffer is full: double it and go on from there
            grown = np.zeros(2 * codes.shape[0], np.int64)
            grown[: codes.shape[0]] = codes
            codes = grown
        at = reached
    return offsets, codes[: offsets[count]]


def _gather(results: Sequence[tuple[Ints, Ints, float]], hands: int) -> Played:
    offsets = np.zeros(hands + 1, np.int64)
    row = 0
    base = 0
    codes: list[Ints] = []
    for block_offsets, block_codes, _ in results:
        count = block_offsets.shape[0] - 1
        offsets[row + 1 : row + count + 1] = block_offsets[1:] + base
        base += block_codes.shape[0]
        row += count
        codes.append(block_codes)
    flat = np.concatenate(codes) if codes else np.zeros(0, np.int64)
    return Played(offsets, flat, tuple(r[2] for r in results))
