"""``boardrules play``: whole games of every title fed through standard input, every bad
option refused up front with one line and exit status 2, and every bad answer at the prompt
met with a line that says why, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardrules import GameRecord, load_game, replay, serde
from boardrules.cli import app
from boardrules.games import semya
from boardrules.terminal import play

runner = CliRunner()


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("semya", ["--lang", "ru"]),
        ("lyceum", ["--players", "3"]),
        ("orbita", ["--players", "2"]),
        ("kuhn", []),
    ],
)
def test_a_whole_game_of_each_title_is_played_from_standard_input(
    game: str, options: list[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", game, "--seed", "11", "--bots", "random", "--save", str(save), *options],
        input="0\n" * 5000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "winners:" in result.output or "победители:" in result.output
    assert "Traceback" not in result.output
    record = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    states = replay(record)
    loaded = load_game(record)
    assert loaded.is_over(states[-1]), "the saved record replays to the end of the game"
    # Each of our decisions showed the position and the numbered actions with notation.
    assert "  0  " in result.output
    assert "[" in result.output


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["play", "semya", "--lang", "de"], "--lang: en or ru"),
        (["play", "semya", "--seat", "7"], "--seat: this game has seats 0 to 1"),
        (["play", "lyceum", "--seat", "-1"], "--seat"),
        (["play", "semya", "--players", "3"], "--players: semya seats 2 players, not 3"),
        (["play", "lyceum", "--players", "9"], "--players: lyceum seats 3 to 4 players"),
        (["play", "chess"], "chess"),
        (["play", "semya", "--bots", "wizard"], "--bots: unknown agent 'wizard'"),
        (["play", "semya", "--seed", "-3"], "--seed"),
        (["play", "semya", "--save", "/nonexistent/dir/game.json"], "--save"),
    ],
)
def test_bad_options_are_refused_up_front_with_one_line(arguments: list[str], says: str) -> None:
    result = runner.invoke(app, arguments, input="0\n" * 50)
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1, result.output
    assert says in result.output
    assert "Traceback" not in result.output


def _session(answers: list[str], **options: object) -> str:
    lines = iter(answers)
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    status = play("semya", seed=3, first=0, bots="random", read=read, write=out.append,
                  **options)  # type: ignore[arg-type]
    assert status == 0
    return "".join(out)


def test_bad_answers_at_the_prompt_say_why_and_the_game_goes_on() -> None:
    text = _session(["²", "99", "sun-pluto", '{"type": "fly"}', "lord m", "   ", "help"])
    assert "not a move: '²' is not a move" in text
    assert "no action number 99; choose 0 to 20" in text
    assert "not a move: 'sun-pluto'" in text
    refusals = [line for line in text.splitlines() if line.startswith("not a move:")]
    assert len(refusals) == 4, "², sun-pluto, the unknown JSON type, lord m"
    assert "'m' could be moon or mercury or mars (symbol)" in text
    assert "the game stops here" in text
    assert "Traceback" not in text


def test_a_refusal_shows_the_rule_the_reason_and_the_rule_sentence() -> None:
    text = _session(["fool"])
    assert "refused — SEM-5: The first move of the game must be a feeling card" in text
    sentence = semya.Game().rulebook.rule("SEM-5").en
    assert f"  SEM-5: {sentence}" in text
    ru = _session(["fool"], lang="ru")
    assert "отказ — SEM-5: Первым ходом игры кладут карту чувства" in ru


def test_moves_by_notation_and_undo(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    text = _session(["sun-sa", "undo", "undo", "moon-s", "quit"], save=save)
    assert "seat 1: " in text.split("move taken back")[0], "the bot answered sun-saturn"
    assert text.count("move taken back") == 1
    assert "nothing to undo" in text
    record = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    assert record.actions[0] == semya.PlayCard("moon-sun"), "the undone move is not recorded"


def test_ctrl_c_at_the_prompt_stops_the_game_cleanly(tmp_path: Path) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []
    save = tmp_path / "game.json"
    assert play("semya", seed=3, read=interrupted, write=out.append, save=save) == 0
    assert "the game stops here" in "".join(out)
    assert serde.from_json(save.read_text(encoding="utf-8"), GameRecord).actions == ()


def test_a_real_process_reads_its_moves_from_a_pipe() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "from boardrules.cli import main; main()",
         "play", "semya", "--seed", "5", "--bots", "random", "--lang", "ru"],
        input="²\n" + "0\n" * 40, capture_output=True, text=True, timeout=120, check=False,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stderr == ""
    assert "не ход: '²'" in result.stdout
    assert "победители:" in result.stdout


class _Bare(semya.Game):
    """A game of someone else's making, without rendering, notation or labels."""

    render_text = None
    format_action = None
    parse_action = None
    describe_action = None


def test_a_game_object_is_played_and_a_bare_game_falls_back_to_reprs_numbers_and_json() -> None:
    answers = iter(["sun-saturn", '{"type": "play_card", "card": "sun-saturn"}', "quit"])
    out: list[str] = []
    status = play(_Bare(), seed=3, first=0, bots="random",
                  read=lambda prompt: next(answers), write=out.append)
    assert status == 0
    text = "".join(out)
    assert "State(first=0" in text, "the view's repr stands in for the position"
    assert "PlayCard(card='sun-saturn')" in text, "the action's repr stands in for its label"
    assert "this game has no notation: type a number or JSON" in text
    assert "seat 1: PlayCard(card='saturn-" in text, "JSON was played and the bot answered"
