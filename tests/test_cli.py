"""The command line: games, rules, play, simulate, replay (through typer's runner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardrules import GameRecord, serde
from boardrules.cli import app
from boardrules.games import semya

runner = CliRunner()


def test_games_lists_the_registry() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "semya" in result.output


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
              "--out", str(out), "--probe"],
    )
    assert result.exit_code == 0, result.output
    assert (out / "report.html").exists()
    assert "report:" in result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 40
    assert len((out / "results.csv").read_text(encoding="utf-8").splitlines()) == 41


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
    assert "азарт" in result.output
    bad = tmp_path / "bad.json"
    actions = (semya.PlayCard("sun-saturn"), semya.PlayCard("moon-sun"))
    bad.write_text(serde.to_json(game.record(5, actions, first=0)))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    assert "move 1" in result.output
    assert "SEM-6" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "semya", "seed": "x"}')
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 1
    assert "$.seed" in result.output


@pytest.mark.parametrize("kind", ["state", "action", "record"])
def test_schema_prints_valid_json_schema(kind: str) -> None:
    import jsonschema

    result = runner.invoke(app, ["schema", "semya", "--kind", kind])
    assert result.exit_code == 0
    jsonschema.Draft202012Validator.check_schema(json.loads(result.output))
    assert runner.invoke(app, ["schema", "semya", "--kind", "nope"]).exit_code == 2
