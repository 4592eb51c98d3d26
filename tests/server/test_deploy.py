"""The deployment files under deploy/ (docs/how-to/deploy.md): each is always parsed here, and
checked by its own tool: ``nginx -t`` (the nginx guard: it skips with a visible line without
nginx, and ``make nginx`` installs it; CI installs it), and ``systemd-analyze verify`` where
systemd runs (a container without an init system has none to ask). The ``boardrules serve``
command lines they hold run through the real argument parser."""

from __future__ import annotations

import configparser
import json
import re
import shlex
import subprocess
from collections.abc import Callable
from pathlib import Path

import typer

from boardrules.cli import app

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _serve_options(command: str) -> list[str]:
    """The options of a ``boardrules serve ...`` command line, environment variables given
    sample values."""
    command = command.replace("${BOARDRULES_DB}", "postgresql://u@/db").replace(
        '"$BOARDRULES_DB"', "postgresql://u@/db")
    words = shlex.split(command)
    start = next(i for i, w in enumerate(words) if w.endswith("boardrules") and
                 i + 1 < len(words) and words[i + 1] == "serve")
    return words[start + 2:]


def _check_serve_options(options: list[str]) -> None:
    """Parse the options with ``serve``'s own parser (nothing is run)."""
    command = typer.main.get_command(app)
    context = command.make_context("boardrules", ["serve", *options], resilient_parsing=False)
    sub = command.get_command(context, "serve")  # type: ignore[attr-defined]
    assert sub is not None
    sub.make_context("serve", options)


def test_the_systemd_unit_parses_and_its_command_is_valid(
    tmp_path: Path, find_program: Callable[[str], str | None]
) -> None:
    """The unit parses and its command is a valid ``boardrules serve``; where systemd runs
    (not in CI's container, which has no init system), ``systemd-analyze verify`` too."""
    text = (DEPLOY / "boardrules.service").read_text()
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text.replace("\\\n", " "))
    assert parser.sections() == ["Unit", "Service", "Install"]
    assert parser["Service"]["KillSignal"] == "SIGTERM"
    _check_serve_options(_serve_options(parser["Service"]["ExecStart"]))
    tool = find_program("systemd-analyze")
    if tool is not None and Path("/run/systemd/system").is_dir():
        _verify_with_systemd(tool, find_program("true") or "/bin/true", tmp_path)


def _verify_with_systemd(tool: str, true: str, tmp_path: Path) -> None:
    unit = tmp_path / "boardrules.service"
    # The unit names an installed server and a user; point them at what exists here.
    unit.write_text((DEPLOY / "boardrules.service").read_text()
                    .replace("/opt/boardrules/bin/boardrules", true)
                    .replace("EnvironmentFile=", "EnvironmentFile=-"))
    result = subprocess.run([tool, "verify", str(unit)], capture_output=True, text=True,
                            timeout=60, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Unknown key" not in output, output
    assert "Unknown section" not in output, output


def test_the_nginx_config_parses_and_forwards_websockets() -> None:
    text = (DEPLOY / "nginx.conf").read_text()
    body = re.sub(r"#[^\n]*", "", text)
    assert body.count("{") == body.count("}"), "braces balance"
    for line in body.splitlines():
        line = line.strip()
        assert not line or line.endswith(("{", "}", ";")), f"an unfinished directive: {line}"
    assert "proxy_set_header Upgrade $http_upgrade;" in body
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in body, (
        "the proxy replaces the header rather than appending a client's own")
    assert "listen 443 ssl http2;" in body
    _check_serve_options(_serve_options(" ".join(
        line.lstrip("# ").rstrip("\\") for line in text.splitlines()
        if line.startswith(("#   boardrules", "#       --")))))


def test_nginx_accepts_the_config(tmp_path: Path, needs_nginx: dict[str, str]) -> None:
    nginx, openssl = needs_nginx["nginx"], needs_nginx["openssl"]
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=games.example.org", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    site = tmp_path / "boardrules.conf"
    site.write_text((DEPLOY / "nginx.conf").read_text()
                    .replace("/etc/letsencrypt/live/games.example.org/fullchain.pem", str(cert))
                    .replace("/etc/letsencrypt/live/games.example.org/privkey.pem", str(key)))
    main = tmp_path / "nginx.conf"
    main.write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
                    f"events {{}}\nhttp {{ access_log off; include {site}; }}\n")
    result = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(main)],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


_INSTRUCTIONS = {"FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT",
                 "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK",
                 "SHELL"}


def test_the_container_file_parses_and_its_command_is_valid() -> None:
    lines = [line for line in (DEPLOY / "Containerfile").read_text().replace("\\\n", " ")
             .splitlines() if line.strip() and not line.lstrip().startswith("#")]
    words = [line.split()[0] for line in lines]
    assert words[0] == "FROM"
    assert set(words) <= _INSTRUCTIONS, set(words) - _INSTRUCTIONS
    assert "CMD" in words
    assert "USER" in words, "it runs as a user of its own"
    cmd = next(line for line in lines if line.startswith("CMD"))
    argv = json.loads(cmd.removeprefix("CMD").strip())
    _check_serve_options(_serve_options(argv[-1]))
