"""Whose result: the models or methods a paper evaluates, named by a kind, not by a name.

A benchmark paper reports what others' models score on it ("frontier agents ... scoring
34.1%"); the result is theirs, not the benchmark's, though the paper's own name is the
subject of a result no name or phrase in its sentence claims. The clause's performer takes
it when the parse shows others' models or methods as a kind: a plural ("current VLMs"), or
one singled out by a superlative ("even the most advanced model", without "even"). The
paper's own ("models distilled with our method", "the resulting models") keeps the paper's
name.

Each text is quoted from one arXiv abstract (metadata CC0, via the public
``dw-dengwei/daily-arXiv-ai-enhanced`` repository; the arXiv id is in each case): the
sentence that names what the paper makes and the result's sentence (two direct tests
shorten theirs). None is from a gold record.
"""

from __future__ import annotations

import pytest

from summarizer.rules import find_candidates
from summarizer.rules.number import Number
from summarizer.rules.performers import other_performer
from summarizer.rules.subjects import Actor, actor_phrase


def _numbers(text: str) -> dict[str, Number]:
    return {n.value: n for n in find_candidates(text).numbers}


def _subjects(text: str) -> dict[str, str | None]:
    return {value: n.subject for value, n in _numbers(text).items()}


@pytest.mark.parametrize(
    ("abstract", "value", "subject"),
    [
        (  # arXiv 2603.08655
            "We introduce OfficeQA Pro, a benchmark for evaluating AI agents on grounded, "
            "multi-document reasoning over a large and heterogeneous document corpus. When "
            "provided directly with the document corpus, frontier agents still struggle on over "
            "half of questions, scoring 34.1% on average.",
            "34.1%",
            "frontier agents",
        ),
        (  # arXiv 2603.03790
            "Building upon this insight, we present T2S-Bench, the first benchmark designed to "
            "evaluate and improve text-to-structure capabilities of models. Evaluation on 45 "
            "mainstream models reveals substantial improvement potential: the average accuracy "
            "on the multi-hop reasoning task is only 52.1%, and even the most advanced model "
            "achieves 58.1% node accuracy in end-to-end extraction.",
            "58.1%",
            "the most advanced model",
        ),
        (  # arXiv 2606.21290
            "We propose NoduLoCC2026, a challenge on lung nodule detection and localization in "
            "chest X-ray images. The best method shows a balanced accuracy score of 0.72 and "
            "AUC-ROC of 0.79.",
            "0.72",
            "The best method",
        ),
        (  # arXiv 2606.31307
            "Using fault-injected benchmarks built on two structurally different datasets, "
            "MultiWOZ 2.2 (5 domains) and SGD (20 domains), we find that naive agents "
            "hallucinate on 30.5% of failure turns on MultiWOZ and 20.9% on SGD. Our "
            "Guided-Retry strategy reduces hallucination by 50% on MultiWOZ (30.5 to 15.3%) and "
            "by 42% on SGD (20.9 to 12.2%) without retraining.",
            "30.5%",
            "naive agents",
        ),
        (  # arXiv 2606.31187: a relative clause's noun
            "We introduce UCF101-AD, a large-scale benchmark consisting of paired Action-Presence "
            "and Action-Denial clips, designed to evaluate this capacity for denial. Evaluating "
            "20 state-of-the-art MLLMs reveals a consistent failure: models that exceed 85% "
            "accuracy on the positive action classes collapse below 50% on their action-denial "
            "counterparts.",
            "85%",
            "models",
        ),
        (  # arXiv 2603.14864: an aside after the kind is left out
            "In this paper, we introduce a novel benchmark with a long-term memory setup and "
            "propose Shopping Companion, a unified framework that jointly tackles memory "
            "retrieval and shopping assistance. Experimental results demonstrate that even "
            "state-of-the-art models (such as GPT-5) achieve success rates under 70% on our "
            "benchmark.",
            "70%",
            "state-of-the-art models",
        ),
    ],
)
def test_others_models_named_by_their_kind_take_the_result(abstract, value, subject) -> None:
    assert _subjects(abstract)[value] == subject


