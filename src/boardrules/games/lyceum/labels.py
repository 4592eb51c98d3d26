"""Short English and Russian labels for Lyceum actions and events, for buttons and log lines.

Every label names the seat (``Seat 2`` / ``Игрок 2``) and, for a card, its title in the
label's language, so the English and Russian label of the same item always differ.

>>> from boardrules.games import lyceum
>>> game = lyceum.Game()
>>> describe_event(game.rule_context, lyceum.LevelReached(seat=1, level=3), "ru")
'Игрок 1 достигает уровня 3'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, get_args

import attrs

from boardrules.games.lyceum.actions import (
    Action,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import (
    SKILLS,
    Colour,
    Epoch,
    Skill,
    SpecialKind,
    Tables,
    Target,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeclarationMade,
    DeferredExpired,
    EffectStarted,
    Event,
    ExperienceShared,
    GameEnded,
    LevelReached,
    PointChosen,
    PointMoved,
    Rested,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.state import HIDDEN, State
from boardrules.i18n import CARD_COLOURS_RU

__all__ = [
    "character_name",
    "content_label",
    "describe_action",
    "describe_event",
    "event_rule",
    "event_rules",
    "group_label",
    "seat_groups",
]

#: Labels of the actions without parameters: (English, Russian).
_LABELS: Mapping[type, tuple[str, str]] = {
    Rest: ("Rest", "Отдых"),
    ShareExperience: ("Share experience", "Поделиться опытом"),
    PlayCard: ("Play the card", "Сыграть карту"),
    DiscardCard: ("Discard the card", "Сбросить карту"),
    DeferCard: ("Defer the card", "Отложить карту"),
    FinishMoves: ("Finish moving SP", "Закончить перераспределение"),
    PlayDeferred: ("Play the deferred card", "Сыграть отложенную карту"),
    KeepDeferred: ("Keep the deferred card", "Оставить отложенную карту"),
}



def describe_action(action: Action, lang: str = "en") -> str:
    """See :meth:`Game.describe_action`."""
    ru = lang == "ru"
    kind = type(action)
    if isinstance(action, ChooseSkill):
        skill = action.skill
        return f"+1 SP: {skill.name_ru}" if ru else f"+1 SP: {skill.value}"
    if isinstance(action, MoveSkillPoint):
        move = action
        if ru:
            return f"Перенести 1 SP: {move.source.name_ru} → {move.target.name_ru}"
        return f"Move 1 SP: {move.source.value} → {move.target.value}"
    if isinstance(action, Draw):
        colour = action.colour
        if ru:
            return f"Взять {CARD_COLOURS_RU[colour.value].acc} карту"
        return f"Draw a {colour.value} card"
    if isinstance(action, Declare):
        target = action.target
        if target is None:
            return "Без заявки" if ru else "No declaration"
        return f"Заявить {target} SP" if ru else f"Declare {target} SP"
    if isinstance(action, DeclareSkill):
        value = action.value
        if ru:
            return f"Заявить {value} SP на следующее умение"
        return f"Declare {value} SP for the next skill"
    return _LABELS[kind][1 if ru else 0]


def _title(game: Tables, card_id: str, ru: bool) -> str:
    card = game.cards.get(card_id)
    if card is None:  # an event of other content: the id is all we have
        return f"«{card_id}»"
    return f"«{card.title_ru if ru else card.title_en}»"


class Lyceum(Protocol):
    """What the report hooks read of a Lyceum game: the tables its rules read."""

    @property
    def rule_context(self) -> Tables: ...


#: The rule ID behind each kind of event; kinds that several rules cause (a point of
#: choice comes from setup, a rest, a level or a special) are not attributed.
_EVENT_RULES: Mapping[type, str] = {
    DeclarationMade: "LY-4",
    TurnOrderSet: "LY-5",
    RoundStarted: "LY-6",
    CardDrawn: "LY-8",
    CardDiscarded: "LY-11",
    CardDeferred: "LY-12",
    DeferredExpired: "LY-13",
    EffectStarted: "LY-15",
    Rested: "LY-17",
    ExperienceShared: "LY-18",
    LevelReached: "LY-19",
    GameEnded: "LY-20",
}


def event_rule(game: object, event: Event) -> str | None:
    """The rule ID behind ``event``, for balance reports (``None`` when several rules can
    cause it).

    >>> from boardrules.games import lyceum
    >>> event_rule(lyceum.Game(), lyceum.LevelReached(seat=1, level=3))
    'LY-19'
    """
    if isinstance(event, CardPlayed):
        return "LY-13" if event.deferred else "LY-11"
    return _EVENT_RULES.get(type(event))


def event_rules(game: object) -> dict[type, str | None]:
    """The rule ID behind every event of a class, for the classes whose events all have the
    same one, ``None`` for those with none: what :func:`event_rule` answers for each (a
    card played is left out: LY-11, or LY-13 when it was deferred).

    >>> from boardrules.games import lyceum
    >>> event_rules(None)[lyceum.Rested], event_rules(None)[lyceum.PointMoved]
    ('LY-17', None)
    """
    return {kind: _EVENT_RULES.get(kind) for kind in get_args(Event) if kind is not CardPlayed}


def seat_groups(game: Lyceum, state: State) -> dict[str, tuple[str, ...]]:
    """Each seat's character at the start, by name, for win rates per character.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> seat_groups(game, game.new(seed=1))
    {'character': ('Timur', 'Gleb', 'Ildar', 'Eva')}
    """
    tables = game.rule_context
    return {"character": tuple(character_name(tables, s.character) for s in state.seats)}


def character_name(tables: Tables, character_id: str, lang: str = "en") -> str:
    """A character's name in ``lang``; an id of other content is shown as it is."""
    try:
        character = tables.content.character(character_id)
    except KeyError:
        return character_id
    return character.name_ru if lang == "ru" else character.name_en


