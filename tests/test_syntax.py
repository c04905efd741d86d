"""A number's metric and subject by the sentence's grammar, on sentences of real abstracts.

Each sentence is quoted from a SciTLDR train abstract (Apache-2.0; its ``paper_id`` in the
test id), none of them in a gold part; the made-up ones say so. The expected answers follow
the annotation guide.
"""

from __future__ import annotations

import pytest

from summarizer.rules import find_numbers
from summarizer.rules.cue_names import find_cue_names
from summarizer.rules.made import coined_names, contribution_of
from summarizer.rules.syntax import metric_of, subject_of


def _at(sentence: str, value: str) -> tuple[int, int]:
    start = sentence.index(value)
    return start, start + len(value)


@pytest.mark.parametrize(
    ("sentence", "value", "metric"),
    [
        pytest.param(
            "Our experiments demonstrate that the proposed attack improves identification "
            "accuracy over the existing work by about $75\\%$ for reconstructing face images.",
            "75\\%",
            "identification accuracy",
            id="ByevJerKwS: what the verb that 'by' hangs on changes",
        ),
        pytest.param(
            "Meanwhile, DyNet further accelerates the inference speed of MobileNetV2 (1.0), "
            "ResNet18 and ResNet50 by 1.87x,1.32x and 1.48x on CPU platform respectively.",
            "1.87x",
            "inference speed",
            id="SyeZIkrKwS: the object, not the names after its 'of'",
        ),
        pytest.param(
            "Moreover, our method is ideal for distributed learning as it reduces the "
            "communication costs significantly (e.g., by ~32).",
            "32",
            "communication costs",
            id="ryKRRsm0Z: an adverb and an aside between",
        ),
        pytest.param(
            "Compared with the reference network, the number of parameters is reduced by 42%, "
            "and the matching accuracy is improved by 1.9%.",
            "1.9%",
            "matching accuracy",
            id="made-up: passive, the subject is what is changed",
        ),
        pytest.param(
            "Without multi-task learning, the recognition accuracies for MNIST, NotMNIST and "
            "FashionMNIST are 99.56\\%, 97.22\\% and 94.32\\% respectively.",
            "94.32\\%",
            "recognition accuracies",
            id="S1PWi_lC- (SciTLDR dev): the last of a list measures what the first does",
        ),
        pytest.param(
            "The resulting model has a footprint of under 7MB on disk.",
            "7MB",
            "footprint",
            id="made-up: the noun the 'of' hangs on",
        ),
        pytest.param(
            "Our method compresses the teacher model by more than 60x.",
            "60x",
            "teacher model",
            id="made-up: 'by more than'",
        ),
        pytest.param(
            "The agents consistently keep their error rates below 0.05 in every market.",
            "0.05",
            "error rates",
            id="made-up: what the verb keeps below the number",
        ),
        pytest.param(
            "Using only BigGAN images, we find that Top-1 and Top-5 error increased by 120% "
            "and 384%, respectively.",
            "120%",
            "error",
            id="SciTLDR train (a dev record): with no object, what the verb's subject is changes",
        ),
        pytest.param(
            "Our method improves by 5% on three benchmarks.",
            "5%",
            None,
            id="made-up: who improves is not what is improved",
        ),
        pytest.param(
            "FooNet outperforms BarNet by 5% on three benchmarks.",
            "5%",
            None,
            id="made-up: the name compared with is no metric",
        ),
    ],
)
def test_metric_by_grammar(sentence: str, value: str, metric: str | None) -> None:
    assert metric_of(sentence, *_at(sentence, value), names={"FooNet", "BarNet"}) == metric


