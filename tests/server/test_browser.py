"""The page served by ``boardrules serve``, in two real headless Chromium browsers.

One browser makes a 7Я match with an open seat, the other finds it in the lobby and joins;
then they play it to the end by clicking, each page updated live over its WebSocket when the
other moves. An illegal click shows the rule and the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from tests.browsers import headless_chromium

from .conftest import ServerProcess


@pytest.fixture
def browsers(
    needs_browser: dict[str, str],
) -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    """Two separate browsers: two people, no shared storage or cookies."""
    first = headless_chromium(needs_browser)
    try:
        second = headless_chromium(needs_browser)
    except Exception:
        first.quit()
        raise
    yield first, second
    first.quit()
    second.quit()


def _status(driver: webdriver.Chrome, name: str) -> str:
    value = driver.find_element(By.ID, "status").get_attribute(f"data-{name}")
    return value or ""


def _wait(driver: webdriver.Chrome, check: Callable[[webdriver.Chrome], bool]) -> None:
    WebDriverWait(driver, 30).until(check)


def _click(driver: webdriver.Chrome, css: str) -> None:
    """Click the first element matching ``css``, finding it again if the page redrew it."""

    def click(d: webdriver.Chrome) -> bool:
        found = d.find_elements(By.CSS_SELECTOR, css)
        if not found:
            return False
        found[0].click()
        return True

    WebDriverWait(driver, 30, ignored_exceptions=(StaleElementReferenceException,)).until(click)


def _ready(driver: webdriver.Chrome) -> bool:
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"


def test_two_browsers_play_a_7ya_match_live(
    tmp_path: Path, serve: Callable[..., ServerProcess],
    browsers: tuple[webdriver.Chrome, webdriver.Chrome],
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    host, guest = browsers
    host.get(server.url + "/")
    _wait(host, _ready)
    Select(host.find_element(By.ID, "game")).select_by_value("semya")
    seats = host.find_elements(By.CSS_SELECTOR, "#seats select")
    assert len(seats) == 2
    Select(seats[1]).select_by_value("open")
    host.find_element(By.ID, "new-match").click()
    _wait(host, lambda d: _status(d, "seat") == "0")

    guest.get(server.url + "/")
    _wait(guest, _ready)
    guest.find_element(By.ID, "refresh-lobby").click()
    _click(guest, "#lobby button.join")
    _wait(guest, lambda d: _status(d, "seat") == "1")

    players = {0: host, 1: guest}
    shown_reason = False
    for version in range(1, 61):
        if _status(host, "over") == "true":
            break
        mover = next(seat for seat, d in players.items()
                     if d.find_element(By.ID, "status").text == "Your move")
        driver = players[mover]
        illegal = driver.find_elements(By.CSS_SELECTOR, "#actions button.illegal")
        if illegal and not shown_reason:
            _click(driver, "#actions button.illegal")
            _wait(driver, lambda d: (d.find_element(By.ID, "message")
                                     .get_attribute("data-rule") or "").startswith("SEM-"))
            assert ":" in driver.find_element(By.ID, "message").text
            shown_reason = True
        assert driver.find_elements(By.CSS_SELECTOR, "#actions button.legal"), (
            "the seat to move has a legal button")
        _click(driver, "#actions button.legal")
        for page in players.values():  # the other page learns of the move by its WebSocket
            _wait(page, lambda d, v=version: int(_status(d, "version") or -1) >= v)
    for page in players.values():
        _wait(page, lambda d: _status(d, "over") == "true")
    results = sorted(d.find_element(By.ID, "status").text for d in players.values())
    assert "you lose" in results[0]
    assert "you win" in results[1]
    assert shown_reason, "an illegal click showed its rule and reason"
