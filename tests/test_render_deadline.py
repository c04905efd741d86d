"""A prompt template cannot run without bound: every render has a deadline, Ctrl-C and
SIGTERM end a run that is rendering, and a prompt from the working directory is named on
stderr before the run starts."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from summarizer.errors import PromptError
from summarizer.prompting import sandbox
from summarizer.prompting.templates import load_prompt, origin_note

from .support.abstracts import ABSTRACT
from .support.cli import endpoint_args, run_cli, start_cli

NESTED = "{% set r = range(100000)|list %}{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}"
MACROS = (
    "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}"
)


def _prompt(folder: Path, user: str, name: str = "default.toml") -> Path:
    path = folder / "prompts" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f'name = "default"\nversion = 1\nstrategy = "free"\nsystem = "Summarize."\n'
        f"user = {user!r}\n".replace("'", '"'),
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "user",
    [NESTED, MACROS, "{% for i in range(99999) %}{{ i|string|length }}{% endfor %}" * 400],
    ids=["nested-loops", "macro-tree", "many-loops"],
)
def test_a_render_stops_at_its_deadline(tmp_path: Path, monkeypatch, user: str) -> None:
    monkeypatch.setattr(sandbox, "RENDER_SECONDS", 0.3)
    monkeypatch.setattr("summarizer.prompting.templates.deadline", lambda: sandbox.deadline(0.3))
    prompt = load_prompt(str(_prompt(tmp_path, user)))
    started = time.monotonic()
    with pytest.raises(PromptError, match="ran past its deadline"):
        prompt.render({"abstract": ABSTRACT, "title": None}, [])
    assert time.monotonic() - started < 5


def test_an_ordinary_render_is_untouched_by_the_deadline() -> None:
    messages = load_prompt("default").render({"abstract": ABSTRACT, "title": None}, [])
    assert ABSTRACT in messages[-1]["content"]


def test_a_prompt_from_the_working_directory_is_named(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert origin_note("default") is None
    path = _prompt(tmp_path, "{{ abstract }}")
    note = origin_note("default")
    assert note is not None and str(path) in note and "instead of the bundled" in note
    assert origin_note(str(path)) is None  # a file named on the command line is the user's
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert origin_note("default") is None  # a checkout's own prompts, run from its root


def _start(tmp_path: Path) -> subprocess.Popen[str]:
    (tmp_path / "in.txt").write_text(ABSTRACT + "\n\n" + ABSTRACT.replace("4.8", "5.1") + "\n")
    _prompt(tmp_path, NESTED + "{{ abstract }}")
    args = ["summarize", "in.txt", "-o", "out.jsonl", *endpoint_args("http://127.0.0.1:9/v1", "m")]
    return start_cli(args, tmp_path, sigint=True, stdout=None)


@pytest.mark.parametrize(
    "sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
def test_a_signal_ends_a_run_that_is_rendering_and_leaves_no_lock(
    tmp_path: Path, sig: int, code: int
) -> None:
    child = _start(tmp_path)
    assert child.stderr is not None
    first = child.stderr.readline()  # the note comes before any render
    assert "read from" in first and "working directory" in first
    time.sleep(0.5)  # inside the first render
    child.send_signal(sig)
    try:
        _, rest = child.communicate(timeout=20)
    finally:
        child.kill()
    assert child.returncode == code, rest
    assert "Interrupted" in rest and "Traceback" not in rest
    assert not (tmp_path / ".out.jsonl.lock").exists()
    out = tmp_path / "out.jsonl"
    assert not out.exists() or out.read_text().strip()  # never an empty output left behind


def test_a_run_whose_prompt_runs_past_the_deadline_fails_its_records(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text(ABSTRACT + "\n")
    _prompt(tmp_path, NESTED + "{{ abstract }}")
    done = run_cli(
        ["summarize", "in.txt", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"],
        tmp_path,
        timeout=60,
    )
    assert done.returncode == 3
    assert "ran past its deadline" in done.stderr
