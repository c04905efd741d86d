"""Each number a complete fact: what it measures (metric) and whom it belongs to (subject).

Made-up names and sentences in the shapes abstracts use; the guide's rules for `metric`
and `subject` decide the expected answers.
"""

from __future__ import annotations

import pytest

from summarizer.rules import Number, find_numbers

OWN = ["FooNet"]


def facts(text: str, names: list[str], own: list[str] = OWN) -> list[tuple]:
    known = names + [n for n in own if n not in names]
    return [(n.value, n.metric, n.subject) for n in find_numbers(text, known, [], own)]


def number_at(text: str, value: str, names: list[str], own: tuple[str, ...] = ()) -> Number:
    """The number ``value`` of ``text`` as the rules read it (its last mention)."""
    return {n.value: n for n in find_numbers(text, names, [], own)}[value]


def metric_of(text: str, value: str, names: list[str]) -> str | None:
    """The metric the rules give the number ``value`` of ``text``."""
    return number_at(text, value, names).metric


@pytest.mark.parametrize(
    ("text", "names", "expected"),
    [
        pytest.param(
            "FooNet raises top-1 accuracy from 71.2% to 78.9%.",
            ["FooNet"],
            [("71.2%", "top-1 accuracy", None), ("78.9%", "top-1 accuracy", "FooNet")],
            id="from-x-to-y: the first value is the setting before",
        ),
        pytest.param(
            "FooNet improves BarNet from 70.1% to 75.3% accuracy.",
            ["FooNet", "BarNet"],
            [("70.1%", "accuracy", "BarNet"), ("75.3%", "accuracy", "FooNet")],
            id="from-x-to-y: the first value is the baseline's",
        ),
        pytest.param(
            "FooNet improves recall (+4.1%) and precision (+2.3%).",
            ["FooNet"],
            [("+4.1%", "recall", "FooNet"), ("+2.3%", "precision", "FooNet")],
            id="metric before a parenthesis",
        ),
        pytest.param(
            "FooNet outperforms prior work by 3.2 mIoU.",
            ["FooNet"],
            [("3.2", "mIoU", "FooNet")],
            id="a unit that is a metric",
        ),
        pytest.param(
            "FooNet runs 4.5 times faster than BarNet.",
            ["FooNet", "BarNet"],
            [("4.5 times", "speed", "FooNet")],
            id="speed-up",
        ),
        pytest.param(
            "FooNet reduces memory by 38%.", ["FooNet"], [("38%", "memory", "FooNet")], id="by"
        ),
        pytest.param(
            "FooNet solves 12 of 20 tasks.",
            ["FooNet"],
            [("12", "tasks", "FooNet"), ("20", "tasks", "FooNet")],
            id="x of n",
        ),
        pytest.param(
            "FooNet and BarNet reach 1.2% and 3.4% error, respectively.",
            ["FooNet", "BarNet"],
            [("1.2%", "error", "FooNet"), ("3.4%", "error", "BarNet")],
            id="respectively",
        ),
        pytest.param(
            "FooNet achieves a 97% improvement in separation.",
            ["FooNet"],
            [("97%", "separation", "FooNet")],
            id="what a change is in",
        ),
        pytest.param(
            "Across tasks, FooNet achieves improvements of 6.7% on rare classes.",
            ["FooNet"],
            [("6.7%", "improvements on rare classes", "FooNet")],
            id="improvements of x on y",
        ),
        pytest.param(
            "In tests, the error of the solver is significantly reduced by over 65%.",
            [],
            [("65%", "error", "FooNet")],
            id="passive",
        ),
        pytest.param(
            "FooNet reaches an F1 of 90.2 (p < 0.001) and an MSE of 0.4.",
            ["FooNet"],
            [("90.2", "F1", "FooNet"), ("< 0.001", "p", "FooNet"), ("0.4", "MSE", "FooNet")],
            id="metric names and a p-value",
        ),
        pytest.param(
            "With FooNet, the accuracy drop is less than 0.5%.",
            ["FooNet"],
            [("0.5%", "accuracy drop", "FooNet")],
            id="a copula and a bound",
        ),
        pytest.param(
            "FooNet improves QuxQA by 5.8% and ZedMath by 2.8%.",
            ["FooNet"],
            [("5.8%", "QuxQA", "FooNet"), ("2.8%", "ZedMath", "FooNet")],
            id="the verb written once",
        ),
        pytest.param(
            "FooNet reaches 4 of them and 2% of the total.",
            ["FooNet"],
            [("4", None, "FooNet"), ("2%", None, "FooNet")],
            id="a share of nothing named",
        ),
        pytest.param(
            "FooNet gains 10-20% (4k-16k) in recall.",
            ["FooNet"],
            [
                ("10", "recall", "FooNet"),
                ("20%", "recall", "FooNet"),
                ("4k", None, "FooNet"),
                ("16k", None, "FooNet"),
            ],  # fmt: skip
            id="an aside with its own unit measures something else",
        ),
        pytest.param(
            "FooNet needs only 3.1% of the tokens.",
            ["FooNet"],
            [("3.1%", "tokens", "FooNet")],
            id="a share of something",
        ),
        pytest.param(
            "It is 11.7% more accurate than linear probes.",
            [],
            [("11.7%", "accuracy", "FooNet")],
            id="more accurate",
        ),
        pytest.param(
            "We evaluate on 13 diverse datasets spanning three domains.",
            [],
            [("13", "datasets", "FooNet")],
            id="a count: judgement words and a participle are not the counted thing",
        ),
        pytest.param(
            "It trains an 8B-parameter model.", [], [("8B", "parameters", "FooNet")], id="size"
        ),
        pytest.param(
            "It reaches 1.93% (1.98+/-0.07) validation error.",
            [],
            [
                ("1.93%", "validation error", "FooNet"),
                ("1.98", "validation error", "FooNet"),
                ("0.07", "validation error", "FooNet"),
            ],  # fmt: skip
            id="an aside and a deviation share the metric",
        ),
    ],
)
def test_metric_and_subject(text: str, names: list[str], expected: list[tuple]) -> None:
    assert facts(text, names) == expected


