"""The command line: games, rules, play, simulate, replay, schema (typer's runner and ``main``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardrules import GameRecord, replay, serde
from boardrules.cli import app, main, printable
from boardrules.games import lyceum, semya

runner = CliRunner()


def test_games_lists_the_registry() -> None:
    """Every game and each of its variants by its whole name (to copy into ``--variant``),
    on an 80-column terminal."""
    from boardrules.core.registry import game_names, variant_names

    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    cells = {cell.strip() for line in result.output.splitlines() for cell in line.split("│")}
    for name in game_names():
        assert name in cells
        assert set(variant_names(name)) <= cells, (name, variant_names(name))


@pytest.mark.parametrize(("lang", "text"), [("en", "Lord"), ("ru", "Владыка")])
def test_rules_in_both_languages(lang: str, text: str) -> None:
    result = runner.invoke(app, ["rules", "semya", "--lang", lang])
    assert result.exit_code == 0
    assert "SEM-7" in result.output
    assert text in result.output
    assert result.output.count("SEM-") == len(semya.Game().rulebook)


def test_unknown_game_is_reported() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "known games" in result.output


def test_simulate_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        app, ["simulate", "semya", "-n", "40", "--agents", "greedy,random", "--jobs", "1",
              "--out", str(out), "--probe", "all", "--keep-games"],
    )
    assert result.exit_code == 0, result.output
    assert (out / "report.html").exists()
    assert "report:" in result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 40
    assert len((out / "results.csv").read_text(encoding="utf-8").splitlines()) == 41


def test_simulate_keeps_only_the_summary_by_default(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(app, ["simulate", "semya", "-n", "10", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads((out / "summary.json").read_text(encoding="utf-8"))["games"] == 10
    assert not (out / "results.csv").exists()


def test_play_refuses_with_the_rule_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    refused = '{"type": "play_fool"}\n'
    moves = refused + "0\n" * 60
    result = runner.invoke(
        app, ["play", "semya", "--seed", "3", "--bots", "random", "--save", str(save)],
        input=moves,
    )
    assert result.exit_code == 0, result.output
    assert "SEM-" in result.output
    record = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    assert record.game == "semya"


def test_replay_steps_and_reports_bad_records(tmp_path: Path) -> None:
    game = semya.Game()
    good = tmp_path / "good.json"
    good.write_text(serde.to_json(game.record(5, (semya.PlayCard("sun-saturn"),), first=0)))
    result = runner.invoke(app, ["replay", str(good)])
    assert result.exit_code == 0
    assert "excitement, inspiration" in result.output
    assert "азарт" in runner.invoke(app, ["replay", str(good), "--lang", "ru"]).output
    bad = tmp_path / "bad.json"
    actions = (semya.PlayCard("sun-saturn"), semya.PlayCard("moon-sun"))
    bad.write_text(serde.to_json(game.record(5, actions, first=0)))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "move 2 (actions[1])" in result.output
    assert "SEM-6" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "semya", "seed": "x"}')
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert "$.seed" in result.output


@pytest.mark.parametrize("kind", ["state", "action", "record"])
def test_schema_prints_valid_json_schema(kind: str) -> None:
    import jsonschema

    result = runner.invoke(app, ["schema", "semya", "--kind", kind])
    assert result.exit_code == 0
    jsonschema.Draft202012Validator.check_schema(json.loads(result.output))
    assert runner.invoke(app, ["schema", "semya", "--kind", "nope"]).exit_code == 2


# -- bad input: one line on standard error, exit status 2, never a traceback -----------
def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the real entry point as the console script does; its status, stdout, stderr."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    out, err = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), out, err


def _files(tmp: Path) -> dict[str, str]:
    """Files the bad-input table names as ``{name}``."""
    plain = tmp / "plain.txt"
    plain.write_text("not a folder", encoding="utf-8")
    game = semya.Game()
    illegal = tmp / "illegal.json"
    illegal.write_text(serde.to_json(game.record(
        5, (semya.PlayCard("sun-saturn"), semya.PlayCard("moon-sun")), first=0)))
    unknown = tmp / "unknown.json"
    unknown.write_text('{"game": "chess", "seed": 1}', encoding="utf-8")
    binary = tmp / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    huge = tmp / "huge.json"
    huge.write_bytes(b"[" + b"0," * (serde.MAX_TEXT // 2) + b"0]")
    players = tmp / "players.json"
    players.write_text('{"game": "lyceum", "seed": 1, "setup": {"players": 64}}')
    return {
        "tmp": str(tmp), "missing": str(tmp / "missing.json"), "plain": str(plain),
        "under_file": str(plain / "report"), "illegal": str(illegal), "unknown": str(unknown),
        "binary": str(binary), "huge": str(huge), "players": str(players),
    }


#: (command line, a piece of the one line that must name the problem)
BAD_INPUTS: list[tuple[str, str]] = [
    # every command: an unknown game, an unknown option
    ("rules chess", "no game named 'chess'"),
    ("find chess --rule SEM-1", "no game named 'chess'"),
    ("schema chess", "no game named 'chess'"),
    ("simulate chess -n 1", "no game named 'chess'"),
    ("rules semya --lang de", "--lang is en or ru"),
    ("games --bogus", "No such option: --bogus"),
    ("frobnicate", "No such command"),
    # schema
    ("schema semya --kind nope", "--kind is one of"),
    ("schema", "Missing argument"),
    # simulate: counts, seats, agents, seeds, workers, folders, dask
    ("simulate semya -n -3", "--games"),
    ("simulate semya -n 0", "--games"),
    ("simulate semya -n x", "--games"),
    ("simulate semya --players 3 -n 1", "--players 3: semya seats 2 players"),
    ("simulate lyceum --players 9 -n 1", "--players 9: lyceum seats 3 to 4 players"),
    ("simulate orbita --players 1 -n 1", "--players 1: orbita seats 2 to 4 players"),
    ("simulate semya --agents nobody -n 1", "unknown agent 'nobody'"),
    ("simulate semya --agents , -n 1", "unknown agent ''"),
    ("simulate semya --agents random,random,random -n 1", "3 agents for 2 seats"),
    ("simulate semya --seed -1 -n 1", "seed"),
    ("simulate semya --jobs 0 -n 1", "--jobs"),
    ("simulate semya -n 1 --jobs 1 --out {plain}", "--out"),
    ("simulate semya -n 1 --jobs 1 --out {under_file}", "--out"),
    # replay: no file, a folder, not JSON, too large, not a record, illegal, bad setup
    ("replay", "Missing argument"),
    ("replay {missing}", "cannot read it"),
    ("replay {tmp}", "cannot read it"),
    ("replay {binary}", "bad record: $: not valid JSON"),
    ("replay {huge}", "bad record"),
    ("replay {unknown}", "no game named 'chess'"),
    ("replay {players}", "$.setup.players"),
    ("replay {illegal}", "move 2 (actions[1]) Play admiration"),
    ("replay {illegal} --lang xx", "--lang is en or ru"),
]


@pytest.mark.parametrize(("line", "problem"), BAD_INPUTS)
def test_bad_input_is_one_line_and_status_2(
    line: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [part.format(**_files(tmp_path)) for part in line.split()]
    code, out, err = _run(args, capsys)
    assert code == 2, (out, err)
    assert "Traceback" not in out + err
    assert len(err.splitlines()) == 1, err
    assert problem in err
    if "no game named" in problem and "{" not in line:  # the GAME argument, not an option
        assert err.startswith("boardrules: no game named"), err


def test_simulate_without_the_dask_extra_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import now fails
    code, _, err = _run(
        ["simulate", "semya", "-n", "1", "--dask", "tcp://127.0.0.1:1", "--out", str(tmp_path)],
        capsys,
    )
    assert code == 2
    assert err == "boardrules: --dask needs the dask extra: pip install 'boardrules[dask]'\n"


def test_no_arguments_show_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run([], capsys)
    assert code == 0
    assert "simulate" in out


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("semya", ["-n", "6"]),
        ("lyceum", ["-n", "6", "--agents", "greedy,random"]),
        ("lyceum", ["-n", "4", "--jobs", "2"]),
        ("lyceum", ["-n", "3", "--players", "3", "--agents", "random,greedy,random"]),
        ("orbita", ["-n", "2"]),
    ],
)
def test_simulate_seats_the_games_default(
    game: str, extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", game, "--jobs", "1", "--out", str(tmp_path), *extra]
    code, out, err = _run(args, capsys)
    assert code == 0, err
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == int(extra[extra.index("-n") + 1])
    assert "report:" in out


@pytest.mark.parametrize("game", ["semya", "lyceum", "orbita"])
@pytest.mark.parametrize("kind", ["state", "view", "action", "event", "record", "setup", "options"])
def test_schema_works_for_every_game_and_kind(
    game: str, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["schema", game, "--kind", kind], capsys)
    assert code == 0
    assert json.loads(out)["$schema"].startswith("https://json-schema.org/")


HOSTILE_NOTES = [
    "\x1b[2J\x1b[Hwinners: (1,); points: (0, 99)",
    "fine\nwinners: (1,); points: (0, 99)",
    "[red]markup[/red] [link=http://x]y[/link]",
    "\u202eright to left\u2028next line\x07",
    "\x9b31mC1 control",
]


def test_replay_prints_notes_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = lyceum.Game()
    record = game.record(3, game.legal_actions(game.new(3))[:1])
    data = serde.to_dict(record)
    data["notes"] = [{"move": 0, "text": text} for text in HOSTILE_NOTES]
    path = tmp_path / "notes.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 2  # the move with its notes, then the standings
    assert [line for line in lines if line.startswith("winners:")] == [lines[-1]]
    assert all(ch.isprintable() for ch in out.replace("\n", ""))
    assert "[red]markup[/red]" in lines[0]
    assert "\\x1b[2J" in lines[0]
    assert "\\u202e" in lines[0]
    assert lines[0].count(" — ") == len(HOSTILE_NOTES)


@pytest.mark.parametrize("text", ["\ud800", "a\udfffb", "nul\x00"])
def test_replay_refuses_unencodable_notes_in_one_line(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = semya.Game().record(5, (semya.PlayCard("sun-saturn"),), first=0)
    data = serde.to_dict(record)
    data["notes"] = [{"move": 0, "text": text}]
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(data), encoding="ascii")  # \ud800 as JSON's own escape
    code, _, err = _run(["replay", str(path)], capsys)
    assert code == 2
    assert "$.notes[0].text" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "shown"),
    [("a\x1bb", "a\\x1bb"), ("\ud800", "\\ud800"), ("ок 👍🏽", "ок 👍🏽"),
     ("a\u200db", "a\u200db"), ("x\u2029y", "x\\u2029y")],
)
def test_printable_escapes_only_what_a_terminal_would_act_on(text: str, shown: str) -> None:
    assert printable(text) == shown
    printable(text).encode("utf-8")


def test_simulate_with_an_unreachable_scheduler_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import types

    def refuse(address: str, timeout: float) -> None:
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setitem(sys.modules, "distributed", types.SimpleNamespace(Client=refuse))
    address = "tcp://192.0.2.1:8786"
    code, _, err = _run(
        ["simulate", "semya", "-n", "1", "--dask", address, "--out", str(tmp_path)], capsys
    )
    assert code == 2
    assert len(err.splitlines()) == 1
    assert err.startswith(f"boardrules: --dask {address}: cannot reach the scheduler (OSError")


_COMMANDS = {
    "": [],
    "games": [],
    "rules": ["--lang en|ru the language"],
    "play": ["--seat SEAT your seat", "--bots AGENT,... agents", "--players N seats",
             "--save FILE.json write", "--lang en|ru", "--variant NAME|MODULE:FUNCTION"],
    "simulate": ["--games -n GAMES [x>=1]", "--out OUT", "--probe sampled|all|off probe",
                 "--option KEY=VALUE", "--variant NAME", "--lang en|ru"],
    "schema": ["--kind KIND state"],
    "replay": ["--lang en|ru", "--variant NAME|MODULE:FUNCTION"],
    "serve": ["--port PORT [0<=x<=65535] Port", "--allow-origin ALLOW_ORIGIN A web origin"],
}


@pytest.mark.parametrize("command", list(_COMMANDS), ids=lambda c: c or "boardrules")
def test_every_help_names_each_value_and_shows_no_type_placeholders(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each option that takes a value shows a metavar; a flag shows none (typer would show
    ``<bool>``, ``<str>``, ``<int>``)."""
    monkeypatch.setenv("COLUMNS", "250")
    code, out, _ = _run([command, "--help"] if command else ["--help"], capsys)
    assert code == 0
    options = out.partition("─ Options ─")[2]
    placeholders = re.findall(r"<[a-z][a-z\[\] ]*>", options)
    assert not placeholders, options
    rows = [" ".join(line.strip("│ ").split()) for line in options.splitlines()
            if line.startswith("│ -")]
    assert "--help Show this message and exit." in rows
    for expected in _COMMANDS[command]:
        assert any(row.startswith(expected) for row in rows), (expected, rows)


