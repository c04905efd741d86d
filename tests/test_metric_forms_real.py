"""What a number measures, on the ways arXiv abstracts write it: a value before and after a
change ("from 9.3% to 15.8%"), a metric's name as the unit ("0.21 mAP") or with its variant
("BLEU-4", "NDCG@10"), whose threshold is no result ("mAP@0.5:0.95"); a margin over another
side; names that are never a subject or a dataset ("95% CI", "FLOPs", "LoRA").

Each sentence is quoted whole from an arXiv abstract (metadata CC0, via the public
``dw-dengwei/daily-arXiv-ai-enhanced`` repository; the arXiv id is in each test); none is
from a gold record. The expected answers follow the annotation guide.
"""

from __future__ import annotations

import pytest

from summarizer.rules import Analysis, classify_names, find_candidates
from summarizer.rules.metrics import is_metric_name

from .support.arxiv import ARXIV
from .support.rule_reads import value_metrics


def _kinds(sentence: str) -> dict[str, str]:
    return {n.value: n.kind for n in find_candidates(sentence).numbers}


def test_each_value_before_and_after_a_change_takes_the_metric_written_before_its_pair() -> None:
    # arXiv 2508.18933
    sentence = (
        "We find that VISION reduces spurious learning and enables more robust, generalizable "
        "detection, improving overall accuracy (from 51.8% to 97.8%), pairwise contrast "
        "accuracy (from 4.5% to 95.8%), and worst-group accuracy (from 0.7% to 85.5%) on the "
        "Common Weakness Enumeration (CWE)-20 vulnerability."
    )
    assert value_metrics(sentence)[:6] == [
        ("51.8%", "overall accuracy"),
        ("97.8%", "overall accuracy"),
        ("4.5%", "pairwise contrast accuracy"),
        ("95.8%", "pairwise contrast accuracy"),
        ("0.7%", "worst-group accuracy"),
        ("85.5%", "worst-group accuracy"),
    ]


def test_a_metric_then_the_noun_of_its_change_then_from() -> None:
    # arXiv 2504.14429
    sentence = (
        "Evaluation on the ActivityNet-QA benchmark demonstrates a substantial accuracy "
        "increase from 54.8% to 65.3%, highlighting the effectiveness of our hallucination "
        "detection and mitigation strategies in enhancing video-language model reliability."
    )
    assert value_metrics(sentence) == [("54.8%", "accuracy"), ("65.3%", "accuracy")]


def test_the_value_after_a_change_shares_the_metric_past_an_aside() -> None:
    # arXiv 2510.19488
    sentence = (
        "On OSWorld-Verified, our approach improves task success rates from 9.3% (SFT-only "
        "baseline) to 15.8%, a 70% relative improvement."
    )
    assert value_metrics(sentence)[:2] == [
        ("9.3%", "task success rate"),
        ("15.8%", "task success rate"),
    ]


def test_values_before_and_after_a_change_are_values_not_changes() -> None:
    # arXiv 2504.14429: the change is their difference, not either value
    sentence = (
        "Evaluation on the ActivityNet-QA benchmark demonstrates a substantial accuracy "
        "increase from 54.8% to 65.3%, highlighting the effectiveness of our hallucination "
        "detection and mitigation strategies in enhancing video-language model reliability."
    )
    assert _kinds(sentence) == {"54.8%": "absolute", "65.3%": "absolute"}


def test_the_two_ends_of_a_range_of_gains_stay_gains() -> None:
    # arXiv 2509.20580: "ranging from" states a range of changes, not a before and an after
    sentence = (
        "This resulted in accuracy gains ranging from -1.4% to 2.9%, with RT-DETR-v2-X "
        "achieving the best mAP@50 of 94.8%."
    )
    assert _kinds(sentence)["-1.4%"] == "improvement"


def test_metric_names_with_their_variant_measure_each_pair() -> None:
    # arXiv 2510.01009
    sentence = (
        "On our ReasonVQA dataset, this method dramatically improves performance over pooled "
        "baselines: F1 score improves from 0.212 to 0.543, BLEU-4 from 0.031 to 0.291, and "
        "ROUGE-L from 0.196 to 0.528."
    )
    assert value_metrics(sentence) == [
        ("0.212", "F1 score"),
        ("0.543", "F1 score"),
        ("0.031", "BLEU-4"),
        ("0.291", "BLEU-4"),
        ("0.196", "ROUGE-L"),
        ("0.528", "ROUGE-L"),
    ]


