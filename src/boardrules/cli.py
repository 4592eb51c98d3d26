"""The ``boardrules`` command line: games, rules, play, simulate, replay, schema, find.

Needs the ``cli`` extra (typer, rich); ``simulate`` also the ``report`` extra (matplotlib).
A wrong argument or a bad file gives one line on standard error and exit status 2.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
import textwrap
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn

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
from boardrules.agents import agent_names, make_agent
from boardrules.core.capabilities import Labelled, Rendered
from boardrules.core.errors import BadInput, BoardRulesError, IllegalAction, ReplayError
from boardrules.core.record import GameRecord
from boardrules.core.registry import RULEBOOK, game_names, load, load_variant, variant_names
from boardrules.core.replay import load_game, replay
from boardrules.core.rng import check_seed
from boardrules.core.violation import Lang
from boardrules.server.cli import serve

__all__ = ["app", "main", "printable"]

def _without_type_placeholders(command: Any, ctx: Any) -> None:
    """Show each option's value as a name, not typer's ``<str>``, and flags without one.

    An option with no metavar of its own gets its long name in capitals (``--out OUT``); a
    flag (``--probe``, ``--help``) gets none, where typer would show ``<bool>``.
    """
    options = [*command.params, command.get_help_option(ctx)]
    for option in options:
        if isinstance(option, typer.core.TyperOption) and option.metavar is None:
            longest = max(option.opts, key=len).lstrip("-")
            option.metavar = "" if option.is_flag else longest.replace("-", "_").upper()


_GAME_HELP = "a registered game: kuhn, lyceum, orbita, semya, or your own (see games)"


class _Commands(typer.core.TyperGroup):
    """The ``boardrules`` group, whose help and its commands' help show proper metavars."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None and option.metavar is None:
            option.metavar = ""
        return option

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _without_type_placeholders(command, ctx)
            if command.short_help is None and command.help:  # one paragraph, unwrapped
                command.short_help = " ".join(command.help.split("\n\n")[0].split())
        return command