@pytest.mark.parametrize(
    ("abstract", "value"),
    [
        (  # arXiv 2603.19266: models the paper's method made
            "Second, to improve generalization, Explanatory GRPO (\\texttt{EXGRPO}) uses a "
            "reinforcement learning algorithm with a novel Dialogue Structure Utility Bonus, "
            "which explicitly rewards the student for maintaining a coherent reasoning process "
            "across these probes. Moreover, models distilled with our method show remarkable "
            "training efficiency (e.g., surpassing vanilla fine-tuning with "
            "\\textbf{10-25\\%} training data) and strong generalization to out-of-distribution "
            "tasks.",
            "25\\%",
        ),
        (  # arXiv 2601.10378: what the paper's training resulted in
            "Consequently, we propose VIST2, a novel Transformer that interleaves input text "
            "chunks alongside their visual encoding, while depending exclusively on visual "
            "tokens in the pre-context to predict the next text token distribution. With a "
            "4$\\times$ compression ratio, the resulting models demonstrate significant "
            "superiority over baselines on long writing tasks, achieving, on average, a "
            "3$\\times$ speedup in first-token generation, 77% reduction in memory usage, and "
            "74% reduction in FLOPS.",
            "77%",
        ),
    ],
)
def test_the_papers_own_models_keep_the_papers_name(abstract, value) -> None:
    subject = _subjects(abstract)[value]
    assert subject is not None and "models" not in subject


def test_a_possessive_leaves_whose_models_unsaid() -> None:
    # arXiv 2606.24479, its number (a resolution there) made a size
    sentence = (
        "Although existing metadata-based reconstruction frameworks can exploit this side "
        "information, their context models often become computationally expensive, reaching "
        "12 GB of memory."
    )
    at = sentence.index("12 GB")
    assert other_performer(sentence, at, at + len("12 GB")) is None
    plain = sentence.replace("their context models", "context models")
    at = plain.index("12 GB")
    assert other_performer(plain, at, at + len("12 GB")) == "context models"


def test_a_list_items_marker_is_not_part_of_the_performer() -> None:
    # arXiv 2603.04538, shortened
    sentence = (
        "Evaluating 12 methods under a four-scenario protocol, we find: (1) deep learning "
        "methods lose 10-21 dB under mismatch, eliminating their advantage over classical "
        "baselines."
    )
    at = sentence.index("21 dB")
    assert other_performer(sentence, at, at + len("21 dB")) == "deep learning methods"


@pytest.mark.parametrize(
    ("sentence", "value", "subject"),
    [
        (  # arXiv 2606.30182: the word that opens the clause is no part of it
            "Existing AI models can already reimplement complex software, with the strongest "
            "model scoring 56% across the benchmark.",
            "56%",
            "strongest model",
        ),
    ],
)
def test_a_phrase_ending_in_a_kind_of_performer_takes_the_result(sentence, value, subject) -> None:
    assert _subjects(sentence)[value] == subject


def test_detectors_and_ensembles_perform_as_models_do() -> None:
    # arXiv 2606.18554 and 2606.29809
    detectors = (
        "Fine-tuned detectors perform well in-distribution but lose up to 50\\% accuracy on "
        "unseen generators or disaster types, showing overfitting to model-specific artifacts."
    )
    ensemble = "The ensemble performs best on QA (F1 = 0.792, AUC-ROC = 0.873)."
    found = [
        actor_phrase(text, 0, text.index(value))
        for text, value in ((detectors, "50"), (ensemble, "0.792"))
    ]
    assert [(a.phrase, a.own) if a else None for a in found] == [
        ("Fine-tuned detectors", False),
        ("ensemble", True),  # one bare kind after "the": what the paper made, as "the system"
    ]


