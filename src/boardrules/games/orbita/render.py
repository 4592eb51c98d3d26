"""Orbita positions as text and as SVG, drawn from what a seat sees (``game.view``).

Both show the same data: the round, the phase and what is asked now, the open offer, the
labour market and the deck size, and per seat its corporations, enterprises and teams, every
character with the tokens around it (this round's resources, reserve, gifts received,
influence of an offer), the seat's totals, the Food its structures eat, and its points. The
deck order, the one hidden thing (ORB-24), is never shown.

Cards are written as ``hos2 Hosts' Sage 2``: the notation code, then the label.

>>> from boardrules.games import orbita
>>> game = orbita.Game()
>>> print(render_text(game, game.new(seed=3, players=2)).splitlines()[0])
«Орбита Добра» — round 1 of 24, phase: attraction; seat 0 to move
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from boardrules.core.rules import Rulebook
from boardrules.core.standings import Standings
from boardrules.display import Svg, check_lang, check_seat, clip, plural_ru, standings_sentence
from boardrules.games.orbita.actions import (
    AllocateFood,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import RESOURCE_ORDER, Resource, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.labels import card_name
from boardrules.games.orbita.notation import card_code
from boardrules.games.orbita.state import EMPTY, Counts, Phase, Seat, Stage, State, Team, Zones
from boardrules.games.orbita.table import seat_food

__all__ = ["RESOURCE_FILL", "SPEC_FILL", "Rules", "render_svg", "render_text"]

#: How each specialisation's cards are drawn.
SPEC_FILL: dict[Spec, str] = {
    Spec.WARRIORS: "#c0392b",
    Spec.HOSTS: "#d68910",
    Spec.HEROES: "#2874a6",
    Spec.PRIESTS: "#7d3c98",
}
#: How each resource's tokens are drawn.
RESOURCE_FILL: dict[Resource, str] = {
    Resource.TERRITORY: "#8d6e63",
    Resource.FOOD: "#7cb342",
    Resource.WAY: "#29b6f6",
    Resource.ADVICE: "#ab47bc",
}
_LETTER = {
    Resource.TERRITORY: ("T", "Т"),
    Resource.FOOD: ("F", "Е"),
    Resource.WAY: ("W", "С"),
    Resource.ADVICE: ("A", "Сов"),
}
_PHASE = {
    Phase.ATTRACTION: ("attraction", "привлечение"),
    Phase.PRODUCTION: ("production", "производство"),
    Phase.TRADE: ("trade", "торг"),
    Phase.HIRING: ("hiring", "найм"),
    Phase.DEVELOPMENT: ("development", "развитие"),
    Phase.CONSUMPTION: ("consumption", "потребление"),
    Phase.SAVING: ("saving", "сохранение"),
}


_STAGE_RU = {Stage.SUPPORT: "поддержка", Stage.ANSWER: "ответ", Stage.REINFORCE: "усиление"}


class Rules(Protocol):
    """What the drawing reads of an Orbita game (``orbita.Game`` offers it)."""

    @property
    def rounds(self) -> int: ...
    @property
    def steps(self) -> int: ...
    @property
    def reinforcements(self) -> int: ...
    @property
    def rulebook(self) -> Rulebook: ...
    @property
    def rule_context(self) -> Context: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def to_move(self, state: State) -> int | None: ...
    def accepts(self, state: State) -> Collection[type]: ...
    def spec_of(self, card: str) -> Spec: ...
    def score(self, state: State) -> Standings: ...


def _need(game: Rules, seat: Seat) -> int:
    """What the seat's structures eat this round (ORB-19's fact ``seat_need``)."""
    ctx = game.rule_context
    need: int = ctx.facts.seat_need(ctx, seat)
    return need


def _counts(counts: Counts, ru: bool) -> str:
    return " ".join(
        f"{_LETTER[r][1 if ru else 0]}{counts[r.index]}" for r in RESOURCE_ORDER if counts[r.index]
    )


def _tokens(zones: Zones, ru: bool) -> str:
    parts = []
    names = (
        ("сейчас", "запас", "подарки", "влияние") if ru
        else ("now", "reserve", "gifts", "influence")
    )
    for name, counts in zip(
        names, (zones.current, zones.reserve, zones.gifts, zones.influence), strict=True
    ):
        if counts != EMPTY:
            parts.append(f"{name} {_counts(counts, ru)}")
    if zones.meals:
        parts.append(f"{'еда отложена' if ru else 'meals'} {zones.meals}")
    if zones.directed_by is not None:
        who = f"ведёт игрок {zones.directed_by}" if ru else f"directed by seat {zones.directed_by}"
        parts.append(who)
    return "; ".join(parts)


def _card_line(card: str, zones: Zones, ru: bool) -> str:
    tokens = _tokens(zones, ru)
    name = f"{card_code(card)} {card_name(card, 'ru' if ru else 'en')}"
    return f"{name} — {tokens}" if tokens else name


def asked(game: Rules, view: State, lang: str = "en") -> str:
    """What the seat to move is asked, or who won, in one sentence.

    >>> from boardrules.games import orbita
    >>> game = orbita.Game()
    >>> asked(game, game.new(seed=1, players=2))
    'Seat 0: draw a character, take one from the market, or pass.'
    """
    ru = check_lang(lang) == "ru"
    if game.to_move(view) is None:
        return standings_sentence(game.score(view), lang)
    text = _asked(game, view, ru)
    return text[:1].upper() + text[1:] + "."


#: How the prompt names each kind of action: ``(English, Russian)``.
_KIND_PHRASES: dict[type, tuple[str, str]] = {
    DrawCharacter: ("draw a character", "открыть персонажа"),
    TakeFromMarket: ("take one from the market", "взять с рынка"),
    MakeOffer: ("make an offer", "сделать предложение"),
    AnswerOffer: ("answer the offer", "ответить на предложение"),
    Reinforce: ("reinforce the offer", "усилить предложение"),
    Shield: ("shield the Hosts", "защитить Хозяев"),
    FormCorporation: ("form a corporation", "создать корпорацию"),
    AllocateFood: ("choose whom to feed first", "выбрать, кого кормить первым"),
    Gift: ("give", "дарить"),
    Boost: ("boost", "ускорять"),
    Pass: ("pass", "пас"),
}
#: In an open offer's steps a gift supports a side, and a pass lets the last answer stand.
_IN_OFFER: dict[tuple[Stage | None, type], tuple[str, str]] = {
    (Stage.SUPPORT, Gift): ("support a side with a gift", "поддержать сторону подарком"),
    (Stage.REINFORCE, Pass): ("let the answer stand", "оставить ответ в силе"),
}


def _asked(game: Rules, view: State, ru: bool) -> str:
    seat = game.to_move(view)
    if seat is None:
        winners = ", ".join(map(str, game.score(view).winners))
        return f"игра окончена; победители: {winners}" if ru else f"game over; winners: {winners}"
    stage = None if view.offer is None else view.offer.stage
    kinds = tuple(game.accepts(view))
    phrases = [
        _IN_OFFER.get((stage, kind), _KIND_PHRASES.get(kind, (kind.__name__,) * 2))[ru]
        for kind in kinds
    ]
    if len(phrases) > 1:
        phrases[-2:] = [f"{phrases[-2]} или {phrases[-1]}" if ru else
                        f"{phrases[-2]}, or {phrases[-1]}"]
    text = f"{'игрок' if ru else 'seat'} {seat}: {', '.join(phrases)}"
    limited = game.rulebook.rule("ORB-21").checks if "ORB-21" in game.rulebook.ids else {}
    if stage is None and any(kind in limited for kind in kinds):
        steps = view.seats[seat].steps
        text += f" (действий {steps} из {game.steps})" if ru else (
            f" ({steps} of {game.steps} steps used)"
        )
    return text


def _offer_line(view: State, ru: bool) -> str | None:
    offer = view.offer
    if offer is None:
        return None
    lang = "ru" if ru else "en"
    who = "рынок" if offer.responder is None and ru else (
        "the market" if offer.responder is None else
        (f"игрок {offer.responder}" if ru else f"seat {offer.responder}")
    )
    resource = offer.resource.name_ru if ru else offer.resource.value
    if ru:
        return (
            f"Предложение игрока {offer.seat}: {card_code(offer.offerer)} "
            f"{card_name(offer.offerer, lang)} → {card_code(offer.target)} "
            f"{card_name(offer.target, lang)} ({who}), {resource} ×{offer.units}; "
            f"шаг: {_STAGE_RU[offer.stage]}, усилений: {offer.reinforcements}"
        )
    answer = f", last answer {offer.answer.value}" if offer.answer is not None else ""
    return (
        f"Offer by seat {offer.seat}: {card_code(offer.offerer)} "
        f"{card_name(offer.offerer, lang)} → {card_code(offer.target)} "
        f"{card_name(offer.target, lang)} ({who}), {offer.units} {resource}; "
        f"stage: {offer.stage.value}, reinforced {offer.reinforcements}{answer}"
    )


def _team_name(game: Rules, team: Team, ru: bool) -> str:
    spec = game.spec_of(team.leader)
    if team.enterprise:
        return (
            f"Предприятие {spec.enterprise_ru}" if ru else f"{spec.enterprise} (enterprise)"
        )
    lang = "ru" if ru else "en"
    return f"Команда «{card_name(team.leader, lang)}»" if ru else (
        f"Team of {card_name(team.leader, lang)}"
    )


def _totals(view: State, cards: list[str]) -> Counts:
    held = [0, 0, 0, 0]
    for card in cards:
        z = view.zones[card]
        for r in RESOURCE_ORDER:
            held[r.index] += z.holds(r)
    return (held[0], held[1], held[2], held[3])


def _seat_cards(view: State, s: int) -> list[str]:
    seat = view.seats[s]
    cards = [m for corp in seat.corporations for t in corp.enterprises for m in t.members]
    return cards + [m for t in seat.teams for m in t.members]


def render_text(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_text`."""
    ru = check_lang(lang) == "ru"
    seat = check_seat(seat, len(state.seats))
    view = game.view(state, seat)
    mover = game.to_move(view)
    phase = _PHASE[view.phase][1 if ru else 0]
    if ru:
        head = f"«Орбита Добра» — раунд {view.round} из {game.rounds}, фаза: {phase}"
        head += f"; ходит игрок {mover}" if mover is not None else "; игра окончена"
    else:
        head = f"«Орбита Добра» — round {view.round} of {game.rounds}, phase: {phase}"
        head += f"; seat {mover} to move" if mover is not None else "; game over"
    lines = [head, ("Сейчас: " if ru else "Now: ") + _asked(game, view, ru)]
    offer = _offer_line(view, ru)
    if offer is not None:
        lines.append(offer)
    if ru:
        lines.append(
            f"Колода: {plural_ru(len(view.deck), 'карта', 'карты', 'карт')}; "
            f"рынок труда: {len(view.market)}"
        )
    else:
        lines.append(f"Deck: {len(view.deck)} cards; labour market: {len(view.market)}")
    lines.extend(
        ("  рынок: " if ru else "  market: ") + _card_line(c, view.zones[c], ru)
        for c in view.market
    )
    standings = game.score(view)
    for s, sheet in enumerate(view.seats):
        you = (" (вы)" if ru else " (you)") if s == seat else ""
        held = _totals(view, _seat_cards(view, s))
        food, need = seat_food(sheet, view.zones), _need(game, sheet)
        done = (", закончил фазу" if ru else ", done with the phase") if sheet.done else ""
        if sheet.allocated:
            first = " ".join(card_code(c) for c in sheet.allocated)
            done += f"; {'кормит первыми' if ru else 'feeds first'}: {first}"
        points = standings.points[s]
        if ru:
            lines.append(
                f"Игрок {s}{you}: {plural_ru(points, 'очко', 'очка', 'очков')}; "
                f"ресурсы {_counts(held, ru) or '—'}; "
                f"Еды {food} ед., на потребление нужно {need}{done}"
            )
        else:
            lines.append(
                f"Seat {s}{you}: {points} points; holds {_counts(held, ru) or '—'}; "
                f"Food {food}, needs {need} to eat{done}"
            )
        for corp in sheet.corporations:
            name = corp.suit.corporation_ru if ru else corp.suit.corporation
            fed = (
                f"накормлена раундов подряд: {corp.age}" if ru
                else f"fed {corp.age} rounds in a row"
            )
            lines.append(f"  {'Корпорация' if ru else 'Corporation'} {name} ({fed}):")
            for team in corp.enterprises:
                lines.append(f"    {_team_name(game, team, ru)}:")
                lines.extend(f"      {_card_line(m, view.zones[m], ru)}" for m in team.members)
        for team in sheet.teams:
            lines.append(f"  {_team_name(game, team, ru)}:")
            lines.extend(f"    {_card_line(m, view.zones[m], ru)}" for m in team.members)
    return "\n".join(lines)


