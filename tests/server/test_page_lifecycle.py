"""The built-in page around the moves: the log and the form survive a reload, lobby rows say
the game and the seats, and resign and rematch are buttons. A real ``boardrules serve`` and a
headless Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from .conftest import ServerProcess, api


def _wait(driver: webdriver.Chrome, check: Callable[[webdriver.Chrome], Any]) -> Any:
    return WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)
                         ).until(check)


def _status(driver: webdriver.Chrome, name: str) -> str:
    return driver.find_element(By.ID, "status").get_attribute(f"data-{name}") or ""


def _log(driver: webdriver.Chrome) -> list[str]:
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#log li")]


def _open(driver: webdriver.Chrome, server: ServerProcess, match: str, seat: int,
          token: str) -> None:
    """The page of ``match`` as ``seat``, its token in this tab's storage (as after a
    ``New match``)."""
    driver.get(server.url + "/")
    _wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    driver.execute_script(
        "sessionStorage.setItem('boardrules:' + arguments[0], JSON.stringify("
        "{seat: arguments[1], token: arguments[2]})); location.hash = 'match=' + arguments[0];"
        "location.reload();", match, seat, token)
    _wait(driver, lambda d: _status(d, "seat") == str(seat))


@pytest.fixture
def server(serve: Callable[..., ServerProcess], tmp_path: Path) -> ServerProcess:
    return serve(str(tmp_path / "m.sqlite3"), "--bot-seconds", "0.2")


def test_the_log_and_the_form_survive_a_reload(browser: webdriver.Chrome,
                                               server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "lyceum", "seats": ["human", "random", "greedy"],
                      "setup": {"players": 3}})
    match, token = created["match"], created["tokens"][0]
    _open(browser, server, match, 0, token)
    chosen = Select(browser.find_element(By.ID, "game")).first_selected_option
    assert chosen.get_attribute("value") == "lyceum"
    assert chosen.text == "«Об игре»", "the game's title, not its registry name"
    kinds = [Select(s).first_selected_option.get_attribute("value")
             for s in browser.find_elements(By.CSS_SELECTOR, "#seats select")]
    assert kinds == ["human", "random", "greedy"]
    _wait(browser, lambda d: _status(d, "to-move") == "0")
    for _ in range(2):
        version = _status(browser, "version")
        browser.find_element(By.CSS_SELECTOR, "#actions button.legal").click()
        _wait(browser, lambda d, v=version: _status(d, "version") != v)
        _wait(browser, lambda d: _status(d, "to-move") in ("0", ""))
    before = _log(browser)
    assert before
    browser.refresh()
    _wait(browser, lambda d: _status(d, "seat") == "0")
    _wait(browser, lambda d: _log(d) == before)


def test_resign_then_rematch_by_buttons(browser: webdriver.Chrome,
                                        server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "semya", "seed": 4, "seats": ["human", "human"]})
    match, tokens = created["match"], created["tokens"]
    _open(browser, server, match, 0, tokens[0])
    assert not browser.find_element(By.ID, "resign").get_attribute("hidden")
    assert browser.find_element(By.ID, "rematch").get_attribute("hidden")
    _wait(browser, lambda d: _status(d, "to-move") != "")
    if _status(browser, "to-move") == "0":  # a refusal's banner, which the end must clear
        browser.find_element(By.CSS_SELECTOR, "#actions button.illegal").click()
        _wait(browser, lambda d: not d.find_element(By.ID, "message").get_attribute("hidden"))
    browser.find_element(By.ID, "resign").click()
    _wait(browser, lambda d: _status(d, "over") == "true")
    assert "Seat 0 resigned: seat 1 wins." in browser.find_element(By.ID, "status").text
    assert browser.find_element(By.ID, "message").get_attribute("hidden")
    _wait(browser, lambda d: "Seat 0 resigned" in d.find_element(
        By.CSS_SELECTOR, "#table svg title").get_attribute("textContent"))
    Select(browser.find_element(By.ID, "lang")).select_by_value("ru")
    assert "Игрок 0 сдался" in browser.find_element(By.ID, "status").text
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert browser.find_element(By.ID, "resign").get_attribute("hidden")
    # The other seat asks first: this page is told, and its button joins that rematch.
    status, joined = api("POST", f"{server.url}/api/matches/{match}/rematch", raw=b"",
                         token=tokens[1])
    assert status == 201
    _wait(browser, lambda d: d.find_element(By.ID, "rematch").get_attribute("data-rematch")
          == joined["match"])
    browser.find_element(By.ID, "rematch").click()
    _wait(browser, lambda d: joined["match"] in d.current_url)
    _wait(browser, lambda d: _status(d, "over") == "false")
    assert _status(browser, "seat") == "0"


def test_lobby_rows_name_the_game_and_the_seats(browser: webdriver.Chrome,
                                                server: ServerProcess) -> None:
    api("POST", server.url + "/api/matches", {"game": "kuhn", "seats": ["human", "open"]})
    browser.get(server.url + "/")
    _wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    row = _wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#lobby button.join"))
    _wait(browser, lambda d: "seat 1: free" in row.text)
    assert row.text.startswith("Kuhn poker")
    assert "seat 0: human" in row.text
    Select(browser.find_element(By.ID, "lang")).select_by_value("ru")
    _wait(browser, lambda d: "свободно" in d.find_element(By.CSS_SELECTOR,
                                                           "#lobby button.join").text)
    assert "место 0: человек" in browser.find_element(By.CSS_SELECTOR, "#lobby button.join").text


def test_the_seat_kinds_are_the_game_s_bots_named_in_the_page_s_language(
        browser: webdriver.Chrome, server: ServerProcess) -> None:
    browser.get(server.url + "/")
    _wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(browser.find_element(By.ID, "lang")).select_by_value("ru")
    game = Select(browser.find_element(By.ID, "game"))
    for name, bots in (("semya", {"random", "greedy", "mcts"}),
                       ("orbita", {"random", "greedy", "goal", "mcts"})):
        game.select_by_value(name)
        seat = Select(browser.find_elements(By.CSS_SELECTOR, "#seats select")[1])
        kinds = {o.get_attribute("value"): o.text for o in seat.options}
        assert set(kinds) == {"human", "open", *bots}
        assert kinds["greedy"] == "место 1: жадный бот"
        assert kinds["open"] == "место 1: свободное место"
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert game.first_selected_option.text == "«Орбита Добра»"


def test_semya_shows_the_legal_cards_first(browser: webdriver.Chrome,
                                          server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "semya", "seed": 3, "setup": {"first": 0},
                      "seats": ["human", "human"]})
    _open(browser, server, created["match"], 0, created["tokens"][0])
    _wait(browser, lambda d: _status(d, "to-move") == "0")
    kinds = [b.get_attribute("class") for b in
             browser.find_elements(By.CSS_SELECTOR, "#actions button")]
    assert "illegal" in kinds, "the cards that cannot be played are there, to explain why"
    assert kinds == sorted(kinds, key=lambda kind: kind != "legal"), kinds


def test_kuhn_s_whole_table_fits_a_1280_by_800_window(browser: webdriver.Chrome,
                                                      server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "kuhn", "seats": ["human", "human"]})
    browser.set_window_size(1280, 800)
    try:
        _open(browser, server, created["match"], 0, created["tokens"][0])
        _wait(browser, lambda d: d.find_element(By.ID, "table").get_attribute("data-version"))
        box = browser.execute_script(
            "const r = document.querySelector('#table svg').getBoundingClientRect();"
            "return [r.bottom + window.scrollY, r.width, window.innerHeight];")
        assert box[0] <= box[2], f"the picture ends at {box[0]} px, the window at {box[2]}"
        assert box[1] >= 500, "and stays large enough to read"
    finally:
        browser.set_window_size(1200, 800)


@pytest.mark.parametrize(("width", "least"), [(1280, 850), (400, 340)])
def test_the_table_picture_uses_the_width(browser: webdriver.Chrome, server: ServerProcess,
                                          width: int, least: int) -> None:
    """At 1280×800 the picture is most of the window; on a phone-sized one it fills the
    width without a horizontal scroll bar."""
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "semya", "seed": 2, "seats": ["human", "human"]})
    browser.set_window_size(width, 800)
    try:
        _open(browser, server, created["match"], 0, created["tokens"][0])
        _wait(browser, lambda d: d.find_element(By.ID, "table").get_attribute("data-version"))
        svg = browser.find_element(By.CSS_SELECTOR, "#table svg")
        inner = browser.execute_script("return window.innerWidth")
        scroll = browser.execute_script("return document.documentElement.scrollWidth")
        assert svg.size["width"] >= least, svg.size
        assert svg.size["width"] <= inner
        assert scroll <= inner, "no horizontal scrolling"
    finally:
        browser.set_window_size(1200, 800)


def test_undo_against_a_bot_and_an_agreed_undo_by_the_buttons(
        browser: webdriver.Chrome, server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "semya", "seed": 6, "setup": {"first": 0},
                      "seats": ["human", "greedy"]})
    _open(browser, server, created["match"], 0, created["tokens"][0])
    _wait(browser, lambda d: _status(d, "to-move") == "0")
    assert browser.find_element(By.ID, "undo").get_attribute("hidden")  # nothing to undo
    browser.find_element(By.CSS_SELECTOR, "#actions button.legal").click()
    _wait(browser, lambda d: _status(d, "version") == "2")  # mine and the bot's answer
    assert len(_log(browser)) == 2
    browser.find_element(By.ID, "undo").click()
    _wait(browser, lambda d: _status(d, "version") == "0")
    assert _log(browser) == []
    assert _status(browser, "to-move") == "0"
    # Between people: the other seat asks, this page agrees by its button.
    _, other = api("POST", server.url + "/api/matches",
                   {"game": "semya", "seed": 6, "setup": {"first": 1},
                    "seats": ["human", "human"]})
    match, tokens = other["match"], other["tokens"]
    _, mine = api("GET", f"{server.url}/api/matches/{match}", token=tokens[1])
    api("POST", f"{server.url}/api/matches/{match}/actions",
        {"version": 0, "action": mine["legal"][0]["action"]}, token=tokens[1])
    _open(browser, server, match, 0, tokens[0])
    _wait(browser, lambda d: _status(d, "version") == "1")
    status, _ = api("POST", f"{server.url}/api/matches/{match}/undo", {"version": 1},
                    token=tokens[1])
    assert status == 200
    _wait(browser, lambda d: not d.find_element(By.ID, "undo-yes").get_attribute("hidden"))
    assert "Seat 1 asks" in browser.find_element(By.ID, "undo-text").text
    browser.find_element(By.ID, "undo-yes").click()
    _wait(browser, lambda d: _status(d, "version") == "0")
    assert _status(browser, "to-move") == "1"


def test_a_card_in_the_picture_plays_the_one_move_that_names_it(
        browser: webdriver.Chrome, server: ServerProcess) -> None:
    _, created = api("POST", server.url + "/api/matches",
                     {"game": "semya", "seed": 8, "setup": {"first": 0},
                      "seats": ["human", "human"]})
    match, token = created["match"], created["tokens"][0]
    _open(browser, server, match, 0, token)
    _wait(browser, lambda d: d.find_element(By.ID, "table").get_attribute("data-version"))
    _, mine = api("GET", f"{server.url}/api/matches/{match}", token=token)
    card = next(choice["action"]["card"] for choice in mine["legal"]
                if "card" in choice["action"])
    played = browser.find_element(By.CSS_SELECTOR, f'#table [data-card="{card}"]')
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", played)
    _wait(browser, lambda d: _status(d, "version") == "1")
    _, after = api("GET", f"{server.url}/api/matches/{match}?since=0", token=token)
    assert after["events"][0]["event"]["card"] == card
