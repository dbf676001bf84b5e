"""The benchmarks contract's stand-alone entry point (BRIEF.md): ``python
benchmarks/bench_NAME.py [--quick]`` prints the module's ``run(quick)`` figures as JSON, the
same dict ``benchmarks/run.py`` collects into ``benchmarks/results.json``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any


def main(run: Callable[[bool], dict[str, Any]], description: str) -> None:
    """Parse ``--quick``, run, print the figures as JSON."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="fewer repeats and hands")
    args = parser.parse_args()
    print(json.dumps(run(args.quick), indent=2))
