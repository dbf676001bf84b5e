"""examples/train_policy.py runs end to end (tiny settings: a smoke test, not the result)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_training_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_policy", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    assert module.main(["--train-hands", "200", "--eval-hands", "300"]) == 0
    out = capsys.readouterr().out
    assert "americana: trained" in out
    assert "palace: trained" in out
