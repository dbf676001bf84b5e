"""The layering of ARCHITECTURE.md, enforced: imports point one way, leaves stay apart,
and third-party packages stay in the leaf that needs them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "parlour"

#: Top-level area of parlour -> its layer; an area may import only its own layer or lower ones.
LAYERS: dict[str, int] = {
    "cards": 0,
    "errors": 0,
    "pots": 0,
    "shuffles": 0,
    "outcome": 0,
    "events": 0,
    "seats": 0,
    "evaluation": 0,
    "i18n": 0,
    "games": 1,
    "records": 2,
    "session": 2,
    "views": 2,
    "narration": 2,
    "bots": 3,
    "batch": 3,
    "simulation": 3,
    "equity": 3,
    "export": 3,
    "howto": 3,
    "server": 4,
    "terminal": 4,
    "rl": 4,
    "client": 4,
    "web": 4,
    "commands": 5,
    "openspiel": 5,
    "cli": 5,
    "__main__": 6,
    "__init__": 6,
}

#: The leaves of the top layer never import each other.
LEAVES = {"server", "terminal", "rl", "client"}

#: Third-party packages allowed only in these areas (NumPy is allowed everywhere).
THIRD_PARTY = {
    "babel": {"i18n"},
    "numba": {"evaluation", "batch"},
    "starlette": {"server"},
    "uvicorn": {"server", "commands"},
    "sqlalchemy": {"server"},
    "alembic": {"server"},
    "textual": {"terminal"},
    "rich": {"terminal"},
    "pettingzoo": {"rl"},
    "gymnasium": {"rl"},
    "ray": {"simulation"},
    "matplotlib": {"simulation"},
    "pyspiel": {"openspiel"},
    "open_spiel": {"openspiel"},
}


def _area(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return parts[0]


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_every_area_has_a_layer() -> None:
    unknown = {_area(p) for p in _modules()} - set(LAYERS)
    assert not unknown, f"add these areas to LAYERS: {sorted(unknown)}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_one_way(path: Path) -> None:
    area = _area(path)
    for name in _imports(path):
        top, _, rest = name.partition(".")
        if top == "parlour" and rest:
            target = rest.split(".")[0]
            assert LAYERS[target] <= LAYERS[area], f"{area} must not import {name}"
            if area in LEAVES and target in LEAVES:
                assert target == area, f"leaf {area} must not import leaf {target}"
        elif top in THIRD_PARTY:
            assert area in THIRD_PARTY[top], f"{top} belongs in {THIRD_PARTY[top]}, not {area}"


def test_architecture_test_can_fail(tmp_path: Path) -> None:
    """The import scanner sees both import forms (guards against a vacuous pass)."""
    sample = tmp_path / "m.py"
    sample.write_text("import parlour.server.app\nfrom parlour.games import GAMES\n")
    assert _imports(sample) == ["parlour.server.app", "parlour.games"]
