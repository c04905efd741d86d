"""The model chooses the metric of each number the rules leave without one, in the same
answer as the prose (prompt ``bind``): an enum of the phrases of the number's sentence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from summarizer.io.inputs import Paper
from summarizer.prompting.strategy import NO_METRIC, plan, text_model
from summarizer.prompting.templates import load_prompt
from summarizer.rules.metrics import metric_phrases
from summarizer.schemas.paper_summary import PaperSummary

from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI

# Four values whose measures the sentence names only after them, together: the rules give
# none of them a metric (a score "on" a dataset's name would take the name as its metric).
SPEECH = (
    "We present FooNet for speech translation. Against the baseline, FooNet gets 9.1 and 7.4 "
    "on read speech and 20.2 and 24.0 on talks, in word error rate (WER) and BLEU. It also "
    "runs 3x faster on 8 GPUs."
)
PROSE = {
    "tldr": "FooNet, a speech translation model, lowers word error rate and raises BLEU.",
    "problem": "Speech translation systems are slow and make many recognition errors.",
    "keywords": ["speech translation", "word error rate", "BLEU"],
}


def _plan(abstract: str, ref: str = "bind.v1"):
    return plan(Paper(id="x", abstract=abstract, title=None), load_prompt(ref), PaperSummary)


def test_only_the_numbers_without_a_metric_are_asked_about() -> None:
    planned = _plan(SPEECH)
    numbers = planned.candidates.numbers
    assert planned.bound is not None
    asked = {numbers[i].value for i in planned.bound}
    assert asked == {n.value for n in numbers if n.metric is None} == {"9.1", "7.4", "20.2", "24.0"}
    user = planned.messages[-1]["content"]
    assert 'v1: 9.1 in "Against the baseline, FooNet gets' in user
    assert "3x" not in user.split("Values:")[1]  # the rules know what 3x measures


def test_the_choices_are_phrases_of_the_sentence_or_none() -> None:
    planned = _plan(SPEECH)
    metrics = planned.response_model.model_fields["metrics"].annotation
    choices = get_args(metrics.model_fields["v1"].annotation)
    assert choices[0] == NO_METRIC
    assert {"word error rate", "WER", "BLEU"} <= set(choices)
    assert all(c == NO_METRIC or c in SPEECH for c in choices)
    with pytest.raises(ValidationError, match="input_value='accuracy'") as caught:
        planned.response_model.model_validate(
            {**PROSE, "metrics": {"v1": "accuracy", "v2": "WER", "v3": "BLEU", "v4": "BLEU"}}
        )
    errors = caught.value.errors()  # v1 alone: "accuracy" is no phrase of the sentence
    assert [e["loc"] for e in errors] == [("metrics", "v1")]


def test_the_chosen_metrics_fill_only_what_the_rules_left_empty() -> None:
    planned = _plan(SPEECH)
    answer = {
        **PROSE,
        "metrics": {"v1": "WER", "v2": "word error rate", "v3": "BLEU", "v4": NO_METRIC},
    }
    data = planned.finish(planned.response_model.model_validate(answer))
    metric = {r["value"]: r["metric"] for r in data["results"]}
    assert metric == {"9.1": "WER", "7.4": "word error rate", "20.2": "BLEU", "24.0": None,
                      "3x": "speed", "8": "GPUs"}  # fmt: skip
    assert "metrics" not in data
    # an answer without the choices (a salvaged one, say) keeps the rules' results
    fallback = planned.finish(text_model().model_validate(PROSE))
    assert [r["metric"] for r in fallback["results"]][:4] == [None] * 4


def test_an_abstract_the_rules_bind_fully_is_asked_as_before() -> None:
    abstract = "We propose FooNet. FooNet reaches 91.2% accuracy on CIFAR-10."
    v1, bind = _plan(abstract, "default.v1"), _plan(abstract)
    assert bind.bound is None and bind.response_model is text_model(east_asian=False)
    assert bind.messages == v1.messages


def test_metric_phrases_keep_words_as_written() -> None:
    phrases = metric_phrases("It improves word error rate (WER) from 9.1 to 7.4 on the test set.")
    assert "word error rate" in phrases and "WER" in phrases and "test set" in phrases
    assert not any(p.split()[0] in ("on", "the", "from") for p in phrases)
    assert not any(ch.isdigit() for p in phrases for ch in p)


def test_a_run_with_the_bound_prompt_writes_the_chosen_metrics(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text(SPEECH + "\n", encoding="utf-8")
    reply = {**PROSE, "metrics": {"v1": "WER", "v2": "WER", "v3": "BLEU", "v4": "BLEU"}}
    with FakeOpenAI(default=reply) as server:
        done = run_cli(
            ["summarize", "in.txt", "--prompt", "bind.v1", "-o", "out.jsonl",
             *endpoint_args(server.base_url)],
            tmp_path,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "out.jsonl").read_text(encoding="utf-8"))
    assert record["meta"]["prompt"] == "bind.v1"
    results = {r["value"]: r["metric"] for r in record["summary"]["results"]}
    assert results["9.1"] == "WER" and results["24.0"] == "BLEU"
    assert 'v1: 9.1 in "' in server.requests[-1]["messages"][-1]["content"]


def test_bind_v2_asks_prose_and_metrics_only() -> None:
    planned = _plan(SPEECH, "bind.v2")
    assert set(planned.response_model.model_fields) == {"tldr", "problem", "metrics"}
    assert planned.bound is not None
    assert "keywords" not in planned.messages[0]["content"]
    assert planned.decided is not None and len(planned.decided["keywords"]) >= 3
