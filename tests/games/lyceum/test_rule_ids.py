"""Every rule ID of the rules page has tests that cite it, and every rule the code cites is
on the page."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from boardrules.games import lyceum
from boardrules.testing import check_rule_ids

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
PAGE = ROOT / "docs" / "rules" / "lyceum.md"
SOURCE = ROOT / "src" / "boardrules" / "games" / "lyceum"


_ROW = re.compile(r"^\| \[\*\*LY-(\d+)\*\*\]\(\.\./reference/lyceum\.md#([\w.]+)\) \|", re.M)


def _page_rules() -> list[tuple[int, str]]:
    return [(int(n), anchor) for n, anchor in _ROW.findall(PAGE.read_text("utf-8"))]


def test_the_rules_page_numbers_ly1_to_ly24_in_order() -> None:
    assert [n for n, _ in _page_rules()] == list(range(1, 25))


def test_each_rule_id_links_to_its_unit() -> None:
    units = {rule.id: rule for rule in lyceum.Game().rulebook}
    for number, anchor in _page_rules():
        module_name, _, constant = anchor.rpartition(".")
        module = importlib.import_module(module_name)
        assert constant == f"LY_{number}"
        assert getattr(module, constant) is units[f"LY-{number}"]


def test_every_rule_id_is_on_the_page_cited_by_a_test_and_known_to_the_code() -> None:
    check_rule_ids(lyceum.Game(), PAGE, HERE, SOURCE)
