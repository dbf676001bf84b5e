"""Build the GenKey look-up tables from the reference scorer (slow, readable, exact).

GenKey (docs/evaluation.md): each card has an additive key; the sum over a hand holds
four 4-bit suit counters (bits 0-15), the base-5 rank counts of the low ranks 2-7
(bits 16-29) and of the high ranks 8-A (bits 30 and up). Counts never exceed 4, so no
digit carries. ``BASE[high] + LO_INDEX[low]`` is a minimal perfect hash of every rank
multiset of 0 to 9 cards onto rows ``0 .. 466,479``: low patterns are numbered by card
count first, so those that fit beside a given high pattern form a prefix.

Run ``python -m parlour.evaluation.generate`` to rewrite the shipped
``data/tables.npz``; a test regenerates the tables and compares them with it.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from parlour.evaluation.reference import SortKey, flush_key, rank_key, seed_parts

LOW_RANKS: Final = 6  # 2 to 7
HIGH_RANKS: Final = 7  # 8 to A
MAX_CARDS: Final = 9
LOW_SHIFT: Final = 16
HIGH_SHIFT: Final = 30
DATA_PATH: Final = Path(__file__).with_name("data") / "tables.npz"
#: A-1: the Americana deck holds ranks 7 (index 5) to A (index 12).
AMERICANA_LOWEST: Final = 5
#: Marks rows that are not five cards of the 32-card deck in the Americana table.
NOT_AMERICANA: Final = 0xFFFF

Array = npt.NDArray[np.generic]


def card_keys() -> list[int]:
    """The additive GenKey of each card 0..51."""
    keys = []
    for card in range(52):
        rank, suit = card >> 2, card & 3
        if rank < LOW_RANKS:
            rank_part = 5**rank << LOW_SHIFT
        else:
            rank_part = 5 ** (rank - LOW_RANKS) << HIGH_SHIFT
        keys.append(rank_part | 1 << (4 * suit))
    return keys


def _patterns(ranks: int) -> list[tuple[int, ...]]:
    """Every count vector over ``ranks`` ranks (each 0-4, total <= 9), by total then value."""
    vectors = [v for v in itertools.product(range(5), repeat=ranks) if sum(v) <= MAX_CARDS]
    return sorted(vectors, key=lambda v: (sum(v), _base5(v)))


def _base5(counts: tuple[int, ...]) -> int:
    return sum(n * 5**i for i, n in enumerate(counts))


def row_hash() -> tuple[Array, Array, list[tuple[int, ...]]]:
    """(LO_INDEX, BASE, count vector of every row in row order)."""
    lows, highs = _patterns(LOW_RANKS), _patterns(HIGH_RANKS)
    lo_index = np.zeros(5**LOW_RANKS, np.int32)
    fitting = [0] * (MAX_CARDS + 2)  # fitting[m]: low patterns with at most m cards
    for i, low in enumerate(lows):
        lo_index[_base5(low)] = i
        fitting[sum(low) + 1] = i + 1
    base = np.zeros(5**HIGH_RANKS, np.int32)
    rows: list[tuple[int, ...]] = []
    for high in highs:
        base[_base5(high)] = len(rows)
        room = MAX_CARDS - sum(high)
        rows.extend(low + high for low in lows[: fitting[room + 1]])
    return lo_index, base, rows


def _flush_masks() -> list[int]:
    return [m for m in range(1 << 13) if m.bit_count() >= 5]


def _suited(mask: int) -> set[int]:
    return {r for r in range(13) if mask >> r & 1}


def flush_suits() -> Array:
    """FLUSH_SUIT[suit counters]: the suit with five or more cards, else -1."""
    table = np.full(1 << 16, -1, np.int8)
    for counters in range(1 << 16):
        for suit in range(4):
            if counters >> (4 * suit) & 15 >= 5:
                table[counters] = suit
    return table


def standard_tables(rows: list[tuple[int, ...]]) -> dict[str, Array]:
    """Values are dense class numbers: 0 is the empty hand, bigger is better."""
    row_keys = [rank_key(counts) for counts in rows]
    flush_keys = {m: flush_key(_suited(m)) for m in _flush_masks()}
    classes = sorted(set(row_keys) | set(flush_keys.values()))
    value = {k: v for v, k in enumerate(classes)}
    flush = np.zeros(1 << 13, np.uint16)
    for mask, key in flush_keys.items():
        flush[mask] = value[key]
    return {
        "standard_rows": np.array([value[k] for k in row_keys], np.uint16),
        "standard_flush": flush,
        "standard_classes": np.array(classes, np.int8),
    }


def americana_tables(rows: list[tuple[int, ...]]) -> dict[str, Array]:
    """Rank-only classes of five cards of the 32-card deck, and the A-42 seed data.

    Rows of other sizes or with ranks below seven hold :data:`NOT_AMERICANA`.
    """
    five = {
        i: counts
        for i, counts in enumerate(rows)
        if sum(counts) == 5 and not any(counts[:AMERICANA_LOWEST])
    }
    row_keys = {i: rank_key(counts, "americana") for i, counts in five.items()}
    masks = [m for m in _flush_masks() if m.bit_count() == 5 and m >> AMERICANA_LOWEST << 5 == m]
    flush_keys = {m: flush_key(_suited(m), "americana") for m in masks}
    classes = sorted(set(row_keys.values()) | set(flush_keys.values()))
    value = {k: v for v, k in enumerate(classes)}
    table = np.full(len(rows), NOT_AMERICANA, np.uint16)
    for i, key in row_keys.items():
        table[i] = value[key]
    flush = np.zeros(1 << 13, np.uint16)
    for mask, key in flush_keys.items():
        flush[mask] = value[key]
    groups, deciding = _seed_groups(classes)
    return {
        "americana_rows": table,
        "americana_flush": flush,
        "americana_classes": np.array(classes, np.int8),
        "americana_seed_group": np.array(groups, np.int16),
        "americana_deciding": np.array(deciding, np.int8),
    }


def _seed_groups(classes: list[SortKey]) -> tuple[list[int], list[int]]:
    """Per class: the dense number of (category, defining ranks) and the deciding rank."""
    parts = [seed_parts(k) for k in classes]
    defining = sorted({(k[0], d) for k, (d, _) in zip(classes, parts, strict=True)})
    group = {g: i for i, g in enumerate(defining)}
    groups = [group[(k[0], d)] for k, (d, _) in zip(classes, parts, strict=True)]
    deciding = [-1 if r is None else r for _, r in parts]
    return groups, deciding


def build() -> dict[str, Array]:
    """Every shipped table, freshly computed from the reference scorer."""
    lo_index, base, rows = row_hash()
    tables: dict[str, Array] = {
        "card_keys": np.array(card_keys(), np.int64),
        "lo_index": lo_index,
        "base": base,
        "flush_suit": flush_suits(),
    }
    tables.update(standard_tables(rows))
    tables.update(americana_tables(rows))
    return tables


def write(path: Path = DATA_PATH) -> None:
    """Write the tables as a compressed ``.npz``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **build())  # type: ignore[arg-type]


def main() -> int:
    """Regenerate ``data/tables.npz`` (or the path given as the only argument)."""
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else DATA_PATH)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
