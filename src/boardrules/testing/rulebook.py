"""Check that a game's rule IDs line up: rulebook, rules page, tests and code."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

__all__ = ["check_rule_ids"]


def _texts(folder: Path, pattern: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob(pattern)))


def check_rule_ids(game: Any, page: Path, tests: Path, source: Path) -> None:
    """Assert that every rule ID of ``game.rulebook`` is kept everywhere it should be.

    - the rules ``page`` shows each ID in bold (``**SEM-6**`` or ``**ORB-6 — ...**``), as a
      link to its unit in the API reference
      (``[**SEM-6**](../reference/semya.md#boardrules.games.semya.rules.SEM_6)``), and the
      link's target is that very unit of the game's rulebook;
    - some test under ``tests`` cites each ID, by name (``test_sem6_...``) or in its text
      (``SEM-6``);
    - every rule ID the code under ``source`` cites (``"SEM-6"``) is in the rulebook.

    Raises:
        AssertionError: naming the IDs that are missing.
    """
    ids = [rule.id for rule in game.rulebook]
    assert ids, f"{game.name} has no rulebook"
    prefix = ids[0].split("-", 1)[0]
    page_text = page.read_text(encoding="utf-8")
    on_page = set(re.findall(rf"\*\*({prefix}-\d+)\b", page_text))
    missing = [i for i in ids if i not in on_page]
    assert not missing, f"not on {page.name}: {missing}"
    assert on_page <= set(ids), f"on {page.name} but not in the rulebook: {on_page - set(ids)}"
    _check_links(game, page.name, page_text, ids)
    test_text = _texts(tests, "test_*.py")
    uncited = [
        i for i in ids
        if not re.search(rf"\b{i}\b", test_text)
        and not re.search(rf"def test_{prefix.lower()}{i.split('-')[1]}_", test_text)
    ]
    assert not uncited, f"no test cites {uncited}"
    in_code = set(re.findall(rf'"({prefix}-\d+)"', _texts(source, "*.py")))
    assert in_code <= set(ids), f"the code cites rules not in the rulebook: {in_code - set(ids)}"


def _check_links(game: Any, page: str, text: str, ids: list[str]) -> None:
    """Each ID links to an anchor naming an object that is the rulebook's unit of that ID."""
    links = dict(re.findall(r"\[\*\*([A-Z]+-\d+)\*\*\]\([^)#]*#([\w.]+)\)", text))
    unlinked = [i for i in ids if i not in links]
    assert not unlinked, f"{page} does not link these IDs to their code: {unlinked}"
    for rule_id in ids:
        module_name, _, attribute = links[rule_id].rpartition(".")
        try:
            unit = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError):
            unit = None
        assert unit is game.rulebook.rule(rule_id), (
            f"{page}: {rule_id} links to {links[rule_id]}, which is not its rule unit"
        )
