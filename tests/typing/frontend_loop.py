"""A whole terminal front-end on ``boardrules.Table``, for any game: the loop of the tutorial
"Build your own front-end".

``make types`` checks this file under ``mypy --strict`` (no casts, no ignores), with the game
known only by its name at run time; tests/test_frontend_loop.py plays every bundled game
with it. Run it yourself: ``python tests/typing/frontend_loop.py kuhn``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import boardrules
from boardrules import BadInput, IllegalAction, Table


def play(
    name: str,
    seed: int = 7,
    lang: str = "en",
    read: Callable[[str], str] = input,
    write: Callable[[str], object] = print,
) -> int:
    """Play ``name`` at seat 0 against greedy agents; returns the number of moves made."""
    game = boardrules.load(name)
    table = Table(game, seed=seed, lang=lang)  # seat 0: you; every other seat: "greedy"
    table.on_event(lambda event: write("  " + game.describe_event(event, lang)))
    while not table.is_over():
        turn = table.turn()
        write(game.render_text(table.state, turn.seat, lang))
        write(turn.asked)
        for number, move in enumerate(turn.moves):
            write(f"{number:>3}  {move.label}  [{move.notation}]")
        answer = read("> ").strip()
        if answer in ("", "quit"):
            break
        if answer == "undo":
            if table.can_undo():
                table.undo()
            continue
        try:
            if answer.isdigit() and int(answer) < len(turn.moves):
                action = turn.moves[int(answer)].action
            else:
                action = game.parse_action(answer, game.view(table.state, turn.seat))
            table.play(action)
        except BadInput as error:
            write(f"not a move: {error.reason}")
        except IllegalAction as error:
            write(error.violation.sentence(lang))
    result = game.result(table.state, lang)
    write(result.sentence)
    for place in result.places:
        parts = ", ".join(f"{part.label} {part.points}" for part in place.parts)
        write(f"#{place.rank} seat {place.seat}: {place.points} ({parts})")
    return len(table.moves)


if __name__ == "__main__":
    play(sys.argv[1] if len(sys.argv) > 1 else "semya")
