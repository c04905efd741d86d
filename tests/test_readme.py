"""The README's commands and snippets stay true."""

from __future__ import annotations

import ast
import builtins
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from summarizer.cli import app

from .conftest import SEEDS, link_models

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


def _names_used_but_not_defined(code: str) -> set[str]:
    """The names a snippet reads that it neither assigns, imports, nor gets from builtins."""
    tree = ast.parse(code)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return used - bound


@pytest.mark.parametrize("snippet", blocks("python"), ids=lambda b: b.splitlines()[0][:40])
def test_every_python_snippet_defines_what_it_uses(snippet):
    assert _names_used_but_not_defined(snippet) == set()


def test_the_name_check_sees_an_undefined_name():
    assert _names_used_but_not_defined("import x\nprint(x.y, abstract)") == {"abstract"}


@pytest.mark.engine
def test_library_snippet_runs_as_written_on_the_embedded_engine(
    tmp_path, model_store, monkeypatch, capsys
):
    from summarizer.io.inputs import read_papers

    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(link_models(tmp_path / "cache", model_store)))
    monkeypatch.chdir(REPO)  # where the README's commands run
    papers = list(read_papers([str(SEEDS / "000_89500ff302b6df21.txt")]))[:2]
    (snippet,) = [b for b in blocks("python") if "summarize_many" in b]
    exec(compile(snippet, "README.md", "exec"), {"__name__": "__main__"})
    printed = capsys.readouterr().out
    assert "DiagnosisArena" in printed
    assert papers[0].id in printed and papers[1].id in printed


# --- make browser ------------------------------------------------------------------------

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="installing Chromium needs root")


def _make_browser(
    tmp_path: Path, *, ci: str | None = None, skip: str | None = None, apt: str = "exit 1"
) -> subprocess.CompletedProcess[str]:
    """``make browser`` with Chromium looked for in tmp_path and a scripted apt-get."""
    chromium, driver, log = tmp_path / "chromium", tmp_path / "chromedriver", tmp_path / "apt.log"
    fake = tmp_path / "apt-get"
    fake.write_text(
        f'#!/bin/sh\necho "$*" >> "{log}"\n'
        + apt.format(touch=f'touch "{chromium}" "{driver}"; chmod +x "{chromium}" "{driver}"')
        + "\n"
    )
    fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in {"CI", "SKIP_BROWSER", "MAKEFLAGS"}}
    if ci is not None:
        env["CI"] = ci
    args = ["make", "-s", "-C", str(REPO), "browser"]
    args += [f"CHROMIUM={chromium}", f"CHROMEDRIVER={driver}", f"APT_GET={fake}"]
    if skip is not None:
        args.append(f"SKIP_BROWSER={skip}")
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)


def _apt_calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "apt.log"
    return log.read_text().splitlines() if log.exists() else []


def test_skip_browser_leaves_chromium_out_and_says_so(tmp_path):
    done = _make_browser(tmp_path, skip="1")
    assert done.returncode == 0, done.stderr
    assert "SKIP_BROWSER=1" in done.stdout and "browser tests will be skipped" in done.stdout
    assert _apt_calls(tmp_path) == []


def test_under_ci_a_skipped_browser_fails_the_run(tmp_path):
    done = _make_browser(tmp_path, skip="1", ci="true")
    assert done.returncode != 0
    assert "under CI (CI=true) the browser tests may not be skipped" in done.stderr


@needs_root
def test_as_root_chromium_is_announced_then_installed_with_apt_progress(tmp_path):
    done = _make_browser(tmp_path, apt='[ "$1" = install ] && {touch}; echo "Get:1 chromium"')
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.index("Installing Debian's chromium") < out.index("Get:1") < out.index("installed")
    assert "SKIP_BROWSER=1 to skip" in out
    assert _apt_calls(tmp_path) == ["update", "install -y chromium chromium-driver"]
    again = _make_browser(tmp_path)  # installed: nothing to do, nothing said
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert len(_apt_calls(tmp_path)) == 2


@needs_root
@pytest.mark.parametrize("ci, code", [(None, 0), ("true", 2)], ids=["locally", "under-ci"])
def test_as_root_a_failed_install_is_a_skip_locally_and_a_failure_under_ci(tmp_path, ci, code):
    done = _make_browser(tmp_path, ci=ci, apt="exit 100")
    assert done.returncode == code, done.stdout + done.stderr
    assert "Chromium could not be installed" in done.stdout + done.stderr
    assert _apt_calls(tmp_path) == ["update"]


def test_under_ci_a_missing_browser_fails_the_browser_tests(monkeypatch):
    from . import browser

    monkeypatch.setattr(browser, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setattr(browser.shutil, "which", lambda name: None)

    def opens_a_page() -> None:
        raise AssertionError("never reached")

    monkeypatch.delenv("CI", raising=False)
    skipped = browser.needs_browser(selenium=False)(opens_a_page)
    assert [m.name for m in skipped.pytestmark] == ["browser", "skip"]
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true: the browser tests may not be"):
        browser.needs_browser(selenium=False)(opens_a_page)()
