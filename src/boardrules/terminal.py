"""Play a game at the terminal against bots: ``boardrules play`` runs :func:`play`.

At each of your decisions the terminal prints the position as your seat sees it
(``game.render_text``), then the legal actions, numbered from 0, each with its label in your
language and its notation in brackets. You answer with

* a number from the list;
* a move in the game's notation (``sun-saturn``, ``draw red``, ``gift all food hos2``; a
  unique beginning of a legal move will do);
* an action as JSON (``{"type": "play_fool"}``), as a front-end would send it;
* ``undo`` to take back your last move (and the bots' moves after it), ``help``, ``quit``.

When the position and the actions do not fit on the screen (``rows`` lines, 50 when the
terminal does not say), the actions come in pages under the position: ``more`` shows the next
page with the position again, ``all`` lists every action; a number or a move from any page is
taken at any time.

A refused move prints its rule ID, why it is refused and the rule's sentence; nothing
changes. At the end the terminal says how the game ended (and the rule behind it), the
standings with the winners, why a winner holds fewer points when it does, and whether you
won or lost. Bad options are refused before the game starts with one line (exit status 2). The
module needs nothing beyond the base install; the ``cli`` extra only adds the command.

>>> import io
>>> lines = iter(["99", "²", "fool", "undo", "quit"])
>>> out = io.StringIO()
>>> play("semya", seed=3, first=0, read=lambda prompt: next(lines), write=out.write)
0
>>> text = out.getvalue()
>>> "no action number 99" in text, "SEM-5" in text, "nothing to undo" in text
(True, True, True)
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from boardrules import serde
from boardrules.agents import agent_names
from boardrules.core.capabilities import HasNotation, Labelled, Rendered
from boardrules.core.errors import BadInput, BoardRulesError
from boardrules.core.registry import load
from boardrules.core.rng import MAX_SEED
from boardrules.core.rules import CORE_RULES
from boardrules.table import HUMAN, Table

__all__ = ["play"]

_HELP = {
    "en": (
        "Type the number of an action, or the move in the notation shown in brackets (a "
        "unique beginning will do), or an action as JSON; 'undo' takes back your last move, "
        "'more' shows the next page of a long list, 'all' every action, 'quit' stops the game."
    ),
    "ru": (
        "Введите номер действия, или ход в записи из скобок (достаточно однозначного начала), "
        "или действие в JSON; «undo» отменяет ваш последний ход, «more» показывает следующую "
        "страницу длинного списка, «all» — все действия, «quit» завершает игру."
    ),
}
_MORE = ("more", "+", "ещё", "еще")
_ALL = ("all", "все")
#: The fewest actions a page shows, however tall the position.
_MIN_PAGE = 3
#: The screen height used when the terminal does not report one (a pipe, a test).
DEFAULT_ROWS = 50
_UNDO = ("undo", "u", "отмена")
_QUIT = ("quit", "q", "exit", "выход")
_ASK = {
    "en": "your move (number, notation, undo, help, quit): ",
    "ru": "ваш ход (номер, запись, undo, help, quit): ",
}


class _Refused(Exception):
    """An option that stops the game before it starts (one line, exit status 2)."""


def _say(write: Callable[[str], object], line: str = "") -> None:
    write(line + "\n")


def _setup(game: Any, players: int | None, first: int | None) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    if players is not None:
        low, high = game.min_players, game.max_players
        if not low <= players <= high:
            seats = f"{low}" if low == high else f"{low} to {high}"
            raise _Refused(f"--players: {game.name} seats {seats} players, not {players}")
        if "players" in {f.name for f in _fields(game.setup_type)}:
            setup["players"] = players
    if first is not None:
        if "first" not in {f.name for f in _fields(game.setup_type)}:
            raise _Refused(f"--first: {game.name} does not take the opening seat")
        setup["first"] = first
    return setup


def _fields(cls: type) -> tuple[Any, ...]:
    return tuple(attrs.fields(cls))


def _agents(spec: str, seats: int) -> list[str]:
    """The agent's name for each seat (``--bots`` names them in turn, from seat 0)."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in agent_names()]
    if unknown or not names:
        raise _Refused(f"--bots: unknown agent {', '.join(unknown) or spec!r}; "
                       f"choose from {', '.join(agent_names())}")
    return [names[i % len(names)] for i in range(seats)]


