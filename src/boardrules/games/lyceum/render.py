"""Lyceum positions as text and as SVG, drawn from what a seat sees (``game.view``).

Both show the same data: the round, age and epoch, what is asked now and of whom, the card
a seat has drawn or is offered (its conditions, costs, gains and special), each character's
skills, level, XP, declaration and deferred card, the lasting effects, and the size of each
pile. Another seat's declaration shows as hidden, as the view has it (LY-22); the order of
the piles is never shown.

>>> from boardrules.games import lyceum
>>> game = lyceum.Game()
>>> print(render_text(game, game.new(seed=7, players=3), seat=0).splitlines()[1])
Now: seat 0 places 5 SP of choice
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from boardrules.core.standings import Standings
from boardrules.display import (
    Svg,
    check_lang,
    check_seat,
    clip,
    plural_ru,
    standings_sentence,
    table,
)
from boardrules.games.lyceum.content import (
    SKILLS,
    Card,
    Colour,
    Content,
    SpecialKind,
    Tables,
    Target,
    epoch_of_round,
    skill_points,
)
from boardrules.games.lyceum.messages import KINDS
from boardrules.games.lyceum.rules import DECLARATION_TARGETS
from boardrules.games.lyceum.state import HIDDEN, Seat, Stage, State, Step, StepKind

__all__ = ["COLOUR_FILL", "Rules", "render_svg", "render_text"]

#: How each colour of card is drawn.
COLOUR_FILL: dict[Colour, str] = {
    Colour.GREEN: "#3a9d4a",
    Colour.YELLOW: "#e0b422",
    Colour.RED: "#c93a3a",
}
_SHORT = {
    "health": ("health", "здор."),
    "intellect": ("intel.", "интел."),
    "creativity": ("creat.", "творч."),
    "communication": ("comm.", "комм."),
    "energy": ("energy", "энерг."),
}


class Rules(Protocol):
    """What the drawing reads of a Lyceum game (``lyceum.Game`` offers it): the rules'
    context (the content's tables and the rulebook's facts) and the composed game."""

    @property
    def content(self) -> Content: ...
    @property
    def rule_context(self) -> Tables: ...
    def card(self, card_id: str) -> Card: ...
    def level(self, xp: int) -> int: ...
    def eligible(self, skills: tuple[int, ...], card_id: str) -> bool: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def to_move(self, state: State) -> int | None: ...
    def accepts(self, state: State) -> Collection[type]: ...
    def score(self, state: State) -> Standings: ...


def _listed(words: list[str], ru: bool) -> str:
    """``a, b, or c`` (``a, b или c``)."""
    if len(words) < 2:
        return "".join(words)
    last = " или " if ru else (", or " if len(words) > 2 else " or ")
    return ", ".join(words[:-1]) + last + words[-1]


def card_lines(card: Card, ru: bool) -> list[str]:
    """A card's title, colour and XP, then its conditions, costs, gains and special."""
    title = card.title_ru if ru else card.title_en
    colour = card.colour.name_ru if ru else card.colour.value
    lines = [f"«{title}» — {colour}, {card.xp} XP"]
    labels = ("условия", "потери", "даёт") if ru else ("needs", "costs", "gives")
    for label, values in zip(labels, (card.conditions, card.losses, card.gains), strict=True):
        lines.append(f"{label}: {skill_points(values, ru)}")
    if card.special is not None:
        lines.append(_special(card, ru))
    return lines


def _special(card: Card, ru: bool) -> str:
    special = card.special
    assert special is not None
    n = special.amount
    if special.kind is SpecialKind.GAIN:
        return f"спец.: +{n} SP на выбор" if ru else f"special: +{n} SP of choice"
    if special.kind is SpecialKind.REDISTRIBUTE:
        return f"спец.: перенести до {n} SP" if ru else f"special: move up to {n} SP"
    others = special.target is Target.OTHERS
    if ru:
        whom = "остальных" if others else "свой"
        return f"спец.: до конца эпохи отдых ({whom}) переносит до {n} SP"
    whom = "of the other seats" if others else "of this seat"
    return f"special: until the epoch ends, a rest {whom} moves up to {n} SP"


