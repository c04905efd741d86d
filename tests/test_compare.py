"""Comparing runs: deltas with both CIs, the noise flag, changed items, and regression gates."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from summarizer import cli
from summarizer.evaluation.compare import (
    Estimate,
    Gate,
    MetricDelta,
    check_gates,
    compare_runs,
    parse_gate,
)
from summarizer.evaluation.run import EvalRun, load_run
from summarizer.evaluation.suites import EvalItem
from summarizer.io.inputs import Paper
from summarizer.records import new_record

from .support.runs import saved_run

N = 30  # enough items for the bootstrap to separate a real difference from noise


def items(n: int = N) -> list[EvalItem]:
    out = []
    for k in range(n):
        abstract = f"We introduce Method{k} and evaluate it on Data{k} for task {k}."
        gold = {
            "introduces": [f"Method{k}"],
            "datasets": [f"Data{k}"],
            "domain": "general_ml",
            "tldr": f"Method{k} works well on Data{k}.",
        }
        out.append(
            EvalItem(
                id=f"item{k:02d}",
                abstract=abstract,
                title=None,
                gold=gold,
                accept={},
                fields=("tldr", "introduces", "datasets", "domain"),
                references={"tldr": [gold["tldr"]]},
            )
        )
    return out


def make_run(path: Path, its: list[EvalItem], predict: Any, prompt: str = "default") -> EvalRun:
    """A saved run whose summary of item ``k`` is ``predict(k)`` (None: the item failed)."""
    records = []
    for k, it in enumerate(its):
        rec = new_record(Paper(id=it.id, abstract=it.abstract))
        rec["summary"] = predict(k)
        rec["meta"] = {"attempts": 1, "usage": {"prompt_tokens": 1, "completion_tokens": 1}}
        if rec["summary"] is None:
            rec["error"] = {"type": "BackendError", "message": "down"}
        records.append(rec)
    return saved_run(path, its, records, prompt=prompt)


def good(k: int) -> dict[str, Any]:
    return {
        "introduces": [f"Method{k}"],
        "datasets": [f"Data{k}"],
        "domain": "general_ml",
        "tldr": f"Method{k} works well on Data{k}.",
    }


def no_names(k: int) -> dict[str, Any]:
    """Every item loses its introduced name: a real regression."""
    return {**good(k), "introduces": []}


def one_dataset_lost(k: int) -> dict[str, Any]:
    """One item of thirty loses its dataset: noise."""
    return {**good(k), "datasets": []} if k == 3 else good(k)


@pytest.fixture
def base(tmp_path: Path) -> EvalRun:
    return make_run(tmp_path / "a", items(), good)


@pytest.mark.parametrize(
    ("text", "gate"),
    [
        ("introduces.f1=0.02", Gate("introduces", "f1", 0.02)),
        ("tldr=0.01", Gate("tldr", None, 0.01)),
        ("contribution_types.exact_set=0", Gate("contribution_types", "exact_set", 0.0)),
        (" grounding = 1e-3 ", Gate("grounding", None, 0.001)),
    ],
    ids=["field-metric", "bare-field", "zero", "spaces-and-exponent"],
)
def test_parse_gate(text, gate):
    assert parse_gate(text) == gate


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("introduces", "FIELD[.METRIC]=DELTA"),
        ("=0.1", "FIELD[.METRIC]=DELTA"),
        (".f1=0.1", "FIELD[.METRIC]=DELTA"),
        ("introduces.f1=abc", "not a number"),
        ("introduces.f1=-0.1", "0 or more"),
        ("introduces.f1=nan", "0 or more"),
        ("introduces.f1=inf", "0 or more"),
    ],
    ids=["no-delta", "no-field", "no-field-name", "not-a-number", "negative", "nan", "inf"],
)
def test_parse_gate_rejects_bad_forms(text, message):
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace(".", r"\.")):
        parse_gate(text)


def test_noise_flag_is_ci_overlap():
    a = Estimate(0.5, 0.4, 0.6)
    assert MetricDelta("f", "f1", True, a, Estimate(0.55, 0.45, 0.65)).noise
    assert not MetricDelta("f", "f1", True, a, Estimate(0.8, 0.7, 0.9)).noise
    assert MetricDelta("f", "f1", True, a, Estimate(0.7, 0.6, 0.8)).noise  # touching


def test_identical_runs_have_no_deltas_and_no_changes(base, tmp_path):
    cmp = compare_runs(base, make_run(tmp_path / "b", items(), good))
    assert all(d.delta == 0 and d.noise for d in cmp.deltas)
    assert cmp.changes == [] and cmp.differences() == []
    assert check_gates(cmp, [parse_gate("introduces=0")])[0].failed is False


def test_a_real_regression_is_not_noise_and_fails_its_gate(base, tmp_path):
    cmp = compare_runs(base, make_run(tmp_path / "b", items(), no_names, prompt="terse"))
    d = cmp.get("introduces")
    assert d is not None and d.metric == "f1"
    assert (d.a.value, d.b.value, d.delta) == (1.0, 0.0, -1.0)
    assert not d.noise
    assert len([c for c in cmp.changes if c.field == "introduces"]) == N
    assert cmp.differences() == ["prompt: default.v1 (defa) -> terse.v1 (ters)"]
    results = check_gates(cmp, [parse_gate("introduces.f1=0.02"), parse_gate("datasets=0")])
    assert [r.failed for r in results] == [True, False]
    assert results[0].message.startswith("FAILED: introduces.f1 1.000 -> 0.000 (-1.000")


def test_a_one_item_change_is_noise_and_listed(base, tmp_path):
    cmp = compare_runs(base, make_run(tmp_path / "b", items(), one_dataset_lost))
    d = cmp.get("datasets", "recall")
    assert d is not None and d.delta == pytest.approx(-1 / N) and d.noise
    assert [(c.id, c.field, c.a, c.b) for c in cmp.changes] == [("item03", "datasets", 1.0, 0.0)]
    # The gate is about the size of the drop, not about significance.
    assert check_gates(cmp, [parse_gate("datasets.recall=0.05")])[0].failed is False
    assert check_gates(cmp, [parse_gate("datasets.recall=0.01")])[0].failed is True


def test_improvements_never_fail_a_gate(base, tmp_path):
    cmp = compare_runs(make_run(tmp_path / "b", items(), no_names), base)
    assert cmp.get("introduces").delta == 1.0
    assert not check_gates(cmp, [parse_gate("introduces=0")])[0].failed


def test_runs_are_compared_on_their_common_items(base, tmp_path):
    fewer = make_run(tmp_path / "b", items(N)[5:], good)
    cmp = compare_runs(base, fewer)
    assert len(cmp.common) == N - 5 and len(cmp.only_a) == 5 and cmp.only_b == []
    assert cmp.get("introduces").a.value == 1.0


def test_runs_without_common_items_cannot_be_compared(base, tmp_path):
    other = [
        EvalItem(f"x{k}", i.abstract, None, i.gold, {}, i.fields, i.references)
        for k, i in enumerate(items())
    ]
    with pytest.raises(ValueError, match="share no item"):
        compare_runs(base, make_run(tmp_path / "b", other, good))


@pytest.mark.parametrize(
    ("gate", "message"),
    [("keywords=0.1", "no field 'keywords'"), ("introduces.rouge1=0.1", "no metric 'rouge1'")],
    ids=["unknown-field", "unknown-metric"],
)
def test_gates_on_unknown_fields_or_metrics_are_errors(base, tmp_path, gate, message):
    cmp = compare_runs(base, make_run(tmp_path / "b", items(), good))
    with pytest.raises(ValueError, match=message):
        check_gates(cmp, [parse_gate(gate)])


def test_loaded_runs_compare_like_the_runs_in_memory(base, tmp_path):
    cand = make_run(tmp_path / "b", items(), no_names)
    fresh = compare_runs(base, cand)
    loaded = compare_runs(load_run(base.path), load_run(cand.path))
    assert loaded.deltas == fresh.deltas and loaded.changes == fresh.changes


# --- the command line -----------------------------------------------------------------------


def test_cli_compare_prints_deltas_and_changed_items(base, tmp_path):
    make_run(tmp_path / "b", items(), one_dataset_lost)
    result = CliRunner().invoke(cli.app, ["eval", "compare", str(base.path), str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "datasets" in out and "-0.017" in out and "noise" in out  # F1 58/59 vs 1
    assert "1 item scores changed" in out and "item03" in out
    assert "recall" not in out  # main metrics only, unless --all-metrics
    more = CliRunner().invoke(
        cli.app, ["eval", "compare", str(base.path), str(tmp_path / "b"), "--all-metrics"]
    )
    assert "recall" in more.stdout


def test_cli_compare_gate_passes_and_fails(base, tmp_path):
    make_run(tmp_path / "b", items(), no_names)
    args = ["eval", "compare", str(base.path), str(tmp_path / "b")]
    ok = CliRunner().invoke(cli.app, [*args, "--fail-if-worse", "datasets=0"])
    assert ok.exit_code == 0, ok.output
    bad = CliRunner().invoke(
        cli.app, [*args, "--fail-if-worse", "datasets=0", "--fail-if-worse", "introduces.f1=0.02"]
    )
    assert bad.exit_code == 1
    assert "FAILED: introduces.f1" in bad.stdout
    assert "Error: 1 of 2 --fail-if-worse gates failed: introduces.f1=0.02" in bad.stderr


@pytest.mark.parametrize(
    "gate",
    ["introduces", "introduces.f1=x", "nosuchfield=0.1"],
    ids=["no-delta", "bad-number", "unknown-field"],
)
def test_cli_compare_bad_gates_are_usage_errors(base, tmp_path, gate):
    make_run(tmp_path / "b", items(), good)
    result = CliRunner().invoke(
        cli.app, ["eval", "compare", str(base.path), str(tmp_path / "b"), "--fail-if-worse", gate]
    )
    assert result.exit_code == 2, result.output


def test_cli_compare_of_a_folder_that_is_not_a_run_is_fatal(base, tmp_path, monkeypatch, capsys):
    (tmp_path / "empty").mkdir()
    monkeypatch.setattr(
        sys, "argv", ["summarizer", "eval", "compare", str(base.path), str(tmp_path / "empty")]
    )
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 1
    assert "is not a run folder (no run.json, predictions.jsonl, scores.jsonl)" in (
        " ".join(capsys.readouterr().err.split())
    )


def test_scores_file_keeps_counts_for_resampling(base):
    rows = [json.loads(x) for x in (base.path / "scores.jsonl").read_text().splitlines()]
    row = next(r for r in rows if r["field"] == "introduces")
    assert row["counts"] == {"tp": 1, "fp": 0, "fn": 0}
    assert row["metrics"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
