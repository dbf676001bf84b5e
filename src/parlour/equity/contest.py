"""Counting who wins over every way the unseen cards can fall (or a random sample of them).

Each player's hidden part is described by its *options*: every set of unseen cards it
could hold, as a bit mask over the unseen cards, with the strength that set gives the
player's whole hand. Since a player's strength depends only on its own cards, each
player's options are evaluated once (one batch call), and a deal is just one option per
player with no card used twice. Exact enumeration joins the options player by player,
keeping only disjoint combinations; sampling draws options and keeps disjoint ones, which
is uniform over the valid deals because every option of a player is equally likely.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Int64s = npt.NDArray[np.int64]

#: Rows of the intermediate join kept in memory at once.
_JOIN_BLOCK = 1 << 22


@dataclass(frozen=True, slots=True)
class Options:
    """One player's possible hidden holdings: card masks and the strength of each."""

    masks: Int64s
    values: Int64s

    def __post_init__(self) -> None:
        if self.masks.shape != self.values.shape or self.masks.ndim != 1 or not self.masks.size:
            raise ValueError("a player needs at least one option, with one value per mask")

    @classmethod
    def known(cls, value: int) -> Options:
        """A player with nothing hidden: one option, no unseen card used."""
        return cls(np.zeros(1, np.int64), np.array([value], np.int64))


@dataclass(frozen=True, slots=True)
class Tally:
    """How often each player won alone and shared the best hand, over ``deals`` deals."""

    wins: tuple[int, ...]
    ties: tuple[int, ...]
    deals: int

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            tuple(a + b for a, b in zip(self.ties, other.ties, strict=True)),
            self.deals + other.deals,
        )


def tally(values: Int64s) -> Tally:
    """Wins and ties from a ``(deals, players)`` array of strengths."""
    best = values.max(axis=1, keepdims=True)
    at_best = values == best
    shared = at_best.sum(axis=1) > 1
    wins = (at_best & ~shared[:, None]).sum(axis=0)
    ties = (at_best & shared[:, None]).sum(axis=0)
    return Tally(tuple(int(w) for w in wins), tuple(int(t) for t in ties), values.shape[0])


def deal_count(sizes: Sequence[int], unseen: int) -> int:
    """Number of deals when player i draws ``sizes[i]`` cards from ``unseen`` cards."""
    count, left = 1, unseen
    for size in sizes:
        count *= math.comb(left, size)
        left -= size
    return count


@functools.lru_cache(maxsize=256)
def choose(n: int, k: int) -> Int64s:
    """Every ``k``-subset of ``range(n)``, one per row (one empty row when ``k`` is 0).

    Cached (bots ask for the same few shapes at every decision), so read-only.
    """
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), np.int64)
    picks = flat.reshape(math.comb(n, k), k)
    picks.flags.writeable = False
    return picks


@functools.lru_cache(maxsize=256)
def choice_masks(n: int, k: int) -> Int64s:
    """The bit masks of the rows of :func:`choose` ``(n, k)`` (cached, read-only)."""
    masks = masks_of(choose(n, k))
    masks.flags.writeable = False
    return masks


def masks_of(picks: Int64s) -> Int64s:
    """The bit mask of each row of indices."""
    masks: Int64s = (np.int64(1) << picks).sum(axis=1, dtype=np.int64)
    return masks


