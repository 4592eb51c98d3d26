"""Lyceum content: skills, epochs, colours, characters, action cards and the level table.

The rulebook fixes the shape of the content (five skills, three epochs, three colours, what
each colour gives and costs) but prints none of it: every character, card and level
threshold shipped in ``data/`` is **our illustrative content** (LY-24). A designer replaces it
with :func:`load_content` and ``lyceum.Game(content=...)``; every file is checked on load.

>>> content = default_content()
>>> len(content.characters), content.levels[:3]
(10, (0, 300, 700))
>>> content.card("ly-red-01").colour
Colour.RED
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rules import Facts
from boardrules.core.text import text_problem

__all__ = [
    "COLOUR_XP",
    "EPOCH_ROUNDS",
    "MAX_LEVELS",
    "MAX_LEVEL_XP",
    "SKILLS",
    "Card",
    "Character",
    "Colour",
    "Content",
    "Epoch",
    "Skill",
    "Special",
    "SpecialKind",
    "Tables",
    "Target",
    "default_content",
    "epoch_of_round",
    "load_content",
    "skill_points",
    "validate_content",
]


class Skill(enum.Enum):
    """The five skills (умения), counted in skill points (SP), in their fixed order."""

    HEALTH = "health"
    INTELLECT = "intellect"
    CREATIVITY = "creativity"
    COMMUNICATION = "communication"
    ENERGY = "energy"

    @property
    def index(self) -> int:
        """The position of this skill in every skill vector (health is 0, energy is 4)."""
        return SKILLS.index(self)

    @property
    def name_ru(self) -> str:
        """The skill in Russian."""
        return _SKILL_RU[self]

    def __repr__(self) -> str:
        return f"Skill.{self.name}"


#: The skills in vector order.
SKILLS: tuple[Skill, ...] = tuple(Skill)
_SKILL_RU = {
    Skill.HEALTH: "здоровье",
    Skill.INTELLECT: "интеллект",
    Skill.CREATIVITY: "творчество",
    Skill.COMMUNICATION: "коммуникация",
    Skill.ENERGY: "энергия",
}


def skill_points(values: tuple[int, ...], ru: bool = False) -> str:
    """The SP per skill of a vector, those not 0 (``"intellect 3, energy 1"``; ``—`` for none).

    >>> skill_points((0, 3, 0, 0, 1)), skill_points((0,) * 5, ru=True)
    ('intellect 3, energy 1', '—')
    """
    named = zip(SKILLS, values, strict=True)
    return ", ".join(f"{s.name_ru if ru else s.value} {v}" for s, v in named if v) or "—"


class Epoch(enum.Enum):
    """The three stages of life (эпохи), each with its own action-card piles (LY-6)."""

    LYCEUM = "lyceum"
    UNIVERSITY = "university"
    ADULT = "adult"

    @property
    def name_ru(self) -> str:
        """The epoch in Russian."""
        return {"lyceum": "Лицей", "university": "Универ", "adult": "Взрослая жизнь"}[self.value]

    @property
    def name_en(self) -> str:
        """The epoch in English."""
        return {"lyceum": "Lyceum", "university": "University", "adult": "Adult life"}[self.value]

    def __repr__(self) -> str:
        return f"Epoch.{self.name}"


#: The rounds (1..10, ages 16..25) of each epoch.
EPOCH_ROUNDS: Mapping[Epoch, range] = {
    Epoch.LYCEUM: range(1, 4),
    Epoch.UNIVERSITY: range(4, 8),
    Epoch.ADULT: range(8, 11),
}
_EPOCH_OF_ROUND = {r: e for e, rounds in EPOCH_ROUNDS.items() for r in rounds}


def epoch_of_round(round_: int) -> Epoch:
    """The epoch of a round (1..10); the setup (round 0) belongs to the Lyceum.

    >>> epoch_of_round(3), epoch_of_round(4), epoch_of_round(10)
    (Epoch.LYCEUM, Epoch.UNIVERSITY, Epoch.ADULT)
    """
    return _EPOCH_OF_ROUND.get(round_, Epoch.LYCEUM)


class Colour(enum.Enum):
    """An action card's colour: how much risk a seat takes (LY-14)."""

    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"

    @property
    def name_ru(self) -> str:
        """The colour in Russian."""
        return {"green": "зелёная", "yellow": "жёлтая", "red": "красная"}[self.value]

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


