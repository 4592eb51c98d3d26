"""``boardrules play``: whole games of every title fed through standard input, every bad
option refused up front with one line and exit status 2, and every bad answer at the prompt
met with a line that says why, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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


def _screens(game: str, seed: int, answers: list[str], rows: int = 50,
             **options: object) -> tuple[str, list[int]]:
    """Play with ``answers`` (then the end of input); the text and, at each prompt, the height
    of the screen: the blank line, the position, the actions and their note, the prompt."""
    writes: list[str] = []
    heights: list[int] = []
    pending = iter(answers)

    def read(prompt: str) -> str:
        last = max(i for i, text in enumerate(writes) if text == "\n")
        heights.append(1 + "".join(writes[last + 1:]).count("\n") + 1)
        try:
            return next(pending)
        except StopIteration:
            raise EOFError from None

    status = play(game, seed=seed, bots="random", read=read, write=writes.append, rows=rows,
                  **options)  # type: ignore[arg-type]
    assert status == 0
    return "".join(writes), heights


@settings(max_examples=12)
@given(
    case=st.sampled_from([("semya", None), ("lyceum", 3), ("lyceum", 4), ("orbita", 2),
                          ("orbita", 4)]),
    seed=st.integers(0, 2**32),
    answers=st.lists(st.sampled_from(["0", "1", "2", "more", "all", "7"]), max_size=40),
)
def test_the_position_and_a_page_of_actions_fit_on_a_50_row_screen(
    case: tuple[str, int | None], seed: int, answers: list[str]
) -> None:
    game, players = case
    text, heights = _screens(game, seed, [a for a in answers if a != "all"], players=players)
    assert heights
    assert max(heights) <= 50, max(heights)
    assert "Traceback" not in text


def test_a_long_list_comes_in_pages_and_any_number_is_taken(tmp_path: Path) -> None:
    # 7Я seed 3: seat 0 opens with 21 actions, more than fit under the board on 30 rows.
    save = tmp_path / "game.json"
    text, heights = _screens("semya", 3, ["more", "more", "more", "all", "20", "quit"],
                             rows=30, first=0, save=save)
    assert max(heights[:4]) <= 30, "until 'all' asks for every action"
    pages = [line.split()[1] for line in text.splitlines() if line.startswith("  showing ")]
    assert pages == ["0–8", "9–17", "18–20", "0–8"], "each page, then the first again"
    assert "  showing 18–20 of 21 actions: 'more' shows the first ones again" in text
    listed = text.split("0–8 of 21")[-1]  # after the last page: 'all' lists every action
    numbers = [int(line.split()[0]) for line in listed.splitlines()
               if line.startswith("  ") and line.split()[0].isdigit()]
    assert numbers[:21] == list(range(21))
    legal = semya.Game().legal_actions(semya.Game().new(seed=3, first=0))
    record = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    assert record.actions[0] == legal[20]
    ru, _ = _screens("semya", 3, ["quit"], rows=30, first=0, lang="ru")
    assert "  показаны 0–8 из 21 действий: «more» — следующие, «all» — все" in ru


def test_a_number_beyond_the_page_is_taken_without_more(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    text, heights = _screens("semya", 3, ["20", "quit"], rows=30, first=0, save=save)
    first_screen = text.split("your move")[0]
    assert "  showing 0–8 of 21" in first_screen
    assert "   20  " not in first_screen, "action 20 was not on the first page"
    assert max(heights) <= 30
    legal = semya.Game().legal_actions(semya.Game().new(seed=3, first=0))
    record = serde.from_json(save.read_text(encoding="utf-8"), GameRecord)
    assert record.actions[0] == legal[20]


def test_the_end_says_how_it_ended_the_rule_and_that_you_lost() -> None:
    # Seed 1, seat 0 answers with the first action: seat 0 runs out of answers; seat 1 wins
    # holding fewer points than seat 0.
    text, _ = _screens("semya", 1, ["0"] * 60, first=0)
    end = text.split("Game over.\n")[1]
    assert end.splitlines()[0] == "  Seat 0 cannot answer and loses; seat 1 wins (SEM-9)"
    sentence = semya.Game().rulebook.rule("SEM-9").en
    assert f"  SEM-9: {sentence}" in end
    assert "#1 seat 1: " in end
    assert "  ← winner" in end.splitlines()[2]
    assert "Seat 1 wins with fewer points than seat 0: the rule above decides the winner" in end
    assert end.splitlines()[-1] == "You lost."
    ru, _ = _screens("semya", 1, ["0"] * 60, first=0, lang="ru")
    end_ru = ru.split("Игра окончена.\n")[1]
    assert "Игрок 0 не может ответить и проигрывает; победил игрок 1 (SEM-9)" in end_ru
    assert "← победитель" in end_ru
    assert "победу решило правило выше, а не очки" in end_ru
    assert end_ru.splitlines()[-1] == "Вы проиграли."


@settings(max_examples=20)
@given(game=st.sampled_from(["semya", "kuhn"]), seed=st.integers(0, 2**32),
       seat=st.integers(0, 1), lang=st.sampled_from(["en", "ru"]))
def test_the_end_tells_each_seat_whether_it_won(game: str, seed: int, seat: int,
                                                lang: str) -> None:
    text, _ = _screens(game, seed, ["0"] * 200, seat=seat, lang=lang)
    assert ("Game over." in text) != ("Игра окончена." in text)
    lines = text.splitlines()
    winners_line = next(line for line in lines if line.startswith(("winners:", "победители:")))
    winners = {int(w) for w in winners_line.split(":")[1].split(",") if w.strip() != "—"}
    verdict = lines[-1]
    en = {"won": "You won.", "lost": "You lost.", "share": "You share the win."}
    ru = {"won": "Вы выиграли.", "lost": "Вы проиграли.", "share": "Вы делите победу."}
    said = (en if lang == "en" else ru)
    expected = ("lost" if seat not in winners
                else "share" if len(winners) > 1 else "won")
    assert verdict == said[expected], (verdict, winners, seat)
    marked = [line for line in lines if line.endswith(("← winner", "← победитель"))]
    assert len(marked) == len(winners)