@pytest.mark.parametrize(
    ("text", "names", "subjects"),
    [
        pytest.param(
            "Our sharpFooNet search is 50% faster when compared to FooNet.",
            ["sharpFooNet", "FooNet"],
            ["sharpFooNet"],
            id="a name is not found inside a longer word",
        ),
        pytest.param(
            "MadNet improves DsuNet by 2.8% in accuracy.",
            ["MadNet", "DsuNet"],
            ["MadNet"],
            id="the name improved upon is the compared side",
        ),
        pytest.param(
            "FooNet (45.1%) outperforms BarNet (40.2%).",
            ["FooNet", "BarNet"],
            ["FooNet", "BarNet"],
            id="a parenthesis after a name",
        ),
        pytest.param(
            "MOVE reaches 39.1%, a 76.1% relative gain over the static data paradigm (22.2%).",
            ["MOVE"],
            ["MOVE", "MOVE", "static data paradigm"],
            id="the compared side gets the number written with it",
        ),
        pytest.param(
            "We show that sparse attention models consistently outperform dense ones, "
            "achieving 60 points gains.",
            [],
            ["sparse attention models"],
            id="the unnamed models that perform the result",
        ),
        pytest.param(
            "We show that our approach reaches 45% accuracy.",
            [],
            ["FooNet"],
            id="the paper's own approach is its own name",
        ),
        pytest.param(
            "FooNet is 13x faster on an NVIDIA T4 and 40x on an A100 than QuxLib.",
            ["FooNet", "T4", "A100", "QuxLib"],
            ["FooNet", "FooNet"],
            id="hardware is not a subject",
        ),
        pytest.param(
            "On BarGAN image generation, it gets a 4x speedup.",
            ["BarGAN"],
            ["FooNet"],
            id="the setting is not a subject",
        ),
        pytest.param(
            "It gains 3% over BarNet. For BazNet-L, it gains 5%.",
            ["BarNet", "BazNet-L"],
            ["FooNet", "BazNet-L"],
            id="only 'on' and 'across' make a name the setting",
        ),
    ],
)
def test_subject(text: str, names: list[str], subjects: list[str]) -> None:
    assert [s for _, _, s in facts(text, names)] == subjects


