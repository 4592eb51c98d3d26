"""Every rule ID of the rules page has tests that cite it, and every rule the code cites is
on the page."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
PAGE = ROOT / "docs" / "rules" / "lyceum.md"
SOURCE = ROOT / "src" / "boardrules" / "games" / "lyceum"


def _page_rules() -> list[int]:
    return [int(n) for n in re.findall(r"^\| \*\*LY-(\d+)\*\* \|", PAGE.read_text("utf-8"), re.M)]


def test_the_rules_page_numbers_ly1_to_ly24_in_order() -> None:
    assert _page_rules() == list(range(1, 25))


def test_every_rule_id_has_a_test_citing_it() -> None:
    names = " ".join(
        name for p in HERE.glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", p.read_text("utf-8"), re.M)
    )
    cited = {int(n) for n in re.findall(r"_ly(\d+)(?=_)", names)}
    missing = sorted(set(_page_rules()) - cited)
    assert not missing, f"no test cites LY-{missing}"


def test_every_rule_the_code_cites_is_on_the_page() -> None:
    cited = set()
    for path in SOURCE.glob("*.py"):
        cited |= {int(n) for n in re.findall(r'"LY-(\d+)', path.read_text("utf-8"))}
    assert cited
    assert cited <= set(_page_rules())
