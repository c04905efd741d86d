"""Names the paper makes, read on arXiv abstracts (public daily-arXiv-ai-enhanced repository),
verbatim: an appositive of several words after the name, a name written in a URL before the
sentence that presents it, a long form and its short form after "this study presents" or after
any verb of making with an appositive of a kind, and a metric's name the paper uses but does
not make; no adjective made from a name ("a Bayesian classification framework"), no term of
the field ("XAI"), no single letter of a name set in LaTeX ("M$^2$D-LIF")."""

from __future__ import annotations

import pytest

from summarizer.rules.urls import blank_urls

from .support.rule_reads import names_of


def test_an_appositive_of_several_words_after_a_made_name_counts() -> None:
    sentence = (
        "In this work, we present 4D-PreNet, an end-to-end deep-learning pipeline that "
        "integrates attention-enhanced U-Net and ResNet architectures to simultaneously perform "
        "denoising, center correction, and elliptical distortion calibration."
    )
    assert names_of(sentence)[0] == ["4D-PreNet"]


def test_the_name_an_extension_starts_from_is_not_made_here() -> None:
    sentence = (
        "Based on this insight, we propose SUTA-LM, a simple yet effective extension of SUTA, "
        "an entropy-minimization-based TTA approach, with language model rescoring."
    )
    assert names_of(sentence)[0] == ["SUTA-LM"]


SCENE_LCM = (
    "Our project page: https://scutyklin.github.io/SceneLCM/. Automated generation of "
    "complex, interactive indoor scenes tailored to user prompt remains a formidable "
    "challenge. While existing methods achieve indoor scene synthesis, they struggle with"
    " rigid editing constraints, physical incoherence, excessive human effort, "
    "single-room limitations, and suboptimal material quality. To address these "
    "limitations, we propose SceneLCM, an end-to-end framework that synergizes Large "
    "Language Model (LLM) for layout design with Latent Consistency Model(LCM) for scene "
    "optimization. Our approach decomposes scene generation into four modular pipelines: "
    "(1) Layout Generation. We employ LLM-guided 3D spatial reasoning to convert textual "
    "descriptions into parametric blueprints(3D layout). And an iterative programmatic "
    "validation mechanism iteratively refines layout parameters through LLM-mediated "
    "dialogue loops; (2) Furniture Generation. SceneLCM employs Consistency Trajectory "
    "Sampling(CTS), a consistency distillation sampling loss guided by LCM, to form fast,"
    " semantically rich, and high-quality representations. We also offer two theoretical "
    "justification to demonstrate that our CTS loss is equivalent to consistency loss and"
    " its distillation error is bounded by the truncation error of the Euler solver; (3) "
    "Environment Optimization. We use a multiresolution texture field to encode the "
    "appearance of the scene, and optimize via CTS loss. To maintain cross-geometric "
    "texture coherence, we introduce a normal-aware cross-attention decoder to predict "
    "RGB by cross-attending to the anchors locations in geometrically heterogeneous "
    "instance. (4)Physically Editing. SceneLCM supports physically editing by integrating"
    " physical simulation, achieved persistent physical realism. Extensive experiments "
    "validate SceneLCM's superiority over state-of-the-art techniques, showing its "
    "wide-ranging potential for diverse applications."
)


def test_a_name_in_a_url_before_the_sentence_that_makes_it_is_no_earlier_mention() -> None:
    assert "SceneLCM" in names_of(SCENE_LCM)[0]


def test_blank_urls_keeps_the_offsets() -> None:
    text = "Our project page: https://scutyklin.github.io/SceneLCM/. We propose SceneLCM."
    blanked = blank_urls(text)
    assert len(blanked) == len(text)
    assert "SceneLCM" not in blanked[:56] and blanked.endswith("We propose SceneLCM.")


