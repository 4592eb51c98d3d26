"""``tools/browser_wheels.py`` (the Python half of ``make browser-example``) says what it
needs when the PyPA ``build`` package is missing, before touching the wheels folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "browser_wheels.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("browser_wheels", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_build_the_tool_names_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "build" else real(name, *rest))
    kept = tmp_path / "wheels"
    kept.mkdir()
    (kept / "old.whl").write_bytes(b"")
    with pytest.raises(SystemExit) as stopped:
        tool.build(kept)
    assert "pip install build" in str(stopped.value.code)
    assert "boardrules[release]" in str(stopped.value.code)
    assert (kept / "old.whl").exists(), "nothing is removed before the tool can build"


def test_browser_md_lists_what_the_build_needs() -> None:
    page = (TOOL.parent.parent / "docs" / "how-to" / "browser.md").read_text(encoding="utf-8")
    for needed in ("`build`", "npm", "pip install build"):
        assert needed in page, needed
