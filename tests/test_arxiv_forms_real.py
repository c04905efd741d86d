"""Forms of arXiv abstracts the rules read: values written with slashes ("35.68/12.20
WER/CER"), sizes inside a name ("Qwen 2.5 (7B)", "MovieLens 1M"), years glued to a name
("AIME'25"), metrics defined by their short form ("a root mean squared error (RMSE) of"),
names with plus signs ("MDST++"), bare domains that are no URL ("Claude.ai"), datasets
many papers use ("LaSOT") and the two ends of a range ("mIoU by 3.3% - 8.5%").

Each sentence is quoted whole from an arXiv abstract (metadata CC0, via the public
``dw-dengwei/daily-arXiv-ai-enhanced`` repository; the arXiv id is in each test); none is
from a gold record. The expected answers follow the annotation guide: one result per number,
and sizes inside names (``POLAR-7B``) are no results.
"""

from __future__ import annotations

import pytest

from summarizer.rules import Analysis, classify_names, find_candidates, find_tasks
from summarizer.rules.markup import unstyled
from summarizer.rules.name_spans import size_variant_of

from .support.rule_reads import names_of, value_metrics, values_of


def test_slashed_values_take_the_metric_names_listed_after_them_in_order() -> None:
    # arXiv 2509.02038
    sentence = (
        "The best-performing systems achieved 79.8% accuracy on Subtask 1, 35.68/12.20 "
        "WER/CER (overall average) on Subtask 2, and 55/13 WER/CER on Subtask 3."
    )
    assert value_metrics(sentence)[:3] == [
        ("79.8%", "accuracy"),
        ("35.68", "WER"),
        ("12.20", "CER"),
    ]


def test_each_slash_list_takes_the_names_listed_after_it_not_those_of_the_list_before() -> None:
    # arXiv 2508.20460
    sentence = (
        "Results Our experiments on two real-world datasets across three clinical tasks showed "
        "that our proposed model improved performance metrics by 1.6\\%/0.8\\% on BACC/AUROC for "
        "mortality prediction, 0.5%/2.2% on RMSE/MAE for LOS prediction, 10.9%/11.0% on "
        "RMSE/MAE for surgical duration estimation compared to the best existing methods."
    )
    assert value_metrics(sentence) == [
        ("1.6\\%", "BACC"),
        ("0.8\\%", "AUROC"),
        ("0.5%", "RMSE"),
        ("2.2%", "MAE"),
        ("10.9%", "RMSE"),
        ("11.0%", "MAE"),
    ]


def test_names_listed_before_the_values_and_a_second_list_in_the_same_sentence() -> None:
    # arXiv 2509.08289
    sentence = (
        "We achieve mAP/mCorLoc scores of 58.5%/81.8% on VOC 2007 and 55.6%/80.5% on VOC 2012, "
        "performing favorably against the state-of-the-art WSOD methods."
    )
    assert value_metrics(sentence) == [
        ("58.5%", "mAP"),
        ("81.8%", "mCorLoc"),
        ("55.6%", "mAP"),
        ("80.5%", "mCorLoc"),
    ]


def test_two_slash_lists_before_one_list_of_names() -> None:
    # arXiv 2509.05746
    sentence = (
        "Comprehensive evaluation across five benchmark datasets demonstrates state-of-the-art "
        "performance, achieving 36.89/0.9516 and 30.54/0.8721 PSNR/SSIM at 2 and 4 scales on "
        "KITTI outdoor scenes, outperforming existing methods by 0.44dB and 0.36dB respectively."
    )
    assert value_metrics(sentence)[:4] == [
        ("36.89", "PSNR"),
        ("0.9516", "SSIM"),
        ("30.54", "PSNR"),
        ("0.8721", "SSIM"),
    ]


def test_a_rank_in_the_list_qualifies_the_metric_written_after_the_values() -> None:
    # arXiv 2606.16615
    sentence = (
        "Zero-shot experiments on THINGS-EEG achieve 66.0%/91.9% (Top-1/Top-5) intra-subject "
        "and 24.0%/52.9% LOSO accuracy, surpassing state-of-the-art methods."
    )
    assert value_metrics(sentence)[2:] == [
        ("24.0%", "Top-1 LOSO accuracy"),
        ("52.9%", "Top-5 LOSO accuracy"),
    ]


def test_a_change_in_one_value_of_a_slash_list_is_a_change_in_all() -> None:
    # arXiv 2507.16624
    sentence = (
        "In object detection and instance segmentation with Cascade Mask R-CNN, A2Mamba-S "
        "surpasses MambaVision-B by 1.2%/0.9% in AP^b/AP^m, while having 40% less parameters."
    )
    numbers = find_candidates(sentence).numbers
    assert [(n.value, n.kind, n.subject) for n in numbers[:2]] == [
        ("1.2%", "improvement", "A2Mamba-S"),
        ("0.9%", "improvement", "A2Mamba-S"),
    ]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "values"),
    [
        pytest.param(
            "2508.07186",
            "Our results show that the proposed framework outperforms traditional approaches, "
            "achieving 83\\% faithfulness to underlying data, superior coverage of significant "
            "changes, and high relevance scores (4.4/5) for decision-critical insights.",
            ["83\\%", "4.4"],
            id="a score out of a scale is one value",
        ),
        pytest.param(
            "2508.16830",
            "We introduce a new benchmark of 756 ten-frame sequences captured with 14 smartphone "
            "camera sensors across nine conditions (illumination: 1/5/10 lx; exposure: 1/24, "
            "1/60, 1/120 s), with high-SNR references obtained via burst averaging.",
            ["756", "14", "1", "1/24", "1/60", "1/120 s"],
            id="whole numbers with slashes are not split into values",
        ),
    ],
)
def test_slashes_that_start_no_value(arxiv_id: str, sentence: str, values: list[str]) -> None:
    assert values_of(sentence) == values, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "values"),
    [
        pytest.param(
            "2508.14828",
            "We construct translated versions of two popular English reasoning datasets, "
            "fine-tune Qwen 2.5 (7B) and Qwen 3 (8B) models, and present a systematic study of "
            "long CoT generation across French, Japanese, Latvian, and Swahili.",
            [],
            id="a size in parentheses after a name and its version",
        ),
        pytest.param(
            "2508.11318",
            "In this study, we apply 4-bit Group Scaling Quantization (GSQ) and Generative "
            "Pretrained Transformer Quantization (GPTQ) to LLaMA 1B, Qwen 0.5B, and PHI 1.5B, "
            "evaluating their impact across multiple NLP tasks.",
            [],
            id="a size right after a name",
        ),
        pytest.param(
            "2505.16973",
            "To address this, we propose VeriFastScore, which leverages synthetic data to "
            "fine-tune Llama3.1 8B for simultaneously extracting and verifying all verifiable "
            "claims within a given text based on evidence from Google Search.",
            [],
            id="a size after a name written with its version",
        ),
        pytest.param(
            "2508.12535",
            "Our method shows improved task performance on QA, bias mitigation, jailbreaking "
            "prevention, and reasoning benchmarks on Gemma 2 2B and LLaMA 3.1 8B, notably "
            "achieving a +4.1% improvement in MMLU performance and a +22.9% improvement in "
            "HarmBench with only 4000 samples.",
            ["+4.1%", "+22.9%", "4000"],
            id="a size after a name's version",
        ),
        pytest.param(
            "2509.06652",
            "We find that LLMs (7B/8B parameters) fine-tuned on interestingness ratings "
            "outperform larger proprietary models like GPT-4o, demonstrating the potential for "
            "specialised datasets to model engagement in educational settings.",
            ["7B", "8B"],
            id="sizes said of a kind of model are values",
        ),
        pytest.param(
            "2508.04826",
            "Our findings challenge fundamental deployment assumptions: (1) Even 400B+ models "
            "exhibit substantial response variability (SD > 0.4); (2) Minor prompt reordering "
            "alone shifts personality measurements by up to 20%.",
            ["400B+", "> 0.4", "20%"],
            id="a capitalized first word is no name",
        ),
        pytest.param(
            "2508.17207",
            "Results: Among 17 binary classifiers, Random Forest achieved highest performance "
            "(accuracy, F1, precision, recall, ROC-AUC near 0.85).",
            ["17", "0.85"],
            id="no version after a capitalized preposition",
        ),
    ],
)
def test_sizes_inside_names_are_no_values(arxiv_id: str, sentence: str, values: list[str]) -> None:
    assert values_of(sentence) == values, arxiv_id