def test_the_most_written_own_name_is_the_fallback() -> None:
    text = "We present BazNet and its FooNet search. FooNet is fast. It reaches 45% accuracy."
    [number] = find_numbers(text, ["BazNet", "FooNet"], [], ["BazNet", "FooNet"])
    assert number.subject == "FooNet"


def test_an_actor_at_the_start_of_a_later_sentence() -> None:
    text = "We study pruning at scale. Sparse attention models achieve 60 points on it."
    assert [s for _, _, s in facts(text, [], own=[])] == ["Sparse attention models"]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("We show that our approach reaches 45% accuracy.", "our approach"),
        ("We study it. The proposed method achieves 12.5% lower error.", "The proposed method"),
    ],
)
def test_the_paper_own_unnamed_work_is_said_as_written(text: str, subject: str) -> None:
    [number] = find_numbers(text, [], [], [])
    assert number.subject == subject


def test_no_actor_in_a_relative_clause_of_which() -> None:
    [number] = find_numbers("It has parts, which models achieve 40% on.", [], [], [])
    assert number.subject is None


def test_the_paper_own_work_takes_its_name_when_it_has_one() -> None:
    text = "The proposed method achieves 40% accuracy. We call it FooNet."
    [number] = find_numbers(text, ["FooNet"], [], ["FooNet"])
    assert number.subject == "FooNet"


@pytest.mark.parametrize(
    ("text", "metrics"),
    [
        pytest.param(
            "X improves the baseline by improving word error rate (WER) from 9.1 to 7.4, BLEU "
            "from 20.2 to 24.0.",
            ["word error rate", "word error rate", "BLEU", "BLEU"],
            id="a short form before 'from'; a list that writes the verb once",
        ),
        pytest.param(
            "The accuracy improves from 60% to 75% with our method.",
            ["accuracy", "accuracy"],
            id="what is measured is the verb's subject",
        ),
        pytest.param(
            "Our method improves by 5% over the baseline.",
            [None],
            id="a method that improves is not what is measured",
        ),
    ],
)
def test_the_metric_of_a_change_from_one_value_to_another(text: str, metrics: list) -> None:
    assert [n.metric for n in find_numbers(text, [])] == metrics


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "When adapting from Cityscapes to FoggyCityscapes, we achieve 37.9% mAP, "
            "outperforming the previous art Strong-Weak by 3.6%.",
            "3.6%",
            "mAP",
            id="scitldr train: a margin over earlier work",
        ),
        pytest.param(
            "We achieve 54.6% accuracy for CIFAR-10 and 43.9% for 20news, outperforming state "
            "of the art by 8-12% in absolute terms.",
            "8",
            "accuracy",
            id="scitldr train: a range of margins",
        ),
        pytest.param(
            "FooNet outperforms the strongest baseline by 4.2% while using 30% fewer parameters.",
            "4.2%",
            "improvement over the strongest baseline",
            id="made-up: no score before it, a margin measures the improvement over the other side",
        ),
    ],
)
def test_a_margin_takes_the_metric_of_the_score_before_it(text: str, value: str, metric) -> None:
    assert metric_of(text, value, ["FooNet"]) == metric


@pytest.mark.parametrize(
    ("text", "part", "metric"),
    [
        pytest.param(
            "However, GATS fails to outperform DQNs in 4 out of 5 games.",
            "4",
            "games",
            id="scitldr train: 'out of'",
        ),
        pytest.param(
            "As a result, the hybrid also performs better on 8 out of 11 supervised downstream "
            "tasks.",
            "8",
            "supervised downstream tasks",
            id="scitldr train: 'out of', a longer whole",
        ),
        pytest.param(
            "It is the first agent to exceed human-level performance in 52 of the 57 Atari games.",
            "52",
            "Atari games",
            id="dev: 'of the'",
        ),
    ],
)
def test_a_part_shares_the_metric_of_its_whole(text: str, part: str, metric: str) -> None:
    assert metric_of(text, part, []) == metric


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "It does not hurt the model's coreference accuracy, as long as we employ at least "
            "128 or 256 bits.",
            [("128", "bits"), ("256", "bits")],
            id="scitldr train: 'or' joins a list and is no metric",
        ),
    ],
)
def test_alternatives_share_one_metric(text: str, expected: list) -> None:
    assert [(n.value, n.metric) for n in find_numbers(text, [])] == expected