#: The XP a card of each colour brings (LY-14).
COLOUR_XP: Mapping[Colour, int] = {Colour.GREEN: 100, Colour.YELLOW: 200, Colour.RED: 500}
#: The largest total gain and the allowed total loss of each colour (LY-14).
_GAIN_LIMIT = {Colour.GREEN: (1, 1), Colour.YELLOW: (1, 3), Colour.RED: (1, 6)}
_LOSS_LIMIT = {Colour.GREEN: (0, 0), Colour.YELLOW: (1, 1), Colour.RED: (0, 3)}


class SpecialKind(enum.Enum):
    """The closed vocabulary of special abilities (LY-15) that red cards may carry.

    * ``gain``: the player gains ``amount`` SP of choice, one pending choice per point.
    * ``redistribute``: the player may move up to ``amount`` existing SP, as in a rest.
    * ``rest_moves``: a lasting effect, until the end of the epoch: a rest of the seats in
      ``target`` lets them move exactly up to ``amount`` SP instead of 3 / 4 / 5. Two such
      effects that reach the same seat conflict; the one played earlier wins (LY-16).
    """

    GAIN = "gain"
    REDISTRIBUTE = "redistribute"
    REST_MOVES = "rest_moves"

    def __repr__(self) -> str:
        return f"SpecialKind.{self.name}"


class Target(enum.Enum):
    """Whom a lasting effect reaches: the seat that played it, or every other seat."""

    SELF = "self"
    OTHERS = "others"

    def __repr__(self) -> str:
        return f"Target.{self.name}"


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise BadInput(f"$.{attribute.name}", "expected a non-negative integer")


def _skill_vector(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != len(SKILLS)
        or not all(type(v) is int and 0 <= v <= 99 for v in value)
    ):
        raise BadInput(f"$.{attribute.name}", "expected five integers 0..99, one per skill")


@attrs.frozen
class Special:
    """A red card's special ability (LY-15).

    Attributes:
        kind: which effect of the vocabulary.
        amount: how many SP (``gain``), moves (``redistribute``) or rest moves
            (``rest_moves``).
        target: whom a lasting ``rest_moves`` effect reaches; ``self`` for the others.

    >>> Special(SpecialKind.GAIN, 2)
    Special(kind=SpecialKind.GAIN, amount=2, target=Target.SELF)
    """

    kind: SpecialKind = attrs.field(validator=attrs.validators.instance_of(SpecialKind))
    amount: int = attrs.field(validator=_non_negative)
    target: Target = attrs.field(
        default=Target.SELF, validator=attrs.validators.instance_of(Target)
    )

    @property
    def lasting(self) -> bool:
        """Whether the effect lasts for later turns (and so may conflict with another)."""
        return self.kind is SpecialKind.REST_MOVES


@attrs.frozen
class Character:
    """A character (персонаж) of the character deck (LY-2).

    Attributes:
        id: unique within the content.
        name_ru: the name in Russian; ``name_en`` in English.
        about_ru: a one-line description in Russian; ``about_en`` in English.
        base: the base SP of each skill, in skill order.
    """

    id: str = attrs.field(validator=attrs.validators.instance_of(str))
    name_ru: str = attrs.field(validator=attrs.validators.instance_of(str))
    name_en: str = attrs.field(validator=attrs.validators.instance_of(str))
    about_ru: str = attrs.field(validator=attrs.validators.instance_of(str))
    about_en: str = attrs.field(validator=attrs.validators.instance_of(str))
    base: tuple[int, ...] = attrs.field(validator=_skill_vector)


@attrs.frozen
class Card:
    """An action card (карта действия) of one epoch and colour (LY-10, LY-14).

    Attributes:
        id: unique within the content.
        epoch: the epoch whose piles hold the card.
        colour: green, yellow or red.
        title_ru: what the card stands for, in Russian; ``title_en`` in English.
        xp: the experience it brings when played.
        conditions: the minimum SP per skill (Условия), in skill order.
        losses: the SP it costs per skill (Потери), in skill order.
        gains: the SP it gives per skill, in skill order.
        special: the special ability of a red card, if any.
    """

    id: str = attrs.field(validator=attrs.validators.instance_of(str))
    epoch: Epoch = attrs.field(validator=attrs.validators.instance_of(Epoch))
    colour: Colour = attrs.field(validator=attrs.validators.instance_of(Colour))
    title_ru: str = attrs.field(validator=attrs.validators.instance_of(str))
    title_en: str = attrs.field(validator=attrs.validators.instance_of(str))
    xp: int = attrs.field(validator=_non_negative)
    conditions: tuple[int, ...] = attrs.field(validator=_skill_vector)
    losses: tuple[int, ...] = attrs.field(validator=_skill_vector)
    gains: tuple[int, ...] = attrs.field(validator=_skill_vector)
    special: Special | None = None

    def describe(self, lang: str = "en") -> str:
        """A one-line label: title, colour, XP, conditions, losses, gains and special.

        >>> card = default_content().card("ly-green-01")
        >>> card.describe()[:40]
        '«Hand in the homework on time» (green, 1'
        >>> card.describe("ru").split("; ")[1:]
        ['условия здоровье 2', 'потери —', 'даёт коммуникация 1)']
        """

        ru = lang == "ru"
        title = self.title_ru if ru else self.title_en
        colour = self.colour.name_ru if ru else self.colour.value
        needs, costs, gives, special = (
            ("условия", "потери", "даёт", "спец.") if ru else ("needs", "costs", "gives", "special")
        )
        text = (
            f"«{title}» ({colour}, {self.xp} XP; {needs} {skill_points(self.conditions, ru)}; "
            f"{costs} {skill_points(self.losses, ru)}; {gives} {skill_points(self.gains, ru)}"
        )
        if self.special is not None:
            text += f"; {special} {self.special.kind.value} {self.special.amount}"
        return text + ")"


