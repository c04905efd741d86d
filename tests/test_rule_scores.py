"""evals/rule_scores.py: the code-decided fields scored by the harness's scorers, no model."""

from __future__ import annotations

import json

import pytest

from .conftest import REPO, load_eval_script


def _module():
    return load_eval_script("rule_scores")


def _one_record_suite(tmp_path, results):
    lines = (REPO / "evals/gold/dev.jsonl").read_text().splitlines()
    record = next(json.loads(x) for x in lines if '"bae35c9c58fa34a0"' in x)
    record["gold"]["results"] = results
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record) + "\n")
    return str(path)


def test_results_are_scored_at_three_levels(tmp_path):
    suite = _one_record_suite(
        tmp_path,
        [
            {"value": "45.82%", "metric": "accuracy", "subject": "o3-mini", "kind": "absolute"},
            {"value": "31.09 %", "metric": "top accuracy", "subject": "GPT-9", "kind": "absolute"},
            {"value": "99.99%", "metric": "x", "subject": "y", "kind": "absolute"},  # not stated
        ],
    )
    table, preds = _module().score(suite, "default")
    metrics = {k: v["value"] for k, v in table["results"]["metrics"].items()}
    stated = len(preds[0][1]["results"])
    assert metrics["metric_share"] == 1.0  # "accuracy" for both matched values
    assert metrics["subject_share"] == 0.5  # o1 is not GPT-9
    assert metrics["recall"] == pytest.approx(2 / 3)
    assert metrics["full_f1"] == pytest.approx(2 * 1 / (stated + 3))


def test_errors_name_the_wrong_part(tmp_path, capsys):
    suite = _one_record_suite(
        tmp_path,
        [{"value": "1,113", "metric": "medical journals", "subject": None, "kind": "absolute"}],
    )
    assert _module().main(["--suite", suite, "--errors", "results"]) == 0
    out = capsys.readouterr().out
    assert "~ 1,113: metric 'pairs' (gold 'medical journals')" in out
    assert "+ 45.82%" in out  # stated, not in this gold
    assert "results" in out and "metric_share" in out


def test_a_prompt_that_leaves_the_fields_to_the_model_is_refused():
    with pytest.raises(SystemExit, match="does not decide these fields by code"):
        _module().score("dev", "naive")


def test_records_of_two_commits_are_what_paired_scores_compares(tmp_path, capsys):
    suite = _one_record_suite(
        tmp_path,
        [{"value": "45.82%", "metric": "accuracy", "subject": "o3-mini", "kind": "absolute"}],
    )
    records = tmp_path / "rules.jsonl"
    assert _module().main(["--suite", suite, "--records", str(records), "--json"]) == 0
    [record] = [json.loads(line) for line in records.read_text().splitlines()]
    assert record["id"] == "bae35c9c58fa34a0"
    assert "45.82%" in [r["value"] for r in record["summary"]["results"]]
    paired = load_eval_script("paired_scores")
    same = paired.records_of(records)
    assert set(same) == {"bae35c9c58fa34a0"}
    capsys.readouterr()
    assert paired.main([str(records), str(records), "--suite", suite, "--fields", "results"]) == 0
    row = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("results"))
    assert row.split()[-3] == "+0.000"  # B - A of the same records