def test_the_final_model_is_the_paper_named_earlier() -> None:
    # arXiv 2603.14132
    abstract = (
        "To address these challenges, we propose DualSwinFusionSeg, a multimodal segmentation "
        "architecture that separates modality-specific feature extraction and performs "
        "multi-scale cross-modal fusion. The final model achieves 0.867 mIoU and 0.905 F1 on "
        "the development benchmark and 0.783 mIoU on the held-out test set, demonstrating strong "
        "performance for multimodal planetary surface segmentation."
    )
    subjects = _subjects(abstract)
    assert [subjects[v] for v in ("0.867", "0.905", "0.783")] == ["DualSwinFusionSeg"] * 3


@pytest.mark.parametrize(
    ("text", "value", "subject"),
    [
        (  # arXiv 2606.24510
            "RaDaR showed the strongest performance among evaluated open-source models, including "
            "the 671B DeepSeek-R1, across public benchmarks and four external validation centers.",
            "671B",
            "DeepSeek-R1",
        ),
        (  # arXiv 2606.24780
            "In formal evaluations training a 124M-parameter GPT-2 baseline in FP32 on an 8-GPU "
            "6000 Ada system, BluTrain outperforms industry-standard baselines in both throughput "
            "(sustaining an average of 407K tokens/s versus PyTorch's 395K tokens/s) and memory "
            "efficiency (achieving up to a 22% footprint reduction), while strictly preserving "
            "numerical fidelity and converging to a marginally lower final validation loss.",
            "124M",
            "GPT-2",
        ),
        (  # arXiv 2606.19662
            "Training to 600 epochs further improves to FID 1.02, outperforming the 1B-parameter "
            "SFD-XXL result of FID 1.04 while using a smaller model.",
            "1B",
            "SFD-XXL",
        ),
    ],
)
def test_a_size_written_before_a_models_name_is_that_models(text, value, subject) -> None:
    sized = _numbers(text)[value]
    assert (sized.subject, sized.metric) == (subject, "parameters")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (  # arXiv 2603.05867: millions of data items, not a model's size
            "We curate TumorCoT, a large-scale dataset of 1.5M CoT-labeled VQA instructions "
            "paired with 3D CT scans.",
            "1.5M",
        ),
        (  # arXiv 2603.19220: a kind of model, not a model's name
            "We introduce Nemotron-Cascade 2, an open 30B MoE model with 3B activated parameters "
            "that delivers best-in-class reasoning and strong agentic capabilities.",
            "30B",
        ),
    ],
)
def test_a_size_before_data_or_a_kind_names_no_other_model(text, value) -> None:
    subject = _subjects(text).get(value)
    assert subject not in {"CoT", "MoE"}


@pytest.mark.parametrize(
    ("sentence", "subjects"),
    [
        (  # arXiv 2606.28374
            "RSEA is the strongest single-pass method on ALFWorld, reaching 69.3% compared with "
            "64.6% for ReAct (McNemar (p=0.015)), and reaches 79.4% with retry, the best overall "
            "result.",
            {"69.3%": "RSEA", "64.6%": "ReAct"},
        ),
        (  # arXiv 2603.04873: "by" says whose as well
            "On proprietary datasets, SEA-TS generated code reduces WAPE by 8.6% on solar PV "
            "forecasting and 7.7% on residential load forecasting compared to human-engineered "
            "baselines, and achieves 26.17% MAPE on load forecasting versus 29.34% by TimeMixer.",
            {"29.34%": "TimeMixer"},
        ),
        (  # arXiv 2603.16758
            "On a human connectome project (HCP) dataset with left-right/right-left b0 EPI pairs "
            "and a co-registered T1 structural reference, SuCor achieves a mean volumetric mutual "
            "information of 0.341 with the T1 image, compared to 0.317 for FSL TOPUP, while "
            "running in approximately 12 seconds on a single CPU core.",
            {"0.341": "SuCor", "0.317": "FSL TOPUP"},
        ),
        (  # arXiv 2603.17782: the next items of the list set against the result
            "Results demonstrated that PEFT substantially outperformed alternatives, where the "
            "best QLoRA configuration (all-linear layers and rank=64) achieved 83.16% test "
            "accuracy with only 2.72% parameters (183.0M) in 5.8 hours, compared to 72.87% for "
            "ResNet-18 (16.8 hours), 61.91% for ViT-Small (18.7 hours), and 76.56% for frozen "
            "DINOv3 (17.5 hours).",
            {"72.87%": "ResNet-18", "61.91%": "ViT-Small", "76.56%": "frozen DINOv3"},
        ),
    ],
)
def test_a_number_set_against_a_result_is_whose_for_names(sentence, subjects) -> None:
    found = _subjects(sentence)
    assert {value: found[value] for value in subjects} == subjects