def test_the_game_argument_help_names_the_registered_games() -> None:
    from boardrules.core.registry import game_names

    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert f"a registered game: {', '.join(sorted(game_names()))}, or your own" in result.output


def _bad_semya_record(tmp_path: Path) -> Path:
    game = semya.Game()
    actions = (semya.PlayCard("sun-saturn"), semya.PlayCard("saturn-moon"),
               semya.PlayCard("sun-mercury"))
    path = tmp_path / "bad.json"
    path.write_text(serde.to_json(game.record(5, actions, first=0)), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_replay_of_a_bad_record_shows_the_position_before_the_refused_move(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Moves count from 1; the legal moves, then the position the refused move met."""
    code, out, err = _run(["replay", str(_bad_semya_record(tmp_path)), "--lang", lang], capsys)
    assert code == 2
    lines = out.splitlines()
    assert lines[0].startswith("   1. ")
    assert lines[1].startswith("   2. ")
    before = "Позиция перед ходом 3:" if lang == "ru" else "The position before move 3:"
    assert lines[2] == before
    view = semya.Game().render_text(
        replay(semya.Game().record(5, (semya.PlayCard("sun-saturn"),
                                       semya.PlayCard("saturn-moon")), first=0))[-1],
        0, lang,
    )
    assert "\n".join(lines[3:]) == view
    word = "ход" if lang == "ru" else "move"
    assert f"{word} 3 (actions[2])" in err
    assert len(err.splitlines()) == 1


def test_replay_in_russian_has_no_english_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = semya.Game()
    actions = (semya.PlayCard("sun-saturn"), semya.PlayCard("saturn-moon"))
    path = tmp_path / "good.json"
    path.write_text(serde.to_json(game.record(5, actions, first=0)), encoding="utf-8")
    code, out, _ = _run(["replay", str(path), "--lang", "ru"], capsys)
    assert code == 0
    assert out.splitlines()[0] == (
        "   1. игрок 0: Сыграть «азарт, вдохновение» (Солнце → Сатурн, белая, 2)"
    )
    latin = [w for w in re.findall(r"[A-Za-z]+", out) if w not in {"SEM"}]
    assert latin == [], latin


_MY_RULES = '''
import attrs


def fool_anytime(game):
    own = game.rulebook.rule("SEM-8")
    relaxed = attrs.evolve(own, en="The Fool whenever the trump is held.",
                           ru="Дурень, пока козырь на руке.", checks={})
    return game.with_rules(replace={"SEM-8": relaxed}, name="{name}")
'''


def _my_rules(tmp_path: Path, name: str) -> Path:
    """A designer's variant in a file of its own (a fresh variant name per test: the
    registry of variants lives as long as the process)."""
    path = tmp_path / f"my_rules_{name.replace('-', '_')}.py"
    path.write_text(_MY_RULES.replace("{name}", name), encoding="utf-8")
    return path


def test_rules_shows_several_rules_of_a_variant_from_a_file(tmp_path: Path) -> None:
    target = f"{_my_rules(tmp_path, 'fool-rules')}:fool_anytime"
    result = runner.invoke(app, ["rules", "semya", "SEM-6", "SEM-8", "--variant", target])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("SEM-6: ")
    assert "SEM-8: The Fool whenever the trump is held." in lines
    assert any(line.startswith("  fact answers: read by") for line in lines)
    result = runner.invoke(app, ["rules", "semya", "SEM-6", "SEM-99"])
    assert result.exit_code == 2
    assert "no rule 'SEM-99'" in result.output


def test_play_and_replay_take_a_variant_from_a_file(tmp_path: Path) -> None:
    import importlib.util

    path = _my_rules(tmp_path, "fool-replay")
    spec = importlib.util.spec_from_file_location("fool_replay_module", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    variant = module.fool_anytime(semya.Game())
    record = tmp_path / "fool.json"
    actions = (semya.PlayCard("sun-saturn"), semya.PlayFool())
    record.write_text(serde.to_json(variant.record(7, actions, first=0)), encoding="utf-8")
    refused = runner.invoke(app, ["replay", str(record)])
    assert refused.exit_code == 2
    assert "fool-replay" in refused.output
    assert "not registered" in refused.output
    played = runner.invoke(app, ["replay", str(record), "--variant", f"{path}:fool_anytime"])
    assert played.exit_code == 0, played.output
    assert "   2. seat 1: " in played.output
    save = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "semya", "--seed", "3", "--bots", "random", "--save", str(save),
              "--variant", f"{path}:fool_anytime"], input="0\n" * 60)
    assert result.exit_code == 0, result.output
    saved = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    assert saved.variant == "fool-replay"
    bad = runner.invoke(app, ["play", "semya", "--variant", f"{path}:nothing"])
    assert bad.exit_code == 2
    assert "--variant: $.variant:" in bad.output
    assert "no function 'nothing'" in bad.output


def test_the_list_of_commands_gives_each_summary_on_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command's summary is its help's first paragraph, joined: on a wide terminal each is
    one line of the list, never cut where its docstring wraps."""
    monkeypatch.setenv("COLUMNS", "400")
    code, out, _ = _run(["--help"], capsys)
    assert code == 0
    rows = [line.strip("│ ") for line in out.partition("─ Commands ─")[2].splitlines()
            if line.startswith("│")]
    names = [row.split()[0] for row in rows if row]
    assert names == [c.name or c.callback.__name__ for c in app.registered_commands
                     if c.callback is not None and not c.hidden], rows
    assert all(row.rstrip().endswith(".") for row in rows), rows


@pytest.mark.parametrize("columns", [40, 60, 100])
@pytest.mark.parametrize("game", ["kuhn", "semya", "lyceum", "orbita"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_listing_wraps_each_sentence_under_itself(
    game: str, columns: int, lang: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rule starts a line with its ID; a long sentence goes on under itself, within the
    terminal's width, with every word of the sentence kept."""
    from boardrules.core.registry import load

    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = _run(["rules", game, "--lang", lang], capsys)
    assert code == 0
    lines = out.splitlines()
    assert all(len(line) <= columns and line == line.rstrip() for line in lines), lines
    book = load(game).rulebook
    starts = [i for i, line in enumerate(lines) if line[:7].strip() in book.ids]
    assert [lines[i][:7].strip() for i in starts] == list(book.ids)
    ends = [*starts[1:], len(lines)]
    for rule, start, end in zip(book, starts, ends, strict=True):
        assert all(line.startswith(" " * 9) for line in lines[start + 1:end])
        assert " ".join(line.strip() for line in lines[start:end]) == (
            f"{rule.id}  {' '.join(rule.text(lang).split())}")


_WITHOUT_MATPLOTLIB = """
import sys
from importlib.abc import MetaPathFinder

class Block(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == "matplotlib":
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None

sys.meta_path.insert(0, Block())
from boardrules.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_simulate_without_matplotlib_writes_the_report_and_says_so(tmp_path: Path) -> None:
    """With the cli extra alone (no matplotlib) a study writes its report without pictures
    and says so in one line, never a traceback."""
    result = subprocess.run(
        [sys.executable, "-c", _WITHOUT_MATPLOTLIB, "simulate", "kuhn", "-n", "3", "--quiet",
         "--out", str(tmp_path / "report")],
        capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        "boardrules: no pictures: matplotlib is not installed "
        "(pip install 'boardrules[report]'; --no-pictures asks for none)"]
    assert (tmp_path / "report" / "report.html").exists()
    assert not list((tmp_path / "report").rglob("*.png"))
