"""The rules' behaviour is pinned: every abstract's plan matches evals/plan_hashes.json.

A change that alters plans on purpose re-baselines with ``python evals/plan_check.py
--write`` in the same commit, and says there how many plans changed and why.
"""

from __future__ import annotations

import os

import pytest

from .conftest import SHARED, load_eval_script

HAVE_DATA = (SHARED / "evaldata" / "scierc" / "dev.json").is_file()


@pytest.mark.skipif(
    not HAVE_DATA and not os.environ.get("CI"), reason="../shared/evaldata is not here"
)
def test_every_plan_matches_its_baseline() -> None:
    check = load_eval_script("plan_check")
    baseline = check.json.loads(check.BASELINE.read_text(encoding="utf-8"))
    now, count, _ = check.compute(SHARED)
    assert count > 3000
    diff = check.compare(baseline, now)
    assert diff == {"changed": [], "new": [], "gone": []}, {k: v[:5] for k, v in diff.items()}


def test_the_check_sees_a_changed_plan(monkeypatch) -> None:
    check = load_eval_script("plan_check")
    baseline = {"a:default": "1", "b:default": "2", "c:default": "3"}
    now = {"a:default": "1", "b:default": "X", "d:default": "4"}
    assert check.compare(baseline, now) == {
        "changed": ["b:default"],
        "new": ["d:default"],
        "gone": ["c:default"],
    }


def test_a_rule_change_changes_the_plan_hash(monkeypatch) -> None:
    """The fingerprint covers what the rules decide, not only the messages."""
    import summarizer.prompting.strategy as strategy
    from summarizer.io.inputs import make_paper
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.registry import load_schema

    check = load_eval_script("plan_check")
    paper = make_paper(
        "We propose FooNet for image classification and reach 91.2% accuracy on ImageNet.",
        "t",
        None,
        None,
        20_000,
    )
    prompt, schema = load_prompt("default"), load_schema("paper_summary.v1").model
    before = check.plan_hash(strategy.plan(paper, prompt, schema))
    monkeypatch.setattr(strategy, "classify_domain", lambda abstract: "other")
    assert check.plan_hash(strategy.plan(paper, prompt, schema)) != before