def test_a_metric_written_as_the_unit_is_the_metric() -> None:
    # arXiv 2503.13023
    sentence = (
        "We discuss the evaluation of detection and tracking performance using the COCO and "
        "MOT15 datasets, where we achieve 0.21 mAP and 38.9 MOTA respectively."
    )
    assert value_metrics(sentence) == [("0.21 mAP", "mAP"), ("38.9", "MOTA")]


@pytest.mark.parametrize(
    ("arxiv", "sentence", "expected"),
    [
        (
            "2601.08026",
            "Experimental results demonstrate that FigEx2 achieves a superior 0.726 "
            "mAP@0.5:0.95 for detection and significantly outperforms Qwen3-VL-8B by 0.51 in "
            "METEOR and 0.24 in BERTScore.",
            ("0.726 mAP", "mAP@0.5:0.95"),
        ),
        (
            "2509.20580",
            "This resulted in accuracy gains ranging from -1.4% to 2.9%, with RT-DETR-v2-X "
            "achieving the best mAP@50 of 94.8%.",
            ("94.8%", "mAP@50"),
        ),
        (
            "2508.10312",
            "Extensive experiments on four benchmark datasets demonstrate that FreLLM4Rec "
            "successfully mitigates collaborative signal attenuation and achieves competitive "
            "performance, with improvements of up to 8.00\\% in NDCG@10 over the best baseline.",
            ("8.00\\%", "NDCG@10"),
        ),
    ],
)
def test_the_threshold_after_a_metric_name_is_part_of_the_name_not_a_value(
    arxiv: str, sentence: str, expected: tuple[str, str]
) -> None:
    found = value_metrics(sentence)
    assert expected in found, arxiv
    values = [value for value, _ in found]
    assert not {"0.5", "0.95", "50", "10"} & set(values), arxiv


@pytest.mark.parametrize("name", ["BLEU-4", "ROUGE-L", "ROUGE-1", "AP50", "mAP50-95", "NDCG@10"])
def test_a_metric_name_with_its_variant_is_a_metric_name(name: str) -> None:
    assert is_metric_name(name)


@pytest.mark.parametrize("name", ["APT", "APLA", "AP-10K", "MAE-Net", "DiceNet"])
def test_a_name_of_its_own_that_starts_like_a_metric_is_not_one(name: str) -> None:
    # "APT" and "APLA" are methods, "AP-10K" a dataset (arXiv abstracts name them so)
    assert not is_metric_name(name)


def test_a_metric_read_by_the_grammar_keeps_the_words_joined_to_it_by_hyphens() -> None:
    # arXiv 2605.09030 and 2604.25452: not "verification AUC", not "out test samples"
    raises = (
        "CSLS readout on the frozen backbone reduces the aggregated negative-gap count to "
        "$4/91$; combined with positional-embedding interpolation to $336$ pixels it raises "
        "unsupervised pair-verification AUC from $0.883$ to $0.905$ across $25$ "
        "artist-disjoint splits."
    )
    assert ("0.905", "pair-verification AUC") in value_metrics(raises)
    evaluated = (
        "The BiLSTM with Attention model, evaluated on 3,946 held-out test samples, achieved an "
        "accuracy of 97.24\\% and an F1-score of 97.24\\%."
    )
    assert value_metrics(evaluated)[0] == ("3,946", "held-out test samples")


def test_a_piece_of_a_model_name_is_no_metric() -> None:
    # arXiv 2605.29563: the parser splits "Qwen2.5-VL-7B"; "VL-7B" is not what is measured
    sentence = (
        "This improves Qwen2.5-VL-7B from 2.5% to 47.8% on interactive view planning, "
        "surpassing GPT-5.4 Pro (18.5%) and Gemini 3.1 Pro (21.4%)."
    )
    assert all(metric != "VL-7B" for _, metric in value_metrics(sentence))