@pytest.mark.parametrize(
    ("sentence", "value", "subject"),
    [
        pytest.param(
            "In comparison, professional lipreaders achieve either 86.4% or 92.9% WER on the "
            "same dataset when having access to additional types of contextual information.",
            "92.9%",
            "professional lipreaders",
            id="HJxpDiC5tX: who achieves",
        ),
        pytest.param(
            "On the smallNORB benchmark, capsules reduce the number of test errors by 45\\% "
            "compared to the state-of-the-art.",
            "45\\%",
            "capsules",
            id="HJWLfGWRb: a plural noun alone",
        ),
        pytest.param(
            "We achieve 85% accuracy on the held-out split.",
            "85%",
            None,
            id="made-up: a pronoun performs nothing",
        ),
        pytest.param(
            "Our method achieves 85% accuracy on the held-out split.",
            "85%",
            "Our method",
            id="made-up: the paper's own unnamed method, where it has no name",
        ),
        pytest.param(
            "This relation holds for 30% of the pairs.",
            "30%",
            None,
            id="made-up: the paper's own that is no method",
        ),
        pytest.param(
            "Over 40 real-world trials, the system achieved a 72.5% success rate.",
            "40",
            None,
            id="made-up: the number's own phrase is no performer",
        ),
        pytest.param(
            "The experiments show a gain of 4.2% for every dataset.",
            "4.2%",
            None,
            id="made-up: a noun of what is done is no performer",
        ),
    ],
)
def test_subject_by_grammar(sentence: str, value: str, subject: str | None) -> None:
    assert subject_of(sentence, *_at(sentence, value)) == subject


def test_a_dataset_is_no_subject_by_grammar() -> None:
    sentence = "SQuADv2 shows a 3.1% drop for every model."
    assert subject_of(sentence, *_at(sentence, "3.1%"), not_subjects=["SQuADv2"]) is None
    assert subject_of(sentence, *_at(sentence, "3.1%")) == "SQuADv2"


def test_the_value_before_a_change_keeps_no_subject() -> None:
    """BJIgi_eCZ: "from x to y", x is the setting before the change, not FusionNet's."""
    text = (
        "On AddSent, FusionNet increases the best F1 metric from 46.6% to 51.4%; on "
        "AddOneSent, FusionNet boosts the best F1 metric from 56.0% to 60.7%."
    )
    found = {n.value: n.subject for n in find_numbers(text, ["FusionNet", "AddSent"], ["AddSent"])}
    assert found["46.6%"] is None and found["56.0%"] is None
    assert found["51.4%"] == found["60.7%"] == "FusionNet"


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        pytest.param(
            "Our dynamics model is able to successfully predict distributions over 132 sensor "
            "readings over 100 steps into the future.",
            "Our dynamics model",
            id="SciTLDR train (a dev record): a count its clause's performer owns",
        ),
        pytest.param(
            "We evaluate the approach on 14 benchmark datasets spanning three domains.",
            None,
            id="made-up: 'we' owns no count, and no method is made for it to fall back on",
        ),
    ],
)
def test_a_count_gets_the_performer_its_clause_names(text: str, subject: str | None) -> None:
    (count, *_) = find_numbers(text, [], [])
    assert count.subject == subject


def test_grammar_fills_only_what_the_wording_rules_leave() -> None:
    """A metric the wording rules find stays theirs; the grammar fills the one they leave."""
    text = "FooNet reaches 81.2% top-1 accuracy and improves the robustness of BarNet by 7.5%."
    found = {n.value: n.metric for n in find_numbers(text, ["FooNet", "BarNet"], [], ["FooNet"])}
    assert found == {"81.2%": "top-1 accuracy", "7.5%": "robustness"}


@pytest.mark.parametrize(
    ("text", "names", "own", "value", "subject"),
    [
        pytest.param(
            "Meanwhile, DyNet further accelerates the inference speed of MobileNetV2 (1.0), "
            "ResNet18 and ResNet50 by 1.87x,1.32x and 1.48x on CPU platform respectively.",
            ["DyNet", "MobileNetV2", "ResNet18", "ResNet50"],
            ["DyNet"],
            "1.87x",
            "DyNet",
            id="SyeZIkrKwS: the names after 'of' are whose speed, not who speeds it up",
        ),
        pytest.param(
            "Experiments show that TensorBLEU provides speedups of over 13x on consumer-grade "
            "GPUs (NVIDIA T4) and exceeding 40x on data-center-class hardware (NVIDIA A100).",
            ["TensorBLEU", "NVIDIA", "T4", "A100"],
            ["TensorBLEU"],
            "40x",
            "TensorBLEU",
            id="dev 054997dc0247faeb: hardware in an aside of the setting",
        ),
        pytest.param(
            "Notably, our best muLO matches or exceeds the performance of VeLO, the largest "
            "publicly available learned optimizer, meta-trained with 4000 TPU-months of compute.",
            ["muLO", "VeLO"],
            ["muLO"],
            "4000 TPU-months",
            "VeLO",
            id="dev 054997dc0247faeb, shortened: the number hangs on the name's own phrase",
        ),
    ],
)
def test_a_name_in_a_phrase_of_setting_is_no_subject(
    text: str, names: list[str], own: list[str], value: str, subject: str
) -> None:
    found = {n.value: n.subject for n in find_numbers(text, names, [], own)}
    assert found[value] == subject