# -- SVG ------------------------------------------------------------------------------------
_W = 960
_CARD_W, _CARD_H = 104, 74


def _card_svg(svg: Svg, game: Rules, card: str, zones: Zones, x: float, y: float,
              ru: bool) -> None:
    spec = game.spec_of(card)
    lang = "ru" if ru else "en"
    svg.open("g", class_="character", data_card=card)
    svg.tooltip(_card_line(card, zones, ru))
    svg.rect(x, y, _CARD_W, _CARD_H, rx=5, fill="#fff", stroke=SPEC_FILL[spec], stroke_width=2)
    svg.rect(x, y, _CARD_W, 16, rx=5, fill=SPEC_FILL[spec])
    svg.text(x + 4, y + 12, clip(card_name(card, lang), 19), size=9, fill="#fff",
             font_weight="bold")
    svg.text(x + _CARD_W - 4, y + _CARD_H - 3, card_code(card), size=8, anchor="end",
             fill="#888")
    # Tokens: one row per zone that holds any, a coloured dot and a count per resource.
    rows = [
        ("●", zones.current), ("◧", zones.reserve), ("▾", zones.gifts), ("▴", zones.influence)
    ]
    row = 0
    for mark, counts in rows:
        if counts == EMPTY:
            continue
        cy = y + 28 + 11 * row
        svg.text(x + 4, cy, mark, size=9, fill="#555")
        cx = x + 16
        for r in RESOURCE_ORDER:
            if counts[r.index]:
                svg.circle(cx + 4, cy - 3, 4, fill=RESOURCE_FILL[r])
                svg.text(cx + 10, cy, str(counts[r.index]), size=9)
                cx += 22
        row += 1
    if zones.directed_by is not None:
        svg.text(x + 4, y + _CARD_H - 4, f"→ {zones.directed_by}", size=8, fill="#c0392b")
    svg.close("g")


