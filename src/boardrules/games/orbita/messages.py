"""The English and Russian sentences for every Orbita violation code."""

from __future__ import annotations

from boardrules.core.violation import MessageCatalog, register_messages

__all__ = ["CATALOG"]

CATALOG: MessageCatalog = {
    "game_over": ("The game is over; no more actions.", "Игра окончена; ходов больше нет."),
    "unknown_character": (
        "There is no character {card!r} on the table.",
        "На столе нет персонажа {card!r}.",
    ),
    "wrong_phase": (
        "{action} is not an action of this step ({step}).",
        "Действие {action} недоступно на этом шаге ({step}).",
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
    "not_on_market": (
        "{card} is not on the labour market.",
        "Персонажа {card} нет на рынке труда.",
    ),
    "cannot_join": (
        "{card} fits no team of seat {seat} (wrong specialisation or role taken).",
        "Персонажу {card} нет места в командах игрока {seat}.",
    ),
    "leader_limit": (
        "Seat {seat} may hold no more Leaders until a Leader forms an enterprise.",
        "Игрок {seat} не может привлечь нового Лидера, пока прежний не создал предприятие.",
    ),
    "not_your_character": (
        "{card} is not a character seat {seat} controls.",
        "Персонаж {card} не подчиняется игроку {seat}.",
    ),
    "boost_needs_own": (
        "{card} holds none of its own resource this round, so nothing can be boosted.",
        "У персонажа {card} нет своего ресурса в этот кон — ускорять нечего.",
    ),
    "no_booster": (
        "{card} holds no {resource} to boost with.",
        "У персонажа {card} нет ресурса «{resource}» для ускорения.",
    ),
    "nothing_to_give": (
        "Seat {seat} has no {resource} it may give.",
        "У игрока {seat} нет ресурса «{resource}», который можно передать.",
    ),
    "gift_to_market": (
        "Gifts never go to a labour-market character ({card}).",
        "Персонажам на рынке труда ({card}) ничего не дарят.",
    ),
    "support_sides": (
        "During an offer, gifts go only to the offering or the answering seat.",
        "Во время найма дарить можно только одной из сторон.",
    ),
    "not_trump": (
        "{offerer}'s resource is the trump over {trumps}, not over {card}.",
        "Ресурс {offerer} — козырь для специализации {trumps}, а не для {card}.",
    ),
    "own_target": (
        "An offer goes to the labour market or another seat, not to {card}.",
        "Предложение делают рынку труда или другому игроку, а не персонажу {card}.",
    ),
    "whole_structure": (
        "{card} belongs to a larger structure; make the offer to it whole, through {name}.",
        "{card} входит в структуру; предложение делают ей целиком, через {name}.",
    ),
    "smaller_structure": (
        "A structure of {size} cannot make offers to a structure of {target_size}.",
        "Структура из {size} не может влиять на структуру из {target_size}.",
    ),
    "not_enough_units": (
        "This needs {needed} units and only {available} are at hand.",
        "Нужно {needed} ед. ресурса, а в наличии только {available}.",
    ),
    "step_limit": (
        "Seat {seat} has used its {limit} actions for this phase.",
        "Игрок {seat} исчерпал свои {limit} действий в этой фазе.",
    ),
    "cannot_decline": (
        "Declining needs {units} {resource} and the responder holds {held}.",
        "Для отказа нужно {units} ед. «{resource}», а у отвечающего {held}.",
    ),
    "cannot_seize": (
        "Seizing needs {units} {resource} and the responder holds {held}.",
        "Чтобы отобрать, нужно {units} ед. «{resource}», а у отвечающего {held}.",
    ),
    "reinforce_limit": (
        "An offer may be reinforced at most {limit} times.",
        "Предложение можно усилить не более {limit} раз.",
    ),
    "shield_needs_warriors": (
        "A shield only answers a Warriors' offer to Hosts.",
        "Защита возможна только от предложения Воинов Хозяевам.",
    ),
    "not_a_hero": ("Only a Hero can shield ({card} is not one).", "Защищает только Герой."),
    "no_way": ("{card} holds no Way to shield with.", "У персонажа {card} нет Способа."),
    "host_protected": (
        "The Host holds Territory given for its protection; no shield is possible.",
        "Хозяину подарена Территория для защиты; перехват невозможен.",
    ),
    "offerer_shields": (
        "The offering seat cannot shield against its own offer.",
        "Предлагающий не может защищаться от собственного предложения.",
    ),
    "no_corporation": (
        "Seat {seat} has no four enterprises of different specialisations including {suit}.",
        "У игрока {seat} нет четырёх предприятий разной специализации с мастью {suit}.",
    ),
    "cannot_feed": (
        "Seat {seat} could not feed that this round ({food} Food for {need}).",
        "Игроку {seat} не хватит Еды в этот кон ({food} на {need}).",
    ),
    "all_is_one": (
        "Only one unit is at hand, so \"everything\" is that unit: choose one unit.",
        "В наличии одна единица, и «всё» — это она: выберите «одну единицу».",
    ),
    "feed_whole": (
        "{card} eats with its structure; name the structure by {name}.",
        "{card} питается вместе со своей структурой; укажите её через {name}.",
    ),
    "already_allocated": (
        "The structure of {card} is already fed first.",
        "Структура персонажа {card} уже в очереди на питание.",
    ),
}

register_messages("ORB", CATALOG)