@pytest.mark.parametrize(
    ("arxiv_id", "text", "metric"),
    [
        pytest.param(
            "2508.14561",
            "Experiments on the HumanML3D dataset show that our model reduces Frechet inception "
            "distance (FID) from 0.041 to 0.015 and improves Top-1 R-Precision from 0.508 to "
            "0.510.",
            "FID",
            id="its long form names a measure",
        ),
        pytest.param(
            "2505.00020",
            "Our AUROC scores show that GPT-4o, OpenAI's more recent and capable model, "
            "demonstrates strong recognition of paywalled O'Reilly book content (AUROC = 82\\%), "
            "compared to OpenAI's earlier model GPT-3.5 Turbo.",
            "AUROC",
            id="no long form, not said to be made",
        ),
        pytest.param(
            "2605.00296",
            "Notably, our ViT reduces Floating Point Operations (FLOPs) by an order of magnitude "
            "and maintains constant parameter complexity regardless of the time series length, "
            "whereas the CNN baseline scales linearly.",
            "FLOPs",
            id="a measure's last word beside the metric nouns",
        ),
        pytest.param(
            "2508.07514",
            "Our model significantly improved species identification (F1-score: 0.52 to 0.85, "
            "R-squared: 0.75 to 0.98) and damage classification (F1-score: 0.28 to 0.44, "
            "R-squared: 0.71 to 0.87) over prior methods.",
            "F1-score",
            id="a listed name with score after it",
        ),
    ],
)
def test_a_metric_the_paper_uses_is_not_introduced(arxiv_id: str, text: str, metric: str) -> None:
    assert metric not in names_of(text)[0], arxiv_id


def test_a_metric_the_authors_say_they_propose_is_introduced() -> None:
    # SciTLDR train: a new metric whose short form is in the list of metric names
    text = (
        "To this extent we propose Fréchet Video Distance (FVD), a new metric for generative "
        "models of video based on FID. We contribute a large-scale human study, which confirms "
        "that FVD correlates well with qualitative human judgment of generated videos."
    )
    assert names_of(text)[0] == ["FVD"]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "introduced"),
    [
        pytest.param(
            "2503.21510",
            "In this work we propose a Bayesian classification framework using generative "
            "modelling to take account of input measurement uncertainty.",
            [],
            id="an adjective made from a name",
        ),
        pytest.param(
            "2503.13951",
            "Next, we introduce a Gaussian mask to enhance the point cloud information.",
            [],
            id="another such adjective",
        ),
        pytest.param(
            "2506.06680",
            "In this study, we introduce an explainable artificial intelligence (XAI) framework "
            "for classifying embryos, employing a fusion of convolutional neural network (CNN) "
            "and long short-term memory (LSTM) architecture, referred to as CNN-LSTM.",
            ["CNN-LSTM"],
            id="a field's short form",
        ),
    ],
)
def test_no_adjective_or_term_is_introduced(
    arxiv_id: str, sentence: str, introduced: list[str]
) -> None:
    assert names_of(sentence)[0] == introduced, arxiv_id


def test_a_single_letter_before_a_latex_power_is_no_name() -> None:
    # arXiv 2503.11780
    sentence = (
        "Therefore, we construct an novel framework called M$^2$D-LIF, which consists of the "
        "Mono-Modality Distillation (M$^2$D) method and the Local Illumination-aware Fusion "
        "(LIF) module."
    )
    introduced = names_of(sentence)[0]
    assert "M" not in introduced and "LIF" in introduced


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "name"),
    [
        pytest.param(
            "2512.04888",
            "This study introduces You Only Train Once (YOTO), a methodology designed to address "
            "the issue of catastrophic forgetting by integrating YOLO11n for object localization "
            "with DeIT and Proxy Anchor Loss for feature extraction and metric learning.",
            "YOTO",
            id="no article",
        ),
        pytest.param(
            "2503.11692",
            "This study presents Flower Pose Estimation (FloPE), a real-time flower pose "
            "estimation framework for computationally constrained robotic pollination systems.",
            "FloPE",
            id="no article, a task's words",
        ),
        pytest.param(
            "2602.20928",
            "This study presents the Surrogate Engine for Crop Simulations (SECS) a group of "
            "deep-learning models that emulate the process-based ECroPS model using only daily "
            "maximum and minimum temperature and precipitation.",
            "SECS",
            id="a preposition in the long form",
        ),
    ],
)
def test_this_study_presents_a_long_form_and_its_short_form(
    arxiv_id: str, sentence: str, name: str
) -> None:
    assert names_of(sentence)[0] == [name], arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "name"),
    [
        pytest.param(
            "2505.19239",
            "DriveX introduces Omni Scene Modeling (OSM), a module that unifies multimodal "
            "supervision-3D point cloud forecasting, 2D semantic representation, and image "
            "generation-to capture comprehensive scene evolution.",
            "OSM",
            id="the paper's method introduces",
        ),
        pytest.param(
            "2512.24172",
            "This report presents Deep Global Clustering (DGC), a conceptual framework for "
            "memory-efficient HSI segmentation that learns global clustering structure from "
            "local patch observations without pre-training.",
            "DGC",
            id="this report presents",
        ),
        pytest.param(
            "2507.04632",
            "Distinguished from these direct evaluate-then-select schemes, this work "
            "investigates iterative approximate evaluation for arbitrary prompts and introduces "
            "Model Predictive Prompt Selection (MoPPS), a Bayesian risk-predictive framework "
            "that online estimates prompt difficulty without requiring costly LLM interactions.",
            "MoPPS",
            id="a second verb",
        ),
        pytest.param(
            "2604.10335",
            "This paper describes Adaptive Multi-Expert Reasoning (AMR), a framework that "
            "focuses on problem complexity by reasoning with dynamically adapted strategies.",
            "AMR",
            id="describes",
        ),
    ],
)
def test_a_verb_of_making_and_an_appositive_of_a_kind_make_a_name(
    arxiv_id: str, sentence: str, name: str
) -> None:
    assert name in names_of(sentence)[0], arxiv_id


