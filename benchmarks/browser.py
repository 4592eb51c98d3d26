"""The browser example's figures: download size, load time and time per move, in Chromium.

Run by hand after ``make browser-example`` (not a timed test):
``python benchmarks/browser.py [--games N]``. It serves examples/browser on 127.0.0.1,
opens the page in Debian's headless Chromium (Selenium; no host but loopback resolves), and
prints:

- the download size: every byte the page fetched to start (the server counts them), split
  into the Pyodide runtime, the wheels and the page itself;
- the load time: from opening the page to Python ready with boardrules imported, and its
  parts as the worker measured them (runtime, wheels, import);
- the time per move: for each game and opponent, the time of each of the person's moves
  in the worker (the move, the agents' answers, the reply), median and slowest, over ``N``
  games clicking the first legal move, and per action played.

The figures go to docs/how-to/browser.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "browser"
#: The games and opponents timed, and how many of the person's moves each game plays at most.
PLAYS = (("semya", "greedy", 60), ("semya", "mcts", 60), ("lyceum", "greedy", 30))


def _serve() -> ModuleType:
    spec = importlib.util.spec_from_file_location("browser_example_serve", EXAMPLE / "serve.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _driver(chromium: str, chromedriver: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-dev-shm-usage",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.set_page_load_timeout(60)
    return driver


def _size(sent: dict[str, int]) -> None:
    parts = {"Pyodide runtime (node_modules/pyodide)": 0, "wheels": 0, "the page": 0}
    for path, size in sent.items():
        if path.startswith("/node_modules/"):
            parts["Pyodide runtime (node_modules/pyodide)"] += size
        elif path.startswith("/wheels/"):
            parts["wheels"] += size
        else:
            parts["the page"] += size
    print(f"download: {sum(sent.values()) / 1e6:.2f} MB in {len(sent)} files")
    for name, size in parts.items():
        print(f"  {name}: {size / 1e6:.2f} MB")
    for path, size in sorted(sent.items(), key=lambda item: -item[1]):
        if size >= 100_000:
            print(f"    {path}: {size / 1e6:.2f} MB")


def _play(driver: webdriver.Chrome, game: str, opponent: str, seed: int, limit: int
          ) -> tuple[list[float], int]:
    """One game clicking the first legal move: each move's time in the worker, and the
    number of actions played (the person's and the agents')."""
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "opponent")).select_by_value(opponent)
    box = driver.find_element(By.ID, "seed")
    box.clear()
    box.send_keys(str(seed))
    driver.execute_script("window.__page.replies = []; window.__page.moveMs = [];")

    def click(button: Any) -> dict[str, Any]:
        before = driver.execute_script("return window.__page.replies.length")
        button.click()
        WebDriverWait(driver, 300, poll_frequency=0.05).until(
            lambda d: d.execute_script("return window.__page.replies.length") > before)
        reply: dict[str, Any] = driver.execute_script("return window.__page.replies.at(-1)")
        return reply

    reply = click(driver.find_element(By.ID, "new-game"))
    start = reply["actions"]
    for _ in range(limit):
        if reply["over"]:
            break
        reply = click(driver.find_elements(By.CSS_SELECTOR, "#moves button.legal")[0])
    times: list[float] = driver.execute_script("return window.__page.moveMs")
    return times, reply["actions"] - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game and opponent")
    args = parser.parse_args(argv)
    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or chromedriver is None:
        print("benchmarks/browser.py needs chromium and chromedriver (make browser)",
              file=sys.stderr)
        return 2
    try:
        server, url = _serve().start()
    except FileNotFoundError as error:
        print(f"benchmarks/browser.py: {error}", file=sys.stderr)
        return 2
    driver = _driver(chromium, chromedriver)
    try:
        opened = time.perf_counter()
        driver.get(url)
        WebDriverWait(driver, 300).until(
            lambda d: d.execute_script("return window.__page.ready || window.__page.error"))
        ready = time.perf_counter() - opened
        error = driver.execute_script("return window.__page.error")
        if error:
            print(f"the page did not start: {error}", file=sys.stderr)
            return 1
        timings = driver.execute_script("return window.__page.timings")
        _size(dict(server.sent))
        print(f"load: {ready:.1f} s from opening the page to Python {timings['python']} "
              f"ready with boardrules imported (runtime {timings['runtime'] / 1000:.1f} s, "
              f"wheels {timings['wheels'] / 1000:.1f} s, import {timings['import'] / 1000:.1f} s)")
        for game, opponent, limit in PLAYS:
            times: list[float] = []
            actions = 0
            for seed in range(args.games):
                more, played = _play(driver, game, opponent, seed, limit)
                times += more
                actions += played
            print(f"{game} against {opponent}: {statistics.median(times):.0f} ms per move "
                  f"(median of {len(times)}, slowest {max(times):.0f} ms), "
                  f"{sum(times) / max(actions, 1):.1f} ms per action played")
    finally:
        driver.quit()
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