def test_a_datasets_size_is_part_of_its_name() -> None:
    # arXiv 2508.18812
    sentence = (
        "Experiments on MovieLens 1M and Amazon CDs benchmarks demonstrate that STARec achieves "
        "substantial performance gains compared with state-of-the-art baselines, despite using "
        "only 0.4% of the full training data."
    )
    datasets = names_of(sentence)[1]
    assert "MovieLens 1M" in datasets and "MovieLens" not in datasets
    assert values_of(sentence) == ["0.4%"]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "name"),
    [
        pytest.param(
            "2505.19938",
            "This paper proposes a novel dual-stream Multi-Timescale Motion-Decoupled Spiking "
            "Transformer (MDST++), which decouples contextual semantic information and sparse "
            "dynamic motion information.",
            "MDST++",
            id="after a long form",
        ),
        pytest.param(
            "2509.12039",
            "This work presents Robust Representation Learning via Adaptive Mask (RAM++), a "
            "two-stage framework for all-in-one image restoration.",
            "RAM++",
            id="after a long form that is no acronym of it",
        ),
    ],
)
def test_a_short_name_with_plus_signs_defined_in_parentheses_is_introduced(
    arxiv_id: str, sentence: str, name: str
) -> None:
    assert names_of(sentence)[0] == [name], arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "introduced", "datasets"),
    [
        pytest.param(
            "2605.10046",
            "In the subsequent stage, the proposed KANCondNet extracts deep spatiotemporal "
            "evolution features to provide accurate conditional guidance.",
            ["KANCondNet"],
            [],
            id="a model",
        ),
        pytest.param(
            "2604.11162",
            "On a manually annotated wind turbine inspection benchmark, the proposed "
            "Boxes2Pixels improves anomaly mIoU by +6.97 and binary IoU by +9.71 over the "
            "strongest baseline trained under identical weak supervision.",
            ["Boxes2Pixels"],
            [],
            id="a method once taken for data",
        ),
        pytest.param(
            "2604.08364",
            "Extensive experiments demonstrate the importance of maintaining intra-style "
            "consistency, inter-style diversity and high-quality for style dataset, as well as "
            "the effectiveness of the proposed MegaStyle-1.4M.",
            [],
            [],
            id="not a name cut at its version's point",
        ),
    ],
)
def test_a_name_right_after_the_proposed_is_the_papers_own(
    arxiv_id: str, sentence: str, introduced: list[str], datasets: list[str]
) -> None:
    assert names_of(sentence)[0] == introduced, arxiv_id
    assert names_of(sentence)[1] == datasets, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "introduced"),
    [
        pytest.param(
            "2604.00559",
            "In this paper, we introduce $\\textbf{FecalFed}$, a privacy-preserving federated "
            "learning framework for poultry disease classification.",
            ["FecalFed"],
            id="bold in math",
        ),
        pytest.param(
            "2602.17234",
            "Building on this framework, we propose \\textbf{Time}-\\textbf{S}upervised "
            "\\textbf{P}rediction with \\textbf{E}xtracted \\textbf{C}laims "
            "(\\textbf{TimeSPEC}), which interleaves generation with claim verification and "
            "regeneration to proactively filter temporal contamination.",
            ["TimeSPEC"],
            id="a short form in bold, its letters in bold",
        ),
        pytest.param(
            "2601.21476",
            "In this work, we propose the $\\textbf{S}$ingle-sample Mix-p$\\textbf{O}$licy "
            "$\\textbf{U}$nified $\\textbf{P}$aradigm (SOUP), a framework that unifies off- and "
            "on-policy learning within individual samples at the token level.",
            ["SOUP"],
            id="no letter set apart",
        ),
        pytest.param(
            "2601.08955",
            "We propose Imagine-then-Plan (\\texttt{ITP}), a unified framework for agent "
            "learning via lookahead imagination.",
            ["ITP"],
            id="a short form in typewriter",
        ),
        pytest.param(
            "2603.17614",
            "We propose \\textsf{PIVOT-$K$}, a Sedna native pivotal bundle bounty that "
            "concentrates rewards on the $κ$ bundles that actually trigger decoding.",
            [],
            id="no name cut at math",
        ),
    ],
)
def test_a_name_set_in_a_latex_style_is_read_without_it(
    arxiv_id: str, sentence: str, introduced: list[str]
) -> None:
    assert names_of(sentence)[0] == introduced, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2605.15759",
            "Across LoCoMo-10 and LongMemEval-S, DimMem achieves \\textbf{81.43\\%} and "
            "\\textbf{78.20\\%} overall accuracy, respectively, outperforming existing "
            "lightweight memory systems while reducing LoCoMo per-query token cost by "
            "\\textbf{24\\%}.",
            [
                ("81.43\\%", "overall accuracy"),
                ("78.20\\%", "overall accuracy"),
                ("24\\%", "LoCoMo per-query token cost"),
            ],
            id="values in bold",
        ),
        pytest.param(
            "2605.18390",
            "For discrete autoregressive (AR) generation, it accelerates model convergence by "
            "\\textbf{3 times} and achieves a state-of-the-art gFID of \\textbf{1.36} on "
            "ImageNet class-conditional synthesis.",
            [("3 times", "model convergence"), ("1.36", "state-of-the-art gFID")],
            id="a metric before a value in bold",
        ),
    ],
)
def test_values_set_in_a_latex_style_take_their_metric(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None]]
) -> None:
    assert value_metrics(sentence) == expected, arxiv_id


def test_latex_styles_are_blanked_in_place() -> None:
    # arXiv 2603.12267
    sentence = (
        "To address this inefficiency, we introduce $\\textbf{EVATok}$, a framework to produce "
        "$\\textbf{E}$fficient $\\textbf{V}$ideo $\\textbf{A}$daptive $\\textbf{Tok}$enizers."
    )
    plain = unstyled(sentence)
    assert len(plain) == len(sentence)
    assert (
        plain.split()
        == (
            "To address this inefficiency, we introduce EVATok, a framework to produce "
            "Efficient Video Adaptive Tokenizers."
        ).split()
    )
    assert plain.index("EVATok") == sentence.index("EVATok")  # the name where it is written


def test_a_plus_version_is_one_name_not_two() -> None:
    # arXiv 2504.13022, two of its sentences
    text = (
        "Hence, we propose Compressed Gaussian Splatting (CompGS++), a novel framework that "
        "leverages compact Gaussian primitives to achieve accurate 3D modeling with substantial "
        "size reduction for both static and dynamic scenes. Comprehensive evaluations across "
        "multiple benchmark datasets demonstrate that CompGS++ significantly outperforms "
        "existing methods, achieving superior compression performance while preserving "
        "accurate scene modeling."
    )
    assert names_of(text)[0] == ["CompGS++"]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "values"),
    [
        pytest.param(
            "2602.11089",
            "Notably, the recipe from DataChef-32B adapts Qwen3-1.7B-Base to the math domain, "
            "achieving 66.7 on AIME'25 and surpassing Qwen3-1.7B.",
            ["66.7"],
            id="a year after an apostrophe in a benchmark's name",
        ),
        pytest.param(
            "2512.23411",
            "On 3DTeethSeg'22, SOFTooth achieves state-of-the-art overall accuracy and mean IoU, "
            "with clear gains on cases involving third molars, demonstrating that rich 2D "
            "semantics can be effectively transferred to 3D tooth instance segmentation without "
            "2D fine-tuning.",
            [],
            id="a challenge's year",
        ),
        pytest.param(
            "2605.24750",
            "For the output prediction model of Agrawal et al. 2022 we show an improved expected "
            "consistency-robustness trade-off.",
            [],
            id="a cited paper's year",
        ),
        pytest.param(
            "2508.12282",
            "ChronoQA is constructed from over 300,000 news articles published between 2019 and "
            "2024, and contains 5,176 high-quality questions covering absolute, aggregate, and "
            "relative temporal types with both explicit and implicit time expressions.",
            ["300,000", "5,176"],
            id="the years a collection spans",
        ),
        pytest.param(
            "2602.21992",
            "360 panoramic images are increasingly used in virtual reality, autonomous driving, "
            "and robotics for holistic scene understanding.",
            ["360"],
            id="a number that opens the abstract",
        ),
    ],
)
def test_years_of_a_name_or_a_citation_are_no_values(
    arxiv_id: str, sentence: str, values: list[str]
) -> None:
    assert values_of(sentence) == values, arxiv_id


def test_thousands_written_with_apostrophes_are_one_value() -> None:
    # arXiv 2508.13086
    sentence = (
        "In this work, we tackle these issues by introducing a novel RSVQA dataset, Chessboard, "
        "designed to minimize biases through 3'123'253 questions and a balanced answer "
        "distribution."
    )
    assert value_metrics(sentence) == [("3'123'253", "questions")]


def test_a_metric_defined_with_its_short_form_before_the_value() -> None:
    # arXiv 2512.22657
    sentence = (
        "Our results demonstrate that modified 3D Inception architectures achieve the best "
        "overall performance, with a root mean squared error (RMSE) of 6.79%."
    )
    assert value_metrics(sentence) == [("6.79%", "root mean squared error")]


def test_a_metric_the_paper_achieves_is_not_what_it_makes() -> None:
    # arXiv 2601.08332
    sentence = (
        "Our proposed IGAN model achieves the Frechet Inception Distance (FID) of 13.12 and "
        "15.08 on the CUB-200 and ImageNet datasets, respectively, representing a 28-33% "
        "improvement in FID over the state-of-the-art GANs."
    )
    assert names_of(sentence)[0] == ["IGAN"]
    numbers = find_candidates(sentence).numbers
    assert [(n.value, n.metric, n.subject) for n in numbers[:2]] == [
        ("13.12", "Frechet Inception Distance", "IGAN"),
        ("15.08", "Frechet Inception Distance", "IGAN"),
    ]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "urls"),
    [
        pytest.param(
            "2602.17221",
            "Taiwan's Claude.ai usage data (N = 7,729 conversations, November 2025) from the "
            "Anthropic Economic Index (AEI) serves as the empirical vehicle for validating the "
            "feasibility of this methodology.",
            [],
            id="a product's name with a domain's ending",
        ),
        pytest.param(
            "2602.03425",
            "Furthermore, ConsistentRFT outperforms other RFT methods on out-of-domain metrics, "
            "showing an improvement of 5.1\\% (v.s. the baseline's decrease of -0.4\\%) over "
            "FLUX1.dev.",
            [],
            id="a model's name with a domain's ending",
        ),
        pytest.param(
            "2601.21936",
            "Data, results, and code will be available on github.com under the MIT license.",
            [],
            id="a code host named alone",
        ),
        pytest.param(
            "2601.03017",
            "More details are available on our project page: MMFormalizer.github.io",
            ["MMFormalizer.github.io"],
            id="a project page written with capitals",
        ),
    ],
)
def test_a_bare_domain_is_a_url_only_when_it_links_somewhere(
    arxiv_id: str, sentence: str, urls: list[str]
) -> None:
    assert find_candidates(sentence).urls == urls, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "datasets"),
    [
        pytest.param(
            "2602.16160",
            "Extensive experiments on GOT-10k and LaSOT demonstrate up to 12\\% GFLOPs "
            "reduction, 8.9\\% latency reduction, and 10.8\\% energy savings while maintaining "
            "tracking accuracy within 0.2\\% of the full-depth baseline across both short-term "
            "and long-term sequences.",
            ["GOT-10k", "LaSOT"],
            id="a tracking benchmark",
        ),
        pytest.param(
            "2601.16582",
            "In addition to in-domain evaluation on Webvid-CoVR-Test, we perform zero-shot "
            "evaluations on the Composed Image Retrieval (CIR) data sets CIRCO and Fashion-IQ.",
            ["Fashion-IQ", "CIRCO"],
            id="after 'data sets'",
        ),
        pytest.param(
            "2602.10704",
            "Extensive experiments demonstrate that (MGS)$^2$ achieves state-of-the-art "
            "performance, recording a Recall@1 of 97.5\\% on University-1652 and 97.02\\% on "
            "SUES-200.",
            ["University-1652", "SUES-200"],
            id="named with a number",
        ),
        pytest.param(
            "2602.09816",
            "Extensive experiments on challenging benchmarks, including Tanks and Temples, Free, "
            "and Hike, demonstrate that CompSplat achieves remarkable rendering quality.",
            ["Tanks and Temples"],
            id="a name with 'and' in it",
        ),
    ],
)
def test_names_many_papers_use_as_data_are_datasets(
    arxiv_id: str, sentence: str, datasets: list[str]
) -> None:
    assert sorted(names_of(sentence)[1]) == sorted(datasets), arxiv_id


