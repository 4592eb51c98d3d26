"""``GET /openapi.json``: a valid OpenAPI 3.1 document of every route, whose examples match
their schemas, and a live server that schemathesis cannot make fail (no 5xx, every answer
as documented)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from starlette.routing import Route
from starlette.testclient import TestClient

import boardrules
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.openapi import openapi_document
from boardrules.server.store import open_store


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Any]]:
    store = open_store(str(tmp_path_factory.mktemp("openapi") / "m.sqlite3"))
    app, _ = make_app(store, Limits(bot_workers=1))
    with TestClient(app) as client:
        yield client, app


def test_the_document_is_valid_openapi_3_1(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    doc = client.get("/openapi.json").json()
    assert doc["openapi"] == "3.1.0"
    validate(doc)


def test_every_route_and_method_is_described(served: tuple[TestClient, Any]) -> None:
    client, app = served
    doc = client.get("/openapi.json").json()
    routes = {(m.lower(), r.path) for r in app.routes if isinstance(r, Route)
              for m in r.methods or () if m != "HEAD"}
    described = {(m, p) for p, methods in doc["paths"].items() for m in methods}
    assert described == routes
    assert set(doc["x-websockets"]) == {"/api/matches/{match_id}/live"}
    for path, methods in doc["paths"].items():
        for method, operation in methods.items():
            assert operation["summary"], (method, path)
            assert any(s.startswith("2") for s in operation["responses"]), (method, path)
            assert "405" in operation["responses"]


def test_a_route_without_a_description_is_refused() -> None:
    async def nothing(request: Any) -> Any:
        return None

    games = {"kuhn": boardrules.load("kuhn")}
    with pytest.raises(ValueError, match="GET /api/new"):
        openapi_document([Route("/api/new", nothing, methods=["GET"])], games, "0")


def _examples(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], Any]]:
    for path, methods in doc["paths"].items():
        for method, operation in methods.items():
            medias = [("request", operation.get("requestBody", {}).get("content", {}))]
            medias += [(status, r.get("content", {}))
                       for status, r in operation["responses"].items()]
            for where, content in medias:
                for media in content.values():
                    values = [media["example"]] if "example" in media else []
                    values += [e["value"] for e in media.get("examples", {}).values()]
                    for value in values:
                        yield f"{method} {path} {where}", media["schema"], value


def test_every_example_matches_its_schema(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    doc = client.get("/openapi.json").json()
    registry: Registry[Any] = Registry().with_resource(
        "urn:boardrules:openapi", Resource.from_contents(doc, default_specification=DRAFT202012))
    checked = 0
    for where, schema, value in _examples(doc):
        ref = schema.get("$ref", "")
        target = {"$ref": "urn:boardrules:openapi" + ref} if ref else schema
        errors = list(Draft202012Validator(target, registry=registry).iter_errors(value))
        assert not errors, (where, errors[0].message)
        checked += 1
    assert checked >= 30, "every body, answer and refusal carries an example"


def test_the_document_is_computed_once_and_cacheable(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    first = client.get("/openapi.json")
    second = client.get("/openapi.json")
    assert first.content == second.content
    tag = first.headers["etag"]
    assert client.get("/openapi.json", headers={"if-none-match": tag}).status_code == 304


def test_the_explorer_page_works_offline(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    page = client.get("/api/explorer")
    assert page.status_code == 200
    assert "/static/explorer.js" in page.text
    script = client.get("/static/explorer.js")
    assert script.status_code == 200
    for text in (page.text, script.text):
        assert "http://" not in text
        assert "https://" not in text  # no CDN: it works without the internet


OPENAPI_MD = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "openapi.md"


def test_schemathesis_finds_no_server_error_and_no_undocumented_answer(
        serve: Callable[..., Any], tmp_path: Path) -> None:
    """Every check but ``positive_data_acceptance``: a schema cannot say that a 7Я match has
    two seats *for this setup*, nor that ``1.0`` is refused where an integer is wanted (our
    strict JSON), so schema-valid bodies may rightly get a 400."""
    server = serve(str(tmp_path / "m.sqlite3"), "--bot-seconds", "0.2")
    # Every check (schemathesis enables them all unless told) but positive_data_acceptance,
    # and ignored_auth in the stateful phase only (it takes a seat's token that a link sets
    # for a made-up one): the configuration openapi.md shows, taken from the page.
    config = re.search(r"```toml\n(.*?)```", OPENAPI_MD.read_text(encoding="utf-8"), re.S)
    assert config is not None, "openapi.md shows the schemathesis configuration"
    (tmp_path / "schemathesis.toml").write_text(config.group(1), encoding="utf-8")
    st = Path(sys.executable).parent / "st"
    start = time.monotonic()
    result = subprocess.run(
        [str(st), "run", f"{server.url}/openapi.json", "--phases",
         "examples,fuzzing,stateful", "--max-examples", "3", "--request-timeout", "10",
         "--seed", "20", "--no-color"],
        capture_output=True, text=True, timeout=240, check=False,
        cwd=tmp_path)  # schemathesis keeps a cache folder where it runs
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
    # The links carry the match and a seat's token to the match's operations: the stateful
    # phase follows nearly all of them (18 of 20 with this seed and 40 examples).
    links = re.search(r"API Links:\s+(\d+) covered / (\d+) selected", result.stdout)
    assert links is not None, result.stdout[-3000:]
    assert int(links.group(1)) >= 0.9 * int(links.group(2)), links.group(0)
    assert time.monotonic() - start < 120
