"""``evals/shared_short_forms.py``: which short forms count as terms of the field, and the
list the name rules read."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from summarizer.rules.analysis import Analysis
from summarizer.rules.well_known import is_common, is_shared_term

from .conftest import load_eval_script
from .support.dumps import write_dump

shared_short_forms = load_eval_script("shared_short_forms")


def test_a_long_form_most_papers_share_is_kept_and_one_coined_many_ways_is_not(
    tmp_path: Path,
) -> None:
    abstracts = [f"We study supervised fine-tuning (SFT) of model {i}." for i in range(4)]
    # PRISM: its commonest long form is defined 3 times, but that is half its definitions
    abstracts += [
        f"We propose Progressive Routing for Inference at Scale Mode (PRISM), take {i}."
        for i in range(3)
    ]
    abstracts += [
        "We propose Patch Regularised Image Synthesis Model (PRISM) for images.",
        "We propose Probabilistic Robust Inference with Sparse Masks (PRISM) here.",
        "We propose Policy Refinement In Simulated Multiagents (PRISM) as well.",
    ]
    out = tmp_path / "shared.toml"
    code = shared_short_forms.main(
        [str(write_dump(tmp_path / "a.jsonl", abstracts)), "--min-papers", "3", "-o", str(out)]
    )
    assert code == 0
    text = out.read_text()
    assert '"SFT" = ["supervised fine-tuning", 4]' in text
    assert "PRISM" not in text


def test_datasets_metric_names_and_long_forms_that_name_data_are_left_out() -> None:
    found = {
        "MTEB": Counter({"massive text embedding benchmark": 12}),  # data, by its long form
        "COCO": Counter({"common objects in context": 30}),  # a listed dataset
        "RMSE": Counter({"root mean squared error": 40}),  # a metric name
        "KD": Counter({"knowledge distillation": 15}),
    }
    kept = shared_short_forms.shared(found, min_papers=10, min_share=0.6)
    assert kept == {"KD": ("knowledge distillation", 15)}


def test_the_eval_parts_abstracts_are_left_out(tmp_path: Path) -> None:
    abstracts = [f"Deep reinforcement learning (DRL) helps agent {i}." for i in range(3)]
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"abstract": abstracts[0]}) + "\n")
    out = tmp_path / "shared.toml"
    args = [str(write_dump(tmp_path / "a.jsonl", abstracts)), "--min-papers", "3", "-o", str(out)]
    shared_short_forms.main([*args, "--exclude", str(gold)])
    assert "DRL" not in out.read_text()
    shared_short_forms.main(args)
    assert '"DRL" = ["deep reinforcement learning", 3]' in out.read_text()


def test_the_shipped_list_knows_terms_and_yields_to_the_abstracts_own_definition() -> None:
    assert is_shared_term("SFT") and is_shared_term("EHRs") and is_shared_term("EHR")
    assert not is_shared_term("PRISM")
    own = Analysis("We propose Phase-Amplitude Decoupling (PAD), a frequency-aware framework.")
    usual = Analysis("Face presentation attack detection (PAD) guards face recognition.")
    assert not is_common("PAD", own.abbreviations)
    assert is_common("PAD", usual.abbreviations)
