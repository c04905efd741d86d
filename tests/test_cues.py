"""The wording rules that pick new names, datasets, domain, contribution types and tasks."""

from __future__ import annotations

import pytest

from summarizer.rules import (
    NameCall,
    classify_contributions,
    classify_domain,
    classify_names,
    find_candidates,
    find_cue_names,
    find_tasks,
)
from summarizer.rules.cues import classify_name

from .support.rule_reads import names_of


@pytest.mark.parametrize(
    "abstract, new",
    [
        pytest.param(
            "We propose Re-ttention, a sparse attention method.", ["Re-ttention"], id="we-propose"
        ),
        pytest.param(
            "We introduce NATURAL INSTRUCTIONS, a dataset of 61 tasks.",
            ["NATURAL INSTRUCTIONS"],
            id="all-caps-phrase",
        ),
        pytest.param(
            "We propose MOtion-Based Variability Enhancement (MOVE), a paradigm.",
            ["MOVE"],
            id="short-form-preferred",
        ),
        pytest.param(
            "We call this architecture a Pointer Net (Ptr-Net). Ptr-Nets work well.",
            ["Ptr-Net"],
            id="we-call",
        ),
        pytest.param(
            "The proposed method, GenD, fine-tunes only LayerNorm.", ["GenD"], id="proposed-method"
        ),
        pytest.param(
            "Then, a Sample-level Domain-aware Attention (SDA) strategy is presented.",
            ["SDA"],
            id="passive",
        ),
        pytest.param(
            "we introduce VILA^2 (VILA-augmented-VILA), a VLM family.", ["VILA^2"], id="symbol"
        ),
    ],
)
def test_new_names_from_their_cue(abstract, new):
    assert names_of(abstract)[0] == new


def test_existing_models_and_term_acronyms_are_not_new():
    abstract = (
        "Achieving domain generalization (DG) is hard. We propose GridSeg, which outperforms "
        "DeepSeek-R1 and GPT-4V on CIFAR-100."
    )
    introduces, datasets = names_of(abstract)
    assert introduces == ["GridSeg"]
    assert datasets == ["CIFAR-100"]


@pytest.mark.parametrize(
    "abstract, datasets",
    [
        pytest.param(
            "We evaluate on two datasets, EWA-DB, and PC-GITA, in two languages.",
            ["EWA-DB", "PC-GITA"],
            id="listed-after-datasets",
        ),
        pytest.param(
            "It beats the state of the art on periodicity (PERTUBE) and counting (QUVA) "
            "benchmarks.",
            ["PERTUBE", "QUVA"],
            id="parenthesised-benchmarks",
        ),
        pytest.param(
            "Two models are evaluated on the Visual Genome dataset.",
            ["Visual Genome"],
            id="title-case-before-dataset",
        ),
        pytest.param("It gains 5 points of accuracy on AIME.", ["AIME"], id="accuracy-on"),
    ],
)
def test_datasets_from_their_context(abstract, datasets):
    assert names_of(abstract)[1] == datasets


def test_cue_names_take_lower_case_words_only_when_they_are_given_as_a_name():
    assert find_cue_names("We propose a simple method based on pseudo labels.") == []
    assert find_cue_names("We study a simple method named pseudo supervisor.") == []
    assert find_cue_names("We propose a simple method named pseudo supervisor.") == [
        "pseudo supervisor"
    ]


@pytest.mark.parametrize(
    "abstract, domain",
    [
        pytest.param(
            "We segment tumors in brain MRI of patients for clinical use.",
            "healthcare",
            id="medical",
        ),
        pytest.param(
            "A speech recognition model for noisy audio and speaker voices.",
            "speech_audio",
            id="speech",
        ),
        pytest.param(
            "A robot policy learned with reinforcement learning for manipulation.",
            "robotics_rl",
            id="robotics",
        ),
        pytest.param("Node classification on graph data with a GNN.", "graphs", id="graphs"),
        pytest.param("We prove a theorem: a tight bound on the regret.", "ml_theory", id="theory"),
        pytest.param("Nothing about any field at all here.", "other", id="no-cue"),
    ],
)
def test_domain_from_cue_words(abstract, domain):
    assert classify_domain(abstract) == domain


def test_contribution_types():
    benchmark = "We present QuillBench, a benchmark of 1,113 cases. Models score low on it."
    assert classify_contributions(benchmark, ["QuillBench"])[0] == "benchmark"
    survey = (
        "We present a survey and taxonomy of efficient training, and a review of its literature."
    )
    assert classify_contributions(survey, []) == ["survey"]
    method = "We propose GridSeg, a novel method for segmentation."
    assert classify_contributions(method, ["GridSeg"]) == ["method"]


def test_tasks_are_noun_phrases_ending_in_a_task_word():
    abstract = (
        "Accurate glaucoma detection and progression forecasting are hard. We improve "
        "glaucoma detection with semi-supervised learning, including anomaly detection."
    )
    tasks = find_tasks(abstract)
    assert tasks[0] == "glaucoma detection"  # the most frequent first
    assert "progression forecasting" in tasks
    assert all(not t.lower().startswith(("including", "we ")) for t in tasks)


def test_tasks_leave_out_judgements_verbs_and_counts_and_stop_at_four():
    judged = (
        "Models achieve good generalization. We study generalization on 12 segmentation "
        "tasks with an extensive empirical evaluation, the first rigorous learning of it."
    )
    assert find_tasks(judged) == []  # each phrase is a bare head once those words go
    five = (
        "We study image classification, object detection, semantic segmentation, "
        "question answering and text summarization."
    )
    assert find_tasks(five) == [
        "image classification",
        "object detection",
        "semantic segmentation",
        "question answering",
    ]
    assert find_tasks(five, limit=2) == ["image classification", "object detection"]


def test_tasks_keep_compound_adjectives_and_more_task_nouns():
    abstract = (
        "We train object detection models for long-tailed classification with "
        "semi-supervised learning, and study knowledge distillation and linear regression."
    )
    assert find_tasks(abstract) == [
        "object detection",  # not "train object detection"
        "long-tailed classification",
        "semi-supervised learning",
        "knowledge distillation",
    ]
    assert find_tasks("Models often improved classification.") == []  # adverb, verb: no task


def test_task_phrases_are_the_ones_a_full_scan_finds():
    import random

    from summarizer.rules.task_phrases import _TASK_PHRASE, _task_phrases

    from .conftest import SEEDS

    texts = [p for f in sorted(SEEDS.iterdir()) for p in f.read_text().split("\n\n")]
    words = ["image", "classification", "object detection", "-", "'s", ",", "\n", "of", "the"]
    words += ["segmentation-based", "very long-tailed", "Retrieval", "generation.", "a"]
    rng = random.Random(7)
    texts += [" ".join(rng.choice(words) for _ in range(rng.randint(0, 25))) for _ in range(2000)]
    found = 0
    for text in texts:
        full = [(m.span(), m.groups()) for m in _TASK_PHRASE.finditer(text)]
        assert [(m.span(), m.groups()) for m in _task_phrases(text)] == full, repr(text)
        found += len(full)
    assert found > 3000  # phrases were found and compared, not only empty lists