def _position(game: Any, state: Any, seat: int, lang: str) -> str:
    """The position as ``seat`` sees it: the game's text, else the view's ``repr``."""
    if not isinstance(game, Rendered):
        return repr(game.view(state, seat))
    return game.render_text(state, seat, lang)


def _option(game: Any, action: Any, lang: str) -> str:
    """An action's label and, in brackets, its notation (when the game has them)."""
    label = game.describe_action(action, lang) if isinstance(game, Labelled) else repr(action)
    return f"{label}  [{game.format_action(action)}]" if isinstance(game, HasNotation) else label


def _rule_sentence(game: Any, rule: str, lang: str) -> str | None:
    for book in (CORE_RULES, game.rulebook):
        if rule in book:
            return book.rule(rule).text(lang)
    return None


def play(
    game_name: str | Any,
    *,
    seat: int = 0,
    seed: int | None = None,
    bots: str = "greedy",
    players: int | None = None,
    save: Path | None = None,
    lang: str = "en",
    first: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], object] | None = None,
    rows: int | None = None,
) -> int:
    """Play ``game_name`` against bots at a terminal; returns the exit status.

    Args:
        game_name: a registered game's name, or a game object (say, Lyceum with your own
            content); a game without ``render_text``, ``format_action`` or
            ``describe_action`` is shown by ``repr`` and played by number or JSON.
        seat: your seat.
        seed: the game's seed (default: from the clock).
        bots: agents for the other seats, comma-separated (``random``, ``greedy``, ``mcts``).
        players: the number of seats, for games that take it.
        save: write the game's record here when it stops.
        lang: ``en`` or ``ru``, for the position, the labels and the refusals.
        first: the seat that opens, for games whose setup takes it (7Я).
        read: reads one line of input after a prompt (``input``).
        write: writes text (by default to ``sys.stdout`` as it is at the call).
        rows: the screen's height in lines, for paging long lists of actions (default: the
            terminal's, or 50).

    Returns:
        0 when the game ended or you stopped it, 2 when an option is refused (one line says
        why, before the game starts).
    """
    out = write if write is not None else sys.stdout.write
    if rows is None:
        rows = shutil.get_terminal_size((100, DEFAULT_ROWS)).lines
    try:
        return _play(game_name, seat, seed, bots, players, save, lang, first, read, out, rows)
    except _Refused as refused:
        _say(out, f"error: {refused}")
        return 2


