"""The README: the front door fits on a few screens, opens with the two make commands, and
every command and snippet in it runs as written or is listed with the reason it cannot."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.run import FastServer

from .conftest import SEEDS, link_models
from .support.snippets import (
    REPO,
    assert_commands_exist,
    make_sandbox,
    names_used_but_not_defined,
    run_snippet,
    snippet_env,
    snippets,
)

README = (REPO / "README.md").read_text()
SNIPPETS = snippets(REPO / "README.md")
MAX_LINES = 250

#: README blocks that the tests do not run as they stand, and why (a piece of the block's text).
NOT_RUN = {
    "make run": "sets up .venv and runs the whole suite; CI runs make test (.ci/run)",
    "make test-fast": "the suite without the slow tests; CI runs the whole of it",
    "pip install '.[local]'": "installs packages; tests/test_wheel.py installs the built wheel "
    "into a clean venv",
    "summarize_many": "run by test_library_snippet_runs_as_written_on_the_embedded_engine",
}
ENDPOINT_QUICK_START = "--base-url https://api.openai.com/v1"
ENGINE_QUICK_START = "summarizer summarize evals/gold/test.jsonl --limit 3 -o out/test3.jsonl"


def _one(piece: str):
    (found,) = [s for s in SNIPPETS if piece in s.code]
    return found


def test_readme_opens_with_the_two_make_commands():
    first = SNIPPETS[0]
    commands = [line for line in first.code.splitlines() if line and not line.startswith("#")]
    assert first.language == "bash" and commands == ["make run", "make test"]
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    ci = (REPO / ".ci" / "run").read_text()
    assert "make test" in ci


def test_readme_fits_on_a_few_screens_and_names_the_fast_lane_and_the_plain_install():
    assert len(README.splitlines()) <= MAX_LINES
    assert _one("make test-fast").code.strip() == "make test-fast"
    assert re.search(r"^test-fast:", (REPO / "Makefile").read_text(), re.M)
    assert _one("pip install").code.strip() == "pip install '.[local]'"
    # The suite's time and size as measured; the count is checked against the suite below.
    assert re.search(r"about \d+ minutes on 2 cores \([\d,]+ tests\)", " ".join(README.split()))


def test_every_readme_snippet_is_run_or_listed():
    run = {_one(ENDPOINT_QUICK_START).index, _one(ENGINE_QUICK_START).index}
    listed = {_one(piece).index for piece in NOT_RUN}
    assert run.isdisjoint(listed)
    assert run | listed == {s.index for s in SNIPPETS}
    for reason in NOT_RUN.values():
        for name in re.findall(r"run by (test_\w+)", reason):
            assert f"def {name}(" in (REPO / "tests" / "test_readme.py").read_text()


def test_the_readme_links_to_files_and_sections_that_exist():
    anchors = {
        re.sub(r"[^\w\- ]", "", h.lower()).strip().replace(" ", "-")
        for h in re.findall(r"^#+ (.+)$", README, re.M)
    }
    links = re.findall(r"\]\(([^)\s]+)\)", README)
    assert any(link.startswith("docs/") for link in links)
    for link in links:
        if link.startswith("#"):
            assert link[1:] in anchors, link
        elif not re.match(r"[a-z]+:", link):
            assert (REPO / link.split("#")[0]).exists(), link


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda s: s.id)
def test_every_summarizer_command_in_the_readme_exists(snippet):
    assert_commands_exist(snippet)


@pytest.mark.parametrize(
    "snippet", [s for s in SNIPPETS if s.language == "python"], ids=lambda s: s.id
)
def test_every_python_snippet_defines_what_it_uses(snippet):
    assert names_used_but_not_defined(snippet.code) == set()


def test_the_name_check_sees_an_undefined_name():
    assert names_used_but_not_defined("import x\nprint(x.y, abstract)") == {"abstract"}


def test_endpoint_quick_start_runs_as_written_against_a_loopback_endpoint(tmp_path):
    work = make_sandbox(tmp_path)
    with FastServer() as server:
        snippet = _one(ENDPOINT_QUICK_START)
        done = run_snippet(snippet, work, snippet_env(work, None), server.base_url, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    for name in ("openai", "ollama"):
        records = [json.loads(x) for x in (work / "out" / f"{name}.jsonl").read_text().splitlines()]
        assert len(records) == 3 and all(r["error"] is None for r in records), name
        assert {r["meta"]["model"] for r in records} == {
            "openai": {"gpt-4o-mini"},
            "ollama": {"qwen2.5:7b"},
        }[name]


def test_engine_quick_start_runs_as_written(tmp_path, model_store):
    work = make_sandbox(tmp_path)
    link_models(work / "cache", model_store)
    snippet = _one(ENGINE_QUICK_START)
    done = run_snippet(snippet, work, snippet_env(work, None), None, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    records = [json.loads(x) for x in (work / "out" / "test3.jsonl").read_text().splitlines()]
    assert len(records) == 3 and {r["meta"]["endpoint"] for r in records} == {"embedded"}
    assert (work / "out" / "digest.html").stat().st_size > 0
    assert done.stdout.count("╭─") == 3  # show: one card per record


@pytest.mark.slow
def test_the_readme_says_how_many_tests_there_are_to_within_a_tenth():
    said = int(re.search(r"\(([\d,]+) tests\)", README).group(1).replace(",", ""))
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    found = int(re.search(r"(\d+) tests? collected", collected.stdout).group(1))
    assert abs(found - said) <= found / 10, (said, found)


@pytest.mark.engine
def test_library_snippet_runs_as_written_on_the_embedded_engine(
    tmp_path, model_store, monkeypatch, capsys
):
    from summarizer.io.inputs import read_papers

    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(link_models(tmp_path / "cache", model_store)))
    monkeypatch.chdir(REPO)  # where the README's commands run
    papers = list(read_papers([str(SEEDS / "000_89500ff302b6df21.txt")]))[:2]
    snippet = _one("summarize_many")
    exec(compile(snippet.code, "README.md", "exec"), {"__name__": "__main__"})
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
    # Only what they need, and nothing already installed upgraded for them.
    install = "install -y --no-install-recommends --no-upgrade chromium chromium-driver"
    assert _apt_calls(tmp_path) == ["update", install]
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
