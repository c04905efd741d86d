"""What is a dataset and what is not, on sentences quoted from arXiv abstracts (ids given).

- A short form the abstract defines by a common noun phrase ("hyperspectral image (HSI)",
  "Parkinson's disease (PD)") names a kind of data, a field or a condition: never one
  dataset, nor whom a number belongs to.
- A dataset with a plus sign inside its name ("NTU RGB+D 120") is one name.
- A metric's name ("macro-F1", "HD95", "DSC"), a company's ("OpenAI") or a language ("the
  Arabic dataset") is no dataset, and a metric's name is what a number measures, not whose
  it is.
- What the paper's work is run on ("our experiments on in-distribution (MMLU)") is a
  dataset, not a name of the paper's own; so is what a score is measured on ("93.3% MOTA on
  WILDTRACK"), not the hardware a speedup is measured on, and an existing benchmark named like
  one ("GenAI-Bench", "AlpacaEval"), with its edition ("SWE-bench Verified"), and what a
  sentence opens on ("On Geometry3K, UEC-RL achieves"), unless a model ("On LLaMA2-7B").
"""

from __future__ import annotations

import pytest

from summarizer.rules import find_candidates

from .support.rule_reads import names_of, planned_metrics, planned_subjects


# Each case: an arXiv id, its words quoted, and every dataset the rules must find there (none
# where every name is a term, a language, a metric or a company).
@pytest.mark.parametrize(
    ("arxiv_id", "text", "datasets"),
    [
        pytest.param(
            "2504.19074",
            "Convolutional neural networks (CNNs) are effective for hyperspectral image (HSI) "
            "classification, but their 3D convolutional structures introduce high computational "
            "costs and limited generalization in few-shot scenarios. Experiments on four "
            "publicly available HSI datasets illustrate that the proposal achieves superior "
            "performance compared to other methods.",
            [],
            id="a kind of image",
        ),
        pytest.param(
            "2512.21861",
            "Diabetic retinopathy (DR) remains a leading cause of preventable blindness, yet "
            "large-scale screening is constrained by limited specialist availability and variable "
            "image quality across devices and populations. Using 11,156 images pooled from five "
            "public datasets (APTOS, EyePACS, IDRiD, Messidor, and ODIR), we frame DR detection "
            "as a binary classification task and compare three pretrained models (ResNet50, "
            "EfficientNet-B0, and DenseNet121) against pairwise and tri-fusion variants. These "
            "findings indicate that lightweight feature fusion can enhance generalization across "
            "heterogeneous datasets, supporting scalable binary DR screening workflows where both "
            "accuracy and throughput are critical.",
            ["APTOS", "EyePACS", "IDRiD", "Messidor", "ODIR"],
            id="a disease beside five named datasets",
        ),
        pytest.param(
            "2505.18722",
            "Speech-based Parkinson's disease (PD) detection has gained attention for its "
            "automated, cost-effective, and non-intrusive nature. As research studies usually rely "
            "on data from diagnostic-oriented speech tasks, this work explores the feasibility of "
            "diagnosing PD on the basis of speech data not originally intended for diagnostic "
            "purposes, using the Turn-Taking (TT) dataset. Our findings indicate that TT can be as "
            "useful as diagnostic-oriented PD datasets like PC-GITA.",
            ["PC-GITA", "TT"],
            id="a disease with a possessive",
        ),
        pytest.param(
            "2505.04088",
            "Thermal infrared (TIR) object tracking often suffers from challenges such as target "
            "occlusion, motion blur, and background clutter, which significantly degrade the "
            "performance of trackers. Extensive experi-ments are conducted on four TIR tracking "
            "benchmarks, including LSOTB-TIR, PTB-TIR, VOT-TIR2015, and VOT-TIR 2017.",
            ["LSOTB-TIR", "PTB-TIR", "VOT-TIR 2017", "VOT-TIR2015"],
            id="a kind of imaging",
        ),
        pytest.param(
            "2503.20685",
            "Accurate segmentation of nodules in both 2D breast ultrasound (BUS) and 3D automated "
            "breast ultrasound (ABUS) is crucial for clinical diagnosis and treatment planning. "
            "Extensively validated on the large in-house BUS and ABUS datasets, our Flip Learning "
            "method outperforms state-of-the-art WSS methods and foundation models, and achieves "
            "comparable performance as fully-supervised learning algorithms.",
            [],
            id="two kinds of scan",
        ),
        pytest.param(
            "2503.14960",
            "Experiments on large-scale benchmarks (NTU RGB+D 60, NTU RGB+D 120, PKU-MMD, and "
            "Northwestern-UCLA) demonstrate that BHaRNet achieves SOTA accuracies -- improving "
            "from 86.4\\% to 93.0\\% in hand-intensive actions -- while maintaining fewer GFLOPs "
            "and parameters than the relevant unified methods.",
            ["NTU RGB+D 120", "NTU RGB+D 60", "Northwestern-UCLA", "PKU-MMD"],
            id="with a number, in parentheses",
        ),
        pytest.param(
            "2504.21266",
            "Extensive experiments demonstrate that CoCoDiff achieves SOTA performance on "
            "skeleton-based action recognition benchmarks, including NTU RGB+D, NTU RGB+D 120 "
            "and Kinetics-Skeleton.",
            ["Kinetics-Skeleton", "NTU RGB+D", "NTU RGB+D 120"],
            id="with and without a number",
        ),
        pytest.param(
            "2505.23012",
            "Experimental evaluations on the NTU RGB+D 60, NTU RGB+D 120, and PKUMMD datasets "
            "in various downstream tasks demonstrate that the proposed STJD-CL and STJD-MP "
            "improved performance, particularly by 3.5 and 3.6 percentage points over the "
            "state-of-the-art contrastive methods on the NTU RGB+D 120 dataset using X-sub and "
            "X-set evaluations, respectively.",
            ["NTU RGB+D 120", "NTU RGB+D 60", "PKUMMD"],
            id="in a list before 'datasets'",
        ),
        pytest.param(
            "2504.09309",
            "We evaluate our method on two benchmark datasets, POSTURE50K and EURLEX57K, using "
            "micro-F1 and macro-F1 scores.",
            ["EURLEX57K", "POSTURE50K"],
            id="an averaged F1",
        ),
        pytest.param(
            "2603.21083",
            "Experiments on the TextBraTS dataset demonstrate consistent improvements across all "
            "sub-regions against state-of-the-art methods by 1.7% and 6% on the main metrics "
            "Dice and HD95.",
            ["TextBraTS"],
            id="a distance's percentile",
        ),
        pytest.param(
            "2503.20794",
            "We systematically assess the performance of three leading API-based "
            "de-identification systems - Azure Health Data Services, AWS Comprehend Medical, "
            "and OpenAI GPT-4o - against our de-identification systems on a ground truth "
            "dataset of 48 clinical documents annotated by medical experts.",
            [],
            id="a company before its model",
        ),
        pytest.param(
            "2507.07539",
            "Notably, our method proved especially robust on the Arabic dataset, likely due to "
            "its resilience to annotation inconsistencies.",
            [],
            id="the Arabic dataset",
        ),
        pytest.param(
            "2510.08813",
            "Mostly evaluated for English, this paper investigates how language structure "
            "affects privacy leakage in LLMs trained on English, Spanish, French, and Italian "
            "medical corpora.",
            [],
            id="languages listed before 'corpora'",
        ),
        pytest.param(
            "2512.24772",
            "Tests on Arabic, Bangla, English, and Spanish datasets show that our approach "
            "consistently beats strong baselines.",
            [],
            id="languages listed before 'datasets'",
        ),
        pytest.param(
            "2606.02303",
            "This study advances the TreeMort-1T-UNet (Tree Mortality 1-Task U-Net) model, "
            "initially trained on Finnish aerial imagery (source domain), by applying knowledge "
            "distillation (KD) to adapt it to various target domains, including Polish, German, "
            "and Estonian datasets representing diverse forest types.",
            [],
            id="countries' data by their languages' names",
        ),
        pytest.param(
            "2510.07953",
            "Extensive experiments demonstrate the effectiveness of the proposed framework, "
            "achieving mean CSI scores of 0.452 on SEVIR, 0.474 on HKO-7, and 0.361 on "
            "MeteoNet, which outperforms existing approaches.",
            ["HKO-7", "MeteoNet", "SEVIR"],
            id="a score, then 'on' and its data",
        ),
        pytest.param(
            "2511.07581",
            "With only 3% of the training data available, our 1.2B model achieves 77.6% success "
            "on SciFact (vs. 72.6% for prior retrievers), 25.2% on BRIGHT (vs. 22.1%), 63.2% on "
            "NFCorpus (vs. 57.8%).",
            ["BRIGHT", "NFCorpus", "SciFact"],
            id="a percent and a word of what it measures, then 'on'",
        ),
        pytest.param(
            "2510.00037",
            "The framework delivers absolute gains over baselines of 12.6% on the pi0 backbone "
            "and 10.4% on the OpenVLA backbone across all 17 perturbations.",
            [],
            id="a score on a model's backbone",
        ),
        pytest.param(
            "2510.16209",
            "This instills our SSM, which we call StretchySnake, with spatio-temporal "
            "flexibility. On short-action (UCF-101, HMDB-51) and long-action (COIN, Breakfast) "
            "benchmarks, StretchySnake outperforms transformer and SSM baselines.",
            ["COIN", "HMDB-51", "UCF-101"],  # "Breakfast", one capitalised word, is no name
            id="lists in parentheses before a data word",
        ),
        pytest.param(
            "2509.25672",
            "On the subset of the BIRD benchmark, SingSQL-LM-3B-R64 reaches 82.87% Soft F1 and "
            "73.03% EX.",
            ["BIRD"],
            id="the clause after an opening phrase's data word",
        ),
        pytest.param(
            "2510.03978",
            "We train BMC-LongCLIP, a long-context biomedical VLM. On two retrieval benchmarks, "
            "BMC-LongCLIP achieves up to 30% absolute gains.",
            [],
            id="a model after 'benchmarks,' and before its verb",
        ),
        pytest.param(
            "made-up",
            "The attack reaches 90% success on GPT-4o and 85% on Llama-3-70B, and runs with a "
            "7.5x speedup on RTX4090.",
            [],
            id="a score on a model line or a sized model, a speed-up on hardware",
        ),
    ],
)
def test_the_datasets_of_arxiv_sentences(arxiv_id: str, text: str, datasets: list[str]) -> None:
    assert sorted(names_of(text)[1]) == datasets, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "dataset"),
    [
        pytest.param(
            "2505.02654",
            "We run experiments both on a novel simulated dataset for fold segmentation, and real "
            "data from the EndoMapper (EM) dataset. All our new generated data and new EM metadata "
            "is being released to facilitate further research, as no public benchmark is "
            "currently available for the task of fold segmentation.",
            "EM",
            id="a proper name as the long form",
        ),
        pytest.param(
            "2511.22521",
            "Document visual question answering (DocVQA) requires models to jointly reason over "
            "textual content and spatial layout. Our student (Gemma-3 12B) achieves 91.4\\% ANLS "
            "and 82.4\\% mAP on DocVQA as a pure VLM requiring no text detection or OCR at "
            "inference.",
            "DocVQA",
            id="a listed dataset named after its task",
        ),
    ],
)
def test_a_dataset_defined_by_a_name_or_listed_stays_one(
    arxiv_id: str, text: str, dataset: str
) -> None:
    assert dataset in names_of(text)[1], arxiv_id