app = typer.Typer(
    cls=_Commands,
    name="boardrules",
    help="Rules engines for card and board games: list, read, play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
console = Console()


#: Format characters that are kept: the joiners inside emoji and some scripts' words.
_KEPT_FORMAT = frozenset("\u200c\u200d")


def printable(text: str) -> str:
    r"""``text`` safe for a terminal: control, format, separator and surrogate characters
    are shown as Python escapes, so no escape sequence reaches the terminal, nothing breaks
    the line, and a lone surrogate cannot fail to encode.

    >>> printable("gg\x1b[2J\nwinners: (1,)\ud800")
    'gg\\x1b[2J\\nwinners: (1,)\\ud800'
    """
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        unsafe = category in ("Cc", "Cs", "Zl", "Zp") or (
            category == "Cf" and ch not in _KEPT_FORMAT
        )
        out.append(ascii(ch)[1:-1] if unsafe else ch)
    return "".join(out)


def _fail(problem: str) -> NoReturn:
    """Report a bad argument or file on one line of standard error; exit status 2."""
    sys.stderr.write(f"boardrules: {printable(problem)}\n")
    raise typer.Exit(2)


def _say(line: str) -> None:
    """One line of plain output: no markup, no wrapping, nothing the terminal interprets."""
    sys.stdout.write(printable(line) + "\n")


def _game(name: str) -> Any:
    try:
        return load(name)
    except BoardRulesError as error:
        _fail(str(error))


def _lang(value: str) -> Lang:
    if value not in ("en", "ru"):
        _fail(f"--lang is en or ru, not {value!r}")
    return "ru" if value == "ru" else "en"


def _label(game: Any, action: Any, lang: str = "en") -> str:
    return game.describe_action(action, lang) if isinstance(game, Labelled) else repr(action)


def _setup(game: Any, players: int | None) -> dict[str, Any]:
    """The setup for ``--players``, refused unless the game can seat that many."""
    if players is None:
        return {}
    low, high = game.min_players, game.max_players
    seats = f"{low}" if low == high else f"{low} to {high}"
    if not low <= players <= high:
        _fail(f"--players {players}: {game.name} seats {seats} players")
    takes_players = attrs.has(game.setup_type) and "players" in attrs.fields_dict(
        game.setup_type
    )
    return {"players": players} if takes_players else {}


def _seats(game: Any, setup: dict[str, Any]) -> int:
    """How many seats a game with ``setup`` has (its default when not given)."""
    from boardrules.sim import seats_of

    try:
        return seats_of(game, setup)
    except BadInput as error:
        _fail(f"{game.name}: {error}")


@app.command()
def games() -> None:
    """List the registered games with their seats, options and rules variants."""
    loaded = {name: load(name) for name in game_names()}  # loading registers the variants
    variants = {name: (RULEBOOK, *variant_names(name)) for name in loaded}
    table = Table("name", "seats", "hidden", "options")
    # a variant's name whole on its line, to copy into --variant: never cut to "…"
    table.add_column("variants", no_wrap=True)
    for name, game in loaded.items():
        options = ", ".join(
            f.name for f in attrs.fields(type(game)) if f.init
        ) if attrs.has(type(game)) else ""
        players = f"{game.min_players}–{game.max_players}"
        table.add_row(name, players, "yes" if game.hidden_information else "no", options or "—",
                      "\n".join(variants[name]))
    console.print(table)


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    rule_ids: Annotated[list[str] | None, typer.Argument(
        metavar="[RULE-ID]...", help="rules to show in full (default: every rule, one line each)")
    ] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="NAME|MODULE:FUNCTION", help="a rules variant")] = None,
    lang: Annotated[str, typer.Option("--lang", metavar="en|ru", help="the language")] = "en",
) -> None:
    """The rules of GAME: every rule ID with its sentence, or the chosen rules in full
    (their sentence, the parts of the game they state, and which rules read their facts)."""
    language = _lang(lang)
    game = _variants(game_name, [variant] if variant else [], {}, language)[0]
    book = game.rulebook
    if not rule_ids:
        width = max(shutil.get_terminal_size().columns, 40)
        for rule in book:  # a long sentence wraps under itself, not under the rule ID
            for line in textwrap.wrap(rule.text(language), width, break_on_hyphens=False,
                                      initial_indent=f"{rule.id:>7}  ", subsequent_indent=" " * 9):
                _say(line)
        return
    unknown = [r for r in rule_ids if r not in book]
    if unknown:
        _fail(f"{game.name} has no rule {unknown[0]!r}; its rules: {', '.join(book.ids)}")
    ru = language == "ru"
    for rule_id in rule_ids:
        rule = book.rule(rule_id)
        _say(f"{rule.id}: {rule.text(language)}")
        kinds = {what: ", ".join(sorted(k.__name__ for k in getattr(rule, what)))
                 for what in ("moves", "checks", "effects")}
        words = (("moves", "lists", "перечисляет"), ("checks", "checks", "проверяет"),
                 ("effects", "acts on", "действует на"))
        for what, en, russian in words:
            if kinds[what]:
                _say(f"  {russian if ru else en}: {kinds[what]}")
        if rule.parts():
            _say(f"  {'части игры' if ru else 'parts of the game'}: {', '.join(rule.parts())}")
        for fact in rule.facts:
            readers = ", ".join(book.readers(fact)) or "—"
            _say(f"  {'факт' if ru else 'fact'} {fact}: "
                 f"{'читают' if ru else 'read by'} {readers}")
        if rule.terms:
            _say("  только определяет понятия" if ru else "  defines terms only")


def _make_agents(spec: str, seats: int) -> list[Any]:
    names = [n.strip() for n in spec.split(",")]
    unknown = [n for n in names if n not in agent_names()]
    if unknown:
        _fail(f"unknown agent {unknown[0]!r}; choose from {', '.join(agent_names())}")
    if len(names) > seats:
        _fail(f"--agents names {len(names)} agents for {seats} seats")
    return [make_agent(names[i % len(names)]) for i in range(seats)]


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    seat: Annotated[int, typer.Option(metavar="SEAT", help="your seat")] = 0,
    seed: Annotated[int | None, typer.Option(metavar="SEED", help="the game's seed")] = None,
    bots: Annotated[str, typer.Option(
        metavar="AGENT,...", help="agents for the other seats, comma-separated")] = "greedy",
    players: Annotated[int | None, typer.Option(
        metavar="N", help="seats, for games that take it")] = None,
    save: Annotated[Path | None, typer.Option(
        metavar="FILE.json", help="write the record here at the end")] = None,
    lang: Annotated[str, typer.Option("--lang", metavar="en|ru", help="the language")] = "en",
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="NAME|MODULE:FUNCTION", help="a rules variant")] = None,
) -> None:
    """Play GAME at the terminal against bots: a number, a move in the notation, or undo."""
    from boardrules.terminal import play as play_in_terminal

    game: Any = game_name
    if variant is not None:
        game = _variants(game_name, [variant], {}, _lang(lang))[0]
    status = play_in_terminal(
        game, seat=seat, seed=seed, bots=bots, players=players, save=save, lang=lang
    )
    raise typer.Exit(status)


