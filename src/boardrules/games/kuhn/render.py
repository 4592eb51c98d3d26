"""Kuhn poker positions as text and as SVG, drawn from the view of a seat.

Each seat's card (face down where the view hides it), the chips each seat has put in, the
moves so far, and what is asked now. Only ``game.view(state, seat)`` is drawn, so nothing a
seat may not see reaches its picture.

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
from boardrules.display import Svg, check_lang, check_seat
from boardrules.games.kuhn.actions import Call
from boardrules.games.kuhn.content import Card, Stakes
from boardrules.games.kuhn.labels import NAMES
from boardrules.games.kuhn.state import State

__all__ = ["Rules", "asked", "render_svg", "render_text"]


class Rules(Protocol):
    """What the drawing reads of a Kuhn poker game (``kuhn.Game`` offers it)."""

    @property
    def rule_context(self) -> Stakes: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def score(self, state: State) -> Standings: ...
    def to_move(self, state: State) -> int | None: ...
    def accepts(self, state: State) -> Collection[type]: ...


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
    return NAMES[tag][1 if lang == "ru" else 0].lower()


def _lines(game: Rules, state: State, seat: int | None, lang: str) -> list[str]:
    lang = check_lang(lang)
    seat = check_seat(seat, 2)
    words = _WORDS[lang]
    view = game.view(state, seat)
    head = words["spectator"] if seat is None else words["sees"].format(seat)
    lines = [f"{words['title']} — {head}"]
    stakes = game.rule_context
    chips = stakes.facts.paid(stakes, view)
    width = max(len(_card(c, lang)) for c in view.cards)
    for s, card in enumerate(view.cards):
        lines.append(f"  {words['seat']} {s}: {_card(card, lang):<{width}}   "
                     f"{words['pot']}: {chips[s]}")
    moves = ", ".join(_move(m.tag, lang) for m in view.moves) or words["none"]
    lines.append(f"{words['moves']}: {moves}")
    mover = game.to_move(view)
    if mover is not None:
        tags = sorted(tag_of(kind) for kind in game.accepts(view))
        kinds = words["or"].join(_move(tag, lang) for tag in tags)
        lines.append(words["to_move"].format(mover, kinds))
    else:
        standings = game.score(view)
        best = max(standings.points)
        lines.append(words["over"].format(standings.winners[0], best))
    return lines


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
        winner = standings.winners[0]
        won = max(standings.points)
        if ru:
            return f"Раздача окончена: игрок {winner} выигрывает {won}."
        return f"The hand is over: seat {winner} wins {won}."
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
        label = _card(card, check_lang(lang)) if card else "?"
        svg.text(x + 55, 110, label, size=20, anchor="middle",
                 fill="#222" if card else "#fff")
        svg.text(x + 55, 200, lines[1 + s].split(":")[0].strip(), size=13, anchor="middle",
                 fill="#fff")
        svg.close("g")
    svg.text(180, 20, lines[-1], size=12, anchor="middle", fill="#fff")
    return svg.finish()
