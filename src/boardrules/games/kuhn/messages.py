"""The English and Russian sentences for Kuhn poker's violation codes.

Kuhn poker has none of its own: every refusal is the core's (CORE-1 an action of another
game, CORE-2 the hand is over, CORE-3 an action the step does not take). A game whose rules
refuse something registers its sentences here, one per code (see 7Я's ``messages.py``).
"""

from __future__ import annotations

from boardrules.core.violation import MessageCatalog, register_messages, register_steps
from boardrules.games.kuhn.actions import Bet, Call, Check, Fold
from boardrules.games.kuhn.labels import NAMES

__all__ = ["CATALOG", "KINDS", "STEPS"]

CATALOG: MessageCatalog = {}

register_messages("KUHN", CATALOG)

#: CORE-3's labels: the two steps of KUHN-3, and the four kinds of action by their names.
STEPS: dict[str, tuple[str, str]] = {
    "open": ("a move with no bet open (check or bet)", "ход без ставки (чек или ставка)"),
    "respond": (
        "the answer to a bet (call or fold)", "ответ на ставку (уравнять или сбросить карту)"
    ),
}
KINDS: dict[str, tuple[str, str]] = {
    kind.__name__: NAMES[kind.tag] for kind in (Check, Bet, Call, Fold)
}
register_steps("kuhn", STEPS, KINDS)
