"""``make browser-example`` (its Python half): the wheels the browser example installs.

Builds boardrules' wheel from this checkout and downloads the pure-Python wheels of what it
requires (resolved for Pyodide's Python, 3.14) into ``examples/browser/wheels/``, refuses
any wheel that is not pure Python (``py3-none-any``: Pyodide cannot load another platform's
compiled code), and writes ``wheels/manifest.json``, the list the page's worker installs, in
order. Prints one line per wheel and the total size.

Usage: ``python tools/browser_wheels.py [FOLDER]`` (default ``examples/browser/wheels``).
Needs pip, the PyPA ``build`` package (in the ``release`` extra, so in ``test`` and ``dev``
too; it says so and stops without it) and the package index once; the page then needs no
network at all.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "examples" / "browser" / "wheels"
#: Pyodide 314's Python; pip resolves the dependencies for it.
PYODIDE_PYTHON = "3.14"


def _run(*command: str) -> None:
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"browser-example: {' '.join(command[:4])} ... failed:\n"
                 f"{result.stderr.strip()[-2000:]}")


#: What to install when this Python lacks ``build``.
NEEDS_BUILD = ("browser-example: this Python has no 'build' package, which makes boardrules' "
               "wheel: pip install 'boardrules[release]' (or: pip install build)")


def build(folder: Path) -> list[Path]:
    """Build and download the wheels into ``folder`` (emptied first); the wheels, ours last."""
    if importlib.util.find_spec("build") is None:
        sys.exit(NEEDS_BUILD)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        _run(sys.executable, "-m", "build", "--wheel", "--outdir", scratch, str(ROOT))
        (ours,) = Path(scratch).glob("boardrules-*.whl")
        _run(sys.executable, "-m", "pip", "download", "--quiet", "--dest", str(folder),
             "--only-binary=:all:", "--implementation", "py", "--abi", "none",
             "--platform", "any", "--python-version", PYODIDE_PYTHON, str(ours))
    wheels = sorted(folder.glob("*.whl"), key=lambda p: (p.name.startswith("boardrules-"),
                                                         p.name.lower()))
    impure = [p.name for p in wheels if not p.name.endswith("-none-any.whl")]
    if impure:
        sys.exit(f"browser-example: not pure-Python wheels: {', '.join(impure)}")
    (folder / "manifest.json").write_text(
        json.dumps({"python": PYODIDE_PYTHON, "wheels": [p.name for p in wheels]}, indent=1)
        + "\n", encoding="utf-8")
    return wheels


def main(argv: list[str]) -> int:
    folder = Path(argv[0]).resolve() if argv else FOLDER
    wheels = build(folder)
    for wheel in wheels:
        print(f"{wheel.stat().st_size / 1000:8.1f} kB  {wheel.name}")
    total = sum(wheel.stat().st_size for wheel in wheels)
    where = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
    print(f"{total / 1e6:8.2f} MB  {len(wheels)} wheels in {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
