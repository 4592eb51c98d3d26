"""Every example script runs, every Python snippet in the docs runs and prints what the text
says it prints, and the demo plays.

How a page states a result, so that this test compares it:

- in a ```python block, the ``# `` comment lines right after a statement that prints are that
  statement's output (``...`` matches anything, as in doctest; a lone ``#`` is an empty line).
  A ``print(...)`` line carries no comment of its own: the result goes on the lines after it,
  an explanation on the line before. To follow a print with a comment that is not its output,
  leave a blank line between them;
- in a ```console block, each ``$ boardrules ...`` line runs, and the lines up to the next
  ``$`` are what it prints (stdout and stderr);
- a ```text block right after a paragraph ending "Taken from `COMMAND`:" shows parts of
  COMMAND's output: each run of lines between ``...`` lines appears in it, in that order.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import os
import re
import shlex
import subprocess
import sys
import tokenize
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


def _prints(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id == "print"]


def _comment(line: str) -> str | None:
    """The text of a comment line (``# x`` gives ``x``), or None for any other line."""
    stripped = line.strip()
    if stripped == "#":
        return ""
    return stripped[2:] if stripped.startswith("# ") else None


def stated_outputs(block: str, where: str) -> list[tuple[ast.stmt, str | None]]:
    """Each top-level statement of a snippet with the output the text states for it (or None).

    Raises AssertionError where a stated result cannot be tied to one statement: a comment on
    a ``print`` line, or comment lines after a ``print`` inside a statement that goes on.
    """
    tree = ast.parse(block)
    lines = block.splitlines()
    print_lines = {line for call in _prints(tree)
                   for line in range(call.lineno, (call.end_lineno or call.lineno) + 1)}
    for token in tokenize.generate_tokens(io.StringIO(block).readline):
        if token.type == tokenize.COMMENT and token.start[0] in print_lines:
            line = lines[token.start[0] - 1]
            assert not line[: token.start[1]].strip(), (
                f"{where}, line {token.start[0]}: a print line carries a comment; state its "
                f"output on the lines after it, an explanation on the line before: {line!r}")
    ends = {statement.end_lineno for statement in tree.body}
    for line in print_lines:
        follows = lines[line] if line < len(lines) else ""
        assert line in ends or line + 1 in print_lines or _comment(follows) is None, (
            f"{where}, line {line + 1}: a comment after a print inside a longer statement; "
            "state the output after the whole statement")
    out: list[tuple[ast.stmt, str | None]] = []
    for statement in tree.body:
        stated: list[str] = []
        row = statement.end_lineno or statement.lineno
        while row < len(lines) and (text := _comment(lines[row])) is not None:
            stated.append(text)
            row += 1
        has_print = bool(_prints(statement))
        out.append((statement, "\n".join(stated) + "\n" if stated and has_print else None))
    return out


def run_snippet(block: str, where: str, namespace: dict[str, object]) -> list[str]:
    """Run a snippet statement by statement; what differs from its stated outputs."""
    checker = doctest.OutputChecker()
    differences = []
    for statement, stated in stated_outputs(block, where):
        code = compile(ast.Module(body=[statement], type_ignores=[]), where, "exec")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(code, namespace)
        if stated is not None and not checker.check_output(stated, printed.getvalue(),
                                                           doctest.ELLIPSIS):
            differences.append(f"{where}, line {statement.lineno}: the text says\n{stated}"
                               f"but it printed\n{printed.getvalue()}")
    return differences


@pytest.mark.parametrize("page", _snippet_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_snippets_run_and_print_what_the_text_says(page: Path) -> None:
    """The snippets of one page run in order, in one namespace, as a reader would; each stated
    result is compared with what was printed."""
    namespace: dict[str, object] = {"__name__": f"docs:{page.name}"}
    differences = []
    for number, block in enumerate(FENCE.findall(page.read_text(encoding="utf-8")), 1):
        where = f"{page.relative_to(ROOT)} (snippet {number})"
        differences += run_snippet(block, where, namespace)
    assert not differences, "\n".join(differences)


def test_a_stated_result_that_drifted_is_caught() -> None:
    namespace: dict[str, object] = {}
    block = "x = 2\nprint(x + 1)\n# 3\nprint('a', x)\n# a ...\nprint(x)\n# 5\n"
    (difference,) = run_snippet(block, "page", namespace)
    assert "line 6: the text says\n5\nbut it printed\n2" in difference
    block = "for i in range(2):\n    print(i)\n# 0\n#\n"
    (difference,) = run_snippet(block, "page", namespace)
    assert "the text says\n0\n\nbut it printed\n0\n1" in difference
    with pytest.raises(AssertionError, match="a print line carries a comment"):
        run_snippet("print(1)  # 2\n", "page", namespace)
    with pytest.raises(AssertionError, match="inside a longer statement"):
        run_snippet("if True:\n    print(1)\n    # 1\n    print(2)\n", "page", namespace)
    assert run_snippet("print(1)\n\n# a note, not an output\n", "page", namespace) == []


CONSOLE = re.compile(r"^```console\n(.*?)^```", re.DOTALL | re.MULTILINE)
TAKEN = re.compile(r"Taken from\s+`([^`]+)`:\n\n```text\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _console_examples() -> list[tuple[str, str, str]]:
    found = []
    for page in DOCS:
        for block in CONSOLE.findall(page.read_text(encoding="utf-8")):
            for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
                command, _, output = chunk.partition("\n")
                found.append((str(page.relative_to(ROOT)), command, output))
    return found


def _run_command(command: str, cwd: Path) -> str:
    """Run a documented shell command with this environment's ``boardrules`` and Python."""
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
           "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env,
                            cwd=cwd, timeout=300, check=False)
    return result.stdout + result.stderr


@pytest.mark.parametrize(("page", "command", "output"), _console_examples(),
                         ids=lambda value: value if "\n" not in value else "")
def test_console_examples_print_what_the_text_says(
    page: str, command: str, output: str, tmp_path: Path
) -> None:
    assert shlex.split(command)[0] == "boardrules", command
    printed = _run_command(command, tmp_path)
    assert doctest.OutputChecker().check_output(output, printed, doctest.ELLIPSIS), (
        f"{page}: `{command}`: the text says\n{output}but it printed\n{printed}")


def _transcripts() -> list[tuple[str, str, str]]:
    return [(str(page.relative_to(ROOT)), re.sub(r"\s+", " ", command), shown)
            for page in DOCS for command, shown in TAKEN.findall(page.read_text("utf-8"))]


@pytest.mark.parametrize(("page", "command", "shown"), _transcripts(),
                         ids=lambda value: value if "\n" not in value else "")
def test_transcripts_are_taken_from_their_command(
    page: str, command: str, shown: str, tmp_path: Path
) -> None:
    printed = _run_command(command, tmp_path)
    position = 0
    for part in re.split(r"^\.\.\.\n", shown, flags=re.MULTILINE):
        found = printed.find(part, position)
        assert found >= 0, f"{page}: `{command}` does not print, here or later:\n{part}"
        position = found + len(part)


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


#: An opening fence: three backticks, a language, and only attributes after it
#: (``title="file.py"``); a closing fence is three backticks alone.
OPENING = re.compile(r'^```[A-Za-z0-9_+-]+( +[a-z_]+="[^"]*")*$')


def fence_problems(text: str) -> list[str]:
    """Fences that would swallow the page: a fence line with prose after it, an opening
    without a language, a block never closed.

    >>> fence_problems("```python\\nx = 1\\n``` text\\n")
    ['line 3: a fence with text after it: ``` text', 'line 1: a block never closed']
    """
    problems: list[str] = []
    opened = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("```"):
            continue
        if opened and line.rstrip() == "```":
            opened = 0
        elif opened:
            problems.append(f"line {number}: a fence with text after it: {line[:40]}")
        elif OPENING.match(line.rstrip()):
            opened = number
        else:
            problems.append(f"line {number}: a fence without a language, or with text: "
                            f"{line[:40]}")
    if opened:
        problems.append(f"line {opened}: a block never closed")
    return problems


def _cells(row: str) -> int:
    """The cells of a table row (an escaped ``\\|`` is text, not a border)."""
    return len(re.split(r"(?<!\\)\|", row.strip().strip("|")))


def table_problems(text: str) -> list[str]:
    """Tables that would not render: a table not after a blank line, a heading without its
    ``| --- |`` line, or a row with another number of cells than its heading.

    >>> table_problems("text\\n| a | b |\\n| --- | --- |\\n| 1 |\\n")
    ['line 2: a table right after text', 'line 4: 1 cells, the heading has 2']
    """
    problems: list[str] = []
    lines = text.splitlines()
    inside = False
    previous = ""
    heading = 0
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            inside = not inside
        if inside or not line.startswith("|"):
            heading, previous = 0, line
            continue
        if not heading:
            heading = _cells(line)
            if previous.strip():
                problems.append(f"line {number}: a table right after text")
            after = lines[number] if number < len(lines) else ""
            if not re.fullmatch(r"\|( *:?-{3,}:? *\|)+", after.strip()):
                problems.append(f"line {number}: a table heading without its | --- | line")
        elif _cells(line) != heading:
            problems.append(f"line {number}: {_cells(line)} cells, the heading has {heading}")
        previous = line
    return problems


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_fence_closes_and_every_table_renders(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not fence_problems(text) + table_problems(text)