def test_a_share_after_than_is_no_side_set_against() -> None:
    # arXiv 2603.11625
    sentence = (
        "Notably, MedPruner enables models such as MedGemma to maintain or even exceed their "
        "original performance while retaining fewer than 5% of visual tokens, thereby "
        "drastically reducing computational overhead."
    )
    assert _subjects(sentence)["5%"] != "visual tokens"


def test_a_number_set_against_a_result_is_measured_as_that_result() -> None:
    # arXiv 2603.04873
    sentence = (
        "On proprietary datasets, SEA-TS generated code reduces WAPE by 8.6% on solar PV "
        "forecasting and 7.7% on residential load forecasting compared to human-engineered "
        "baselines, and achieves 26.17% MAPE on load forecasting versus 29.34% by TimeMixer."
    )
    against = _numbers(sentence)["29.34%"]
    assert (against.subject, against.metric) == ("TimeMixer", "MAPE")


@pytest.mark.parametrize(
    ("sentence", "value", "subject"),
    [
        (  # arXiv 2603.09595
            "Confli-mBERT achieves 75.46% accuracy compared to ConfliBERT's 79.34%.",
            "79.34%",
            "ConfliBERT",
        ),
        (  # arXiv 2606.27215
            "GAversary is able to substantially reduce the target model's accuracy on test data "
            "compared to the BAE and A2T attacks compared against (in the best case, reducing a "
            "76.8% accuracy to 5.8%, compared to BAE's 27.6%).",
            "27.6%",
            "BAE",
        ),
    ],
)
def test_a_name_with_a_possessive_right_before_a_number_owns_it(sentence, value, subject) -> None:
    assert _subjects(sentence)[value] == subject


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value"),
    [
        pytest.param(
            "2602.23831",
            "For more complex pixel antenna empowered multiple-input multiple-output systems, the "
            "computational speed is 297 times faster than the existing searching-based algorithm.",
            "297 times",
            id="a speed",
        ),
        pytest.param(
            "2604.16726",
            "State-of-the-art strategies achieve an overall precision of $0.494$ for pattern "
            "spotting, where the precision for small non-square queries reaches 0.427.",
            "0.427",
            id="a precision",
        ),
        pytest.param(
            "2603.22755",
            "Gains are consistent: +7.72% at 410M (+/-0.02%, 3 seeds), +7.49% at 1B (+/-0.01%, "
            "3 seeds), +6.53% at 6.9B, each over the best specialist.",
            "+7.72%",
            id="gains",
        ),
        pytest.param(
            "2506.02175",
            "The improvement is most significant for judges with mainstream beliefs (+15.2% "
            "accuracy), though debate also helps skeptical judges who initially misjudge claims "
            "move toward accurate views (+4.7% accuracy).",
            "+15.2%",
            id="an improvement",
        ),
        pytest.param(
            "2602.13283",
            "The gap remains large under a broader top-two-box definition (67.0% vs. 32.9%) and "
            "on the full 1-5 ordinal scale (mean 3.86 vs. 3.08).",
            "67.0%",
            id="a gap",
        ),
    ],
)
def test_what_is_measured_performs_nothing(arxiv_id: str, sentence: str, value: str) -> None:
    assert _subjects(sentence)[value] is None, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "subject"),
    [
        pytest.param(
            "2504.17447",
            "For videos, FRAG substantially improves InternVL2-76B by 5.8% on MLVU and 3.7% on "
            "Video-MME.",
            "5.8%",
            "FRAG",
            id="a model of a listed line",
        ),
        pytest.param(
            "2512.22120",
            "Across eight benchmarks, BiPS boosts Qwen2.5-VL-7B by 8.2% on average and shows "
            "strong out-of-domain generalization to unseen datasets and image types.",
            "8.2%",
            "BiPS",
            id="boosts, and a name the parser splits",
        ),
        pytest.param(
            "2605.02757",
            "For example, our method improves RDT-1B by 8% on Robotwin 2.0, and boosts $π_0$ by "
            "5.1% on the more challenging LIBERO-Plus benchmark.",
            "8%",
            None,
            id="a model with its size",
        ),
    ],
)
def test_the_model_a_method_improves_is_not_what_is_measured(
    arxiv_id: str, sentence: str, value: str, subject: str | None
) -> None:
    number = _numbers(sentence)[value]
    assert number.metric is None, arxiv_id
    if subject is not None:
        assert number.subject == subject, arxiv_id