@pytest.mark.parametrize(
    ("sentence", "made"),
    [
        pytest.param(
            "In this work we propose a novel pruning technique that eliminates entire filters "
            "and neurons according to their relative L1-norm.",
            "pruning technique",
            id="S1MdLyrYom: what says it is new says nothing of what it is",
        ),
        pytest.param(
            "We propose a soft quantization approach to train DNNs that can be evaluated "
            "using pure fixed-point arithmetic.",
            "soft quantization approach",
            id="rJgKzlSKPH",
        ),
        pytest.param(
            "To address this challenge, we have developed an integrated platform for automated "
            "animal training, and an iterative decision-inference model that is able to infer "
            "the momentary decision-making policy.",
            "iterative decision-inference model",
            id="made-up after a dev record: a method before a system",
        ),
        pytest.param(
            "We accomplish this by developing sparse momentum, an algorithm which uses "
            "exponentially smoothed gradients to identify layers and weights.",
            "sparse momentum",
            id="SciTLDR train (a dev record): called a method by its appositive, under 'by'",
        ),
        pytest.param(
            "Based on this analysis, we propose to use a simple post-averaging technique to "
            "smooth out these high frequency components.",
            "post-averaging technique",
            id="SciTLDR train (a dev record): the object of 'propose to use'",
        ),
        pytest.param(
            "We present extensive empirical evidence that the effect holds.",
            None,
            id="made-up: evidence is no method",
        ),
        pytest.param(
            "We propose a new framework for it.",
            None,
            id="made-up: a bare kind of thing names nothing",
        ),
    ],
)
def test_what_the_paper_makes(sentence: str, made: str | None) -> None:
    assert contribution_of(sentence) == made


def test_a_score_with_no_name_belongs_to_what_the_paper_makes() -> None:
    """rJgKzlSKPH: no name of the paper's own, "we" achieves: the approach it proposes."""
    text = (
        "We propose a soft quantization approach to train DNNs that can be evaluated using "
        "pure fixed-point arithmetic. We achieve new state of the art performance using 4-bit "
        "fixed-point models with an error rate of 4.98% on CIFAR-10."
    )
    found = {n.value: n.subject for n in find_numbers(text, ["CIFAR-10"], ["CIFAR-10"])}
    assert found["4.98%"] == "soft quantization approach"


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "Our results show that for CIFAR100 dataset trained on VGG16 network, RACs can "
            "detect 46% of the misclassified examples along with 12% reduction in energy.",
            "46%",
            "misclassified examples",
            id="BJgedkStDS: the phrase ends where its noun phrase does",
        ),
        pytest.param(
            "When tested on a set of 42 Atari games, our algorithm exceeds the performance of "
            "an average human on 40 games using a common set of hyper parameters.",
            "40",
            "games",
            id="BkfPnoActQ: a verb after the noun is no part of it",
        ),
        pytest.param(
            "An auxiliary temporal consistency loss allows us to train stably using a discount "
            "factor of 0.999 (instead of 0.99) extending the effective planning horizon.",
            "0.999",
            "discount factor",
            id="BkfPnoActQ: a verb right after is no metric; the grammar gives one",
        ),
        pytest.param(
            "For CIFAR-10 and models requiring less than 10 MB of parameter memory, we achieve "
            "an error rate of 3.9%.",
            "10 MB",
            "parameter memory",
            id="SciTLDR train (a dev record): an amount of what its unit measures",
        ),
        pytest.param(
            "Our method can attain over 45% end-to-end latency reduction on an H100 GPU.",
            "45%",
            "end-to-end latency reduction",
            id="made-up: a hyphenated word is one word of the phrase",
        ),
    ],
)
def test_a_metric_after_the_number_is_a_noun_phrase(text: str, value: str, metric: str) -> None:
    found = {n.value: n.metric for n in find_numbers(text, ["RACs", "VGG16", "H100"], [])}
    assert found[value] == metric


def test_a_dataset_family_written_alone_is_no_subject() -> None:
    """A dev record (SciTLDR train): "CIFAR" (of CIFAR-10 and CIFAR-100) is no performer."""
    text = (
        "For CIFAR-10, CIFAR-100 and ImageNet, we achieve error rates of 3.9%, 18.5% and "
        "26.0% respectively. The gap to full precision is within about 1% on CIFAR."
    )
    names = ["CIFAR-10", "CIFAR-100", "ImageNet", "CIFAR"]
    found = {n.value: n.subject for n in find_numbers(text, names, names[:3])}
    assert "CIFAR" not in found.values()


