"""Installing and testing: the test extra carries what the tests import; the demo runs on a
base install."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group()).lower()


def _extra(extras: dict[str, list[str]], name: str) -> set[str]:
    """The distributions an extra of ours names, through ``boardrules[...]`` references."""
    out: set[str] = set()
    for requirement in extras[name]:
        own = re.fullmatch(r"boardrules\[([a-z,]+)\]", requirement)
        if own:
            for inner in own.group(1).split(","):
                out |= _extra(extras, inner)
        else:
            out.add(_name(requirement))
    return out


def _with_dependencies(names: set[str], depth: int = 3) -> set[str]:
    """``names`` and what they require (any extra), ``depth`` levels down."""
    found = set(names)
    frontier = set(names)
    for _ in range(depth):
        nxt: set[str] = set()
        for name in frontier:
            try:
                requires = metadata.requires(name) or []
            except metadata.PackageNotFoundError:
                continue
            nxt |= {_name(r) for r in requires} - found
        found |= nxt
        frontier = nxt
    return found


def _imported_modules() -> set[str]:
    """Top-level modules imported by the tests, the package (doctests import every module)
    and the examples (a script's import of a script beside it is no distribution)."""
    modules: set[str] = set()
    for folder in ("tests", "src", "examples"):
        for path in (ROOT / folder).rglob("*.py"):
            found: set[str] = set()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    found |= {alias.name.partition(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    found.add(node.module.partition(".")[0])
            modules |= found - {beside.stem for beside in path.parent.glob("*.py")}
    return {m for m in modules if m not in sys.stdlib_module_names} - {"boardrules", "tests"}


def test_the_test_extra_carries_every_import() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    base = {_name(r) for r in pyproject["project"]["dependencies"]}
    extras = pyproject["project"]["optional-dependencies"]
    allowed = _with_dependencies(base | _extra(extras, "test"))
    providers = metadata.packages_distributions()
    missing = {}
    for module in sorted(_imported_modules()):
        dists = {_name(d) for d in providers.get(module, [])}
        if not dists & allowed:
            missing[module] = sorted(dists) or ["(not installed)"]
    assert not missing, f"imported by tests or doctests but not in the test extra: {missing}"


_BLOCK_REPORT_EXTRA = """
import sys
from importlib.abc import MetaPathFinder

class Block(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("rich", "matplotlib", "typer"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Block())
from boardrules.demo import main
sys.exit(main(sys.argv[1:]))
"""


def test_demo_on_a_base_install_plays_and_says_what_the_studies_need(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _BLOCK_REPORT_EXTRA, "--seed", "5", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Game over (SEM-9)" in result.stdout
    last = result.stdout.splitlines()[-1]
    assert last == (
        "Balance studies skipped: they need the report extra (rich is not installed): "
        "pip install 'boardrules[report]'"
    )
    assert not any(tmp_path.iterdir())


_ONLY_ALLOWED = """
import os
import sys
import sysconfig
from importlib.abc import MetaPathFinder
from importlib.machinery import PathFinder

ALLOWED = set(sys.argv.pop(1).split(","))
STDLIB = [sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]]
STDLIB += [os.path.join(folder, "lib-dynload") for folder in STDLIB]

class Block(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if (top not in ALLOWED and top not in sys.stdlib_module_names
                and PathFinder.find_spec(top, STDLIB) is None):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None

sys.meta_path.insert(0, Block())
from boardrules.demo import main
sys.exit(main(sys.argv[1:]))
"""


def test_make_demo_installs_all_the_demo_imports(tmp_path: Path) -> None:
    """``make demo`` installs one extra (not dev); the demo, studies included, runs with only
    the modules of the base install and that extra (and what they require)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.partition("$(DEMO_STAMP): pyproject.toml\n")[2].partition("\n\n")[0]
    extras_named = re.findall(r"pip install --quiet -e '\.\[([a-z,]+)\]'", recipe)
    assert extras_named == ["report"], recipe
    assert re.search(r"^demo: \$\(DEMO_STAMP\)$", makefile, re.MULTILINE)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    base = {_name(r) for r in pyproject["project"]["dependencies"]}
    allowed = _with_dependencies(
        base | _extra(pyproject["project"]["optional-dependencies"], "report"), depth=6)
    modules = {module for module, dists in metadata.packages_distributions().items()
               if {_name(d) for d in dists} & allowed}
    assert {"rich", "matplotlib", "attrs", "cattrs"} <= modules
    assert "typer" not in modules, "the demo's install does not need the CLI"
    result = subprocess.run(
        [sys.executable, "-c", _ONLY_ALLOWED, ",".join(sorted(modules | {"boardrules"})),
         "--seed", "3", "--scale", "0.03", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Balance studies (seats rotate" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lyceum", "orbita", "semya"]


_WEB_AND_NOTEBOOK_IMPORTS = """
import importlib.util, json, pathlib, sys
root = pathlib.Path(sys.argv[1])
spec = importlib.util.spec_from_file_location("web_example", root / "examples/web/server.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)  # the web example's imports, without serving
for book in sorted((root / "examples/notebooks").glob("*.ipynb")):
    for cell in json.loads(book.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith(("import ", "from ")):
                    exec(line, {})
import boardrules.testing
assert "pytest" not in sys.modules, "boardrules.testing imported pytest"
print("imports ok")
"""


def test_every_example_runs_with_only_the_examples_extra(tmp_path: Path) -> None:
    """One fresh venv (pip, from this checkout) with only ``boardrules[examples]``: every
    script of examples/ runs, and the web example and the notebooks find their imports.
    Slow (about a minute), so it builds one venv for all the examples."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", f"{ROOT}[examples]"],
        capture_output=True, text=True, timeout=900, check=False,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, timeout=120, check=True).stdout
    assert "pytest==" not in listed, "the examples extra needs no pytest"
    for script in sorted((ROOT / "examples").glob("*.py")):
        result = subprocess.run(
            [str(python), str(script)], capture_output=True, text=True, timeout=600,
            cwd=tmp_path, check=False,
        )
        assert result.returncode == 0, (script.name, result.stderr[-3000:])
        assert result.stdout.strip(), script.name
    imports = subprocess.run(
        [str(python), "-c", _WEB_AND_NOTEBOOK_IMPORTS, str(ROOT)], capture_output=True,
        text=True, timeout=300, cwd=tmp_path, check=False,
    )
    assert imports.returncode == 0, imports.stderr[-3000:]
    assert imports.stdout.strip() == "imports ok"


_BASE_ONLY = _ONLY_ALLOWED.replace("""from boardrules.demo import main
sys.exit(main(sys.argv[1:]))
""", """
import boardrules
from boardrules import serde
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent, play_game
from boardrules.sim import simulate

for name in boardrules.game_names():
    game = boardrules.load(name)
    seats = len(game.score(game.new(0)).points)
    final, actions = play_game(game, [GreedyAgent()] + [RandomAgent()] * (seats - 1), seed=3)
    assert game.is_over(final) and actions
    serde.to_json(game.record(3, tuple(actions)))
    MCTSAgent(iterations=3).choose(game, game.view(game.new(4), 0), 0, boardrules.Rng(4))
    simulate(game, [RandomAgent()] * seats, 2, seed=1, executor=None)
network = sorted(m for m in ("ssl", "http.client", "urllib.request") if m in sys.modules)
print("played", ",".join(boardrules.game_names()), "network modules:", network or "none")
""")


def test_the_games_agents_and_studies_need_only_the_base_install(tmp_path: Path) -> None:
    """What a page under Pyodide runs (every game, the agents, ``simulate``) imports nothing
    beyond the standard library and the base dependencies, and no network module."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    base = _with_dependencies({_name(r) for r in pyproject["project"]["dependencies"]}, depth=6)
    modules = {module for module, dists in metadata.packages_distributions().items()
               if {_name(d) for d in dists} & base}
    assert {"attrs", "cattrs", "typing_extensions"} <= modules
    result = subprocess.run(
        [sys.executable, "-c", _BASE_ONLY, ",".join(sorted(modules | {"boardrules"}))],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == (
        "played kuhn,lyceum,orbita,semya network modules: none"), result.stdout
