"""evals/paired_scores.py: two runs' records on the same suite abstracts, with paired deltas."""

from __future__ import annotations

import json

import pytest

from .conftest import REPO, load_eval_script


def _gold(n: int) -> list[dict]:
    lines = (REPO / "evals/gold/test.jsonl").read_text().splitlines()
    return [json.loads(x) for x in lines[:n]]


def _records(path, golds, tldr_of):
    rows = []
    for g in golds:
        summary = {**g["gold"], "tldr": tldr_of(g)}
        rows.append({"id": g["id"], "summary": summary, "error": None, "meta": {"attempts": 1}})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_better_tldr_shows_as_a_positive_paired_delta(tmp_path, capsys):
    golds = _gold(6)
    a = _records(tmp_path / "a.jsonl", golds, lambda g: "Unrelated words only here.")
    b = _records(tmp_path / "b.jsonl", golds[:5], lambda g: g["gold"]["tldr"])
    code = load_eval_script("paired_scores").main(
        [str(a), str(b), "--suite", "test", "--fields", "tldr,datasets"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "5 abstracts in both (1 in one only)" in out
    tldr = next(line for line in out.splitlines() if line.startswith("tldr"))
    delta = tldr.split()[-3]
    assert float(delta) > 0.5  # gold against unrelated words
    datasets = next(line for line in out.splitlines() if line.startswith("datasets"))
    assert "+0.000 [+0.000, +0.000]" in datasets  # the same gold datasets on both sides


def test_the_blind_part_is_refused(tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text("")
    with pytest.raises(SystemExit):
        load_eval_script("paired_scores").main([str(path), str(path), "--suite", "blind"])


def test_a_missing_run_is_a_usage_error(tmp_path, capsys):
    path = tmp_path / "a.jsonl"
    path.write_text("")
    with pytest.raises(SystemExit) as exited:
        load_eval_script("paired_scores").main([str(path), str(tmp_path / "nope")])
    assert exited.value.code == 2
    assert "nope: neither a run folder nor a file of records" in capsys.readouterr().err
