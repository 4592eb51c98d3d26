"""The 7Я rule IDs with one line each (our wording; the rules page has the full text)."""

from __future__ import annotations

from boardrules.core.rules import Rule, Rulebook

__all__ = ["RULES"]

RULES = Rulebook((
    Rule("SEM-1", "Two seats, each with its own 21 feeling cards and one trump.",
             "Два игрока, у каждого свои 21 карта чувств и Козырь."),
    Rule("SEM-2", "A feeling card goes from a start symbol to an end symbol, white or black.",
             "Карта чувства ведёт от символа начала к символу конца; масть белая или чёрная."),
    Rule("SEM-3", "A deck: from every symbol two white cards and one black card start.",
             "Колода: с каждого символа начинаются две белые карты и одна чёрная."),
    Rule("SEM-4", "Hands start full; the first seat comes from the seed unless given.",
             "Вначале все карты на руках; первый ход — по жребию (из seed), если не задан."),
    Rule("SEM-5", "The opening move is any feeling card, never the trump.",
             "Первым ходом кладут любую карту чувства, но не Козырь."),
    Rule("SEM-6", "Answer a white card on its end symbol; a black card with anything.",
             "На белую карту отвечают картой с её символа конца; на чёрную — любой."),
    Rule("SEM-7", "The trump as the Lord answers only a black card and names a symbol.",
             "Козырь-Владыка — только в ответ на чёрную карту; он называет символ."),
    Rule("SEM-8", "The trump as the Fool is played only when there is no answer; it is black.",
             "Козырь-Дурень — только когда нечем ответить; его масть чёрная."),
    Rule("SEM-9", "No answer and no trump: that seat loses and the game ends.",
             "Нечем ответить и нет Козыря — этот игрок проиграл, игра окончена."),
    Rule("SEM-10", "Points: cards in hand plus the trump (Fool −1); the winner ranks first.",
             "Очки: карты на руке плюс Козырь (Дурень −1); победитель — первый."),
    Rule("SEM-11", "Everything is public: a seat's view is the whole state.",
             "Скрытого нет: каждый видит всё состояние игры."),
),
)
