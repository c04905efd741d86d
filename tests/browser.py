"""Headless Chromium through selenium, for the tests that open a written page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Headless, and no network chatter of the browser's own.
HEADLESS_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return "Chromium is not installed: make browser (Debian chromium, chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install -e '.[dev]'"
    return None


def headless_chrome(profile: Path, *flags: str, browser_log: bool = False) -> Any:
    """A headless Chromium with its own profile folder, no network chatter of its own."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*HEADLESS_FLAGS, "--disable-dev-shm-usage", f"--user-data-dir={profile}", *flags):
        options.add_argument(flag)
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