def test_a_range_written_with_both_units_holds_no_negative_number() -> None:
    text = "We observe a relative decrease of 5%-35% in FID, and 98%-99% of peak performance."
    found = [(n.value, n.metric) for n in find_numbers(text, [])]
    assert [value for value, _ in found] == ["5%", "35%", "98%", "99%"]
    assert found[1] == ("35%", "FID")
    assert found[2][1] == found[3][1] == "peak performance"


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "Our experimental results indicate that MCTSBug can fool deep learning classifiers "
            "at the success rates of 95% on seven large-scale benchmark datasets.",
            "95%",
            "success rate",
            id="scitldr train: 'success rates of 95%'",
        ),
        pytest.param(
            "Moreover, our method is ideal for distributed learning as it reduces the "
            "communication costs significantly (e.g., by ~32).",
            "~32",
            "communication cost",
            id="scitldr train: 'reduces the communication costs ... by ~32'",
        ),
        pytest.param(
            "We evaluate FURL on two datasets, demonstrating a significant improvement in model "
            "quality with 8% and 51% performance increases.",
            "51%",
            "performance increase",
            id="scitldr train: a plural noun of change",
        ),
        pytest.param(
            "For speedup, we enable faster inference on ARM processors through new open sourced "
            "kernels, resulting in 3x to 7x speed ups over the widely used gemmlowp library.",
            "7x",
            "speed up",
            id="scitldr train: 'speed ups'",
        ),
        pytest.param("FooNet lowers the loss by 12%.", "12%", "loss", id="made-up: 'loss' stays"),
    ],
)
def test_one_number_is_one_value_of_a_plural_metric(text: str, value: str, metric: str) -> None:
    assert metric_of(text, value, ["FooNet", "MCTSBug"]) == metric


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "FooNet gains 4.1% accuracy w.r.t. the best attack.",
            "4.1%",
            "accuracy",
            id="made-up: the 'w' of 'w.r.t.' is no word of the metric",
        ),
        pytest.param(
            "We also provide evidence that when the number of hidden layers is increased from 1 "
            "to k, the neuron requirement grows exponentially not with n but with n^{1/k}.",
            "1",
            "number",  # the head of "the number of hidden layers"; the "1" of "n^{1/k}" is none
            id="scitldr train: a lone letter after 'to' is no metric",
        ),
        pytest.param(
            "The difference is significant (p < 0.001).", "< 0.001", "p", id="p stays a metric"
        ),
    ],
)
def test_a_lone_lower_case_letter_ends_no_metric(text: str, value: str, metric) -> None:
    assert metric_of(text, value, ["FooNet"]) == metric


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "With the model, we achieve an even lower state-of-the-art perplexity of 52.8 on "
            "Penn Treebank and 52.0 on WikiText-2.",
            "52.0",
            "even lower state-of-the-art perplexity",
            id="scitldr train: the next value, its metric not written again",
        ),
        pytest.param(
            "Experiments show that TensorBLEU provides speedups of over 13x on consumer-grade "
            "GPUs (NVIDIA T4) and exceeding 40x on data-center-class hardware (NVIDIA A100).",
            "40x",
            "speedup",
            id="dev: 'and exceeding'",
        ),
        pytest.param(
            "It retains a strong classification performance, 73% Top-5 accuracy, outperforming "
            "supervised networks by 28% (a 65% relative improvement) and state-of-the-art "
            "semi-supervised methods by 14%.",
            "14%",
            "Top-5 accuracy",
            id="dev: the next margin, past an aside",
        ),
        pytest.param(
            "Retrieval indicates an improvement of 22-38 % in average precision over unstemmed "
            "text, and 96 % of the performance of the proprietary stemmer.",
            "96 %",
            "performance",
            id="scierc: a share of something is not the next value, it has its own",
        ),
        pytest.param(
            "FooNet reaches 85% accuracy on A, a 3x speedup and 90% on B.",
            "90%",
            None,
            id="made-up: another unit in between",
        ),
    ],
)
def test_the_next_value_of_a_quantity_shares_its_metric(text: str, value: str, metric) -> None:
    assert metric_of(text, value, ["FooNet", "TensorBLEU"]) == metric


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "Networks with RBFI units retain accuracies above 75%, while ReLU or Sigmoid see "
            "their accuracies reduced to below 1%.",
            "1%",
            "accuracy",
            id="scitldr train: where the value of a named quantity lies",
        ),
        pytest.param(
            "We find that our learned policy could reduce patient mortality by as much as 8.2\\% "
            "from an overall baseline mortality rate of 13.3\\%.",
            "8.2\\%",
            "patient mortality",
            id="scitldr train: 'by as much as'",
        ),
        pytest.param(
            "The new algorithm is able to achieve an average packing utilization of more than 87%.",
            "87%",
            "average packing utilization",
            id="scitldr train: 'of more than'",
        ),
    ],
)
def test_what_a_value_is_of_where_no_verb_says(text: str, value: str, metric: str) -> None:
    assert metric_of(text, value, ["RBFI", "ReLU"]) == metric


