"""No file in the repository carries a merge's conflict markers.

A merge once committed ``<<<<<<<``/``>>>>>>>`` blocks into README.md and CHANGELOG.md and
nothing noticed until a reader did; this walks every tracked text file instead.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(<{7}|>{7}|={7})( |$)", re.MULTILINE)


def _tracked() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in names]


def test_no_tracked_file_holds_conflict_markers() -> None:
    marked = []
    for path in _tracked():
        if not path.is_file() or path.suffix in {".mo", ".png", ".jpg", ".woff2", ".ogg"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if MARKER.search(text):
            marked.append(str(path.relative_to(ROOT)))
    assert marked == [], f"conflict markers in: {', '.join(marked)}"


def test_the_marker_pattern_finds_a_conflict_block() -> None:
    block = "a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"
    assert len(MARKER.findall(block)) == 3
    assert not MARKER.search("a line\n========\nunderline of eight\n")