def test_a_term_read_as_data_owns_no_number() -> None:
    # arXiv 2510.24777
    text = (
        "Accurate diagnosis of Alzheimer's disease (AD) is essential for enabling timely "
        "intervention and slowing disease progression. To support this work, we constructed a "
        "synchronized multimodal dataset, including 25 patients with AD and 25 healthy controls "
        "(HC), by recording aligned facial video and eye-tracking sequences during a visual "
        "memory-search paradigm, providing an ecologically valid resource for evaluating "
        "integration strategies."
    )
    assert "AD" not in names_of(text)[1]
    assert "AD" not in planned_subjects(text).values()


@pytest.mark.parametrize(
    ("arxiv_id", "sentence", "value", "metric", "subject"),
    [
        pytest.param(
            "2505.16625",
            "Notably, on the Pancreas dataset, CVBM outperforms fully supervised methods (i.e., "
            "DSC: 84.57% vs. 83.89%) while utilizing only 20% annotations.",
            "84.57%",
            "DSC",
            "CVBM",
            id="Dice's short form",
        ),
        pytest.param(
            "2603.15154",
            "On the validation set covering all four sources, the Stage 1 model achieves the best "
            "macro-F1 of 0.9711, ACC of 0.9712, and AUC of 0.9791.",
            "0.9712",
            "ACC",
            "the Stage 1 model",
            id="accuracy's short form",
        ),
        pytest.param(
            "2512.15171",
            "On an in-house dataset, CMUS-Net achieves an ACC of 95.37+/-2.41%, an AUC of "
            "99.05+/-0.53%, and an F1-score of 95.32+/-2.41%.",
            "95.37",
            "ACC",
            "CMUS-Net",
            id="'an ACC of'",
        ),
    ],
)
def test_a_metrics_short_form_is_what_is_measured_not_whose(
    arxiv_id: str, sentence: str, value: str, metric: str, subject: str
) -> None:
    (found,) = [n for n in find_candidates(sentence).numbers if n.value == value]
    assert (found.metric, found.subject) == (metric, subject), arxiv_id
    assert metric not in names_of(sentence)[1]


