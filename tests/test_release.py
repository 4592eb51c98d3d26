"""Release 0.2.0 is ready to publish: the metadata, the changelog, the workflows, and
tools/release_check.py run on freshly built artifacts."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def _release_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("release_check",
                                                  ROOT / "tools" / "release_check.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_has_its_changelog_section_and_links() -> None:
    version = _pyproject()["project"]["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d\d-\d\d))?$", changelog, re.MULTILINE)
    assert headings[0] == ("Unreleased", ""), "new entries go under Unreleased"
    assert headings[1][0] == version, f"the first release section is {version}'s"
    links = dict(re.findall(r"^\[([^\]]+)\]: (\S+)$", changelog, re.MULTILINE))
    assert links["Unreleased"].endswith(f"compare/v{version}...HEAD")
    for name, _ in headings:
        assert name in links, f"no link for [{name}]"
    dates = [date for _, date in headings[1:]]
    assert dates == sorted(dates, reverse=True), "newest release first"


def test_the_metadata_links_the_project() -> None:
    project = _pyproject()["project"]
    assert set(project["urls"]) >= {"Source", "Issues", "Documentation", "Changelog"}
    assert all(url.startswith("https://") for url in project["urls"].values())
    classifiers = project["classifiers"]
    assert "Typing :: Typed" in classifiers
    minors = sorted(int(c.rpartition(".")[2]) for c in classifiers
                    if c.startswith("Programming Language :: Python :: 3."))
    assert project["requires-python"] == f">=3.{minors[0]}"


def test_wheel_problems_names_each_defect() -> None:
    check = _release_check()
    version = _pyproject()["project"]["version"]
    good = sorted(check.package_data() | {"boardrules/__init__.py", "boardrules/py.typed"})
    metadata = (f"Metadata-Version: 2.4\nName: boardrules\nVersion: {version}\n"
                "Classifier: Typing :: Typed\nDescription-Content-Type: text/markdown\n"
                + "".join(f"Project-URL: {label}, https://example.org/{label}\n"
                          for label in ("Source", "Issues", "Documentation", "Changelog")))
    entry_points = "[console_scripts]\nboardrules = boardrules.cli:main\n\n[boardrules.games]\n"
    entry_points += "".join(f"{g} = boardrules.games.{g}:Game\n" for g in check.GAMES)
    assert check.wheel_problems(good, metadata, entry_points, version) == []
    bad = [n for n in good if not n.endswith(("py.typed", "app.js", "cards.toml"))]
    bad += ["tests/conftest.py", "boardrules/games/tests/test_x.py"]
    problems = check.wheel_problems(
        bad, metadata.replace("Project-URL: Issues", "Project-URL: Tracker"),
        entry_points.replace("semya = ", "sem = "), "9.9.9")
    text = "\n".join(problems)
    for expected in ("lacks boardrules/py.typed",
                     "lacks the page's boardrules/server/static/app.js",
                     "lacks boardrules/games/lyceum/data/cards.toml", "holds tests",
                     "outside the package: tests/conftest.py", "not 9.9.9", "no Issues URL",
                     "register the game semya"):
        assert expected in text, (expected, problems)


def test_the_readme_snippet_states_its_output() -> None:
    code, expected = _release_check().readme_snippet()
    assert "print(" in code
    assert expected.strip()


def test_release_check_passes_on_freshly_built_artifacts(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "release_check.py"), "--quick",
         "--dist", str(tmp_path / "dist")],
        capture_output=True, text=True, timeout=900, cwd=ROOT, check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    version = _pyproject()["project"]["version"]
    assert result.stdout.splitlines()[-1] == (
        f"release check passed: boardrules-{version}-py3-none-any.whl, "
        f"boardrules-{version}.tar.gz")
    assert "as stated" in result.stdout


def _workflow(name: str) -> dict[Any, Any]:
    loaded = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    # YAML 1.1 reads the key `on` as True.
    loaded["on"] = loaded.pop(True, loaded.get("on"))
    for job in loaded["jobs"].values():
        assert {"runs-on", "steps"} <= set(job)
        for step in job["steps"]:
            assert ("uses" in step) != ("run" in step), step
    return loaded


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def test_ci_workflow_runs_make_test_on_pushes_and_pull_requests() -> None:
    ci = _workflow("ci.yml")
    assert {"push", "pull_request"} <= set(ci["on"])
    (job,) = ci["jobs"].values()
    assert "make test" in _runs(job)
    assert job["env"]["CI"] == "true"


def test_release_workflow_builds_checks_tests_the_wheel_and_publishes_on_a_tag() -> None:
    release = _workflow("release.yml")
    assert release["on"] == {"push": {"tags": ["v*"]}}
    jobs = release["jobs"]
    assert "python -m build" in _runs(jobs["build"])
    assert "twine check --strict" in _runs(jobs["build"])
    assert "release_check.py --no-build --dist dist --tests" in _runs(jobs["test-wheel"])
    assert jobs["test-wheel"]["needs"] == "build"
    publish = jobs["publish"]
    assert set(publish["needs"]) == {"build", "test-wheel"}
    assert publish["permissions"] == {"id-token": "write"}
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@")
               for step in publish["steps"])
    assert release["permissions"] == {"contents": "read"}, "only publish gets a token"
