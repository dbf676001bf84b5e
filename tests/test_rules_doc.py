"""docs/rules.md, the project's copy of the rulebook, against the tests and the code.

Every rule ID a test name cites (``test_p46_...``, ``test_a42_a43_...``) must be a rule of
docs/rules.md; each section must number its rules without a gap (P-30 to P-42, with no
P-41 missing); the decisions listed at the top are exactly the rules marked
**(decision)**; the options table agrees with the games' metadata; and where the shared
rulebook is at hand, the copy is word for word the same.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from parlour.games import metadata

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
#: Where the lead keeps the shared rulebook: beside the repository (or one level up for a
#: worktree kept in a folder of worktrees).
SHARED = [
    ROOT.parent / "shared" / "spec" / "RULES.md",
    ROOT.parents[1] / "shared" / "spec" / "RULES.md",
]
#: The line below which docs/rules.md is the rulebook word for word.
COPY_MARK = "<!-- Below: RULES.md word for word."

RULE = re.compile(r"^- ([PAR])-(\d+) ", re.MULTILINE)
CITED = re.compile(r"^test_((?:[par]\d+_)+)")


def _text() -> str:
    return RULES.read_text(encoding="utf-8")


def _rule_ids(text: str) -> list[str]:
    return [f"{letter}-{number}" for letter, number in RULE.findall(text)]


def _sections(text: str) -> dict[str, list[tuple[str, int]]]:
    """Rule IDs (letter, number) by section heading, in order of appearance."""
    found: dict[str, list[tuple[str, int]]] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.strip("# ")
        match = RULE.match(line + " ")
        if match:
            found.setdefault(heading, []).append((match.group(1), int(match.group(2))))
    return found


def _cited_ids() -> dict[str, set[str]]:
    """Rule IDs cited by each test function's name, by test file."""
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                match = CITED.match(node.name)
                if match:
                    for token in match.group(1).strip("_").split("_"):
                        rule = f"{token[0].upper()}-{token[1:]}"
                        cited.setdefault(rule, set()).add(f"{path.name}::{node.name}")
    return cited


def test_every_rule_id_a_test_name_cites_is_in_docs_rules() -> None:
    known = set(_rule_ids(_text()))
    cited = _cited_ids()
    assert len(cited) > 50  # the scan sees the test names (a guard against a vacuous pass)
    unknown = {rule: sorted(where)[:3] for rule, where in cited.items() if rule not in known}
    assert not unknown, f"test names cite rules docs/rules.md does not have: {unknown}"


def test_the_scan_reads_every_id_of_a_name() -> None:
    match = CITED.match("test_a42_a43_values_order_every_hand")
    assert match is not None
    assert match.group(1) == "a42_a43_"
    assert CITED.match("test_registry_maps_americana") is None


def test_each_section_numbers_its_rules_without_a_gap() -> None:
    sections = _sections(_text())
    assert len(sections) >= 15
    for heading, rules in sections.items():
        letters = {letter for letter, _ in rules}
        assert len(letters) == 1, f"{heading}: rules of two numberings"
        numbers = [n for _, n in rules]
        expected = list(range(numbers[0], numbers[0] + len(numbers)))
        assert numbers == expected, f"{heading}: rules {numbers} skip or repeat a number"
    ids = _rule_ids(_text())
    assert len(ids) == len(set(ids)), "a rule ID appears twice"


def test_both_games_and_the_common_rules_are_all_there() -> None:
    ids = set(_rule_ids(_text()))
    for rule in ("P-1", "P-46", "P-64", "A-1", "A-42", "A-53", "R-1", "R-4"):
        assert rule in ids
    assert "Revision of 2026-12-01" in _text()


def test_the_decisions_listed_at_the_top_are_the_rules_marked_decision() -> None:
    text = _text()
    head, _, body = text.partition(COPY_MARK)
    marked: list[str] = []
    current = None
    for line in body.splitlines():
        match = RULE.match(line + " ")
        if match:
            current = f"{match.group(1)}-{match.group(2)}"
        elif line.startswith(("#", "---")):
            current = None
        if current and "(decision" in line and current not in marked:
            marked.append(current)
    listed = re.search(r"\*\*Decisions\*\*[^:]*:\s*(.*?)\.\n", head, re.DOTALL)
    assert listed is not None
    assert [r.strip() for r in listed.group(1).split(",")] == marked


def _options_table() -> list[tuple[str, str, str]]:
    """(game, option, default) rows of the rulebook's options table."""
    table = _text().split("## Options and defaults", 1)[1]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1].startswith("`"):
            rows.append((cells[0], cells[1].strip("`"), cells[2]))
    return rows


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_the_options_table_is_the_games_metadata(game: str) -> None:
    meta = metadata(game)
    rows = [(o, d) for g, o, d in _options_table() if g in (game, "both")]
    assert [o for o, _ in rows] == list(meta.option_names)
    for option, default in rows:
        spec = meta.option(option)
        words = spec.describe_default().replace("\N{MULTIPLICATION SIGN}", "x")
        written = default.replace("`", "").replace("\N{MULTIPLICATION SIGN}", "x")
        assert words == written, (game, option)


def test_the_copy_is_the_shared_rulebook_word_for_word() -> None:
    shared = next((p for p in SHARED if p.is_file()), None)
    if shared is None:
        pytest.skip("the shared rulebook is not beside this repository")
    copy = _text().split(COPY_MARK, 1)[1].split("\n", 2)[2]
    assert copy == shared.read_text(encoding="utf-8"), "copy the shared RULES.md again"
