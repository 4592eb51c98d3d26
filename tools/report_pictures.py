"""Write the pictures of a balance report and a comparison into docs/images/reports/.

Runs ``boardrules simulate`` twice, in this process and on one core:

    boardrules simulate semya -n 2000 --jobs 1 --seed 1 --lang ru \\
        --variant rulebook --variant fool-optional --out build/report-pictures

and copies the comparison's ``differences.png`` and the rulebook study's ``win_rates.png``
and ``rules.png``. The page "Run a balance study" shows them and names this command:

    python tools/report_pictures.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from boardrules.cli import main

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "reports"
BUILD = ROOT / "build" / "report-pictures"
COMMAND = [
    "simulate", "semya", "-n", "2000", "--jobs", "1", "--seed", "1", "--lang", "ru",
    "--variant", "rulebook", "--variant", "fool-optional", "--quiet", "--out", str(BUILD),
]


def run() -> None:
    """Run the study and copy its pictures into the docs."""
    try:
        main(COMMAND)
    except SystemExit as status:
        if status.code:
            raise
    OUT.mkdir(parents=True, exist_ok=True)
    for source, target in (
        (BUILD / "differences.png", "semya-fool-optional-differences.png"),
        (BUILD / "rulebook" / "win_rates.png", "semya-win-rates.png"),
        (BUILD / "rulebook" / "rules.png", "semya-rule-coverage.png"),
    ):
        shutil.copyfile(source, OUT / target)
        sys.stdout.write(f"{OUT / target}\n")


if __name__ == "__main__":
    run()