def test_cues_tried_only_where_they_can_open_find_what_a_full_scan_finds():
    # Cues tried only where "we/our/this/I/us" are, or at (or just before) their anchor words.
    import random

    from summarizer.rules.cue_patterns import CUES, who_positions

    from .conftest import SEEDS

    texts = [p for f in sorted(SEEDS.iterdir()) for p in f.read_text().split("\n\n")]
    words = ["We", "we", "propose", "introduce", "a", "novel", "Foo-Net", "(FN)", "our", "us"]
    words += ["to", "This", "paper", "presents", "I", "use", "it", "named", "\n", ",", "Bar"]
    words += ["The", "new", "proposed", "first", "is", "called", "and", "namely", "method"]
    words += ["by", "introducing", "resulting", "contribution", "known", "as", "refer", "An"]
    rng = random.Random(11)
    texts += [" ".join(rng.choice(words) for _ in range(rng.randint(0, 30))) for _ in range(2000)]
    # the seeds' wording with other spacing and case
    texts += [
        t.replace(" ", rng.choice(["  ", "\n", " \u00a0", "\t"]), 40).upper()
        if i % 2
        else t.replace(" ", "  ", 25).lower()
        for i, t in enumerate(texts[:60])
    ]
    texts += ["We introduce \u0130stanbul Net (IN).", "We propo\u017fe thi\u017f paper X (Y)."]
    opening = [c for c in CUES if c.opens_with_who or c.anchors]
    assert len(opening) >= len(CUES) // 2
    found = 0
    for text in texts:
        low = text.lower()
        who = who_positions(text, low)
        for cue in opening:
            full = [m.span() for m in cue.pattern.finditer(text)]
            assert [m.span() for m in cue.matches(text, low, who)] == full, (cue, text)
            found += len(full)
    assert found > 1000  # matches were found and compared, not only empty lists


