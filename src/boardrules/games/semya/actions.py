"""7Я actions: one decision of the seat to move (SEM-5..SEM-8)."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.semya.content import Symbol

__all__ = ["Action", "PlayCard", "PlayFool", "PlayLord"]


@attrs.frozen
class PlayCard:
    """Play the feeling card ``card`` (its id) from the mover's hand.

    >>> PlayCard("sun-saturn")
    PlayCard(card='sun-saturn')
    """

    tag: ClassVar[str] = "play_card"
    card: str = attrs.field(validator=attrs.validators.instance_of(str))


@attrs.frozen
class PlayLord:
    """Play the trump as the Lord (Владыка), naming the symbol the answer must start on.

    >>> PlayLord(Symbol.MARS)
    PlayLord(named=Symbol.MARS)
    """

    tag: ClassVar[str] = "play_lord"
    named: Symbol = attrs.field(validator=attrs.validators.instance_of(Symbol))


@attrs.frozen
class PlayFool:
    """Play the trump as the Fool (Дурень): a black card, when the mover has no answer.

    >>> PlayFool()
    PlayFool()
    """

    tag: ClassVar[str] = "play_fool"


#: Any 7Я action; ``serde.from_json(text, Action)`` reads one by its ``"type"``.
Action: TypeAlias = PlayCard | PlayLord | PlayFool