def test_a_counted_dataset_the_paper_introduces_is_its_own() -> None:
    # arXiv 2504.01848
    sentence = (
        "We introduce PaperBench, a benchmark evaluating the ability of AI agents to replicate "
        "state-of-the-art AI research."
    )
    assert names_of(sentence) == (["PaperBench"], [])


def test_the_end_of_a_range_written_with_spaced_dashes_takes_the_metric_of_its_start() -> None:
    # arXiv 2601.03596
    sentence = (
        "Comparative experiments show that AAD improves mIoU by 3.3% - 8.5% across all "
        "datasets and settings, demonstrating superior performance and strong generalization."
    )
    assert value_metrics(sentence) == [("3.3%", "mIoU"), ("8.5%", "mIoU")]


def test_both_ends_of_each_range_in_a_list_take_the_metric_said_before_the_list() -> None:
    # arXiv 2602.12153
    sentence = (
        "It achieves gains of 6.22%-7.66% on GSM8K, 4.40%-7.20% on MATH500, 3.16%-14.84% on "
        "ARC-C, and 4.83%-5.74% on MMLU."
    )
    assert value_metrics(sentence)[:4] == [
        ("6.22%", "gain"),
        ("7.66%", "gain"),
        ("4.40%", "gain"),
        ("7.20%", "gain"),
    ]


def test_the_end_of_a_range_after_a_change_takes_the_metric_changed() -> None:
    # arXiv 2602.05748
    sentence = (
        "In particular, it raises AUC from near-chance levels (0.53-0.62) to 0.81-0.88, and "
        "increases TPR at 1 percent FPR by over an order of magnitude compared to strong "
        "baseline attacks."
    )
    assert ("0.88", "AUC") in value_metrics(sentence)


def test_signed_ends_of_a_range_written_with_to_share_the_metric() -> None:
    # arXiv 2602.14523
    sentence = (
        "Most strikingly, we demonstrate that optimizer choice can be more consequential than "
        "architecture: switching from Adam to SGD provided dramatic F1 gains of +25 to +38 "
        "points for Vision Transformer and Swin Transformer families, fundamentally reversing "
        "their ranking from bottom-tier to competitive with top-performing CNNs."
    )
    metrics = dict(value_metrics(sentence))
    assert metrics["+25"] == metrics["+38 points"] is not None


def test_the_far_end_of_a_range_is_no_metric_of_its_start() -> None:
    # arXiv 2603.12126: the parser hangs "4" on "15x" as on a noun it counts
    sentence = (
        "Our method surpasses baselines by 4-15x in text consistency and 3-7x in 3D model "
        "quality, exhibiting strong generalization to diverse categories and interaction "
        "types, while maintaining high-quality 3D generation."
    )
    metrics = [metric or "" for _, metric in value_metrics(sentence)]
    assert not any(any(c.isdigit() for c in metric) for metric in metrics)


def _results(sentence: str) -> list[tuple[str, str | None, str | None]]:
    return [(n.value, n.metric, n.subject) for n in find_candidates(sentence).numbers]


def _subjects(sentence: str) -> list[tuple[str, str | None]]:
    return [(n.value, n.subject) for n in find_candidates(sentence).numbers]


GEMINI = (
    "For closed-ended QA, overall performance is strong across models, with average "
    "accuracies ranging from 0.729 to 0.798; o3 achieves the best overall accuracy (0.798), "
    "closely followed by GPT-4.1 (0.796), while Gemini-1.5-Pro shows competitive performance "
    "within the Gemini family (0.783)."
)  # arXiv 2512.24340


def test_a_value_in_parentheses_after_whose_it_is_takes_the_metric_of_the_value_before() -> None:
    assert ("0.796", "accuracy") in value_metrics(GEMINI)
    # arXiv 2602.12778
    sentence = (
        "The proposed model achieves a weighted F1-score of 90.6% for ABSA, outperforming "
        "baseline BERT (89.25%) and a standard hybrid approach (85.7%)."
    )
    assert ("89.25%", "weighted F1-score") in value_metrics(sentence)


def test_a_score_in_parentheses_does_not_take_the_metric_of_a_change_before_it() -> None:
    # arXiv 2507.20700
    sentence = (
        "This represents a 15.8% improvement over the previous state-of-the-art (41.9%), "
        "establishing new performance benchmarks for multilingual fact verification."
    )
    assert value_metrics(sentence) == [("15.8%", "improvement"), ("41.9%", None)]


def test_a_value_in_parentheses_measures_the_metric_named_right_before_it() -> None:
    # arXiv 2604.10389
    sentence = (
        "Experimental results show that BLUEmed achieves the best accuracy (69.13%), ROC-AUC "
        "(74.45%), and PR-AUC (72.44%) under few-shot prompting, outperforming both "
        "single-agent RAG and debate-only baselines."
    )
    assert value_metrics(sentence)[1:] == [("74.45%", "ROC-AUC"), ("72.44%", "PR-AUC")]
    # arXiv 2604.16982
    sentence = (
        "In retrieval-augmented settings, it significantly improves performance (Recall@5=0.98) "
        "while reducing hallucination rates (0.05), highlighting its effectiveness in grounding "
        "LLM outputs."
    )
    assert ("0.05", "hallucination rate") in value_metrics(sentence)


def test_a_name_with_a_dotted_version_after_a_dash_is_whole() -> None:
    assert ("0.783", "Gemini-1.5-Pro") in _subjects(GEMINI)
    # arXiv 2503.18562
    sentence = (
        "The highest-performing models (GPT-o1 preview, GPT-4o, and Claude-3.5-Sonnet) "
        "achieved Brier scores of 0.15-0.2 and AUROC of 0.6."
    )
    assert "Claude-3.5-Sonnet" in find_candidates(sentence).names


def test_a_short_form_written_inside_the_metric_leaves_the_value_to_the_papers_name() -> None:
    # arXiv 2605.16720, two of its sentences
    text = (
        "We propose Compositional Adversarial Training (CAT), a plug-in framework that learns "
        "a sequential differentiable adversary that observes the current watermarked image "
        "and selects an attack family at each step to maximally disrupt message recovery. In "
        "the autoregressive setting, CAT improves the TPR@FPR$=1\\%$ by $12\\%$ on average on "
        "difficult geometric transformations."
    )
    assert _subjects(text) == [("12\\%", "CAT")]


def test_a_metric_is_never_whom_its_own_value_belongs_to() -> None:
    # arXiv 2512.24018
    sentence = (
        "Compared with the baseline GSImage, we reduce BD-rate by 43.44% on Kodak and 29.91% "
        "on DIV2K."
    )
    assert all(subject != metric for _, metric, subject in _results(sentence))


def test_a_name_written_as_a_metric_of_a_value_is_no_subject() -> None:
    # arXiv 2606.13275
    sentence = (
        "Custom ZeroCLIP achieves a CLIPScore of 0.8536, BLEU-4 of 0.3342, and METEOR of "
        "0.4859, outperforming existing baselines."
    )
    assert "CLIPScore" not in {subject for _, _, subject in _results(sentence)}


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "metrics"),
    [
        (
            "2507.12672",
            "The BLEU / ChrF++ scores for our model are 8.34 / 34.69 and 20.89 / 44.55 for "
            "translation from Russian to Chechen and reverse direction, respectively.",
            {"ChrF", "ChrF++"},
        ),
        (
            "2507.13113",
            "The results demonstrate significant improvements over the state-of-the-art method, "
            "with relative percentage differences of 9.74%, 13.02%, 1.25%, and 67.87% in IoU, "
            "nIoU, Pd, and Fa on the NUAA-SIRST subset, and 4.41%, 2.04%, 2.01%, and 113.43% on "
            "the IRSTD-1k subset of the LangIR dataset, respectively.",
            {"nIoU", "Pd", "Fa"},
        ),
        (
            "2508.17007",
            "EDLDNet achieves SOTA performance with an 84.00% Dice score on the Synapse dataset, "
            "surpassing baseline model like UNet by 13.89% in Dice score while significantly "
            "reducing Multiply-Accumulate Operations (MACs) by 89.7%.",
            {"MACs", "Multiply-Accumulate"},
        ),
    ],
)
def test_a_name_listed_with_a_metric_or_spelling_one_out_is_no_subject(
    arxiv_id: str, sentence: str, metrics: set[str]
) -> None:
    subjects = {subject for _, _, subject in _results(sentence)}
    assert not subjects & metrics, arxiv_id


