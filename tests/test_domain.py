"""The domain from the abstract's words: whole-word phrases, weak words, application first."""

from __future__ import annotations

import pytest

from summarizer.rules.labels import classify_domain, domain_scores
from summarizer.rules.phrases import PhraseTable
from summarizer.rules.wordlists import table

from .support.arxiv import ARXIV

TABLE = PhraseTable(
    [
        ("cell", "bio"),
        ("robot", "robots"),
        ("policy", "robots"),
        ("diagnos*", "bio"),
        ("vision", "vision"),
        ("vision-language", "both"),
        ("reinforcement learning", "robots"),
        ("reinforcement learning from human feedback", "language"),
    ]
)


@pytest.mark.parametrize(
    "text, found",
    [
        pytest.param("Cellular networks and cellphones.", [], id="no-prefix-match"),
        pytest.param("A cell and two cells.", ["cell", "cell"], id="plural"),
        pytest.param("Two policies, one policy.", ["policy", "policy"], id="y-plural"),
        pytest.param("Diagnostic tools for a diagnosis.", ["diagnos*", "diagnos*"], id="stem"),
        pytest.param("Large vision-language models.", ["vision-language"], id="longest-wins"),
        pytest.param("Vision language models.", ["vision-language"], id="space-for-hyphen"),
        pytest.param("Good vision. Language is hard.", ["vision"], id="not-across-a-stop"),
        pytest.param(
            "Reinforcement learning from human feedback and reinforcement learning.",
            ["reinforcement learning from human feedback", "reinforcement learning"],
            id="longer-phrase-first",
        ),
        pytest.param("ROBOTS", ["robot"], id="any-case"),
    ],
)
def test_phrases_are_found_as_whole_words(text: str, found: list[str]) -> None:
    assert [entry for _, entry in TABLE.find(text)] == found


def test_a_stem_must_be_one_word() -> None:
    with pytest.raises(ValueError, match="stem"):
        PhraseTable([("point clo*", "x")])


def test_the_domain_table_is_well_formed() -> None:
    domains = table("domain_words")
    seen: dict[str, str] = {}
    for domain, spec in domains.items():
        assert spec["weight"] > 0
        for entry in (*spec["words"], *spec.get("weak", ())):
            assert entry == entry.lower()
            assert seen.setdefault(entry, domain) == domain, f"{entry!r} is listed twice"
    PhraseTable((e, d) for d, s in domains.items() for e in s["words"])


@pytest.mark.parametrize(
    "abstract, domain",
    [
        pytest.param(
            "We study the soundness of a program verifier and its objective function under "
            "gradient descent optimization.",
            "general_ml",
            id="soundness-objective-are-not-sound-object",
        ),
        pytest.param(
            "A cellular automaton trained with stochastic gradient optimization.",
            "general_ml",
            id="cellular-is-not-cell",
        ),
        pytest.param(
            "We train a reward model for reinforcement learning from human feedback (RLHF) "
            "so that the policy of a large language model follows human preferences; the "
            "reward model scores each response of the LLM.",
            "natural_language",
            id="rlhf-reward-model",
        ),
        pytest.param(
            "We study the fairness of hardware accelerators for neural network inference. "
            "A scheduling policy controls which agent gets the device, and a planning step "
            "balances the load under a power budget.",
            "general_ml",
            id="policy-agent-control-without-robots",
        ),
        pytest.param(
            "A robot learns a manipulation policy with reinforcement learning; the agent "
            "plans its grasp and the controller tracks the reward.",
            "robotics_rl",
            id="policy-with-robots",
        ),
        pytest.param(
            "Biologically inspired learning rules from the brain for training neural "
            "networks with local gradients.",
            "general_ml",
            id="brain-inspired-is-not-healthcare",
        ),
        pytest.param(
            "We segment tumors in brain MRI of patients for clinical use.",
            "healthcare",
            id="brain-with-patients",
        ),
        pytest.param(
            "We tune prompts and tokens of an image classifier for visual recognition.",
            "computer_vision",
            id="visual-prompt-tuning",
        ),
        pytest.param(
            "A regularizer for neural network optimization. Code at "
            "https://github.com/robot-vision-lab/speech-tools.",
            "general_ml",
            id="url-words-are-no-domain",
        ),
        pytest.param("Nothing about any field at all here.", "other", id="no-domain-word"),
    ],
)
def test_domain(abstract: str, domain: str) -> None:
    assert classify_domain(abstract) == domain


def test_a_repeated_word_adds_less_than_a_new_one() -> None:
    once = domain_scores("An image.")["computer_vision"]
    twice = domain_scores("An image and an image.")["computer_vision"]
    two_words = domain_scores("An image and a video.")["computer_vision"]
    assert once < twice < two_words


def test_a_weak_word_counts_alone_when_no_domain_has_its_own_words() -> None:
    assert classify_domain("We study prompts and their tokens.") == "natural_language"


def test_vision_language_models_by_their_short_name_are_multimodal() -> None:
    # arXiv 2601.22451: "Large Vision Language Models (LVLMs)", image captioning
    assert classify_domain(ARXIV["2601.22451"]) == "multimodal"
