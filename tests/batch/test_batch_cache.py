"""Compiled kernels are dropped from the disk cache when any source of the package changed
(numba itself keys a kernel on its own file only, so a changed callee could be stale)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("numba")

from parlour.batch.jit import refresh_cache


def test_a_changed_source_drops_every_kernel_of_the_package(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    cache = package / "__pycache__"
    cache.mkdir(parents=True)
    (package / "loop.py").write_text("x = 1\n")
    (package / "obs.py").write_text("y = 1\n")
    sample = SimpleNamespace(_cache=SimpleNamespace(_cache_path=str(cache)))
    refresh_cache(package, sample)
    kept = [cache / "loop.play-10.py311.nbi", cache / "loop.play-10.py311.1.nbc"]
    other = cache / "elsewhere.f-1.py311.nbi"
    for path in (*kept, other):
        path.write_text("compiled")
    refresh_cache(package, sample)  # nothing changed: the kernels stay
    assert all(path.exists() for path in kept)
    (package / "obs.py").write_text("y = 2\n")  # a callee changed in another file
    refresh_cache(package, sample)
    assert not any(path.exists() for path in kept)
    assert other.exists()  # not one of the package's modules