def test_every_name_of_a_list_that_holds_a_metric_is_a_metric_so_the_subject_stays() -> None:
    # arXiv 2507.23683: "NTA-Iou" is no metric this package knows, but it is listed with FID
    sentence = (
        "Experimental results demonstrate that I2V-GS significantly improves synthesis quality "
        "under vehicle view, outperforming StreetGaussian in NTA-Iou, NTL-Iou, and FID by "
        "45.7%, 34.2%, and 14.9%, respectively."
    )
    assert _subjects(sentence) == [("45.7%", "I2V-GS"), ("34.2%", "I2V-GS"), ("14.9%", "I2V-GS")]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "metric", "subject"),
    [
        (
            "2510.00405",
            "Extensive experiments show that BiFlow achieves state-of-the-art performance, "
            "reducing minADE and minFDE by 10-15% on average and demonstrating superior "
            "robustness.",
            "15%",
            "minADE",
            "BiFlow",
        ),
        (
            "2507.13292",
            "DiffClean improves age estimation (minor vs. adult accuracy by 4.8%) and face "
            "verification (TMR by 8.9% at FMR=0.01%) over competing baselines on digitally "
            "simulated and real makeup images.",
            "8.9%",
            "TMR",
            "DiffClean",
        ),
    ],
)
def test_metrics_of_trajectories_and_biometrics_are_metric_names(
    arxiv_id: str, sentence: str, value: str, metric: str, subject: str
) -> None:
    assert (value, metric, subject) in _results(sentence), arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence"),
    [
        (
            "2601.16782",
            "Validation on two independent spinal datasets from multiple patients yielded a mean "
            "absolute error (MAE) of 0.7 mm and a root mean square error (RMSE) of 1.1 mm.",
        ),
        (
            "2512.20991",
            "Simulations with a representative Saudi household case study show a steady "
            "12-18\\% reduction in costs relative to a static weekly menu, nutrient adequacy of "
            "over 95\\% and high performance with price changes of 20-30%.",
        ),
        (
            "2602.13504",
            "Subsequent deployment on over 3,500 unseen articles spanning between 2023 and 2026 "
            "reveals consistent cross-source and temporally stable classification patterns.",
        ),
    ],
)
def test_the_activity_that_found_a_result_is_not_whom_it_belongs_to(
    arxiv_id: str, sentence: str
) -> None:
    assert {subject for _, subject in _subjects(sentence)} == {None}, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "subject"),
    [
        (
            "2512.22010",
            "Experimental results demonstrate that LongFly outperforms state-of-the-art UAV VLN "
            "baselines by 7.89\\% in success rate and 6.33\\% in success weighted by path "
            "length, consistently across both seen and unseen environments.",
            "LongFly",
        ),
        (
            "2508.04197",
            "Notably, GAT surpasses the previous state-of-the-art Video TextVQA methods by "
            "3.86\\% in accuracy and achieves ten times of faster inference speed than video "
            "large language models.",
            "GAT",
        ),
        (
            "2602.05262",
            "Furthermore, ReGLA outperforms similarly scaled iFormer models in downstream tasks, "
            "achieving gains of \\textbf{3.1\\%} AP on COCO object detection and "
            "\\textbf{3.6\\%} mIoU on ADE20K semantic segmentation.",
            "ReGLA",
        ),
    ],
)
def test_a_name_that_qualifies_the_methods_compared_with_is_not_the_subject(
    arxiv_id: str, sentence: str, subject: str
) -> None:
    assert {s for _, s in _subjects(sentence)} == {subject}, arxiv_id


def test_the_clause_that_reports_a_result_is_no_part_of_whom_it_belongs_to() -> None:
    # arXiv 2504.12222
    sentence = (
        "Experiments demonstrate our method achieves state-of-the-art perceptual quality with "
        "up to 30% improvement in IQA metrics."
    )
    assert _subjects(sentence) == [("30%", "our method")]


def test_a_value_on_a_known_benchmark_with_no_metric_written_measures_the_score_on_it() -> None:
    # arXiv 2508.18743
    sentence = (
        "CAC-CoT achieves approximately 85% on GSM8K and approximately 40% on GPQA (System-2) "
        "while retaining approximately 90% on S1-Bench (System-1)."
    )
    assert value_metrics(sentence)[:2] == [("85%", "GSM8K"), ("40%", "GPQA")]


def test_a_model_of_a_known_line_is_no_dataset_whatever_its_edition() -> None:
    # arXiv 2606.13108
    text = (
        "On our in-house benchmarks, PP-OCRv6_medium achieves 83.2% recognition accuracy and "
        "86.2% detection Hmean, outperforming PP-OCRv5_server by +5.1% and +4.6% respectively "
        "while surpassing Qwen3-VL-235B, GPT-5.5, and Gemini-3.1-Pro with orders of magnitude "
        "fewer parameters."
    )
    datasets = names_of(text)[1]
    assert not {"Qwen3-VL-235B", "GPT-5.5", "Gemini-3.1-Pro"} & set(datasets)


@pytest.mark.parametrize(
    ("sentence", "name", "piece"),
    [
        pytest.param(
            "We propose a Segmented Allocation with Momentum-Adjusted Utility for Multi-agent "
            "Portfolio Management via Hierarchical Deep Reinforcement Learning (SAMP-HDRL).",
            "SAMP-HDRL",
            "Segmented Allocation with Momentum-Adjusted Utility",
            id="2512.22895-with-for-via",
        ),
        pytest.param(
            "To address this, we propose a novel Training-Free Light-Guided Text-to-Image "
            "Diffusion Model via Initial Noise Manipulation (LGTM), which manipulates the "
            "initial latent noise of the diffusion process to guide image generation with text "
            "prompts and user-specified light directions.",
            "LGTM",
            "Training-Free Light-Guided Text-to-Image Diffusion Model",
            id="2603.24086-via",
        ),
        pytest.param(
            "We propose a novel approach, LLM-Enhanced Energy Contrastive Learning for "
            "Out-of-Distribution Detection in Text-Attributed Graphs (LECT), which integrates "
            "large language models (LLMs) and energy-based contrastive learning.",
            "LECT",
            "LLM-Enhanced Energy Contrastive Learning",
            id="2603.20293-for-in",
        ),
    ],
)
def test_a_long_form_with_small_words_inside_gives_its_short_form(sentence, name, piece) -> None:
    # the cue's name stopped at the first small word ("with", "via", "for") and gave a
    # piece of the long form; the whole long form defines the short form, which is the name
    analysis = Analysis(sentence)
    names = find_candidates(analysis).names
    introduces, _, _ = classify_names(analysis, names)
    assert name in introduces
    assert piece not in names and piece not in introduces


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        pytest.param(
            "In this paper, we propose \\textit{Chain of Functions (CoF)}, a novel programmatic "
            "reasoning data generation pipeline that utilizes freely-explored reasoning paths "
            "as supervision to ensure data precision and diversity.",
            "CoF",
            id="2503.16260",
        ),
        pytest.param(
            "We introduce the \\textbf{Efficient Ensemble Defense (EED)} technique, which "
            "diversifies the compression of a single base model based on different pruning "
            "importance scores and enhances ensemble diversity to achieve high adversarial "
            "robustness and resource efficiency.",
            "EED",
            id="2504.04747",
        ),
        pytest.param(
            "This paper proposes a novel \\textit{Cascaded Threshold-Integrated U-Net "
            "(CTI-Unet)} to overcome the limitations of single-threshold segmentation.",
            "CTI-Unet",
            id="2504.05640",
        ),
    ],
)
def test_a_short_form_inside_the_emphasis_of_its_long_form_is_the_name(sentence, name) -> None:
    # the emphasis closes after the short form, not after the long form
    assert name in names_of(sentence)[0]


def test_a_problem_the_paper_names_is_a_task_as_well_as_its_own_name() -> None:
    # arXiv 2605.05169
    sentence = (
        "We introduce the \\emph{Private Contiguous-Block Retrieval (PCBR)} problem, where a "
        "user retrieves a block of $D$ messages with contiguous indices from $K$ replicated "
        "messages stored across $N$ non-colluding servers, while hiding the identity of the "
        "requested block from each server."
    )
    assert "PCBR" in names_of(sentence)[0]
    assert "Private Contiguous-Block Retrieval" in find_tasks(sentence)


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        pytest.param(
            "To this end, we introduce Morphing Cross-Attention (MCA), which fuses source and "
            "target information for structural coherence, and Temporal-Fused Self-Attention "
            "(TFSA), which enhances temporal consistency by incorporating features from "
            "preceding frames.",
            {"MCA", "TFSA"},
            id="2601.00204",
        ),
        pytest.param(
            "We introduce an Adaptive Receptive Field Routing MoE (AR2-MoE) module to "
            "disentangle local spatial details from global semantic context, and a "
            "Modality-Aware Difference Routing MoE (MDR-MoE) module to adaptively select the "
            "most suitable fusion primitive at each pixel.",
            {"AR2-MoE", "MDR-MoE"},
            id="2601.14797",
        ),
    ],
)
def test_a_second_new_name_after_a_clause_about_the_first_is_new_too(sentence, names) -> None:
    assert names <= set(names_of(sentence)[0])


def test_a_name_inside_the_clause_about_a_new_one_is_not_new() -> None:
    sentence = "We propose FooNet (FN), which combines a CNN and Long Short-Term Memory (LSTM)."
    assert names_of(sentence)[0] == ["FN"]


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        pytest.param(
            "This study proposes the Enhanced Neurological Disorder Detection Network "
            "(End-Net) for multi-class MRI classification of neurological disorders.",
            "End-Net",
            id="2606.29106",
        ),
        pytest.param(
            "This study introduces the Polar Coordinate-Based Outlier Detection (PCOD) "
            "algorithm, which can be effectively employed in circle fitting applications.",
            "PCOD",
            id="2508.03720",
        ),
    ],
)
def test_what_this_study_makes_with_a_short_form_is_new(sentence, name) -> None:
    assert name in names_of(sentence)[0]


def test_a_term_this_study_uses_is_not_what_it_makes() -> None:
    # arXiv 2601.07866: "explainable AI" is the field, set after an adjective of the framework
    sentence = (
        "This study presents a hybrid explainable AI (XAI) framework combining ante-hoc fuzzy "
        "logic with post-hoc SHAP explanations, validated through systematic clinician "
        "feedback."
    )
    assert "XAI" not in names_of(sentence)[0]


