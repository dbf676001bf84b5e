"""Batch tests run on every available backend.

``numpy`` always runs; ``numba`` runs when numba is importable and ``PARLOUR_NO_NUMBA``
is unset, so ``PARLOUR_NO_NUMBA=1 pytest tests/evaluation`` checks the NumPy-only
install the way CI does.
"""

from __future__ import annotations

import pytest

from parlour.evaluation import numba_available


@pytest.fixture(params=["numpy", "numba"])
def backend(request: pytest.FixtureRequest) -> str:
    """A batch backend name; numba is skipped when disabled or missing."""
    name: str = request.param
    if name == "numba" and not numba_available():
        pytest.skip("numba disabled (PARLOUR_NO_NUMBA) or not installed")
    return name
