"""The help of every command reads as words: ``FILE...``, ``TEXT``, no ``<bool>`` on a flag."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from summarizer.cli.app import app

from .support.cli import run_cli

# typer's own markers: a Python type in angle brackets, a required argument in braces.
MARKERS = re.compile(r"<(?:bool|str|int|float|path|list\[[^]]*\]|int range|float range)>|[{}]")


def _paths(command: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if not getattr(sub, "hidden", False):
            found += _paths(sub, (*path, name))
    return found


COMMANDS = _paths(typer.main.get_command(app))


def test_every_command_is_looked_at() -> None:
    assert {("summarize",), ("eval", "run"), ("eval", "compare"), ("batch", "prepare")} <= set(
        COMMANDS
    )
    assert len(COMMANDS) >= 20


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "summarizer")
def test_help_has_no_type_markers(path: tuple[str, ...]) -> None:
    done = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    assert "Usage:" in done.output
    assert not MARKERS.findall(done.output), done.output


def test_summarize_help_names_values_in_words(tmp_path) -> None:
    done = run_cli(["summarize", "--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert re.search(r"Usage: summarizer summarize \[OPTIONS\] FILE\.\.\.", text)
    assert re.search(r"--abstract-key +NAME ", text) and re.search(r"--model +TEXT ", text)
    assert re.search(r"--concurrency +INTEGER \[1<=x<=1024\]", text)
    assert re.search(r"--cache-dir +DIR ", text)
    # A flag takes no value, and says none: its help follows the name.
    assert re.search(r"--no-cache +Neither read nor write", text)
    assert not MARKERS.findall(text), text


def test_an_optional_argument_is_bracketed_in_the_usage_line() -> None:
    done = CliRunner().invoke(app, ["show", "--help"], env={"COLUMNS": "200"})
    usage = next(line for line in done.output.splitlines() if "Usage:" in line)
    assert "{" not in usage and "<" not in usage
