"""Orbita content: specialisations, roles, resources, trumps, boosts, storage (ORB-1..ORB-4).

The four specialisations form a cycle: Warriors, Hosts, Heroes, Priests, and back to Warriors.
Each produces its own resource; that resource is the trump over the next specialisation and
the boost of the previous one.

>>> Spec.WARRIORS.resource, Spec.WARRIORS.next
(Resource.TERRITORY, Spec.HOSTS)
>>> Resource.ADVICE.trumps
Spec.WARRIORS
>>> card_id(Spec.HOSTS, Role.MASTER, 2)
'hosts-master-2'
"""

from __future__ import annotations

import enum

__all__ = [
    "BOOSTS",
    "GIVES",
    "ROLE_ORDER",
    "SPEC_ORDER",
    "STORES",
    "Resource",
    "Role",
    "Spec",
    "card_id",
    "card_spec",
    "deck_cards",
    "parse_card",
]


class Spec(enum.Enum):
    """A specialisation (специализация), in the order of the cycle.

    Attributes:
        index: the place of this specialisation in the cycle, from 0 (Warriors).
    """

    WARRIORS = "warriors"
    HOSTS = "hosts"
    HEROES = "heroes"
    PRIESTS = "priests"

    # A plain attribute of each member, not a property: the rules read it on every step.
    index: int

    def __init__(self, value: object) -> None:
        self.index = ("warriors", "hosts", "heroes", "priests").index(value)

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    @property
    def resource(self) -> Resource:
        """The resource this specialisation produces (ORB-2)."""
        return RESOURCE_ORDER[self.index]

    @property
    def next(self) -> Spec:
        """The specialisation this one's resource is the trump over (ORB-2)."""
        return SPEC_ORDER[(self.index + 1) % 4]

    @property
    def previous(self) -> Spec:
        """The specialisation whose resource is the trump over this one (ORB-2)."""
        return SPEC_ORDER[(self.index + 3) % 4]

    @property
    def enterprise(self) -> str:
        """The name of this specialisation's enterprise: Retinue, Workshop, Artel, Sect."""
        return _SPEC_NAMES[self][2]

    @property
    def corporation(self) -> str:
        """The name of a corporation of this suit: State, Trade Union, Free City, Church."""
        return _SPEC_NAMES[self][4]

    @property
    def enterprise_ru(self) -> str:
        """The enterprise in Russian: Дружина, Цех, Артель, Секта."""
        return _SPEC_NAMES[self][3]

    @property
    def corporation_ru(self) -> str:
        """The corporation in Russian: Государство, Торговый союз, Вольный город, Церковь."""
        return _SPEC_NAMES[self][5]

    @property
    def name_en(self) -> str:
        """The specialisation in English: ``"Warriors"``."""
        return _SPEC_NAMES[self][0]

    @property
    def name_ru(self) -> str:
        """The specialisation in Russian: ``"Воины"``."""
        return _SPEC_NAMES[self][1]

    def __repr__(self) -> str:
        return f"Spec.{self.name}"


_SPEC_NAMES = {
    Spec.WARRIORS: ("Warriors", "Воины", "Retinue", "Дружина", "State", "Государство"),
    Spec.HOSTS: ("Hosts", "Хозяева", "Workshop", "Цех", "Trade Union", "Торговый союз"),
    Spec.HEROES: ("Heroes", "Герои", "Artel", "Артель", "Free City", "Вольный город"),
    Spec.PRIESTS: ("Priests", "Жрецы", "Sect", "Секта", "Church", "Церковь"),
}


class Role(enum.Enum):
    """A role (роль) within a specialisation.

    Attributes:
        index: the place of this role in a team, from 0 (Leader).
    """

    LEADER = "leader"
    MASTER = "master"
    SAGE = "sage"
    BARD = "bard"

    # A plain attribute of each member, not a property: the rules read it on every step.
    index: int

    def __init__(self, value: object) -> None:
        self.index = ("leader", "master", "sage", "bard").index(value)

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    @property
    def name_ru(self) -> str:
        """The role in Russian."""
        return {"leader": "Лидер", "master": "Мастер", "sage": "Умник", "bard": "Бард"}[self.value]

    def __repr__(self) -> str:
        return f"Role.{self.name}"


