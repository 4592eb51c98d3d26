"""The documentation builds strictly: docstring examples as code, Sphinx roles as links,
and a broken internal link or anchor fails the build."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mkdocs")
pytest.importorskip("griffe")


def _extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "griffe_docstrings", ROOT / "tools" / "griffe_docstrings.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
         "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, env=env, check=False,
    )


def test_doctest_lines_become_fenced_code() -> None:
    fence = _extension().fence_doctests
    text = "Intro.\n\n    >>> a = 1\n    >>> a\n    1\n\nAfter.\n\n```\n>>> kept\n```"
    out = fence(text)
    assert "    ```pycon\n    >>> a = 1\n    >>> a\n    1\n    ```\n\nAfter." in out
    assert out.endswith("```\n>>> kept\n```"), "fenced examples stay as they are"
    assert fence(out) == out, "fencing twice changes nothing"


def test_roles_become_cross_references() -> None:
    replace = _extension().replace_roles
    assert replace(":func:`~x.simulate` and :class:`Game`", lambda n: f"p.{n}") == (
        "[`simulate`][p.x.simulate] and [`Game`][p.Game]"
    )
    assert replace(":meth:`step`", lambda n: None) == "`step`"


def test_the_site_builds_strictly_with_no_quotes_and_no_roles(tmp_path: Path) -> None:
    result = _build(ROOT / "mkdocs.yml", tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    # mkdocs' own warnings (``WARNING -  ...``); a notebook kernel's log lines are not the
    # build's, and strict mode has already failed the build on any warning of mkdocs'.
    assert not [line for line in result.stderr.splitlines() if line.startswith("WARNING")]
    pages = list((tmp_path / "reference").rglob("index.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<blockquote>" not in text, page
        for role in (":class:`", ":func:`", ":meth:`", ":data:`"):
            assert role not in text, (page, role)
    sim = (tmp_path / "reference" / "sim" / "index.html").read_text(encoding="utf-8")
    assert "&gt;&gt;&gt;" in sim
    assert "highlight" in sim


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml safely: a ``!!python/name:`` tag (the mermaid fence) stays a string."""


_ConfigLoader.add_multi_constructor(
    "tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix
)


@pytest.mark.parametrize("link", ["[gone](missing.md)", "[gone](other.md#no-such-heading)"])
def test_a_broken_internal_link_fails_the_build(tmp_path: Path, link: str) -> None:
    ours = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), _ConfigLoader)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(f"# Home\n\nSee {link}.\n", encoding="utf-8")
    (docs / "other.md").write_text("# Other\n\n## A heading\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(yaml.safe_dump({
        "site_name": "links", "docs_dir": str(docs), "strict": True,
        "validation": ours["validation"],
        "markdown_extensions": [{"toc": {"permalink": True}}],
    }), encoding="utf-8")
    result = _build(config, tmp_path / "site")
    assert result.returncode != 0
    assert "missing.md" in result.stderr or "no-such-heading" in result.stderr