@pytest.mark.parametrize(
    "abstract, new, data",
    [
        pytest.param(
            "Concept Bottleneck Models (CBMs) explain predictions. Current CBMs need many "
            "samples. We propose Data-efficient CBMs (DCBMs), which need few.",
            ["DCBMs"],
            [],
            id="background-name-inside-the-new-one",
        ),
        pytest.param(
            "This paper considers a novel application of deep AUC maximization (DAM) to bags. "
            "We propose a provable multi-instance DAM (MIDAM) algorithm that beats DAM.",
            ["MIDAM"],
            [],
            id="novel-application-is-not-a-new-name",
        ),
        pytest.param(
            'We present a novel algorithm named "Ghost Batch Normalization" for large batches.',
            ["Ghost Batch Normalization"],
            [],
            id="quoted-name-whole",
        ),
        pytest.param(
            "In this paper, we introduce a novel approach Customized Polytropon C-Poly that "
            "mixes skills.",
            ["C-Poly"],
            [],
            id="own-abbreviation-last",
        ),
        pytest.param(
            "Prior work links linear self-attention (LSA) to descent. We introduce yq-LSA, a "
            "simple generalization of LSA.",
            ["yq-LSA"],
            [],
            id="term-acronym-of-hyphenated-words",
        ),
        pytest.param(
            "Policies trained on datasets such as Open X-Embodiment (OXE) generalize. We "
            "study how such data are mixed.",
            [],
            ["OXE"],
            id="dataset-short-form",
        ),
        pytest.param(
            "We train CLIP on MSCOCO/Conceptual Captions and test on shifted ImageNets and "
            "Kinetics600 clips.",
            [],
            ["MSCOCO", "ImageNets", "Kinetics600", "Conceptual Captions"],
            id="known-datasets-variants-and-phrases",
        ),
        pytest.param(
            "We report competitive accuracy against ImageNet-based baselines on ImageNet-A.",
            [],
            ["ImageNet-A"],
            id="adjective-is-not-a-name",
        ),
        pytest.param(
            "Ranking is hard. Our method, Sparse Pairwise Ranking (SPaR), learns pairs. "
            "SPaR is a simple method with a novel loss.",
            ["SPaR"],
            [],
            id="our-method-appositive-not-background",
        ),
        pytest.param(
            "Routing helps. Experiments show that our shared model with gated routing (GSR) "
            "generalizes across sites.",
            ["GSR"],
            [],
            id="our-phrase-then-short-form",
        ),
        pytest.param(
            "Parsing is brittle. We propose an alternative structured task, Span Role "
            "Linking (SRL2), where spans are given. SRL2 models transfer well.",
            ["SRL2"],
            [],
            id="we-propose-a-task-appositive",
        ),
        pytest.param(
            "Starting from a recent vision architecture called ViTok, we show that merging "
            "helps. Our tokenizer, dubbed ViTok with Adaptive Merging (ViTok-AM), is faster.",
            ["ViTok-AM"],
            [],
            id="earlier-work-called-and-long-dubbed-name",
        ),
        pytest.param(
            "We study tuning. Our proposed method Sparse Token Aware Routing (STAR) is fast. "
            "We show that our STAR is a new state of the art.",
            ["STAR"],
            [],
            id="our-proposed-method-is-own-work",
        ),
        pytest.param(
            "This study evaluates GPT-4V on shifts. Our findings delineate GPT-4V's limits, "
            "and GPT-4V fails often.",
            [],
            [],
            id="our-findings-about-a-model-are-not-a-new-name",
        ),
        pytest.param(
            "Further, we propose a practical approach called Unified Embedding with three "
            "benefits.",
            ["Unified Embedding"],
            [],
            id="called-multiword-name",
        ),
        pytest.param(
            "We propose a novel behavioral cloning (BC) approach with transformers. We present "
            "BC agents that generalize.",
            [],
            [],
            id="term-acronym-after-we-propose",
        ),
        pytest.param(
            "We introduce a discrete key-value bottleneck (DKVB) for language models. We "
            "evaluate our DKVB in four scenarios.",
            ["DKVB"],
            [],
            id="our-term-acronym-is-a-name",
        ),
        pytest.param(
            "We study memory with two new datasets, where advanced models like GPT-3.5-turbo "
            "struggle.",
            [],
            [],
            id="models-after-a-dataset-word-are-not-datasets",
        ),
        pytest.param(
            "Results on the closed-loop DRIVESIM and Bench2Drive benchmarks improve.",
            [],
            ["DRIVESIM", "Bench2Drive"],
            id="coordinated-benchmarks",
        ),
        pytest.param(
            "We train ResNet18 on CIFAR10, STL10, CINIC10 and Tiny-ImageNet.",
            [],
            ["CIFAR10", "STL10", "CINIC10", "Tiny-ImageNet"],
            id="list-with-known-datasets",
        ),
        pytest.param(
            "Recent benchmarks like ReaSCAN test grounding. We present a model that beats "
            "others on ReaSCAN, a new state of the art.",
            [],
            ["ReaSCAN"],
            id="background-dataset-is-still-a-dataset",
        ),
        pytest.param(
            "Why do networks trained with gradient descent (GD) generalize on real datasets? "
            "We propose a new metric that explains how GD behaves.",
            [],
            [],
            id="background-term-is-not-a-dataset",
        ),
        pytest.param(
            "This work introduces a simple yet effective framework, Feature Mixing Lines, "
            "where one space serves many features.",
            ["Feature Mixing Lines"],
            [],
            id="multiword-name-after-we-introduce-a-framework",
        ),
        pytest.param(
            "Finally, we design a simpler grounded task, RefIt, to probe transformers.",
            ["RefIt"],
            [],
            id="name-after-we-design-a-task",
        ),
        pytest.param(
            "Our analysis reveals a new Memory Scaling Law that guides allocation.",
            ["Memory Scaling Law"],
            [],
            id="title-case-name-after-a-new",
        ),
        pytest.param(
            "We develop a novel semi-supervised learning (SSL) model called pseudo teacher to "
            "use unlabeled data.",
            ["pseudo teacher"],
            [],
            id="lower-case-name-after-a-new-model-called",
        ),
        pytest.param(
            "We call for better tests. The loss, called for by many, is a new model of old.",
            [],
            [],
            id="called-without-a-new-artifact-takes-no-lower-case-name",
        ),
        pytest.param(
            "We introduce Clip3D-2M, the first large video dataset, and train Clip3D, a "
            "generative model for assets.",
            ["Clip3D-2M", "Clip3D"],
            [],
            id="we-train-x-a-model",
        ),
        pytest.param(
            "It extends the IB framework by introducing a Local Agreement loss derived from a "
            "bound.",
            ["Local Agreement"],
            [],
            id="introducing-a-named-loss",
        ),
        pytest.param(
            "With our Concept Grid Search algorithm we improve CLIP without training.",
            ["Concept Grid Search"],
            [],
            id="our-title-case-name-algorithm",
        ),
        pytest.param(
            "We fine-tune our Transformer model and our BERT encoder on the task.",
            [],
            [],
            id="our-single-word-model-is-not-named-new",
        ),
        pytest.param(
            "Experimental results on V2A/A2V models such as SoundGen show gains on AudioSet.",
            [],
            ["AudioSet"],
            id="names-followed-by-models-are-not-datasets",
        ),
        pytest.param(
            "Concept Bottleneck Models (CBMs) need dense concept annotations. In this work, we "
            "address these limitations of CBMs by introducing Post-hoc Concept Bottleneck models "
            "(PCBMs). We show that any network can become a PCBM.",
            ["PCBMs"],
            [],
            id="by-introducing-a-name-and-its-short-form",
        ),
        pytest.param(
            "Multimodal models are brittle. Inspired by the information bottleneck (IB) "
            "principle, we derive a variational bound and devise a practical implementation, "
            "Visual Instruction Bottleneck Tuning (Vittle). We then justify Vittle theoretically.",
            ["Vittle"],
            [],
            id="and-devise-an-implementation-comma-name",
        ),
        pytest.param(
            "Existing techniques are modality-specific. In contrast, we target a versatile "
            "Modality-Agnostic Debiasing (MAD) framework for single-DG. Technically, MAD "
            "introduces a novel two-branch classifier. Our MAD is pluggable into most models.",
            ["MAD"],
            [],
            id="defined-in-a-we-sentence-is-not-background",
        ),
        pytest.param(
            "I present Graph-based Symbolically Synthesized Neural Networks (G-SSNNs), a class "
            "of neural modules. By training G-SSNNs, we learn program semantics.",
            ["G-SSNNs"],
            [],
            id="a-single-author-presents",
        ),
        pytest.param(
            "We design lightweight heads. Our models surpass state-of-the-art CNNs and ViTs "
            "regarding the accuracy-throughput trade-off on ImageNet-1K and deliver strong "
            "results on downstream tasks, such as COCO object instance segmentation, ADE20k "
            "semantic segmentation, and fine-grained visual classification datasets.",
            [],
            ["ImageNet-1K", "COCO", "ADE20k"],
            id="plural-model-families-are-not-datasets",
        ),
        pytest.param(
            "Dense models are costly. We propose to scale up mixture-of-experts (MoE) vision "
            "transformers, and we introduce the Sparse Feature Filtering Module (SFFM).",
            ["SFFM"],
            [],
            id="well-known-techniques-are-not-new",
        ),
        pytest.param(
            "Multitask models share little. We propose building on You Only Learn One "
            "Representation (YOLOR), a network architecture designed for multitasking.",
            [],
            [],
            id="building-on-a-name-is-not-proposing-it",
        ),
        pytest.param(
            "Robustness under shift is hard. We evaluate on six datasets from the Wilds "
            "benchmark. Benchmark results show gains.",
            [],
            ["Wilds"],
            id="one-word-name-before-benchmark-after-a-lower-case-word",
        ),
        pytest.param(
            "This analysis guides us to propose a novel DG model built upon vision "
            "transformers, namely Generalizable Mixture-of-Experts (GMoE). We evaluate on two "
            "datasets, namely CIFAR-10 and SVHN.",
            ["GMoE"],
            ["CIFAR-10", "SVHN"],
            id="namely-after-a-new-thing-names-it",
        ),
        pytest.param(
            "Neural networks and decision trees differ. We unite the two via adaptive neural "
            "trees (ANTs), a model that routes inputs through learned edges.",
            ["ANTs"],
            [],
            id="acronym-of-lower-case-words-then-a-model-that",
        ),
        pytest.param(
            "Safe exploration is hard. We propose a new algorithm - Projection Based Policy "
            "Optimization (PCPO), an iterative method for constrained policies.",
            ["PCPO"],
            [],
            id="a-new-algorithm-dash-name",
        ),
        pytest.param(
            "Consistency methods overfit. We propose to train them with Stochastic Weight "
            "Averaging (SWA), a recent approach which averages weights along the trajectory.",
            [],
            [],
            id="a-recent-approach-is-earlier-work",
        ),
        pytest.param(
            "Inference is slow. We introduce a new inference framework: Divide, Conquer, and "
            "Combine (DCC). We apply multi-task learning on MNIST-like datasets.",
            ["DCC"],
            [],
            id="a-list-of-words-is-not-the-name-and-x-like-is-not-a-dataset",
        ),
        pytest.param(
            "Sequences differ across environments. To learn robust descriptions we introduce "
            "disentangled state space models (DSSM). We also propose a novel behavioral cloning "
            "(BC) approach.",
            ["DSSM"],
            [],
            id="short-form-that-ends-the-object-names-it-one-before-a-noun-does-not",
        ),
        pytest.param(
            "Algorithms change their inputs. We introduce the term self-induced distributional "
            "shift (SIDS) to describe this. Our framework achieves state-of-the-art results on "
            "the CoNLL cross-lingual NER benchmark, even using RGB only without fine-tuning with "
            "other video datasets.",
            [],
            ["CoNLL"],
            id="a-term-is-not-an-artifact-rgb-and-ner-are-not-datasets",
        ),
        pytest.param(
            "Detectors misjudge samples near the boundary. Our method raises the AUROC of prior "
            "work in DenseNet on the CIFAR-100 and Tiny-ImageNet datasets, and of VGG-16 and an "
            "LSTM on the SVHN dataset.",
            [],
            ["CIFAR-100", "Tiny-ImageNet", "SVHN"],
            id="model-families-are-not-datasets",
        ),
        pytest.param(
            "Attacks target the top label. Two methods are presented. We extend the vanilla "
            "Carlini-Wagner method.",
            [],
            [],
            id="a-number-word-is-not-a-name",
        ),
        pytest.param(
            "We study the Cross-Entropy Method (CEM) for non-convex optimization and introduce "
            "a differentiable variant (DCEM). Our method, which we call soft Q imitation "
            "learning (SQIL), is simple. Our proposed variational discriminator bottleneck "
            "(VDB) leads to gains. We propose the use of Optimistic Mirror Descent (OMD).",
            ["VDB", "DCEM", "SQIL"],
            [],
            id="and-introduce-we-call-our-proposed-short-forms-not-the-use-of",
        ),
        pytest.param(
            "We propose Cooperative Training (CoT) for discrete data. We also propose a novel "
            "memory architecture, the Neural Bloom Filter, which is compressive.",
            ["CoT", "Neural Bloom Filter"],
            [],
            id="an-ambiguous-short-form-and-an-appositive-with-an-article",
        ),
        pytest.param(
            "Learning is slow. We introduce the \u201cinverse square root linear unit\u201d "
            "(ISRLU) to speed up learning in deep neural networks.",
            ["ISRLU"],
            [],
            id="a-quoted-long-form",
        ),
        pytest.param(
            "Forgetting hurts. Third, we propose an improved version of GEM (Lopez-Paz & "
            "Ranzato, 2017), dubbed Averaged GEM (A-GEM), which performs as well as GEM.",
            ["A-GEM"],
            [],
            id="a-cited-name-is-earlier-work-and-the-short-form-of-a-longer-name-is-kept",
        ),
        pytest.param(
            "Traces help. These pairs, which we refer to as Recall Traces, are sampled. We "
            "refer to the architecture as transformer VAE (trVAE). We call the more general "
            "learning framework ReNeg, since it learns from negatives.",
            ["Recall Traces", "trVAE", "ReNeg"],
            [],
            id="refer-to-as-and-we-call-with-a-longer-object",
        ),
        pytest.param(
            "Networks work. We extend them to what we call Gaussian prototypical networks. "
            "Our approach, which we call Janossy pooling, is general. The second loss, which "
            "we dub ICNN loss is new.",
            ["ICNN"],
            [],
            id="a-naming-word-gives-no-first-word-of-a-longer-lower-case-name",
        ),
        pytest.param(
            "Estimation is hard. The resulting algorithm, GenDICE, is effective. The proposed "
            "architecture, the Gated Transformer-XL (GTrXL), surpasses LSTMs. We show how a "
            "recently proposed recurrent architecture, the Linear Memory Network, behaves.",
            ["GenDICE", "GTrXL"],
            [],
            id="the-resulting-or-proposed-artifact-then-its-name-not-a-recently-proposed-one",
        ),
        pytest.param(
            "Search is costly. We address it by proposing LEMONADE, an evolutionary algorithm. "
            "The proposed stackable recurrent (STAR) cell allows deeper networks.",
            ["LEMONADE", "STAR"],
            [],
            id="by-proposing-a-name-and-the-short-form-of-the-proposed-thing",
        ),
        pytest.param(
            "Graphs matter. We use these innovations to construct the directional message "
            "passing neural network (DimeNet). Then we propose a general-to-detailed neural "
            "network(GDNN) for parsing. This guides us to propose a novel DG model.",
            ["DimeNet", "GDNN"],
            [],
            id="we-use-x-to-construct-and-a-short-form-touching-its-long-form",
        ),
        pytest.param(
            "Networks grow. We present a novel neural network operator, chopout, with which "
            "networks are trained. We propose a new representation, one-pixel signature, that "
            "reveals trojans. We present a novel approach, namely simulate-analyze-reduce, "
            "for design. We propose a novel framework, based on attention, that helps.",
            ["simulate-analyze-reduce", "chopout", "one-pixel signature"],
            [],
            id="a-name-between-commas-after-a-new-artifact-even-lower-case",
        ),
        pytest.param(
            "Forgetting is studied. We obtain state-of-the-art performance on MNIST and "
            "Fashion MNIST datasets.",
            [],
            ["MNIST", "Fashion MNIST"],
            id="a-dataset-also-written-alone-beside-a-longer-one-is-kept",
        ),
        pytest.param(
            "Graphs are common. Evaluations on four benchmark datasets (including Cora, "
            "Citeseer, Pubmed and NELL) show gains. Dialogue models trained on three dialogue "
            "data-sets: Ubuntu, Switchboard and OpenSubtitles, improve.",
            [],
            ["Cora", "Citeseer", "Pubmed", "NELL", "Ubuntu", "Switchboard", "OpenSubtitles"],
            id="plain-capitalized-words-in-a-list-of-datasets",
        ),
        pytest.param(
            "Imitation is noisy. We propose a new IL paradigm called Variational Imitation "
            "Learning with Diverse-quality demonstrations (VILD), where we model noise. We "
            "propose two methods, namely Nesterov Iterative Fast Gradient Sign Method (NI-FGSM) "
            "and Scale-Invariant attack Method (SIM).",
            ["VILD", "NI-FGSM", "SIM"],
            [],
            id="a-long-name-after-a-naming-word-and-the-second-of-two-short-forms",
        ),
        pytest.param(
            "Models are large. We propose a simple alternative: the Plug and Play Language "
            "Model (PPLM) for control. We propose vq-wav2vec to learn units. Our main "
            "contribution is Secret, a novel approach to transfer.",
            ["PPLM", "vq-wav2vec", "Secret"],
            [],
            id="an-alternative-a-lower-case-name-with-a-digit-and-our-main-contribution",
        ),
        pytest.param(
            "Speech is noisy. The proposed method improves several metrics, namely PESQ, CSIG "
            "and CBAK. We study a formulation of synthesis called syntax-guided synthesis "
            "(SyGuS). It is based on a sparsity-enhanced topic model named Sparse Topical Coding "
            "(STC).",
            [],
            [],
            id="measured-metrics-studied-problems-and-what-a-method-is-based-on-are-not-new",
        ),
        pytest.param(
            "Extrapolation is risky. We present local ensembles, a method for detecting it. We "
            "propose the fusion discriminator, a single unified framework. This paper we present "
            "a defogger, a model that predicts.",
            ["local ensembles", "fusion discriminator"],
            [],
            id="a-lower-case-name-then-its-kind-and-an-article-only-before-two-words",
        ),
        pytest.param(
            "Generators are many. The resulting Noise Prior GAN (NPGAN) achieves flexibility. "
            "We introduce the deep ensemble equivalent (DEE) and show that it holds. The traces "
            "of the resulting policies satisfy a Linear Temporal Logic (LTL) property.",
            ["DEE", "NPGAN"],
            [],
            id="the-resulting-x-acr-and-a-short-form-before-and",
        ),
        pytest.param(
            "Agents act. We experiment on four OpenAI Gym environments and DeepMind Lab, and "
            "on the Omniglot and miniImageNet benchmarks.",
            [],
            ["OpenAI Gym", "DeepMind Lab", "Omniglot", "miniImageNet"],
            id="environments-and-classic-benchmarks-are-known-datasets",
        ),
        pytest.param(
            "Generative models differ. This metric, which we call mini-batch energy distance, "
            "combines ideas. We introduce a technique called neuron editing that learns. We "
            "refer to this mutual learning process as feature intertwiner and embed it. It "
            "has a property which we call coherence.",
            ["mini-batch energy distance", "neuron editing", "feature intertwiner"],
            [],
            id="lower-case-names-given-to-an-artifact-not-to-a-property",
        ),
        pytest.param(
            "Labels are many. Recently, a novel approach called MACH (Merged Average "
            "Classifiers via Hashing) was proposed. Matrix-variate RBMs, named MvRBM and "
            "TvRBM, have been proposed too.",
            [],
            [],
            id="a-name-the-sentence-says-was-proposed-is-earlier-work",
        ),
        pytest.param(
            "Flows are hard to model. We propose a latent spatial-temporal origin-destination "
            "(LSTOD) model, with a novel filter. We propose a novel behavioral cloning (BC) "
            "approach. We introduce the term self-induced distributional shift (SIDS) here.",
            ["LSTOD"],
            [],
            id="a-long-short-form-of-lower-case-words-is-new-a-short-one-or-a-term-is-not",
        ),
        pytest.param(
            "Translation is studied. On the WMT'14 English-German test set we gain 1 BLEU, and on "
            "IWSLT 2014  German to English and IWSLT 2015 English-Vietnamese too. We also use "
            "the English-French language pair of the Europarl and Multi30k datasets.",
            [],
            [
                "WMT'14 English-German",
                "IWSLT 2014 German to English",
                "IWSLT 2015 English-Vietnamese",
                "Europarl",
                "Multi30k",
            ],
            id="a-dataset-with-its-year-and-language-pair-and-no-bare-language-pair",
        ),
        pytest.param(
            "Speech is hard. Our experiments were performed on Switchboard, LibriSpeech and "
            "Wall Street Journal. On the challenging Spider dataset we gain. We evaluate on "
            "MNIST, ImageNet and Google Cloud Vision API.",
            [],
            ["Switchboard", "LibriSpeech", "Wall Street Journal", "Spider", "MNIST", "ImageNet"],
            id="a-list-after-on-with-a-known-dataset-and-one-name-after-challenging",
        ),
        pytest.param(
            "Energy matters. We propose a CNN for dynamic routing, called the EnergyNet, that "
            "adapts. We predict views with a network called the Deep 3D-Zoom Net. When noise is "
            "introduced, it works. A reparameterization technique is presented.",
            ["EnergyNet", "Deep 3D-Zoom Net"],
            [],
            id="no-article-before-a-name-after-called-and-no-sentence-initial-word",
        ),
        pytest.param(
            "Flows are good. We propose Flow++, a new flow-based model. We improve MAML, which "
            "we call MAML++.",
            ["Flow++", "MAML++"],
            [],
            id="a-name-ending-in-plus-signs",
        ),
        pytest.param(
            "Robustness matters. We propose a novel Contrastive Variational Information "
            "Bottleneck framework (called CVIB) to reduce it. To this end, we introduce "
            "Compositional-ARC-a dataset designed to test models.",
            ["Compositional-ARC", "CVIB"],
            [],
            id="a-short-form-after-called-in-parentheses-and-a-lost-dash",
        ),
        pytest.param(
            "Shifts hurt. MoDify consists of two novel designs. The first is MoDify-based Data "
            "Augmentation which shuffles colors. We also add a new type of layers known as "
            "Concept Bottleneck Layers, trained jointly.",
            ["MoDify-based Data Augmentation", "Concept Bottleneck Layers"],
            [],
            id="the-first-is-x-after-a-novel-design-and-a-new-kind-known-as-x",
        ),
        pytest.param(
            "Two methods exist for this. The first is BERT-Lite, which encodes text. The second "
            "is GPT-Neo, which decodes.",
            [],
            [],
            id="the-first-is-x-without-anything-new-is-not-new",
        ),
        pytest.param(
            "Forgetting is studied. We evaluate on the Permuted MNIST and Split MNIST "
            "benchmarks, and on the Omniglot and CIFAR datasets.",
            [],
            ["Permuted MNIST", "Split MNIST", "Omniglot", "CIFAR"],
            id="members-of-a-list-before-a-dataset-word",
        ),
        pytest.param(
            "Offsets matter. Instead, we propose to use mixture density networks (MDN) for "
            "regression. This inspires us to propose the Max-Mahalanobis center (MMC) loss.",
            ["MMC"],
            [],
            id="propose-to-use-is-not-new-and-a-capitalized-start-gives-way-to-the-short-form",
        ),
        pytest.param(
            "Bias matters. In terms of inductive bias, MNIST < CIFAR10 < Imagenet. We test on "
            "Omniglot, on Atari games and in Habitat. The Kinetics Scaling Law and Math "
            "reasoning remain. Omniglot-like tasks are easy. Reddit users post.",
            [],
            ["MNIST", "CIFAR10", "Imagenet", "Omniglot", "Atari", "Habitat"],
            id="a-listed-dataset-written-as-one-capitalized-word-not-one-that-is-also-a-word",
        ),
        pytest.param(
            "Bias hurts. We propose a method that clusters examples early in training. We "
            "show empirically that USEFUL effectively improves generalization over SGD.",
            ["USEFUL"],
            [],
            id="the-subject-of-improves-names-a-method-the-paper-made-without-a-name",
        ),
        pytest.param(
            "Features matter. We introduce the concept of local rank as a measure of "
            "dimensionality. We formalize the notion of iterative refinement. We introduce the "
            "concept of modifying the cell state, and the concept of a neuro-AI interface.",
            ["local rank"],
            [],
            id="a-concept-the-paper-introduces-not-one-it-formalizes-nor-an-action",
        ),
        pytest.param(
            "Transfer is hard. Consider a classification task, e.g., ImageNet-1K (IN1K). "
            "Supervised models lag behind on IN1K.",
            [],
            ["IN1K"],
            id="a-dataset-is-given-by-its-short-form-as-a-name-is",
        ),
        pytest.param(
            "Bias hurts, and ZETA improves accuracy only a little. We propose a method that "
            "clusters examples. USEFUL is compared with it.",
            [],
            [],
            id="not-a-name-given-before-the-unnamed-method-nor-one-that-does-nothing",
        ),
    ],
)
def test_names_from_wording(abstract: str, new: list[str], data: list[str]) -> None:
    introduces, datasets = names_of(abstract)
    assert introduces == new
    assert sorted(datasets) == sorted(data)


