"""The shipped tables equal a fresh build from the reference scorer; sizes per EVALUATOR."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from parlour.evaluation import generate
from parlour.evaluation import tables as t


def test_shipped_tables_match_regenerated() -> None:
    fresh = generate.build()
    with np.load(generate.DATA_PATH) as shipped:
        assert sorted(shipped.files) == sorted(fresh)
        for name, array in fresh.items():
            assert shipped[name].dtype == array.dtype, name
            assert np.array_equal(shipped[name], array), name


def test_table_sizes() -> None:
    assert len(t.STANDARD_ROWS) == 466_480  # every rank multiset of 0-9 cards
    assert len(t.STANDARD_CLASSES) == 9_842  # distinct values incl. short hands
    assert len(t.AMERICANA_CLASSES) == 840
    assert len(t.AMERICANA_BY_ROW) == 784  # five-card rank multisets of 8 ranks


def test_row_hash_is_minimal_and_perfect() -> None:
    lo_index, base, rows = generate.row_hash()
    keys = generate.card_keys()
    seen = set()
    for counts in rows:
        key = sum(n * keys[4 * rank] for rank, n in enumerate(counts) if n) - sum(counts)
        low = key >> generate.LOW_SHIFT & t.LOW_FIELD
        row = int(base[key >> generate.HIGH_SHIFT] + lo_index[low])
        seen.add(row)
    assert seen == set(range(len(rows)))


def test_import_does_not_load_numba() -> None:
    # numba costs ~0.5 s to import; only the first batch call may pay for it.
    code = "import sys, parlour.evaluation; print('numba' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
