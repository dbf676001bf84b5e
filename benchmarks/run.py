"""Run the benchmarks and write benchmarks/results.json, the one source of every figure.

``python benchmarks/run.py`` runs every ``benchmarks/bench_<name>.py`` module;
``--only NAME [NAME ...]`` runs those and updates their sections in place, leaving the
others as they were; ``--quick`` makes every module do less (noisier figures, for
checking that the benchmarks run). A module exposes ``run(quick: bool) -> dict`` of
JSON-ready figures (see measure.py); adding one is adding a file.

The file holds the machine (CPU, cores, Python, the load while each section ran: the
machine is shared), the date, and per section its own date, the git commit measured,
whether it was quick, and the module's figures: medians with min/max over repeats and
the ratios against peers measured in the same run. The README's performance section and
the docs quote only this file (``python benchmarks/readme.py --write`` renders it).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results.json"
PREFIX = "bench_"


def available() -> list[str]:
    """The benchmark names: ``bench_<name>.py`` files beside this one."""
    return sorted(p.stem[len(PREFIX) :] for p in HERE.glob(f"{PREFIX}*.py"))


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "note": "shared with other work while measured; figures use CPU time unless "
        "their clock says otherwise",
    }


def commit() -> str:
    """The git commit being measured (with ``+dirty`` when tracked files other than the
    results file itself are changed)."""

    def git(*args: str) -> str:
        result = subprocess.run(["git", *args], capture_output=True, text=True, cwd=HERE)
        return result.stdout.strip()

    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", f":!{RESULTS.name}")
    return head + ("+dirty" if changed else "")


def now() -> str:
    """The current time, UTC, ISO 8601."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def load(path: Path) -> dict[str, Any]:
    """The results file as it is, or an empty one."""
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    return {"sections": {}}


def run_section(name: str, *, quick: bool) -> dict[str, Any]:
    """Import ``bench_<name>`` and run it; its section of the results file."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    module = importlib.import_module(PREFIX + name)
    load_before = os.getloadavg()
    began = time.perf_counter()
    figures = module.run(quick)
    return {
        "date": now(),
        "commit": commit(),
        "quick": quick,
        "wall_seconds": round(time.perf_counter() - began, 1),
        "load_average": {"before": load_before, "after": os.getloadavg()},
        "machine": machine(),
        "figures": figures,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmarks and write the results file."""
    names = available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help=f"from: {', '.join(names)}")
    parser.add_argument("--quick", action="store_true", help="do less: for checking, not quoting")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results file to update")
    args = parser.parse_args(argv)
    chosen = args.only or names
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"unknown benchmark(s) {', '.join(unknown)}; known: {', '.join(names)}")
    results = load(args.out)
    results["machine"] = machine()
    for name in chosen:
        print(f"== {name}", flush=True)
        section = run_section(name, quick=args.quick)
        results.setdefault("sections", {})[name] = section
        results["date"] = section["date"]
        args.out.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(json.dumps(section["figures"], indent=1), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