#: Tally keys without a group, put in groups of one unit each: turns (events) or seats.
_REGROUPED: Mapping[str, tuple[str, str]] = {
    "rest": ("turns: rest", "ходы: отдых"),
    "experience shared": ("turns: experience shared", "ходы: поделиться опытом"),
    "deferred card played": ("turns: deferred card played", "ходы: сыграна отложенная карта"),
    "no declaration": ("declarations, every seat: none", "заявки, все игроки: нет"),
    "winner no declaration": ("declarations, winners: none", "заявки, победители: нет"),
}
#: Group names that say whose plays they count.
_PREFIXES: Mapping[str, tuple[str, str]] = {
    "card played": ("card played by a winner", "карта сыграна победителем"),
    "card played (all seats)": ("card played", "карта сыграна"),
    "character": ("character", "персонаж"),
    "winner character": ("winner character", "персонаж победителя"),
    "card drawn": ("card drawn", "карта взята"),
    "card discarded": ("card discarded", "карта сброшена"),
    "card deferred": ("card deferred", "карта отложена"),
    "deferred card expired": ("deferred card expired", "отложенная карта сгорела"),
    "deferred card unplayed at the end": (
        "deferred card unplayed at the end", "отложенная карта не сыграна к концу"),
    "draw": ("draw", "взята карта"),
    "final level": ("final level", "уровень в конце"),
}
_DECLARATIONS: Mapping[str, tuple[str, str]] = {
    "declaration met": ("declarations, every seat", "заявки, все игроки"),
    "declaration missed": ("declarations, every seat", "заявки, все игроки"),
    "winner declaration met": ("declarations, winners", "заявки, победители"),
    "winner declaration missed": ("declarations, winners", "заявки, победители"),
}
_MET = {"met": ("met", "выполнена"), "missed": ("missed", "не выполнена")}


def content_label(game: Lyceum, key: str, lang: str = "en") -> str:
    """A tally key (``"card played: ly-red-07"``) with the id replaced by its label.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> content_label(game, "character: maria"), content_label(game, "character: maria", "ru")
    ('character: Masha', 'персонаж: Маша')
    >>> content_label(game, "winner declaration met: 40"), content_label(game, "rest")
    ('declarations, winners: met 40 SP', 'turns: rest')
    >>> content_label(game, "winner declaration met: 40", "ru")
    'заявки, победители: выполнена 40 очков умений'
    >>> content_label(game, "card played: ly-green-01").startswith("card played by a winner: «")
    True
    """
    ru = lang == "ru"
    tables = game.rule_context
    if key in _REGROUPED:
        return _REGROUPED[key][ru]
    prefix, sep, item = key.partition(": ")
    if not sep:
        return key
    declaration = _DECLARATIONS.get(prefix)
    if declaration is not None:
        met = _MET[prefix.rsplit(" ", 1)[-1]][ru]
        return f"{declaration[ru]}: {met} {item} {'очков умений' if ru else 'SP'}"
    named = _PREFIXES.get(prefix, (prefix, prefix))[ru]
    if "character" in prefix:
        return f"{named}: {character_name(tables, item, lang)}"
    if "card" in prefix:
        return f"{named}: {_title(tables, item, ru)}"
    if prefix == "draw" and ru:
        colour = CARD_COLOURS_RU.get(item)
        return f"{named}: {colour.nom if colour is not None else item}"
    return f"{named}: {item}"


def group_label(game: Lyceum, grouping: str, label: str, lang: str = "en") -> str:
    """A grouping of :func:`seat_groups` (``label=""``), or one of its labels, in ``lang``.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> group_label(game, "character", "", "ru"), group_label(game, "character", "Lev", "ru")
    ('персонаж', 'Лев')
    """
    ru = lang == "ru"
    if not label:
        return "персонаж" if ru and grouping == "character" else grouping
    if not ru:
        return label
    for character in game.rule_context.content.characters:
        if character.name_en == label:
            return character.name_ru
    return label


