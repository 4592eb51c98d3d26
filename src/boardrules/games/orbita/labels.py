"""Short English and Russian labels for Orbita actions and events, for buttons and log lines.

A character is named by its role, its specialisation and its copy (``Hosts' Sage 2`` /
``Умник Хозяев 2``) and a resource by its name in the label's language, so the English and
Russian label of the same item always differ.

>>> from boardrules.games.orbita import Amount, Game, Gift, Resource
>>> ctx = Game().rule_context
>>> describe_action(ctx, Gift(Resource.FOOD, "hosts-sage-1"), "ru")
'Подарить 1 ед. Еды персонажу «Умник Хозяев 1»'
>>> describe_action(ctx, Gift(Resource.WAY, "hosts-sage-1", Amount.ALL))
"Give all Ways to Hosts' Sage 1"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import get_args

from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import BOOSTS, Resource, Role, Spec, parse_card
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import (
    Boosted,
    CharacterDrawn,
    CharacterFired,
    CharacterHired,
    CorporationCollapsed,
    CorporationFormed,
    EnterpriseCollapsed,
    EnterpriseFormed,
    Event,
    GameEnded,
    GiftGiven,
    HostShielded,
    OfferAccepted,
    OfferAnswered,
    OfferDeclined,
    OfferMade,
    OfferReinforced,
    OfferSeized,
    PhaseStarted,
    StructureFed,
    WarriorDirected,
    WarriorReleased,
)
from boardrules.games.orbita.state import Answer, Phase, State
from boardrules.games.orbita.table import CORPORATION, ENTERPRISE, LONE
from boardrules.i18n import RESOURCES_RU, SPECS_RU

__all__ = [
    "card_name",
    "content_label",
    "describe_action",
    "describe_event",
    "event_rule",
    "event_rules",
    "group_label",
    "resource_name",
    "seat_groups",
]

_ROLE_EN: Mapping[Role, str] = {
    Role.LEADER: "Leader",
    Role.MASTER: "Master",
    Role.SAGE: "Sage",
    Role.BARD: "Bard",
}
_RESOURCE_EN: Mapping[Resource, tuple[str, str]] = {
    Resource.TERRITORY: ("Territory", "Territory"),
    Resource.FOOD: ("Food", "Food"),
    Resource.WAY: ("Way", "Ways"),
    Resource.ADVICE: ("Advice", "Advice"),
}
_PHASE: Mapping[Phase, tuple[str, str]] = {
    Phase.ATTRACTION: ("attraction", "привлечение"),
    Phase.PRODUCTION: ("production", "производство"),
    Phase.TRADE: ("trade", "торг"),
    Phase.HIRING: ("hiring", "найм и добывание еды"),
    Phase.DEVELOPMENT: ("development", "развитие"),
    Phase.CONSUMPTION: ("consumption", "потребление"),
    Phase.SAVING: ("saving", "сохранение"),
}
#: The answer buttons (ORB-12).
_ANSWER_ACTION: Mapping[Answer, tuple[str, str]] = {
    Answer.DECLINE: ("Decline", "Отказаться"),
    Answer.SEIZE: ("Seize the offer", "Отобрать"),
    Answer.ACCEPT: ("Accept", "Согласиться"),
}
#: The answer in a log line: «Seat 1 answers for …: decline» / «Игрок 1 за «…»: отказ».
_ANSWER_EVENT: Mapping[Answer, tuple[str, str]] = {
    Answer.DECLINE: ("decline", "отказ"),
    Answer.SEIZE: ("seize", "захват"),
    Answer.ACCEPT: ("accept", "согласие"),
}


def card_name(card: str, lang: str = "en") -> str:
    """A character's readable name: role, specialisation and copy.

    An id that is not a character card (only in hand-made events) is shown as it is.

    >>> card_name("warriors-leader-2"), card_name("warriors-leader-2", "ru")
    ("Warriors' Leader 2", 'Лидер Воинов 2')
    """
    parsed = parse_card(card)
    if parsed is None:
        return card
    spec, role, copy = parsed
    if lang == "ru":
        return f"{role.name_ru} {SPECS_RU[spec.value].gen} {copy}"
    return f"{spec.name_en}' {_ROLE_EN[role]} {copy}"


def resource_name(resource: Resource, lang: str = "en", units: int = 1) -> str:
    """A resource's name; in English the plural for ``units`` other than 1 (``Ways``)."""
    if lang == "ru":
        return resource.name_ru
    return _RESOURCE_EN[resource][0 if units == 1 else 1]