@pytest.mark.parametrize(
    "abstract",
    [
        # arXiv 2504.15271
        "We introduce Eagle 2.5, a family of frontier vision-language models (VLMs) for "
        "long-context multimodal learning. Eagle 2.5 demonstrates substantial improvements on "
        "long-context multimodal benchmarks.",
        # arXiv 2504.11346
        "We present Seedream 3.0, a high-performance Chinese-English bilingual image generation "
        "foundation model. Seedream 3.0 demonstrates significant improvements over Seedream "
        "2.0: it enhances overall capabilities, in particular for text-rendering in complicated "
        "Chinese characters which is important to professional typography generation.",
        # arXiv 2505.12896
        "System 2 reasoning is one of the defining characteristics of intelligence, which "
        "requires slow and logical thinking. Human conducts System 2 reasoning via the "
        "language of thoughts.",
    ],
)
def test_a_version_after_a_name_at_a_sentence_start_is_no_value_where_written_inside_too(
    abstract,
) -> None:
    assert values_of(abstract) == []


def test_a_count_at_a_sentence_start_is_still_a_value() -> None:
    # arXiv 2505.06046: "Assessing 24" is written nowhere else inside a sentence
    sentence = (
        "Assessing 24 LLMs on PubHealthBench we find the latest private LLMs (GPT-4.5, "
        "GPT-4.1 and o1) have a high degree of knowledge, achieving >90% in the MCQA setup, "
        "and outperform humans with cursory search engine use."
    )
    assert values_of(sentence) == ["24", ">90%"]


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        (  # arXiv 2505.15075
            "To better assess this issue, we introduce two new benchmarks: KnowRecall and "
            "VisRecall, which evaluate cross-lingual consistency in MLLMs.",
            {"KnowRecall", "VisRecall"},
        ),
        (  # arXiv 2504.03434
            "Motivated by the goal to test the AI's competence in understanding the relationship "
            "between characters and their respective locations in narratives, we introduce two "
            "new datasets: Andersen and Persuasion.",
            {"Andersen", "Persuasion"},
        ),
        (  # arXiv 2505.03970
            "To address this, we introduce two novel legal RAG benchmarks: Bar Exam QA and "
            "Housing Statute QA.",
            {"Bar Exam QA", "Housing Statute QA"},
        ),
        (  # arXiv 2503.23314
            "We further introduce two variants: SPIO-S, which selects a single best solution path "
            "as determined by the LLM, and SPIO-E, which selects the top k candidate plans and "
            "ensembles them to maximize predictive performance.",
            {"SPIO-S", "SPIO-E"},
        ),
        (  # arXiv 2504.12717
            "To this end, we introduce two techniques: random feature alignment (RaFA) and hybrid "
            "contrastive-distillation (HyCD).",
            {"RaFA", "HyCD"},
        ),
        (  # arXiv 2505.12929
            "To mitigate this interference, we propose two novel methods: Advantage Reweighting "
            "and Low-Probability Token Isolation (Lopti), both of which effectively attenuate "
            "gradients from low-probability tokens while emphasizing parameter updates driven by "
            "high-probability tokens.",
            {"Advantage Reweighting", "Lopti"},
        ),
    ],
)
def test_a_counted_list_of_new_things_gives_each_name(sentence, names) -> None:
    assert set(names_of(sentence)[0]) == names


@pytest.mark.parametrize(
    "sentence",
    [
        # arXiv 2503.19351: four modules, described, none named
        "We propose four modules: LLM-based scene decomposition, LLM-based motion planning, "
        "motion refinement network and compositional SDS, to tackle the two challenges in a "
        "divide-and-conquer strategy.",
        # arXiv 2504.09586
        "To address this issue, we propose two approaches: an instruction-guided approach and a "
        "fine-tuning approach, both designed to effectively manage the conflict.",
    ],
)
def test_a_counted_list_of_described_things_gives_no_name(sentence) -> None:
    assert names_of(sentence)[0] == []


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (  # arXiv 2505.16737
            "We introduce a safety-aware probing (SAP) optimization framework designed to "
            "mitigate the safety risks of fine-tuning LLMs.",
            "SAP",
        ),
        (  # arXiv 2506.17838
            "This paper proposes a foreground-background separation (FBS) method with a novel "
            "foreground model based on convolutional sparse representation (CSR).",
            "FBS",
        ),
        (  # arXiv 2506.19698
            "To address this, we propose an integrated estimate-optimize (IEO) framework that "
            "jointly tunes predictive models while directly optimizing for maintenance outcomes.",
            "IEO",
        ),
        (  # arXiv 2507.01182
            "For efficiency, we introduce a difference convolution reparameterization (DCR) "
            "strategy that embeds PDCs into standard convolutions, eliminating computation and "
            "parameters at inference.",
            "DCR",
        ),
    ],
)
def test_a_short_form_of_lower_case_words_the_paper_makes_is_new(sentence, name) -> None:
    assert names_of(sentence)[0] == [name]


@pytest.mark.parametrize(
    "sentence",
    [
        # arXiv 2505.17684: a setting, the paper's name comes after it
        "This paper introduces a domain incremental learning (DIL) approach for dynamic 5G "
        "indoor localization, called 5G-DIL, enabling rapid adaptation to environmental changes.",
        # arXiv 2505.17380: what the framework measures, not the framework
        "We present a computational framework assessing user-perceived quality (UPQ) through "
        "expected and unexpected MI behaviors.",
        # arXiv 2506.05765: the task the data is for
        "To address these limitations, we introduce a visual question answering (VQA) dataset, "
        "categorized into genuine and fake illusions, along with corresponding control images.",
    ],
)
def test_a_field_or_a_measure_defined_after_making_is_not_new(sentence) -> None:
    introduced = names_of(sentence)[0]
    assert not {"DIL", "UPQ", "VQA"} & set(introduced)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (  # arXiv 2508.04508
            "Experimental results demonstrate that Surf3R achieves state-of-the-art performance "
            "on multiple surface reconstruction metrics on ScanNet++ and Replica datasets, "
            "exhibiting excellent generalization and efficiency.",
            {"ScanNet++", "Replica"},
        ),
        (  # arXiv 2508.03201: with a plus and without, two datasets
            "Extensive experiments on three VG benchmarks, namely RefCOCO, RefCOCO+, and RefCOCOg, "
            "verify the superiority of AlignCAT against existing weakly supervised methods on two "
            "VG tasks.",
            {"RefCOCO", "RefCOCO+", "RefCOCOg"},
        ),
        (  # arXiv 2507.13107
            "Extensive experiments have demonstrated that our method generates images with "
            "superior conceptual fidelity compared to the state-of-the-art (SOTA) method, "
            "achieving an impressive 87.8\\% reduction in forgetting rates and 63.3\\% fewer "
            "parameters on the CustomConcept 101 dataset.",
            {"CustomConcept 101"},
        ),
        (  # arXiv 2508.04968
            "Extensive experimental results over widely adopted datasets demonstrate that our "
            "method outperforms rivals in sparse-view 3D synthesis, achieving higher quality "
            "reconstruction with fewer Gaussians in most datasets compared to existing sparse-view "
            "approaches, e.g., compared to DropGaussian, our method achieves 3.27\\% PSNR "
            "improvements on the MipNeRF 360 dataset.",
            {"MipNeRF 360"},
        ),
    ],
)
def test_a_dataset_keeps_its_plus_signs_and_the_number_before_its_data_word(
    sentence, expected
) -> None:
    assert expected <= set(names_of(sentence)[1])


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (  # arXiv 2507.04269
            "Extensive experiments on standard image classification benchmarks, including "
            "CIFAR-10, Oxford-IIIT Pet, and Oxford-Flowers, demonstrate that GSTDS outperforms "
            "standard training scenarios and JEST, a recent state-of-the-art data curation method, "
            "on several key factors.",
            "JEST",
        ),
        (  # arXiv 2505.17441
            "We benchmark the LLM-crawler on Tulu-3-8B, an open-source model with public safety "
            "tuning data.",
            "Tulu-3-8B",
        ),
        (  # arXiv 2507.16716
            "We fine-tuned two VLFMs using our dataset: CLIP, a discriminative model, and CoCa, an "
            "image-to-text generative model.",
            "CoCa",
        ),
        (  # arXiv 2508.11864
            "Here, we evaluate this in prostate multiparametric MRI using ProFound, a "
            "domain-specific vision foundation model pretrained on large-scale prostate MRI "
            "datasets.",
            "ProFound",
        ),
    ],
)
def test_a_name_its_appositive_calls_a_method_model_or_platform_is_no_dataset(
    sentence, name
) -> None:
    assert name not in names_of(sentence)[1]


@pytest.mark.parametrize(
    ("sentence", "model"),
    [
        (  # arXiv 2507.12283
            "Empirically, we evaluate FADE on Stable Diffusion and FLUX, using benchmarks from "
            "prior work (e.g., object, celebrity, explicit content, and style erasure tasks from "
            "MACE).",
            "FLUX",
        ),
        (  # arXiv 2508.18264
            "Moreover, under the maximum coverage criterion on the POPE dataset, our method "
            "achieves a 1.87x speedup while maintaining 98.7% of the original performance on "
            "LLaVA-NeXT-13B.",
            "LLaVA-NeXT-13B",
        ),
        (  # arXiv 2505.17155
            "In particular, on the four MATH500, AIME24, AIME25, and GPQA benchmarks, the "
            "reasoning runtime of Pangu-R-38B, QwQ-32B, and DeepSeek-R1-Distill-Qwen-32B is "
            "improved by up to 70% with negligible impact on accuracy.",
            "DeepSeek-R1-Distill-Qwen-32B",
        ),
        (  # arXiv 2508.08688
            "On five out-of-distribution benchmarks, it outperforms Phi-4-Multimodal-Instruct by "
            "up to 28.4% and LLaMA-3.2-11B-Vision-Instruct by up to 13.2%, demonstrating strong "
            "generalization.",
            "Phi-4-Multimodal-Instruct",
        ),
    ],
)
def test_a_model_of_a_known_line_with_its_edition_is_no_dataset(sentence, model) -> None:
    assert model not in names_of(sentence)[1]