class Resource(enum.Enum):
    """A resource (ресурс); each belongs to one specialisation (ORB-2).

    Attributes:
        index: the slot of this resource in a zone's counts: Territory, Food, Way, Advice.
    """

    TERRITORY = "territory"
    FOOD = "food"
    WAY = "way"
    ADVICE = "advice"

    # A plain attribute of each member, not a property: the rules read it on every step.
    index: int

    def __init__(self, value: object) -> None:
        self.index = ("territory", "food", "way", "advice").index(value)

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    @property
    def spec(self) -> Spec:
        """The specialisation that produces this resource."""
        return SPEC_ORDER[self.index]

    @property
    def trumps(self) -> Spec:
        """The specialisation this resource is the trump over."""
        return self.spec.next

    @property
    def name_ru(self) -> str:
        """The resource in Russian."""
        return {"territory": "Территория", "food": "Еда", "way": "Способ", "advice": "Совет"}[
            self.value
        ]

    def __repr__(self) -> str:
        return f"Resource.{self.name}"


SPEC_ORDER: tuple[Spec, ...] = (Spec.WARRIORS, Spec.HOSTS, Spec.HEROES, Spec.PRIESTS)
ROLE_ORDER: tuple[Role, ...] = (Role.LEADER, Role.MASTER, Role.SAGE, Role.BARD)
RESOURCE_ORDER: tuple[Resource, ...] = (
    Resource.TERRITORY,
    Resource.FOOD,
    Resource.WAY,
    Resource.ADVICE,
)

#: ORB-3: the resource that boosts each specialisation and what one unit adds. Heroes in an
#: Artel get 2 Ways per Advice instead of 1.
BOOSTS: dict[Spec, tuple[Resource, int]] = {
    Spec.WARRIORS: (Resource.FOOD, 1),
    Spec.HOSTS: (Resource.WAY, 2),
    Spec.HEROES: (Resource.ADVICE, 1),
    Spec.PRIESTS: (Resource.FOOD, 1),
}

#: ORB-4: what each specialisation may keep in its reserve from one round to the next.
STORES: dict[Spec, frozenset[Resource]] = {
    Spec.WARRIORS: frozenset(),
    Spec.HOSTS: frozenset({Resource.FOOD}),
    Spec.HEROES: frozenset({Resource.ADVICE}),
    Spec.PRIESTS: frozenset({Resource.FOOD}),
}

#: ORB-4: what each specialisation may hand on to another character. Priests never give Food
#: away (it was offered up), Heroes never give Advice (they keep it only for boosting).
GIVES: dict[Spec, frozenset[Resource]] = {
    Spec.WARRIORS: frozenset(RESOURCE_ORDER),
    Spec.HOSTS: frozenset(RESOURCE_ORDER),
    Spec.HEROES: frozenset(RESOURCE_ORDER) - {Resource.ADVICE},
    Spec.PRIESTS: frozenset(RESOURCE_ORDER) - {Resource.FOOD},
}


def card_id(spec: Spec, role: Role, copy: int) -> str:
    """The id of a character card: ``"<spec>-<role>-<copy>"``, copies counted from 1."""
    return f"{spec.value}-{role.value}-{copy}"


def parse_card(card: str) -> tuple[Spec, Role, int] | None:
    """The specialisation, role and copy of a card id, or ``None`` if it is not one.

    >>> parse_card("priests-bard-3")
    (Spec.PRIESTS, Role.BARD, 3)
    >>> parse_card("priests-bard") is None
    True
    """
    parts = card.split("-")
    if len(parts) != 3 or not parts[2].isdigit() or parts[2] != str(int(parts[2])):
        return None
    try:
        return Spec(parts[0]), Role(parts[1]), int(parts[2])
    except ValueError:
        return None


def deck_cards(copies: int) -> tuple[str, ...]:
    """Every character card of a deck with ``copies`` of each of the 16 characters (ORB-1).

    The order (specialisation, role, copy) is the canonical order used wherever order does
    not matter for play.

    >>> len(deck_cards(3)), deck_cards(1)[:2]
    (48, ('warriors-leader-1', 'warriors-master-1'))
    """
    return tuple(
        card_id(spec, role, copy)
        for spec in SPEC_ORDER
        for role in ROLE_ORDER
        for copy in range(1, copies + 1)
    )


def card_spec(card: str) -> Spec:
    """The specialisation of a well-formed card id.

    >>> card_spec("heroes-sage-2")
    Spec.HEROES
    """
    parsed = parse_card(card)
    if parsed is None:
        raise KeyError(card)
    return parsed[0]
