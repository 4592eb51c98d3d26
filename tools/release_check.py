"""``make release-check``: build, check, install the wheel afresh and run every example.

1. ``python -m build`` makes the sdist and the wheel in ``dist/``;
2. ``twine check`` validates their metadata;
3. the sdist must contain the tests, the docs and the examples;
4. a fresh virtual environment gets the wheel (with the ``test`` extra the examples use),
   and every script in ``examples/`` runs there, outside the source tree.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def main() -> int:
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    run(sys.executable, "-m", "build", "--outdir", dist)
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    assert len(wheels) == 1, wheels
    assert len(sdists) == 1, sdists
    run(sys.executable, "-m", "twine", "check", "--strict", *wheels, *sdists)
    with tarfile.open(sdists[0]) as archive:
        names = archive.getnames()
    for needed in ("tests/conftest.py", "docs/index.md", "examples/semya_lord_attack.py",
                   "CHANGELOG.md", "LICENSE"):
        assert any(name.endswith(needed) for name in names), f"the sdist lacks {needed}"
    with tempfile.TemporaryDirectory() as scratch:
        env_dir = Path(scratch) / "venv"
        venv.create(env_dir, with_pip=True)
        python = env_dir / "bin" / "python"
        run(python, "-m", "pip", "install", "--quiet", f"{wheels[0]}[test]")
        for example in sorted((ROOT / "examples").glob("*.py")):
            run(python, example, cwd=Path(scratch))
    print(f"release check passed: {wheels[0].name}, {sdists[0].name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