def _cue_params():
    from summarizer.rules.cue_patterns import CUES

    return [pytest.param(cue, id=cue.name) for cue in CUES]


@pytest.mark.parametrize("cue", _cue_params())
def test_every_cue_gives_the_names_of_its_example(cue) -> None:
    from summarizer.rules.cue_names import names_of_cue

    assert names_of_cue(cue, cue.example) == list(cue.expect)
    # and the whole table keeps them, in that order
    found = find_cue_names(cue.example)
    assert [n for n in found if n in cue.expect] == list(cue.expect)


def test_cues_have_distinct_names_and_examples() -> None:
    from summarizer.rules.cue_patterns import CUES

    assert len({c.name for c in CUES}) == len(CUES)
    assert len({c.example for c in CUES}) == len(CUES)
    assert all(c.expect for c in CUES)


def test_the_making_cue_reads_its_verbs_and_no_others() -> None:
    from summarizer.rules.cue_names import names_of_cue
    from summarizer.rules.cue_patterns import CUES

    cue = next(c for c in CUES if c.name == "we-propose")
    assert cue.opens_with_who and "propose" in cue.needs
    assert names_of_cue(cue, "In this paper, we design GridNet, a model.") == ["GridNet"]
    assert names_of_cue(cue, "In this paper, we use GridNet, a model.") == []


