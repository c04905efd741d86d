"""The one way tests run the ``summarizer`` command: a real subprocess in a clean environment,
run to its end (:func:`run_cli`) or started for the test to watch and signal (:func:`start_cli`).

The environment is the test's own, less what would change the outcome (a debug flag, API keys,
a forced progress mode), with the cache in the working folder and a wide terminal for help text.
The command runs as the installed console script does, under the name ``summarizer``; run to
its end, it is forked off a process that has imported the CLI once (:mod:`.warm`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import warm
from .processes import interruptible

DROPPED = ("SUMMARIZER_DEBUG", "OPENAI_API_KEY", "SUMMARIZER_PROGRESS", "OPENAI_BASE_URL")

#: ``python -m summarizer.cli``: the package's own entry point.
MODULE = (sys.executable, "-m", "summarizer.cli")
#: The console script's code path: ``summarizer.cli`` imported, then ``main()`` under the
#: program name ``summarizer``, as the installed command runs it (usage lines name it so).
CONSOLE_SCRIPT = (
    sys.executable,
    "-c",
    "import sys; sys.argv[0] = 'summarizer'; from summarizer.cli import main; main()",
)
#: A piped terminal's width, where an error line over 80 characters must still be one line.
NARROW = {"COLUMNS": "80"}
#: Options that point a run at a closed loopback port: it fails before any request is answered.
NOWHERE = ["--base-url", "http://127.0.0.1:9/v1", "--model", "none"]


def cli_env(
    cwd: Path, extra: Mapping[str, str | None] | None = None, *, no_settings: bool = False
) -> dict[str, str]:
    """The environment of a CLI run in ``cwd``; a None value in ``extra`` removes a name.

    ``no_settings``: none of the test's ``SUMMARIZER_*`` variables, the cache dir included, for
    tests of where each setting comes from (``extra`` may set some again).
    """
    if no_settings:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SUMMARIZER_")}
        env["COLUMNS"] = "200"
    else:
        env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(cwd / "cache"), "COLUMNS": "200"}
    for name in DROPPED:
        env.pop(name, None)
    for name, value in (extra or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def _warm(entry: Sequence[str], cold: bool) -> bool:
    """Whether a run of ``entry`` forks off a warm process: the console script's, unless
    ``cold`` or ``TESTS_COLD_CLI``."""
    return tuple(entry) == CONSOLE_SCRIPT and not (cold or warm.cold())


def run_cli(
    args: list[str],
    cwd: Path,
    *,
    env: Mapping[str, str | None] | None = None,
    timeout: float = 90,
    input: str | None = None,
    entry: Sequence[str] = CONSOLE_SCRIPT,
    no_settings: bool = False,
    cold: bool = False,
) -> subprocess.CompletedProcess[str]:
    """``summarizer ARGS`` in ``cwd``; its exit code, stdout and stderr (never raises on 1).

    ``env`` and ``no_settings`` as for :func:`cli_env`; ``entry`` is the command before ARGS.
    The console script's runs fork off a process that has imported the CLI already (see
    :mod:`tests.support.warm`); other entries, and ``cold``, start a fresh interpreter.
    """
    environment = cli_env(cwd, env, no_settings=no_settings)
    if _warm(entry, cold):
        return warm.run(entry, args, cwd, environment, timeout=timeout, input=input)
    return subprocess.run(
        [*entry, *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input,
        check=False,
    )


#: The Popen options a warm start takes; with another one the command starts cold.
WARM_STREAMS = {"stdin", "stdout", "stderr", "text"}


def start_cli(
    args: list[str],
    cwd: Path,
    *,
    env: Mapping[str, str | None] | None = None,
    sigint: bool = False,
    entry: Sequence[str] = CONSOLE_SCRIPT,
    cold: bool = False,
    **popen: Any,
) -> subprocess.Popen[str] | warm.WarmProcess:
    """``summarizer ARGS`` started in ``cwd`` with its output piped as text, for a test that
    watches it run; ``sigint``: a child that Ctrl-C reaches (see :func:`interruptible`).
    ``popen`` overrides the pipes (``stdin``, ``stdout``, ``stderr``, ...). The console script's
    runs are forked off a warm process (:class:`.warm.WarmProcess`) unless ``cold``: a test of
    the process's own command line."""
    if _warm(entry, cold) and set(popen) <= WARM_STREAMS:
        streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **popen}
        return warm.WarmProcess(entry, args, cwd, cli_env(cwd, env), sigint=sigint, **streams)
    options: dict[str, Any] = {
        "cwd": cwd,
        "env": cli_env(cwd, env),
        "stdout": subprocess.PIPE,
        "stderr": subprocess.PIPE,
        "text": True,
        **popen,
    }
    command = [*entry, *args]
    return interruptible(command, **options) if sigint else subprocess.Popen(command, **options)


def endpoint_args(
    base_url: str, model: str = "fake", *, mode: str | None = None, prompt: str | None = None
) -> list[str]:
    """The flags that point a run at a loopback endpoint, with its ``--mode`` and ``--prompt``
    when given."""
    args = ["--base-url", base_url, "--model", model]
    args += ["--mode", mode] if mode is not None else []
    return args + (["--prompt", prompt] if prompt is not None else [])