def test_the_quantity_keeps_the_names_that_say_which_it_is() -> None:
    text = "Agents achieve equitable outcomes, consistently reaching FTB and FBS scores above 0.80."
    (number,) = find_numbers(text, ["FTB", "FBS"])
    assert number.metric is not None and number.metric.startswith("FTB and FBS score")


@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "The results indicated that MRSeg obtained a Dice score of 80.7 $\\pm$ 18.6 and "
            "Hausdorff Distance (HD) error of 8.9 $\\pm$ 10.4 mm.",
            "80.7",
            "Dice score",
            id="arXiv: a mean before LaTeX's plus-minus",
        ),
        pytest.param(
            "The results indicated that MRSeg obtained a Dice score of 80.7 $\\pm$ 18.6 and "
            "Hausdorff Distance (HD) error of 8.9 $\\pm$ 10.4 mm.",
            "18.6",
            "Dice score",
            id="arXiv: the deviation measures what its mean does",
        ),
        pytest.param(
            "Our approach achieves a high correlation (0.956$\\pm$0.046) and low MAE "
            "(0.025$\\pm$0.019) compared with real Dice scores.",
            "0.019",
            "MAE",
            id="arXiv: a deviation written without spaces",
        ),
        pytest.param(
            "In both experiments we achieve a promising high classification accuracy "
            "($\\geq$75\\%).",
            "75\\%",
            "accuracy",
            id="arXiv: LaTeX's greater-or-equal",
        ),
        pytest.param(
            "Specifically, the experiments show that our proposed method achieves $F_1$ scores "
            "of 98.04% and 94.60% on the Zenseact Open Dataset.",
            "98.04%",
            "F1 score",
            id="arXiv: a metric's name in LaTeX before its noun",
        ),
        pytest.param(
            "Specifically, it attains mIoU scores of 78.43\\%, 94.56\\%, and 67.08\\% on the "
            "NUAA-SIRST, NUDT-SIRST, and IRSTD-1k datasets.",
            "94.56\\%",
            "mIoU score",
            id="arXiv: a metric's name before its noun",
        ),
        pytest.param(
            "The proposed scheme outperforms DL-based methods e.g. DVSC about 1 dB and "
            "traditional schemes about 2 dB in terms of PSNR.",
            "2 dB",
            "PSNR",
            id="arXiv: 'in terms of' after the number",
        ),
        pytest.param(
            "With just 6M parameters, LitMAS surpasses state-of-the-art methods by $1.36\\%$ in "
            "average EER across seven datasets.",
            "1.36\\%",
            "average EER",
            id="arXiv (dev): a number in inline math",
        ),
        pytest.param(
            "Fine-tuning with synthetic images achieves an improvement of about $9\\%$ in mAP over "
            "the baseline.",
            "9\\%",
            "mAP",
            id="arXiv: a change in inline math, in a metric",
        ),
    ],
)
def test_latex_and_named_metrics(text: str, value: str, metric: str) -> None:
    assert metric_of(text, value, ["MRSeg", "DVSC"]) == metric


