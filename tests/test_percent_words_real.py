"""A percent written as a word ("49.4 percent", "90 per cent", "97percent") is the value's
unit, as a percent sign is: the value keeps it as written, and the words after it are read
as they are after a sign.

Each sentence is quoted from an arXiv abstract (metadata CC0, via the public
``dw-dengwei/daily-arXiv-ai-enhanced`` repository; the arXiv id is in each test); none is
from a gold record.
"""

from __future__ import annotations

import pytest

from summarizer.rules import find_candidates
from summarizer.rules.markup import percent_signed

from .support.rule_reads import value_metrics


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2512.20120",
            "On ImageNet-100 and ImageNet-1K with ViT-B/16 and DeiT-B/16, HEART-ViT achieves up "
            "to 49.4 percent FLOPs reduction, 36 percent lower latency, and 46 percent higher "
            "throughput, while consistently matching or even surpassing baseline accuracy after "
            "fine-tuning, for example 4.7 percent recovery at 40 percent token pruning.",
            [
                ("49.4 percent", "FLOPs reduction"),
                ("36 percent", "lower latency"),
                ("46 percent", "higher throughput"),
                ("4.7 percent", "recovery"),
                ("40 percent", "token pruning"),
            ],
            id="percent before the metric",
        ),
        pytest.param(
            "2505.12999",
            "92 per cent success rate (2,564/2,566) upon visual inspection.",
            [("92 per cent", "success rate"), ("2,564", "success rate")],
            id="per cent in two words",
        ),
        pytest.param(
            "2503.14538",
            "Results: Key acute TB pathologies, including consolidation, cavities, and nodules, "
            "were detected with high precision (97percent) and recall (96percent).",
            [("97percent", "precision"), ("96percent", "recall")],
            id="percent glued to the digits",
        ),
    ],
)
def test_a_percent_written_as_a_word_is_the_values_unit(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None]]
) -> None:
    assert value_metrics(sentence) == expected, arxiv_id


def test_each_value_is_a_span_of_the_text_as_written() -> None:
    # arXiv 2504.01248, shortened
    text = (
        "Our results show that the combination of GPT-4 with the Input Output Prompting "
        "achieves over 90 per cent factual correctness agreement rate with expert evaluations."
    )
    (number,) = find_candidates(text).numbers
    assert text[number.start : number.end] == number.value == "90 per cent"
    (signed,) = find_candidates(text.replace("90 per cent", "90%")).numbers
    assert (number.metric, number.subject, number.kind) == (
        signed.metric,
        signed.subject,
        signed.kind,
    )
    assert number.metric is not None and number.metric.startswith("factual correctness")


def test_the_signed_text_keeps_every_position_and_leaves_other_words_alone() -> None:
    text = "Recall rises 12 per cent; the percentage of errors falls 3 PERCENT, a recent gain."
    signed = percent_signed(text)
    assert len(signed) == len(text)
    assert signed == (
        "Recall rises 12%"
        + " " * 8
        + "; the percentage of errors falls 3%"
        + " " * 7
        + ", a recent gain."
    )
    assert percent_signed("no numbers, a percent and a per cent") == (
        "no numbers, a percent and a per cent"
    )