def test_under_starts_a_setting_after_a_number_but_stays_inside_a_metric_name() -> None:
    # arXiv 2606.09410 and 2504.11307
    drops = (
        "Furthermore, these results qualify claims of frontier model immunity: on AIME "
        "competition math, Opus 4.7 drops from 96.2% to 91.0% under JSON ($-5.3$pp; the "
        "displayed percentages are independently rounded, exact difference is $7/133 = "
        "5.26$pp $\\approx 5.3$pp)."
    )
    assert all(metric != "under JSON" for _, metric in value_metrics(drops))
    area = (
        "Selecting a frame informed by uncertainty achieved an area under curve of 76% and 80% "
        "for Monte Carlo Dropout and Bayesian Variational Inference, respectively, superior to "
        "any uncertainty-uninformed baselines with the best one achieving 64%."
    )
    assert value_metrics(area)[:2] == [("76%", "area under curve"), ("80%", "area under curve")]


@pytest.mark.parametrize(
    ("arxiv", "sentence", "expected"),
    [
        (
            "2507.13541",
            "When evaluated on 45 social communities from the online platform Reddit, "
            "PrefPalette outperforms GPT-4o by 46.6% in average prediction accuracy.",
            ("46.6%", "average prediction accuracy"),
        ),
        (
            "2511.17221",
            "QueryOcc surpasses previous camera-based methods by 26% in semantic RayIoU on the "
            "self-supervised Occ3D-nuScenes benchmark while running at 11.6 FPS, demonstrating "
            "that direct 4D query supervision enables strong self-supervised occupancy learning.",
            ("26%", "semantic RayIoU"),
        ),
        (
            "2601.10581",
            "Evaluated on nine tasks from the GeneTuring benchmark, GenomAgent outperforms "
            "GeneGPT by 12% on average, and its flexible architecture extends beyond genomics to "
            "various scientific domains needing expert knowledge extraction.",
            ("12%", "improvement over GeneGPT"),
        ),
        (
            "2509.00765",
            "FIDES outperforms the SOTA methods by over 14\\% in average with GPT-3.5-turbo, "
            "Gemini and Llama 70B series.",
            ("14\\%", "improvement over the SOTA methods"),
        ),
        (
            "2509.25811",
            "Experimental results show that Logo-VGR outperforms strong baselines by nearly 10 "
            "points in OOD settings, demonstrating superior generalization.",
            ("10 points", "improvement over strong baselines"),
        ),
    ],
)
def test_a_margin_over_another_side_measures_what_it_is_in_else_the_improvement_over_it(
    arxiv: str, sentence: str, expected: tuple[str, str]
) -> None:
    assert expected in value_metrics(sentence), arxiv


def test_margins_listed_after_the_first_share_its_metric() -> None:
    # arXiv 2605.31093
    sentence = (
        "Extensive experiments demonstrate that MammoRG consistently outperforms existing "
        "methods across multiple clinical efficacy metrics, particularly in diagnosis-related "
        "BI-RADS F1, where it surpasses the second-best model by 2.73%, 2.04%, 1.90%, and "
        "3.27% on the internal, external 1, external 2, and VinDr-Mammo datasets, respectively."
    )
    margins = [m for v, m in value_metrics(sentence) if v in {"2.73%", "2.04%", "1.90%", "3.27%"}]
    assert margins == ["improvement over the second-best model"] * 4


def _subjects(sentence: str) -> list[str | None]:
    return [n.subject for n in find_candidates(sentence).numbers]


def test_a_metric_name_in_the_plural_is_the_metric_of_each_value_and_no_subject() -> None:
    # arXiv 2505.21355
    sentence = (
        "Key findings and limitations: The AI-based micro-US model and clinical screening model "
        "achieved AUROCs of 0.871 and 0.753, respectively."
    )
    assert value_metrics(sentence) == [("0.871", "AUROC"), ("0.753", "AUROC")]
    assert "AUROCs" not in _subjects(sentence)