def _can_draw() -> bool:
    """Whether matplotlib is there to draw the report's pictures; without it (the cli extra
    alone) one line says the report comes without them."""
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        sys.stderr.write("boardrules: no pictures: matplotlib is not installed "
                         "(pip install 'boardrules[report]'; --no-pictures asks for none)\n")
        return False
    return True


def _report_folder(out: Path) -> None:
    """Refuse an ``--out`` that cannot hold the report, before any game is played."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".boardrules-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        _fail(f"--out {out}: cannot write there ({error.strerror or error})")


def _dask_executor(address: str) -> tuple[Any, Any]:
    """A Dask client for ``address`` and its executor; one clear line when that fails."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        _fail("--dask needs the dask extra: pip install 'boardrules[dask]'")
    try:
        client = distributed.Client(address, timeout=10)
    except Exception as error:  # any failure to reach a user-given address is bad input
        _fail(f"--dask {address}: cannot reach the scheduler ({type(error).__name__}: {error})")
    return client, client.get_executor()


def _option_value(text: str) -> Any:
    """A ``--option`` value: JSON when it parses (``3``, ``true``, ``[1, 2]``), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs as game options; one clear line for a malformed pair."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            _fail(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = _option_value(value)
    return options


def _variants(game_name: str, names: Sequence[str], options: dict[str, Any],
              lang: Lang) -> list[Any]:
    """The game made with ``options`` under each ``--variant``: a registered name
    (``rulebook`` by default) or ``MODULE:FUNCTION`` (``my_rules.py:short`` too)."""
    made = []
    for name in names or [RULEBOOK]:
        try:
            made.append(load_variant(game_name, name, **options))
        except BoardRulesError as error:
            path = getattr(error, "path", "$.game")
            reason = error.reason_in(lang) if isinstance(error, BadInput) else str(error)
            if path == "$.game":  # the GAME argument names no game
                _fail(reason)
            flag = "--variant" if path == "$.variant" else "--option"
            _fail(f"{flag}: {path}: {reason}")
    chosen = [getattr(game, "variant", None) or RULEBOOK for game in made]
    if len(set(chosen)) != len(chosen):
        _fail(f"--variant: each variant once, not {', '.join(names)}")
    return made


_PROBES: dict[str, bool | Literal["sampled"]] = {"sampled": "sampled", "all": True, "off": False}


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="how many games")] = 1000,
    agents: Annotated[
        str, typer.Option(help="comma-separated, one per seat (repeated to fill the seats)")
    ] = "random",
    players: Annotated[
        int | None, typer.Option(help="seats (default: the game's default)")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", metavar="KEY=VALUE",
                     help="a game option, repeatable; VALUE is JSON when it parses, else text"),
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", metavar="NAME|MODULE:FUNCTION",
                     help="a rules variant, repeatable: 'rulebook' is the game's own rules, "
                          "MODULE:FUNCTION your function of the game (my_rules.py:short "
                          "too); two or more are compared game by game"),
    ] = None,
    lang: Annotated[str, typer.Option("--lang", metavar="en|ru", help="the language")] = "en",
    seed: Annotated[int, typer.Option(help="the study's seed")] = 0,
    jobs: Annotated[
        int, typer.Option(min=1, max=256, help="worker processes (1: in this process)")
    ] = 2,
    dask: Annotated[str | None, typer.Option(help="a Dask scheduler address")] = None,
    out: Annotated[Path, typer.Option(help="folder for the report")] = Path("build/report"),
    probe: Annotated[
        str, typer.Option(metavar="sampled|all|off",
                          help="probe refusals: sampled (cheap, the default), all or off")
    ] = "sampled",
    keep_games: Annotated[
        bool, typer.Option(help="keep every game's result (results.csv; memory grows with N)")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="no progress on standard error")
    ] = False,
    no_pictures: Annotated[
        bool, typer.Option("--no-pictures", help="no PNG pictures (and no matplotlib)")
    ] = False,
) -> None:
    """Simulate N games of GAME between agents and write a balance report; with two or more
    --variant, one study per variant and a report that puts them side by side.

    Progress goes to standard error: a bar with the time left on a terminal, else a plain
    line every 10 seconds once the run has taken a second.
    """
    from concurrent.futures import Executor

    from boardrules.sim.compare import Pairing, build_comparison, console_comparison
    from boardrules.sim.compare import write_comparison as write_pairs
    from boardrules.sim.progress import progress_bar
    from boardrules.sim.report import build_report, console_report, write_report
    from boardrules.sim.run import local_pool, play_studies
    from boardrules.sim.text import agent_label, count

    language = _lang(lang)
    if probe not in _PROBES:
        _fail(f"--probe is sampled, all or off, not {probe!r}")
    try:
        load(game_name)
    except BoardRulesError as error:
        _fail(error.reason_in(language) if isinstance(error, BadInput) else str(error))
    try:
        check_seed(seed)
    except BadInput as error:
        _fail(f"--seed {seed}: {error.reason}")
    studies = _variants(game_name, variant or [], _options(option or []), language)
    game = studies[0]
    setup = _setup(game, players)
    team = _make_agents(agents, _seats(game, setup))
    _report_folder(out)
    pictures = not no_pictures and _can_draw()
    executor: Executor | None = None
    client: Any = None
    if dask:
        client, executor = _dask_executor(dask)
    elif jobs > 1:
        executor = local_pool("processes", jobs)  # None where there are no processes
    start = time.perf_counter()
    total = n * len(studies)
    pairing = Pairing(len(studies)) if len(studies) > 1 else None
    with progress_bar(game.name, total, Console(stderr=True), lang=language,
                      quiet=quiet) as tick:
        try:
            results = play_studies(studies, team, n, seed, executor=executor, setup=setup,
                                   progress=tick, probe_refusals=_PROBES[probe],
                                   keep_games=keep_games, pair=pairing, coverage=True)
        except BadInput as error:
            _fail(f"{game.name}: {error.path}: {error.reason_in(language)}")
        finally:
            if executor is not None and client is None:
                executor.shutdown()
            if client is not None:
                client.close()
    elapsed = max(time.perf_counter() - start, 1e-9)
    names = [getattr(study, "variant", None) or RULEBOOK for study in studies]
    seed_word = "зерно" if language == "ru" else "seed"
    team_names = ",".join(agent_label(name.strip(), language) for name in agents.split(","))
    title = f"{game.name}: {team_names} ({seed_word} {seed})"
    wide = Console(width=100)
    try:
        if pairing is None:
            console_report(build_report(results[0], title, language), wide)
            path = write_report(results[0], out, title, language, pictures)
        else:
            comparison = build_comparison(results, names, title, pairing, language)
            console_comparison(comparison, _say)
            for name, result in zip(names, results, strict=True):
                write_report(result, out / name.replace(":", "-").replace("/", "-"),
                             f"{title}: {name}", language, pictures)
            path = write_pairs(comparison, out, pictures)
    except OSError as error:
        _fail(f"--out {out}: cannot write the report ({error.strerror or error})")
    speed = f"{total / elapsed:,.0f}"
    if language == "ru":
        seconds, rate = f"{elapsed:.1f}".replace(".", ","), round(total / elapsed)
        _say(f"{count(total, 'game', language)} за {seconds} с "
             f"({count(rate, 'game', language)} в секунду)")
        _say(f"отчёт: {path.resolve()}")
    else:
        _say(f"{count(total, 'game')} in {elapsed:.1f} s ({speed} games/s)")
        _say(f"report: {path.resolve()}")


@app.command(name="schema")
def schema_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help=_GAME_HELP)],
    kind: Annotated[str, typer.Option(
        metavar="KIND", help="state, view, action, event, record, setup or options")] = "state",
) -> None:
    """Print the JSON Schema (draft 2020-12) of one kind of GAME's documents."""
    from boardrules.schemas import Kind, schema

    kinds: tuple[Kind, ...] = ("state", "view", "action", "event", "record", "setup", "options")
    chosen = next((k for k in kinds if k == kind), None)
    if chosen is None:
        _fail(f"--kind is one of {', '.join(kinds)}, not {kind!r}")
    game = _game(game_name)
    sys.stdout.write(json.dumps(schema(game, chosen), ensure_ascii=False, indent=2) + "\n")