def _play(
    game_name: str | Any,
    seat: int,
    seed: int | None,
    bots: str,
    players: int | None,
    save: Path | None,
    lang: str,
    first: int | None,
    read: Callable[[str], str],
    write: Callable[[str], object],
    rows: int,
) -> int:
    import time

    if lang not in ("en", "ru"):
        raise _Refused(f"--lang: en or ru, not {lang[:20]!r}")
    if isinstance(game_name, str):
        try:
            game = load(game_name)
        except BoardRulesError as error:
            raise _Refused(str(error)) from None
    else:
        game = game_name
    if save is not None and (save.is_dir() or not save.parent.is_dir()):
        raise _Refused(f"--save: cannot write a file at {save}")
    if seed is None:
        seed = int(time.time())
    if not 0 <= seed <= MAX_SEED:
        raise _Refused(f"--seed: a seed is 0 to {MAX_SEED}")
    setup = _setup(game, players, first)
    try:
        seats = game.seat_count(game.new(seed, **setup))
    except BadInput as error:
        raise _Refused(f"setup: {error}") from None
    if not 0 <= seat < seats:
        raise _Refused(f"--seat: this game has seats 0 to {seats - 1}, not {seat}")
    names = _agents(bots, seats)
    try:
        table = Table(game, [HUMAN if s == seat else names[s] for s in range(seats)], seed,
                      lang=lang, **setup)
    except BadInput as error:
        if error.path.startswith("$.seats"):
            raise _Refused(f"--bots: {error.reason}") from None
        raise _Refused(str(error)) from None
    ru = lang == "ru"
    you = f"вы — игрок {seat}." if ru else f"you are seat {seat}."
    _say(write, f"{game.name}, seed {seed}; {you}")
    _say(write, _HELP[lang])
    shown = _bot_moves(game, table, 0, lang, write)  # the agents' moves before yours
    while not table.is_over():
        action = _ask(game, table, seat, lang, read, write, rows)
        if action is None:
            break
        if action is _UNDO_ASKED:
            if table.can_undo():
                table.undo()
                _say(write, "ход отменён" if ru else "move taken back")
            else:
                _say(write, "отменять нечего" if ru else "nothing to undo")
            shown = len(table.moves)
            continue
        table.play(action)  # _ask returns only an action the rules allow
        shown = _bot_moves(game, table, shown + 1, lang, write)
    if table.is_over():
        _say(write, _position(game, table.state, seat, lang))
        events = table.moves[-1].events if table.moves else ()
        _end_screen(game, table.state, events, seat, lang, write)
    else:
        _say(write, "игра остановлена" if ru else "the game stops here")
    if save is not None:
        try:
            save.write_text(serde.to_json(table.record(), indent=2), encoding="utf-8")
        except OSError as error:
            _say(write, f"error: cannot write {save}: {error.strerror}")
            return 1
        _say(write, f"{'запись сохранена в' if ru else 'record saved to'} {save}")
    return 0


def _bot_moves(game: Any, table: Table[Any, Any, Any], start: int, lang: str,
               write: Callable[[str], object]) -> int:
    """Print the agents' moves from move ``start`` on; the number of moves so far."""
    who = "игрок" if lang == "ru" else "seat"
    moves = table.moves
    for move in moves[start:]:
        _say(write, f"{who} {move.seat}: {_option(game, move.action, lang)}")
    return len(moves)


def _end_screen(game: Any, state: Any, events: tuple[Any, ...], seat: int, lang: str,
                write: Callable[[str], object]) -> None:
    """How the game ended and the rule behind it, the standings, why a winner holds fewer
    points than a seat that lost, and whether ``seat`` won."""
    ru = lang == "ru"
    who = "игрок" if ru else "seat"
    _say(write, "Игра окончена." if ru else "Game over.")
    if events and isinstance(game, Labelled):
        last = events[-1]
        _say(write, f"  {game.describe_event(last, lang)}")
        rule = getattr(last, "rule", None)
        sentence = _rule_sentence(game, rule, lang) if isinstance(rule, str) else None
        if sentence is not None:
            _say(write, f"  {rule}: {sentence}")
    standings = game.score(state)
    mark = "  ← победитель" if ru else "  ← winner"
    for standing in sorted(standings, key=lambda s: (s.rank, s.seat)):
        won = mark if standing.seat in standings.winners else ""
        _say(write, f"#{standing.rank} {who} {standing.seat}: {standing.points}{won}")
    winners = ", ".join(map(str, standings.winners)) or "—"
    _say(write, f"{'победители' if ru else 'winners'}: {winners}")
    points = standings.points
    for winner in standings.winners:
        beaten = [s for s in range(len(points))
                  if s not in standings.winners and points[s] > points[winner]]
        if beaten:
            others = ", ".join(map(str, beaten))
            if ru:
                _say(write, f"У победителя (игрок {winner}) меньше очков, чем у игрока "
                            f"{others}: победу решило правило выше, а не очки.")
            else:
                _say(write, f"Seat {winner} wins with fewer points than seat {others}: the "
                            "rule above decides the winner, not the points.")
    if seat in standings.winners and len(standings.winners) > 1:
        _say(write, "Вы делите победу." if ru else "You share the win.")
    elif seat in standings.winners:
        _say(write, "Вы выиграли." if ru else "You won.")
    else:
        _say(write, "Вы проиграли." if ru else "You lost.")