@pytest.mark.parametrize(
    ("text", "names", "value", "subject"),
    [
        pytest.param(
            "FastBEV++ establishes a new state-of-the-art 0.359 NDS while maintaining "
            "exceptional real-time performance, exceeding 134 FPS on automotive-grade hardware.",
            ["FastBEV++", "NDS"],
            "134 FPS",
            "FastBEV++",
            id="arXiv (dev): a name written after a decimal number is a metric",
        ),
        pytest.param(
            "Among them, the random forest regressor performed the best, achieving strong R2 "
            "scores of 0.95 (training), 0.76 (validation), and 0.83 (test).",
            ["R2"],
            "0.76",
            "the random forest regressor",
            id="arXiv (dev): a name before 'scores' is a metric",
        ),
        pytest.param(
            "Experiments on WorldCover and other benchmark products reveal that ISA-1 achieves "
            "an F1-score of 85.71%, outperforming bilinear-interpolation-based segmentation by "
            "9.5%.",
            ["WorldCover", "ISA-1", "F1-score"],
            "9.5%",
            "ISA-1",
            id="arXiv: a name ending in '-score' is a metric",
        ),
        pytest.param(
            "Our FMOcc with two frame input achieves notable scores of 43.1% RayIoU and 39.8% "
            "mIoU on Occ3D-nuScenes validation, 42.6% RayIoU on OpenOcc with 5.4 G inference "
            "memory and 330ms inference time.",
            ["FMOcc", "RayIoU", "Occ3D-nuScenes", "OpenOcc"],
            "39.8%",
            "FMOcc",
            id="arXiv: a name written after a percentage is a metric",
        ),
    ],
)
def test_a_metric_written_as_a_name_is_no_subject(text, names, value, subject) -> None:
    assert number_at(text, value, names).subject == subject


@pytest.mark.parametrize(
    ("text", "value", "subject"),
    [
        pytest.param(
            "Experiments across multiple domains show that E2H Reasoner significantly improves "
            "the reasoning ability of small LLMs (1.5B to 3B), which otherwise struggle when "
            "trained with vanilla RL alone.",
            "3B",
            "small LLMs",
            id="arXiv (dev): sizes in parentheses after the models they describe",
        ),
        pytest.param(
            "Repeating this over multiple iterations enables smaller language models (7-8B "
            "parameters) to self-correct.",
            "7",
            "smaller language models",
            id="arXiv: a range of sizes",
        ),
    ],
)
def test_a_size_belongs_to_the_models_it_describes(text: str, value: str, subject: str) -> None:
    number = number_at(text, value, ["E2H Reasoner"], ("E2H Reasoner",))
    assert number.subject == subject
    assert number.metric == "parameters"


def test_a_size_alone_counts_parameters() -> None:
    text = "Experiments with the Olmo-2 model family (7B, and 13B) show that small models learn."
    assert {n.metric for n in find_numbers(text, ["Olmo-2"])} == {"parameters"}


# "a vs. b": two values of one quantity, each side's own when the sentence compares (arXiv
# abstracts of the public daily-arXiv-ai-enhanced repository, verbatim).
@pytest.mark.parametrize(
    ("text", "names", "value", "metric", "subject"),
    [
        pytest.param(
            "Notably, on the Pancreas dataset, CVBM outperforms fully supervised methods (i.e., "
            "DSC: 84.57% vs. 83.89%) while utilizing only 20% of the labeled data.",
            ["CVBM"],
            "83.89%",
            "DSC",
            "fully supervised methods",
            id="the compared side named before the pair",
        ),
        pytest.param(
            "Our best performing model beats previous state-of-the-art in terms of median "
            "vehicle speed estimation error (0.58 km/h vs. 0.60 km/h), detection precision "
            "(91.02% vs 87.08%) and recall (91.14% vs. 83.32%) while also being 5.5 times faster.",
            [],
            "87.08%",
            "precision",
            "previous state-of-the-art",
            id="the second value takes the first's metric",
        ),
        pytest.param(
            "Experiments with eight participants show our Chain-of-Talkers (CoTalk) improves "
            "annotation speed (0.42 vs. 0.30 units/sec) and retrieval performance (41.13\\% vs. "
            "40.52\\%) over the parallel method.",
            ["CoTalk"],
            "40.52\\%",
            None,
            "parallel method",
            id="the compared side named after the pair",
        ),
        pytest.param(
            "Our experiments show that recent reasoning models, such as Gemini Pro 2.5 can "
            "exceed human expert performance (62.5% vs. 50% accuracy).",
            ["Gemini Pro 2.5"],
            "62.5%",
            "accuracy",
            "recent reasoning models",
            id="the first value takes the second's metric",
        ),
        pytest.param(
            "The subset analysis (N=20) showed improvements in accuracy (4.6 vs. 4.4, Phase 2 "
            "vs. Phase 1 subset) and completeness (5.0 vs. 4.8).",
            [],
            "4.4",
            "accuracy",
            None,
            id="nothing compared with: no side",
        ),
    ],
)
def test_values_set_against_each_other(text, names, value, metric, subject):
    number = number_at(text, value, names)
    assert (number.metric, number.subject) == (metric, subject)


