"""A deliberately broken array policy for the tests (the working ones ship with parlour)."""

from __future__ import annotations

from typing import Any

import numba


@numba.njit
def illegal(observation: Any, mask: Any, state: Any) -> int:
    """A row that is never legal."""
    return int(mask.shape[0])