#: What :func:`_ask` returns when you ask to undo.
_UNDO_ASKED: Any = object()


def _read_action(
    game: Any,
    view: Any,
    legal: tuple[Any, ...],
    answer: str,
    ru: bool,
    write: Callable[[str], object],
) -> Any:
    """The action ``answer`` names (a number, JSON or the notation), or ``None`` after a line
    that says why it names none."""
    if answer.isascii() and answer.isdigit():
        number = int(answer)
        if number < len(legal):
            return legal[number]
        last = len(legal) - 1
        if ru:
            _say(write, f"нет действия с номером {answer[:12]}; выберите от 0 до {last}")
        else:
            _say(write, f"no action number {answer[:12]}; choose 0 to {last}")
        return None
    try:
        if answer.startswith("{"):
            return serde.from_json(answer, game.action_type)
        if not isinstance(game, HasNotation):
            raise BadInput("$", "this game has no notation: type a number or JSON")
        return game.parse_action(answer, view)
    except BadInput as error:
        _say(write, f"{'не ход' if ru else 'not a move'}: {error.reason}")
        return None


def _ask(
    game: Any,
    table: Table[Any, Any, Any],
    seat: int,
    lang: str,
    read: Callable[[str], str],
    write: Callable[[str], object],
    rows: int,
) -> Any:
    """Your next action, :data:`_UNDO_ASKED` for undo, or ``None`` to stop."""
    ru = lang == "ru"
    state = table.state
    view = game.view(state, seat)
    legal = table.turn().actions()
    board = _position(game, state, seat, lang)
    shown = _show(game, board, legal, 0, rows, lang, write)
    while True:
        try:
            answer = read(_ASK[lang]).strip()
        except (EOFError, KeyboardInterrupt):  # the end of input or Ctrl-C: stop cleanly
            _say(write)
            return None
        low = answer.lower()
        if not answer:
            continue
        if low in _QUIT:
            return None
        if low in _UNDO:
            return _UNDO_ASKED
        if low in ("help", "h", "?", "помощь"):
            _say(write, _HELP[lang])
            continue
        if low in _MORE:
            shown = _show(game, board, legal, shown if shown < len(legal) else 0, rows, lang,
                          write)
            continue
        if low in _ALL:
            for number, option in enumerate(legal):
                _say(write, f"  {number:>3}  {_option(game, option, lang)}")
            continue
        action = _read_action(game, view, legal, answer, ru, write)
        if action is None:
            continue
        violation = table.check(action)
        if violation is None:
            return action
        refused = "отказ" if ru else "refused"
        _say(write, f"{refused} — {violation.rule}: {violation.message(lang)}")
        sentence = _rule_sentence(game, violation.rule, lang)
        if sentence is not None:
            _say(write, f"  {violation.rule}: {sentence}")


def _show(game: Any, board: str, legal: tuple[Any, ...], start: int, rows: int, lang: str,
          write: Callable[[str], object]) -> int:
    """Print the position and the actions from ``start`` that fit on a screen of ``rows``
    lines (a blank line, the position, the actions, a line about the rest, the prompt);
    returns the number after the last action shown."""
    _say(write)
    _say(write, board)
    room = rows - (board.count("\n") + 1) - 2
    if start == 0 and len(legal) <= room:
        end = len(legal)
    else:
        end = min(len(legal), start + max(_MIN_PAGE, room - 1))
    for number in range(start, end):
        _say(write, f"  {number:>3}  {_option(game, legal[number], lang)}")
    if (start, end) != (0, len(legal)):
        following = "the next ones" if end < len(legal) else "the first ones again"
        if lang == "ru":
            following = "следующие" if end < len(legal) else "снова первые"
            _say(write, f"  показаны {start}–{end - 1} из {len(legal)} действий: «more» — "
                        f"{following}, «all» — все; номер или ход подходят с любой страницы")
        else:
            _say(write, f"  showing {start}–{end - 1} of {len(legal)} actions: 'more' shows "
                        f"{following}, 'all' lists every one; a number or move from any page "
                        "is taken")
    return end