def test_a_verb_of_use_and_an_appositive_make_no_name() -> None:
    # arXiv 2510.07038: a method another paper developed, with an appositive of its kind
    sentence = (
        "Our approach employs a modified version of Dynamic Sampling Policy Optimization "
        "(DAPO), a recently developed RL paradigm, which we adapt specifically for tool "
        "invocation."
    )
    assert names_of(sentence)[0] == []


def test_we_refer_to_a_longer_phrase_as_a_name() -> None:
    # arXiv 2606.19857: six words between "refer to this" and "as"
    sentence = (
        "We refer to this class of model-centric textual representations as BabelTele, "
        "approached here not as a fixed protocol but as an empirical probe into LLMs' capacity "
        "to generate and interpret such representations."
    )
    assert names_of(sentence)[0] == ["BabelTele"]


@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2602.20117",
            "Reinforcement learning with verifiable rewards (RLVR) has emerged as a promising "
            "approach for training reasoning language models (RLMs) by leveraging supervision "
            "from verifiers. Although verifier implementation is easier than solution "
            "annotation for many tasks, existing synthetic data generation methods remain "
            "largely solution-centric, while verifier-based methods rely on a few hand-crafted "
            "procedural environments. "
            "In this work, we scale RLVR by introducing ReSyn, a pipeline that generates diverse "
            "reasoning environments equipped with instance generators and verifiers, covering "
            "tasks such as constraint satisfaction, algorithmic puzzles, and spatial reasoning. "
            "A Qwen2.5-7B-Instruct model trained with RL on ReSyn data achieves consistent gains "
            "across reasoning benchmarks and out-of-domain math benchmarks, including a 27\\% "
            "relative improvement on the challenging BBEH benchmark. Ablations show that "
            "verifier-based supervision and increased task diversity both contribute "
            "significantly, providing empirical evidence that generating reasoning environments "
            "at scale can enhance reasoning abilities in RLMs",
            "ReSyn",
            id="a gerund of making after another verb",
        ),
        pytest.param(
            "2601.22511",
            "We address these challenges with SYNTHAGENT, a framework that jointly synthesizes "
            "diverse tool-use training data and simulates complete environments.",
            "SYNTHAGENT",
            id="address with",
        ),
        pytest.param(
            "2604.17503",
            "We address this with SkillGraph, a joint framework that evolves both agent "
            "expertise and communication topology. Experiments show that SkillGraph achieves "
            "consistent improvements across four benchmarks, five common MAS structures and "
            "four base models.",
            "SkillGraph",
            id="address this with",
        ),
        pytest.param(
            "2505.18600",
            "We address this scalability bottleneck with Chain-of-Zoom (CoZ), a model-agnostic "
            "framework that factorizes SISR into an autoregressive chain of intermediate "
            "scale-states with multi-scale-aware prompts. CoZ repeatedly re-uses a backbone SR "
            "model.",
            "CoZ",
            id="the short form of what answers the problem",
        ),
    ],
)
def test_what_the_authors_answer_a_problem_with_is_their_own(
    arxiv_id: str, text: str, name: str
) -> None:
    assert name in names_of(text)[0], arxiv_id


