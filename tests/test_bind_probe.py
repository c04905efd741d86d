"""evals/bind_probe.py: the spans the model may choose a number's metric from."""

from __future__ import annotations

from .conftest import load_eval_script


def test_spans_near_a_number_skip_function_words_at_their_ends():
    probe = load_eval_script("bind_probe")
    sentence = "FooNet reaches a top-1 accuracy of 78.9% on the QuxBench suite."
    spans = probe.spans_near(sentence, sentence.index("78.9%"), width=4)
    assert "top-1 accuracy" in spans
    assert "QuxBench suite" in spans
    assert not any(s.split()[0] in {"of", "on", "the", "a"} for s in spans)
    assert not any(s.split()[-1] in {"of", "on", "the", "a"} for s in spans)
    assert "FooNet" not in spans  # more than four words away