def _read_record(path: Path, lang: Lang = "en") -> GameRecord:
    """The record in the file at ``path``; one clear line for every way that can fail."""
    try:
        with path.open("rb") as file:
            text = file.read(serde.MAX_TEXT + 1)
    except OSError as error:
        _fail(f"{path}: cannot read it ({error.strerror or error})")
    try:
        record: GameRecord = serde.from_json(text, GameRecord)
    except BadInput as error:
        _fail(f"{path}: {'плохая запись' if lang == 'ru' else 'bad record'}: "
              f"{error.message(lang)}")
    return record


def _replay_lines(game: Any, states: Sequence[Any], record: GameRecord, language: Lang) -> None:
    """One line per move, numbered from 1, with its notes; every word in ``language``."""
    notes: dict[int, list[str]] = {}
    for note in record.notes:
        notes.setdefault(note.move, []).append(note.text)
    seat_word = "игрок" if language == "ru" else "seat"
    for index, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        line = f"{index + 1:>4}. {seat_word} {game.to_move(state)}: " + _label(
            game, action, language
        )
        _say("".join([line, *(f"  — {text}" for text in notes.get(index, ()))]))


def _standings_line(game: Any, state: Any, language: Lang) -> str:
    standings = game.score(state)
    if language == "ru":
        winners = ", ".join(f"игрок {w}" for w in standings.winners) or "нет"
        points = ", ".join(map(str, standings.points))
        return f"победители: {winners}; очки: {points}"
    return f"winners: {standings.winners}; points: {standings.points}"


