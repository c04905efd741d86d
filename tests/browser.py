"""Headless Chromium through selenium, for the tests that open a written page."""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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


def under_ci() -> bool:
    """True where CI says so (``CI=true``, as GitHub Actions, GitLab and most runners set)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def needs_browser(*, selenium: bool = True) -> Callable[[Any], Any]:
    """Mark a test that opens a page in headless Chromium (``selenium=False``: the binary
    alone). Where the browser is missing it is skipped with the reason, except under CI, where
    it fails: a runner that could not install Chromium must not lose these tests silently."""
    if selenium:
        reason = browser_missing()
    elif not (CHROMIUM.exists() or shutil.which("chromium") or shutil.which("chromium-browser")):
        reason = "Chromium is not installed: make browser (Debian chromium)"
    else:
        reason = None

    def mark(test: Any) -> Any:
        test = pytest.mark.browser(test)
        if reason is None:
            return test
        if not under_ci():
            return pytest.mark.skip(reason=reason)(test)

        @functools.wraps(test)
        def fail(*args: Any, **kwargs: Any) -> None:
            pytest.fail(f"{reason} (CI=true: the browser tests may not be skipped)")

        return pytest.mark.browser(fail)

    return mark


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