# "our method on the X (Y) benchmark": what the paper's work is run on, not its name.
@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2510.04844",
            "Our results on the Dyadic User EngagemenT (DUET) dataset demonstrate that this "
            "method enables scalable, accurate, and human-centered modeling of behavior",
            "DUET",
            id="our results on the X (Y) dataset",
        ),
        pytest.param(
            "2503.23483",
            "Our experiments on in-distribution (MMLU) and out-of-distribution (CSQA, ARC "
            "Challenge) multiple-choice tasks show that SBP fine-tuning significantly improves "
            "accuracy and robustness to answer-order permutations.",
            "MMLU",
            id="our experiments on",
        ),
        pytest.param(
            "2505.02266",
            "We train standard transformers and our architecture on natural language inference "
            "tasks (SNLI and MNLI), and evaluate zero-shot performance on sentence textual "
            "similarity.",
            "SNLI",
            id="our architecture on",
        ),
    ],
)
def test_what_our_work_is_run_on_is_no_name_of_ours(arxiv_id: str, text: str, name: str) -> None:
    introduces, datasets = names_of(text)
    assert name not in introduces, arxiv_id
    assert name in datasets, arxiv_id


# A score on what it is measured on: "94.3% IDF1 and 93.3% MOTA on WILDTRACK"; not a cost on
# the hardware it runs on.
@pytest.mark.parametrize(
    ("arxiv_id", "text", "dataset"),
    [
        pytest.param(
            "2606.13127",
            "MV3DT achieves 94.3% IDF1 and 93.3% MOTA on WILDTRACK, competitive with "
            "state-of-the-art centralized methods",
            "WILDTRACK",
            id="a metric's name",
        ),
        pytest.param(
            "2605.12282",
            "It also achieves 91.43% F1 and 84.21% IoU on LEVIR-CD, and 93.85% F1 and 88.41% "
            "IoU on WHU-CD, demonstrating strong robustness and generalization.",
            "WHU-CD",
            id="two scores on each",
        ),
    ],
)
def test_a_score_on_a_name_is_measured_on_data(arxiv_id: str, text: str, dataset: str) -> None:
    assert dataset in names_of(text)[1], arxiv_id