def _q(card: str, ru: bool) -> str:
    """A character's name, in «quotes» in Russian (the name does not decline)."""
    return f"«{card_name(card, 'ru')}»" if ru else card_name(card)


def _units(resource: Resource, units: int, ru: bool) -> str:
    """``3 Food`` / ``3 ед. Еды`` (the abbreviation fits every number; the genitive)."""
    if ru:
        return f"{units} ед. {RESOURCES_RU[resource.value].gen}"
    return f"{units} {resource_name(resource, 'en', units)}"


def _amount(resource: Resource, amount: Amount, ru: bool) -> str:
    """``1 Food`` / ``all Food`` in English, ``1 ед. Еды`` / ``все единицы Еды`` in Russian."""
    if amount is Amount.ONE:
        return _units(resource, 1, ru)
    if ru:
        return f"все единицы {RESOURCES_RU[resource.value].gen}"
    return f"all {resource_name(resource, 'en', 2)}"


def describe_action(ctx: Context, action: Action, lang: str = "en") -> str:
    """See :meth:`Game.describe_action`."""
    ru = lang == "ru"
    if isinstance(action, DrawCharacter):
        return "Открыть персонажа из колоды" if ru else "Draw a character"
    if isinstance(action, TakeFromMarket):
        if ru:
            return f"Привлечь {_q(action.card, ru)} с рынка труда"
        return f"Take {_q(action.card, ru)} from the labour market"
    if isinstance(action, Gift):
        what = _amount(action.resource, action.amount, ru)
        if ru:
            return f"Подарить {what} персонажу {_q(action.to, ru)}"
        return f"Give {what} to {_q(action.to, ru)}"
    if isinstance(action, Boost):
        parsed = parse_card(action.card)
        if parsed is None:
            one = action.amount is Amount.ONE
            if ru:
                return f"Ускорить {_q(action.card, ru)} ({'на единицу' if one else 'всем'})"
            return f"Boost {_q(action.card, ru)} ({'one unit' if one else 'everything'})"
        what = _amount(BOOSTS[parsed[0]][0], action.amount, ru)
        if ru:
            return f"Ускорить {_q(action.card, ru)}: {what}"
        return f"Boost {_q(action.card, ru)} with {what}"
    if isinstance(action, MakeOffer):
        parsed = parse_card(action.offerer)
        if ru:
            what = RESOURCES_RU[parsed[0].resource.value].acc if parsed is not None else "козырь"
            return (
                f"Предложить {what}: {_q(action.offerer, ru)} → {_q(action.target, ru)}"
            )
        what = resource_name(parsed[0].resource) if parsed is not None else "the trump"
        return f"Offer {what} from {_q(action.offerer, ru)} to {_q(action.target, ru)}"
    if isinstance(action, AnswerOffer):
        return _ANSWER_ACTION[action.answer][1 if ru else 0]
    if isinstance(action, Reinforce):
        if action.amount is Amount.ONE:
            return "Усилить предложение на 1" if ru else "Reinforce the offer by 1"
        if ru:
            return "Усилить предложение всем, что есть"
        return "Reinforce the offer with everything at hand"
    if isinstance(action, Shield):
        return _shield(ctx, action.hero, ru)
    if isinstance(action, FormCorporation):
        suit = action.suit
        if ru:
            return f"Создать корпорацию «{suit.corporation_ru}»"
        return f"Form a corporation: {suit.corporation}"
    if isinstance(action, AllocateFood):
        if ru:
            return f"Накормить первым {_q(action.card, ru)}"
        return f"Feed {_q(action.card, ru)} first"
    return "Пас" if ru else "Pass"


