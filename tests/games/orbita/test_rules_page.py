"""The rules page names every rule ID once, and every rule ID has tests citing it."""

from __future__ import annotations

import re
from pathlib import Path

from boardrules.games.orbita.messages import CATALOG

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rules" / "orbita.md"
RULES = range(1, 25)


def test_every_rule_id_is_on_the_rules_page() -> None:
    """ORB-1..ORB-24 each have a paragraph on docs/rules/orbita.md."""
    text = PAGE.read_text(encoding="utf-8")
    for n in RULES:
        assert f"**ORB-{n} —" in text, f"ORB-{n} missing from the rules page"
    assert not re.search(r"\*\*ORB-(?:2[5-9]|[3-9]\d) —", text)


def test_every_rule_id_has_a_test_citing_it() -> None:
    """Each rule ID is cited by a test name (``orbN``) or a test docstring (``ORB-N``)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    for n in RULES:
        by_name = re.search(rf"def test_orb{n}_", text)
        by_doc = re.search(rf"ORB-{n}\b", text)
        assert by_name or by_doc, f"no test cites ORB-{n}"


def test_every_violation_code_has_both_sentences() -> None:
    """Every code in the catalogue renders in English and Russian."""
    for code, entry in CATALOG.items():
        assert isinstance(entry, tuple), code
        en, ru = entry
        assert en, code
        assert ru, code
        assert en != ru, code
