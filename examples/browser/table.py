"""The page's Python: one table of boardrules in the Web Worker, spoken to in JSON.

worker.js imports this module under Pyodide and calls its functions with one JSON string
(the arguments) and gets one JSON string back. Everything the page shows comes from the
engine, through one ``boardrules.Table``: whose turn it is and what is asked (the table's
``turn()``), every legal move with its label and notation, every refusal with its rule and
sentence, undo and redo, the table as text, the log and the result.

The agents are named (``"mcts"``, ``"greedy"``, ...) and reproducible: MCTS searches a fixed
number of iterations (200 by default, never a time budget), and the table derives each agent
decision's stream from the seed, the seat and the move. The saved record keeps who sat where,
so CPython's ``Table.from_record`` gives the same table, and the same clicks on a CPython
table give the same replies (tests/web/test_browser_example.py checks both).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import boardrules
from boardrules import GameRecord, IllegalAction, Rng, Table, serde
from boardrules.agents import GreedyAgent, RandomAgent, agent_names
from boardrules.core.turn import choice_of

#: The games the page plays; the person always sits at seat 0, agents at the others.
GAMES = ("semya", "lyceum")
HUMAN = 0

_page: dict[str, Any] = {}


def _table() -> Table[Any, Any, Any]:
    table: Table[Any, Any, Any] = _page["table"]
    return table


def _tries(table: Table[Any, Any, Any], legal: list[Any]) -> list[dict[str, Any]]:
    """In 7Я, what else the person could try (every other card in hand, every other use of
    the trump): the page offers it too, and the engine refuses it with its reason."""
    game: Any = table.game
    state = table.state
    if game.name != "semya" or table.to_move() != HUMAN:
        return []
    hand = set(state.hands[HUMAN])
    tries = []
    for action in game.vocabulary():
        card = getattr(action, "card", None)
        if action in legal or (card is not None and card not in hand):
            continue
        choice = choice_of(game, action, table.lang)
        tries.append({"action": serde.to_dict(action), "label": choice.label,
                      "notation": choice.notation, "legal": False})
    return tries


def _reply(extra: dict[str, Any] | None = None) -> str:
    """What the page draws: the turn (the document ``serde.to_dict(table.turn())``), the
    moves to offer, the table as the person sees it, the log, and the result (the document
    ``serde.to_dict(game.result(state))``: places, labelled points and a sentence)."""
    table = _table()
    game: Any = table.game
    lang = table.lang
    turn = table.turn()
    mine = turn.seat == HUMAN
    moves = [{"action": serde.to_dict(c.action), "label": c.label, "notation": c.notation,
              "legal": True} for c in turn.moves] if mine else []
    doc = {
        "game": game.name,
        "seed": table.seed,
        "seats": list(table.seats),
        "human": HUMAN,
        "turn": serde.to_dict(turn),
        "to_move": turn.seat,
        "over": turn.over,
        "moves": moves + _tries(table, list(turn.actions()) if mine else []),
        "text": game.render_text(game.view(table.state, HUMAN), HUMAN, lang),
        "log": [boardrules.describe(game, event, lang)
                for move in table.moves for event in move.events][-14:],
        "actions": len(table.moves),
        "can_undo": table.can_undo(),
        "can_redo": table.can_redo(),
        "result": serde.to_dict(game.result(table.state, lang)),
    }
    doc.update(extra or {})
    return json.dumps(doc, ensure_ascii=False)


def new_game(args: str) -> str:
    """``{"game", "opponent", "seed", "lang"}``: a new table, a person at seat 0 and the
    opponent agent (by name) at the others; the agents move until the person must act."""
    given = json.loads(args)
    name = given.get("game", "semya")
    if name not in GAMES:
        raise ValueError(f"the page plays {', '.join(GAMES)}, not {name!r}")
    opponent = given.get("opponent", "mcts")
    if opponent not in agent_names():
        raise ValueError(f"the opponent is one of {', '.join(agent_names())}, not {opponent!r}")
    seed = int(given.get("seed", 7))
    game = boardrules.load(name)
    seats = game.seat_count(game.new(seed))
    _page["table"] = Table(game, seats=["human"] + [opponent] * (seats - 1), seed=seed,
                           lang=given.get("lang", "en"))
    return _reply()


def play(args: str) -> str:
    """``{"action": {...}}``: the person's move, then the agents' answers; a refusal comes
    back as ``refused`` (the rule, its code and ``violation.sentence``) and changes nothing."""
    table = _table()
    action = serde.from_dict(json.loads(args)["action"], table.game.action_type)
    try:
        table.play(action)
    except IllegalAction as error:
        violation = error.violation
        return _reply({"refused": {"rule": violation.rule, "code": violation.code,
                                   "sentence": violation.sentence(table.lang)}})
    return _reply()


def set_lang(args: str) -> str:
    """``{"lang": "ru"}``: the table speaks that language from now on (the turn, the labels,
    the table, the log and the result of this very reply): a switch takes effect at once."""
    _table().lang = json.loads(args)["lang"]
    return _reply()


def undo(args: str) -> str:
    """Back to the person's previous decision."""
    _table().undo()
    return _reply()


def redo(args: str) -> str:
    """Play again what undo took back."""
    _table().redo()
    return _reply()


def record(args: str) -> str:
    """The game so far: its record as JSON text (what the page saves, byte for byte, with
    who sat where), and the state reached as JSON text, for CPython to compare."""
    table = _table()
    return json.dumps({"record": serde.to_json(table.record()),
                       "state": serde.to_json(table.state)}, ensure_ascii=False)


def load(args: str) -> str:
    """``{"record": "..."}``: the table of a saved record (its seats' agents included)."""
    text = json.loads(args)["record"]
    _page["table"] = Table.from_record(serde.from_json(text, GameRecord))
    return _reply()


def selfcheck(args: str) -> str:
    """What the page runs on, and a small study with the default executor (which runs in
    this process here: the platform has no processes or threads)."""
    from boardrules.sim import simulate

    game = boardrules.load("semya")
    study = simulate(game, [GreedyAgent(), RandomAgent()], 4, seed=1)
    return json.dumps({"platform": sys.platform, "python": sys.version.split()[0],
                       "boardrules": boardrules.__version__, "games": study.summary.games,
                       "rng": str(Rng(1).next())})  # as text: JavaScript's numbers are floats
