"""``make release-check``: build the release, check what is inside, install it afresh, run it.

1. ``python -m build`` makes the sdist and the wheel in ``dist/`` (``--no-build``: check the
   ones already there, as the release workflow does with the artifacts it publishes);
2. both are named for pyproject's version, and ``twine check --strict`` passes;
3. the wheel holds ``py.typed``, every data file of the package (the games' TOML, the server
   page's static files), the metadata's project URLs, the ``boardrules`` command and the game
   entry points, and no tests; the sdist holds the tests, the docs and the examples;
4. a fresh virtual environment gets the bare wheel (no extras), and the README's first snippet
   runs there, outside the source tree, printing what the README says it prints;
5. unless ``--quick``: the same environment gets the ``test`` extra and every script in
   ``examples/`` runs there; with ``--tests`` the whole test suite (or the test files named
   after it) then runs from the checkout against the installed wheel (the release workflow
   does this).

Prints one line per step and ends with ``release check passed: ...``; a failed check stops
with a line saying what is wrong.
"""

from __future__ import annotations

import argparse
import email.parser
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "boardrules"
URLS = ("Source", "Issues", "Documentation", "Changelog")
GAMES = ("kuhn", "lyceum", "orbita", "semya")


class CheckFailed(Exception):
    """A release check that did not pass; the message says what is wrong."""


def run(*command: str | Path, cwd: Path = ROOT, stream: bool = False) -> str:
    """Run a command; its output (shown as it comes with ``stream``), or CheckFailed."""
    print("+", " ".join(map(str, command)), flush=True)
    result = subprocess.run([str(c) for c in command], cwd=cwd, text=True,
                            capture_output=not stream, check=False)
    if result.returncode != 0:
        raise CheckFailed(f"{Path(command[0]).name} exited with {result.returncode}"
                          + ("" if stream else
                             f":\n{result.stdout[-3000:]}{result.stderr[-3000:]}"))
    return result.stdout or ""


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        found: str = tomllib.load(file)["project"]["version"]
    return found


def package_data() -> set[str]:
    """The package's files other than Python sources, as wheel paths."""
    return {
        "boardrules/" + path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }


def wheel_problems(names: list[str], metadata: str, entry_points: str,
                   expected_version: str) -> list[str]:
    """What is wrong with a wheel, from its file names, METADATA and entry_points.txt."""
    problems = []
    files = set(names)
    for needed in sorted(package_data() | {"boardrules/py.typed", "boardrules/__init__.py"}):
        if needed not in files:
            problems.append(f"the wheel lacks {needed}")
    static = {"boardrules/server/static/" + n for n in ("index.html", "app.js", "style.css")}
    problems += [f"the wheel lacks the page's {name}" for name in sorted(static - files)]
    tests = sorted(n for n in names if re.search(r"(^|/)(tests?|conftest\.py)(/|$)", n))
    if tests:
        problems.append(f"the wheel holds tests: {', '.join(tests[:5])}")
    outside = sorted(n for n in names
                     if not n.startswith(("boardrules/", "boardrules-")))
    if outside:
        problems.append(f"the wheel holds files outside the package: {', '.join(outside[:5])}")
    meta = email.parser.Parser().parsestr(metadata)
    if meta["Version"] != expected_version:
        problems.append(f"the wheel's version is {meta['Version']}, not {expected_version}")
    urls = {value.partition(",")[0].strip() for value in meta.get_all("Project-URL") or []}
    problems += [f"the metadata has no {label} URL" for label in URLS if label not in urls]
    if not meta.get_all("Classifier"):
        problems.append("the metadata has no classifiers")
    if "text/markdown" not in (meta["Description-Content-Type"] or ""):
        problems.append("the long description (the README) is not Markdown")
    if not re.search(r"^boardrules = boardrules\.cli:main$", entry_points, re.MULTILINE):
        problems.append("the wheel does not install the boardrules command")
    for game in GAMES:
        if not re.search(rf"^{game} = boardrules\.games\.{game}:Game$", entry_points,
                         re.MULTILINE):
            problems.append(f"the wheel does not register the game {game}")
    return problems


def check_wheel(wheel: Path, expected_version: str) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = f"boardrules-{expected_version}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    problems = wheel_problems(names, metadata, entry_points, expected_version)
    if problems:
        raise CheckFailed("; ".join(problems))
    print(f"wheel contents: {len(names)} files, py.typed, {len(package_data())} data files, "
          "no tests, project URLs, entry points")


