"""The English and Russian sentences for Kuhn poker's violation codes.

Kuhn poker has none of its own: every refusal is the core's (CORE-1 an action of another
game, CORE-2 the hand is over, CORE-3 an action the step does not take). A game whose rules
refuse something registers its sentences here, one per code (see 7Я's ``messages.py``).
"""

from __future__ import annotations

from boardrules.core.violation import MessageCatalog, register_messages

__all__ = ["CATALOG"]

CATALOG: MessageCatalog = {}

register_messages("KUHN", CATALOG)