@attrs.frozen
class Content:
    """Everything a Lyceum game is played with (LY-24): characters, level table, cards.

    Attributes:
        characters: the character deck (10 in our content).
        levels: the XP threshold of level 1, 2, 3, ...; the first is 0 and they rise.
        cards: every action card of every epoch and colour.
    """

    characters: tuple[Character, ...]
    levels: tuple[int, ...]
    cards: tuple[Card, ...]

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: if there is no such card.
        """
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def character(self, character_id: str) -> Character:
        """The character with this id.

        Raises:
            KeyError: if there is no such character.
        """
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)

    def pile(self, epoch: Epoch, colour: Colour) -> tuple[str, ...]:
        """The ids of one epoch's pile of one colour, in content order."""
        return tuple(c.id for c in self.cards if c.epoch is epoch and c.colour is colour)


# -- validation ---------------------------------------------------------------------------
#: Bounds on a custom level table (LY-19): options stay small enough to show and to play.
MAX_LEVELS = 100
MAX_LEVEL_XP = 10**9


def _check_texts(entry: object, names: tuple[str, ...], path: str) -> None:
    for name in names:
        problem = text_problem(getattr(entry, name))
        if problem is not None:
            raise BadInput(f"{path}.{name}", problem)


def _check_id(value: str, path: str, seen: set[str]) -> None:
    if not value or len(value) > 64:
        raise BadInput(path, "LY-24: an id is a non-empty string of at most 64 characters")
    problem = text_problem(value)
    if problem is not None:
        raise BadInput(path, problem)
    if value in seen:
        raise BadInput(path, f"LY-24: the id {value!r} appears twice")
    seen.add(value)


def _check_card(card: Card, path: str) -> None:
    colour = card.colour
    if card.xp != COLOUR_XP[colour]:
        raise BadInput(
            f"{path}.xp", f"LY-14: a {colour.value} card brings {COLOUR_XP[colour]} XP"
        )
    low, high = _GAIN_LIMIT[colour]
    if not low <= sum(card.gains) <= high:
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        raise BadInput(f"{path}.gains", f"LY-14: a {colour.value} card gives {allowed} SP")
    low, high = _LOSS_LIMIT[colour]
    if not low <= sum(card.losses) <= high:
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        raise BadInput(f"{path}.losses", f"LY-14: a {colour.value} card costs {allowed} SP")
    special = card.special
    if special is None:
        return
    if colour is not Colour.RED:
        raise BadInput(f"{path}.special", "LY-15: only red cards carry a special ability")
    if special.kind is SpecialKind.REST_MOVES:
        if special.amount > 10:
            raise BadInput(f"{path}.special.amount", "LY-15: rest_moves allows 0 to 10 moves")
    elif not 1 <= special.amount <= 6:
        raise BadInput(f"{path}.special.amount", "LY-15: gain and redistribute take 1 to 6 SP")
    elif special.target is not Target.SELF:
        raise BadInput(f"{path}.special.target", "LY-15: only rest_moves reaches other seats")