def _shield(ctx: Context, hero: str, ru: bool) -> str:
    """A shield's label, with the Way it spends (ORB-15's fact ``shield_cost``) for a lone
    Host and for a Workshop."""
    if "shield_cost" not in ctx.facts:  # (a variant without ORB-15 never shields)
        return f"Защитить Хозяев: {_q(hero, ru)}" if ru else f"Shield the Hosts: {_q(hero, ru)}"
    lone, workshop = (ctx.facts.shield_cost(ctx, size) for size in (LONE, ENTERPRISE))
    if ru:
        return (f"Защитить Хозяев: {_q(hero, ru)} тратит {lone} ед. Способа за одиночного "
                f"Хозяина (за Цех — {workshop})")
    return (f"Shield the Hosts: {_q(hero, ru)} spends {_units(Resource.WAY, lone, ru)} for a "
            f"lone Host ({workshop} for a Workshop)")


def _structure(ctx: Context, card: str, food: int, ru: bool) -> str:
    """What a :class:`StructureFed` fed: a character, an enterprise or a corporation (by
    what it ate, ORB-19's fact ``eats``)."""
    eats = ctx.facts.eats
    if food != eats(ctx, LONE):
        if food == eats(ctx, ENTERPRISE):
            return f"предприятие {_q(card, ru)}" if ru else f"the enterprise of {_q(card, ru)}"
        if food == eats(ctx, CORPORATION):
            return f"корпорацию {_q(card, ru)}" if ru else f"the corporation of {_q(card, ru)}"
    return _q(card, ru)


