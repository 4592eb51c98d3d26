"""Russian in reports, labels and the command line: every count in the form CLDR's plural
rules give it (Babel's), and no English tag left in a Russian report.

Every report (the console's and the HTML page), every comparison (both too), the command's
closing line and the standings sentence are printed with the counts 0, 1, 2, 5, 11, 21, 22
and 101, and every number followed by a counted noun is checked: the noun's form is the one
CLDR's category of the number asks for (the genitive after «из»).
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.core.standings import Standing, Standings, standings_sentence
from boardrules.core.words import count_ru, plural_category_ru, written_out_ru

babel = pytest.importorskip("babel")
pytest.importorskip("rich")

#: The counts every report and label is printed with.
COUNTS = (0, 1, 2, 5, 11, 21, 22, 101)
#: The form each of :data:`COUNTS` takes: партия, партии or партий.
FORMS = {0: "партий", 1: "партия", 2: "партии", 5: "партий", 11: "партий", 21: "партия",
         22: "партии", 101: "партия"}

#: Every noun a Russian report, label or message counts: its (one, few, many) forms in the
#: nominative, then after «из» (the genitive). A form of one of these after a number must
#: be the form its number takes.
NOUNS = {
    "партия": (("партия", "партии", "партий"), ("партии", "партий", "партий")),
    "место": (("место", "места", "мест"), ("места", "мест", "мест")),
    "очко": (("очко", "очка", "очков"), ("очка", "очков", "очков")),
    "ход": (("ход", "хода", "ходов"), ("хода", "ходов", "ходов")),
    "карта": (("карта", "карты", "карт"), ("карты", "карт", "карт")),
    "действие": (("действие", "действия", "действий"), ("действия", "действий", "действий")),
    "шаг": (("шаг", "шага", "шагов"), ("шага", "шагов", "шагов")),
    "разность": (("разность", "разности", "разностей"), ("разности", "разностей", "разностей")),
    "игрок": (("игрок", "игрока", "игроков"), ("игрока", "игроков", "игроков")),
}
_LEMMA = {form: lemma for lemma, cases in NOUNS.items() for forms in cases for form in forms}
_COUNTED = re.compile(r"(?<![\d.,=])(\d(?:[\d\u202f]*\d)?)(?=[ \u00a0]([а-яё]+))")
_CATEGORY = {"one": 0, "few": 1, "many": 2}


def wrong_forms(text: str) -> list[str]:
    """Every «number noun» in ``text`` whose noun is not in the form the number asks for."""
    wrong = []
    for match in _COUNTED.finditer(text):
        word = match.group(2)
        lemma = _LEMMA.get(word)
        if lemma is None:
            continue
        n = int(match.group(1).replace("\u202f", ""))
        after_of = text[:match.start()].rstrip().endswith("из")
        wanted = NOUNS[lemma][after_of][_CATEGORY[plural_category_ru(n)]]
        if word != wanted:
            wrong.append(f"{match.group(1)} {word} (wanted {wanted})")
    return wrong


#: Latin words a Russian report may show: rule IDs, the game's and files' names, the
#: statistician's p, and the names a designer gave their variants (shown in «»).
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
_ALLOWED = re.compile(r"[A-Z]+-\d+|p|kuhn|semya|fool-optional|results\.csv|keep_games|True|"
                      r"report\.html|html")


def english_words(text: str, game_tags: set[str]) -> set[str]:
    """The Latin words of ``text`` that are neither allowed nor one of the game's own tags
    (``game_tags``: kinds of event and content a game gives no Russian label yet)."""
    return {w for w in _LATIN.findall(text)
            if not _ALLOWED.fullmatch(w) and w.rstrip(".") not in game_tags}


def _plain(page: str) -> str:
    page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.DOTALL)
    page = re.sub(r"</?(td|th|tr|p|li|h\d|caption|summary|div|table)\b[^>]*>", " | ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@given(st.integers(0, 10**9))
def test_the_rule_written_out_for_a_base_install_is_babels(n: int) -> None:
    assert written_out_ru(n) == babel.Locale("ru").plural_form(n) == plural_category_ru(n)


@pytest.mark.parametrize("n", COUNTS)
def test_counts_take_their_cldr_form(n: int) -> None:
    assert count_ru(n, "партия", "партии", "партий") == f"{n} {FORMS[n]}"
    assert not wrong_forms(f"{n} {FORMS[n]}")


def test_the_checker_finds_a_wrong_form() -> None:
    assert wrong_forms("0 из 21 партия, 2 мест, 1 партий, 5 очка") == [
        "21 партия (wanted партии)", "2 мест (wanted места)", "1 партий (wanted партия)",
        "5 очка (wanted очков)"]
    assert not wrong_forms("0 из 21 партии, 2 места, 1 партия, 5 очков, из 2 партий")


@pytest.mark.parametrize("n", COUNTS)
def test_the_standings_sentence_counts_points(n: int) -> None:
    won = Standings((Standing(0, n, 1), Standing(1, 0, 2)), winners=(0,), final=True)
    none = Standings((Standing(0, n, 1), Standing(1, n, 1)), winners=(), final=True)
    for standings in (won, none):
        sentence = standings_sentence(standings, "ru", over=True)
        assert not wrong_forms(sentence), sentence


def _game_tags(game: object) -> set[str]:
    """The tags of the game's kinds of action and event that it gives no Russian label
    (a report shows those as they are): 7Я's and Kuhn's events, say; a kind the game labels
    must not show its tag."""
    from boardrules.sim.report import kind_classes
    from boardrules.sim.text import kind_label

    return {tag for tag, cls in kind_classes(game).items()
            if kind_label(game, cls, tag, "ru") == tag}


@pytest.mark.parametrize("n", [n for n in COUNTS if n])
def test_every_report_and_comparison_counts_in_russian(n: int, tmp_path: Path) -> None:
    from rich.console import Console

    from boardrules.agents import RandomAgent
    from boardrules.core.registry import load, load_variant
    from boardrules.sim import compare, simulate
    from boardrules.sim.compare import console_comparison, write_comparison
    from boardrules.sim.report import build_report, console_report, write_report

    texts: list[str] = []
    kuhn = load("kuhn")
    result = simulate(kuhn, [RandomAgent()] * 2, n, seed=n, executor=None, coverage=True,
                      probe_refusals="sampled")
    console = Console(file=io.StringIO(), width=100, record=True)
    console_report(build_report(result, "kuhn", "ru"), console)
    texts.append(console.export_text())
    texts.append(_plain(write_report(result, tmp_path / "kuhn", "kuhn", "ru", False)
                        .read_text(encoding="utf-8")))
    semya = load("semya")
    both = compare([semya, load_variant("semya", "fool-optional")], [RandomAgent()] * 2,
                   min(n, 22), seed=n, lang="ru", executor=None)
    lines: list[str] = []
    console_comparison(both, lines.append)
    texts.append("\n".join(lines))
    texts.append(_plain(write_comparison(both, tmp_path / "cmp", False)
                        .read_text(encoding="utf-8")))
    tags = _game_tags(kuhn) | _game_tags(semya) | set(result.summary.content_ids)
    for report in texts:
        assert not wrong_forms(report), wrong_forms(report)
        assert not english_words(report, tags), english_words(report, tags)
    assert f"{count_ru(n, 'партия', 'партии', 'партий')}" in texts[0]


@pytest.mark.parametrize("n", [1, 2, 5, 11, 21, 22])
def test_the_command_counts_in_russian(n: int, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from boardrules.cli import main

    with pytest.raises(SystemExit) as status:
        main(["simulate", "kuhn", "-n", str(n), "--jobs", "1", "--quiet", "--no-pictures",
              "--lang", "ru", "--agents", "greedy,random", "--out", str(tmp_path)])
    assert status.value.code == 0
    out = capsys.readouterr().out
    assert not wrong_forms(out), wrong_forms(out)
    assert "жадный" in out
    assert "greedy" not in out
    assert "random" not in out


#: Latin words the games put in their own Russian text: Lyceum's SP and XP are the
#: glossary's Russian terms too; the games' names.
GAME_WORDS = {"lyceum": {"SP", "XP", "lyceum"}, "orbita": {"orbita"}}


@pytest.mark.parametrize("name", sorted(GAME_WORDS))
def test_reports_of_the_larger_games_count_in_russian(name: str, tmp_path: Path) -> None:
    from rich.console import Console

    from boardrules.agents import RandomAgent
    from boardrules.core.registry import load
    from boardrules.sim import simulate
    from boardrules.sim.report import build_report, console_report, write_report
    from boardrules.sim.run import seats_of

    game = load(name)
    result = simulate(game, [RandomAgent()] * seats_of(game), 2, seed=2, executor=None,
                      coverage=True,
                      probe_refusals="sampled")
    console = Console(file=io.StringIO(), width=100, record=True)
    console_report(build_report(result, name, "ru"), console)
    page = write_report(result, tmp_path, name, "ru", False).read_text(encoding="utf-8")
    tags = _game_tags(game) | set(result.summary.content_ids) | GAME_WORDS[name]
    for report in (console.export_text(), _plain(page)):
        assert not wrong_forms(report), wrong_forms(report)
        assert not english_words(report, tags), english_words(report, tags)


@pytest.mark.parametrize("name", ["kuhn", "semya", "lyceum", "orbita"])
def test_every_kind_of_action_and_event_has_a_russian_label(name: str) -> None:
    """No report or log in Russian shows a kind's tag: each game labels them all."""
    from boardrules.core.registry import load

    assert not _game_tags(load(name))
