"""Kuhn poker in words and pictures, drawn from ``game.view(state, seat)`` alone.

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
NAMES = {"check": ("Check", "Чек"), "bet": ("Bet", "Ставка"), "call": ("Call", "Уравнять"),
         "fold": ("Fold", "Сбросить карту")}
register_messages("KUHN", {})  # every refusal is the core's; CORE-3 names KUHN-3's steps:
register_steps("kuhn", {
    "open": ("a move with no bet open (check or bet)", "ход без ставки (чек или ставка)"),
    "respond": ("the answer to a bet (call or fold)",
                "ответ на ставку (уравнять или сбросить карту)"),
}, {**{kind.__name__: NAMES[kind.tag] for kind in (Check, Bet, Call, Fold)},
    "Acted": ("action taken", "ход сделан"), "HandEnded": ("hand over", "раздача окончена")})
_OF = {Card.JACK: "Валета", Card.QUEEN: "Дамы", Card.KING: "Короля"}  # the genitive


class Rules(Protocol):
    """What the words and pictures read of a Kuhn poker game (``kuhn.Game`` offers it)."""

    @property
    def rule_context(self) -> Stakes: ...
    def view(self, state: State, seat: int | None) -> State: ...
    def score(self, state: State) -> Standings: ...
    def to_move(self, state: State) -> int | None: ...
    def accepts(self, state: State) -> Collection[type]: ...


def chips(n: int, ru: bool) -> str:
    """``n`` chips, in Russian in the accusative: ``chips(2, True) == "2 фишки"``."""
    return plural_ru(n, "фишку", "фишки", "фишек") if ru else f"{n} chip{'s' * (n != 1)}"


def label(stakes: Stakes, tag: str, ru: bool) -> str:
    """The label of the action with ``tag``: ``"Bet 1 chip"``, «Ставка: 1 фишка»."""
    name = NAMES[tag][ru]
    if tag not in ("bet", "call"):
        return name
    return f"{name}: {plural_ru(stakes.bet, 'фишка', 'фишки', 'фишек')}" if ru else (
        f"{name} {chips(stakes.bet, False)}")


def describe_event(stakes: Stakes, event: Event, ru: bool) -> str:
    """A short label for an event, for logs and animations."""
    if isinstance(event, Acted):
        return f"{'Игрок' if ru else 'Seat'} {event.seat}: {label(stakes, event.action, ru)}"
    won, who = chips(event.won, ru), event.winner
    if event.shown is None:
        return (f"Игрок {who} забирает банк без вскрытия и выигрывает {won}" if ru else
                f"Seat {who} takes the pot without a showdown and wins {won}")
    a, b = event.shown
    return (f"Вскрытие: {a.name_ru} против {_OF[b]}; игрок {who} выигрывает {won}" if ru else
            f"Showdown: {a.name_en} against {b.name_en}; seat {who} wins {won}")


def _over(game: Rules, view: State, ru: bool) -> tuple[str, str]:
    standings = game.score(view)
    return ", ".join(map(str, standings.winners)) or "—", chips(max(standings.points), ru)


def asked(game: Rules, view: State, lang: str = "en") -> str:
    """What the seat to move is asked, or who won the pot, in one sentence.

    >>> from boardrules.games import kuhn
    >>> game = kuhn.Game()
    >>> asked(game, game.new(seed=1)), asked(game, game.apply(game.new(seed=1), kuhn.Bet()), "ru")
    ('Seat 0 opens: check or bet.', 'Игрок 1 отвечает на ставку: уравнять или сбросить карту.')
    """
    ru = check_lang(lang) == "ru"
    mover = game.to_move(view)
    if mover is None:
        who, won = _over(game, view, ru)
        return f"Раздача окончена: игрок {who} выигрывает {won}." if ru else (
            f"The hand is over: seat {who} wins {won}.")
    if Call in game.accepts(view):
        return (f"Игрок {mover} отвечает на ставку: уравнять или сбросить карту." if ru
                else f"Seat {mover} answers the bet: call or fold.")
    return (f"Игрок {mover} открывает: {_kinds(game, view, ru, sort=False)}." if ru
            else f"Seat {mover} opens: {_kinds(game, view, ru, sort=False)}.")


def _kinds(game: Rules, view: State, ru: bool, sort: bool = True) -> str:
    """The kinds of action the step takes, by name: ``"check or bet"``."""
    tags = [tag_of(kind) for kind in game.accepts(view)]
    return (" или " if ru else " or ").join(
        NAMES[t][ru].lower() for t in (sorted(tags) if sort else tags))


def _lines(game: Rules, state: State, seat: int | None, lang: str) -> list[str]:
    ru = check_lang(lang) == "ru"
    view = game.view(state, check_seat(seat, 2))
    down = "рубашкой вверх" if ru else "face down"
    names = [down if c is None else c.name_ru if ru else c.name_en for c in view.cards]
    stakes = game.rule_context
    paid = stakes.facts.paid(stakes, view)
    head = ("видит зритель" if ru else "a spectator sees") if seat is None else (
        f"видит игрок {seat}" if ru else f"seat {seat} sees")
    lines = [f"{'Покер Куна' if ru else 'Kuhn poker'} — {head}"]
    width = max(map(len, names))
    for s, name in enumerate(names):
        lines.append(f"  {'игрок' if ru else 'seat'} {s}: {name:<{width}}   "
                     f"{'в банке' if ru else 'in the pot'}: {paid[s]}")
    moves = ", ".join(NAMES[m.tag][ru].lower() for m in view.moves) or ("нет" if ru else "none")
    lines.append(f"{'ходы' if ru else 'moves'}: {moves}")
    mover = game.to_move(view)
    if mover is None:
        who, won = _over(game, view, ru)
        return [*lines, f"конец: игрок {who} выигрывает {won}" if ru else (
            f"over: seat {who} wins {won}")]
    kinds = _kinds(game, view, ru)
    return [*lines, f"ходит игрок {mover} ({kinds})" if ru else f"to move: seat {mover} ({kinds})"]


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
        name = "?" if card is None else card.name_ru if lang == "ru" else card.name_en
        svg.text(x + 55, 110, name, size=20, anchor="middle", fill="#222" if card else "#fff")
        svg.text(x + 55, 200, lines[1 + s].split(":")[0].strip(), size=13, anchor="middle",
                 fill="#fff")
        svg.close("g")
    svg.text(180, 20, lines[-1], size=12, anchor="middle", fill="#fff")
    return svg.finish()