def describe_event(ctx: Context, event: Event, lang: str = "en") -> str:
    """See :meth:`Game.describe_event`."""
    ru = lang == "ru"
    if isinstance(event, PhaseStarted):
        en_phase, ru_phase = _PHASE[event.phase]
        if ru:
            return f"Раунд {event.round}: {ru_phase}"
        return f"Round {event.round}: {en_phase}"
    if isinstance(event, CharacterDrawn):
        card = _q(event.card, ru)
        if ru:
            where = "в команду" if event.joined else "на рынок труда"
            return f"Игрок {event.seat} открывает {card}: {where}"
        where = "joins a team" if event.joined else "goes to the labour market"
        return f"Seat {event.seat} draws {card}, who {where}"
    if isinstance(event, CharacterHired):
        if ru:
            return f"Игрок {event.seat} привлекает {_q(event.card, ru)} с рынка труда"
        return f"Seat {event.seat} hires {_q(event.card, ru)} from the labour market"
    if isinstance(event, GiftGiven):
        what = _units(event.resource, event.amount, ru)
        if ru:
            return (
                f"Игрок {event.seat}: {_q(event.giver, ru)} дарит {what} "
                f"персонажу {_q(event.to, ru)}"
            )
        return f"Seat {event.seat}: {_q(event.giver, ru)} gives {what} to {_q(event.to, ru)}"
    if isinstance(event, Boosted):
        parsed = parse_card(event.card)
        spent = _units(event.spent, event.amount, ru)
        if parsed is None:
            gained = f"+{event.gained}"
        else:
            gained = _units(parsed[0].resource, event.gained, ru)
        if ru:
            return f"{_q(event.card, ru)} ускоряется: {spent} → {gained}"
        return f"{_q(event.card, ru)} boosts: {spent} → {gained}"
    if isinstance(event, OfferMade):
        what = _units(event.resource, event.units, ru)
        if ru:
            return (
                f"Игрок {event.seat} предлагает {what}: "
                f"{_q(event.offerer, ru)} → {_q(event.target, ru)}"
            )
        return (
            f"Seat {event.seat} offers {what} from {_q(event.offerer, ru)} "
            f"to {_q(event.target, ru)}"
        )
    if isinstance(event, OfferAnswered):
        en_answer, ru_answer = _ANSWER_EVENT[event.answer]
        target = _q(event.target, ru)
        if event.seat is None:
            if ru:
                return f"Рынок труда за {target}: {ru_answer}"
            return f"The labour market answers for {target}: {en_answer}"
        if ru:
            return f"Игрок {event.seat} за {target}: {ru_answer}"
        return f"Seat {event.seat} answers for {target}: {en_answer}"
    if isinstance(event, OfferReinforced):
        if ru:
            return (
                f"Игрок {event.seat} усиливает предложение на {event.units}: "
                f"всего {event.total}"
            )
        return f"Seat {event.seat} reinforces by {event.units}: the offer stands at {event.total}"
    if isinstance(event, OfferDeclined):
        if ru:
            return (
                f"Предложение персонажу {_q(event.target, ru)} отклонено: "
                f"сброшено {event.units} ед."
            )
        return f"The offer to {_q(event.target, ru)} is declined: {event.units} discarded"
    if isinstance(event, OfferSeized):
        if ru:
            return f"{_q(event.target, ru)} отбирает предложение: забирает {event.units} ед."
        return f"{_q(event.target, ru)} seizes the offer and keeps {event.units}"
    if isinstance(event, OfferAccepted):
        what = _units(event.resource, event.units, ru)
        target, offerer = _q(event.target, ru), _q(event.offerer, ru)
        if ru:
            fed = f"; отложено на еду: {event.fed}" if event.fed else ""
            return f"{target} соглашается: {what} → {offerer}{fed}"
        fed = f"; {event.fed} Food set aside to eat" if event.fed else ""
        return f"{target} accepts: {what} go to {offerer}{fed}"
    if isinstance(event, WarriorDirected):
        if ru:
            return f"Жрецы игрока {event.seat} направляют {_q(event.card, ru)} до конца раунда"
        return f"Seat {event.seat}'s Priests direct {_q(event.card, ru)} this round"
    if isinstance(event, WarriorReleased):
        if ru:
            return f"Жрецы игрока {event.seat} отпускают {_q(event.card, ru)}"
        return f"Seat {event.seat}'s Priests release {_q(event.card, ru)}"
    if isinstance(event, HostShielded):
        food = _units(Resource.FOOD, event.food, ru)
        if ru:
            return f"{_q(event.hero, ru)} защищает {_q(event.host, ru)} и забирает {food}"
        return f"{_q(event.hero, ru)} shields {_q(event.host, ru)} and takes {food}"
    if isinstance(event, EnterpriseFormed):
        if ru:
            return (
                f"Игрок {event.seat}: команда {_q(event.leader, ru)} создаёт предприятие "
                f"«{event.spec.enterprise_ru}»"
            )
        return (
            f"Seat {event.seat}: the team of {_q(event.leader, ru)} forms an enterprise, "
            f"the {event.spec.enterprise}"
        )
    if isinstance(event, CorporationFormed):
        if ru:
            return f"Игрок {event.seat} создаёт корпорацию «{event.suit.corporation_ru}»"
        return f"Seat {event.seat} forms a corporation: {event.suit.corporation}"
    if isinstance(event, StructureFed):
        what = _structure(ctx, event.card, event.food, ru)
        food = _units(Resource.FOOD, event.food, ru)
        if ru:
            return f"Игрок {event.seat} кормит {what}: {food}"
        return f"Seat {event.seat} feeds {what}: {food}"
    if isinstance(event, EnterpriseCollapsed):
        if ru:
            return (
                f"Игрок {event.seat}: предприятие {_q(event.leader, ru)} не накормлено "
                "и распадается"
            )
        return (
            f"Seat {event.seat}: the enterprise of {_q(event.leader, ru)} goes unfed "
            "and breaks up"
        )
    if isinstance(event, CorporationCollapsed):
        if ru:
            return (
                f"Игрок {event.seat}: корпорация «{event.suit.corporation_ru}» не накормлена "
                "и распадается"
            )
        return f"Seat {event.seat}: the {event.suit.corporation} goes unfed and breaks up"
    if isinstance(event, CharacterFired):
        if ru:
            return f"{_q(event.card, ru)} уходит от игрока {event.seat} на рынок труда"
        return f"{_q(event.card, ru)} leaves seat {event.seat} for the labour market"
    if isinstance(event, GameEnded):
        if ru:
            why = "корпорация выжила" if event.reason == "corporation" else "раунды закончились"
            return f"Игра окончена после раунда {event.round}: {why}"
        why = "a corporation has survived" if event.reason == "corporation" else "the last round"
        return f"The game ends after round {event.round}: {why}"
    raise TypeError(f"{event!r} is not an Orbita event")


