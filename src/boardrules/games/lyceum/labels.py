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
from boardrules.games.lyceum.content import SKILLS, Colour, Epoch, SpecialKind, Tables, Target
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
    LevelReached,
    PointChosen,
    PointMoved,
    Rested,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.state import HIDDEN

__all__ = ["describe_action", "describe_event"]

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

_EPOCH_EN = {Epoch.LYCEUM: "Lyceum", Epoch.UNIVERSITY: "University", Epoch.ADULT: "Adult life"}
#: Colours in the accusative, for «тянет зелёную карту».
_COLOUR_ACC_RU = {Colour.GREEN: "зелёную", Colour.YELLOW: "жёлтую", Colour.RED: "красную"}


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
        return f"Взять карту: {colour.name_ru}" if ru else f"Draw a {colour.value} card"
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


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seats)


def describe_event(game: Tables, event: Event, lang: str = "en") -> str:
    """See :meth:`Game.describe_event`."""
    ru = lang == "ru"
    if isinstance(event, PointChosen):
        chosen = event
        if ru:
            return f"Игрок {chosen.seat}: +1 SP, {chosen.skill.name_ru}"
        return f"Seat {chosen.seat}: +1 SP to {chosen.skill.value}"
    if isinstance(event, PointMoved):
        moved = event
        if ru:
            return (
                f"Игрок {moved.seat} переносит 1 SP: "
                f"{moved.source.name_ru} → {moved.target.name_ru}"
            )
        return f"Seat {moved.seat} moves 1 SP: {moved.source.value} → {moved.target.value}"
    if isinstance(event, CardDrawn):
        drawn = event
        title = _title(game, drawn.card, ru)
        if ru:
            return f"Игрок {drawn.seat} тянет {_COLOUR_ACC_RU[drawn.colour]} карту: {title}"
        return f"Seat {drawn.seat} draws a {drawn.colour.value} card: {title}"
    if isinstance(event, CardPlayed):
        played = event
        title = _title(game, played.card, ru)
        if ru:
            which = "отложенную карту" if played.deferred else "карту"
            return f"Игрок {played.seat} играет {which} {title}: +{played.xp} XP"
        which = "the deferred card " if played.deferred else ""
        return f"Seat {played.seat} plays {which}{title}: +{played.xp} XP"
    if isinstance(event, CardDiscarded):
        discarded = event
        title = _title(game, discarded.card, ru)
        if ru:
            return f"Игрок {discarded.seat} сбрасывает карту {title}"
        return f"Seat {discarded.seat} discards {title}"
    if isinstance(event, CardDeferred):
        deferred = event
        title = _title(game, deferred.card, ru)
        if ru:
            return f"Игрок {deferred.seat} откладывает карту {title}"
        return f"Seat {deferred.seat} defers {title}"
    if isinstance(event, DeferredExpired):
        expired = event
        title = _title(game, expired.card, ru)
        if ru:
            return f"Отложенная карта {title} игрока {expired.seat} уходит в отбой"
        return f"Seat {expired.seat}'s deferred card {title} goes to the discard pile"
    if isinstance(event, Rested):
        rested = event
        if ru:
            return (
                f"Игрок {rested.seat} отдыхает: +1 энергия, +1 SP на выбор, "
                f"перенести до {rested.moves} SP"
            )
        return (
            f"Seat {rested.seat} rests: +1 energy, +1 SP of choice, "
            f"up to {rested.moves} SP to move"
        )
    if isinstance(event, ExperienceShared):
        shared = event
        if ru:
            return f"Игрок {shared.seat} делится опытом: остальным по +{shared.amount} XP"
        return f"Seat {shared.seat} shares experience: +{shared.amount} XP to every other seat"
    if isinstance(event, LevelReached):
        level = event
        if ru:
            return f"Игрок {level.seat} достигает уровня {level.level}"
        return f"Seat {level.seat} reaches level {level.level}"
    if isinstance(event, DeclarationMade):
        return _declaration(event, ru)
    if isinstance(event, TurnOrderSet):
        order = event
        sequence = " → ".join(str(s) for s in order.order)
        if ru:
            return f"Первым ходит игрок {order.first}; порядок: {sequence}"
        return f"Seat {order.first} moves first; order: {sequence}"
    if isinstance(event, RoundStarted):
        started = event
        if ru:
            return f"Раунд {started.round}, возраст {started.age}: {started.epoch.name_ru}"
        return f"Round {started.round}, age {started.age}: {_EPOCH_EN[started.epoch]}"
    if isinstance(event, EffectStarted):
        return _effect(game, event, ru)
    ended = event
    winners = ended.winners
    if ru:
        if len(winners) == 1:
            return f"Игра окончена: победил игрок {winners[0]}"
        return f"Игра окончена: победили игроки {_seats(winners)}"
    if len(winners) == 1:
        return f"Game over: seat {winners[0]} wins"
    return f"Game over: seats {_seats(winners)} share the win"


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
