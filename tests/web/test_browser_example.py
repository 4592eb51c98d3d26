"""The browser example (examples/browser) in a real headless Chromium, offline.

The page loads Pyodide and our wheels from its own folder, served on 127.0.0.1; Chromium
resolves no other host, so a fetch from anywhere else would fail the page. A whole 7Я game
and some Lyceum turns are clicked through against an agent; every reply the page got (the
moves, their labels, the refusals, the table, the log) is what CPython's engine gives for the
same clicks, and the saved record replays in CPython to the page's final state.

Needs Chromium, chromedriver and ``make browser-example``; skips with one line without.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from boardrules import GameRecord, Table, replay, serde
from tests.browsers import headless_chromium

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "browser"


def _load(name: str) -> ModuleType:
    """A module of the example (it is an example, not a package)."""
    key = f"boardrules_browser_example_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, EXAMPLE / f"{name}.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


@pytest.fixture(scope="module")
def page(needs_browser_example: dict[str, str]) -> Iterator[tuple[webdriver.Chrome, Any]]:
    """The page, loaded and ready (Python started in its worker), and the server."""
    server, url = _load("serve").start()
    # Offline: no host but loopback resolves, so nothing can come from a CDN.
    driver = headless_chromium(needs_browser_example,
                               "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                               page_load=60)
    driver.set_script_timeout(120)
    try:
        driver.get(url)
        WebDriverWait(driver, 180).until(
            lambda d: d.execute_script("return window.__page.ready || window.__page.error"))
        assert driver.execute_script("return window.__page.error") is None
        yield driver, server
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()


def _replies(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    replies: list[dict[str, Any]] = driver.execute_script("return window.__page.replies")
    return replies


def _count(driver: webdriver.Chrome) -> int:
    count: int = driver.execute_script("return window.__page.replies.length")
    return count


def _click_and_wait(driver: webdriver.Chrome, button: Any) -> dict[str, Any]:
    before = _count(driver)
    button.click()
    WebDriverWait(driver, 120, poll_frequency=0.05).until(lambda d: _count(d) > before)
    assert driver.execute_script("return window.__page.error") is None
    reply: dict[str, Any] = driver.execute_script("return window.__page.replies.at(-1)")
    return reply


def _new_game(driver: webdriver.Chrome, game: str, opponent: str, seed: int) -> dict[str, Any]:
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "opponent")).select_by_value(opponent)
    seed_box = driver.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    driver.execute_script("window.__page.replies = [];")
    return _click_and_wait(driver, driver.find_element(By.ID, "new-game"))


def _save(driver: webdriver.Chrome) -> dict[str, Any]:
    driver.find_element(By.ID, "save").click()
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.__page.record"))
    saved: dict[str, Any] = driver.execute_script("return window.__page.record")
    return saved


def _in_cpython(game: str, opponent: str, seed: int, clicks: list[tuple[str, Any]]
                ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The same clicks (``("play", action)``, ``("undo", None)``, ``("redo", None)``) on the
    same table in CPython: every reply, and the saved record."""
    table = _load("table")
    replies = [json.loads(table.new_game(json.dumps(
        {"game": game, "opponent": opponent, "seed": seed, "lang": "en"})))]
    for call, action in clicks:
        replies.append(json.loads(getattr(table, call)(json.dumps({"action": action}))))
    return replies, json.loads(table.record("{}"))


def _assert_same_end(saved: dict[str, Any], mine: dict[str, Any]) -> None:
    record = serde.from_json(saved["record"], GameRecord)
    assert serde.to_json(replay(record)[-1]) == saved["state"], "replay reaches the page's end"
    again = Table.from_record(record)
    assert serde.to_json(again.state) == saved["state"]
    assert serde.to_json(again.record()) == saved["record"], "the seats come back too"
    assert saved == mine, "CPython's table, given the same clicks, saves the same record"


def _button(driver: webdriver.Chrome, name: str) -> Any:
    button = driver.find_element(By.ID, name)
    assert button.is_enabled(), f"{name} is enabled"
    return button


def test_the_page_runs_on_pyodide_from_local_files_only(
    page: tuple[webdriver.Chrome, Any],
) -> None:
    driver, server = page
    origin = driver.current_url.rsplit("/", 1)[0] + "/"
    resources: list[str] = driver.execute_script("return window.__page.resources")
    assert resources, "the worker fetched its runtime and wheels"
    assert all(url.startswith(origin) for url in resources), resources
    assert any(url.endswith(".whl") for url in resources)
    assert "/node_modules/pyodide/pyodide.asm.wasm" in server.sent
    check: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[0];"
        "window.__page.call('selfcheck', {}).then((r) => done(r.result), (e) => done(String(e)));")
    assert check["platform"] == "emscripten"
    assert check["python"].startswith("3.14.")
    assert check["games"] == 4, "simulate's default (processes) ran in the page's one thread"
    assert check["rng"] == str(_load("table").Rng(1).next()), "the same random numbers"