@pytest.mark.parametrize(
    ("sentence", "compound"),
    [
        (  # arXiv 2510.13364
            "This study investigates how prompt specificity affects the zero-shot classification "
            "of sitting, standing, and walking/running on a small, 285-image COCO-derived dataset.",
            "COCO-derived",
        ),
        (  # arXiv 2509.21320
            "The model is pretrained on a 206B-token corpus spanning scientific text, pure "
            "sequences, and sequence-text pairs, then aligned via SFT on 40M instructions.",
            "206B-token",
        ),
        (  # arXiv 2508.13437
            "To tackle DMMV instance sizes of practical relevance, we develop a GPU-accelerated "
            "heuristic that takes advantage of the mathematical properties of DMMV for speeding "
            "up the solution process.",
            "GPU-accelerated",
        ),
    ],
)
def test_a_hyphenated_adjective_or_a_numbers_compound_is_no_name(sentence, compound) -> None:
    introduces, datasets = names_of(sentence)
    assert compound not in introduces + datasets


@pytest.mark.parametrize(
    ("sentence", "subjects"),
    [
        (  # arXiv 2511.13784
            "Our approach achieves performance gains, with AP improvements of 3.7% (FSVOD-500), "
            "5.3% (FSYTV-40), 4.3% (VidOR), and 4.5 (VidVRD) in the 5-shot setting.",
            {"3.7%": "Our approach", "5.3%": "Our approach", "4.3%": "Our approach"},
        ),
        (  # arXiv 2512.04926
            "On ImageNet 256x256 with guidance, SFD achieves FID 1.06 (LightningDiT-XL) and FID "
            "1.04 (1.0B LightningDiT-XXL), while achieving up to 100x faster convergence than the "
            "original DiT.",
            {"1.06": "SFD", "1.04": "SFD"},
        ),
    ],
)
def test_a_name_in_parentheses_after_a_value_is_where_it_was_measured(sentence, subjects) -> None:
    found = dict(_subjects(sentence))
    assert {value: found.get(value) for value in subjects} == subjects


def test_the_side_outperformed_after_an_article_is_not_the_subject() -> None:
    # arXiv 2511.09955
    sentence = (
        "Experimental results on the KITTI dataset demonstrate that our method outperforms a "
        "baseline YOLOv5m model, achieving a significant mAP@0.5 boost ($31.12\\%$ to "
        "$46.61\\%$) while maintaining real-time detection latency."
    )
    assert dict(_subjects(sentence))["46.61\\%"] != "YOLOv5m"


@pytest.mark.parametrize(
    ("abstract", "value", "subject"),
    [
        (  # arXiv 2510.25621
            "To address this gap, we introduce FARSIQA, a novel, end-to-end system for Faithful "
            "Advanced Question Answering in the Persian Islamic domain. Rigorous evaluation on the "
            "challenging IslamicPCQA benchmark shows state-of-the-art performance: the system "
            "achieves a remarkable 97.0% in Negative Rejection - a 40-point improvement over "
            "baselines - and a high Answer Correctness score of 74.3%.",
            "97.0%",
            "FARSIQA",
        ),
        (  # arXiv 2511.02349
            "Building on this dual-view setting, we further propose F3Mamba, which fuses the "
            "facial and fingertip views through Mamba-based temporal modeling. The model reduces "
            "heart-rate error by 21.9 to 30.2 percent over existing single-view baselines while "
            "improving robustness in challenging real-world scenarios.",
            "21.9",
            "F3Mamba",
        ),
        (  # arXiv 2511.20216: the baseline is not what the paper makes
            "We introduce \\emph{CostNav}, a \\textbf{Micro-Navigation Economic Testbed} that "
            "evaluates embodied agents through comprehensive cost-revenue analysis aligned with "
            "real-world business operations. Under this projection, the baseline achieves 43.0\\% "
            "SLA compliance but is \\emph{not} commercially viable.",
            "43.0\\%",
            "baseline",
        ),
    ],
)
def test_the_bare_kind_after_the_paper_names_its_work_is_that_work(
    abstract, value, subject
) -> None:
    assert dict(_subjects(abstract))[value] == subject


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (  # arXiv 2509.26644
            "We evaluate Stitch on PosEval, our benchmark for position-based T2I generation.",
            "PosEval",
        ),
        (  # arXiv 2511.16397
            "On MainWebBench, our benchmark of 7,887 annotated web pages, MinerU-HTML achieves "
            "81.8\\% ROUGE-N F1 compared to Trafilatura's 63.6\\%, with exceptional structured "
            "element preservation (90.9\\% for code blocks, 94.0\\% for formulas).",
            "MainWebBench",
        ),
    ],
)
def test_a_name_then_our_kind_of_thing_is_the_papers(sentence, name) -> None:
    assert name in names_of(sentence)[0]


def test_a_setting_then_our_method_and_its_verb_is_not_the_papers() -> None:
    # arXiv 2511.19524
    sentence = (
        "Notably, on LongVideoBench, our method outperforms the SOTA model Gemini 2.5 pro by "
        "3.6% and GPT-4o by 15.6%."
    )
    assert "LongVideoBench" not in names_of(sentence)[0]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "subjects"),
    [
        pytest.param(
            "2504.10615",
            "We evaluate a set of 18 LLMs, showing significant performance variations, with "
            "GPT-4.5 achieving the highest accuracy (74.7%), outperforming models like Grok-2 "
            "(67.2%), and Llama 3.1 405B (65.6%).",
            [("18", None), ("74.7%", "GPT-4.5"), ("67.2%", "Grok-2"), ("65.6%", "Llama 3.1 405B")],
            id="a version and a size",
        ),
        pytest.param(
            "2504.09083",
            "Experimental results show that GPT-4o and Gemini 1.5 Pro outperformed alternatives "
            "and displayed promising BERTScore of 0.906 and 0.888 respectively.",
            [("0.906", "GPT-4o"), ("0.888", "Gemini 1.5 Pro")],
            id="a version and a tier",
        ),
        pytest.param(
            "2504.01848",
            "We evaluate several frontier models on PaperBench, finding that the best-performing "
            "tested agent, Claude 3.5 Sonnet (New) with open-source scaffolding, achieves an "
            "average replication score of 21.0\\%.",
            [("21.0\\%", "Claude 3.5 Sonnet")],
            id="a tier after the version",
        ),
    ],
)
def test_a_model_written_with_spaces_is_whole_as_a_subject(
    arxiv_id: str, sentence: str, subjects: list[tuple[str, str | None]]
) -> None:
    assert _subjects(sentence) == subjects, arxiv_id


def test_a_version_after_a_model_line_at_a_sentence_start_is_no_value() -> None:
    # arXiv 2605.22971
    sentence = (
        "Gemini 2.5 Flash achieved the lowest error (MAE 21.13%), while GPT models showed "
        "significantly larger discrepancies."
    )
    assert _subjects(sentence) == [("21.13%", "Gemini 2.5 Flash")]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "name"),
    [
        pytest.param(
            "2605.10730",
            "We present Qwen-Image-2.0, an omni-capable image generation foundation model that "
            "unifies high-fidelity generation and precise image editing within a single framework.",
            "Qwen-Image-2.0",
            id="a version after a dash",
        ),
        pytest.param(
            "2605.28424",
            "To address this dilemma, we propose Skill0.5, a novel agentic RL framework that "
            "explicitly differentiates skill treatments.",
            "Skill0.5",
            id="a version glued to the name",
        ),
        pytest.param(
            "2509.07923",
            "Along with the framework, we curated CBCT-IOS3.8K, the largest paired CBCT and IOS "
            "dataset to date, comprising 3,867 patients.",
            "CBCT-IOS3.8K",
            id="a size after the point",
        ),
    ],
)
def test_a_new_name_with_a_dotted_version_is_whole(arxiv_id: str, sentence: str, name: str) -> None:
    assert names_of(sentence)[0] == [name], arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "value", "subject"),
    [
        pytest.param(
            "2505.19159",
            "We propose a joint learning framework with feature reconstruction and prediction to "
            "address incomplete SITS more effectively. Experiments on SITS from Hunan Province, "
            "Western France, and Catalonia show that our method improves mean F1-scores by 6.93% "
            "in cropland extraction and 7.09% in crop classification over baselines.",
            "6.93%",
            "joint learning framework",
            id="our method",
        ),
        pytest.param(
            "2505.14730",
            "In this study, we developed a deep learning model to predict NACT response using "
            "pre-treatment hematoxylin and eosin (H&E)-stained biopsy images. Our model achieved "
            "promising results in five-fold cross-validation (accuracy: 82%, AUC: 0.86).",
            "82%",
            "deep learning model",
            id="our model, a word's own modifier kept",
        ),
        pytest.param(
            "2505.19196",
            "To address this, we propose a simple yet effective credit assignment framework that "
            "dynamically distributes dense rewards across denoising steps. Our method achieves "
            "1.25 to 2 times higher sample efficiency and better generalization across four human "
            "preference reward functions.",
            "1.25",
            "credit assignment framework",
            id="praise joined by yet left out",
        ),
        pytest.param(
            "2505.10938",
            "To address this, we develop a simple yet effective method to identify these tokens "
            "accurately during the decoding process. Extensive experiments show that our method "
            "can deliver a 6.4 times reduction in memory usage.",
            "6.4 times",
            "our method",
            id="a bare kind names nothing",
        ),
    ],
)
def test_our_method_is_named_by_what_the_paper_says_it_makes(
    arxiv_id: str, text: str, value: str, subject: str
) -> None:
    assert (value, subject) in _subjects(text), arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "name"),
    [
        pytest.param(
            "2506.21458",
            "Our new MindCube benchmark with 21,154 questions across 3,268 images exposes this "
            "critical gap, where existing VLMs exhibit near-random performance.",
            "MindCube",
            id="our new X benchmark",
        ),
        pytest.param(
            "2507.05424",
            "Using our MultiWikiAtomic dataset in English, Spanish, and Danish, we analyze how "
            "large language models (LLMs) integrate context.",
            "MultiWikiAtomic",
            id="our X dataset",
        ),
    ],
)
def test_our_name_then_its_kind_is_the_papers_own(arxiv_id: str, sentence: str, name: str) -> None:
    assert names_of(sentence)[0] == [name], arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence"),
    [
        pytest.param(
            "2508.04714",
            "Building upon our prior LAMP framework for numerical data analysis, we develop a "
            "comprehensive solution that combines bearing vibration frequency analysis with multi "
            "agentic generation for intelligent maintenance planning.",
            id="the authors' earlier work",
        ),
        pytest.param(
            "2508.07976",
            "Through RL training, our prompt-based QwQ-32B agent achieves substantial "
            "improvements, with 46.7% and 20.8% Avg@4 gains on xBench and GAIA, respectively.",
            id="a model of a known line",
        ),
    ],
)
def test_our_earlier_or_borrowed_model_is_not_introduced(arxiv_id: str, sentence: str) -> None:
    assert names_of(sentence)[0] == [], arxiv_id


