"""Strict JSON for states, actions, events, records and options: :mod:`boardrules.core.serde`.

This module is the public name; see :mod:`boardrules.core.serde` for what it does.

>>> from boardrules.games import semya
>>> from_json('{"type": "play_lord", "named": "venus"}', semya.Action)
PlayLord(named=Symbol.VENUS)
"""

from boardrules.core.serde import (
    CARD_FIELDS,
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_STRING,
    MAX_TEXT,
    MAX_VALUES,
    OMIT_IF_DEFAULT,
    SEAT_FIELDS,
    SEATS_FIELDS,
    converter,
    from_dict,
    from_json,
    structure_setup,
    tag_of,
    to_dict,
    to_json,
)

__all__ = [
    "CARD_FIELDS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "MAX_VALUES",
    "OMIT_IF_DEFAULT",
    "SEATS_FIELDS",
    "SEAT_FIELDS",
    "converter",
    "from_dict",
    "from_json",
    "structure_setup",
    "tag_of",
    "to_dict",
    "to_json",
]
