"""One line per rule ID, in English and Russian, for listings such as ``boardrules rules``."""

from __future__ import annotations

import attrs

__all__ = ["RuleText"]


@attrs.frozen
class RuleText:
    """A rule's ID and a one-line summary in our own words.

    Attributes:
        id: the rule ID, like ``"SEM-6"``.
        en: the rule in one English line.
        ru: the rule in one Russian line.
    """

    id: str
    en: str
    ru: str

    def text(self, lang: str = "en") -> str:
        """The line in ``"en"`` or ``"ru"``."""
        return self.ru if lang == "ru" else self.en
