"""Text that can be stored and shown: the one check every string from outside passes."""

from __future__ import annotations

import re

from boardrules.core.errors import BadInput

__all__ = ["check_text", "text_problem"]

# NUL ends strings in C and in many storage formats; a lone surrogate is not a character
# and cannot be encoded as UTF-8, so a document holding one could be read but not written.
_UNSTORABLE = re.compile("[\\x00\\ud800-\\udfff]")


def text_problem(text: str) -> str | None:
    r"""Why ``text`` cannot be stored as UTF-8 and shown, or ``None`` when it can.

    >>> text_problem("Луна"), text_problem("a\x00b")
    (None, 'contains a NUL character')
    >>> text_problem("\ud800")
    'contains a lone surrogate (U+D800)'
    """
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    char = found.group()
    if char == "\x00":
        return "contains a NUL character"
    return f"contains a lone surrogate (U+{ord(char):04X})"


def check_text(text: str, path: str) -> str:
    """``text`` itself when it can be stored and shown.

    Raises:
        BadInput: at ``path`` for a NUL character or a lone surrogate.
    """
    problem = text_problem(text)
    if problem is not None:
        raise BadInput(path, problem)
    return text