def test_a_speedup_on_hardware_is_no_score_on_data() -> None:
    # arXiv 2503.18773
    text = (
        "Experiments show that BitDecoding achieves up to 7.5x speedup on RTX 4090, 4.8x on "
        "A100, and 8.9x on H100, compared to FP16 FlashDecoding-v2."
    )
    assert names_of(text)[1] == []


@pytest.mark.parametrize(
    ("arxiv_id", "text", "dataset"),
    [
        pytest.param(
            "2504.10358",
            "Notably, our model surpasses existing methods by a relative margin of $11.8\\%$ on "
            "GenAI-Bench and $5.5\\%$ on MonetBench with only 3.3k training videos, which is at "
            "most one-tenth of the training samples utilized by other methods.",
            "GenAI-Bench",
            id="a hyphen before Bench",
        ),
        pytest.param(
            "2506.09944",
            "On multi-hop reasoning tasks LongMemEval and CLIPPER, this yields over 10% "
            "performance gains over full context and outperforms strong dense retrievers.",
            "LongMemEval",
            id="Eval",
        ),
    ],
)
def test_an_existing_benchmark_named_like_one_is_a_dataset(
    arxiv_id: str, text: str, dataset: str
) -> None:
    assert dataset in names_of(text)[1], arxiv_id


