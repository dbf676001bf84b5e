"""The shipped GenKey tables, loaded once: NumPy arrays for batches, lists for one hand.

Single-hand evaluation indexes plain Python lists (a NumPy scalar look-up costs more
than the whole evaluation). If the data file is missing (a source checkout that never
ran the generator) the tables are built from the reference scorer, which takes seconds.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from parlour.cards import AMERICANA_SUIT_PRIORITY
from parlour.evaluation import generate

#: "No card" in a batch row.
PAD: Final = 255
#: Row of :data:`KEYS_BY_EXCLUSION` that excludes nothing.
NO_EXCLUSION: Final = 4
LOW_SHIFT: Final = generate.LOW_SHIFT
HIGH_SHIFT: Final = generate.HIGH_SHIFT
LOW_FIELD: Final = 0x3FFF
SUIT_FIELD: Final = 0xFFFF


def _load() -> dict[str, npt.NDArray[np.generic]]:
    if generate.DATA_PATH.exists():
        with np.load(generate.DATA_PATH) as data:
            return {name: data[name] for name in data.files}
    return generate.build()


_T: Final = _load()

CARD_KEYS: Final = _T["card_keys"].astype(np.int64)
LO_INDEX: Final = _T["lo_index"].astype(np.int32)
BASE: Final = _T["base"].astype(np.int32)
FLUSH_SUIT: Final = _T["flush_suit"].astype(np.int8)
STANDARD_ROWS: Final = _T["standard_rows"].astype(np.uint16)
STANDARD_FLUSH: Final = _T["standard_flush"].astype(np.uint16)
STANDARD_CLASSES: Final = _T["standard_classes"].astype(np.int8)
AMERICANA_ROWS: Final = _T["americana_rows"].astype(np.uint16)
AMERICANA_FLUSH: Final = _T["americana_flush"].astype(np.uint16)
AMERICANA_CLASSES: Final = _T["americana_classes"].astype(np.int8)
AMERICANA_SEED_GROUP: Final = _T["americana_seed_group"].astype(np.int16)
AMERICANA_DECIDING: Final = _T["americana_deciding"].astype(np.int8)


def _keys_by_exclusion() -> npt.NDArray[np.int64]:
    """5 x 256 keys: row s gives suit s's cards key 0 (P-37); row 4 excludes nothing."""
    keys = np.zeros((5, 256), np.int64)
    for row in range(5):
        keys[row, :52] = CARD_KEYS
        if row < 4:
            keys[row, row:52:4] = 0
    return keys


KEYS_BY_EXCLUSION: Final = _keys_by_exclusion()
#: 1 << rank for each card byte, 0 for padding: a suit's 13-bit rank mask is their OR.
RANK_BIT: Final = np.array([1 << (c >> 2) if c < 52 else 0 for c in range(256)], np.int32)
#: A-3 priority (hearts 3 ... spades 0) for each card byte, 0 for padding.
SUIT_PRIORITY: Final = np.array(
    [AMERICANA_SUIT_PRIORITY[c & 3] if c < 52 else 0 for c in range(256)], np.int64
)

# Python lists for the single-hand path.
KEY_LIST: Final[list[list[int]]] = KEYS_BY_EXCLUSION[:, :52].tolist()
BASE_LIST: Final[list[int]] = BASE.tolist()
LO_LIST: Final[list[int]] = LO_INDEX.tolist()
FLUSH_SUIT_LIST: Final[list[int]] = FLUSH_SUIT.tolist()
STANDARD_LIST: Final[list[int]] = STANDARD_ROWS.tolist()
STANDARD_FLUSH_LIST: Final[list[int]] = STANDARD_FLUSH.tolist()
AMERICANA_FLUSH_LIST: Final[list[int]] = AMERICANA_FLUSH.tolist()
#: The Americana rows are few (784 five-card multisets): a dict by row number.
AMERICANA_BY_ROW: Final[dict[int, int]] = {
    int(i): int(AMERICANA_ROWS[i]) for i in np.flatnonzero(AMERICANA_ROWS != generate.NOT_AMERICANA)
}
STANDARD_CLASS_LIST: Final[list[tuple[int, ...]]] = [tuple(r) for r in STANDARD_CLASSES.tolist()]
AMERICANA_CLASS_LIST: Final[list[tuple[int, ...]]] = [tuple(r) for r in AMERICANA_CLASSES.tolist()]
SEED_GROUP_LIST: Final[list[int]] = AMERICANA_SEED_GROUP.tolist()
DECIDING_LIST: Final[list[int]] = AMERICANA_DECIDING.tolist()
