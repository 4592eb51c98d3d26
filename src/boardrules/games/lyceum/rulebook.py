"""The «Об игре» rule IDs with one line each (our wording; the rules page has the full text)."""

from __future__ import annotations

from boardrules.core.rules import Rule, Rulebook

__all__ = ["RULES"]

RULES = Rulebook((
    Rule(
        "LY-1",
        "3–4 seats; five skills counted in SP, and no skill ever drops below 0.",
        "3–4 игрока; пять умений в очках (SP), ни одно не опускается ниже 0.",
    ),
    Rule(
        "LY-2",
        "Each seat draws its own character from the deck and starts with its base SP.",
        "Каждому игроку по жребию свой персонаж; он начинает со своими базовыми SP.",
    ),
    Rule(
        "LY-3",
        "Setup: every seat adds 5 extra SP, one at a time, where it likes.",
        "Подготовка: каждый по одному добавляет 5 SP в любые умения.",
    ),
    Rule(
        "LY-4",
        "Optionally declare a future self of 35/40/45 SP split over the skills.",
        "По желанию — заявка образа будущего: 35/40/45 SP, разложенные по умениям.",
    ),
    Rule(
        "LY-5",
        "Most energy moves first; on a tie the younger, else the lower seat; then clockwise.",
        "Первым ходит самый энергичный; при равенстве младший или меньший номер; далее по кругу.",
    ),
    Rule(
        "LY-6",
        "Ten rounds, ages 16–25, in three epochs, each with fresh shuffled piles.",
        "Десять раундов, возраст 16–25, три эпохи — у каждой свои перемешанные колоды.",
    ),
    Rule(
        "LY-7",
        "A turn is one main action; its follow-up choices are answered in order first.",
        "Ход — одно основное действие; вызванные им выборы решаются по порядку сразу.",
    ),
    Rule(
        "LY-8",
        "To draw, take the top card of this epoch's pile of a chosen colour.",
        "Взять карту — верхнюю из колоды выбранного цвета текущей эпохи.",
    ),
    Rule("LY-9", "An empty pile cannot be drawn from.", "Из пустой колоды брать нельзя."),
    Rule(
        "LY-10",
        "Eligible: every skill covers both the card's condition and its loss.",
        "Карта доступна, если каждое умение покрывает и условие, и потерю карты.",
    ),
    Rule(
        "LY-11",
        "Play an eligible card (losses, gains, XP) or discard it; an ineligible one is discarded.",
        "Доступную карту играют (потери, прибавки, опыт) или сбрасывают; недоступную — в отбой.",
    ),
    Rule(
        "LY-12",
        "Only an ineligible card may be deferred, one deferred card at a time.",
        "Отложить можно лишь недоступную карту и лишь одну за раз.",
    ),
    Rule(
        "LY-13",
        "A deferred card is offered after the next three main turns, then discarded.",
        "Отложенную карту предлагают после трёх следующих ходов, потом она уходит в отбой.",
    ),
    Rule(
        "LY-14",
        "Green: 100 XP, +1 SP. Yellow: 200 XP, +1..3, −1. Red: 500 XP, +1..6, −0..3.",
        "Зелёная: 100 XP, +1 SP. Жёлтая: 200 XP, +1..3, −1. Красная: 500 XP, +1..6, −0..3.",
    ),
    Rule(
        "LY-15",
        "A red card may carry a special: SP of choice, SP moves, or other rests this epoch.",
        "Красная карта может иметь особое: SP на выбор, перенос SP или иной отдых до конца эпохи.",
    ),
    Rule(
        "LY-16",
        "If two lasting specials reach the same seat, the earlier one applies.",
        "Если два длительных эффекта касаются одного игрока, действует более ранний.",
    ),
    Rule(
        "LY-17",
        "Rest: +1 energy, +1 SP of choice, then move up to 3/4/5 SP by epoch.",
        "Отдых: +1 энергия, +1 SP на выбор, затем перенос до 3/4/5 SP по эпохе.",
    ),
    Rule(
        "LY-18",
        "Share once, from level 3, paying 1 energy: others get 30% of your XP.",
        "Делиться опытом — раз за игру, с 3 уровня, за 1 энергию: другим 30 % вашего опыта.",
    ),
    Rule(
        "LY-19",
        "Levels follow the XP table; each new level gives 2 SP of choice at once.",
        "Уровни идут по таблице опыта; каждый новый уровень сразу даёт 2 SP на выбор.",
    ),
    Rule(
        "LY-20",
        "After round 10 a met declaration adds 300/400/500 XP; most XP wins.",
        "После 10 раунда выполненная заявка даёт 300/400/500 XP; побеждает больший опыт.",
    ),
    Rule(
        "LY-21",
        "Tables rank by total XP, or by mean XP when their sizes differ.",
        "Столы сравнивают по сумме опыта, а при разном числе игроков — по среднему.",
    ),
    Rule(
        "LY-22",
        "Pile order and other seats' declarations stay hidden until the end.",
        "Порядок карт в колодах и чужие заявки скрыты до конца игры.",
    ),
    Rule(
        "LY-23",
        "The host keeps a protocol per round and seat: XP, level, skills, deferral.",
        "Ведущий ведёт протокол по раундам и игрокам: опыт, уровень, умения, отложенное.",
    ),
    Rule(
        "LY-24",
        "Characters, level table and cards are data files, checked when loaded.",
        "Персонажи, таблица уровней и карты — файлы данных, проверяемые при загрузке.",
    ),
),
)