def _asked(game: Rules, view: State, step: Step, ru: bool) -> str:
    s = step.seat
    who = f"игрок {s}" if ru else f"seat {s}"
    kind = step.kind
    if kind is StepKind.CHOOSE:
        if ru:
            return f"{who} распределяет {plural_ru(step.count, 'SP', 'SP', 'SP')} на выбор"
        return f"{who} places {step.count} SP of choice"
    if kind is StepKind.DECLARE:
        targets = _listed([str(t) for t in DECLARATION_TARGETS], ru)
        if ru:
            return f"{who} выбирает заявку: {targets} SP или без заявки"
        return f"{who} chooses a declaration: {targets} SP, or none"
    if kind is StepKind.DECLARE_SKILL:
        if step.count == 0 and not step.values:
            return f"{who} составляет заявку (скрыто)" if ru else (
                f"{who} is setting its declaration (hidden)"
            )
        skill = SKILLS[len(step.values)]
        name = skill.name_ru if ru else skill.value
        if ru:
            return f"{who} заявляет SP на умение «{name}» (осталось {step.count})"
        return f"{who} declares SP for {name} ({step.count} left)"
    if kind is StepKind.MAIN:  # the main actions the rules list (LY-7)
        labels = [KINDS[k.__name__][ru] for k in game.accepts(view)]
        return f"{who}: " + _listed([label[:1].lower() + label[1:] for label in labels], ru)
    if kind is StepKind.DECIDE:
        return f"{who}: сыграть, сбросить или отложить карту" if ru else (
            f"{who}: play, discard or defer the drawn card"
        )
    if kind is StepKind.MOVE:
        if ru:
            return f"{who} переносит SP: ещё до {step.count}, или закончить"
        return f"{who} moves SP: up to {step.count} more, or finish"
    return f"{who}: сыграть отложенную карту сейчас или оставить" if ru else (
        f"{who}: play the deferred card now, or keep it"
    )


def asked(game: Rules, view: State, lang: str = "en") -> str:
    """What the seat to move is asked, or who won, in one sentence.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> asked(game, game.new(seed=1))
    'Seat 0 places 5 SP of choice.'
    """
    ru = check_lang(lang) == "ru"
    if game.is_over(view) or not view.queue:
        return standings_sentence(game.score(view), lang)
    text = _asked(game, view, view.queue[0], ru)
    return text[:1].upper() + text[1:] + "."


def _declaration(game: Rules, sheet: Seat, setting: bool, ru: bool) -> str:
    d = sheet.declaration
    if d == HIDDEN:
        return "скрыта" if ru else "hidden"
    if d is None:
        if setting:
            return "ещё нет" if ru else "not yet"
        return "без заявки" if ru else "none"
    tables = game.rule_context
    met = tables.facts.bonus(tables, sheet) > 0  # LY-20: met in every skill
    state = ("выполнена" if met else "не выполнена") if ru else ("met" if met else "not met")
    return f"{sum(d)} SP {'/'.join(map(str, d))} ({state})"


def _setting(view: State) -> set[int]:
    """The seats whose declaration step is still to come or under way."""
    return {st.seat for st in view.queue if st.kind in (StepKind.DECLARE, StepKind.DECLARE_SKILL)}


def _header(view: State, game: Rules, ru: bool) -> str:
    title = "«Об игре»"
    if view.stage is Stage.SETUP:
        return f"{title} — {'подготовка' if ru else 'setup'}"
    epoch = epoch_of_round(view.round)
    name = epoch.name_ru if ru else epoch.name_en
    tables = game.rule_context
    rounds = tables.facts.rounds(tables)
    if ru:
        text = f"{title} — раунд {view.round} из {rounds}, возраст {view.age}, эпоха «{name}»"
    else:
        text = f"{title} — round {view.round} of {rounds}, age {view.age}, epoch: {name}"
    if view.stage is Stage.OVER:
        text += " — игра окончена" if ru else " — game over"
    return text


