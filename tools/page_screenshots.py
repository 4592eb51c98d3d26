"""Write a screenshot of the built-in page for each game into docs/images/page-<game>.png.

Starts ``boardrules serve`` on a free loopback port with a throwaway SQLite file, opens the
page in headless Chromium (Debian's ``chromium`` and ``chromedriver``, driven by selenium from
the ``test`` extra), makes a match with seat 0 for the player and random bots elsewhere, plays
a few moves by clicking, and saves the window. For 7Я it also clicks an illegal card, so the
refusal banner shows; Orbita is shown in Russian. The docs page "Serve matches to front-ends"
shows the PNGs and names this command:

    python tools/page_screenshots.py
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
#: game, moves to play first, language, whether to show a refusal
SHOTS = (
    ("semya", 3, "en", True), ("lyceum", 3, "en", False), ("orbita", 1, "ru", False),
    ("kuhn", 0, "en", False),
)


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-dev-shm-usage", "--window-size=1400,1000",
                 "--hide-scrollbars"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def _my_turn(driver: webdriver.Chrome) -> bool:
    return bool(driver.find_element(By.ID, "status").get_attribute("data-to-move") == "0")


def _drawn(driver: webdriver.Chrome) -> bool:
    table = driver.find_element(By.ID, "table")
    status = driver.find_element(By.ID, "status")
    return bool(table.get_attribute("data-version") == status.get_attribute("data-version"))


def shoot(driver: webdriver.Chrome, url: str, game: str, moves: int, lang: str,
          refusal: bool) -> Path:
    """Play ``moves`` moves of a new ``game`` match and save the page."""
    wait = WebDriverWait(driver, 30)
    driver.get(url + "/")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    for select in driver.find_elements(By.CSS_SELECTOR, "#seats select")[1:]:
        Select(select).select_by_value("random")
    driver.find_element(By.ID, "new-match").click()
    wait.until(lambda d: d.find_element(By.ID, "status").get_attribute("data-seat") == "0")
    for _ in range(moves):
        wait.until(_my_turn)
        version = driver.find_element(By.ID, "status").get_attribute("data-version")
        driver.find_element(By.CSS_SELECTOR, "#actions button.legal").click()
        wait.until(lambda d, v=version: d.find_element(By.ID, "status")
                   .get_attribute("data-version") != v)
    wait.until(_my_turn)
    if refusal:
        driver.find_element(By.CSS_SELECTOR, "#actions button.illegal").click()
        wait.until(lambda d: d.find_element(By.ID, "message").get_attribute("data-rule"))
    wait.until(_drawn)
    path = OUT / f"page-{game}.png"
    driver.save_screenshot(str(path))
    return path


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        port = _port()
        url = f"http://127.0.0.1:{port}"
        command = [str(Path(sys.executable).parent / "boardrules"), "serve", "--port",
                   str(port), "--db", str(Path(tmp) / "m.sqlite3"), "--bot-workers", "1"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(url + "/api/games", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        print("the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.1)
            driver = _browser()
            try:
                for game, moves, lang, refusal in SHOTS:
                    print(shoot(driver, url, game, moves, lang, refusal).relative_to(ROOT))
            finally:
                driver.quit()
        finally:
            server.terminate()
            server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
