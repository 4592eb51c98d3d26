"""7Я positions as text and as SVG, drawn from what a seat sees (``game.view``).

Both show the same data: whose move it is and what it must answer, each seat's trump and
points, the chain of plays on the table (the latest last) and both hands. A position built
from a description (``Game.position``) may start after plays whose order nobody gave: both
say how many there were and that their order is not known, and number the moves after them.
7Я hides nothing (SEM-11), so both hands are open; a game with hidden hands would show the
other face down. Symbols are drawn in their colours (the rulebook's Sun orange, Saturn red,
Venus violet; ours for the other four).

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> state = game.apply(game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
>>> print(render_text(game, state).splitlines()[1])
Answer: a card that starts on Saturn (red, Villain)
"""

from __future__ import annotations

import functools
from typing import Protocol

from boardrules.core.standings import Standing, Standings, standings_sentence
from boardrules.display import Svg, check_lang, check_seat, clip, plural_ru
from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.content import Card, Suit, Symbol
from boardrules.games.semya.state import State, Trump

__all__ = [
    "SYMBOL_COLOURS", "Rules", "earlier_line", "points_label", "render_svg", "render_text",
]


class Rules(Protocol):
    """What the drawing reads of a 7Я game (``semya.Game`` offers it)."""

    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def hidden_information(self) -> bool: ...
    def card(self, card_id: str) -> Card: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def to_move(self, state: State) -> int | None: ...
    def is_over(self, state: State) -> bool: ...
    def demand(self, state: State) -> Symbol | None: ...
    def score(self, state: State) -> Standings: ...
    def legal_actions(self, state: State) -> tuple[Action, ...]: ...
    def result_sentence(self, state: State, lang: str = "en") -> str: ...
    def breakdown_label(self, key: str, lang: str = "en") -> str: ...

#: The colour of each symbol's circle, as drawn (SVG colours).
SYMBOL_COLOURS: dict[Symbol, str] = {
    Symbol.SUN: "#f28c28",  # orange (rulebook)
    Symbol.MOON: "#7ec8e3",  # light blue
    Symbol.MERCURY: "#e6c619",  # yellow
    Symbol.VENUS: "#8e44ad",  # violet (rulebook)
    Symbol.MARS: "#1f4fd1",  # blue
    Symbol.JUPITER: "#2e9e44",  # green
    Symbol.SATURN: "#d62728",  # red (rulebook)
}

_TRUMP = {
    Trump.HELD: ("held", "на руке"),
    Trump.LORD: ("gone out as the Lord", "сыгран как Владыка"),
    Trump.FOOL: ("gone out as the Fool", "сыгран как Дурень"),
}


def _symbol(symbol: Symbol, ru: bool) -> str:
    return symbol.name_ru if ru else symbol.name_en


def _demand_line(game: Rules, view: State, ru: bool) -> str:
    if game.is_over(view):
        return ("Игра окончена: " if ru else "Game over: ") + _winners(game, view, ru)
    if not view.table:
        return "Ход: первая карта — любая карта чувства" if ru else (
            "Answer: the opening move, any feeling card"
        )
    need = game.demand(view)
    if need is None:
        lord = any(isinstance(a, PlayLord) for a in game.legal_actions(view))
        if ru:
            return "Ответ: любая карта чувства" + (
                " или Козырь-Владыка (последней была чёрная)" if lord else ""
            )
        return "Answer: any feeling card" + (
            ", or the trump as the Lord (the last play was black)" if lord else ""
        )
    if ru:
        return (
            f"Ответ: карта, которая начинается с символа {need.name_ru} "
            f"({need.colour_ru}, {need.role_ru})"
        )
    return f"Answer: a card that starts on {need.name_en} ({need.colour}, {need.role})"


def _winners(game: Rules, view: State, ru: bool) -> str:
    """Who won a finished game (the rules' standings), and why when SEM-9 decided it."""
    winners = game.score(view).winners
    if view.loser is not None:
        if ru:
            return f"игроку {view.loser} нечем ответить, победил игрок {1 - view.loser}"
        return f"seat {view.loser} has no answer; seat {1 - view.loser} wins"
    if not winners:
        return "победителя нет" if ru else "no winner"
    seats = ", ".join(map(str, winners))
    return (f"победил игрок {seats}" if ru else f"seat {seats} wins") if len(winners) == 1 else (
        f"победили игроки {seats}" if ru else f"seats {seats} win"
    )


