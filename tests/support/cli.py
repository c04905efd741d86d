"""The one way tests run the ``summarizer`` command: a real subprocess in a clean environment.

The environment is the test's own, less what would change the outcome (a debug flag, API keys,
a forced progress mode), with the cache in the working folder and a wide terminal for help text.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

DROPPED = ("SUMMARIZER_DEBUG", "OPENAI_API_KEY", "SUMMARIZER_PROGRESS", "OPENAI_BASE_URL")


def cli_env(cwd: Path, extra: Mapping[str, str | None] | None = None) -> dict[str, str]:
    """The environment of a CLI run in ``cwd``; a None value in ``extra`` removes a name."""
    env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(cwd / "cache"), "COLUMNS": "200"}
    for name in DROPPED:
        env.pop(name, None)
    for name, value in (extra or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run_cli(
    args: list[str],
    cwd: Path,
    *,
    env: Mapping[str, str | None] | None = None,
    timeout: float = 90,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``summarizer ARGS`` in ``cwd``; its exit code, stdout and stderr (never raises on 1)."""
    return subprocess.run(
        [sys.executable, "-m", "summarizer.cli", *args],
        cwd=cwd,
        env=cli_env(cwd, env),
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input,
        check=False,
    )


def endpoint_args(base_url: str, model: str = "fake") -> list[str]:
    """The flags that point a run at a loopback endpoint."""
    return ["--base-url", base_url, "--model", model]
