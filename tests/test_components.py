"""Named parts of the paper's own method are introduced (summarizer.rules.components, through
classify_names). Sentences of arXiv abstracts (public daily-arXiv-ai-enhanced repository),
verbatim, but for the last case, written for its condition."""

from __future__ import annotations

import pytest

from summarizer.rules import find_candidates, find_numbers
from summarizer.rules.cues import classify_names
from tests.support.arxiv import ARXIV

MODULES = (
    "To address these limitations, we propose STFTrack, an efficient framework for acoustic "
    "object tracking. It includes two novel modules, a multi-view template fusion module (MTFM) "
    "and an optimal trajectory correction module (OTCM)."
)
DATASET = (
    "We introduce AttriGen, a novel framework for automated, fine-grained multi-attribute "
    "annotation in computer vision, with a particular focus on cell microscopy where "
    "multi-attribute classification remains underrepresented compared to traditional cell type "
    "categorization. Using two complementary datasets: the Peripheral Blood Cell (PBC) dataset "
    "containing eight distinct cell types and the WBC Attribute Dataset (WBCAtt) that contains "
    "their corresponding 11 morphological attributes, we propose a dual-model architecture that "
    "combines a CNN for cell type classification, as well as a Vision Transformer (ViT) for "
    "multi-attribute classification achieving a new benchmark of 94.62\\% accuracy."
)
EXAMPLES = (
    "We introduce TPTT (Transforming Pretrained Transformer into Titans), a novel framework for "
    "enhancing pretrained Transformer models with efficient linearized attention mechanisms and "
    "advanced memory management. TPTT employs techniques such as Memory as Gate (MaG) and "
    "mixed linearized attention (LiZA)."
)


def test_the_named_modules_of_the_papers_framework_are_introduced():
    introduces, _, _ = classify_names(MODULES)
    assert introduces == ["STFTrack", "MTFM", "OTCM"]


@pytest.mark.parametrize(
    ("text", "not_introduced"),
    [
        pytest.param(DATASET, "PBC", id="a dataset's short form"),
        pytest.param(EXAMPLES, "MaG", id="an example of others' techniques"),
        pytest.param(
            "Tracking human full-body motion using sparse wearable inertial measurement units "
            "(IMUs) is hard. We estimate full-body poses with the Depth-Guided Attention Module "
            "(DGAM) of earlier work.",
            "DGAM",
            id="written: no name of the paper's own, no part of it either",
        ),
    ],
)
def test_short_forms_that_are_no_part_of_the_papers_method(text, not_introduced):
    introduces, _, _ = classify_names(text)
    assert not_introduced not in introduces


# A name written before another's long form, with an appositive between, is not inside that
# long form (dev gold; arXiv, verbatim).
@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param(
            "We present Physics-Aware Video-to-Audio Synthesis (PAVAS), a method that "
            "incorporates physical reasoning into a latent diffusion-based V2A generation through "
            "the Physics-Driven Audio Adapter (Phy-Adapter). To "
            "assess physical realism, we curate VGG-Impact, a benchmark focusing on "
            "object-object interactions, and introduce Audio-Physics Correlation Coefficient "
            "(APCC), an evaluation metric that measures consistency between physical and "
            "auditory attributes.",
            "VGG-Impact",
            id="dev: a benchmark before a metric's long form",
        ),
        pytest.param(
            "In this paper, we introduce SWE-PRM, an inference-time Process Reward Model (PRM) "
            "that intervenes during execution to detect and course-correct trajectory-level "
            "errors.",
            "SWE-PRM",
            id="arXiv: a name before the long form of its own kind",
        ),
    ],
)
def test_a_name_before_an_appositive_is_not_inside_a_long_form(text, name):
    introduces, _, _ = classify_names(text)
    assert name in introduces


# A part's noun may follow the short form of a titled long form instead of ending it (arXiv
# 2605.19734, 2605.01309 and 2604.27432, verbatim; outside every gold part).
GEOMAMBA = (
    "To address this problem, we propose GeoMamba, a geometry-driven framework tailored for "
    "optical-SAR fine-grained retrieval. Specifically, GeoMamba introduces a Geometric Feature "
    "Injection (GFI) module that enhances cross-modal feature interaction and incorporates "
    "structural priors, thereby improving the robustness of SAR representations and promoting "
    "geometry-consistent feature learning. In addition, a Geometric Consistency Constraint (GCC)"
    " module, together with a Deep Supervision (DS) strategy, imposes hierarchical geometric "
    "constraints using classical operators, which helps preserve informative object structures "
    "during representation learning."
)
CUE = (
    "To address this, we propose CUE, Concept-aware mUlti-label Expansion, which introduces "
    "multi-label concept signals to preserve disrupted inter-class relationships. Specifically, "
    "CUE constructs concept sets by (i) extracting instance-level visual cues from zero-shot "
    "CLIP and (ii) generating class-level semantic cues with LLM; the two cues are incorporated "
    "via separately weighted Binary Logit-Adjustment (BLA) auxiliary losses and jointly "
    "optimized with the baseline Logit-Adjustment (LA) loss."
)
HYDROSLUDGE = (
    "The pressure for Water Resource Recovery Facilities (WRRF) operators to efficiently treat "
    "wastewater is greater than ever because of the water crisis. This paper presents "
    "HydroSludge, a framework that provides a series of tools that simplify the implementation "
    "of the processes and workflows in a WRRF."
)


def test_a_parts_noun_after_the_short_form_makes_it_a_named_part():
    introduces, _, _ = classify_names(GEOMAMBA)
    assert {"GeoMamba", "GFI", "GCC"} <= set(introduces)


@pytest.mark.parametrize(
    ("text", "not_introduced"),
    [
        pytest.param(CUE, "LA", id="the baseline's loss"),
        pytest.param(HYDROSLUDGE, "WRRF", id="operators: people, not a part"),
    ],
)
def test_a_nouns_after_the_short_form_that_make_no_part_of_the_papers(text, not_introduced):
    introduces, _, _ = classify_names(text)
    assert not_introduced not in introduces


TRAITS = ARXIV["2606.11269"]  # outside every gold part


def test_a_named_part_written_more_often_is_no_subject_for_the_whole():
    names = find_candidates(TRAITS, with_numbers=False).names
    introduces, datasets, _ = classify_names(TRAITS, names)
    assert {"Traits Run Deeper", "MFR", "TSMF"} <= set(introduces)
    [number] = [n for n in find_numbers(TRAITS, names, datasets, introduces) if n.value == "25%"]
    assert number.subject == "Traits Run Deeper"
