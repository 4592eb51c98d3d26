"""A griffe extension for the API pages: docstrings written for ``help()`` and doctest,
rendered right by mkdocstrings (configured in ``mkdocs.yml``).

- Runs of ``>>>`` lines (with their ``...`` continuations and output, up to a blank line)
  become fenced ``pycon`` code blocks instead of nested Markdown quotes.
- Sphinx roles (``:class:`Game`` ``, ``:meth:`~boardrules.Match.fork` ``) become
  mkdocstrings cross-references (``[Game][boardrules.games.semya.rules.Game]``), resolved in
  the scope of the documented object, so the strict build fails on a broken one.

The source docstrings stay as they are: ``help()``, doctest and the tests read them raw.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import griffe

__all__ = ["DocstringsForMarkdown", "fence_doctests", "replace_roles"]

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|data|attr|mod|exc|obj|const):`(?P<target>[^`]+)`")
_FENCE = re.compile(r"^\s*(```|~~~)")
_DIRECTIVE = re.compile(r"^::: *(\S+)", re.MULTILINE)


_PAGES = Path(__file__).resolve().parents[1] / "docs" / "reference"


def rendered_modules(pages: Path = _PAGES) -> tuple[str, ...]:
    """The objects the reference pages render (their ``::: name`` lines)."""
    return tuple(
        name for page in sorted(pages.glob("*.md"))
        for name in _DIRECTIVE.findall(page.read_text(encoding="utf-8"))
    )


def fence_doctests(text: str) -> str:
    """Wrap every unfenced run of ``>>>`` lines in a ```` ```pycon ```` fence.

    >>> print(fence_doctests("Text.\\n\\n>>> 1 + 1\\n2\\n\\nMore."))
    Text.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    More.
    """
    out: list[str] = []
    lines = text.split("\n")
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            fenced = not fenced
        stripped = line.lstrip()
        if fenced or not (stripped.startswith(">>> ") or stripped == ">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(stripped)]
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(f"{indent}```")
    return "\n".join(out)


def replace_roles(text: str, resolve: Callable[[str], str | None]) -> str:
    """Turn Sphinx roles into cross-references; ``resolve`` gives the full path of a
    documented object, or ``None`` for a name no page documents (shown as code, no link).

    A leading ``~`` shows only the last part of the name.

    >>> replace_roles("See :class:`~a.b.C` and :meth:`D.e`.", lambda name: "m." + name)
    'See [`C`][m.a.b.C] and [`D.e`][m.D.e].'
    >>> replace_roles("The :data:`LIMIT`.", lambda name: None)
    'The `LIMIT`.'
    """

    def link(match: re.Match[str]) -> str:
        target = match["target"].strip()
        short = target.startswith("~")
        name = target.lstrip("~").removesuffix("()")
        title = name.rsplit(".", 1)[-1] if short else name
        path = resolve(name)
        return f"[`{title}`][{path}]" if path else f"`{title}`"

    return _ROLE.sub(link, text)


def _resolver(
    obj: griffe.Object, collection: Any, rendered: tuple[str, ...]
) -> Callable[[str], str | None]:
    """Resolve a name as Python would in ``obj``'s scope; only targets that a reference
    page renders count (a public object with a docstring, in a rendered module)."""

    def documented(path: str) -> str | None:
        try:
            found = collection[path]
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        try:
            target = found.final_target if found.is_alias else found
        except (griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        canonical = target.path
        on_a_page = any(canonical == r or canonical.startswith(r + ".") for r in rendered)
        if target.docstring is None or not target.is_public or not on_a_page:
            return None  # no page shows it: nothing to link to
        return path

    def resolve(name: str) -> str | None:
        if name.startswith("."):
            module = obj.module
            base = module.path if module.is_init_module else module.path.rsplit(".", 1)[0]
            return documented(base + name)
        head, _, rest = name.partition(".")
        try:
            path = obj.resolve(head)
        except griffe.NameResolutionError:
            path = head
        return documented(f"{path}.{rest}" if rest else path)

    return resolve


def _objects(root: griffe.Object) -> Any:
    yield root
    for member in root.members.values():
        if not member.is_alias:
            yield from _objects(member)


class DocstringsForMarkdown(griffe.Extension):
    """Rewrite every docstring of a package once it is loaded."""

    def on_package(self, *, pkg: griffe.Module, loader: Any, **kwargs: Any) -> None:
        """Fence doctests and link roles in each object's docstring."""
        rendered = rendered_modules()
        for obj in _objects(pkg):
            if obj.docstring is not None:
                value = fence_doctests(obj.docstring.value)
                resolve = _resolver(obj, loader.modules_collection, rendered)
                obj.docstring.value = replace_roles(value, resolve)