def validate_content(content: Content) -> Content:
    """Check content against LY-14, LY-15 and LY-24 and return it.

    Characters and cards have distinct ids; there are at least two characters; the level
    table starts at 0 and rises strictly; every card keeps its colour's XP, gains and costs,
    and only red cards carry a special ability from the vocabulary.

    Raises:
        BadInput: naming the bad entry, like ``$.cards[4].gains``.
    """
    if not isinstance(content, Content):
        raise BadInput("$", "LY-24: expected lyceum Content")
    if len(content.characters) < 2:
        raise BadInput("$.characters", "LY-24: the character deck holds at least two characters")
    seen: set[str] = set()
    for i, character in enumerate(content.characters):
        if not isinstance(character, Character):
            raise BadInput(f"$.characters[{i}]", "LY-24: expected a Character")
        _check_id(character.id, f"$.characters[{i}].id", seen)
        _check_texts(character, ("name_ru", "name_en", "about_ru", "about_en"),
                     f"$.characters[{i}]")
    levels = content.levels
    if not levels or type(levels[0]) is not int or levels[0] != 0:
        raise BadInput("$.levels", "LY-19: the level table starts with 0 XP for level 1")
    if len(levels) > MAX_LEVELS:
        raise BadInput("$.levels", f"LY-19: a level table has at most {MAX_LEVELS} levels")
    for i in range(1, len(levels)):
        if type(levels[i]) is not int or levels[i] <= levels[i - 1]:
            raise BadInput(f"$.levels[{i}]", "LY-19: level thresholds rise strictly")
        if levels[i] > MAX_LEVEL_XP:
            raise BadInput(f"$.levels[{i}]", f"LY-19: a threshold is at most {MAX_LEVEL_XP} XP")
    seen = set()
    for i, card in enumerate(content.cards):
        if not isinstance(card, Card):
            raise BadInput(f"$.cards[{i}]", "LY-24: expected a Card")
        _check_id(card.id, f"$.cards[{i}].id", seen)
        _check_texts(card, ("title_ru", "title_en"), f"$.cards[{i}]")
        _check_card(card, f"$.cards[{i}]")
    return content


# -- loading TOML -------------------------------------------------------------------------
def _vector(value: object, path: str) -> tuple[int, ...]:
    if value is None:
        return (0,) * len(SKILLS)
    if not isinstance(value, Mapping):
        raise BadInput(path, "expected a table of skill = SP, like { intellect = 3 }")
    out = [0] * len(SKILLS)
    for key, amount in value.items():
        try:
            skill = Skill(key)
        except ValueError:
            names = ", ".join(s.value for s in SKILLS)
            raise BadInput(f"{path}.{key}", f"unknown skill; expected one of {names}") from None
        if type(amount) is not int or not 0 <= amount <= 99:
            raise BadInput(f"{path}.{key}", "SP are integers from 0 to 99")
        out[skill.index] = amount
    return tuple(out)