@pytest.mark.parametrize(
    ("arxiv", "sentence", "not_subject"),
    [
        (
            "2604.20441",
            "MedSkillAudit achieved ICC(2,1) = 0.449 (95% CI: 0.250-0.610), exceeding the human "
            "inter-rater ICC of 0.300.",
            "CI",
        ),
        (
            "2605.26415",
            "On ImageNet-1K zero-shot classification, LRA-EE reduces FLOPs by 13.4% and improves "
            "Top-1 accuracy by +2.44%p (58.72% -> 61.16%) over the INT8 baseline.",
            "FLOPs",
        ),
        (
            "2510.24456",
            "While Faster R-CNN ResNet50 V1 has precision of 0.252 on IOU range of 0.50:0.95 and "
            "recall of 0.044 on IOU of 0.50:0.95 with a mAP of 25%, which is better than SSD.",
            "V1",
        ),
    ],
)
def test_an_interval_a_cost_metric_or_a_bare_version_is_no_subject(
    arxiv: str, sentence: str, not_subject: str
) -> None:
    subjects = _subjects(sentence)
    assert not_subject not in subjects and subjects != [None] * len(subjects), arxiv


@pytest.mark.parametrize(
    ("arxiv", "sentence", "name"),
    [
        (
            "2510.05837",
            "Across five reasoning benchmarks, EEPO outperforms GRPO, achieving average relative "
            "gains of 24.3% on Qwen2.5-3B, 33.0% on Llama3.2-3B-Instruct, and 10.4% on "
            "Qwen3-8B-Base.",
            "GRPO",
        ),
        (
            "2507.17075",
            "In this work, we show that using LoRA for SFT on refusal datasets effectively aligns "
            "the model for safety without harming its reasoning capabilities.",
            "LoRA",
        ),
        (
            "2604.22805",
            "Experiments on a real-world AR dataset show that PrivAR achieves superior accuracy "
            "(81.48%) and F1-score (84.62%) compared to baselines, while reducing privacy leakage "
            "rate to 17.58%.",
            "F1-score",
        ),
    ],
)
def test_a_metric_or_a_well_known_method_is_never_a_dataset(
    arxiv: str, sentence: str, name: str
) -> None:
    analysis = Analysis(sentence)
    _, datasets, _ = classify_names(analysis, find_candidates(analysis).names)
    assert name not in datasets, arxiv


@pytest.mark.parametrize(
    ("arxiv", "term"),
    [("2510.04454", "SFT"), ("2605.19577", "RLVR")],
)
def test_a_term_many_papers_define_the_same_way_is_not_introduced(arxiv: str, term: str) -> None:
    # "supervised fine-tuning (SFT)", "reinforcement learning with verifiable rewards (RLVR)"
    analysis = Analysis(ARXIV[arxiv])
    introduces, datasets, _ = classify_names(analysis, find_candidates(analysis).names)
    assert term not in introduces and term not in datasets


def test_a_shared_short_form_the_paper_defines_as_its_own_method_is_introduced() -> None:
    # arXiv 2504.19136: most papers write "presentation attack detection (PAD)"; this one
    # proposes "Phase-Amplitude Decoupling (PAD)"
    analysis = Analysis(ARXIV["2504.19136"])
    introduces, _, _ = classify_names(analysis, find_candidates(analysis).names)
    assert "PAD" in introduces


def test_a_metric_noun_right_before_by_measures_the_change() -> None:
    # SciTLDR train HkGsHj05tQ (Apache-2.0)
    sentence = (
        "All the proposed methods are comprehensively evaluated on various DNN models, where "
        "an overall training speedup by up to 21.7% on modern GPUs can be practically achieved "
        "without the support of any specialized libraries, and the loss of model accuracy and "
        "convergence rate are negligible."
    )
    assert ("21.7%", "speedup") in value_metrics(sentence)


@pytest.mark.parametrize(
    ("arxiv", "sentence", "metric"),
    [
        (
            "2605.23974",
            "Against Qwen3GuardStream-4B on balanced benchmarks, AERIC improves AUROC from 0.6830 "
            "to 0.7143 on DiaSafety and from 0.8219 to 0.8582 on Harmful Advice.",
            "AUROC",
        ),
        (
            "2605.27654",
            "Across GPT-4o-mini and Sarvam, PAR improves target-subset accuracy from 11.07% to "
            "54.47% and from 15.99% to 49.66%, respectively.",
            "target-subset accuracy",
        ),
    ],
)
def test_a_second_change_of_the_same_quantity_takes_the_first_ones_metric(
    arxiv: str, sentence: str, metric: str
) -> None:
    assert [m for _, m in value_metrics(sentence)] == [metric] * 4, arxiv


