"""The shape of the package: one layout for every game, no import cycles, no private reads.

Imports are read from the source (every ``import``, also under ``TYPE_CHECKING`` and inside
functions), so a cycle hidden from the interpreter still counts.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardrules

SRC = Path(boardrules.__file__).parent
GAMES = sorted(p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())
#: The modules every game folder has, the same meaning in each (explanation/architecture.md):
#: its values (``content``), its rule units (``rules``, a module or a package) and its facade
#: (``game``). A larger game splits its values and its words into more modules of the
#: names the architecture page lists.
LAYOUT = {"__init__", "content", "game", "rules"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _imports(name: str) -> Iterator[tuple[str, str | None, int]]:
    """(module imported, name imported from it or None, line) for every import in ``name``."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full if full in MODULES else base), alias.name, node.lineno


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name in MODULES:
        graph[name] = {m for m, _, _ in _imports(name) if m in MODULES and m != name}
    return graph


def _cycle(graph: dict[str, set[str]], nodes: set[str]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node] & nodes):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(nodes):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_same_modules(game: str) -> None:
    have = {p.stem for p in (SRC / "games" / game).glob("*.py")}
    have |= {p.name for p in (SRC / "games" / game).iterdir() if (p / "__init__.py").exists()}
    assert have >= LAYOUT, f"{game} lacks {sorted(LAYOUT - have)}"


@pytest.mark.parametrize("game", GAMES)
def test_only_the_package_init_imports_the_game_facade(game: str) -> None:
    facade = f"boardrules.games.{game}.game"
    importers = sorted(
        name for name, deps in _graph().items()
        if facade in deps and name != f"boardrules.games.{game}"
    )
    assert not importers, f"{facade} is imported by {importers}; pass what they need instead"


@pytest.mark.parametrize("part", ["boardrules.core", *(f"boardrules.games.{g}" for g in GAMES)])
def test_no_import_cycles(part: str) -> None:
    graph = _graph()
    nodes = {n for n in graph if n == part or n.startswith(part + ".")}
    cycle = _cycle(graph, nodes)
    assert cycle is None, " -> ".join(cycle or ())


def test_no_import_cycles_in_the_whole_package() -> None:
    graph = _graph()
    # A package's __init__ re-exports its modules; the modules never import it back, so the
    # parent-package edge that Python adds implicitly is not an import statement and not here.
    cycle = _cycle(graph, set(graph))
    assert cycle is None, " -> ".join(cycle or ())


def test_core_imports_nothing_outside_core() -> None:
    outside = sorted(
        f"{name} imports {dep}"
        for name, deps in _graph().items() if name.startswith("boardrules.core")
        for dep in deps if not dep.startswith("boardrules.core")
    )
    assert not outside, outside


def test_no_module_reads_another_modules_private_names() -> None:
    reads = []
    for name in MODULES:
        for module, imported, line in _imports(name):
            if module.startswith("boardrules") and module != name and imported is not None \
                    and imported.startswith("_") and not imported.startswith("__"):
                reads.append(f"{name}:{line} imports {module}.{imported}")
        tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
        aliases = {
            alias.asname or alias.name.rpartition(".")[2]
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom | ast.Import)
            for alias in node.names
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_") and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                # Another module's private name (module._x), or another object's private
                # member (game._tables): both reach past a public boundary.
                owner = node.value.id if isinstance(node.value, ast.Name) else "…"
                kind = "module" if owner in aliases else "object"
                reads.append(f"{name}:{node.lineno} reads {kind} {owner}.{node.attr}")
    assert not reads, "\n".join(reads)