def test_a_benchmark_named_like_one_that_the_paper_makes_is_no_dataset() -> None:
    # made up after the NAS-Bench-201 paper: the wording says the paper makes it
    text = "In this work, we propose QuxNet-Bench, a benchmark for architecture search."
    introduces, datasets = names_of(text)
    assert "QuxNet-Bench" in introduces
    assert datasets == []


@pytest.mark.parametrize(
    ("arxiv_id", "text", "dataset"),
    [
        pytest.param(
            "2508.02085",
            "We evaluate SE-Agent on SWE-bench Verified to resolve real-world GitHub issues.",
            "SWE-bench Verified",
            id="Verified",
        ),
        pytest.param(
            "2505.14467",
            "To show the effectiveness of our method, we evaluated three distinct "
            "instruction-tuned LMs from the Llama, Mistral, and Qwen families on three "
            "benchmarks: MMLU, GPQA Diamond, and BoolQ.",
            "GPQA Diamond",
            id="Diamond",
        ),
    ],
)
def test_a_benchmarks_edition_is_part_of_its_name(arxiv_id: str, text: str, dataset: str) -> None:
    datasets = names_of(text)[1]
    assert dataset in datasets, arxiv_id
    assert dataset.split()[0] not in datasets, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "datasets"),
    [
        pytest.param(
            "2604.14646",
            "On Geometry3K, UEC-RL achieves a 37.9\\% relative improvement over GRPO, indicating "
            "that it sustains effective exploration without compromising convergence.",
            ["Geometry3K"],
            id="one",
        ),
        pytest.param(
            "2605.07933",
            "On OpenWebText and LM1B, LDLM achieves better generation performance than existing "
            "discrete and continuous diffusion language models.",
            ["OpenWebText", "LM1B"],
            id="two",
        ),
        pytest.param(
            "2512.14481",
            "On LLaMA2-7B, it achieves 5.2% lower perplexity than QuaRot",
            [],
            id="a model it opens on",
        ),
    ],
)
def test_what_a_sentence_opens_on_is_a_dataset(
    arxiv_id: str, text: str, datasets: list[str]
) -> None:
    assert names_of(text)[1] == datasets, arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text"),
    [
        pytest.param(
            "2512.03673",
            "Experiments on FLUX.1-dev demonstrate a 2.26$\\times$ speedup and 4.05$\\times$ "
            "memory reduction while maintaining image fidelity.",
            id="a version after a dot",
        ),
        pytest.param(
            "2604.02979",
            "On MAGI-1 and SkyReels-V2, SCOPE achieves up to 4.73x speedup while maintaining "
            "quality comparable to the original output",
            id="video models a sentence opens on",
        ),
    ],
)
def test_an_image_or_video_model_is_no_dataset(arxiv_id: str, text: str) -> None:
    assert names_of(text)[1] == [], arxiv_id