@pytest.mark.parametrize(
    ("arxiv", "sentence", "expected"),
    [
        (
            "2603.03001",
            "When extending the context from 512 to 4,096 tokens, MaBERT reduces training time "
            "and inference latency by 2.36x and 2.43x, respectively, relative to the average of "
            "encoder baselines, demonstrating a practical long context efficient encoder.",
            [("2.36x", "training time"), ("2.43x", "inference latency")],
        ),
        (
            "2503.18785",
            "Compared to the baseline model, AP and AP50 improved by 1.9% and 2.4%, respectively.",
            [("1.9%", "AP"), ("2.4%", "AP50")],
        ),
        (
            "2605.14636",
            "Experiments with Qwen2.5-7B-Instruct and Qwen2.5-14B-Instruct show that TCFT "
            "consistently outperforms prompting and SFT baselines, reducing average leakage by "
            "41.89 and 37.79 percentage points, respectively.",
            [("41.89", "average leakage"), ("37.79 percentage points", "average leakage")],
        ),
    ],
)
def test_values_closed_by_respectively_take_the_metrics_listed_before_them_in_order(
    arxiv: str, sentence: str, expected: list[tuple[str, str]]
) -> None:
    found = value_metrics(sentence)
    assert all(pair in found for pair in expected), (arxiv, found)


@pytest.mark.parametrize(
    ("arxiv", "sentence", "expected"),
    [
        (
            "2603.26444",
            "The automated system demonstrated strong agreement with expert clinical ratings for "
            "rotational symptoms, achieving high correlations for torticollis (r=0.91), "
            "laterocollis (r=0.81), and anteroretrocollis (r=0.78).",
            [("0.91", "r"), ("0.81", "r"), ("0.78", "r")],
        ),
        (
            "2603.22097",
            "SpecTM achieves R^2 = 0.695 (current week) and R^2 = 0.620 (8-day-ahead) predictions "
            "surpassing all baseline models by (+34% (0.51 Ridge) and +99% (SVR 0.31)) "
            "respectively.",
            [("0.695", "R^2")],
        ),
        (
            "2605.10806",
            "A total of 459 annotators provided 5,796 complete annotations and over 37.4K "
            "fine-grained labels; after quality control, the retained annotations exhibited high "
            "split-half model-ranking correlations (Spearman's rho > 0.90).",
            [("> 0.90", "rho")],
        ),
    ],
)
def test_a_statistic_written_as_its_symbol_is_the_metric(
    arxiv: str, sentence: str, expected: list[tuple[str, str]]
) -> None:
    found = value_metrics(sentence)
    assert all(pair in found for pair in expected), (arxiv, found)


@pytest.mark.parametrize(
    ("arxiv", "sentence", "expected"),
    [
        (
            "2601.22636",
            "Using only n=100 samples, our anchored estimator predicts ASR@1000 with a mean "
            "absolute error of 1.66, compared to 12.04 for the baseline, which is an 86.2% "
            "reduction in estimation error.",
            ("12.04", "mean absolute error"),
        ),
        (
            "2512.05824",
            "MOA without the histology tool outperformed the clinical baseline, achieving an "
            "F1-score of 0.826 compared to 0.798.",
            ("0.798", "F1-score"),
        ),
        (
            "2605.29313",
            "On 630 matched ALFWorld episodes, PatchBoard achieves an 84.6% success rate, "
            "compared with 30.8% for LangGraph and 61.6% for Flock, while reducing tokens per "
            "successful task to 45.5k, compared with 368.3k and 64.2k, respectively.",
            ("30.8%", "success rate"),
        ),
    ],
)
def test_a_value_compared_to_another_measures_what_that_one_does(
    arxiv: str, sentence: str, expected: tuple[str, str]
) -> None:
    assert expected in value_metrics(sentence), arxiv