def render_text(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_text`."""
    ru = check_lang(lang) == "ru"
    view = game.view(state, check_seat(seat, len(state.seats)))
    lines = [_header(view, game, ru)]
    if view.queue and not game.is_over(view):
        step = view.queue[0]
        lines.append(("Сейчас: " if ru else "Now: ") + _asked(game, view, step, ru))
        if step.card is not None:
            offered = step.kind is StepKind.OFFER
            if ru:
                lines.append("  Отложенная карта:" if offered else "  Вытянутая карта:")
            else:
                lines.append("  The deferred card:" if offered else "  The drawn card:")
            card = game.card(step.card)
            eligible = game.eligible(view.seats[step.seat].skills, step.card)
            lines.extend("    " + line for line in card_lines(card, ru))
            if ru:
                lines.append("    можно сыграть" if eligible else "    сыграть нельзя (LY-10)")
            else:
                lines.append("    playable" if eligible else "    not playable (LY-10)")
    else:
        winners = ", ".join(map(str, game.score(view).winners))
        lines.append(f"Победители: {winners}" if ru else f"Winners: {winners}")
    sizes = [len(p) for p in view.piles]
    colours = [c.name_ru if ru else c.value for c in Colour]
    pile_word = "Колоды" if ru else "Piles"
    piles = ", ".join(f"{c} {n}" for c, n in zip(colours, sizes, strict=True))
    if view.first is not None:
        tables = game.rule_context
        order = " → ".join(map(str, tables.facts.turn_order(tables, view)))
        turns = "порядок ходов" if ru else "turn order"
        lines.append(f"{pile_word}: {piles}; {turns}: {order}")
    else:
        lines.append(f"{pile_word}: {piles}")
    setting = _setting(view)
    head = [
        "игрок" if ru else "seat",
        "персонаж" if ru else "character",
        *(_SHORT[s.value][1 if ru else 0] for s in SKILLS),
        "SP",
        "ур." if ru else "level",
        "XP",
        "заявка" if ru else "declaration",
    ]
    rows = [head]
    for i, sheet in enumerate(view.seats):
        character = game.content.character(sheet.character)
        you = "*" if i == seat else ""
        rows.append(
            [
                f"{i}{you}",
                clip(character.name_ru if ru else character.name_en, 18),
                *map(str, sheet.skills),
                str(sum(sheet.skills)),
                str(game.level(sheet.xp)),
                str(sheet.xp),
                _declaration(game, sheet, i in setting, ru),
            ]
        )
    lines.extend(table(rows))
    if seat is not None:
        lines.append("  * — вы" if ru else "  * — you")
    for i, sheet in enumerate(view.seats):
        notes = []
        if sheet.shared:
            notes.append("уже делился опытом" if ru else "has shared experience")
        if sheet.deferred is not None:
            card = game.card(sheet.deferred)
            when = (
                f"отложена в раунде {sheet.deferred_round}" if ru
                else f"deferred in round {sheet.deferred_round}"
            )
            notes.append(("отложенная карта" if ru else "deferred card") + f" ({when}):")
        if notes:
            lines.append(f"{'Игрок' if ru else 'Seat'} {i}: " + "; ".join(notes))
        if sheet.deferred is not None:
            lines.extend("    " + line for line in card_lines(game.card(sheet.deferred), ru))
    for effect in view.effects:
        card = game.card(effect.card)
        title = card.title_ru if ru else card.title_en
        reach = effect.target is Target.OTHERS
        if ru:
            whom = f"все, кроме игрока {effect.seat}" if reach else f"игрок {effect.seat}"
            lines.append(f"Эффект «{title}»: отдых ({whom}) — до {effect.amount} SP")
        else:
            whom = f"every seat but {effect.seat}" if reach else f"seat {effect.seat}"
            lines.append(f"Effect «{title}»: a rest of {whom} moves up to {effect.amount} SP")
    return "\n".join(lines)


# -- SVG ------------------------------------------------------------------------------------
_W = 900
_SKILL_FILL = ("#d9534f", "#337ab7", "#9b59b6", "#f0ad4e", "#5cb85c")


def _card_svg(svg: Svg, game: Rules, card_id: str, x: float, y: float, ru: bool) -> float:
    card = game.card(card_id)
    lines = card_lines(card, ru)
    height = 18 + 15 * len(lines)
    svg.open("g", class_="card " + card.colour.value, data_card=card.id)
    svg.tooltip(card.describe("ru" if ru else "en"))
    svg.rect(x, y, 330, height, rx=6, fill="#fff", stroke=COLOUR_FILL[card.colour],
             stroke_width=3)
    svg.rect(x, y, 330, 20, rx=6, fill=COLOUR_FILL[card.colour])
    svg.text(x + 8, y + 14, clip(lines[0], 52), size=11, fill="#fff", font_weight="bold")
    for i, line in enumerate(lines[1:]):
        svg.text(x + 8, y + 34 + 15 * i, clip(line, 56), size=10)
    svg.close("g")
    return height


def render_svg(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_svg`."""
    ru = check_lang(lang) == "ru"
    seat = check_seat(seat, len(state.seats))
    view = game.view(state, seat)
    text = render_text(game, state, seat, lang).splitlines()
    n = len(view.seats)
    panel_h = 150
    height = 150 + n * (panel_h + 10)
    svg = Svg(_W, height, title=text[0])
    svg.rect(0, 0, _W, height, fill="#f4f6fb")
    svg.text(12, 22, text[0], size=15, font_weight="bold")
    svg.text(12, 42, text[1], size=12, fill="#5b2a86")
    # The piles: one stack per colour, with its size.
    for i, colour in enumerate(Colour):
        x = 560 + i * 110
        size = len(view.piles[i])
        # A pile names its colour: the page plays the one Draw of that colour on a click.
        svg.open("g", class_="pile", data_card=colour.value)
        for k in range(min(size, 4)):
            svg.rect(x + 3 * k, 54 - 3 * k, 70, 46, rx=5, fill=COLOUR_FILL[colour],
                     stroke="#fff")
        svg.text(x + 45, 86, str(size), size=16, anchor="middle", fill="#fff" if size else "#999",
                 font_weight="bold")
        svg.text(x + 35, 120, colour.name_ru if ru else colour.value, size=10, anchor="middle")
        svg.close("g")
    # The card on the table: drawn or on offer.
    y = 56.0
    if view.queue and view.queue[0].card is not None:
        step = view.queue[0]
        assert step.card is not None
        _card_svg(svg, game, step.card, 12, y, ru)
        playable = game.eligible(view.seats[step.seat].skills, step.card)
        badge = (
            ("можно сыграть" if playable else "сыграть нельзя (LY-10)") if ru
            else ("playable" if playable else "not playable (LY-10)")
        )
        svg.text(350, y + 14, badge, size=11, fill="#3a9d4a" if playable else "#c93a3a",
                 font_weight="bold")
    for i, effect in enumerate(view.effects[:2]):
        card = game.card(effect.card)
        title = clip(card.title_ru if ru else card.title_en, 30)
        word = "эффект" if ru else "effect"
        svg.text(350, y + 34 + 14 * i, f"{word} «{title}»: {effect.amount} SP", size=10,
                 fill="#5b2a86")
    y = 150.0
    setting = _setting(view)
    to_move = game.to_move(view)
    for i, sheet in enumerate(view.seats):
        character = game.content.character(sheet.character)
        svg.open("g", class_="seat", data_seat=i)
        svg.rect(8, y, _W - 16, panel_h, rx=8, fill="#fff",
                 stroke="#5b2a86" if i == to_move else "#bbb",
                 stroke_width=3 if i == to_move else 1)
        you = (" (вы)" if ru else " (you)") if i == seat else ""
        name = character.name_ru if ru else character.name_en
        svg.text(20, y + 20, f"{'Игрок' if ru else 'Seat'} {i}{you}: {name}", size=13,
                 font_weight="bold")
        level = game.level(sheet.xp)
        svg.text(20, y + 38, f"{'уровень' if ru else 'level'} {level} · {sheet.xp} XP"
                 f" · {sum(sheet.skills)} SP", size=11)
        declared = _declaration(game, sheet, i in setting, ru)
        svg.text(20, y + 54, f"{'заявка' if ru else 'declaration'}: {declared}", size=11)
        if sheet.shared:
            svg.text(20, y + 70, "поделился опытом" if ru else "has shared experience", size=10,
                     fill="#666")
        # Skill bars, the declaration as a tick on each.
        for k, skill in enumerate(SKILLS):
            bx, by = 20 + k * 58, y + 86
            value = sheet.skills[k]
            # The viewer's own bars name their skill: a click chooses that skill (LY-7).
            svg.open("g", class_="skill", data_card=skill.value if i == seat else None)
            svg.rect(bx, by, 46, 46, fill="#eee")
            bar = max(0, min(value, 15)) / 15 * 46
            svg.rect(bx, by + 46 - bar, 46, bar, fill=_SKILL_FILL[k])
            if sheet.declaration:
                want = max(0, min(sheet.declaration[k], 15)) / 15 * 46
                svg.line(bx - 2, by + 46 - want, bx + 48, by + 46 - want, stroke="#000",
                         stroke_width=2, stroke_dasharray="4 2")
            svg.text(bx + 23, by - 3, str(value), size=12, anchor="middle", font_weight="bold")
            svg.text(bx + 23, by + 57, _SHORT[skill.value][1 if ru else 0], size=9,
                     anchor="middle")
            svg.close("g")
        if sheet.deferred is not None:
            label = (
                f"отложена в раунде {sheet.deferred_round}" if ru
                else f"deferred in round {sheet.deferred_round}"
            )
            svg.text(560, y + 20, label, size=10, fill="#666")
            _card_svg(svg, game, sheet.deferred, 560, y + 26, ru)
        svg.close("g")
        y += panel_h + 10
    return svg.finish()
