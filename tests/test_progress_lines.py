"""Progress where no bar can be drawn: a plain line on stderr (a log, a background job)."""

from __future__ import annotations

from pathlib import Path

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI


def test_a_run_off_a_terminal_writes_plain_progress_lines(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text(
        "\n\n".join(ABSTRACT.replace("4.8", f"4.{i}") for i in range(3)) + "\n"
    )
    with FakeOpenAI(default=answer()) as server:
        done = run_cli(
            ["summarize", "in.txt", "--prompt", "naive-grammar", "-o", "out.jsonl",
             *endpoint_args(server.base_url)],
            tmp_path,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [x for x in done.stderr.splitlines() if x.startswith("summarizing: ")]
    assert lines and lines[-1].startswith("summarizing: 3/3 (100%)")
    assert "failed 0" in lines[-1]