def _families():
    from summarizer.rules import cue_words as w

    return {
        name: getattr(w, name)
        for name in [
            "MAKE", "MAKE_AFTER_WHO", "MAKE_BARE", "MAKE_DONE", "MAKE_IN_WINDOW", "NAME",
            "NAMED", "NAMED_IN_WINDOW", "OWN_NOUNS", "ARTIFACT_NOUNS", "SET_OFF_NOUNS",
            "NOT_ARTIFACT", "LEAD_WORDS", "NEW_WORDS",
        ]
    }  # fmt: skip


@pytest.mark.parametrize("family", sorted(_families()))
def test_word_families_read_the_same_in_any_order(family: str) -> None:
    # A word that starts another comes after it ("denoted as" before "denoted"), and no
    # other word starts another: the order of a family never changes what it matches.
    words = _families()[family]
    assert len(set(words)) == len(words)
    for i, word in enumerate(words):
        for later in words[i + 1 :]:
            assert not later.startswith(word), (word, later)
    for word in words:
        starts = [w for w in words if w != word and w.startswith(word)]
        assert all(w.startswith(word + " ") for w in starts), (word, starts)


def test_the_verb_families_are_one_list_with_named_differences() -> None:
    from summarizer.rules import cue_words as w

    assert w.MAKE == ("propose", "introduce", "present", "develop", "design")
    assert w.MAKE_AFTER_WHO[: len(w.MAKE)] == w.MAKE
    assert w.MAKE_BARE == (*w.MAKE, "devise")
    assert w.MAKE_DONE == ("proposed", "introduced", "presented", "developed")
    assert set(w.MAKE_AFTER_WHO) | set(w.MAKE_BARE) <= set(w.MAKE_IN_WINDOW)
    assert "put forward" in w.MAKE_IN_WINDOW
    assert w.ARTIFACT_NOUNS[: len(w.OWN_NOUNS)] == w.OWN_NOUNS