# A value before or after a change ("from x to y", "to y") measures what the change verb
# changes: its object, or its subject when it has none (arXiv abstracts, verbatim).
@pytest.mark.parametrize(
    ("text", "value", "metric"),
    [
        pytest.param(
            "For instance, in reaction yield prediction, it increased from 27.6% to 35.4% in "
            "just 12 hours; in enhancer activity prediction, accuracy rose from 0.52 to 0.79 "
            "with only 4 hours of processing; and in 2D semantic segmentation, precision "
            "advanced from 78.8% to 81.0% in a mere 30 hours.",
            "0.52",
            "accuracy",
            id="the subject of a verb of change without an object",
        ),
        pytest.param(
            "The overall hallucination rate ranged from 1.01\\% to 5.73\\%, with an average of "
            "3.62\\%, whereas the harmful hallucination rate varied from 0.00\\% to 2.09\\%, with "
            "an average of 0.49\\%.",
            "1.01\\%",
            "overall hallucination rate",
            id="ranged from x to y",
        ),
        pytest.param(
            "Our final model, R1-CI-14B, improves average accuracy on the 37 test tasks from "
            "44.0\\% to 64.1\\%, outperforming GPT-4o (text-only: 58.6\\%) and approaching GPT-4o "
            "with Code Interpreter (70.9\\%), with the emergent self-checking behavior via code "
            "generation.",
            "44.0\\%",
            "average accuracy",
            id="the object of the verb",
        ),
        pytest.param(
            "Fine-tuning on this distilled dataset raised the model's accuracy to 95.5%, "
            "approaching GPT-4o's performance.",
            "95.5%",
            "accuracy",
            id="to y alone",
        ),
    ],
)
def test_values_of_a_change_measure_what_changes(text, value, metric):
    assert metric_of(text, value, ["R1-CI-14B", "GPT-4o", "VeriFastScore"]) == metric


def test_an_infinitives_to_is_no_change() -> None:
    # arXiv 2503.12532
    text = (
        "Also, STEVE enables us to train a 7B vision-language model as a computer-use agent, "
        "achieving leading performance in the challenging live desktop environment "
        "WinAgentArena with great efficiency at a reduced cost."
    )
    assert number_at(text, "7B", ["STEVE", "WinAgentArena"]).kind == "absolute"


@pytest.mark.parametrize(
    ("text", "names", "value"),
    [
        pytest.param(
            "The method achieves a mean absolute MAPSE error of 1.81 $\\pm$ 0.14 mm, an annulus "
            "size error of 2.46 $\\pm$ 0.31 mm, and a landmark localization error of 2.48 "
            "$\\pm$ 0.07 mm.",
            ["MAPSE"],
            "1.81",
            id="arXiv: a name inside the metric",
        ),
        pytest.param(
            "To further exploit the cognitive and reasoning interactions among the 5 domains for "
            "AD understanding, we start from a small-scale VLM and train the DS models on "
            "individual domain datasets (collected from 1.4M DS QAs across public sources).",
            ["DS", "VLM", "AD"],
            "1.4M",
            id="arXiv: a short form inside what is counted",
        ),
    ],
)
def test_a_short_form_inside_the_numbers_own_metric_is_no_subject(text, names, value):
    number = number_at(text, value, names)
    assert number.metric is not None and names[0] in number.metric
    assert number.subject != names[0]


def test_a_model_that_owns_the_metric_stays_its_subject():
    text = "Our sharpFooNet search is 50% faster when compared to FooNet."
    assert number_at(text, "50%", ["sharpFooNet", "FooNet"]).subject == "sharpFooNet"
