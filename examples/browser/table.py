"""The page's Python: one table of boardrules in the Web Worker, spoken to in JSON.

worker.js imports this module under Pyodide and calls its functions with one JSON string
(the arguments) and gets one JSON string back. Everything the page shows comes from the
engine: whose turn it is and what is asked, every legal move with its label and notation,
every refusal with its rule and sentence, the table as text, the log and the result.

The agents are reproducible: MCTS searches a fixed number of iterations (never a time
budget), and every agent draws from its own stream derived from the seed, so CPython replays
the saved record to the same end (tests/web/test_browser_example.py checks it).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import boardrules
from boardrules import IllegalAction, Rng, serde
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent, agent_streams

#: The agents the page offers, as the page names them.
AGENTS: dict[str, Any] = {
    "mcts": lambda: MCTSAgent(iterations=100),
    "greedy": GreedyAgent,
    "random": RandomAgent,
}
#: The games the page plays; the person always sits at seat 0.
GAMES = ("semya", "lyceum")
HUMAN = 0

_table: dict[str, Any] = {}


def _game() -> Any:
    return _table["game"]


def _reply(extra: dict[str, Any] | None = None) -> str:
    game, state, lang = _game(), _table["state"], _table["lang"]
    seat = game.to_move(state)
    over = game.is_over(state)
    legal = list(game.legal_actions(state)) if seat == HUMAN else []
    moves = [{"action": serde.to_dict(a), "label": boardrules.describe(game, a, lang),
              "notation": game.format_action(a), "legal": True} for a in legal]
    others = []
    if seat == HUMAN and hasattr(game, "vocabulary"):
        # Everything the person could try, legal or not (in 7Я: every card in hand and
        # every use of the trump): the engine refuses the illegal ones with its reason.
        hand = set(state.hands[HUMAN]) if game.name == "semya" else None
        for action in game.vocabulary():
            if action in legal or hand is None:
                continue
            card = getattr(action, "card", None)
            if card is not None and card not in hand:
                continue
            others.append({"action": serde.to_dict(action),
                           "label": boardrules.describe(game, action, lang),
                           "notation": game.format_action(action), "legal": False})
    standings = game.score(state)
    doc = {
        "game": game.name,
        "seed": _table["seed"],
        "seats": _table["seats"],
        "human": HUMAN,
        "to_move": seat,
        "over": over,
        "moves": moves + others,
        "text": game.render_text(game.view(state, HUMAN), HUMAN, lang)
        if hasattr(game, "render_text") else "",
        "log": [boardrules.describe(game, e, lang)
                for e in game.view_events(tuple(_table["events"]), HUMAN)][-14:],
        "actions": len(_table["actions"]),
        "standings": {"final": standings.final, "winners": list(standings.winners),
                      "points": list(standings.points)},
        "state": serde.to_json(state) if over else None,
    }
    doc.update(extra or {})
    return json.dumps(doc, ensure_ascii=False)


def _run_agents() -> None:
    game = _game()
    for _ in range(game.max_moves()):
        state = _table["state"]
        seat = game.to_move(state)
        if seat is None or seat == HUMAN:
            return
        agent = _table["agents"][seat]
        action = agent.choose(game, game.view(state, seat), seat, _table["streams"][seat])
        _apply(action)


def _apply(action: Any) -> None:
    transition = _game().step(_table["state"], action)
    _table["state"] = transition.state
    _table["events"].extend(transition.events)
    _table["actions"].append(action)


def new_game(args: str) -> str:
    """``{"game", "opponent", "seed", "lang"}``: a new table; the agents move until seat 0."""
    given = json.loads(args)
    name = given.get("game", "semya")
    if name not in GAMES:
        raise ValueError(f"the page plays {', '.join(GAMES)}, not {name!r}")
    opponent = given.get("opponent", "mcts")
    if opponent not in AGENTS:
        raise ValueError(f"the opponent is one of {', '.join(AGENTS)}, not {opponent!r}")
    game = boardrules.load(name)
    seed = int(given.get("seed", 7))
    state = game.new(seed)
    seats = len(game.score(state).points)
    _table.clear()
    _table.update(
        game=game, state=state, seed=seed, lang=given.get("lang", "en"), events=[],
        actions=[], seats=["human"] + [opponent] * (seats - 1),
        agents={seat: AGENTS[opponent]() for seat in range(1, seats)},
        streams=agent_streams(seed, seats),
    )
    _run_agents()
    return _reply()


def play(args: str) -> str:
    """``{"action": {...}}``: the person's move; a refusal comes back as ``refused``."""
    game = _game()
    action = serde.from_dict(json.loads(args)["action"], game.action_type)
    lang = _table["lang"]
    try:
        if game.to_move(_table["state"]) != HUMAN:
            raise ValueError("it is not the person's turn")
        _apply(action)
    except IllegalAction as error:
        violation = error.violation
        return _reply({"refused": {"rule": violation.rule, "code": violation.code,
                                   "message": violation.message(lang)}})
    _run_agents()
    return _reply()


def record(args: str) -> str:
    """The game so far: its record as JSON text (what the page saves, byte for byte), the
    seats, and the state reached as JSON text, for CPython to compare."""
    game = _game()
    text = serde.to_json(game.record(_table["seed"], tuple(_table["actions"])))
    return json.dumps({"record": text, "seats": _table["seats"],
                       "state": serde.to_json(_table["state"])}, ensure_ascii=False)


def selfcheck(args: str) -> str:
    """What the page runs on, and a small study with the default executor (which runs in
    this process here: the platform has no processes or threads)."""
    from boardrules.sim import simulate

    game = boardrules.load("semya")
    study = simulate(game, [GreedyAgent(), RandomAgent()], 4, seed=1)
    return json.dumps({"platform": sys.platform, "python": sys.version.split()[0],
                       "boardrules": boardrules.__version__, "games": study.summary.games,
                       "rng": str(Rng(1).next())})  # as text: JavaScript's numbers are floats
