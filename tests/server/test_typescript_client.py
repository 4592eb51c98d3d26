"""The TypeScript client (clients/typescript/) passes its own tests: ``npm ci`` (when its
``node_modules`` is missing or older than its lock file) and ``npm test``, which builds it —
the OpenAPI document printed by this checkout, the types generated from it, ``tsc`` — and
runs node's test runner against ``boardrules serve`` processes it starts on 127.0.0.1.

Without node and npm it skips with one line (``make node`` installs Debian's ``nodejs``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import boardrules

ROOT = Path(__file__).resolve().parent.parent.parent
CLIENT = ROOT / "clients" / "typescript"


@pytest.mark.needs_node
def test_the_typescript_client_passes_its_tests(needs_node: dict[str, str]) -> None:
    npm = needs_node["npm"]
    env = {**os.environ, "BOARDRULES_PYTHON": sys.executable,
           "npm_config_update_notifier": "false", "npm_config_fund": "false",
           "npm_config_audit": "false"}
    installed = CLIENT / "node_modules" / ".package-lock.json"
    lock = CLIENT / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        ci = subprocess.run([npm, "ci"], cwd=CLIENT, env=env, capture_output=True, text=True,
                            timeout=600, check=False)
        assert ci.returncode == 0, ci.stdout[-3000:] + ci.stderr[-3000:]
    result = subprocess.run([npm, "test"], cwd=CLIENT, env=env, capture_output=True,
                            text=True, timeout=600, check=False)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-6000:]
    assert "# fail 0" in out
    passed = [line for line in out.splitlines() if line.startswith("# pass ")]
    assert passed, out[-3000:]
    assert int(passed[-1].split()[-1]) >= 10, passed


DOCS = ROOT / "docs"
_SNIPPET = re.compile(r"^```ts\n(.*?)^```", re.S | re.M)


def _built(npm: str) -> dict[str, str]:
    """``npm ci`` when needed and ``npm run build`` (the generated types and ``dist``)."""
    env = {**os.environ, "BOARDRULES_PYTHON": sys.executable,
           "npm_config_update_notifier": "false", "npm_config_fund": "false",
           "npm_config_audit": "false"}
    installed = CLIENT / "node_modules" / ".package-lock.json"
    lock = CLIENT / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        ci = subprocess.run([npm, "ci"], cwd=CLIENT, env=env, capture_output=True, text=True,
                            timeout=600, check=False)
        assert ci.returncode == 0, ci.stdout[-3000:] + ci.stderr[-3000:]
    built = subprocess.run([npm, "run", "build"], cwd=CLIENT, env=env, capture_output=True,
                           text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return env


@pytest.mark.needs_node
def test_the_docs_typescript_snippets_compile_with_tsc_strict(
        needs_node: dict[str, str]) -> None:
    """Every ```ts block of the docs (the included main.ts is compiled by ``npm test``) is
    type-checked with ``tsc --strict`` against the package, ``ws`` and node's types."""
    snippets = [(page, found.group(1)) for page in sorted(DOCS.rglob("*.md"))
                for found in _SNIPPET.finditer(page.read_text(encoding="utf-8"))
                if "--8<--" not in found.group(1)]
    assert snippets, "the docs show the client in TypeScript"
    env = _built(needs_node["npm"])
    with tempfile.TemporaryDirectory(dir=CLIENT, prefix=".snippets-") as folder:
        for index, (_, text) in enumerate(snippets):
            (Path(folder) / f"snippet{index}.ts").write_text(text, encoding="utf-8")
        (Path(folder) / "tsconfig.json").write_text(json.dumps({
            "extends": "../tsconfig.json",
            "compilerOptions": {"strict": True, "noEmit": True, "rootDir": "..",
                                "types": ["node"],  # the published types, as a user gets them
                                "paths": {"boardrules-client": ["../dist/index.d.ts"]}},
            "include": ["*.ts"]}), encoding="utf-8")
        tsc = CLIENT / "node_modules" / ".bin" / "tsc"
        checked = subprocess.run([str(tsc), "-p", folder], cwd=CLIENT, env=env,
                                 capture_output=True, text=True, timeout=300, check=False)
    where = ", ".join(f"snippet{i}: {page.relative_to(ROOT)}"
                      for i, (page, _) in enumerate(snippets))
    assert checked.returncode == 0, where + "\n" + checked.stdout[-4000:] + checked.stderr


@pytest.mark.needs_node
def test_the_package_is_ready_to_publish(needs_node: dict[str, str]) -> None:
    """``npm pack`` would publish the built code, its types, the generated types' source,
    the OpenAPI document, a README and the licence, and nothing of the tests."""
    env = _built(needs_node["npm"])
    packed = subprocess.run([needs_node["npm"], "pack", "--dry-run", "--json",
                             "--ignore-scripts"], cwd=CLIENT, env=env, capture_output=True,
                            text=True, timeout=300, check=False)
    assert packed.returncode == 0, packed.stderr[-3000:]
    (entry,) = json.loads(packed.stdout)
    files = {item["path"] for item in entry["files"]}
    for wanted in ("package.json", "README.md", "LICENSE", "openapi.json", "dist/index.js",
                   "dist/index.d.ts", "dist/generated/api.d.ts", "src/index.ts",
                   "src/generated/api.ts"):
        assert wanted in files, wanted
    assert not [f for f in files if f.startswith(("test/", "dist-test/", "node_modules/",
                                                  "scripts/", "."))], sorted(files)
    assert (CLIENT / "LICENSE").read_text(encoding="utf-8") == (
        ROOT / "LICENSE").read_text(encoding="utf-8")
    manifest = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
    assert manifest["version"] == boardrules.__version__
    assert manifest["types"] == "dist/index.d.ts"
