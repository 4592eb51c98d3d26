"""``boardrules serve``: a wrong argument is one clear line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardrules.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--allow-origin", "foo"], "--allow-origin"),
        (["--log-level", "loud"], "--log-level"),
        (["--db", "postgresql://nobody@127.0.0.1:1/none"], "cannot open --db"),
        (["--db", "/proc/no/such/dir/m.sqlite3"], "cannot open --db"),
        (["--port", "x"], "--port"),
        (["--trusted-proxy", "a proxy"], "--trusted-proxy"),
        (["--allowed-host", "http://x/"], "--allowed-host"),
        (["--max-connections", "0"], "--max-connections"),
        (["--keep-finished", "-1"], "--keep-finished"),
        (["--export-finished", "/proc/version"], "--export-finished"),
        (["--workers", "2"], "--workers above 1 needs a postgresql://"),
        (["--workers", "0"], "--workers"),
    ],
    ids=["origin", "log level", "unreachable postgres", "unwritable sqlite", "port",
         "proxy", "host", "connections", "keep", "export", "workers on sqlite", "no workers"],
)
def test_a_wrong_argument_is_one_line_and_status_2(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 2
    assert says in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == [], "nothing is created before the arguments are checked"
