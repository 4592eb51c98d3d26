"""The ``boardrules`` command line: games, rules, play, simulate, replay.

Needs the ``cli`` extra (typer, rich); ``simulate`` also the ``report`` extra (matplotlib).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

try:
    import typer
    from rich.console import Console
    from rich.table import Table
except ImportError as missing:  # pragma: no cover - depends on the installation
    raise SystemExit(
        f"the boardrules command needs the cli extra: pip install 'boardrules[cli]' ({missing})"
    ) from None

import attrs

from boardrules import serde
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardrules.core.errors import BadInput, BoardRulesError, IllegalAction, ReplayError
from boardrules.core.record import GameRecord, replay
from boardrules.core.registry import game_names, load
from boardrules.core.violation import Lang

__all__ = ["app", "main"]

app = typer.Typer(
    name="boardrules",
    help="Rules engines for card and board games: list, read, play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

AGENTS: dict[str, Any] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}


def _game(name: str) -> Any:
    try:
        return load(name)
    except BoardRulesError as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(2) from None


def _lang(value: str) -> Lang:
    if value not in ("en", "ru"):
        console.print("[red]--lang is en or ru[/red]")
        raise typer.Exit(2)
    return "ru" if value == "ru" else "en"


def _label(game: Any, action: Any, lang: str = "en") -> str:
    describe = getattr(game, "describe_action", None)
    return str(describe(action, lang)) if describe is not None else repr(action)


@app.command()
def games() -> None:
    """List the registered games with their seats and options."""
    table = Table("name", "seats", "hidden information", "options")
    for name in game_names():
        game = load(name)
        options = ", ".join(
            f.name for f in attrs.fields(type(game)) if f.init
        ) if attrs.has(type(game)) else ""
        players = f"{game.min_players}–{game.max_players}"
        table.add_row(name, players, "yes" if game.hidden_information else "no", options or "—")
    console.print(table)


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    lang: Annotated[str, typer.Option("--lang", help="en or ru")] = "en",
) -> None:
    """The rule IDs of GAME with one line each."""
    game = _game(game_name)
    for rule in getattr(game, "rulebook", ()):
        console.print(f"[bold]{rule.id:>7}[/bold]  {rule.text(lang)}")


def _make_agents(spec: str, seats: int) -> list[Any]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in AGENTS]
    if unknown or not names:
        console.print(f"[red]unknown agent {unknown}; choose from {', '.join(AGENTS)}[/red]")
        raise typer.Exit(2)
    return [AGENTS[names[i % len(names)]]() for i in range(seats)]


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    seat: Annotated[int, typer.Option(help="your seat")] = 0,
    seed: Annotated[int | None, typer.Option(help="the game's seed")] = None,
    bots: Annotated[str, typer.Option(help="agents for the other seats")] = "greedy",
    players: Annotated[int | None, typer.Option(help="seats, for games that take it")] = None,
    save: Annotated[Path | None, typer.Option(help="write the record here at the end")] = None,
    lang: Annotated[str, typer.Option("--lang", help="en or ru")] = "en",
) -> None:
    """Play GAME at the terminal against bots: a number, a move in the notation, or undo."""
    from boardrules.terminal import play as play_in_terminal

    status = play_in_terminal(
        game_name, seat=seat, seed=seed, bots=bots, players=players, save=save, lang=lang
    )
    raise typer.Exit(status)


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", help="how many games")] = 1000,
    agents: Annotated[str, typer.Option(help="comma-separated, one per seat")] = "random",
    players: Annotated[int | None, typer.Option(help="seats, for games that take it")] = None,
    seed: Annotated[int, typer.Option(help="the study's seed")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes (1: in this process)")] = 2,
    dask: Annotated[str | None, typer.Option(help="a Dask scheduler address")] = None,
    out: Annotated[Path, typer.Option(help="folder for the report")] = Path("build/report"),
    probe: Annotated[bool, typer.Option(help="count rule IDs behind refusals")] = False,
) -> None:
    """Simulate N games of GAME between agents and write a balance report."""
    from concurrent.futures import Executor, ProcessPoolExecutor

    from boardrules.sim import simulate as run_study
    from boardrules.sim.progress import progress_bar
    from boardrules.sim.report import build_report, console_report, write_report

    game = _game(game_name)
    setup = {"players": players} if players is not None else {}
    seats = players or game.min_players
    team = _make_agents(agents, seats)
    executor: Executor | None = None
    client: Any = None
    if dask:
        distributed: Any = importlib.import_module("distributed")
        client = distributed.Client(dask)
        executor = client.get_executor()
    elif jobs > 1:
        executor = ProcessPoolExecutor(jobs)
    start = time.perf_counter()
    with progress_bar(game.name, n, console) as tick:
        try:
            result = run_study(
                game, team, n, seed, executor=executor, setup=setup, progress=tick,
                probe_refusals=probe,
            )
        finally:
            if isinstance(executor, ProcessPoolExecutor):
                executor.shutdown()
            if client is not None:
                client.close()
    elapsed = time.perf_counter() - start
    title = f"{game.name}: {agents} ({n} games, seed {seed})"
    console_report(build_report(result, title), console)
    path = write_report(result, out, title)
    console.print(f"{n} games in {elapsed:.1f} s ({n / elapsed:,.0f} games/s)")
    console.print(f"report: {path.resolve()}")


@app.command(name="schema")
def schema_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    kind: Annotated[str, typer.Option(help="state, view, action, event, record, setup")] = "state",
) -> None:
    """Print the JSON Schema (draft 2020-12) of one kind of GAME's documents."""
    from boardrules.schemas import schema

    game = _game(game_name)
    kinds = ("state", "view", "action", "event", "record", "setup", "options")
    if kind not in kinds:
        console.print(f"[red]--kind is one of {', '.join(kinds)}[/red]")
        raise typer.Exit(2)
    sys.stdout.write(json.dumps(schema(game, kind), ensure_ascii=False, indent=2) + "\n")  # type: ignore[arg-type]


@app.command(name="replay")
def replay_command(
    record_path: Annotated[Path, typer.Argument(metavar="RECORD.json")],
    lang: Annotated[str, typer.Option("--lang", help="en or ru")] = "en",
) -> None:
    """Step through a saved game; a bad record is reported with the move and the rule."""
    try:
        record = serde.from_json(record_path.read_bytes(), GameRecord)
    except BadInput as error:
        console.print(f"[red]bad record: {error}[/red]")
        raise typer.Exit(1) from None
    game = record.load_game()
    try:
        states = replay(record, game)
    except ReplayError as error:
        console.print(
            f"[red]move {error.move}: {error.violation.rule}: "
            f"{error.violation.message(_lang(lang))}[/red]"
        )
        raise typer.Exit(1) from None
    notes = {note.move: note.text for note in record.notes}
    for move, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        line = f"{move:>4}. seat {game.to_move(state)}: {_label(game, action, lang)}"
        console.print(line + (f"  — {notes[move]}" if move in notes else ""))
    standings = game.score(states[-1])
    console.print(f"winners: {standings.winners}; points: {standings.points}")


def main() -> None:
    """Run the command line."""
    try:
        app()
    except IllegalAction as error:  # pragma: no cover - defensive
        console.print(f"[red]{error}[/red]")
        sys.exit(1)

