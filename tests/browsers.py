"""One way to start headless Chromium for every browser test, with the same flags."""

from __future__ import annotations

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

#: Headless, no sandbox (CI runs as root), and nothing of Chromium's own traffic.
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)


def headless_chromium(tools: dict[str, str], *extra: str, page_load: float = 30
                      ) -> webdriver.Chrome:
    """A headless Chromium from ``tools`` (the ``needs_browser`` fixture's paths), with
    :data:`FLAGS` and ``extra`` flags, and a page-load timeout of ``page_load`` seconds."""
    options = webdriver.ChromeOptions()
    options.binary_location = tools["chromium"]
    for flag in (*FLAGS, *extra):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(tools["chromedriver"]), options=options)
    driver.set_page_load_timeout(page_load)
    return driver
