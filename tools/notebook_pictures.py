"""Write a PNG of each designer notebook's position picture into docs/images/notebooks/.

Runs every notebook of examples/notebooks/ (nbclient), takes the first SVG picture it shows
(``game.show(...)``) and converts it with ``rsvg-convert`` from Debian's ``librsvg2-bin``
(``apt-get install librsvg2-bin fonts-dejavu-core``). The docs page "See positions and write
moves" shows the PNGs and names this command:

    python tools/notebook_pictures.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "notebooks"


def first_picture(path: Path) -> str:
    """The first SVG the notebook at ``path`` shows, after running it."""
    book = nbformat.read(path, as_version=4)
    NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()
    for cell in book.cells:
        for output in cell.get("outputs", []):
            svg = output.get("data", {}).get("image/svg+xml")
            if svg:
                return str(svg)
    raise SystemExit(f"{path.name} shows no SVG picture")


def main() -> int:
    converter = shutil.which("rsvg-convert")
    if converter is None:
        print("rsvg-convert is missing: apt-get install librsvg2-bin fonts-dejavu-core")
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "examples" / "notebooks").glob("*.ipynb")):
        with tempfile.TemporaryDirectory() as folder:
            svg = Path(folder) / f"{path.stem}.svg"
            svg.write_text(first_picture(path), encoding="utf-8")
            png = OUT / f"{path.stem}.png"
            subprocess.run([converter, "--zoom", "1", str(svg), "-o", str(png)], check=True)
        print(f"{png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