def test_a_benchmark_a_method_improves_stays_what_is_measured() -> None:
    # a sentence of a dev abstract: "GSM8K" ends in a digit and a "K", and is not a model
    sentence = (
        "On real-world benchmarks, IHA improves Multi-Key retrieval on RULER by 10-20% (4k-16k) "
        "and, after fine-tuning for reasoning on OpenThoughts, improves GSM8K by 5.8% and "
        "MATH-500 by 2.8% (Majority Vote) over full attention."
    )
    assert _numbers(sentence)["5.8%"].metric == "GSM8K"


def test_what_boosts_a_models_score_performs_the_result() -> None:
    # arXiv 2508.09241: the gain is what the paper's diagnostic framework adds
    sentence = (
        "Using our VDA in controlled experiments, quantifying the impact of visual capabilities, "
        "we showed that ideal visual localization boosts Gemini-2.5-Flash's success rate by "
        "14.9\\%."
    )
    number = _numbers(sentence)["14.9\\%"]
    assert (number.metric, number.subject) == ("success rate", "VDA")


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "metric"),
    [
        pytest.param(
            "2511.21066",
            "Self-knowledge retrieval improves macro-F1 by 3.29% on Semeval and by 4.08% on "
            "MUStARD.",
            "4.08%",
            "macro-F1",
            id="macro-F1",
        ),
        pytest.param(
            "2606.10392",
            "Experiments show that the LoRA-adapted DeepSeek-R1-8B achieves a micro-F1 of 0.901 "
            "on seven entity types (Company, Date, Location, Money, Person, Product and "
            "Quantity), and adding NEFTune further boosts the micro-F1 to 0.912, outperforming "
            "Llama3-8B, Qwen3-8B, Baichuan2-7B, T5 and BERT-Base baselines.",
            "0.912",
            "micro-F1",
            id="micro-F1",
        ),
    ],
)
def test_a_metric_the_parser_splits_is_read_whole(
    arxiv_id: str, sentence: str, value: str, metric: str
) -> None:
    assert _numbers(sentence)[value].metric == metric, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value"),
    [
        pytest.param(
            "2504.21023",
            "For example, the $Param\\Delta$ Model obtained from 70B Llama3-inst, Llama3-base, "
            "Llama3.1-base models attains approximately 95\\% of Llama3.1-inst model's "
            "performance on average.",
            "95\\%",
            id="a share of a model's",
        ),
        pytest.param(
            "2505.22222",
            "When evaluated across multiple domain-specific and general-purpose models, L&M "
            "demonstrates significant gains, including a 1.2% improvement in overall metrics "
            "(A.AVG) for CXR-LLaVA compared to baseline prompting and a remarkable 9.2% boost "
            "for LLaVA-Med.",
            "9.2%",
            id="a gain for a model",
        ),
        pytest.param(
            "2512.04220",
            "Across seven open-domain and multi-hop QA benchmarks, our method stabilizes "
            "training, prevents gradient explosion, and yields substantial performance "
            "improvements, including +37.8% gains on Qwen2.5-3B and +32.0% gains on Qwen2.5-7B.",
            "+37.8%",
            id="gains on a model",
        ),
    ],
)
def test_a_models_name_is_never_what_is_measured(arxiv_id: str, sentence: str, value: str) -> None:
    assert _numbers(sentence)[value].metric is None, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "metric"),
    [
        pytest.param(
            "2505.02146",
            "As a result, the programming productivity of DLS is improved by up to 96.0x via "
            "transcompiling legacy tensor programs.",
            "96.0x",
            "programming productivity",
            id="via",
        ),
        pytest.param(
            "2601.16498",
            "Crucially, as a lightweight plug-and-play module, EKDC-Net improves backbone accuracy "
            "by 6.42% and precision by 11.46% using only 0.08M additional learnable parameters.",
            "11.46%",
            "precision",
            id="using",
        ),
        pytest.param(
            "2510.15859",
            "When implemented on the Qwen3-4B-Instruct model, our method can greatly enhance its "
            "performance on the HealthBench-Hard benchmark from 7.0 to 27.2 using only 2k "
            "samples, thus achieving state-of-the-art results for models of this scale.",
            "7.0",
            "performance",
            id="using, after a change",
        ),
        pytest.param(
            "2504.13480",
            "Extensive evaluations across six benchmark datasets demonstrate that LA2Former "
            "improves predictive accuracy by over 50% relative to existing linear attention "
            "methods, while also outperforming full pairwise attention under optimal conditions.",
            "50%",
            "predictive accuracy",
            id="relative to",
        ),
        pytest.param(
            "2603.16212",
            "This paper presents a reduced-order model (ROM) based methodology for rapid worstcase "
            "gust identification that achieves computational speedups of up to 600 times "
            "relative to full-order nonlinear simulations.",
            "600 times",
            "speedup",
            id="relative to, after a metric",
        ),
        pytest.param(
            "2601.09667",
            "Across challenging benchmarks in medicine, math, and education, MATTRL improves "
            "accuracy by an average of 3.67\\% over a multi-agent baseline, and by 8.67\\% over "
            "comparable single-agent baselines.",
            "3.67\\%",
            "accuracy",
            id="by an average of",
        ),
        pytest.param(
            "2606.09585",
            "Across mathematical, scientific, and interleaved-modal reasoning benchmarks, optical "
            "reasoning can match or even exceed traditional text reasoning while reducing "
            "reasoning tokens by an average of 28.57% on language tasks and 16% on multimodal "
            "tasks, achieving 1.96 times the token efficiency of text reasoning.",
            "28.57%",
            "reasoning tokens",
            id="by an average of, reduced",
        ),
        pytest.param(
            "2508.17239",
            "For example, on the in-the-wild dataset 3DPW, PersPose achieves an MPJPE of 60.1 mm, "
            "7.54% lower than the previous SOTA approach.",
            "7.54%",
            "MPJPE",
            id="lower than",
        ),
        pytest.param(
            "a dev abstract",
            "On the Winograd Schema Challenge (Levesque et al., 2011), language models are 11% "
            "higher in accuracy than previous state-of-the-art supervised methods.",
            "11%",
            "accuracy",
            id="higher in",
        ),
    ],
)
def test_the_means_after_a_value_is_not_what_it_measures(
    arxiv_id: str, sentence: str, value: str, metric: str
) -> None:
    assert _numbers(sentence)[value].metric == metric, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value"),
    [
        pytest.param(
            "2504.03775",
            "In this paper, we propose FlowKV, a novel disaggregated inference framework, which "
            "reduces the average transmission latency of KV cache by 96%, from 0.944s to 0.053s, "
            "almost eliminating the transfer time relative to the total request latency by "
            "optimizing the KV cache transfer.",
            "0.944s",
            id="a part of the model",
        ),
        pytest.param(
            "2603.20172",
            "Per-model gaps range from 2.6 to 30.6 percentage points; all are statistically "
            "significant (McNemar's test, p < 0.001).",
            "< 0.001",
            id="a statistical test",
        ),
        pytest.param(
            "2503.23021",
            "The downstream Gleason grading algorithm was trained and tested using 70,524 WSIs "
            "from 13 clinical sites scanned on 13 different scanners.",
            "13",
            id="a kind of image",
        ),
    ],
)
def test_a_part_a_test_or_a_kind_of_data_owns_no_number(
    arxiv_id: str, sentence: str, value: str
) -> None:
    assert _subjects(sentence)[value] is None, arxiv_id


