"""Write the picture of docs/how-to/find.md: the 7Я position where the Fool is played.

Runs, in this process, ``boardrules find semya --rule SEM-8 --seed 1 --budget 20000
--out build/find-picture`` and copies the SVG it writes to docs/images/find/semya-sem-8.svg.
The page names this command: ``python tools/find_picture.py``.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from boardrules.cli import main

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "find-picture"
OUT = ROOT / "docs" / "images" / "find"
COMMAND = ["find", "semya", "--rule", "SEM-8", "--seed", "1", "--budget", "20000",
           "--out", str(BUILD)]


def write(out: Path = OUT, build: Path = BUILD) -> Path:
    """Run the command into ``build`` and copy its picture into ``out``."""
    command = [*COMMAND[:-1], str(build)]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        main(command)
    out.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(build / "semya-sem-8.svg", out / "semya-sem-8.svg"))


if __name__ == "__main__":
    print(write())