@pytest.mark.parametrize(
    ("arxiv_id", "text", "not_a_dataset"),
    [
        pytest.param(
            "2603.16601",
            "The dataset is publicly available on HuggingFace at "
            "https://huggingface.co/datasets/drelhaj/Tarab.",
            "HuggingFace",
            id="where the dataset is published",
        ),
        pytest.param(
            "2505.14692",
            "Using datasets from GitHub, Stack Overflow, and Jira, we benchmark the models' "
            "capabilities with fine-tuned and default configurations.",
            "GitHub",
            id="where the data is taken from",
        ),
        pytest.param(
            "2508.11737",
            "Beyond aggregate scores, Ovis2.5 achieves leading results on STEM benchmarks, "
            "exhibits strong capabilities on grounding and video tasks, and achieves open-source "
            "SOTA at its scale for complex chart analysis.",
            "STEM",
            id="a field of study",
        ),
        pytest.param(
            "2508.02558",
            "Extensive experiments on LLaDA and Dream series demonstrate Sparse-dLLM achieves up "
            "to 10$\\times$ higher throughput than vanilla dLLMs, with comparable performance and "
            "similar peak memory costs, outperforming previous methods in efficiency and "
            "effectiveness.",
            "LLaDA",
            id="a diffusion language model",
        ),
    ],
)
def test_a_site_a_field_or_a_model_is_no_dataset(
    arxiv_id: str, text: str, not_a_dataset: str
) -> None:
    assert not_a_dataset not in names_of(text)[1], arxiv_id


def test_a_field_read_as_data_owns_no_number() -> None:
    # arXiv 2601.09001: "STEM" is what the benchmarks are about, not who performs
    text = (
        "We evaluate on ten STEM reasoning benchmarks with exhaustive train/test compositions "
        '(k in {1,2,3,4}; all "10 choose k" combinations), across nine LLMs from six families '
        "(3B-20B)."
    )
    assert "STEM" not in planned_subjects(text).values()


@pytest.mark.parametrize(
    ("arxiv_id", "text", "name"),
    [
        pytest.param(
            "2603.24696",
            "To enable this capability, we curate a new large-scale multimodal lunar dataset, "
            "LUCID (LUnar Caption Image Dataset) consisting of 96k high-resolution panchromatic "
            "images paired with detailed captions describing lunar terrain characteristics, and "
            "81k question-answer (QA) pairs derived from approximately 20k images in the LUCID "
            "dataset.",
            "LUCID",
            id="a new dataset, then its name",
        ),
        pytest.param(
            "2509.15587",
            "This paper thereby proposes a new classical logic benchmark DivLogicEval, "
            "consisting of natural sentences composed of diverse statements in a "
            "counterintuitive way.",
            "DivLogicEval",
            id="a new benchmark, then its name",
        ),
        pytest.param(
            "2604.02168",
            "To support training, we construct the first large-scale object reflection dataset "
            "DEROBA.",
            "DEROBA",
            id="the first dataset",
        ),
        pytest.param(
            "2602.21698",
            "We build the first dataset E-comIQ-18k to feature multi dimensional scores and "
            "expert calibrated Chain of Thought (CoT) rationales.",
            "E-comIQ-18k",
            id="the first dataset, a size in the name",
        ),
    ],
)
def test_the_data_the_paper_makes_new_is_introduced_not_used(
    arxiv_id: str, text: str, name: str
) -> None:
    introduces, datasets = names_of(text)
    assert name in introduces, arxiv_id
    assert name not in datasets, arxiv_id


def test_a_dataset_a_new_benchmark_is_based_on_is_not_made_new() -> None:
    # arXiv 2505.07856: the name follows "based on ... dataset", not the new benchmark
    text = (
        "To analyse the models and explain the relationship between inflection and adversarial "
        "robustness, we create a new benchmark based on task-oriented dataset MultiEmo, "
        "enabling the identification of mechanistic inflection-related elements of circuits "
        "within the model and analyse their behaviour under attack."
    )
    assert "MultiEmo" not in names_of(text)[0]