@app.command(name="replay")
def replay_command(
    record_path: Annotated[Path, typer.Argument(
        metavar="RECORD.json", help="a record saved by play --save or Match.record")],
    lang: Annotated[str, typer.Option("--lang", metavar="en|ru", help="the language")] = "en",
    variant: Annotated[list[str] | None, typer.Option(
        "--variant", metavar="NAME|MODULE:FUNCTION",
        help="a variant the record may name, repeatable (MODULE:FUNCTION is loaded first)")
    ] = None,
) -> None:
    """Step through a saved game, one numbered line per move (from 1); a bad record prints
    the moves before the refused one and the position it met, then the move and the rule.

    Notes are printed after their move with control characters shown as escapes. A record
    of your own variant replays once ``--variant`` has made it (and so registered it).
    """
    language = _lang(lang)
    record = _read_record(record_path, language)
    if variant:
        _variants(record.game, variant, {}, language)
    try:
        game = load_game(record)
        states = replay(record, game)
    except ReplayError as error:
        before = replay(record.truncated(error.move), game)
        _replay_lines(game, before, record.truncated(error.move), language)
        state = before[-1]
        seat = game.to_move(state)
        if isinstance(game, Rendered):
            heading = (f"Позиция перед ходом {error.number}:" if language == "ru"
                       else f"The position before move {error.number}:")
            _say(heading)
            for line in game.render_text(state, seat, language).splitlines():
                _say(line)
        refused = _label(game, record.actions[error.move], language)
        word = "ход" if language == "ru" else "move"
        _fail(
            f"{record_path}: {word} {error.number} (actions[{error.move}]) {refused}: "
            f"{error.violation.rule}: {error.violation.message(language)}"
        )
    except BadInput as error:
        _fail(f"{record_path}: {'плохая запись' if language == 'ru' else 'bad record'}: "
              f"{error.message(language)}")
    _replay_lines(game, states, record, language)
    _say(_standings_line(game, states[-1], language))


