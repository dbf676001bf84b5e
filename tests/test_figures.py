"""Every figure the README and the docs quote comes from benchmarks/results.json.

The README's performance section, its ladder and the docs' speed sections are blocks that
``benchmarks/figures.py`` renders from the results file; this fails when a block differs
from its rendering (run ``python benchmarks/figures.py --write``), and when the README's
performance section holds a number outside its block (typed by hand)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _figures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("figures", ROOT / "benchmarks" / "figures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIGURES = _figures()
RESULTS = json.loads((ROOT / "benchmarks" / "results.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FIGURES.documents(), ids=lambda p: p.name)
def test_quoted_figures_are_the_results_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert FIGURES.rendered(text, RESULTS) == text, (
        f"{path.name} quotes figures that are not benchmarks/results.json's: "
        "run python benchmarks/figures.py --write"
    )


def test_the_readme_performance_section_is_one_rendered_block() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Performance", 1)[1].split("\n## ", 1)[0]
    outside = FIGURES.BLOCK.sub("", section)
    assert "<!-- figures:performance -->" in section
    assert not re.search(r"\d", outside), f"a figure typed by hand: {outside!r}"
    assert "OpenSpiel" in section
    assert "PokerKit" in section


def test_every_section_has_dates_commits_and_figures() -> None:
    assert {"cpu", "cores", "python"} <= set(RESULTS["machine"])
    for name, section in RESULTS["sections"].items():
        assert {"date", "commit", "figures", "quick"} <= set(section), name
        assert not section["quick"], f"section {name} was measured with --quick"


def test_a_changed_figure_is_caught() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    changed = json.loads(json.dumps(RESULTS))
    batch = changed["sections"]["batch"]["figures"]["americana_hu_limit"]
    batch["median"] *= 2
    assert FIGURES.rendered(readme, changed) != readme