@pytest.mark.parametrize(
    ("arxiv_id", "text", "dataset"),
    [
        pytest.param(
            "2606.24311",
            "On Terminal-Bench 2.0, LemonHarness_GPT-5.3-CodeX reached 84.49% accuracy over 445 "
            "trials; pairing the same framework with the stronger GPT-5.5 backbone raised the "
            "average accuracy to 86.52% across five jobs.",
            "Terminal-Bench 2.0",
            id="a release after a hyphenated name",
        ),
        pytest.param(
            "2606.01561",
            "Empirically, S-SPPO avoids the performance degradation seen in prior methods, "
            "achieving 52.19% win rate and 47.46% length-controlled win rate on AlpacaEval 2.0 "
            "with Llama-3-8B, without using additional human-annotated preferences during "
            "training.",
            "AlpacaEval 2.0",
            id="a release of an evaluation",
        ),
        pytest.param(
            "2504.19982",
            "Through experiments on MultiWOZ 2.4 and {\\tau}-Bench, we demonstrate that TD-EVAL "
            "effectively identifies the conversational errors that conventional metrics miss.",
            "MultiWOZ 2.4",
            id="a minor release",
        ),
    ],
)
def test_a_release_after_a_benchmark_is_part_of_its_name(
    arxiv_id: str, text: str, dataset: str
) -> None:
    assert dataset in names_of(text)[1], arxiv_id


def test_a_score_after_a_benchmark_is_no_release() -> None:
    # arXiv 2601.16596: "MT-Bench score of 8.83", and a release beside it
    text = (
        "Notably, Attention-MoA enables an ensemble of small open-source models to outperform "
        "massive proprietary models like Claude-4.5-Sonnet and GPT-4.1, achieving an MT-Bench "
        "score of 8.83 and an AlpacaEval 2.0 LC Win Rate of 77.36%."
    )
    datasets = names_of(text)[1]
    assert "AlpacaEval 2.0" in datasets
    assert not any(d.startswith("MT-Bench ") for d in datasets)


def test_a_benchmark_spelled_with_its_release_is_no_subject_and_scored_on_whole() -> None:
    # arXiv 2605.05980 and 2602.10604
    text = (
        "In this paper, we introduce TACT (Think-Act Calibration via activation Steering), to "
        "detect and mitigate agent drift in the residual stream before it surfaces as a "
        "behavioral failure. Experiments show that TACT outperforms unsteered baselines across "
        "SWE-bench Verified, Terminal-Bench 2.0, and CLAW-Eval, lifting average resolve rate "
        "by $+5.8$ pp on Qwen3.5-27B and $+4.8$ pp on Gemma-4-26B-A4B-it while cutting "
        "steps-to-resolve by up to $26\\%$."
    )
    subjects = planned_subjects(text)
    assert "Terminal-Bench" not in subjects.values()
    assert "Terminal-Bench 2.0" not in subjects.values()
    score = (
        "Step 3.5 Flash demonstrates strong performance across agent, coding, and math tasks, "
        "achieving 85.4% on IMO-AnswerBench, 86.4% on LiveCodeBench-v6 (2024.08-2025.05), "
        "88.2% on tau2-Bench, 69.0% on BrowseComp (with context management), and 51.0% on "
        "Terminal-Bench 2.0, comparable to frontier models such as GPT-5.2 xHigh and Gemini "
        "3.0 Pro."
    )
    # a score on a benchmark is measured on it, by its whole name (rules.md, "A score on a
    # benchmark")
    assert planned_metrics(score)["51.0%"] == "Terminal-Bench 2.0"


def test_the_long_form_after_a_name_the_paper_makes_is_no_dataset() -> None:
    # arXiv 2603.24696: the short form first, its long form in parentheses
    text = (
        "To enable this capability, we curate a new large-scale multimodal lunar dataset, "
        "LUCID (LUnar Caption Image Dataset) consisting of 96k high-resolution panchromatic "
        "images paired with detailed captions describing lunar terrain characteristics, and "
        "81k question-answer (QA) pairs derived from approximately 20k images in the LUCID "
        "dataset."
    )
    assert names_of(text)[1] == []


def test_the_counts_of_data_the_paper_makes_are_its_short_forms() -> None:
    # arXiv 2505.15367: the long form in parentheses is neither a dataset nor the subject
    text = (
        "We introduce VERI (Visual Emergency Recognition Dataset), a carefully designed "
        "diagnostic benchmark of 200 images (100 contrastive pairs)."
    )
    assert names_of(text)[1] == []
    assert planned_subjects(text)["100"] == "VERI"


