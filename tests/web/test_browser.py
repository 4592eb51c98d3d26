"""The reference front-end in a real headless Chromium (Debian's, driven by Selenium).

A person's clicks: a 7Я game is played to the end, an illegal click shows the rule and the
reason, and a Lyceum page never receives another seat's hidden data.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
import uvicorn
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.browsers import headless_chromium

from .conftest import load_server


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, Any]]:
    web: ModuleType = load_server()
    app, server = web.make_app()
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not runner.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/", server
    runner.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(needs_browser: dict[str, str]) -> Iterator[webdriver.Chrome]:
    driver = headless_chromium(needs_browser)
    yield driver
    driver.quit()


def _new_game(driver: webdriver.Chrome, url: str, game: str) -> None:
    driver.get(url)
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    driver.execute_script("window.__received = [];")
    driver.find_element(By.ID, "new-game").click()
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.ID, "status").text.strip() != ""
    )


def _received(driver: webdriver.Chrome) -> int:
    count: int = driver.execute_script("return window.__received.length;")
    return count


def _click_and_wait(driver: webdriver.Chrome, button: Any) -> None:
    before = _received(driver)
    button.click()
    WebDriverWait(driver, 20).until(lambda d: _received(d) > before)


def test_a_7ya_game_is_played_to_the_end_by_clicking(
    site: tuple[str, Any], browser: webdriver.Chrome
) -> None:
    url, _ = site
    _new_game(browser, url, "semya")
    shown_reason = False
    for _ in range(60):
        if browser.find_element(By.ID, "status").get_attribute("data-over") == "true":
            break
        illegal = browser.find_elements(By.CSS_SELECTOR, "#actions button.illegal")
        if illegal and not shown_reason:
            _click_and_wait(browser, illegal[0])
            message = browser.find_element(By.ID, "message")
            assert message.get_attribute("data-rule").startswith("SEM-")
            assert ":" in message.text
            shown_reason = True
        legal = browser.find_elements(By.CSS_SELECTOR, "#actions button.legal")
        assert legal, "the seat to move has a legal button"
        _click_and_wait(browser, legal[0])
    status = browser.find_element(By.ID, "status")
    assert status.get_attribute("data-over") == "true"
    assert "Game over" in status.text
    assert shown_reason, "an illegal click showed its rule and reason"


def test_a_lyceum_page_never_receives_hidden_data(
    site: tuple[str, Any], browser: webdriver.Chrome
) -> None:
    url, server = site
    _new_game(browser, url, "lyceum")
    for _ in range(40):
        legal = browser.find_elements(By.CSS_SELECTOR, "#actions button.legal")
        if not legal:
            break
        _click_and_wait(browser, legal[-1])
    received = browser.execute_script("return window.__received;")
    game_id = next(p["id"] for p in received if "id" in p)
    session = server.sessions[game_id]
    secrets = {
        i: seat.declaration for i, seat in enumerate(session.state.seats)
        if i != 0 and seat.declaration
    }
    views = [p["view"] for p in received if "view" in p]
    assert views
    for view in views:
        assert view["seed"] == 0, "the seed (and with it every pile) stays on the server"
        if view["stage"] == "over":
            continue
        for i, seat in enumerate(view["seats"]):
            if i != 0:
                assert seat["declaration"] in (None, []), "another seat's declaration leaked"
    for i, secret in secrets.items():
        for view in views:
            if view["stage"] != "over":
                assert view["seats"][i]["declaration"] != list(secret)


def test_the_orbita_table_opens_and_takes_a_click(
    site: tuple[str, Any], browser: webdriver.Chrome
) -> None:
    url, _ = site
    _new_game(browser, url, "orbita")
    table = browser.find_element(By.ID, "table").text
    assert '"zones"' in table or '"seats"' in table
    legal = browser.find_elements(By.CSS_SELECTOR, "#actions button.legal")
    assert legal, "the seat to move has legal buttons"
    _click_and_wait(browser, legal[0])
    assert browser.find_element(By.ID, "message").text == ""