#: The rule ID behind each kind of event; a hire (a take in attraction or an accepted offer)
#: and a firing (hunger or the Leader limit) have more than one cause and are not attributed.
_EVENT_RULES: Mapping[type, str] = {
    PhaseStarted: "ORB-6",
    CharacterDrawn: "ORB-7",
    GiftGiven: "ORB-10",
    Boosted: "ORB-3",
    OfferMade: "ORB-11",
    OfferAnswered: "ORB-12",
    OfferDeclined: "ORB-12",
    OfferSeized: "ORB-12",
    OfferAccepted: "ORB-12",
    OfferReinforced: "ORB-14",
    HostShielded: "ORB-15",
    WarriorDirected: "ORB-16",
    WarriorReleased: "ORB-16",
    EnterpriseFormed: "ORB-17",
    CorporationFormed: "ORB-18",
    StructureFed: "ORB-19",
    EnterpriseCollapsed: "ORB-19",
    CorporationCollapsed: "ORB-19",
    GameEnded: "ORB-22",
}


def event_rule(game: object, event: Event) -> str | None:
    """The rule ID behind ``event``, for balance reports (``None`` when several rules can
    cause it).

    >>> from boardrules.games.orbita import Spec
    >>> event_rule(None, CorporationFormed(seat=0, suit=Spec.HOSTS))
    'ORB-18'
    """
    return _EVENT_RULES.get(type(event))


def event_rules(game: object) -> dict[type, str | None]:
    """The rule ID behind every event of a class (``None`` when several rules can cause
    it): what :func:`event_rule` answers, for every class.

    >>> event_rules(None)[CorporationFormed]
    'ORB-18'
    """
    return {kind: _EVENT_RULES.get(kind) for kind in get_args(Event)}


def seat_groups(game: object, state: State) -> dict[str, tuple[str, ...]]:
    """Each seat's starting specialisation (its first Leader's, ORB-5), for win rates.

    >>> from boardrules.games import orbita
    >>> game = orbita.Game()
    >>> seat_groups(game, game.new(seed=1, players=2))["starting specialisation"]
    ('Hosts', 'Warriors')
    """
    specs = []
    for seat in state.seats:
        parsed = parse_card(seat.teams[0].leader) if seat.teams else None
        specs.append(parsed[0].name_en if parsed is not None else "none")
    return {"starting specialisation": tuple(specs)}


def group_label(game: object, grouping: str, label: str, lang: str = "en") -> str:
    """A grouping of :func:`seat_groups` (``label=""``), or one of its labels, in ``lang``.

    >>> group_label(None, "starting specialisation", "", "ru")
    'начальная специализация'
    >>> group_label(None, "starting specialisation", "Hosts", "ru")
    'Хозяева'
    """
    if lang != "ru":
        return label or grouping
    if not label:
        return "начальная специализация" if grouping == "starting specialisation" else grouping
    for spec in Spec:
        if spec.name_en == label:
            return str(spec.name_ru)
    return "нет" if label == "none" else label


def content_label(game: object, key: str, lang: str = "en") -> str:
    """A tally key (an event tag such as ``character_hired``) as words.

    >>> content_label(None, "offer_seized")
    'offers seized'
    """
    return _TALLY.get(key, (key, key))[1 if lang == "ru" else 0]


_TALLY: Mapping[str, tuple[str, str]] = {
    "enterprise_formed": ("enterprises formed", "создано предприятий"),
    "corporation_formed": ("corporations formed", "создано корпораций"),
    "enterprise_collapsed": ("enterprises broken up", "распалось предприятий"),
    "corporation_collapsed": ("corporations broken up", "распалось корпораций"),
    "character_hired": ("characters hired", "привлечено персонажей"),
    "character_fired": ("characters gone to the market", "ушло на рынок персонажей"),
    "offer_declined": ("offers declined", "отклонено предложений"),
    "offer_seized": ("offers seized", "отобрано предложений"),
    "offer_accepted": ("offers accepted", "принято предложений"),
    "host_shielded": ("Hosts shielded", "защищено Хозяев"),
    "warrior_directed": ("Warriors directed", "направлено Воинов"),
}
