"""KUHN-1..KUHN-8: the rulebook summary, the rules page, the tests and the code agree."""

from pathlib import Path

from boardrules.games import kuhn
from boardrules.testing import check_rule_ids

ROOT = Path(__file__).resolve().parents[3]


def test_every_rule_id_is_on_the_page_cited_by_a_test_and_known_to_the_code() -> None:
    check_rule_ids(
        kuhn.Game(), ROOT / "docs/rules/kuhn.md", ROOT / "tests/games/kuhn",
        ROOT / "src/boardrules/games/kuhn",
    )
