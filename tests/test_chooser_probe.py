"""evals/chooser_probe.py: the embedded model scoring the names the rules leave undecided."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from summarizer.evaluation.scorers import SetScore, item_key, score_set
from summarizer.evaluation.suites import load_suite
from summarizer.rules import classify_names, find_candidates

from .conftest import REPO, load_eval_script

pytest.importorskip("numpy")


def _probe_module():
    return load_eval_script("chooser_probe")


def test_auc_counts_pairs_ordered_right_and_ties_as_half():
    auc = _probe_module().auc
    assert auc([2.0, 3.0], [1.0, 0.0]) == 1.0
    assert auc([0.0], [1.0, 2.0]) == 0.0
    assert auc([1.0], [1.0]) == 0.5
    assert auc([1.0, 3.0], [2.0]) == 0.5
    assert auc([], [1.0]) != auc([], [1.0])  # nan: no gold name to rank


@pytest.mark.engine
def test_probe_scores_the_rules_leftovers_and_adds_more_as_the_threshold_falls(model_cache):
    limit = 6
    env = {**os.environ, "SUMMARIZER_CACHE_DIR": str(model_cache)}
    run = subprocess.run(
        [sys.executable, "evals/chooser_probe.py", "--suite", "dev", "--limit", str(limit)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout

    # The baseline and the leftovers are the rules' own, computed here independently.
    items = load_suite("dev")[:limit]
    scores, leftovers = [], 0
    for item in items:
        introduces, _, calls = classify_names(item.abstract, find_candidates(item.abstract).names)
        leftovers += sum(call.label == "other" for call in calls)
        extra = item.accept.get("introduces_extra", ())
        scores.append(score_set(introduces, item.gold["introduces"], extra))
    rules = SetScore.aggregate(scores)
    assert f"{limit} records, {leftovers} names left by the rules" in out
    assert f"rules alone: precision {rules['precision']:.3f}, recall {rules['recall']:.3f}" in out

    rows = re.findall(
        r"^\| (yes/no|likelihood) \| [\d.na]+ \| (\S+) \| (\d+) \((\d+)\) \|", out, re.M
    )
    module = _probe_module()
    assert [(probe, float(t)) for probe, t, *_ in rows] == [
        (probe, float(t)) for probe, ts in module.THRESHOLDS.items() for t in ts
    ]
    for probe in module.THRESHOLDS:
        added = [(int(n), int(gold)) for p, _, n, gold in rows if p == probe]
        assert added == sorted(added)  # a lower threshold keeps every name a higher one kept
        assert all(gold <= n <= leftovers for n, gold in added)


def test_bound_only_counts_gold_names_among_the_candidates_without_the_model():
    limit = 40
    run = subprocess.run(
        [sys.executable, "evals/chooser_probe.py", "--suite", "dev", "--limit", str(limit)]
        + ["--bound-only"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    found = total = 0
    for item in load_suite("dev")[:limit]:
        names = {item_key(n) for n in find_candidates(item.abstract).names}
        found += sum(item_key(n) in names for n in item.gold["introduces"])
        total += len(item.gold["introduces"])
    assert 0 < found < total  # these records hold names the candidates miss
    assert run.stdout.startswith(f"dev: {found} of {total} gold `introduces` are among")
    assert "yes/no" not in run.stdout  # no model was loaded