def test_a_method_named_by_a_noun_of_change_still_performs() -> None:
    # arXiv 2601.23281: "enhancement" is a change, and here the method that makes one
    sentence = (
        "Prompt enhancement substantially improves robustness under ambiguity, yielding gains "
        "exceeding 55% mIoU and 41% average confidence."
    )
    assert _subjects(sentence)["55%"] == "Prompt enhancement"


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "subject"),
    [
        pytest.param(
            "2603.12266",
            "Experiments on a range of MLLMs show that even the strongest model attains only "
            "53.33 Path F1, with sharp drops on hard negatives.",
            "53.33",
            "strongest model",
            id="even the strongest",
        ),
        pytest.param(
            "2604.18934",
            "Even the best frontier models currently score below 10%.",
            "10%",
            "the best frontier models",
            id="even at the start",
        ),
        pytest.param(
            "2503.17786",
            "Even though our model reaches state-of-the-art results on the test set "
            "(sensitivity=74%, false positive rate=1.6), we show that neither the junior nor the "
            "senior reader significantly increase their sensitivity (p=0.59, p=1, respectively).",
            "74%",
            "our model",
            id="even though",
        ),
    ],
)
def test_a_word_that_stresses_the_performer_is_no_part_of_it(
    arxiv_id: str, sentence: str, value: str, subject: str
) -> None:
    assert _subjects(sentence)[value] == subject, arxiv_id


def test_a_currency_beside_an_amount_is_its_unit_not_a_name() -> None:
    # arXiv 2506.20112
    sentence = (
        "Operational costs per 1,000 reports dropped to USD 5.58 (Framework 3) from USD 9.72 "
        "(Framework 1) and USD 6.85 (Framework 2), reflecting reductions of 42.6% and 18.5%, "
        "respectively."
    )
    assert "USD" not in find_candidates(sentence).names
    assert "USD" not in _subjects(sentence).values()


def test_a_currency_code_never_beside_an_amount_may_be_a_name() -> None:
    # made up: the short form of a method, not a currency
    text = "We propose Unbiased Semantic Decoding (USD), a decoding method. USD improves accuracy."
    assert "USD" in find_candidates(text).names


def test_a_phrase_of_setting_before_the_actor_is_no_part_of_it() -> None:
    # dev record (arXiv, autoformalization): "on uproof" says where, "our method" who
    sentence = (
        "And on uproof our method also achieved a strong improvement in out-of-distribution "
        "performance on pass@1 accuracy (6.2\\% $\\to$ 9.6\\%)."
    )
    assert actor_phrase(sentence, 0, sentence.index("9.6")) == Actor("our method", True)
