"""The Orbita rule IDs with one line each (our wording; the rules page has the full text)."""

from __future__ import annotations

from boardrules.core.rules import Rule, Rulebook

__all__ = ["RULES"]

RULES = Rulebook((
    Rule(
        "ORB-1",
        "16 characters (4 specialisations x 4 roles), `copies` of each; each card in one place.",
        "16 персонажей (4 специализации × 4 роли) по `copies` копий; карта всегда в одном месте.",
    ),
    Rule(
        "ORB-2",
        "Territory, Food, Ways, Advice; each is the trump over the next specialisation.",
        "Территория, Еда, Способы, Советы; каждый ресурс — козырь для следующей специализации.",
    ),
    Rule(
        "ORB-3",
        "Boosts: Food +1 Territory or +1 Advice, Advice +1 Way (Artel +2), a Way +2 Food.",
        "Ускорение: Еда +1 Территория или +1 Совет, Совет +1 Способ (Артель +2), Способ +2 Еды.",
    ),
    Rule(
        "ORB-4",
        "Hosts and Priests store Food, Heroes Advice; Priests keep Food, Heroes keep Advice.",
        "Хозяева и Жрецы копят Еду, Герои — Советы; Жрецы не отдают Еду, Герои — Советы.",
    ),
    Rule(
        "ORB-5",
        "Each seat starts with a Leader of its own specialisation and starting Food.",
        "Каждый игрок начинает с Лидером своей специализации и стартовой Едой.",
    ),
    Rule(
        "ORB-6",
        "A round: attraction, production, trade, hiring, development, consumption, saving.",
        "Кон: привлечение, производство, торг, найм, развитие, потребление, сохранение.",
    ),
    Rule(
        "ORB-7",
        "Attraction: draw a character (it joins a team or the market) or take one from market.",
        "Привлечение: открыть персонажа (в команду или на рынок) или взять с рынка труда.",
    ),
    Rule(
        "ORB-8",
        "At most one Leader more than enterprises; a lost enterprise costs the extra team.",
        "Лидеров не больше, чем предприятий плюс один; распад предприятия уводит лишнюю команду.",
    ),
    Rule(
        "ORB-9",
        "Production: 1 each, Hosts 2 Food, Masters +1; market characters get one unit.",
        "Производство: по 1, Хозяева 2 Еды, Мастер +1; персонажи рынка получают по 1.",
    ),
    Rule(
        "ORB-10",
        "Gifts go to seated characters of any seat, never to the labour market.",
        "Подарки — персонажам любого игрока, но не персонажам рынка труда.",
    ),
    Rule(
        "ORB-11",
        "Offers use the trump resource; structures whole with 4 or 16; never smaller to larger.",
        "Предложение — козырем; структурам целиком (4 или 16); меньшая не влияет на большую.",
    ),
    Rule(
        "ORB-12",
        "Answers: same resource declines, the trump over it seizes, own resource accepts.",
        "Ответы: тем же ресурсом — отказ, козырем — отобрать, своим ресурсом — согласие.",
    ),
    Rule(
        "ORB-13",
        "A labour-market character always accepts and is hired if it fits a team.",
        "Персонаж рынка труда всегда соглашается и нанимается, если подходит команде.",
    ),
    Rule(
        "ORB-14",
        "The offerer may reinforce; other seats may give to either side before each answer.",
        "Предлагающий может усилить; другие игроки могут дарить сторонам перед ответом.",
    ),
    Rule(
        "ORB-15",
        "A Hero's Way shields a Host from Warriors and takes its Food, unless it is protected.",
        "Способ Героя защищает Хозяина от Воинов и забирает его Еду, если нет защиты Территорией.",
    ),
    Rule(
        "ORB-16",
        "Priests that win Warriors direct their offers this round.",
        "Жрецы, получившие Воинов, распоряжаются их предложениями в этот кон.",
    ),
    Rule(
        "ORB-17",
        "Four roles of one specialisation that can be fed form an enterprise.",
        "Четыре роли одной специализации, которым хватает Еды, образуют предприятие.",
    ),
    Rule(
        "ORB-18",
        "Four enterprises of different specialisations form a corporation of a chosen suit.",
        "Четыре предприятия разной специализации образуют корпорацию выбранной масти.",
    ),
    Rule(
        "ORB-19",
        "Eat 1, 6 or 32 Food; the unfed go to market; unfed structures break up and eat again.",
        "Еда: 1, 6 или 32; ненакормленные уходят на рынок; структуры распадаются и едят снова.",
    ),
    Rule(
        "ORB-20",
        "Saving: storable resources go to reserves, everything else is removed.",
        "Сохранение: что можно хранить — в запас, остальное убирается.",
    ),
    Rule(
        "ORB-21",
        "Per phase `steps` gifts, boosts, offers; limited reinforcements; one unit or all.",
        "За фазу `steps` подарков, ускорений, предложений; усилений — по лимиту; 1 или всё.",
    ),
    Rule(
        "ORB-22",
        "The game ends after `rounds` rounds or once a corporation survives `goal_rounds`.",
        "Игра кончается после `rounds` конов или когда корпорация выжила `goal_rounds` конов.",
    ),
    Rule(
        "ORB-23",
        "Standings: corporations, then enterprises, then team characters, then Food.",
        "Итог: корпорации, затем предприятия, затем персонажи в командах, затем Еда.",
    ),
    Rule(
        "ORB-24",
        "Only the deck order is hidden; the table is open.",
        "Скрыт только порядок колоды; стол открыт.",
    ),
),
)
