"""The README's commands and snippets stay true."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from summarizer.cli import app

from .conftest import SEEDS

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_readme_opens_with_the_two_make_commands():
    first = blocks("bash")[0]
    commands = [line for line in first.splitlines() if line and not line.startswith("#")]
    assert commands == ["make run", "make test"]
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    ci = (REPO / ".ci" / "run").read_text()
    assert "make test" in ci


def summarizer_commands() -> list[list[str]]:
    found = []
    for block in blocks("bash"):
        for line in block.splitlines():
            line = line.split("#")[0].strip()
            if line.startswith("summarizer "):
                found.append(shlex.split(line)[1:])
    return found


@pytest.mark.parametrize("argv", summarizer_commands(), ids=lambda a: " ".join(a[:2]))
def test_every_summarizer_command_in_the_readme_exists(argv):
    from typer.testing import CliRunner

    words = [w for w in argv if not w.startswith("-")]
    groups = {"eval", "cache", "engine", "config", "batch"}
    group = words[:2] if words and words[0] in groups else words[:1]
    if group[:2] == ["eval", "test"] or (group and group[0] == "eval" and group[-1] != "compare"):
        group = ["eval", "run"]
    result = CliRunner().invoke(app, [*group, "--help"])
    assert result.exit_code == 0, (argv, result.output)
    # every option the README uses is one the command knows
    for option in (w.split("=")[0] for w in argv if w.startswith("--")):
        assert option in result.output, (option, argv)


def test_gold_check_command_in_the_readme_passes():
    lines = [row for row in README.splitlines() if "check_gold.py" in row]
    assert lines, "the README shows how to check the gold files"
    line = lines[0]
    command = re.search(r"`?(python3 evals/check_gold\.py [^`]+)`?", line).group(1)
    result = subprocess.run(
        command.replace("python3", shlex.quote(sys.executable), 1),
        shell=True,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 errors" in result.stdout


@pytest.mark.engine
def test_library_snippet_runs_on_the_embedded_engine(tmp_path, model_cache, monkeypatch, capsys):
    from summarizer.inputs import read_papers

    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "models").symlink_to(model_cache / "models", target_is_directory=True)
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(cache))
    papers = list(read_papers([str(SEEDS / "000_89500ff302b6df21.txt")]))[:2]
    (snippet,) = blocks("python")
    namespace = {"abstract": papers[0].abstract, "abstracts": [p.abstract for p in papers]}
    exec(compile(snippet, "README.md", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "DiagnosisArena" in printed
    assert papers[1].id in printed