@app.command(name="find")
def find_command(
    game: Annotated[str, typer.Argument(help=_GAME_HELP)],
    rule: Annotated[str | None, typer.Option(help="find a game in which this rule decides")
                    ] = None,
    refusal: Annotated[str | None, typer.Option(
        help="find a position where an action is refused with this code")] = None,
    event: Annotated[str | None, typer.Option(help="find a game with this kind of event")
                     ] = None,
    every_rule: Annotated[bool, typer.Option(
        "--every-rule", help="for each rule, the shortest game found in which it decides")
    ] = False,
    variant: Annotated[str, typer.Option(
        help="a registered variant or MODULE:FUNCTION")] = RULEBOOK,
    seed: Annotated[int, typer.Option(help="the search's seed")] = 0,
    budget: Annotated[int, typer.Option(help="moves the search may play", min=1)] = 50_000,
    out: Annotated[Path, typer.Option(help="where the records found go")] = Path("build/find"),
    lang: Annotated[str, typer.Option("--lang", metavar="en|ru", help="the language")] = "en",
) -> None:
    """Search for the shortest game that reaches a situation (boardrules.explore): print
    its moves, the position where it happens and the rule, and write its record and the
    picture of that position (GAME-TARGET.json and .svg under --out)."""
    from boardrules.explore import every_rule as every
    from boardrules.explore import find

    language = _lang(lang)
    targets = [t for t in (rule, refusal, event) if t is not None]
    if len(targets) + every_rule != 1:
        _fail("give one of --rule ID, --refusal CODE, --event KIND or --every-rule")
    check_seed(seed)
    (chosen,) = _variants(game, [variant], {}, language)
    _report_folder(out)
    if every_rule:
        for rule_id, found in every(chosen, seed=seed, budget=budget).items():
            if isinstance(found, str):
                _say(f"{rule_id}: {found}")
                continue
            _say(f"{rule_id}: {found.summary()}")
            if found.record is not None:
                _write_found(found.record, out / f"{chosen.name}-{rule_id}.json")
        return
    try:
        found = find(chosen, rule=rule, refusal=refusal, event=event, seed=seed, budget=budget)
    except BadInput as error:
        _fail(f"--{error.path.removeprefix('$.')}: {error.reason_in(language)}")
    _say(found.summary())
    if found.record is None:
        raise typer.Exit(1)
    states = replay(found.record, chosen)
    _replay_lines(chosen, states, found.record, language)
    if isinstance(chosen, Rendered):
        for line in chosen.render_text(states[-1], None, language).splitlines():
            _say(line)
    if rule is not None:
        _say(f"{rule}: {chosen.rulebook.rule(rule).text(language)}")
    path = out / f"{chosen.name}-{'-'.join(t.lower() for t in targets)}.json"
    _write_found(found.record, path)
    _say(f"record: {path}")
    if isinstance(chosen, Rendered):
        picture = path.with_suffix(".svg")
        picture.write_text(chosen.render_svg(states[-1], None, language), encoding="utf-8")
        _say(f"picture: {picture}")


def _write_found(record: GameRecord, path: Path) -> None:
    path.write_text(serde.to_json(record), encoding="utf-8")


app.command()(serve)


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Run the command line with ``argv`` (default: the process arguments) and exit.

    A usage error (unknown option, a number out of range) is one line on standard error
    and exit status 2, like every bad input the commands find themselves.
    """
    args = list(sys.argv[1:] if argv is None else argv) or ["--help"]
    try:
        status = typer.main.get_command(app).main(
            args=args, prog_name="boardrules", standalone_mode=False
        )
    except typer.TyperException as error:  # typer's usage errors (click's, vendored)
        context = getattr(error, "ctx", None)
        name = getattr(context, "command_path", None) or "boardrules"
        sys.stderr.write(f"{name}: {printable(error.format_message())}\n")
        sys.exit(getattr(error, "exit_code", 2))
    except typer.Abort:
        sys.stderr.write("boardrules: aborted\n")
        sys.exit(1)
    except BadInput as error:  # a command that let one through still gets one clear line
        sys.stderr.write(f"boardrules: {printable(str(error))}\n")
        sys.exit(2)
    except IllegalAction as error:
        sys.stderr.write(f"boardrules: {printable(str(error))}\n")
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)


if __name__ == "__main__":
    main()