@pytest.mark.parametrize(
    ("arxiv_id", "text", "datasets"),
    [
        (
            "2508.17028",
            "Experiments show that our approach achieves new state-of-the-art performances on "
            "standard benchmarks WikiTableQuestions and TabFact.",
            ["WikiTableQuestions", "TabFact"],
        ),
        (
            "2507.20125",
            "To evaluate the advantages of our model, we perform intensive experiments on two "
            "benchmark datasets Plant Village and PlantDoc.",
            ["Plant Village", "PlantDoc"],
        ),
        (
            "2510.23746",
            "We surpass the de-facto state-of-the-art approach DiffMS on two popular benchmarks "
            "NPLIB1 and MassSpecGym by 100% and 20%, respectively.",
            ["NPLIB1", "MassSpecGym"],
        ),
    ],
)
def test_a_list_right_after_the_data_noun_names_the_datasets(
    arxiv_id: str, text: str, datasets: list[str]
) -> None:
    assert set(datasets) <= set(names_of(text)[1]), arxiv_id


def test_a_list_after_the_verb_benchmark_names_models_not_datasets() -> None:
    # arXiv 2508.08224
    text = (
        "We benchmark GPT-5, GPT-5-mini, GPT-5-nano, and GPT-4o-2024-11-20 against standardized "
        "splits of MedQA, MedXpertQA (text and multimodal), MMLU medical subsets, USMLE "
        "self-assessment exams, and VQA-RAD."
    )
    assert not {"GPT-5", "GPT-5-mini", "GPT-5-nano"} & set(names_of(text)[1])


def test_a_list_right_after_the_papers_own_data_noun_is_not_an_existing_dataset() -> None:
    # arXiv 2508.17439
    text = (
        "In this paper, we consider the task of adapting indoor 3D object detectors from one "
        "dataset to another, presenting a comprehensive benchmark with ScanNet, SUN RGB-D and "
        "3D Front datasets, as well as our newly proposed large-scale datasets ProcTHOR-OD and "
        "ProcFront generated by a 3D simulator."
    )
    datasets = names_of(text)[1]
    assert "ScanNet" in datasets
    assert not {"ProcTHOR-OD", "ProcFront"} & set(datasets)


@pytest.mark.parametrize(
    ("arxiv_id", "text", "not_data"),
    [
        (
            "2507.13152",
            "Comprehensive tests illustrated that the SE-VLN achieved navigation success rates of "
            "57% and 35.2% in unseen environments, representing absolute performance improvements "
            "of 23.9% and 15.0% over current state-of-the-art methods on R2R and REVERSE "
            "datasets, respectively. Moreover, the SE-VLN showed performance improvement with "
            "increasing experience repository, elucidating its great potential as a "
            "self-evolving agent framework for VLN.",
            "SE-VLN",
        ),
        (
            "2601.16381",
            "VTFusion significantly advances FSAD performance, achieving image-level AUROCs of "
            "96.8% and 86.2% in the 2-shot scenario on the MVTec AD and VisA datasets, "
            "respectively. Furthermore, VTFusion achieves an AUPRO of 93.5% on a real-world "
            "dataset of industrial automotive plastic parts introduced in this paper.",
            "AUPRO",
        ),
    ],
)
def test_a_list_after_a_data_word_ends_at_its_sentences_full_stop(
    arxiv_id: str, text: str, not_data: str
) -> None:
    datasets = names_of(text)[1]
    assert not_data not in datasets, arxiv_id
    assert len(datasets) == 2, arxiv_id


def test_a_list_after_e_g_keeps_its_items() -> None:
    # arXiv 2601.00536
    text = (
        "Using this schema, we map representative multi-hop QA systems and synthesize reported "
        "ablations and tendencies on standard benchmarks (e.g., HotpotQA, 2WikiMultiHopQA, "
        "MuSiQue), highlighting recurring trade-offs among effectiveness and efficiency."
    )
    assert {"HotpotQA", "2WikiMultiHopQA", "MuSiQue"} <= set(names_of(text)[1])