def render_svg(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_svg`."""
    ru = check_lang(lang) == "ru"
    seat = check_seat(seat, len(state.seats))
    view = game.view(state, seat)
    text = render_text(game, state, seat, lang).splitlines()
    per_row = (_W - 24) // (_CARD_W + 6)
    # Lay out every seat's groups first, to know the height.
    blocks: list[tuple[int, str, list[str]]] = []
    for s, sheet in enumerate(view.seats):
        for corp in sheet.corporations:
            for team in corp.enterprises:
                name = corp.suit.corporation_ru if ru else corp.suit.corporation
                blocks.append((s, f"{name}: {_team_name(game, team, ru)}", list(team.members)))
        for team in sheet.teams:
            blocks.append((s, _team_name(game, team, ru), list(team.members)))
    rows_needed = 0
    for s in range(len(view.seats)):
        cards = sum(len(b[2]) for b in blocks if b[0] == s)
        rows_needed += max(1, -(-cards // per_row))
    market_rows = max(1, -(-len(view.market) // per_row))
    height = 130 + (market_rows + rows_needed) * (_CARD_H + 22) + len(view.seats) * 30
    svg = Svg(_W, height, title=text[0])
    svg.rect(0, 0, _W, height, fill="#f3f1f8")
    svg.text(12, 22, text[0], size=15, font_weight="bold")
    svg.text(12, 40, text[1], size=12, fill="#5b2a86")
    y = 56.0
    if view.offer is not None:
        svg.text(12, y, clip(text[2], 150), size=10, fill="#c0392b")
        y += 14
    deck = f"колода: {len(view.deck)}" if ru else f"deck: {len(view.deck)}"
    svg.text(12, y + 8, ("Рынок труда" if ru else "Labour market") + f" — {deck}", size=12,
             font_weight="bold")
    y += 14
    if not view.market:
        svg.text(12, y + 20, "—", size=12, fill="#888")
    # Where each card is drawn, to point the open offer from its offerer to its target.
    spots: dict[str, tuple[float, float]] = {}
    for i, card in enumerate(view.market):
        spots[card] = (12 + (i % per_row) * (_CARD_W + 6), y + (i // per_row) * (_CARD_H + 22))
        _card_svg(svg, game, card, view.zones[card], *spots[card], ru)
    y += market_rows * (_CARD_H + 22)
    standings = game.score(view)
    mover = game.to_move(view)
    for s, sheet in enumerate(view.seats):
        you = (" (вы)" if ru else " (you)") if s == seat else ""
        held = _counts(_totals(view, _seat_cards(view, s)), ru) or "—"
        food, need = seat_food(sheet, view.zones), _need(game, sheet)
        label = (
            f"Игрок {s}{you}: {plural_ru(standings.points[s], 'очко', 'очка', 'очков')} · "
            f"ресурсы {held} · Еды {food} из {need} нужных"
            if ru else
            f"Seat {s}{you}: {standings.points[s]} points · holds {held} · "
            f"Food {food} of {need} needed"
        )
        svg.text(12, y + 14, label, size=12, font_weight="bold",
                 fill="#5b2a86" if s == mover else "#000")
        y += 22
        i = 0
        for owner, name, members in blocks:
            if owner != s:
                continue
            for j, card in enumerate(members):
                x = 12 + (i % per_row) * (_CARD_W + 6)
                cy = y + (i // per_row) * (_CARD_H + 22)
                if j == 0:
                    svg.text(x, cy + 10, clip(name, 30), size=9, fill="#555")
                spots[card] = (x, cy + 14)
                _card_svg(svg, game, card, view.zones[card], x, cy + 14, ru)
                i += 1
        y += max(1, -(-i // per_row)) * (_CARD_H + 22) + 8
    offer = view.offer
    if offer is not None:
        # The two cards of the open offer: a red frame and a word on each.
        words = (("предлагает", "получает") if ru else ("offers", "offered to"))
        for card, word in zip((offer.offerer, offer.target), words, strict=True):
            if card in spots:
                cx, cy = spots[card]
                svg.rect(cx - 3, cy - 3, _CARD_W + 6, _CARD_H + 6, rx=7, fill="none",
                         stroke="#c0392b", stroke_width=3, class_="offer")
                svg.text(cx + 4, cy + _CARD_H - 3, word, size=8, fill="#c0392b",
                         font_weight="bold")
    # The legend: the zone marks and the resource colours.
    legend = (
        "● сейчас  ◧ запас  ▾ подарки  ▴ влияние" if ru
        else "● this round  ◧ reserve  ▾ gifts  ▴ influence"
    )
    svg.text(12, height - 12, legend, size=10, fill="#555")
    for k, r in enumerate(RESOURCE_ORDER):
        lx = 330 + 90 * k
        svg.circle(lx, height - 16, 5, fill=RESOURCE_FILL[r])
        svg.text(lx + 8, height - 12, r.name_ru if ru else r.value, size=10, fill="#555")
    return svg.finish()