def step_name(game: Rules, view: State) -> str:
    """The step of ``view``: ``"lead"`` (the first card), ``"answer"``, or ``"over"``."""
    if game.is_over(view):
        return "over"
    return "answer" if view.table else "lead"


def asked(game: Rules, view: State, lang: str = "en") -> str:
    """What the seat to move is asked in ``view``, or how the game ended, in one sentence.

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> state = game.new(seed=1, first=0)
    >>> asked(game, state)
    'Seat 0 leads: any feeling card.'
    >>> asked(game, game.apply(state, semya.PlayCard("sun-saturn")), "ru")
    'Игрок 1 отвечает: карта, которая начинается с символа Сатурн (красный, Злодей).'
    """
    ru = check_lang(lang) == "ru"
    mover = game.to_move(view)
    if mover is None:
        return game.result_sentence(view, lang)
    if not view.table:
        if ru:
            return f"Игрок {mover} открывает игру: любая карта чувства."
        return f"Seat {mover} leads: any feeling card."
    line = _demand_line(game, view, ru).partition(": ")[2]
    return f"Игрок {mover} отвечает: {line}." if ru else f"Seat {mover} answers: {line}."


def result_sentence(game: Rules, view: State, lang: str = "en") -> str:
    """How a finished game ended and why its winner wins, in one sentence (SEM-9, SEM-10):
    the loser had no answer, and that decides the game whatever the points.

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> state = game.new(seed=1, first=0)
    >>> result_sentence(game, state)
    'The game goes on.'
    """
    ru = check_lang(lang) == "ru"
    loser = view.loser
    if not game.is_over(view):
        return "Игра продолжается." if ru else "The game goes on."
    if loser is None:  # ended by a variant's rule: say who won by its standings
        return standings_sentence(game.score(view), lang, over=True)
    winner = 1 - loser
    points = game.score(view).points
    if ru:
        text = (
            f"Игроку {loser} нечем ответить, и он проигрывает (SEM-9); победил игрок {winner}"
        )
        if points[winner] < points[loser]:
            text += (
                f", хотя у него {plural_ru(points[winner], 'очко', 'очка', 'очков')} против "
                f"{points[loser]}: победу решает ответ, а не очки (SEM-10)"
            )
        return text + "."
    text = f"Seat {loser} has no answer and loses (SEM-9); seat {winner} wins"
    if points[winner] < points[loser]:
        text += (
            f" with {points[winner]} points against {points[loser]}: the answer decides the "
            "game, not the points (SEM-10)"
        )
    return text + "."


def earlier_line(view: State, lang: str = "en") -> str | None:
    """What the position says of the plays made before its table, in an order not known
    (a position built by ``Game.position``), or ``None`` when every play is on the table.

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> state = game.position(hands=[["mars-sun"], ["sun-venus"]],
    ...                       table=[semya.PlayCard("jupiter-mars")], to_move=0)
    >>> earlier_line(state)
    'Earlier: 39 plays, order not known — seat 0: 20 cards, seat 1: 19 cards'
    >>> earlier_line(state, "ru")
    'Раньше: 39 ходов, порядок неизвестен — игрок 0: 20 карт, игрок 1: 19 карт'
    >>> earlier_line(game.new(seed=1)) is None
    True
    """
    ru = check_lang(lang) == "ru"
    count = view.earlier_plays
    if not count:
        return None
    parts = []
    for s in (0, 1):
        n = len(view.earlier[s])
        cards = plural_ru(n, "карта", "карты", "карт") if ru else (
            f"{n} card" if n == 1 else f"{n} cards"
        )
        if view.trump_went_earlier(s):
            cards += " и Козырь" if ru else " and the trump"
        parts.append(f"{'игрок' if ru else 'seat'} {s}: {cards}")
    if ru:
        return (
            f"Раньше: {plural_ru(count, 'ход', 'хода', 'ходов')}, порядок неизвестен — "
            + ", ".join(parts)
        )
    plays = "1 play" if count == 1 else f"{count} plays"
    return f"Earlier: {plays}, order not known — " + ", ".join(parts)


def _play_text(game: Rules, action: Action, ru: bool) -> str:
    if isinstance(action, PlayCard):
        return _card_text(game.card(action.card), ru)
    if isinstance(action, PlayLord):
        named = _symbol(action.named, ru)
        return f"Козырь-Владыка, назван {named}" if ru else f"the trump as the Lord, naming {named}"
    return "Козырь-Дурень (чёрная)" if ru else "the trump as the Fool (black)"


