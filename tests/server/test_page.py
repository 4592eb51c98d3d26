"""The reference page draws the seat's view, shows refusals in sight, and speaks en and ru.

A real ``boardrules serve`` and one headless Chromium: a whole 7Я game and a few Lyceum and
Orbita turns are played by clicking, against random bots. At each of the player's turns the
SVG drawn in the page must be the game's own drawing of the seat's view (fetched apart, over
the API, with the seat's token), and the buttons must carry the legal actions' labels in the
chosen language. A refused click must show its rule inside the visible area.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import boardrules
from boardrules import serde

from .conftest import ServerProcess, api


def _wait(driver: webdriver.Chrome, check: Callable[[webdriver.Chrome], Any]) -> Any:
    return WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)
                         ).until(check)


def _attr(driver: webdriver.Chrome, element_id: str, name: str) -> str:
    return driver.find_element(By.ID, element_id).get_attribute(f"data-{name}") or ""


def _start(driver: webdriver.Chrome, server: ServerProcess, game: str) -> tuple[str, str]:
    """A new match of ``game`` with me at seat 0 and random bots elsewhere: (match, token)."""
    driver.get(server.url + "/")
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    for select in driver.find_elements(By.CSS_SELECTOR, "#seats select")[1:]:
        Select(select).select_by_value("random")
    driver.find_element(By.ID, "new-match").click()
    _wait(driver, lambda d: _attr(d, "status", "seat") == "0")
    match = driver.execute_script("return new URLSearchParams(location.hash.slice(1)).get('match')")
    saved = json.loads(
        driver.execute_script(f"return sessionStorage.getItem('boardrules:{match}')"))
    return match, saved["token"]


def _text(svg: str) -> str:
    return "".join(ET.fromstring(svg).itertext())


def _my_turn(driver: webdriver.Chrome) -> bool:
    return _attr(driver, "status", "to-move") == "0" or _attr(driver, "status", "over") == "true"


def _check_drawing(driver: webdriver.Chrome, server: ServerProcess, match: str, token: str,
                   lang: str) -> dict[str, Any]:
    """At my turn: the drawing and the buttons are those of my view; returns my payload."""
    _wait(driver, _my_turn)
    status, payload = api("GET", f"{server.url}/api/matches/{match}", token=token)
    assert status == 200
    version = str(payload["version"])
    _wait(driver, lambda d: _attr(d, "table", "version") == version
          and _attr(d, "table", "lang") == lang)
    game = boardrules.load(payload["game"])
    view = serde.from_dict(payload["view"], game.state_type, game=game)
    expected = game.render_svg(view, 0, lang)
    drawn = driver.execute_script("return document.querySelector('#table svg').textContent")
    assert drawn == _text(expected)
    pictures = [d for d in driver.execute_script("return window.__received")
                if "svg" in d and d["version"] == payload["version"] and d["lang"] == lang]
    assert pictures, "the page fetched the drawing of this version"
    assert pictures[-1]["svg"] == expected
    buttons = {b.text for b in driver.find_elements(By.CSS_SELECTOR, "#actions button.legal")}
    assert buttons == {legal["label"][lang] for legal in payload["legal"]}
    return payload


def _in_view(driver: webdriver.Chrome, element_id: str) -> bool:
    box = driver.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [r.top, r.bottom, r.height, window.innerHeight];", element_id)
    top, bottom, height, screen = box
    return bool(height > 0 and top >= 0 and bottom <= screen)


def _switch(driver: webdriver.Chrome, lang: str) -> None:
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)


def _refuse(driver: webdriver.Chrome, prefix: str) -> None:
    """Click an illegal button with the page scrolled down: the refusal is in sight, in en,
    then in ru after the switch."""
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    before = len(driver.execute_script("return window.__received"))
    driver.find_element(By.CSS_SELECTOR, "#actions button.illegal").click()
    _wait(driver, lambda d: _attr(d, "message", "rule").startswith(prefix))
    answer = driver.execute_script("return window.__received")[before]
    violation = answer["violation"]
    message = driver.find_element(By.ID, "message")
    assert message.text == f"{violation['rule']}: {violation['message']['en']}"
    assert _in_view(driver, "message"), "the refusal is inside the visible area"
    _switch(driver, "ru")
    _wait(driver, lambda d: d.find_element(By.ID, "message").text
          == f"{violation['rule']}: {violation['message']['ru']}")
    assert violation["message"]["ru"] != violation["message"]["en"]
    _switch(driver, "en")


def _click_legal(driver: webdriver.Chrome) -> None:
    version = _attr(driver, "status", "version")
    driver.find_element(By.CSS_SELECTOR, "#actions button.legal").click()
    _wait(driver, lambda d: _attr(d, "status", "version") != version)


def test_a_whole_7ya_game_is_drawn_from_the_view(
    tmp_path: Path, serve: Callable[..., ServerProcess], browser: webdriver.Chrome,
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    match, token = _start(browser, server, "semya")
    refused = switched = False
    for _ in range(80):
        _wait(browser, _my_turn)
        if _attr(browser, "status", "over") == "true":
            break
        payload = _check_drawing(browser, server, match, token, "en")
        if not refused and browser.find_elements(By.CSS_SELECTOR, "#actions button.illegal"):
            _refuse(browser, "SEM-")
            refused = True
        if not switched and payload["version"] >= 2:
            _switch(browser, "ru")
            russian = _check_drawing(browser, server, match, token, "ru")
            english = {legal["label"]["en"] for legal in russian["legal"]}
            assert {legal["label"]["ru"] for legal in russian["legal"]} != english
            assert browser.find_element(By.ID, "status").text == "Ваш ход"
            _switch(browser, "en")
            switched = True
        _click_legal(browser)
    assert _attr(browser, "status", "over") == "true", "the game ended"
    assert refused, "a refusal was shown"
    assert switched, "the language was switched"
    # Once over, the drawing is still the seat's view of the last position.
    status, payload = api("GET", f"{server.url}/api/matches/{match}", token=token)
    assert status == 200
    assert payload["over"]
    _wait(browser, lambda d: _attr(d, "table", "version") == str(payload["version"]))


@pytest.mark.parametrize("game", ["lyceum", "orbita"])
def test_turns_of_lyceum_and_orbita_are_drawn_from_the_view(
    tmp_path: Path, serve: Callable[..., ServerProcess], browser: webdriver.Chrome, game: str,
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    match, token = _start(browser, server, game)
    for turn in range(4):
        lang = "ru" if turn == 1 else "en"
        _switch(browser, lang)
        _check_drawing(browser, server, match, token, lang)
        _click_legal(browser)
    _switch(browser, "en")


def test_the_picture_is_the_view_of_the_asking_seat(
    tmp_path: Path, serve: Callable[..., ServerProcess],
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    status, created = api("POST", server.url + "/api/matches",
                          {"game": "semya", "seed": 3, "setup": {}, "seats": ["human", "open"]})
    assert status == 201
    path = f"{server.url}/api/matches/{created['match']}"
    token = created["tokens"][0]
    game = boardrules.load("semya")
    pictures = {}
    for who, lang in ((token, "en"), (token, "ru"), (None, "en")):
        status, payload = api("GET", path, token=who)
        assert status == 200
        status, picture = api("GET", f"{path}/picture?lang={lang}", token=who)
        assert status == 200
        assert (picture["version"], picture["seat"], picture["lang"]) == (
            payload["version"], payload["seat"], lang)
        view = serde.from_dict(payload["view"], game.state_type, game=game)
        assert picture["svg"] == game.render_svg(view, payload["seat"], lang)
        pictures[who, lang] = picture["svg"]
    assert pictures[token, "en"] != pictures[token, "ru"]
    assert pictures[token, "en"] != pictures[None, "en"], "a spectator does not see the hand"
    assert api("GET", f"{path}/picture?lang=de", token=token)[0] == 400
    assert api("GET", f"{path}/picture", token="x" * 32)[0] in (401, 403)
    assert api("GET", f"{server.url}/api/matches/nothing-here/picture")[0] == 404
