"""Orbita's catalogue: specialisations, roles, resources and every character card of the
game's deck, by the ids the views use (teams, the market and offers hold card ids).

>>> from boardrules.games import orbita
>>> found = catalogue(orbita.Game().cards)
>>> card = found.cards[0]
>>> card.id, card.spec, card.role, card.resource, card.copy
('warriors-leader-1', Spec.WARRIORS, Role.LEADER, Resource.TERRITORY, 1)
>>> card.name
Label(en="Warriors' Leader 1", ru='Лидер Воинов 1')
>>> found.specs[1].boost, found.specs[1].trumps
(Resource.WAY, Spec.HEROES)
"""

from __future__ import annotations

import attrs

from boardrules.core.catalogue import Label
from boardrules.games.orbita.content import (
    BOOSTS,
    GIVES,
    STORES,
    Resource,
    Role,
    Spec,
    parse_card,
)
from boardrules.games.orbita.labels import card_name, resource_name

__all__ = ["CardItem", "Catalogue", "ResourceItem", "RoleItem", "SpecItem", "catalogue"]


@attrs.frozen
class ResourceItem:
    """A resource: its id, its name, the specialisation producing it and the one it trumps."""

    id: Resource
    name: Label
    spec: Spec
    trumps: Spec


@attrs.frozen
class SpecItem:
    """A specialisation (a suit), in the order of the cycle.

    Attributes:
        id: as cards and actions name it (``"warriors"``).
        name: the specialisation.
        resource: the resource it produces.
        trumps: the specialisation its resource is the trump over.
        boost: the resource that raises its characters' output.
        stores: the resources it may keep in reserve.
        gives: the resources it may give as gifts.
        enterprise: the name of its enterprise.
        corporation: the name of a corporation of its suit.
    """

    id: Spec
    name: Label
    resource: Resource
    trumps: Spec
    boost: Resource
    stores: tuple[Resource, ...]
    gives: tuple[Resource, ...]
    enterprise: Label
    corporation: Label


@attrs.frozen
class RoleItem:
    """A role within a specialisation."""

    id: Role
    name: Label


@attrs.frozen
class CardItem:
    """A character card.

    Attributes:
        id: as views and actions name it (``"warriors-leader-1"``).
        spec: its specialisation.
        role: its role.
        resource: the resource it produces (its specialisation's own).
        copy: which copy of the character, from 1.
        name: the character's readable name.
    """

    id: str
    spec: Spec
    role: Role
    resource: Resource
    copy: int
    name: Label


@attrs.frozen
class Catalogue:
    """Everything an Orbita table is drawn with."""

    specs: tuple[SpecItem, ...]
    roles: tuple[RoleItem, ...]
    resources: tuple[ResourceItem, ...]
    cards: tuple[CardItem, ...]


def _in_order(found: frozenset[Resource]) -> tuple[Resource, ...]:
    return tuple(r for r in Resource if r in found)


def catalogue(cards: tuple[str, ...]) -> Catalogue:
    """The catalogue of a game whose deck is ``cards``."""
    specs = tuple(
        SpecItem(s, Label(s.name_en, s.name_ru), s.resource, s.next, BOOSTS[s][0],
                 _in_order(STORES[s]), _in_order(GIVES[s]),
                 Label(s.enterprise, s.enterprise_ru), Label(s.corporation, s.corporation_ru))
        for s in Spec
    )
    roles = tuple(RoleItem(r, Label(r.value.capitalize(), r.name_ru)) for r in Role)
    resources = tuple(
        ResourceItem(r, Label(resource_name(r), resource_name(r, "ru")), r.spec, r.trumps)
        for r in Resource
    )
    items = []
    for card in cards:
        parsed = parse_card(card)
        if parsed is None:  # a deck is built from card ids, so this does not happen
            raise ValueError(f"{card!r} is not a character card")
        spec, role, copy = parsed
        items.append(CardItem(card, spec, role, spec.resource, copy,
                              Label(card_name(card), card_name(card, "ru"))))
    return Catalogue(specs, roles, resources, tuple(items))
