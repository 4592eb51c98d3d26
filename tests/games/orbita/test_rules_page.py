"""The rules page names every rule ID once, and every rule ID has tests citing it."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from boardrules.core.rules import Rule
from boardrules.games import orbita
from boardrules.games.orbita.messages import CATALOG
from boardrules.testing import check_rule_ids

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rules" / "orbita.md"
RULES = range(1, 25)


LINK = re.compile(
    r"\[\*\*(ORB-\d+)\*\*\]\(\.\./reference/orbita\.md"
    r"#(boardrules\.games\.orbita\.rules\.[\w.]+)\) \*\*— "
)


def test_every_rule_id_is_on_the_rules_page_linked_to_its_unit() -> None:
    """ORB-1..ORB-24 each have a paragraph whose ID links to the rule's unit in the code."""
    text = PAGE.read_text(encoding="utf-8")
    found = dict(LINK.findall(text))
    assert sorted(found, key=lambda i: int(i.split("-")[1])) == [f"ORB-{n}" for n in RULES]
    for rule_id, target in found.items():
        module, _, name = target.rpartition(".")
        unit = getattr(importlib.import_module(module), name)
        assert isinstance(unit, Rule), target
        assert unit.id == rule_id, target
        assert orbita.Game().rulebook.rule(rule_id) is unit
    assert not re.search(r"\*\*ORB-(?:2[5-9]|[3-9]\d)\*\*", text)


def test_every_rule_id_is_cited_by_a_test_and_known_to_the_code() -> None:
    """ORB-1..ORB-24 agree across the rulebook summary, the page, the tests and the code."""
    check_rule_ids(
        orbita.Game(), PAGE, Path(__file__).parent, ROOT / "src" / "boardrules" / "games" / "orbita"
    )


def test_every_violation_code_has_both_sentences() -> None:
    """Every code in the catalogue renders in English and Russian."""
    for code, entry in CATALOG.items():
        if callable(entry):  # rendered with sample values in tests/test_messages.py
            continue
        en, ru = entry
        assert en, code
        assert ru, code
        assert en != ru, code
