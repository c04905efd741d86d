"""Names the paper makes, read on arXiv abstracts (public daily-arXiv-ai-enhanced repository),
verbatim: an appositive of several words after the name, and a name written in a URL before
the sentence that presents it."""

from __future__ import annotations

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
