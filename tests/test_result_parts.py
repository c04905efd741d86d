"""evals/result_parts.py: agreement of the code's result subjects, metrics and kinds with gold."""

from __future__ import annotations

import json

import pytest

from .conftest import REPO, load_eval_script


def _module():
    return load_eval_script("result_parts")


def _one_record_suite(tmp_path, results):
    lines = (REPO / "evals/gold/dev.jsonl").read_text().splitlines()
    record = next(json.loads(x) for x in lines if '"bae35c9c58fa34a0"' in x)
    record["gold"]["results"] = results
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(record) + "\n")
    return str(path)


def test_counts_agreement_only_over_results_matched_by_value(tmp_path):
    suite = _one_record_suite(
        tmp_path,
        [
            {"value": "45.82%", "metric": "accuracy", "subject": "o3-mini", "kind": "absolute"},
            {"value": "31.09 %", "metric": "top accuracy", "subject": "o1", "kind": "improvement"},
            {"value": "99.99%", "metric": "x", "subject": "y", "kind": "absolute"},  # not stated
        ],
    )
    got = _module().agreement(suite, "default")
    assert got == {"matched": 2, "subject": 1.0, "metric": 1.0, "kind": 0.5}


def test_subject_and_metric_disagreements_count_against(tmp_path):
    suite = _one_record_suite(
        tmp_path,
        [{"value": "1,113", "metric": "medical journals", "subject": None, "kind": "absolute"}],
    )
    assert _module().agreement(suite, "default") == {
        "matched": 1,
        "subject": 0.0,  # the code says DiagnosisArena
        "metric": 0.0,  # the code says "pairs"
        "kind": 1.0,
    }


def test_a_prompt_that_leaves_results_to_the_model_is_refused():
    with pytest.raises(SystemExit, match="does not decide results by code"):
        _module().agreement("dev", "naive")