def enumerate_all(players: Sequence[Options]) -> Tally:
    """Exact tally over every combination of disjoint options.

    All players but the last are joined row by row (in blocks of the first player's
    options); the last player's options are then counted against each row at once, as
    a boolean matrix, without listing those deals one by one.
    """
    if len(players) < 2:
        raise ValueError("a contest needs at least two players")
    total = Tally((0,) * len(players), (0,) * len(players), 0)
    *front, last = players
    first = front[0]
    widest = max(p.masks.size for p in players[1:])
    step = max(1, _JOIN_BLOCK // widest)
    for start in range(0, first.masks.size, step):
        masks = first.masks[start : start + step]
        values = first.values[start : start + step, None]
        for player in front[1:]:
            rows, cols = np.nonzero((masks[:, None] & player.masks[None, :]) == 0)
            masks = masks[rows] | player.masks[cols]
            values = np.column_stack((values[rows], player.values[cols]))
        if values.shape[0]:
            total = total + _against_last(masks, values, last)
    return total


def _against_last(masks: Int64s, values: Int64s, last: Options) -> Tally:
    """Tally of every row of the front players against every disjoint option of ``last``."""
    fits = (masks[:, None] & last.masks[None, :]) == 0
    best = values.max(axis=1)
    below = (fits & (last.values[None, :] < best[:, None])).sum(axis=1)
    level = (fits & (last.values[None, :] == best[:, None])).sum(axis=1)
    above = fits.sum(axis=1) - below - level
    at_best = values == best[:, None]
    alone = at_best.sum(axis=1) == 1
    wins = (at_best & alone[:, None]).T @ below
    ties = (at_best & alone[:, None]).T @ level + (at_best & ~alone[:, None]).T @ (below + level)
    return Tally(
        (*(int(w) for w in wins), int(above.sum())),
        (*(int(t) for t in ties), int(level.sum())),
        int(fits.sum()),
    )


def sample(players: Sequence[Options], deals: int, rng: np.random.Generator) -> Tally:
    """Tally over ``deals`` random valid deals (options drawn uniformly, clashes redrawn)."""
    total = Tally((0,) * len(players), (0,) * len(players), 0)
    attempts = 0
    while total.deals < deals:
        want = deals - total.deals
        picks = [rng.integers(0, p.masks.size, size=2 * want) for p in players]
        used = np.zeros(2 * want, np.int64)
        clash = np.zeros(2 * want, bool)
        for player, pick in zip(players, picks, strict=True):
            clash |= (used & player.masks[pick]) != 0
            used |= player.masks[pick]
        keep = np.flatnonzero(~clash)[:want]
        values = np.column_stack(
            [p.values[pick[keep]] for p, pick in zip(players, picks, strict=True)]
        )
        total = total + tally(values)
        attempts += 1
        if attempts > 1000 and total.deals == 0:
            raise ValueError("the players' hidden cards can almost never be dealt together")
    return total


def pair_exact(first: Options, second: Options) -> Tally:
    """Exact tally of two players by inclusion-exclusion over shared cards.

    The deals are the pairs of options with no card in common. Rather than testing
    every pair (as :func:`enumerate_all` does), count for each option ``a`` of the first
    player the second player's options below, level with and above it among those
    disjoint from ``a``: by inclusion-exclusion, the options that avoid every card of
    ``a`` are all options, less those holding each card, plus those holding each pair,
    and so on. "Options of the second player holding the cards ``S`` with value below
    ``v``" is one binary search in a sorted table of (subset, value) keys built once, so
    the work is ``2**k`` searches per option instead of one test per pair.
    """
    if first.masks.size == 0 or second.masks.size == 0:
        raise ValueError("a contest needs at least one option per player")
    keys = _subset_keys(second)
    below = np.zeros(first.masks.size, np.int64)
    level = np.zeros(first.masks.size, np.int64)
    fits = np.zeros(first.masks.size, np.int64)
    for sign, subset in _subsets(first.masks):
        start = np.searchsorted(keys, subset << _VALUE_BITS)
        under = np.searchsorted(keys, (subset << _VALUE_BITS) | first.values)
        upto = np.searchsorted(keys, (subset << _VALUE_BITS) | first.values, side="right")
        stop = np.searchsorted(keys, (subset + 1) << _VALUE_BITS)
        below += sign * (under - start)
        level += sign * (upto - under)
        fits += sign * (stop - start)
    above = fits - below - level
    deals = int(fits.sum())
    ties = int(level.sum())
    return Tally((int(below.sum()), int(above.sum())), (ties, ties), deals)


#: Values take the low bits of a (subset, value) key; card masks the bits above.
_VALUE_BITS = 32


def _bits(masks: Int64s) -> list[Int64s]:
    """Each option's cards as single-bit masks, one column per card (options of one
    player all hold the same number of cards)."""
    columns: list[Int64s] = []
    rest = masks.copy()
    while rest.size and rest[0]:
        low = rest & -rest
        columns.append(low)
        rest = rest ^ low
    return columns


def _subsets(masks: Int64s) -> list[tuple[int, Int64s]]:
    """Every subset of every option's cards, with the inclusion-exclusion sign."""
    columns = _bits(masks)
    out: list[tuple[int, Int64s]] = []
    for chosen in range(1 << len(columns)):
        subset = np.zeros(masks.size, np.int64)
        for k, column in enumerate(columns):
            if chosen >> k & 1:
                subset |= column
        out.append((-1 if chosen.bit_count() % 2 else 1, subset))
    return out


def _subset_keys(player: Options) -> Int64s:
    """Sorted keys (subset << 32 | value) for every subset of every option's cards."""
    if player.values.size and (player.values.min() < 0 or player.values.max() >> _VALUE_BITS):
        raise ValueError("option values must fit in 32 bits")
    if player.masks.size and player.masks.max() >> (63 - _VALUE_BITS):
        raise ValueError("pair_exact counts over at most 31 unseen cards")
    keys = [(subset << _VALUE_BITS) | player.values for _, subset in _subsets(player.masks)]
    table: Int64s = np.sort(np.concatenate(keys))
    return table