def _card_text(card: Card, ru: bool) -> str:
    suit = ("белая" if card.suit is Suit.WHITE else "чёрная") if ru else card.suit.value
    name = card.name_ru if ru else card.name_en
    ends = f"{_symbol(card.start, ru)} → {_symbol(card.end, ru)}"
    return f"«{name}» {ends}, {suit}, {card.points}"


def points_label(game: Rules, standing: Standing, ru: bool) -> str:
    """A seat's points and what they count, part by part, as the rules' standings break
    them down (SEM-10: the cards left in hand, black ones too, and the trump).

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> points_label(game, game.score(game.new(seed=1))[0], False)
    '43 points (cards in hand (black ones too) 43, trump (the Fool −1) 0)'
    """
    parts = ", ".join(
        f"{game.breakdown_label(key, 'ru' if ru else 'en')} {value}"
        for key, value in standing.breakdown.items()
    )
    total = plural_ru(standing.points, "очко", "очка", "очков") if ru else (
        f"{standing.points} point" if standing.points == 1 else f"{standing.points} points"
    )
    return f"{total} ({parts})" if parts else total


def render_text(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_text`."""
    ru = check_lang(lang) == "ru"
    seat = check_seat(seat, 2)
    view = game.view(state, seat)
    mover = game.to_move(view)
    made = view.earlier_plays + len(view.table)
    moves = made + (0 if mover is None else 1)
    title = "7Я «Со-ратники»"
    if mover is None:
        head = f"{title} — {'конец после хода' if ru else 'over after move'} {made}"
    else:
        who = f"ходит игрок {mover}" if ru else f"seat {mover} to play"
        head = f"{title} — {'ход' if ru else 'move'} {moves}, {who}"
    lines = [head, _demand_line(game, view, ru)]
    standings = game.score(view)
    for s in (0, 1):
        you = (" (вы)" if ru else " (you)") if s == seat else ""
        trump = _TRUMP[view.trumps[s]][1 if ru else 0]
        label = "Игрок" if ru else "Seat"
        pts = points_label(game, standings[s], ru)
        trump_word = "Козырь" if ru else "trump"
        lines.append(f"{label} {s}{you}: {trump_word} {trump}; {pts}")
        lines.extend(_hand_lines(game, view, s, seat, ru))
    shown = view.table[-8:]
    earlier = earlier_line(view, lang)
    if earlier is not None:
        lines.append(earlier)
    if view.table:
        later = "" if len(shown) == len(view.table) else (
            f" (последние {len(shown)} из {len(view.table)})" if ru
            else f" (last {len(shown)} of {len(view.table)})"
        )
        lines.append(("На столе" if ru else "Table") + later + ":")
        first = made - len(shown) + 1
        for i, play in enumerate(shown, first):
            label = "игрок" if ru else "seat"
            lines.append(f"  {i:>2}. {label} {play.seat}: {_play_text(game, play.action, ru)}")
    return "\n".join(lines)


def _hand_lines(game: Rules, view: State, s: int, seat: int | None, ru: bool) -> list[str]:
    hand = view.hands[s]
    if game.hidden_information and seat is not None and s != seat:
        return [f"  {'карт на руке' if ru else 'cards in hand'}: {len(hand)}"]
    if not hand:
        return [f"  {'рука пуста' if ru else 'empty hand'}"]
    held = set(hand)
    out = []
    for symbol in Symbol:
        cells = [
            f"{'○' if c.suit is Suit.WHITE else '●'} {c.id} ({c.points})"
            for c in game.deck
            if c.start is symbol and c.id in held
        ]
        if cells:
            out.append(f"  {_symbol(symbol, ru):<9} " + "   ".join(cells))
    return out


# -- SVG ------------------------------------------------------------------------------------
_W = 900
_CARD_W, _CARD_H = 120, 46


def _card_svg(svg: Svg, card: Card, x: float, y: float, ru: bool, faded: bool = False) -> None:
    svg.place(_card_face(card, ru), x, y, opacity=0.22 if faded else None,
              class_="card " + card.suit.value, data_card=card.id)


@functools.lru_cache(maxsize=256)
def _card_face(card: Card, ru: bool) -> str:
    """A card drawn at (0, 0): the same for every position, so drawn once (a 7Я picture
    holds about fifty cards: 1,211 to 340 µs a picture, benchmarks/render_speed.py)."""
    svg = Svg(_CARD_W, _CARD_H)
    black = card.suit is Suit.BLACK
    svg.tooltip(card.describe("ru" if ru else "en"))
    svg.rect(0, 0, _CARD_W, _CARD_H, rx=5, fill="#222" if black else "#fff", stroke="#333")
    svg.circle(10, 10, 6, fill=SYMBOL_COLOURS[card.start], stroke="#000", stroke_width=0.5)
    svg.circle(_CARD_W - 10, 10, 6, fill=SYMBOL_COLOURS[card.end], stroke="#000",
               stroke_width=0.5)
    ink = "#fff" if black else "#000"
    svg.text(_CARD_W / 2, 14, "→", size=11, anchor="middle", fill=ink)
    svg.text(6, 30, clip(card.name_ru if ru else card.name_en, 20), size=9, fill=ink)
    svg.text(6, 41, card.id, size=8, fill="#999" if black else "#666")
    svg.text(_CARD_W - 6, 41, str(card.points), size=11, anchor="end", fill=ink,
             font_weight="bold")
    return svg.body()


def render_svg(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """See :meth:`Game.render_svg`."""
    ru = check_lang(lang) == "ru"
    seat = check_seat(seat, 2)
    view = game.view(state, seat)
    text = render_text(game, state, seat, lang).splitlines()
    hand_h = 3 * (_CARD_H + 4)
    height = 60 + 2 * (hand_h + 30) + 30 + _CARD_H + 20
    svg = Svg(_W, height, title=text[0])
    svg.rect(0, 0, _W, height, fill="#f7f3ea")
    svg.text(12, 22, text[0], size=15, font_weight="bold")
    need = game.demand(view) if view.table and not game.is_over(view) else None
    if need is not None:
        svg.circle(20, 38, 8, fill=SYMBOL_COLOURS[need], stroke="#000", stroke_width=0.5)
        svg.text(34, 42, text[1], size=12)
    else:
        svg.text(12, 42, text[1], size=12)
    y = 56.0
    points = game.score(view).points
    for s in (0, 1):
        you = (" (вы)" if ru else " (you)") if s == seat else ""
        trump = _TRUMP[view.trumps[s]][1 if ru else 0]
        label = (
            f"{'Игрок' if ru else 'Seat'} {s}{you} — {'Козырь' if ru else 'trump'} {trump}, "
            + (plural_ru(points[s], "очко", "очка", "очков") if ru else f"{points[s]} points")
        )
        mover = game.to_move(view) == s
        svg.text(12, y + 14, label, size=12, font_weight="bold" if mover else None,
                 fill="#5b2a86" if mover else "#000")
        held = set(view.hands[s])
        hidden = game.hidden_information and seat is not None and s != seat
        columns: dict[Symbol, int] = {}
        for card in game.deck:
            column = list(Symbol).index(card.start)
            row = columns.get(card.start, 0)
            columns[card.start] = row + 1
            cx = 12 + column * (_CARD_W + 5)
            cy = y + 22 + row * (_CARD_H + 4)
            if hidden and card.id in held:
                svg.rect(cx, cy, _CARD_W, _CARD_H, rx=5, fill="#5b2a86", stroke="#333")
            elif not hidden:
                _card_svg(svg, card, cx, cy, ru, faded=card.id not in held)
        y += hand_h + 30
    svg.text(12, y + 12, ("На столе" if ru else "Table") + ":", size=12, font_weight="bold")
    earlier = earlier_line(view, lang)
    if earlier is not None:
        svg.text(90, y + 12, earlier, size=11, fill="#5b2a86", class_="earlier")
    x = 12.0
    for play in view.table[-7:]:
        action = play.action
        if isinstance(action, PlayCard):
            _card_svg(svg, game.card(action.card), x, y + 18, ru)
        else:
            named = action.named if isinstance(action, PlayLord) else None
            svg.rect(x, y + 18, _CARD_W, _CARD_H, rx=5, fill="#fff" if named else "#222",
                     stroke="#5b2a86", stroke_width=2)
            word = ("Владыка" if ru else "Lord") if named else ("Дурень" if ru else "Fool")
            svg.text(x + 8, y + 36, word, size=11, fill="#000" if named else "#fff",
                     font_weight="bold")
            if named is not None:
                svg.circle(x + _CARD_W - 14, y + 32, 7, fill=SYMBOL_COLOURS[named])
                svg.text(x + 8, y + 54, _symbol(named, ru), size=9)
        svg.text(x + 2, y + 18 + _CARD_H + 12, f"{'игрок' if ru else 'seat'} {play.seat}", size=9)
        x += _CARD_W + 5
    return svg.finish()
