"""Every example script runs, every Python snippet in the docs runs, and the demo plays."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardrules import demo

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
FENCE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", str(script)],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip(), "an example says what it shows"


def _snippet_pages() -> list[Path]:
    return [page for page in DOCS if FENCE.search(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", _snippet_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_snippets_run(page: Path) -> None:
    """The snippets of one page run in order, in one namespace, as a reader would."""
    namespace: dict[str, object] = {"__name__": f"docs:{page.name}"}
    for number, block in enumerate(FENCE.findall(page.read_text(encoding="utf-8")), 1):
        code = compile(block, f"{page.relative_to(ROOT)} (snippet {number})", "exec")
        exec(code, namespace)


def test_demo_shows_moves_the_end_and_standings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert demo.main(["--seed", "42", "--no-studies"]) == 0
    out = capsys.readouterr().out
    assert "seed 42" in out
    assert "Game over (SEM-9)" in out
    assert "«азарт, вдохновение» / excitement, inspiration" in out
    assert "← winner" in out
    assert "«Об игре» (Lyceum), 4 seats" in out
    assert "The host's protocol" in out
    assert "«Орбита Добра» (Orbita), 4 seats" in out
    assert "round 8:" in out
    demo.main(["--seed", "42", "--no-studies"])
    assert capsys.readouterr().out == out, "the same seed shows the same game"
    assert demo.main(["--seed", "42", "--scale", "0.05", "--out", str(tmp_path)]) == 0
    studies = capsys.readouterr().out
    assert "Balance studies" in studies
    for name, *_ in demo.STUDIES:
        assert (tmp_path / name / "report.html").exists()


def test_rules_pages_content_tables_are_generated_from_the_content() -> None:
    """Each rules page's content table is what ``tools/content_tables.py`` makes now."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "content_tables.py"), "--check"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stderr
    semya_page = (ROOT / "docs" / "rules" / "semya.md").read_text(encoding="utf-8")
    from boardrules.games import semya

    for card in semya.Game().deck:
        assert f"| `{card.id}` |" in semya_page, card.id