def test_the_benchmark_the_authors_answer_a_gap_with_is_theirs_not_a_dataset() -> None:
    # arXiv 2606.09826
    text = (
        "We address these gaps with OmniGameArena, a real-time benchmark of twelve newly built "
        "Unreal Engine 5 games spanning Solo (7), PvP (3), and Coop (2) with unified action "
        "interfaces."
    )
    introduces, datasets = names_of(text)
    assert "OmniGameArena" in introduces
    assert "OmniGameArena" not in datasets


def test_what_others_answer_a_problem_with_is_not_the_papers() -> None:
    # made up: the answering verb without "we" or "this paper" as its subject
    text = "Prior methods address this with CLIPX, a contrastive model trained on web pairs."
    assert names_of(text)[0] == []


@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2510.13889",
            "Food image classification plays a vital role in intelligent food quality "
            "inspection, dietary assessment, and automated monitoring. However, most existing "
            "supervised models rely heavily on large labeled datasets and exhibit limited "
            "generalization to unseen food categories. To overcome these challenges, this study "
            "introduces MultiFoodChat, a dialogue-driven multi-agent reasoning framework for "
            "zero-shot food recognition. The framework integrates vision-language models (VLMs) "
            "and large language models (LLMs) to enable collaborative reasoning through "
            "multi-round visual-textual dialogues. Experiments on multiple public food datasets "
            "demonstrate that MultiFoodChat achieves superior recognition accuracy and "
            "interpretability compared with existing unsupervised and few-shot methods, "
            "highlighting its potential as a new paradigm for intelligent food quality "
            "inspection and analysis.",
            "MultiFoodChat",
            id="this study introduces",
        ),
        pytest.param(
            "2504.07158",
            "This technical report presents Ring-Lite-Distill, a lightweight reasoning model "
            "derived from our open-source Mixture-of-Experts (MoE) Large Language Models (LLMs) "
            "Ling-Lite.",
            "Ring-Lite-Distill",
            id="this technical report presents",
        ),
        pytest.param(
            "2505.18995",
            "This study presents FiLLM, a Filipino-optimized large language model, designed to "
            "enhance natural language processing (NLP) capabilities in the Filipino language. "
            "Built upon the SeaLLM-7B 2.5 model, FiLLM leverages Low-Rank Adaptation (LoRA) "
            "fine-tuning to optimize memory efficiency while maintaining task-specific "
            "performance.",
            "FiLLM",
            id="this study presents",
        ),
        pytest.param(
            "2602.23543",
            "Building on this resource, we train TRaSER, a video scene graph generation model. "
            "On the PVSG, VIPSeg, VidOR and SVG2 test datasets, TRaSER improves relation "
            "detection by +15 to 20%, object prediction by +30 to 40% over the strongest "
            "open-source baselines and by +13% over GPT-5, and attribute prediction by +15%.",
            "TRaSER",
            id="we train, then tested on datasets",
        ),
    ],
)
def test_a_made_name_with_an_appositive_of_its_kind_is_the_papers(
    arxiv_id: str, text: str, name: str
) -> None:
    introduces, datasets = names_of(text)
    assert name in introduces, arxiv_id
    assert name not in datasets, arxiv_id


def test_a_model_trained_with_an_appositive_of_a_kind_by_others_is_not_the_papers() -> None:
    # made up: "train" without "we" (the subject is others' work)
    text = "Earlier systems train QuxFormer, a large vision model, on web images."
    assert "QuxFormer" not in names_of(text)[0]


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "made"),
    [
        (
            "2507.12903",
            "We also propose two new Federated Learning algorithms, namely Fed-Cyclic and "
            "Fed-Star.",
            ["Fed-Cyclic", "Fed-Star"],
        ),
        (
            "2510.21575",
            "To contribute to this line of research, we introduce SloPragEval and SloPragMega, "
            "the first pragmatics understanding benchmarks for Slovene that contain altogether "
            "405 multiple-choice questions.",
            ["SloPragEval", "SloPragMega"],
        ),
        (
            "2602.06032",
            "To this end, we introduce Splat and Distill, a framework that instills robust 3D "
            "awareness into 2D VFMs by augmenting the teacher model with a fast, feed-forward 3D "
            "reconstruction pipeline.",
            ["Splat and Distill"],
        ),
    ],
)
def test_two_coined_words_joined_by_and_are_two_names_two_plain_words_one(
    arxiv_id: str, sentence: str, made: list[str]
) -> None:
    assert names_of(sentence)[0] == made, arxiv_id
