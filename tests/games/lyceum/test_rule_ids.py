"""Every rule ID of the rules page has tests that cite it, and every rule the code cites is
on the page."""

from __future__ import annotations

import re
from pathlib import Path

from boardrules.games import lyceum
from boardrules.testing import check_rule_ids

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
PAGE = ROOT / "docs" / "rules" / "lyceum.md"
SOURCE = ROOT / "src" / "boardrules" / "games" / "lyceum"


def _page_rules() -> list[int]:
    return [int(n) for n in re.findall(r"^\| \*\*LY-(\d+)\*\* \|", PAGE.read_text("utf-8"), re.M)]


def test_the_rules_page_numbers_ly1_to_ly24_in_order() -> None:
    assert _page_rules() == list(range(1, 25))


def test_every_rule_id_is_on_the_page_cited_by_a_test_and_known_to_the_code() -> None:
    check_rule_ids(lyceum.Game(), PAGE, HERE, SOURCE)