def test_a_mixture_of_experts_size_is_a_size_variant() -> None:
    # arXiv 2510.24699: "we introduce AgentFold, ... our AgentFold-30B-A3B agent achieves"
    assert size_variant_of("AgentFold-30B-A3B") == "AgentFold"
    assert size_variant_of("Qwen3-30B-A3B") == "Qwen3"


@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2506.21980",
            "Open-source models like Qwen2.5-VL, a flagship MLLMs with strong foundational "
            "capabilities, demonstrate excellent performance in grounding tasks. The resulting "
            "model, R1-Track, achieved notable performance on the GOT-10k benchmark. R1-Track "
            "supports flexible initialization via bounding boxes or text descriptions while "
            "retaining most of the original model's general capabilities.",
            "R1-Track",
            id="set off by commas",
        ),
        pytest.param(
            "2508.07414",
            "The resulting dataset, CulturalGround, comprises 22 million high-quality, "
            "culturally-rich VQA pairs spanning 42 countries and 39 languages. We train an "
            "open-source MLLM CulturalPangea on CulturalGround, interleaving standard "
            "multilingual instruction-tuning data to preserve general abilities.",
            "CulturalGround",
            id="a dataset the paper builds, then trains on",
        ),
        pytest.param(
            "2604.11626",
            "The resulting model, RationalRewards (8B), achieves state-of-the-art preference "
            "prediction among open-source reward models, competitive with Gemini-2.5-Pro.",
            "RationalRewards",
            id="a size in parentheses after it",
        ),
    ],
)
def test_what_the_papers_steps_result_in_is_its_own(arxiv_id: str, text: str, name: str) -> None:
    assert names_of(text)[0] == [name], arxiv_id


def test_the_resulting_model_without_a_name_introduces_nothing() -> None:
    # arXiv 2508.08442
    sentence = (
        "The resulting model is identical to that produced by conventional flattening, but "
        "compilation can be significantly faster."
    )
    assert names_of(sentence)[0] == []


@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2507.03903",
            "In this study, a Down-Up Sampling Network (DUS-Net) is proposed to reconstruct "
            "high-precision point clouds for 3D anomaly detection by preserving the group center "
            "geometric structure. The DUS-Net first introduces a Noise Generation module to "
            "generate noisy patches.",
            "DUS-Net",
            id="a network",
        ),
        pytest.param(
            "2507.21450",
            "Then, an Adaptive Linguistic Grounding (ALG) technique is proposed to align the "
            "learned situational memories with different linguistic components purposefully. "
            "Our navigation policy outperforms the state-of-the-art methods on the challenging "
            "VLN-CE and ObjectNav tasks, showing the superiority of our RVI and ALG techniques "
            "for VLN.",
            "ALG",
            id="its kind between",
        ),
    ],
)
def test_a_short_form_said_to_be_proposed_is_the_papers(
    arxiv_id: str, text: str, name: str
) -> None:
    assert names_of(text)[0] == [name], arxiv_id


def test_a_short_form_of_what_a_proposed_thing_works_on_is_not_introduced() -> None:
    # arXiv 2604.13307: the framework is proposed, not the image kind it clusters
    sentence = (
        "An unsupervised framework for hyperspectral image (HSI) clustering is proposed that "
        "incorporates masked deep representation learning with diffusion-based clustering. "
        "We evaluate it on HSI benchmarks."
    )
    assert "HSI" not in names_of(sentence)[0]


def test_based_on_inside_a_long_form_in_title_case_is_part_of_the_name() -> None:
    # arXiv 2507.02414
    text = (
        "To address this challenge, we propose a novel and efficient scheme for face retrieval "
        "in the ciphertext domain, termed Privacy-Preserving Preselection for Face "
        "Identification Based on Packing (PFIP). PFIP incorporates an innovative preselection "
        "mechanism to reduce computational overhead."
    )
    assert names_of(text)[0] == ["PFIP"]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence"),
    [
        pytest.param(
            "2601.09606",
            "Stage 2 then employs an MAE-driven objective to align prediction magnitudes.",
            id="a stage",
        ),
        pytest.param(
            "2603.02333",
            "Theorem 4.3 establishes a monotonic relationship between sampling resolution and "
            "generation quality.",
            id="a theorem",
        ),
        pytest.param(
            "2602.13816",
            "Stage 1 data reveal a dominant influence of L1 transfer.",
            id="a stage's data",
        ),
    ],
)
def test_a_numbered_label_at_a_sentences_start_is_no_result(arxiv_id: str, sentence: str) -> None:
    assert values_of(sentence) == [], arxiv_id


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        (  # arXiv 2606.29301
            "Compared with v1 (arXiv:2603.04337), this version directly predicts continuous "
            "values, bypassing the need for quantized numerical parameters and thereby "
            "eliminating quantization errors.",
            [],
        ),
        (  # arXiv 2606.22748
            "Drawing on over 500,000 anonymized, English-language ChatGPT-user conversations "
            "(arXiv:2405.01470), we find that more than one third of the conversations involve "
            "some form of fiction generation -- including original stories, roleplay, "
            "fanfiction, and erotica.",
            ["500,000"],
        ),
    ],
)
def test_an_arxiv_identifier_is_a_citation_not_a_result(sentence: str, values: list[str]) -> None:
    assert values_of(sentence) == values


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        (  # arXiv 2503.20953: the parse takes the "~" for the clause's subject
            "Results: Our chatbot demonstrates promising performance in terms of relevance, with "
            "~73% of its responses rated as very relevant, showcasing a strong understanding of "
            "the clinical context.",
            "73%",
        ),
        (  # arXiv 2503.21955, shortened: a list of three values joined by slashes
            "Results: The method worked robustly on all field strengths (1.5/3/7) and Dice "
            "coefficients of 0.7 or more were achieved for all structures.",
            "0.7",
        ),
    ],
)
def test_odd_forms_are_read_without_failing(sentence: str, value: str) -> None:
    assert any(value in v for v in values_of(sentence))


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2601.09298",
            "Compared to the SOTA models with 7B and 32B parameters, our DICModel increases the "
            "BLEU metric by approximately 56.8% and 20.8%, respectively.",
            [("7B", "parameters"), ("32B", "parameters"), ("56.8%", "BLEU"), ("20.8%", "BLEU")],
            id="a metric name changed by a number",
        ),
        pytest.param(
            "2602.06330",
            "Crucially, the average FPR95 drastically decreases from 33.58% to 22.84%, and AUROC "
            "improves to 93.97%.",
            [("33.58%", "average FPR95"), ("22.84%", "average FPR95"), ("93.97%", "AUROC")],
            id="metric names changed from and to numbers",
        ),
        pytest.param(
            "2602.19079",
            # shortened: the sentence goes on after the parenthesis
            "In benchmarks across 20 Newsgroups, BBC News, AG News, and Arxiv, TriTopic achieves "
            "the highest NMI on every dataset (mean NMI 0.575 vs. 0.513 for BERTopic, 0.416 for "
            "NMF, 0.299 for LDA).",
            [
                ("20", "Newsgroups"),
                ("0.575", "NMI"),
                ("0.513", "NMI"),
                ("0.416", "NMI"),
                ("0.299", "NMI"),
            ],
            id="a clustering metric's name",
        ),
        pytest.param(
            "2602.13870",
            "It contains 10,000 samples with linguistic feature annotations across 16 politeness "
            "categories and achieves substantial inter-annotator agreement (kappa = 0.703).",
            [("10,000", "samples"), ("16", "politeness categories"), ("0.703", "kappa")],
            id="an agreement's kappa",
        ),
        pytest.param(
            "2605.01220",
            "On ImageNet 256x256 benchmark, VIAR attains FID 2.16, and sFID 8.07 with only 38.4% "
            "parameters of VAR, matching or surpassing it.",
            [("2.16", "FID"), ("8.07", "sFID"), ("38.4%", "parameters")],
            id="a metric name before its value",
        ),
        pytest.param(
            "2604.11389",
            "ConvFormer3D-TAP achieved 96% validation accuracy with per-class F1-scores >= 0.94 "
            "and strong calibration (ECE = 0.025; Brier = 0.040).",
            [
                ("96%", "validation accuracy"),
                ("0.94", None),
                ("0.025", "ECE"),
                ("0.040", "Brier"),
            ],
            id="metric names set equal to values",
        ),
        pytest.param(
            "2602.04819",
            "XtraLight-MedMamba achieved an accuracy of 97.18% and an F1-score of 0.9767 using "
            "approximately 32,000 parameters, outperforming the baseline.",
            [("97.18%", "accuracy"), ("0.9767", "F1-score"), ("32,000", "parameters")],
            id="a metric name a number is of",
        ),
    ],
)
def test_a_metric_name_the_grammar_puts_a_number_on_is_its_metric(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None]]
) -> None:
    # the names of metrics are names, never a subject, but they are what is measured
    assert value_metrics(sentence) == expected, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "adjective"),
    [
        pytest.param(
            "2602.13504",
            "We build a dataset of 3,600 articles from three major Turkish outlets with distinct "
            "editorial orientations for binary classification of AI-rewritten content.",
            "AI-rewritten",
            id="a name before an irregular participle",
        ),
        pytest.param(
            "2601.16138",
            "The proposed models are evaluated using two datasets derived from two publicly "
            "available corpora, covering texts from the pre-Islamic to the modern era.",
            "pre-Islamic",
            id="a prefix before a capitalised word, beside datasets",
        ),
        pytest.param(
            "2601.20911",
            "In this work we formalize and target the more challenging non-Markov setting, where "
            "a user may refer back to earlier states, undo changes, or reference entities "
            "introduced several rounds ago.",
            "non-Markov",
            id="a prefix before a name, in what the paper targets",
        ),
    ],
)
def test_a_capitalised_word_made_an_adjective_is_no_name(
    arxiv_id: str, text: str, adjective: str
) -> None:
    assert adjective not in find_candidates(text).names, arxiv_id
    introduces, datasets = names_of(text)
    assert adjective not in introduces + datasets, arxiv_id