def _table(data: Mapping[str, Any], key: str, path: str) -> list[Mapping[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise BadInput(f"{path}.{key}", f"expected an array of [[{key}]] tables")
    return entries


def _structure(entry: Mapping[str, Any], cls: type[Any], path: str) -> Any:
    from boardrules import serde

    try:
        return serde.from_dict(dict(entry), cls)
    except BadInput as exc:
        raise BadInput(f"{path}{exc.path[1:]}", exc.reason) from None


def _parse(text: str, what: str) -> Mapping[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput("$", f"{what}: not valid TOML: {exc}") from None


def _characters(text: str) -> tuple[Character, ...]:
    data = _parse(text, "characters")
    out = []
    for i, entry in enumerate(_table(data, "character", "$")):
        path = f"$.character[{i}]"
        fields = {k: v for k, v in entry.items() if k != "base"}
        fields["base"] = list(_vector(entry.get("base", {}), f"{path}.base"))
        out.append(_structure(fields, Character, path))
    return tuple(out)


def _levels(text: str) -> tuple[int, ...]:
    data = _parse(text, "levels")
    thresholds = data.get("thresholds")
    if not isinstance(thresholds, list) or not all(type(t) is int for t in thresholds):
        raise BadInput("$.thresholds", "expected an array of integers (XP per level)")
    return tuple(thresholds)


def _cards(text: str) -> tuple[Card, ...]:
    data = _parse(text, "cards")
    out = []
    for i, entry in enumerate(_table(data, "card", "$")):
        path = f"$.card[{i}]"
        fields = dict(entry)
        for key in ("conditions", "losses", "gains"):
            fields[key] = list(_vector(entry.get(key), f"{path}.{key}"))
        out.append(_structure(fields, Card, path))
    return tuple(out)


def _data(name: str) -> str:
    return resources.files("boardrules.games.lyceum").joinpath(f"data/{name}").read_text("utf-8")


def load_content(
    characters: str | Path | None = None,
    levels: str | Path | None = None,
    cards: str | Path | None = None,
) -> Content:
    """Content from TOML files; a part not given comes from our default content.

    Args:
        characters: a file of ``[[character]]`` tables (``id``, ``name_ru``, ``name_en``,
            ``about_ru``, ``about_en``, ``base = { health = 4, ... }``).
        levels: a file with ``thresholds = [0, 300, ...]``.
        cards: a file of ``[[card]]`` tables (``id``, ``epoch``, ``colour``, ``title_ru``,
            ``title_en``, ``xp``, ``conditions``, ``losses``, ``gains`` and, on red cards,
            ``special = { kind = "gain", amount = 2 }``).

    Raises:
        BadInput: for a missing key, a wrong type or content that breaks LY-14/15/19/24.
    """
    default = default_content()

    def read(path: str | Path) -> str:
        return Path(path).read_text(encoding="utf-8")

    content = Content(
        characters=default.characters if characters is None else _characters(read(characters)),
        levels=default.levels if levels is None else _levels(read(levels)),
        cards=default.cards if cards is None else _cards(read(cards)),
    )
    return validate_content(content)


_DEFAULT: Content | None = None


def default_content() -> Content:
    """Our illustrative content that ships with boardrules (10 characters, 120 cards)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = validate_content(
            Content(
                characters=_characters(_data("characters.toml")),
                levels=_levels(_data("levels.toml")),
                cards=_cards(_data("cards.toml")),
            )
        )
    return _DEFAULT


# -- the rule context -----------------------------------------------------------------------
class Tables:
    """What the Lyceum rules look things up in: the content, its lookup tables, the options.

    Built once per game (``Game.rule_context``) and handed to every rule check and effect,
    to the step machinery and to the hooks. It never changes.

    Attributes:
        content: the characters, level table and cards.
        min_players: the fewest seats; ``max_players`` the most.
        cards: card id to card.
        order: card id to its position in the content (views list piles in this order).
        piles: per epoch and colour, the pile's card ids in content order.
        base: character id to its base SP.
        levels: the level table's thresholds (LY-19).
        longest_lasting_rest: the most SP a lasting special's rest or a redistribution moves
            (0 if none).
        largest_gain: the most SP a gain special lets a seat choose (0 if none).
        facts: the rulebook's named facts (``ctx.facts.eligible`` ...), as the game's rules
            state them (none unless given).
        moments: per moment of a turn (``SetupOver``, ``MainTurnOver``, ``TurnOver``), the
            effects the rules state for it, in rulebook order (what LY-7 runs when the
            pending steps run out; none unless given).

    Raises:
        BadInput: for a seat range that is upside down or wider than the character deck.

    >>> tables = Tables(default_content(), 3, 4)
    >>> tables.piles[Epoch.LYCEUM, Colour.GREEN][:1]
    ('ly-green-01',)
    """

    __slots__ = (
        "base", "cards", "content", "facts", "largest_gain", "levels", "longest_lasting_rest",
        "max_players", "min_players", "moments", "order", "piles",
    )

    def __init__(
        self,
        content: Content,
        min_players: int,
        max_players: int,
        facts: Facts | None = None,
        moments: Mapping[type, tuple[Any, ...]] | None = None,
    ) -> None:
        if min_players > max_players:
            raise BadInput("$.min_players", "min_players is at most max_players")
        if max_players > len(content.characters):
            raise BadInput(
                "$.max_players",
                f"LY-2: {len(content.characters)} characters seat at most "
                f"{len(content.characters)} players",
            )
        cards = content.cards
        self.content = content
        self.min_players = min_players
        self.max_players = max_players
        self.facts: Facts = Facts() if facts is None else facts
        self.moments: Mapping[type, tuple[Any, ...]] = {} if moments is None else moments
        self.cards: dict[str, Card] = {c.id: c for c in cards}
        self.order: dict[str, int] = {c.id: i for i, c in enumerate(cards)}
        self.piles: dict[tuple[Epoch, Colour], tuple[str, ...]] = {
            (e, k): content.pile(e, k) for e in Epoch for k in Colour
        }
        self.base: dict[str, tuple[int, ...]] = {c.id: c.base for c in content.characters}
        self.levels: tuple[int, ...] = content.levels
        # The largest counts a MOVE or CHOOSE step can hold, derived from the content so that
        # validate() accepts every state legal play reaches: rests and redistributions move
        # SP; gains are chosen.
        specials = [c.special for c in cards if c.special is not None]
        self.longest_lasting_rest: int = max(
            [0, *(x.amount for x in specials if x.lasting or x.kind is SpecialKind.REDISTRIBUTE)]
        )
        self.largest_gain: int = max(
            [0, *(x.amount for x in specials if x.kind is SpecialKind.GAIN)]
        )

    def in_content_order(self, pile: tuple[str, ...]) -> tuple[str, ...]:
        """The card ids of ``pile`` in content order (what a view shows of a pile, LY-22)."""
        return tuple(sorted(pile, key=self.order.__getitem__))