@pytest.mark.parametrize(
    "verb, pattern",
    [
        ("propose", "propose[sd]?"),
        ("present", "present(?:s|ed)?"),
        ("create", "created?"),  # "creates" is left out
        ("build", "build"),  # "builds", "built" are left out
    ],
)
def test_the_forms_a_making_cue_takes(verb: str, pattern: str) -> None:
    from summarizer.rules.cue_words import tensed

    assert tensed(verb) == pattern


def test_the_making_cue_reads_every_form_but_the_ones_left_out() -> None:
    assert find_cue_names("This paper presents GridNet, a model.") == ["GridNet"]
    assert find_cue_names("We presented GridNet, a model.") == ["GridNet"]
    assert find_cue_names("We created GridNet, a model.") == ["GridNet"]
    assert find_cue_names("We built GridNet, a model.") == []


def test_word_lists_are_plain_words_and_differences_name_real_words() -> None:
    from summarizer.rules.cue_words import MAKE, either, without

    assert either(["a", "b-c", "d e"]) == "a|b-c|d e"
    with pytest.raises(ValueError, match="plain word"):
        either(["denoted(?: as)?"])
    assert without(MAKE, "design") == ("propose", "introduce", "present", "develop")
    with pytest.raises(ValueError, match="not in"):
        without(MAKE, "desing")


def test_every_kind_of_evidence_in_the_weights_table_is_weighed() -> None:
    import inspect
    import re

    from summarizer.rules import cues

    used = set(re.findall(r'tally\.add\("(\w+)"\)', inspect.getsource(cues)))
    assert used == set(cues.EVIDENCE)
    assert {e.side for e in cues.EVIDENCE.values()} == {"new", "existing", "data"}


def test_a_call_gives_the_reasons_of_its_evidence_in_order() -> None:
    abstract = "We propose a model named GridNet. GridNet is fast."
    _, _, calls = classify_names(abstract, ["GridNet"])
    assert calls == [
        NameCall("GridNet", "introduces", "written right after 'we propose/introduce' or 'named'")
    ]
    call = classify_name(
        "BoltNet", "Our BoltNet, a new model, beats CNNs. BoltNet is fast.", ["BoltNet"]
    )
    assert call == NameCall("BoltNet", "introduces", "our, X, a new")


def test_a_side_of_evidence_is_checked_when_the_table_is_read() -> None:
    from summarizer.rules.cues import Evidence

    with pytest.raises(ValueError, match="new, existing, data"):
        Evidence(side="nwe", points=1, reason="")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        pytest.param(
            "We propose \\emph{Fortified Networks}, a simple transformation of existing "
            "networks, which fortifies the hidden layers in a deep network.",
            ["Fortified Networks"],
            id="SkgVRiC9Km: the name inside the emphasis",
        ),
        pytest.param(
            "In this paper we propose  \\textit{Parallel Adaptive GAN Data Augmentation}"
            "(PAGANDA), where the training set adaptively enriches itself.",
            ["PAGANDA"],
            id="S1xKEqrs3E: the short form after the emphasis",
        ),
        pytest.param(
            "In doing so we introduce \\textit{Siamese Capsule Networks}, a new variant that "
            "can be used for pairwise learning tasks.",
            ["Siamese Capsule Networks"],
            id="H1xylj04_V",
        ),
        pytest.param(
            "We propose a novel algorithm called  \\textit{Online Output Kernel Learning "
            "Algorithm} (OOKLA) for lifelong learning.",
            ["OOKLA"],
            id="scitldr train: the emphasis after a naming word",
        ),
        pytest.param(
            "In this paper, we propose the \\emph{Mover's Weighted Sum} for documents.",
            [],
            id="made-up: a name that goes on past the words the cue reads is not cut",
        ),
    ],
)
def test_a_name_in_latex_emphasis(text: str, names: list[str]) -> None:
    assert find_cue_names(text) == names