#: Per kind of event, its label in English and in Russian: a template over the event's
#: fields, each in the label's language (:func:`_words`).
_EVENTS: Mapping[type, tuple[str, str]] = {
    PointChosen: ("Seat {seat}: +1 SP to {skill}", "Игрок {seat}: +1 SP, {skill}"),
    PointMoved: ("Seat {seat} moves 1 SP: {source} → {target}",
                 "Игрок {seat} переносит 1 SP: {source} → {target}"),
    CardDrawn: ("Seat {seat} draws a {colour} card: {card}",
                "Игрок {seat} тянет {colour} карту: {card}"),
    CardDiscarded: ("Seat {seat} discards {card}", "Игрок {seat} сбрасывает карту {card}"),
    CardDeferred: ("Seat {seat} defers {card}", "Игрок {seat} откладывает карту {card}"),
    DeferredExpired: ("Seat {seat}'s deferred card {card} goes to the discard pile",
                      "Отложенная карта {card} игрока {seat} уходит в отбой"),
    Rested: ("Seat {seat} rests: +1 energy, +1 SP of choice, up to {moves} SP to move",
             "Игрок {seat} отдыхает: +1 энергия, +1 SP на выбор, перенести до {moves} SP"),
    ExperienceShared: ("Seat {seat} shares experience: +{amount} XP to every other seat",
                       "Игрок {seat} делится опытом: остальным по +{amount} XP"),
    LevelReached: ("Seat {seat} reaches level {level}", "Игрок {seat} достигает уровня {level}"),
    TurnOrderSet: ("Seat {first} moves first; order: {order}",
                   "Первым ходит игрок {first}; порядок: {order}"),
    RoundStarted: ("Round {round}, age {age}: {epoch}",
                   "Раунд {round}, возраст {age}: {epoch}"),
}


def _words(game: Tables, event: Event, ru: bool) -> dict[str, object]:
    """The fields of ``event`` as its label shows them: a skill, an epoch and a colour by
    name (a colour in the accusative in Russian), a card by its title, an order of seats
    with arrows."""
    words: dict[str, object] = {}
    for name, value in attrs.asdict(event, recurse=False).items():
        if isinstance(value, Skill):
            value = value.name_ru if ru else value.value
        elif isinstance(value, Epoch):
            value = value.name_ru if ru else value.name_en
        elif isinstance(value, Colour):
            value = CARD_COLOURS_RU[value.value].acc if ru else value.value
        elif name == "card":
            value = _title(game, value, ru)
        elif name == "order":
            value = " → ".join(map(str, value))
        words[name] = value
    return words


def describe_event(game: Tables, event: Event, lang: str = "en") -> str:
    """See :meth:`Game.describe_event`."""
    ru = lang == "ru"
    if isinstance(event, CardPlayed):
        title = _title(game, event.card, ru)
        if ru:
            which = "отложенную карту" if event.deferred else "карту"
            return f"Игрок {event.seat} играет {which} {title}: +{event.xp} XP"
        which = "the deferred card " if event.deferred else ""
        return f"Seat {event.seat} plays {which}{title}: +{event.xp} XP"
    if isinstance(event, DeclarationMade):
        return _declaration(event, ru)
    if isinstance(event, EffectStarted):
        return _effect(game, event, ru)
    if isinstance(event, GameEnded):
        seats = ", ".join(map(str, event.winners))
        one = len(event.winners) == 1
        if ru:
            return f"Игра окончена: {'победил игрок' if one else 'победили игроки'} {seats}"
        return f"Game over: seat {seats} wins" if one else f"Game over: seats {seats} share the win"
    return _EVENTS[type(event)][ru].format(**_words(game, event, ru))


def _declaration(event: DeclarationMade, ru: bool) -> str:
    declaration = event.declaration
    seat = event.seat
    if declaration is None:
        return f"Игрок {seat} не делает заявку" if ru else f"Seat {seat} makes no declaration"
    if declaration == HIDDEN:
        if ru:
            return f"Игрок {seat}: решение о заявке принято (скрыто)"
        return f"Seat {seat} has settled its declaration (hidden)"
    parts = ", ".join(
        f"{skill.name_ru if ru else skill.value} {value}"
        for skill, value in zip(SKILLS, declaration, strict=False)
    )
    total = sum(declaration)
    if ru:
        return f"Игрок {seat} заявляет {total} SP: {parts}"
    return f"Seat {seat} declares {total} SP: {parts}"


def _effect(game: Tables, event: EffectStarted, ru: bool) -> str:
    title = _title(game, event.card, ru)
    others = event.target is Target.OTHERS
    if event.kind is SpecialKind.REST_MOVES:
        if ru:
            whom = f"всех, кроме игрока {event.seat}" if others else f"игрока {event.seat}"
            return f"{title}: до конца эпохи отдых {whom} — до {event.amount} SP"
        whom = f"every seat but {event.seat}" if others else f"seat {event.seat}"
        return (
            f"{title}: until the end of the epoch, a rest of {whom} moves up to "
            f"{event.amount} SP"
        )
    if ru:  # not a lasting kind in our vocabulary; kept readable all the same
        return f"{title}: эффект {event.kind.value} {event.amount} до конца эпохи"
    return f"{title}: effect {event.kind.value} {event.amount} until the end of the epoch"