def check_sdist(sdist: Path) -> None:
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for needed in ("tests/conftest.py", "docs/index.md", "examples/semya_lord_attack.py",
                   "CHANGELOG.md", "LICENSE", "README.md", "Makefile"):
        if not any(name.endswith("/" + needed) for name in names):
            raise CheckFailed(f"the sdist lacks {needed}")
    print(f"sdist contents: {len(names)} entries, with tests, docs and examples")


def readme_snippet() -> tuple[str, str]:
    """The README's first Python block, and the output its closing ``# ...`` lines state."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^```python\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
    if found is None:
        raise CheckFailed("the README has no Python snippet")
    lines = found.group(1).splitlines()
    expected: list[str] = []
    while lines and lines[-1].startswith("# "):
        expected.insert(0, lines.pop()[2:])
    if not expected:
        raise CheckFailed("the README's first snippet does not say what it prints")
    return "\n".join(lines) + "\n", "\n".join(expected) + "\n"


def fresh_environment(scratch: Path) -> Path:
    env_dir = scratch / "venv"
    venv.create(env_dir, with_pip=True)
    return env_dir / "bin" / "python"


def check_installed(python: Path, scratch: Path, expected_version: str) -> None:
    """The bare wheel in a fresh environment: the README's snippet prints what it says."""
    where = run(python, "-I", "-c",
                "import boardrules; print(boardrules.__version__, boardrules.__file__)",
                cwd=scratch).split()
    if where[0] != expected_version or not where[1].startswith(str(scratch)):
        raise CheckFailed(f"the fresh environment imports boardrules {where}, "
                          f"not {expected_version} from the wheel")
    code, expected = readme_snippet()
    script = scratch / "readme_snippet.py"
    script.write_text(code, encoding="utf-8")
    printed = run(python, "-I", script, cwd=scratch)
    if printed != expected:
        raise CheckFailed(f"the README's snippet printed {printed!r}, the README says "
                          f"{expected!r}")
    print(f"README snippet from the installed wheel printed {printed.strip()!r}, as stated")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/release_check.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", metavar="DIR",
                        help="where the sdist and the wheel are (default: dist/)")
    parser.add_argument("--no-build", action="store_true",
                        help="check the artifacts already in DIR instead of building them")
    parser.add_argument("--quick", action="store_true",
                        help="skip the examples (and the test extra, unless --tests)")
    parser.add_argument("--tests", nargs="*", metavar="PATH", default=None,
                        help="also run the test suite (or these test files) against the "
                             "installed wheel")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    expected_version = version()
    try:
        if not args.no_build:
            shutil.rmtree(dist, ignore_errors=True)
            run(sys.executable, "-m", "build", "--outdir", dist)
        wheels = sorted(dist.glob("*.whl"))
        sdists = sorted(dist.glob("*.tar.gz"))
        if [w.name for w in wheels] != [f"boardrules-{expected_version}-py3-none-any.whl"]:
            raise CheckFailed(f"expected one wheel of {expected_version} in {dist}: {wheels}")
        if [s.name for s in sdists] != [f"boardrules-{expected_version}.tar.gz"]:
            raise CheckFailed(f"expected one sdist of {expected_version} in {dist}: {sdists}")
        run(sys.executable, "-m", "twine", "check", "--strict", *wheels, *sdists)
        check_wheel(wheels[0], expected_version)
        check_sdist(sdists[0])
        with tempfile.TemporaryDirectory() as folder:
            scratch = Path(folder).resolve()
            python = fresh_environment(scratch)
            run(python, "-m", "pip", "install", "--quiet", wheels[0], cwd=scratch)
            check_installed(python, scratch, expected_version)
            if not args.quick or args.tests is not None:
                run(python, "-m", "pip", "install", "--quiet", f"{wheels[0]}[test]",
                    cwd=scratch)
            if not args.quick:
                for example in sorted((ROOT / "examples").glob("*.py")):
                    run(python, "-I", example, cwd=scratch)
                print("every example ran from the installed wheel")
            if args.tests is not None:
                # From the checkout, but importing the installed wheel: src is not on the path.
                where = run(python, "-c", "import boardrules; print(boardrules.__file__)")
                if not where.startswith(str(scratch)):
                    raise CheckFailed(f"the tests would import boardrules from {where}")
                run(python, "-m", "pytest", *(args.tests or ["tests"]), "-p",
                    "no:cacheprovider", "-q", stream=True)
                print("the test suite passed against the installed wheel")
    except CheckFailed as failure:
        print(f"release check FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"release check passed: {wheels[0].name}, {sdists[0].name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
