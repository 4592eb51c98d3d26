"""The designers' notebooks in examples/notebooks/ run from top to bottom.

Each builds an edge-case position, shows it (an SVG picture), asks ``check`` why moves are
refused (a rule ID in the output) and plots a small study (a PNG figure). They are kept
without outputs, so the docs build runs them afresh (mkdocs-jupyter) and diffs stay small.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))
REFUSED = {"semya": "SEM-6", "lyceum": "LY-12", "orbita": "ORB-11", "kuhn": "CORE-3"}


def test_every_game_has_a_notebook() -> None:
    assert sorted(p.stem for p in NOTEBOOKS) == sorted(REFUSED)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_is_stored_without_outputs(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    nbformat.validate(book)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == []
            assert cell.execution_count is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_runs_and_shows_a_position_a_refusal_and_a_plot(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    client = NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [o for cell in book.cells if cell.cell_type == "code" for o in cell.outputs]
    pictures = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert pictures, "the position shows itself"
    for picture in pictures:
        assert ET.fromstring(picture).tag == "{http://www.w3.org/2000/svg}svg"
    assert any("image/png" in o.get("data", {}) for o in outputs), "the study is plotted"
    printed = "".join(o.get("text", "") for o in outputs if o["output_type"] == "stream")
    assert REFUSED[path.stem] in printed, "check says which rule refuses the move"