@pytest.mark.parametrize(
    ("text", "dataset"),
    [
        pytest.param(
            "On the Winograd Schema Challenge (Levesque et al., 2011), language models are 11% "
            "higher in accuracy than previous state-of-the-art supervised methods.",
            "Winograd Schema Challenge",
            id="rkgfWh0qKX: the name's last word says it is data",
        ),
        pytest.param(
            "These representations, learned in an unsupervised manner, achieve state of the "
            "art on the binary subset of the Stanford Sentiment Treebank.",
            "Stanford Sentiment Treebank",
            id="SJ71VXZAZ",
        ),
        pytest.param(
            "On the Stanford Question Answering Dataset, our model achieves state of the art "
            "results with 75.1% exact match accuracy and 83.1% F1.",
            "Stanford Question Answering Dataset",
            id="H1meywxRW: not cut before its capitalized data word",
        ),
        pytest.param(
            "We achieve the best results on the Visual Genome Dataset and on COCO.",
            "Visual Genome Dataset",
            id="made-up: a known dataset written only inside the longer name gives that name",
        ),
    ],
)
def test_a_dataset_named_by_its_last_word(text: str, dataset: str) -> None:
    datasets = names_of(text)[1]
    assert dataset in datasets
    assert not any(d != dataset and d in dataset for d in datasets)


def test_a_data_word_inside_a_longer_name_names_no_dataset() -> None:
    """HkGsHj05tQ: "Virtual Dataset Normalization (VDN)" is a method, BJlA6eBtvH: "Vision
    Datasets Mixture benchmarks" a list member."""
    for text in (
        "The latter is “Virtual Dataset Normalization (VDN)” that generates a batch.",
        "We evaluate our approach on the Permuted MNIST, Split MNIST and Vision Datasets "
        "Mixture benchmarks.",
    ):
        names = find_candidates(text, with_numbers=False).names
        assert "Virtual Dataset" not in names and "Vision Datasets" not in names


@pytest.mark.parametrize(
    ("text", "dataset"),
    [
        pytest.param(
            "The adapter reduces modality gaps. Experiments on Occ3D-nuScenes show that AGO "
            "improves unknown object prediction.",
            "Occ3D-nuScenes",
            id="arXiv:2504.10117: 'Experiments on X' opens its sentence",
        ),
        pytest.param(
            "We provide insights on why this works. Experiments on CIFAR show that unrolling a "
            "convolutional layer several steps can improve the performance.",
            "CIFAR",
            id="H1fKsUQKjm",
        ),
        pytest.param(
            "Extensive experimental results demonstrate that GasEraser is effective across "
            "several leading open-source LMMs on the GaslightingBench.",
            "GaslightingBench",
            id="arXiv:2504.09456: one token that ends in its data word",
        ),
    ],
)
def test_a_dataset_by_its_setting_or_its_suffix(text: str, dataset: str) -> None:
    assert dataset in names_of(text)[1]


@pytest.mark.parametrize(
    "text, not_data",
    [
        pytest.param(
            "We experimentally evaluate our approach against state-of-the-art baselines on 4 "
            "datasets, and obtain significant gains of up to 12% in NDCG.",
            "NDCG",
            id="scitldr train: a metric after 'in'",
        ),
        pytest.param(
            "The models trained from such datasets suffer from inconsistent classification "
            "accuracy, which limits the applicability of face analytic systems to non-White "
            "race groups.",
            "non-White",
            id="scitldr train: a group after 'to'",
        ),
        pytest.param(
            "Replacing the pooling function in existing set encoders with FSPool improves "
            "accuracy and convergence speed on a variety of datasets.",
            "FSPool",
            id="scitldr train: a method after 'with'",
        ),
        pytest.param(
            "Fine-grained Entity Recognition (FgER) is the task of detecting and classifying "
            "entity mentions to a large set of types. We create two datasets, one suitable for "
            "building FgER systems recognizing up to 118 entity types.",
            "FgER",
            id="scitldr train: a task's short form listed after 'datasets,'",
        ),
        pytest.param(
            "Real-world Relation Extraction (RE) tasks are challenging to deal with, either due "
            "to limited training data or class imbalance issues. Experiments on RE show gains "
            "of 3%.",
            "RE",
            id="made-up: 'experiments on' a task's short form",
        ),
        pytest.param(
            "We also reach the state-of-art performance on WMT 2014 English to French "
            "translation dataset, with a BLEU score of 43.2.",
            "BLEU",
            id="scitldr train: a metric listed after 'dataset,'",
        ),
        pytest.param(
            "It outperforms the best representation by 0.093 in CIFAR-10 and 0.361 in CURE-TSR "
            "datasets in terms of AUROC averaged over all classes.",
            "AUROC",
            id="scitldr train: a metric in a sentence about datasets",
        ),
        pytest.param(
            "We implement this framework on a proprietary autonomous driving dataset supporting "
            "cameras and LiDAR sensors.",
            "LiDAR",
            id="arXiv: a sensor",
        ),
        pytest.param(
            "Extensive experiments on abdominal MRI and CT datasets demonstrate significant "
            "improvements.",
            "CT",
            id="arXiv (dev): an imaging modality",
        ),
        pytest.param(
            "Applied to MATH and GSM8K, our approach produces 39K problems with labeled "
            "intermediate steps and a 6.1K-problem benchmark of higher difficulty.",
            "1K-problem",
            id="arXiv (dev): a count after a number's decimal point",
        ),
    ],
)
def test_what_is_no_dataset(text: str, not_data: str) -> None:
    assert not_data not in names_of(text)[1]


def test_a_dataset_of_a_list_of_names_holds_each_of_them() -> None:
    text = (
        "The experimental results show that this approach achieves competitive performance on "
        "a combined dataset of MultiWOZ (Budzianowski et al., 2018), In-Car Assistant (Eric et "
        "al.,2017), and Persona-Chat (Zhang et al., 2018)."
    )
    datasets = names_of(text)[1]
    assert "MultiWOZ" in datasets
    assert "Persona-Chat" in datasets


def test_the_short_form_of_a_corpus_stays_a_dataset() -> None:
    text = "We report perplexity on the Penn Treebank (PTB) and on WikiText-2, with 2% gains."
    assert "PTB" in names_of(text)[1]


