"""Eval runs: the real pipeline over real HTTP to a canned endpoint on loopback, then scoring.

The endpoint is a small OpenAI chat-completions server started here; it answers each
abstract with a canned JSON summary (or an HTTP error, or an invalid answer first), so the
tests exercise the openai client, instructor's validation and re-asks, the cache, the
scorers and the run folder without starting the slow local engine.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from summarizer import cli
from summarizer.evaluation import run as run_mod
from summarizer.evaluation.compare import find_baseline
from summarizer.evaluation.run import (
    load_run,
    run_suite,
    score_from_row,
    score_row,
    suite_slug,
)
from summarizer.evaluation.scorers import (
    GroundingScore,
    LabelScore,
    MatchScore,
    RougeScore,
    SetScore,
)
from summarizer.settings.config import Settings

from .support.suite import ANSWERS, KEY_ENV, SECRET, SuiteEndpoint, write_suite


@pytest.fixture(autouse=True)
def isolate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUMMARIZER_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("OPENAI_API_KEY", "SUMMARIZER_DEBUG", "SUMMARIZER_PROGRESS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(KEY_ENV, SECRET)
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def endpoint() -> Iterator[SuiteEndpoint]:
    with SuiteEndpoint() as fake:
        yield fake


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    return write_suite(tmp_path / "mini.jsonl")


def settings(endpoint: SuiteEndpoint, tmp_path: Path, **extra: Any) -> Settings:
    return Settings(
        base_url=endpoint.base_url,
        model="fake-model",
        api_key_env=KEY_ENV,
        mode="json_schema",
        cache_dir=tmp_path / "cache",
        **({"prompt": "candidates"} | extra),
    )


def test_run_writes_a_scored_run_folder(endpoint, suite, tmp_path):
    run = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "run")

    files = sorted(p.name for p in run.path.iterdir())
    assert files == ["predictions.jsonl", "run.json", "scores.jsonl"]
    records = [json.loads(x) for x in (run.path / "predictions.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == [i.id for i in run.items]  # suite order
    assert all(r["error"] is None and r["summary"] for r in records)
    info = json.loads((run.path / "run.json").read_text())
    assert info["model"] == "fake-model" and info["endpoint"] == endpoint.base_url
    assert info["prompt"]["id"] == "candidates.v1" and len(info["prompt"]["template_hash"]) == 16
    assert info["schema"] == "paper_summary.v1"
    assert (info["n_items"], info["done"], info["failed"], info["cached"]) == (3, 3, 0, 0)
    assert info["reasks"] == 0
    assert info["tokens"] == {"prompt": 300, "completion": 60}
    assert info["wall_seconds"] > 0 and info["seconds_per_abstract"] > 0
    assert info["settings"]["api_key_env"] == KEY_ENV and info["settings"]["prompt"] == "candidates"
    # The canned answers are right on names, URL and values that code extracts.
    scores = info["scores"]
    assert scores["introduces"]["metrics"]["recall"]["value"] == pytest.approx(2 / 3)
    assert scores["code_url"]["metrics"]["accuracy"]["value"] == 1.0
    assert scores["domain"]["main"] == "accuracy" and scores["tldr"]["main"] == "rouge1"
    for entry in scores.values():
        for est in entry["metrics"].values():
            assert est["low"] <= est["value"] + 1e-9 and est["value"] <= est["high"] + 1e-9
    rows = [json.loads(x) for x in (run.path / "scores.jsonl").read_text().splitlines()]
    assert len(rows) == 3 * (len(info["fields"]) + 1)  # every field, plus grounding
    assert {r["field"] for r in rows} == {*info["fields"], "grounding"}
    assert len(endpoint.requests) == 3
    # The key's value never reaches the run folder.
    assert not any(SECRET in p.read_text() for p in run.path.iterdir())


def test_load_run_reads_back_the_same_scores(endpoint, suite, tmp_path):
    run = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "run")
    loaded = load_run(run.path)
    assert loaded.ids == run.ids
    assert loaded.scores == run.scores
    assert loaded.info == run.info


def test_rerun_is_served_from_the_cache(endpoint, suite, tmp_path):
    first = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "a")
    second = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "b")
    assert len(endpoint.requests) == 3  # nothing asked the second time
    assert second.info["cached"] == 3 and second.info["tokens"] == {"prompt": 0, "completion": 0}
    assert second.info["answer_tokens"] == first.info["answer_tokens"]
    assert second.info["scores"] == first.info["scores"]


def test_failures_and_reasks_are_counted(endpoint, suite, tmp_path):
    endpoint.script["QuillBench"] = [400]
    bad = dict(ANSWERS["ZorbNet"], domain="astrology")  # fails validation: instructor re-asks
    endpoint.script["ZorbNet"] = [bad, ANSWERS["ZorbNet"]]
    run = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "run")

    info = run.info
    assert (info["done"], info["failed"], info["reasks"]) == (2, 1, 1)
    assert info["failures"][0]["type"] == "BackendError"
    assert "400" in info["failures"][0]["message"]
    failed = next(r for r in run.records if r["error"])
    assert failed["summary"] is None
    # A failed item scores as an empty prediction rather than being left out.
    assert info["scores"]["tldr"]["n"] == 3
    assert run.scores_by_id()[failed["id"]]["tldr"].rouge1 == 0.0


def test_a_fully_cached_rerun_reports_no_reasks_of_its_own(endpoint, suite, tmp_path):
    from summarizer.evaluation.report import markdown
    from summarizer.evaluation.report_rows import overview, reasks_made

    bad = dict(ANSWERS["ZorbNet"], domain="astrology")  # fails validation: one re-ask
    endpoint.script["ZorbNet"] = [bad, ANSWERS["ZorbNet"]]
    first = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "a")
    assert reasks_made(first) == (1, 0)
    assert dict(overview(first))["re-asks"] == "1 (ungrounded items dropped: 0)"

    asked = len(endpoint.requests)
    second = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "b")
    assert len(endpoint.requests) == asked and second.info["cached"] == 3
    assert reasks_made(second) == (0, 1)
    shown = dict(overview(second))["re-asks"]
    assert shown.startswith("0 this run") and "1 more behind the 3 cached answers" in shown
    assert "**re-asks**: 0 this run" in markdown(load_run(second.path))  # read back from disk


def test_limit_and_default_folder_name(endpoint, suite, tmp_path):
    run = run_suite(
        str(suite),
        settings(endpoint, tmp_path, prompt="naive"),
        limit=2,
        runs_dir=tmp_path / "runs",
    )
    assert re.fullmatch(r"mini-naive-\d{8}-\d{6}", run.path.name)
    assert run.path.parent == tmp_path / "runs"
    assert run.info["n_items"] == 2 and len(endpoint.requests) == 2
    assert run.info["prompt"]["id"] == "naive.v1"


def test_a_second_run_in_the_same_second_gets_its_own_folder(tmp_path):
    from datetime import UTC, datetime

    when = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    first = run_mod.new_run_dir(tmp_path, "test", "default", when)
    first.mkdir()
    assert first.name == "test-default-20250102-030405"
    assert run_mod.new_run_dir(tmp_path, "test", "default", when).name.endswith("-2")


@pytest.mark.parametrize(
    ("suite_name", "slug"),
    [
        ("test", "test"),
        ("scitldr:/data/SciTLDR-A/test.jsonl", "scitldr-test"),
        ("scierc:dev.json", "scierc-dev"),
        ("evals/gold/my gold.jsonl", "my-gold"),
    ],
    ids=["name", "scitldr", "scierc", "path"],
)
def test_suite_slug(suite_name, slug):
    assert suite_slug(suite_name) == slug


@pytest.mark.parametrize(
    "score",
    [
        SetScore(1, 2, 3),
        LabelScore(1, 0, 1, exact=True),
        MatchScore(False),
        RougeScore(0.5, 0.25, 0.4, reference=2),
        GroundingScore(2, 3, missing=("X",)),
    ],
    ids=["set", "labels", "match", "rouge", "grounding"],
)
def test_score_rows_round_trip(score):
    row = json.loads(json.dumps(score_row("id1", "f", score)))
    assert score_from_row(row) == score
    assert type(score_from_row(row)) is type(score)
    assert row["metrics"]  # the item's own metrics are there for reading


def test_find_baseline_picks_the_newest_matching_naive_run(endpoint, suite, tmp_path):
    runs = tmp_path / "runs"
    s = settings(endpoint, tmp_path)
    old = run_suite(str(suite), s.model_copy(update={"prompt": "naive"}), out=runs / "old")
    new = run_suite(str(suite), s.model_copy(update={"prompt": "naive"}), out=runs / "new")
    info = json.loads((new.path / "run.json").read_text())
    info["created"] = "2999-01-01T00:00:00Z"
    (new.path / "run.json").write_text(json.dumps(info))
    run_suite(str(suite), s.model_copy(update={"prompt": "naive"}), out=runs / "fewer", limit=2)
    main = run_suite(str(suite), s, out=runs / "main")
    assert find_baseline(runs, main.info) == new.path
    assert find_baseline(runs, old.info) is None  # a naive run has no naive baseline
    assert find_baseline(runs, {**main.info, "model": "other"}) is None


# --- the command line -----------------------------------------------------------------------


def _eval_args(endpoint: SuiteEndpoint, suite: Path, *more: str) -> list[str]:
    return [
        "eval",
        str(suite),
        "--base-url",
        endpoint.base_url,
        "--model",
        "fake-model",
        "--api-key-env",
        KEY_ENV,
        "--mode",
        "json_schema",
        *(more if "--prompt" in more else ("--prompt", "candidates", *more)),
    ]


def test_cli_eval_writes_reports_and_prints_the_table(endpoint, suite, tmp_path):
    result = CliRunner().invoke(cli.app, _eval_args(endpoint, suite, "--out", str(tmp_path / "r")))
    assert result.exit_code == 0, result.output
    assert "introduces" in result.stdout and "95% CI" in result.stdout
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == [
        "predictions.jsonl",
        "report.html",
        "report.md",
        "run.json",
        "scores.jsonl",
    ]
    page = (tmp_path / "r" / "report.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;alert(&#x27;abstract&#x27;)" in page
    assert "&lt;script&gt;alert(&#x27;answer&#x27;)" in page


def test_cli_eval_shows_the_naive_baseline_beside_the_run(endpoint, suite, tmp_path):
    runs = str(tmp_path / "runs")
    base = CliRunner().invoke(
        cli.app, _eval_args(endpoint, suite, "--prompt", "naive", "--runs-dir", runs)
    )
    assert base.exit_code == 0, base.output
    result = CliRunner().invoke(cli.app, _eval_args(endpoint, suite, "--runs-dir", runs))
    assert result.exit_code == 0, result.output
    assert "baseline" in result.stdout and "naive" in result.stdout
    (folder,) = [p for p in Path(runs).iterdir() if "-candidates-" in p.name]
    md = (folder / "report.md").read_text()
    assert "| naive | Δ |" in md and "naive.v1 run mini-naive-" in md


def test_cli_eval_exits_3_when_items_failed(endpoint, suite, tmp_path):
    endpoint.script["QuillBench"] = [400]
    result = CliRunner().invoke(cli.app, _eval_args(endpoint, suite, "--out", str(tmp_path / "r")))
    assert result.exit_code == 3
    assert "failed" in result.stderr and (tmp_path / "r" / "report.html").exists()


def test_cli_eval_explicit_subcommand_and_limit(endpoint, suite, tmp_path):
    args = _eval_args(endpoint, suite, "--limit", "1", "--out", str(tmp_path / "r"))
    args.insert(1, "run")
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "r" / "run.json").read_text())["n_items"] == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eval", "no-such-suite"], "unknown suite"),
        (["eval", "missing.jsonl"], "gold file not found"),
        (["eval", "test", "--baseline", "nowhere"], "not a run folder"),
        (["eval", "compare", "nowhere", "nowhere"], "not a run folder"),
    ],
    ids=["unknown-suite", "missing-file", "bad-baseline", "bad-run-folder"],
)
def test_cli_eval_fatal_errors_exit_1_with_one_line(argv, message, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["summarizer", *argv])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("Error: ") and message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "test", "--concurrency", "0"],
        ["eval", "test", "--limit", "many"],
        ["eval", "test", "--no-such-option"],
    ],
    ids=["bad-concurrency", "bad-limit", "unknown-option"],
)
def test_cli_eval_usage_errors_exit_2(argv, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["summarizer", *argv])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_an_out_folder_of_other_files_is_refused_and_left_alone(endpoint, suite, tmp_path):
    from summarizer.errors import UsageError

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "report.md").write_text("my own report\n")
    (mine / "notes.txt").write_text("keep\n")
    with pytest.raises(UsageError, match="not an eval run's"):
        run_suite(str(suite), settings(endpoint, tmp_path), out=mine)
    assert (mine / "report.md").read_text() == "my own report\n"
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt", "report.md"]
    first = run_suite(str(suite), settings(endpoint, tmp_path), out=tmp_path / "run")
    again = run_suite(str(suite), settings(endpoint, tmp_path), out=first.path)  # a run's own
    assert again.path == first.path


def test_public_settings_strip_credentials_from_the_endpoint_url():
    from summarizer.evaluation.run import public_settings
    from summarizer.settings.config import Settings

    settings = Settings(base_url="https://host.example/v1?api_key=sk-in-query")
    data = public_settings(settings)
    assert data["base_url"] == "https://host.example/v1?api_key=***"
    assert "sk-in" not in json.dumps(data)


@pytest.mark.parametrize(
    "more, kept",
    [
        pytest.param((), "Its answers are in the cache", id="cached"),
        pytest.param(("--no-cache",), "With --no-cache its answers are not kept", id="no-cache"),
    ],
)
def test_ctrl_c_says_what_an_eval_run_cut_short_keeps(endpoint, suite, tmp_path, more, kept):
    import os
    import signal
    import time

    from .support.cli import start_cli
    from .support.limits import time_limit

    endpoint.hold_after = 1  # the second request waits: the run is cut while it does
    out = tmp_path / "r"
    args = _eval_args(endpoint, suite, "--out", str(out), "--concurrency", "1", *more)
    env = {"SUMMARIZER_CACHE_DIR": str(tmp_path / "cache"), KEY_ENV: SECRET}
    with time_limit(90):
        proc = start_cli(args, tmp_path, env=env, sigint=True)
        while len(endpoint.requests) < 2:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "a run cut short writes no run folder" in stderr and kept in stderr
    assert "kept in the output" not in stderr
    assert not out.exists()