@pytest.mark.parametrize(
    ("text", "values"),
    [
        pytest.param(
            "We analyze a variant of OSG and establish $O(\\epsilon^{-4})$ complexity for "
            "finding a first-order stationary point, and reach $75\\%$ accuracy.",
            ["75\\%"],
            id="SciTLDR dev (after 'OSG'): a formula's numbers are no results",
        ),
        pytest.param(
            "The sample complexity is bounded by "
            "$\\tilde{O}(\\frac{SA}{\\epsilon^2(1-\\gamma)^7})$, with a mean error of "
            "$25.72^\\circ$ and a speedup of $3.28$x.",
            ["25.72^\\circ", "3.28"],  # the degrees are its unit, as the guide keeps units
            id="made-up: a number alone in math is one",
        ),
    ],
)
def test_numbers_in_latex_math(text: str, values: list[str]) -> None:
    assert [n.value for n in find_numbers(text, [], [])] == values


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        pytest.param(
            "This paper proposes variational domain adaptation, a unified, scalable, simple "
            "framework for learning multiple distributions through variational inference.",
            ["variational domain adaptation"],
            id="ByeLmn0qtX: a lower-case name the appositive calls a framework",
        ),
        pytest.param(
            "We accomplish this by developing sparse momentum, an algorithm which uses "
            "exponentially smoothed gradients (momentum) to identify layers and weights.",
            ["sparse momentum"],
            id="ByeSYa4KPS: 'by developing', the authors' verb further up",
        ),
        pytest.param(
            "We propose three simple and scalable methods to analyze the variance of output "
            "from a trained network under tolerable perturbations: infer-transformation, "
            "infer-noise, and infer-dropout.",
            ["infer-transformation", "infer-noise", "infer-dropout"],
            id="Sye9lyHKwB: the names an appositive gives to the kinds made",
        ),
        pytest.param(
            "Towards the sample-efficient RL, we propose ranking policy gradient (RPG), a "
            "policy gradient method that learns the optimal rank of a set of discrete actions.",
            ["RPG"],
            id="rJld3hEYvS: the short form after the name",
        ),
        pytest.param(
            "We introduce Droplet3D-4M, the first large-scale video dataset with multi-view "
            "level annotations, and train Droplet3D, a generative model supporting both image "
            "and dense text input.",
            ["Droplet3D-4M", "Droplet3D"],
            id="seed 000#3: whole written words, no lower-case word before a name",
        ),
        pytest.param(
            "Specifically, based on the answer candidates generated from the existing "
            "state-of-the-art QA model, we propose two different re-ranking methods, "
            "strength-based and coverage-based re-rankers, which make use of the evidence.",
            [],
            id="rJl3yM-Ab: a plural common noun is a kind, not a name",
        ),
        pytest.param(
            "We propose a simple method, a variant of dropout that keeps the mean.",
            [],
            id="made-up: a determined noun is no name",
        ),
        pytest.param(
            "We use ResNet-50, a deep residual network, as the backbone.",
            [],
            id="made-up: using is not making",
        ),
    ],
)
def test_names_the_authors_coin(sentence: str, names: list[str]) -> None:
    assert coined_names(sentence) == names


def test_a_coined_name_joins_the_cue_names_once() -> None:
    """The wording cues find "RPG" already; the grammar adds the lower-case name they miss."""
    text = (
        "Towards the sample-efficient RL, we propose ranking policy gradient (RPG), a policy "
        "gradient method. We accomplish this by developing sparse momentum, an algorithm "
        "which uses smoothed gradients."
    )
    names = find_cue_names(text)
    assert names.count("RPG") == 1
    assert "sparse momentum" in names


def test_coined_names_side_by_side_all_join_the_cue_names() -> None:
    text = (
        "Moreover, we propose three simple methods to estimate the variance of output from a "
        "trained network under tolerable perturbations: infer-transformation, infer-noise, and "
        "infer-dropout."
    )
    names = find_cue_names(text)
    assert [n for n in names if n.startswith("infer-")] == [
        "infer-transformation",
        "infer-noise",
        "infer-dropout",
    ]