def test_a_prefixed_word_is_no_subject_and_names_with_prefixes_stay() -> None:
    # arXiv 2602.23203 (shortened: the name ColoDiff is the paper's)
    text = (
        "Additionally, ColoDiff employs a non-Markovian sampling strategy that cuts steps by "
        "over 90% for real-time generation."
    )
    (number,) = find_candidates(text).numbers
    assert number.subject == "ColoDiff"
    # a prefix before capitals that are no plain word, or a word after one that is no prefix
    assert {"non-IID", "pseudo-LiDAR", "e-SNLI", "Super-CLEVR"} <= set(
        find_candidates("We use non-IID splits, pseudo-LiDAR, e-SNLI and Super-CLEVR.").names
    )


@pytest.mark.parametrize(
    ("arxiv_id", "text", "introduces", "datasets"),
    [
        pytest.param(
            "2602.05650",
            "Using the UDIVA v0.5 dataset, we trained a transformer-based model including "
            "cross-modal (audiovisual) and cross-subject (dyad-aware) attention mechanisms.",
            [],
            ["UDIVA v0.5"],
            id="a dataset with its version",
        ),
        pytest.param(
            "2602.14577",
            "Extensive experiments on NAVSIM v1, v2, and Navhard benchmarks demonstrate that "
            "DriveFine exhibits strong efficacy and robustness.",
            [],
            ["NAVSIM v1", "Navhard"],
            id="a second version on its own",
        ),
        pytest.param(
            "2602.12241",
            "To better meet the needs of on-device, streaming ASR use cases we introduce Moonshine "
            "v2, an ergodic streaming-encoder ASR model that employs sliding-window "
            "self-attention to achieve bounded, low-latency inference.",
            ["Moonshine v2"],
            [],
            id="a new version the paper introduces",
        ),
    ],
)
def test_a_version_after_a_name_is_part_of_it_and_no_name_alone(
    arxiv_id: str, text: str, introduces: list[str], datasets: list[str]
) -> None:
    assert names_of(text) == (introduces, datasets), arxiv_id
    assert not any(
        n.lower().startswith("v") and n[1:2].isdigit() for n in find_candidates(text).names
    )


@pytest.mark.parametrize(
    ("arxiv_id", "text", "introduces", "datasets"),
    [
        pytest.param(
            "2604.08543",
            # shortened: the first sentence, then the start of the last
            "This paper rethinks the setting and introduces E-3DPSM, an event-driven continuous "
            "pose state machine for event-based egocentric 3D human pose estimation. E-3DPSM "
            "runs in real-time at 80 Hz on a single workstation and sets a new state of the art "
            "in experiments on two benchmarks.",
            ["E-3DPSM"],
            [],
            id="a new name",
        ),
        pytest.param(
            "2604.18208",
            "We use our representation, SARR, to obtain canonic (symmetry-resolved) poses for the "
            "symmetric objects in two popular 6D pose estimation datasets, T-LESS and ITODD.",
            ["SARR"],
            ["T-LESS", "ITODD"],
            id="a dataset",
        ),
        pytest.param(
            "2602.19668",
            "Experiments on J-MID (1M exams) and MIMIC-CXR demonstrate consistent improvements "
            "in linguistic accuracy, temporal coherence, and cross-visit consistency.",
            [],
            ["J-MID", "MIMIC-CXR"],
            id="a dataset before a known one",
        ),
    ],
)
def test_a_name_that_starts_with_one_capital_and_a_hyphen(
    arxiv_id: str, text: str, introduces: list[str], datasets: list[str]
) -> None:
    assert names_of(text) == (introduces, datasets), arxiv_id


def test_one_capital_and_a_hyphen_before_a_plain_word_is_no_name() -> None:
    text = "Chest X-ray images, K-means clustering, a U-shaped decoder and E-commerce data."
    assert find_candidates(text).names == []


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2602.19006",
            "Results reveal clear tier stratification: flagship models achieve 81\\% average "
            "accuracy, outperforming mid-tier (77\\%) and fast models (67\\%) by 4pp and 14pp "
            "respectively.",
            [
                ("81\\%", "average accuracy"),
                ("77\\%", "average accuracy"),
                ("67\\%", None),
                ("4pp", "average accuracy"),
                ("14pp", "average accuracy"),
            ],
            id="margins after the scores they are between",
        ),
        pytest.param(
            "2601.20524",
            "AnomalyVFM achieves an average image-level AUROC of 94.1% across 9 diverse datasets, "
            "surpassing previous methods by significant 3.3 percentage points.",
            [
                ("94.1%", "average image-level AUROC"),
                ("9", "datasets"),
                ("3.3 percentage points", "average image-level AUROC"),
            ],
            id="a margin in percentage points",
        ),
        pytest.param(
            "2604.24473",
            "The agentic system reached 79.6% concordance (95% CI 76.4-82.8), exceeding both "
            "baselines (+3.8 and +4.2 pp; p = 0.006 and 0.007).",
            [
                ("79.6%", "concordance"),
                ("95%", "CI"),
                ("76.4", "CI"),
                ("82.8", "CI"),
                ("+3.8", None),
                ("+4.2 pp", "concordance"),
                ("0.006", "p"),
                ("0.007", "p"),
            ],
            id="a confidence level is no score",
        ),
    ],
)
def test_a_difference_in_points_measures_the_score_in_percent_before_it(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None]]
) -> None:
    assert value_metrics(sentence) == expected, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "expected"),
    [
        pytest.param(
            "2601.15560",
            # shortened: two sentences of the abstract
            "We propose a calibrated metric, Relative Classification Accuracy (RCA), which "
            "normalizes generative performance against an oracle classifier's baseline. Our "
            "evaluation reveals a critical trade-off: while the model achieves high visual quality "
            "(FID 8.93), it suffers from severe semantic mode collapse (RCA 0.27), particularly "
            "for visually ambiguous identities.",
            [("8.93", "FID"), ("0.27", "RCA")],
            id="the metric the paper defines, before its value",
        ),
        pytest.param(
            "2602.04716",
            # shortened: the end of one sentence, then the next
            "By contrast, Feature Error Rate (FER) has recently attracted attention. Results on "
            "Yoruba show a striking differential in metrics, with WER=0.788, CER=0.305, and "
            "FER=0.151.",
            [("0.788", "WER"), ("0.305", "CER"), ("0.151", "FER")],
            id="a defined metric set equal to its value",
        ),
    ],
)
def test_a_metric_defined_with_a_short_form_measures_the_value_beside_it(
    arxiv_id: str, text: str, expected: list[tuple[str, str | None]]
) -> None:
    assert value_metrics(text) == expected, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2605.18553",
            # shortened: the end of the sentence left out
            "Experiments on HOT3D and ARCTIC, two egocentric benchmarks featuring long "
            "missing-hand spans and persistent hand-object occlusions, show that StableHand "
            "achieves state-of-the-art performance across all reported metrics, reducing "
            "W-MPJPE by 20-25% compared to the strongest baseline.",
            [("20", "W-MPJPE", "StableHand"), ("25%", "W-MPJPE", "StableHand")],
            id="a level before a metric's name",
        ),
        pytest.param(
            "2601.19262",
            "Results demonstrate that LightGBM consistently outperforms alternatives, achieving "
            "PR-AUC 0.9879, ROC-AUC 0.9878, F1 0.9447, and a Brier score of 0.0414 with mixed "
            "features, representing strong gains in calibration and discrimination over simpler "
            "descriptors.",
            [
                ("0.9879", None, "LightGBM"),
                ("0.9878", "ROC-AUC", "LightGBM"),
                ("0.9447", "F1", "LightGBM"),
                ("0.0414", "Brier score", "LightGBM"),
            ],
            id="metric names are nobody's",
        ),
    ],
)
def test_a_metric_name_with_a_level_before_it_is_a_metric(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None, str | None]]
) -> None:
    assert _results(sentence) == expected, arxiv_id


def test_a_name_only_written_with_its_version_is_kept_with_it() -> None:
    # arXiv 2605.30769
    sentence = (
        "We evaluate DisPlace on Oxford RobotCar, Nordland, Pittsburgh30k, and Google "
        "Landmarks v2 across six state-of-the-art VPR descriptors."
    )
    names = find_candidates(sentence).names
    assert "Google Landmarks v2" in names
    assert "Google Landmarks" not in names and "v2" not in names


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "expected"),
    [
        pytest.param(
            "2602.10364",
            "BMD had a sensitivity of 81.0% (95% CI 74.0-86.8%) and specificity of 78.4% (95% CI "
            "72.3-83.7%).",
            [
                ("81.0%", "sensitivity"),
                ("95%", "CI"),
                ("74.0", "CI"),
                ("86.8%", "CI"),
                ("78.4%", "specificity"),
                ("95%", "CI"),
                ("72.3", "CI"),
                ("83.7%", "CI"),
            ],
            id="of a value",
        ),
        pytest.param(
            "2602.05189",
            # shortened: the start of the sentence left out
            "We find a considerable degree of overlap between the sensitivity (81%--97%) and "
            "specificity (91%--100%) of the open-weight LLMs and those of the proprietary ones.",
            [
                ("81%", "sensitivity"),
                ("97%", "sensitivity"),
                ("91%", "specificity"),
                ("100%", "specificity"),
            ],
            id="ranges in parentheses",
        ),
    ],
)
def test_sensitivity_and_specificity_are_metrics(
    arxiv_id: str, sentence: str, expected: list[tuple[str, str | None]]
) -> None:
    assert value_metrics(sentence) == expected, arxiv_id
