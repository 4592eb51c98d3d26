"""The English and Russian sentences for every Orbita violation code."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from boardrules.core.violation import (
    Lang,
    MessageCatalog,
    ParamValue,
    register_messages,
    register_steps,
)
from boardrules.games.orbita.content import Resource, Spec
from boardrules.games.orbita.labels import card_name, resource_name
from boardrules.i18n import RESOURCES_RU, SPECS_RU, Case, plural_ru

__all__ = ["CATALOG", "KINDS", "STEPS"]

Render = Callable[[Mapping[str, ParamValue], Lang], str]


def _resource(value: ParamValue, case: Case) -> str:
    term = RESOURCES_RU.get(str(value))
    return str(value) if term is None else term[case]


def _resource_en(value: ParamValue) -> str:
    try:
        return resource_name(Resource(value), "en", 2)
    except ValueError:
        return str(value)


def _spec_en(value: ParamValue) -> str:
    try:
        return Spec(value).name_en
    except ValueError:
        return str(value)


def _spec(value: ParamValue, case: Case) -> str:
    term = SPECS_RU.get(str(value))
    return str(value) if term is None else term[case]


def _named(en: str, ru: str, cards: tuple[str, ...] = ("card",)) -> Render:
    """A template whose character parameters are shown by name, in quotes in Russian."""

    def render(p: Mapping[str, ParamValue], lang: Lang) -> str:
        values = dict(p)
        for key in cards:
            name = card_name(str(p.get(key)), lang)
            values[key] = f"«{name}»" if lang == "ru" else name
        return (ru if lang == "ru" else en).format(**values)

    return render


def _int(value: ParamValue) -> int:
    return value if isinstance(value, int) else 0


def _of_characters(value: ParamValue) -> str:
    """``из 1 персонажа``, ``из 4 персонажей`` (the genitive after «из»)."""
    return plural_ru(_int(value), "персонажа", "персонажей", "персонажей")


CATALOG: MessageCatalog = {
    "unknown_character": (
        "There is no character «{card}» on the table.",
        "На столе нет персонажа «{card}».",
    ),
    "deck_empty": ("The character deck is empty.", "Колода персонажей пуста."),
    "already_drew": (
        "Seat {seat} has already drawn this round.",
        "Игрок {seat} уже открывал персонажа в этот кон.",
    ),
    "already_took": (
        "Seat {seat} has already taken a character from the market this round.",
        "Игрок {seat} уже привлёк персонажа с рынка в этот кон.",
    ),
    "needs_bard": (
        "Only a seat with a Bard may both draw and take from the market.",
        "Открыть карту и привлечь с рынка одновременно можно только с Бардом.",
    ),
    "not_on_market": _named(
        "{card} is not on the labour market.",
        "Персонажа {card} нет на рынке труда.",
    ),
    "cannot_join": _named(
        "{card} fits no team of seat {seat} (wrong specialisation or role taken).",
        "Персонажу {card} нет места в командах игрока {seat}.",
    ),
    "leader_limit": (
        "Seat {seat} may hold no more Leaders until a Leader forms an enterprise.",
        "Игрок {seat} не может привлечь нового Лидера, пока прежний не создал предприятие.",
    ),
    "not_your_character": _named(
        "{card} is not a character seat {seat} controls.",
        "Персонаж {card} не подчиняется игроку {seat}.",
    ),
    "boost_needs_own": _named(
        "{card} holds none of its own resource this round, so nothing can be boosted.",
        "У персонажа {card} нет своего ресурса в этот кон — ускорять нечего.",
    ),
    "no_booster": lambda p, lang: (
        f"У персонажа «{card_name(str(p['card']), lang)}» нет {_resource(p['resource'], 'gen')} "
        "для ускорения." if lang == "ru"
        else f"{card_name(str(p['card']))} holds no {_resource_en(p['resource'])} to boost with."
    ),
    "nothing_to_give": lambda p, lang: (
        f"У игрока {p['seat']} нет {_resource(p['resource'], 'gen')}, чтобы подарить."
        if lang == "ru" else f"Seat {p['seat']} has no {_resource_en(p['resource'])} it may give."
    ),
    "gift_to_market": _named(
        "Gifts never go to a labour-market character ({card}).",
        "Персонажам на рынке труда ({card}) ничего не дарят.",
    ),
    "support_sides": (
        "During an offer, gifts go only to the offering or the answering seat.",
        "Во время найма дарить можно только одной из сторон.",
    ),
    "not_trump": lambda p, lang: (
        f"Ресурс персонажа «{card_name(str(p['offerer']), lang)}» — козырь только против "
        f"{_spec(p['trumps'], 'gen')}, а не против «{card_name(str(p['card']), lang)}»."
        if lang == "ru"
        else f"{card_name(str(p['offerer']))}'s resource is the trump over "
        f"{_spec_en(p['trumps'])}, not over {card_name(str(p['card']))}."
    ),
    "own_target": _named(
        "An offer goes to the labour market or another seat, not to {card}.",
        "Предложение делают рынку труда или другому игроку, а не персонажу {card}.",
    ),
    "whole_structure": _named(
        "{card} belongs to a larger structure; make the offer to it whole, through {name}.",
        "{card} входит в структуру; предложение делают ей целиком, через {name}.",
        ("card", "name"),
    ),
    "smaller_structure": lambda p, lang: (
        f"Структура из {_of_characters(p['size'])} не может влиять на структуру из "
        f"{_of_characters(p['target_size'])}." if lang == "ru"
        else f"A structure of {p['size']} cannot make offers to a structure of "
        f"{p['target_size']}."
    ),
    "advice_alone": lambda p, lang: (
        f"У Воинов «{card_name(str(p['card']), lang)}» нет Территории: предложение делают "
        "производимым ресурсом, а Советы только дополняют его." if lang == "ru"
        else f"{card_name(str(p['card']))} holds no Territory: an offer is made with the "
        "resource one produces, and Advice only adds to it."
    ),
    "not_enough_units": (
        "This needs {needed} units and only {available} are at hand.",
        "Нужно {needed} ед. ресурса, а в наличии только {available}.",
    ),
    "step_limit": lambda p, lang: (
        f"Игрок {p['seat']} исчерпал предел фазы: "
        f"{plural_ru(_int(p['limit']), 'действие', 'действия', 'действий')}."
        if lang == "ru" else f"Seat {p['seat']} has used its {p['limit']} actions for this phase."
    ),
    "cannot_decline": lambda p, lang: (
        f"Для отказа нужно {p['units']} ед. {_resource(p['resource'], 'gen')}, "
        f"а у отвечающего {p['held']}." if lang == "ru"
        else f"Declining needs {p['units']} {_resource_en(p['resource'])} and the responder "
        f"holds {p['held']}."
    ),
    "cannot_seize": lambda p, lang: (
        f"Чтобы отобрать, нужно {p['units']} ед. {_resource(p['resource'], 'gen')}, "
        f"а у отвечающего {p['held']}." if lang == "ru"
        else f"Seizing needs {p['units']} {_resource_en(p['resource'])} and the responder "
        f"holds {p['held']}."
    ),
    "reinforce_limit": lambda p, lang: (
        f"Предложение можно усилить не более {plural_ru(_int(p['limit']), 'раза', 'раз', 'раз')}."
        if lang == "ru" else f"An offer may be reinforced at most {p['limit']} times."
    ),
    "shield_needs_warriors": (
        "A shield only answers a Warriors' offer to Hosts.",
        "Защита возможна только от предложения Воинов Хозяевам.",
    ),
    "not_a_hero": _named(
        "Only a Hero can shield ({card} is not one).", "Защищает только Герой.",
    ),
    "no_way": _named(
        "{card} holds no Way to shield with.", "У персонажа {card} нет Способа для защиты.",
    ),
    "host_protected": (
        "The Host holds Territory given for its protection; no shield is possible.",
        "Хозяину подарена Территория для защиты; защитить его Героем нельзя.",
    ),
    "responder_shields": (
        "The answering seat cannot shield: during an offer it only answers with its resources.",
        "Отвечающий не может защищать: пока идёт предложение, он только отвечает ресурсами.",
    ),
    "shield_smaller": lambda p, lang: (
        f"Структура из {_of_characters(p['size'])} не может защитить структуру из "
        f"{_of_characters(p['target_size'])}." if lang == "ru"
        else f"A structure of {p['size']} cannot shield a structure of {p['target_size']}."
    ),
    "offerer_shields": (
        "The offering seat cannot shield against its own offer.",
        "Предлагающий не может защищаться от собственного предложения.",
    ),
    "no_corporation": lambda p, lang: (
        f"У игрока {p['seat']} нет четырёх предприятий разных специализаций, среди которых "
        f"есть предприятие {_spec(p['suit'], 'gen')}." if lang == "ru"
        else f"Seat {p['seat']} has no four enterprises of different specialisations "
        f"including {_spec_en(p['suit'])}."
    ),
    "cannot_feed": (
        "Seat {seat} could not feed that this round ({food} Food for {need}).",
        "Игроку {seat} не хватит Еды в этот кон ({food} на {need}).",
    ),
    "one_unit_only": (
        "This game moves one unit at a time (all_at_once=False): choose one unit.",
        "В этой игре ресурс передаётся только по одной единице: выберите одну.",
    ),
    "all_is_one": (
        "Only one unit is at hand, so \"everything\" is that unit: choose one unit.",
        "В наличии одна единица, и «всё» — это она: выберите «одну единицу».",
    ),
    "feed_whole": _named(
        "{card} eats with its structure; name the structure by {name}.",
        "{card} питается вместе со своей структурой; укажите её через {name}.",
        ("card", "name"),
    ),
    "already_allocated": _named(
        "The structure of {card} is already fed first.",
        "Структура персонажа {card} уже в очереди на питание.",
    ),
}

register_messages("ORB", CATALOG)

#: CORE-3's labels: the steps (the phases a seat decides in, and an open offer's stages)
#: and the kinds of action.
STEPS: dict[str, tuple[str, str]] = {
    "attraction": ("the attraction phase", "фаза привлечения"),
    "trade": ("the trade phase", "фаза торга"),
    "hiring": ("the hiring phase (an offer to make or pass)",
               "фаза найма (сделать предложение или пас)"),
    "support": ("support before the answer to an offer", "помощь сторонам перед ответом"),
    "answer": ("the answer to an offer", "ответ на предложение"),
    "reinforce": ("reinforcing an offer after its answer", "усиление предложения после ответа"),
    "development": ("the development phase", "фаза развития"),
    "consumption": ("the consumption phase", "фаза потребления"),
}
KINDS: dict[str, tuple[str, str]] = {
    "DrawCharacter": ("Draw a character", "Открыть персонажа"),
    "TakeFromMarket": ("Take from the labour market", "Привлечь с рынка труда"),
    "Gift": ("Give", "Подарить"),
    "Boost": ("Boost", "Ускорить"),
    "MakeOffer": ("Make an offer", "Сделать предложение"),
    "AnswerOffer": ("Answer the offer", "Ответить на предложение"),
    "Reinforce": ("Reinforce the offer", "Усилить предложение"),
    "Shield": ("Shield the Hosts", "Защитить Хозяев"),
    "FormCorporation": ("Form a corporation", "Создать корпорацию"),
    "AllocateFood": ("Feed first", "Накормить первым"),
    "Pass": ("Pass", "Пас"),
    # the kinds of event, as reports and logs count them
    "PhaseStarted": ("phase begun", "фаза началась"),
    "CharacterDrawn": ("character drawn", "персонаж открыт"),
    "CharacterHired": ("character hired", "персонаж нанят"),
    "GiftGiven": ("gift given", "подарок сделан"),
    "Boosted": ("output boosted", "выработка ускорена"),
    "OfferMade": ("offer made", "предложение сделано"),
    "OfferAnswered": ("offer answered", "на предложение ответили"),
    "OfferReinforced": ("offer reinforced", "предложение усилено"),
    "OfferDeclined": ("offer declined", "предложение отклонено"),
    "OfferSeized": ("offer seized", "предложение отобрано"),
    "OfferAccepted": ("offer accepted", "предложение принято"),
    "WarriorDirected": ("Warriors directed by Priests", "Воины под началом Жрецов"),
    "WarriorReleased": ("Warriors released", "Воины отпущены"),
    "HostShielded": ("Hosts shielded", "Хозяева защищены"),
    "EnterpriseFormed": ("enterprise formed", "предприятие создано"),
    "CorporationFormed": ("corporation formed", "корпорация создана"),
    "StructureFed": ("structure fed", "структура накормлена"),
    "EnterpriseCollapsed": ("enterprise collapsed", "предприятие распалось"),
    "CorporationCollapsed": ("corporation collapsed", "корпорация распалась"),
    "CharacterFired": ("character dismissed", "персонаж уволен"),
    "GameEnded": ("game over", "игра окончена"),
}
register_steps("orbita", STEPS, KINDS)