@pytest.mark.parametrize(
    "text, piece, whole, field",
    [
        pytest.param(
            "In this paper, we will introduce a new representation learning model, namely "
            "\u201cSample-Ensemble Genetic Evolutionary Network\u201d (SEGEN), which can serve as "
            "an alternative approach to deep learning models.",
            "Sample-Ensemble",
            "SEGEN",
            0,
            id="scitldr train: a coined name's piece",
        ),
        pytest.param(
            "Therefore, we propose a novel Prototype-Assisted Adversarial Learning (PAAL) "
            "scheme, which incorporates instance probabilistic predictions and class "
            "prototypes together. With these novelties, we constitute a Prototype-Assisted "
            "Conditional Domain Adaptation (PACDA) framework which well tackles the class "
            "mismatch problem.",
            "Prototype-Assisted",
            "PAAL",
            0,
            id="scitldr train: a piece of two long forms",
        ),
        pytest.param(
            "We train a V1Net model to perform boundary detection on natural images from the "
            "Berkeley Segmentation Dataset 500 (BSDS500).",
            "Berkeley Segmentation Dataset",
            "BSDS500",
            1,
            id="scitldr train: a dataset's piece",
        ),
    ],
)
def test_a_piece_of_a_long_form_stands_for_its_short_form(
    text: str, piece: str, whole: str, field: int
) -> None:
    found = names_of(text)[field]
    assert piece not in found
    assert whole in found


def test_a_piece_of_a_tasks_long_form_is_no_dataset() -> None:
    text = (  # a SciTLDR train sentence
        "(1) we introduce a multitask navigation model that can be seamlessly trained on both "
        "Vision-Language Navigation (VLN) and Navigation from Dialog History (NDH) tasks, which "
        "benefits from richer natural language guidance and effectively transfers knowledge "
        "across tasks; (2) we propose to learn environment-agnostic representations for "
        "navigation policy that are invariant among environments."
    )
    datasets = names_of(text)[1]
    assert "Vision-Language" not in datasets and "VLN" not in datasets


def test_a_name_the_paper_introduces_is_not_also_a_dataset() -> None:
    text = (  # SciTLDR train HJgVisRqtX, from its fourth sentence
        "In this paper, we will introduce a new representation learning model, namely "
        "\u201cSample-Ensemble Genetic Evolutionary Network\u201d (SEGEN), which can serve as an "
        "alternative approach to deep learning models. Instead of building one single deep "
        "model, based on a set of sampled sub-instances, SEGEN adopts a genetic-evolutionary "
        "learning strategy to build a group of unit models generations by generations. The "
        "unit models incorporated in SEGEN can be either traditional machine learning models or "
        "the recent deep learning models with a much \u201cnarrower\u201d and "
        "\u201cshallower\u201d architecture. The learning results of each instance at the final "
        "generation will be effectively combined from each unit model via diffusive "
        "propagation and ensemble learning strategies. From the computational perspective, "
        "SEGEN requires far less data, fewer computational resources and parameter tuning "
        "efforts, but has sound theoretic interpretability of the learning process and "
        "results. Extensive experiments have been done on several different real-world "
        "benchmark datasets, and the experimental results obtained by SEGEN have demonstrated "
        "its advantages over the state-of-the-art representation learning models."
    )
    introduces, datasets = names_of(text)[:2]
    assert "SEGEN" in introduces and "SEGEN" not in datasets


@pytest.mark.parametrize(
    "text, introduced, not_introduced",
    [
        pytest.param(
            "In this paper, we propose a simple but effective and practical LLM-generated text "
            "detection method, VaryBalance. The core of VaryBalance is that, compared to "
            "LLM-generated texts, there is a greater difference between human texts and their "
            "rewritten version via LLMs.",
            "VaryBalance",
            "LLM-generated",
            id="arXiv (dev): ten words before the method's noun, an adjective among them",
        ),
        pytest.param(
            "To address these limitations, we introduce MambaControl, a novel framework that "
            "integrates selective state-space modelling with diffusion processes. Furthermore, "
            "we introduce Fourier-enhanced spectral graph representations to capture spatial "
            "coherence and multiscale detail.",
            "MambaControl",
            "Fourier-enhanced",
            id="arXiv: '-enhanced' makes an adjective",
        ),
        pytest.param(
            "To address the issue of CF in a general-purpose PEFT framework, we propose "
            "\\textbf{Lo}w-damage \\textbf{K}nowledge \\textbf{I}mplanting (\\textbf{LoKI}), a "
            "PEFT technique that is based on a mechanistic understanding of how knowledge is "
            "stored in transformer architectures. In two real-world scenarios, LoKI demonstrates "
            "task-specific performance that is comparable to or even surpasses that of full "
            "fine-tuning and LoRA-based methods across various model types.",
            "LoKI",
            "Lo",
            id="arXiv: a word's first letters set in bold",
        ),
        pytest.param(
            "In this paper, we observe that optical flows offer a promising alternative in "
            "complex motion modeling, and present FlowV2V to re-investigate video editing as a "
            "task of flow-driven Image-to-Video (I2V) generation. We also analyze the label noise "
            "present in crowd-sourced evaluations and propose a Bayesian method to aggregate "
            "multiple ratings.",
            "FlowV2V",
            "Bayesian",
            id="arXiv: 'we ..., and present X', not a word before a noun",
        ),
        pytest.param(
            "Specifically, a Conditional Generative Adversarial Network on Three Orthogonal "
            "Planes (cGAN-TOP) is designed to effectively remove the noise in the point clouds. "
            "Several strategies to approximate the evidence lower bound (ELBO) computation are "
            "introduced.",
            "cGAN-TOP",
            "ELBO",
            id="arXiv: a short form the paper makes, not one its strategies are about",
        ),
    ],
)
def test_what_the_paper_introduces_and_what_it_does_not(
    text: str, introduced: str, not_introduced: str
) -> None:
    introduces = names_of(text)[0]
    assert introduced in introduces and not_introduced not in introduces


@pytest.mark.parametrize(
    ("text", "names"),
    [
        pytest.param(
            "To address these constraints, we propose a framework (dubbed as CoCo4D) for "
            "generating detailed dynamic 4D scenes from text prompts.",
            ["CoCo4D"],
            id="arXiv: dubbed as X",
        ),
        pytest.param(
            "Extensive experiments demonstrate its effectiveness and efficiency. More results "
            "are presented on our website.",
            [],
            id="arXiv: a sentence's first word before 'are presented' is no name",
        ),
        pytest.param(
            "Various methods are proposed to solve it. Some heuristics are introduced as well.",
            [],
            id="made-up: one capitalised word before 'are proposed'",
        ),
        pytest.param(
            "Then, a Sample-level Domain-aware Attention (SDAT) strategy is presented.",
            ["SDAT"],
            id="made-up: a short form before 'is presented' stays",
        ),
        pytest.param(
            "In this paper, Deformable Window Attention is proposed for dense prediction.",
            ["Deformable Window Attention"],
            id="made-up: capitalised words before 'is proposed' stay",
        ),
        pytest.param(
            "We introduce Seedream 4.0, an efficient and high-performance multimodal image "
            "generation system.",
            ["Seedream 4.0"],
            id="arXiv: a made name's version without a v",
        ),
        pytest.param(
            "We present OpenThaiGPT 1.6 and R1 (OTG-1.6 and OTG-R1), Thai-centric Large "
            "Language Models.",
            ["OpenThaiGPT"],
            id="arXiv 2504.01789: a version before 'and' is left as before",
        ),
    ],
)
def test_cue_names_on_real_phrasings(text: str, names: list[str]) -> None:
    assert find_cue_names(text) == names
