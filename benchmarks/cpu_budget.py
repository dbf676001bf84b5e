"""A fixed CPU budget per server process, through Linux's CPU controller (cgroup v1 or v2).

Why: the load benchmark runs the server, its load generator, PostgreSQL and Redis on the
same two cores, so two server processes never get a core each, and whether a second
process doubles what the server carries cannot be seen. Giving every server process the
same fixed share of a core (say half) makes the server, not the machine, the bottleneck:
with one process the server has half a core, with two it has two halves, and the load
generator and the databases have the rest of the machine in both runs. The ratio of what
two carry over one then measures the design's scaling (what the extra work of a second
process costs), which is what a second core or a second machine would give.

Needs root and a writable CPU controller (``/sys/fs/cgroup/cpu`` or ``/sys/fs/cgroup``
with ``cpu.max``); :func:`available` says whether this machine has one.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from pathlib import Path

V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup")
#: The enforcement period: short, so a throttled process waits milliseconds, not a tenth
#: of a second, for its next share (the latency figures must not be the throttle's).
PERIOD_US = 20_000


def _root() -> tuple[Path, bool] | None:
    """Where groups can be made, and whether it is cgroup v2."""
    if (V1 / "cpu.cfs_quota_us").exists():
        return V1, False
    if (V2 / "cgroup.controllers").exists() and "cpu" in (V2 / "cgroup.controllers").read_text():
        return V2, True
    return None


def available() -> bool:
    """Whether this process may make CPU-limited groups here."""
    found = _root()
    if found is None:
        return False
    probe = found[0] / f"parlour-probe-{secrets.token_hex(3)}"
    try:
        probe.mkdir()
    except OSError:
        return False
    probe.rmdir()
    return True


class Budget:
    """Groups of processes, each group held to ``cores`` of CPU; removed on :meth:`close`."""

    def __init__(self, cores: float) -> None:
        found = _root()
        if found is None:
            raise RuntimeError("this machine has no writable CPU controller (cgroups)")
        self.root, self.v2 = found
        self.cores = cores
        self.groups: list[Path] = []

    def confine(self, pids: list[int]) -> Path:
        """Put ``pids`` (whole processes, every thread) in a new group of ``cores`` CPU."""
        group = self.root / f"parlour-bench-{secrets.token_hex(4)}"
        group.mkdir()
        self.groups.append(group)
        quota = round(self.cores * PERIOD_US)
        if self.v2:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                (group / "cgroup.procs").write_text(str(pid))
        return group

    def close(self) -> None:
        """Move the processes back to the root group and remove the groups."""
        for group in self.groups:
            with contextlib.suppress(OSError):
                for pid in (group / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):
                        (self.root / "cgroup.procs").write_text(pid)
                group.rmdir()
        self.groups.clear()


@contextlib.contextmanager
def budget(cores: float) -> Iterator[Budget]:
    """A :class:`Budget` whose groups are gone afterwards."""
    held = Budget(cores)
    try:
        yield held
    finally:
        held.close()