def test_a_whole_7ya_game_against_mcts_replays_in_cpython(
    page: tuple[webdriver.Chrome, Any],
) -> None:
    driver, _ = page
    reply = _new_game(driver, "semya", "mcts", 7)
    clicks: list[tuple[str, Any]] = []
    refused = None
    undone = False
    for _ in range(80):
        if reply["over"]:
            break
        illegal = driver.find_elements(By.CSS_SELECTOR, "#moves button.illegal")
        if illegal and refused is None:
            action = json.loads(illegal[0].get_attribute("data-action"))
            reply = _click_and_wait(driver, illegal[0])
            refused = reply["refused"]
            message = driver.find_element(By.ID, "message")
            assert message.get_attribute("data-rule") == refused["rule"]
            assert message.text == refused["sentence"]
            assert refused["sentence"].startswith(refused["rule"] + ": ")
            clicks.append(("play", action))
        if reply["can_undo"] and not undone:
            # Back to the person's previous decision, and forward again: the same position.
            before = reply
            reply = _click_and_wait(driver, _button(driver, "undo"))
            assert reply["actions"] < before["actions"]
            reply = _click_and_wait(driver, _button(driver, "redo"))
            assert {**reply, "can_redo": False} == {**before, "can_redo": False}
            clicks += [("undo", None), ("redo", None)]
            undone = True
        legal = driver.find_elements(By.CSS_SELECTOR, "#moves button.legal")
        assert legal, "the person has a legal move on their turn"
        assert [b.text for b in legal] == [m["label"] for m in reply["turn"]["moves"]]
        assert driver.find_element(By.ID, "asked").text == reply["turn"]["asked"]
        clicks.append(("play", json.loads(legal[0].get_attribute("data-action"))))
        reply = _click_and_wait(driver, legal[0])
    assert reply["over"], "the game ended"
    status = driver.find_element(By.ID, "status")
    assert status.get_attribute("data-over") == "true"
    assert status.text.endswith(reply["result"]["sentence"])
    assert refused is not None, "an illegal click was refused with the engine's rule"
    assert undone, "undo and redo were clicked"
    saved = _save(driver)
    replies, mine = _in_cpython("semya", "mcts", 7, clicks)
    assert _replies(driver) == replies, "every reply (moves, labels, refusal, table, log)"
    _assert_same_end(saved, mine)


def test_lyceum_turns_against_greedy_agents_replay_in_cpython(
    page: tuple[webdriver.Chrome, Any],
) -> None:
    driver, _ = page
    reply = _new_game(driver, "lyceum", "greedy", 11)
    clicks: list[tuple[str, Any]] = []
    for turn in range(16):
        if reply["over"]:
            break
        legal = driver.find_elements(By.CSS_SELECTOR, "#moves button.legal")
        assert legal, "the person has a legal move on their turn"
        button = legal[turn % len(legal)]
        clicks.append(("play", json.loads(button.get_attribute("data-action"))))
        reply = _click_and_wait(driver, button)
    assert reply["actions"] > len(clicks), "the agents played between the person's turns"
    saved = _save(driver)
    replies, mine = _in_cpython("lyceum", "greedy", 11, clicks)
    assert _replies(driver) == replies
    _assert_same_end(saved, mine)
    loaded: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[1];"
        "window.__page.call('load', {record: arguments[0]})"
        ".then((r) => done(r.result), (e) => done(String(e)));",
        saved["record"])
    assert loaded == reply, "the page loads its own record back to the same table"


def test_a_language_switch_applies_to_the_game_going_on() -> None:
    """The page's language select tells the worker's table (``set_lang``), whose very next
    reply is in that language; the game itself does not change. Runs in CPython, without
    the browser: the page's Python is the same module."""
    table = _load("table")
    first = json.loads(table.new_game(json.dumps(
        {"game": "semya", "opponent": "greedy", "seed": 5, "lang": "en"})))
    played = json.loads(table.play(json.dumps({"action": first["turn"]["moves"][0]["action"]})))
    russian = json.loads(table.set_lang(json.dumps({"lang": "ru"})))
    assert russian["turn"]["lang"] == "ru"
    assert russian["turn"]["asked"] != played["turn"]["asked"]
    assert russian["text"] != played["text"]
    assert russian["log"] != played["log"]
    assert russian["actions"] == played["actions"]
    assert [m["action"] for m in russian["moves"]] == [m["action"] for m in played["moves"]]
    back = json.loads(table.set_lang(json.dumps({"lang": "en"})))
    assert back == played


def test_the_language_select_applies_at_once_in_the_browser(
    page: tuple[webdriver.Chrome, Any],
) -> None:
    driver, _ = page
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    english = _new_game(driver, "semya", "greedy", 3)
    before = _count(driver)
    Select(driver.find_element(By.ID, "lang")).select_by_value("ru")
    WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: _count(d) > before)
    russian: dict[str, Any] = driver.execute_script("return window.__page.replies.at(-1)")
    assert russian["turn"]["lang"] == "ru"
    assert russian["actions"] == english["actions"]
    assert driver.find_element(By.ID, "asked").text == russian["turn"]["asked"]
    assert driver.find_element(By.ID, "asked").text != english["turn"]["asked"]
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
