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

import attrs

from boardrules.core.rules import Facts, Rulebook

__all__ = [
    "BOOSTS",
    "GIVES",
    "ROLE_ORDER",
    "SPEC_ORDER",
    "STORES",
    "Context",
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


@attrs.frozen(eq=False)
class Context:
    """What Orbita's rules read besides the state: the deck's lookup tables and the options.

    Built once per game from its options (``Game.rule_context``); every check and effect of
    :mod:`boardrules.games.orbita.rules` gets it as its first argument.

    Attributes:
        copies: copies of each of the 16 characters in the deck (ORB-1).
        rounds: the round limit (ORB-22).
        steps: limited actions per seat per phase (ORB-21).
        reinforcements: how often an offerer may reinforce one offer (ORB-14).
        starting_food: Food each starting Leader receives as a gift (ORB-5).
        goal_rounds: consecutive fed rounds of a corporation that end the game; 0 never
            (ORB-22).
        all_at_once: whether a gift, boost or reinforcement may move everything at hand
            (``Amount.ALL``) besides one unit (ORB-21).
        cards: every card of the deck, in canonical order.
        spec: the specialisation of each card.
        role: the role of each card.
        order: each card's place in the canonical order.
        role_rank: each role's place in a team (Leader first).
        gives: for each card, which resources (by index) it may give (``GIVES``).
        gives_at: for each card, the indices of the resources it may give, in order.
        booster: for each card, the index of the resource that boosts it (``BOOSTS``).
        victim: for each card, the specialisation its trump is over (``Spec.next``).
        hosts_seated: whether a Hosts Leader is always dealt (ORB-5, ``Game.hosts_seated``).
        facts: the named facts of the rulebook the game is played by (set by the game).
        rules: that rulebook: the round (ORB-6) runs its automatic steps' effects.

    >>> ctx = Context.build(copies=1)
    >>> len(ctx.cards), ctx.spec["hosts-bard-1"], ctx.order["warriors-master-1"]
    (16, Spec.HOSTS, 1)
    """

    copies: int
    rounds: int
    steps: int
    reinforcements: int
    starting_food: int
    goal_rounds: int
    all_at_once: bool
    cards: tuple[str, ...]
    spec: dict[str, Spec]
    role: dict[str, Role]
    order: dict[str, int]
    role_rank: dict[Role, int]
    gives: dict[str, tuple[bool, bool, bool, bool]]
    gives_at: dict[str, tuple[int, ...]]
    booster: dict[str, int]
    victim: dict[str, Spec]
    hosts_seated: bool = attrs.field(default=False, kw_only=True)
    facts: Facts = attrs.field(factory=Facts, kw_only=True)
    rules: Rulebook = attrs.field(factory=lambda: Rulebook(()), kw_only=True)

    @classmethod
    def build(
        cls,
        copies: int = 2,
        rounds: int = 24,
        steps: int = 4,
        reinforcements: int = 2,
        starting_food: int = 2,
        goal_rounds: int = 2,
        all_at_once: bool = True,
    ) -> Context:
        """The context of a game with these options (see ``Game``)."""
        cards = deck_cards(copies)
        parsed = {c: parse_card(c) for c in cards}
        spec = {c: p[0] for c, p in parsed.items() if p}
        return cls(
            copies,
            rounds,
            steps,
            reinforcements,
            starting_food,
            goal_rounds,
            all_at_once,
            cards,
            spec,
            {c: p[1] for c, p in parsed.items() if p},
            {c: i for i, c in enumerate(cards)},
            {r: i for i, r in enumerate(ROLE_ORDER)},
            {c: _flags(GIVES[s]) for c, s in spec.items()},
            {c: tuple(r.index for r in RESOURCE_ORDER if r in GIVES[s]) for c, s in spec.items()},
            {c: BOOSTS[s][0].index for c, s in spec.items()},
            {c: s.next for c, s in spec.items()},
        )


def _flags(resources: frozenset[Resource]) -> tuple[bool, bool, bool, bool]:
    return (
        Resource.TERRITORY in resources,
        Resource.FOOD in resources,
        Resource.WAY in resources,
        Resource.ADVICE in resources,
    )
