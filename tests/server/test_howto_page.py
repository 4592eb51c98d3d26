"""The tiny 7Я page of the how-to "Serve games to a web page", built as the page says — the
built TypeScript client installed beside it, ``main.ts`` compiled with ``tsc`` — and played
in headless Chromium against a real ``boardrules serve`` on another origin (CORS)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from tests.browsers import headless_chromium

from .conftest import ServerProcess, free_port

ROOT = Path(__file__).resolve().parent.parent.parent
CLIENT = ROOT / "clients" / "typescript"


@pytest.fixture
def page_folder(tmp_path: Path, needs_node: dict[str, str]) -> Path:
    """The how-to's steps: the client built, installed beside the page, main.ts compiled."""
    env = {**os.environ, "BOARDRULES_PYTHON": sys.executable}
    if not (CLIENT / "node_modules" / ".package-lock.json").exists():
        subprocess.run([needs_node["npm"], "ci"], cwd=CLIENT, env=env, check=True,
                       capture_output=True, timeout=600)
    subprocess.run([needs_node["npm"], "run", "build"], cwd=CLIENT, env=env, check=True,
                   capture_output=True, timeout=600)
    folder = tmp_path / "page"
    shutil.copytree(CLIENT / "examples" / "page", folder)
    (folder / "node_modules").mkdir()
    (folder / "node_modules" / "boardrules-client").symlink_to(CLIENT)
    compiled = subprocess.run(
        [needs_node["node"], str(CLIENT / "node_modules" / "typescript" / "bin" / "tsc"),
         "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
         "--lib", "es2022,dom", "main.ts"],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    return folder


@pytest.fixture
def static_site(page_folder: Path) -> Iterator[str]:
    """The page's folder served over HTTP on a free 127.0.0.1 port (another origin)."""
    handler = functools.partial(_Quiet, directory=str(page_folder))
    site = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}"
    site.shutdown()
    site.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No access log in the test output."""


@pytest.fixture
def browser(needs_browser: dict[str, str]) -> Iterator[webdriver.Chrome]:
    driver = headless_chromium(needs_browser)
    yield driver
    driver.quit()


def _state(driver: webdriver.Chrome) -> str:
    """What the page shows, for a failure's message."""
    hand = [(b.text[:30], b.is_enabled()) for b in
            driver.find_elements(By.CSS_SELECTOR, "#hand button")]
    log = [item.text[:40] for item in driver.find_elements(By.CSS_SELECTOR, "#log li")]
    return (f"status {driver.find_element(By.ID, 'status').text!r}, hand {hand}, log {log}, "
            f"console {[e['message'][:200] for e in driver.get_log('browser')]}")


@pytest.mark.needs_node
@pytest.mark.needs_browser
def test_the_howto_page_plays_7ya_against_a_bot(
        static_site: str, browser: webdriver.Chrome, serve: Callable[..., ServerProcess],
        tmp_path: Path) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--allow-origin", static_site,
                   "--bot-seconds", "0.2")
    browser.get(f"{static_site}/index.html?server={server.url}")
    browser.find_element(By.ID, "new").click()
    wait = WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,))

    def play_a_card(driver: webdriver.Chrome) -> bool:
        """Click an enabled card, or the trump when no card may be played (the page redraws
        on every push, so look again if the button went stale); a card's class is its suit,
        from the catalogue."""
        if driver.find_element(By.ID, "status").text != "Your move":
            return False
        for button in driver.find_elements(By.CSS_SELECTOR, "#hand button"):
            if button.is_enabled():
                kind = button.get_attribute("class").split()[-1]
                assert kind in ("white", "black", "trump")
                button.click()
                return True
        return False

    for _ in range(2):
        before = len(browser.find_elements(By.CSS_SELECTOR, "#log li"))
        try:
            wait.until(play_a_card)
        except TimeoutException:
            raise AssertionError(_state(browser)) from None
        wait.until(lambda d, n=before: len(d.find_elements(By.CSS_SELECTOR, "#log li"))
                   >= n + 2)  # my move and the bot's answer, pushed over the WebSocket
    wait.until(lambda d: d.find_element(By.ID, "status").text == "Your move")
    log = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    assert {line.split()[1] for line in log} == {"0", "1"}, log  # both seats played
    assert all(line.startswith("Seat ") and " plays " in line for line in log)
