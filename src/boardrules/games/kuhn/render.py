"""Kuhn poker in words and pictures: labels, CORE-3's step names, the question asked, and
the position as text and SVG, drawn from ``game.view(state, seat)`` alone.

>>> from boardrules.games import kuhn
>>> game = kuhn.Game()
>>> state = game.new(seed=7, deal=(kuhn.Card.KING, kuhn.Card.JACK))
>>> print(game.render_text(game.apply(state, kuhn.Bet()), seat=1))
Kuhn poker — seat 1 sees
  seat 0: face down   in the pot: 2
  seat 1: Jack        in the pot: 1
moves: bet
to move: seat 1 (call or fold)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from boardrules.core.codec import tag_of
from boardrules.core.standings import Standings
from boardrules.core.violation import register_messages, register_steps
from boardrules.display import Svg, check_lang, check_seat, plural_ru
from boardrules.games.kuhn.content import Acted, Bet, Call, Card, Check, Event, Fold, Stakes, State

__all__ = ["NAMES", "Rules", "asked", "chips", "describe_event", "label", "render_svg",
           "render_text"]

#: Each kind of action's name in English and Russian, by its tag.
NAMES: dict[str, tuple[str, str]] = {
    Check.tag: ("Check", "Чек"),
    Bet.tag: ("Bet", "Ставка"),
    Call.tag: ("Call", "Уравнять"),
    Fold.tag: ("Fold", "Сбросить карту"),
}
# Every refusal is the core's; CORE-3 names the step waiting (KUHN-3's) and the kinds.
register_messages("KUHN", {})
register_steps(
    "kuhn",
    {"open": ("a move with no bet open (check or bet)", "ход без ставки (чек или ставка)"),
     "respond": ("the answer to a bet (call or fold)",
                 "ответ на ставку (уравнять или сбросить карту)")},
    {kind.__name__: NAMES[kind.tag] for kind in (Check, Bet, Call, Fold)},
)


class Rules(Protocol):
    """What the words and pictures read of a Kuhn poker game (``kuhn.Game`` offers it)."""

    @property
    def rule_context(self) -> Stakes: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def score(self, state: State) -> Standings: ...
    def to_move(self, state: State) -> int | None: ...
    def accepts(self, state: State) -> Collection[type]: ...


def chips(n: int, ru: bool) -> str:
    """``n`` chips, in Russian in the accusative («выигрывает 1 фишку»).

    >>> chips(1, False), chips(1, True), chips(2, True), chips(5, True)
    ('1 chip', '1 фишку', '2 фишки', '5 фишек')
    """
    return plural_ru(n, "фишку", "фишки", "фишек") if ru else f"{n} chip{'s' * (n != 1)}"


def label(stakes: Stakes, tag: str, ru: bool) -> str:
    """The label of the action with ``tag``: ``"Bet 1 chip"``, «Ставка: 1 фишка»."""
    name = NAMES[tag][ru]
    if tag not in (Bet.tag, Call.tag):
        return name
    return f"{name}: {plural_ru(stakes.bet, 'фишка', 'фишки', 'фишек')}" if ru else (
        f"{name} {chips(stakes.bet, False)}")


def describe_event(stakes: Stakes, event: Event, ru: bool) -> str:
    """A short label for an event, for logs and animations."""
    if isinstance(event, Acted):
        return f"{'Игрок' if ru else 'Seat'} {event.seat}: {label(stakes, event.action, ru)}"
    won = chips(event.won, ru)
    if event.shown is None:
        if ru:
            return f"Игрок {event.winner} забирает банк без вскрытия и выигрывает {won}"
        return f"Seat {event.winner} takes the pot without a showdown and wins {won}"
    a, b = event.shown
    if ru:
        return f"Вскрытие: {a.name_ru} против {_GENITIVE[b]}; игрок {event.winner} выигрывает {won}"
    return f"Showdown: {a.name_en} against {b.name_en}; seat {event.winner} wins {won}"


_GENITIVE = {Card.JACK: "Валета", Card.QUEEN: "Дамы", Card.KING: "Короля"}
_WORDS = {
    "en": {"title": "Kuhn poker", "sees": "seat {} sees", "spectator": "a spectator sees",
           "down": "face down", "pot": "in the pot", "moves": "moves", "none": "none",
           "to_move": "to move: seat {} ({})", "or": " or ", "over": "over: seat {} wins {}",
           "seat": "seat"},
    "ru": {"title": "Покер Куна", "sees": "видит игрок {}", "spectator": "видит зритель",
           "down": "рубашкой вверх", "pot": "в банке", "moves": "ходы", "none": "нет",
           "to_move": "ходит игрок {} ({})", "or": " или ", "over": "конец: игрок {} выигрывает {}",
           "seat": "игрок"},
}


def _card(card: Card | None, lang: str) -> str:
    if card is None:
        return _WORDS[lang]["down"]
    return card.name_ru if lang == "ru" else card.name_en


def _move(tag: str, lang: str) -> str:
    return NAMES[tag][lang == "ru"].lower()


def _lines(game: Rules, state: State, seat: int | None, lang: str) -> list[str]:
    lang = check_lang(lang)
    words = _WORDS[lang]
    view = game.view(state, check_seat(seat, 2))
    lines = [f"{words['title']} — "
             + (words["spectator"] if seat is None else words["sees"].format(seat))]
    stakes = game.rule_context
    paid = stakes.facts.paid(stakes, view)
    width = max(len(_card(c, lang)) for c in view.cards)
    for s, card in enumerate(view.cards):
        lines.append(f"  {words['seat']} {s}: {_card(card, lang):<{width}}   "
                     f"{words['pot']}: {paid[s]}")
    lines.append(f"{words['moves']}: "
                 + (", ".join(_move(m.tag, lang) for m in view.moves) or words["none"]))
    mover = game.to_move(view)
    if mover is None:
        standings = game.score(view)
        winners = ", ".join(map(str, standings.winners)) or "—"
        return [*lines, words["over"].format(winners, max(standings.points))]
    tags = sorted(tag_of(kind) for kind in game.accepts(view))
    return [*lines, words["to_move"].format(mover, words["or"].join(_move(t, lang) for t in tags))]


def asked(game: Rules, view: State, lang: str = "en") -> str:
    """What the seat to move is asked, or who won the pot, in one sentence.

    >>> from boardrules.games import kuhn
    >>> game = kuhn.Game()
    >>> asked(game, game.new(seed=1))
    'Seat 0 opens: check or bet.'
    >>> asked(game, game.apply(game.new(seed=1), kuhn.Bet()), "ru")
    'Игрок 1 отвечает на ставку: уравнять или сбросить карту.'
    """
    ru = check_lang(lang) == "ru"
    mover = game.to_move(view)
    if mover is None:
        standings = game.score(view)
        won, who = chips(max(standings.points), ru), ", ".join(map(str, standings.winners)) or "—"
        return (f"Раздача окончена: игрок {who} выигрывает {won}." if ru
                else f"The hand is over: seat {who} wins {won}.")
    tags = [tag_of(kind) for kind in game.accepts(view)]
    if Call.tag in tags:
        return (f"Игрок {mover} отвечает на ставку: уравнять или сбросить карту." if ru
                else f"Seat {mover} answers the bet: call or fold.")
    if ru:
        return f"Игрок {mover} открывает: {' или '.join(_move(t, 'ru') for t in tags)}."
    return f"Seat {mover} opens: {' or '.join(tags)}."


def render_text(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """The position as ``seat`` sees it (``None``: a spectator), as lines of text."""
    return "\n".join(_lines(game, state, seat, lang))


def render_svg(game: Rules, state: State, seat: int | None = None, lang: str = "en") -> str:
    """The position as ``seat`` sees it, as an SVG document: two cards and the pot."""
    lines = _lines(game, state, seat, lang)
    view = game.view(state, check_seat(seat, 2))
    svg = Svg(360, 220, lines[0])
    svg.rect(0, 0, 360, 220, fill="#1b5e20")
    for s, card in enumerate(view.cards):
        x = 40 + s * 170
        svg.open("g")
        svg.tooltip(lines[1 + s].strip())
        svg.rect(x, 30, 110, 150, rx=10, fill="#fffdf7" if card else "#283593", stroke="#222")
        svg.text(x + 55, 110, _card(card, check_lang(lang)) if card else "?", size=20,
                 anchor="middle", fill="#222" if card else "#fff")
        svg.text(x + 55, 200, lines[1 + s].split(":")[0].strip(), size=13, anchor="middle",
                 fill="#fff")
        svg.close("g")
    svg.text(180, 20, lines[-1], size=12, anchor="middle", fill="#fff")
    return svg.finish()
