"""Keywords chosen by code (summarizer.rules.keywords) and their eval (evals/keyword_scores.py)."""

from __future__ import annotations

import json

import pytest

from summarizer.rules import Analysis
from summarizer.rules.keywords import choose_keywords
from summarizer.rules.verb_edges import without_verbs
from summarizer.text import token_f1

from .conftest import REPO, load_eval_script
from .support.abstracts import ABSTRACT, answer
from .support.runs import item, make_run

DEFINED = (
    "Domain generalization (DG) trains on source domains and tests on unseen target domains. "
    "Most DG methods align features across the source domains. We propose StyleMix, a "
    "feature augmentation that mixes feature statistics. StyleMix improves DG accuracy on "
    "PACS and Office-Home, and feature statistics explain the gain."
)
VERBS = (
    "Graph neural networks are widely used. We propose a novel message passing scheme. The "
    "message passing scheme provides the first bound on oversmoothing in graph neural "
    "networks, and the bound explains oversmoothing in deep graph neural networks."
)


def _dev_abstracts(n: int) -> list[str]:
    lines = (REPO / "evals/gold/dev.jsonl").read_text(encoding="utf-8").splitlines()[:n]
    return [json.loads(line)["abstract"] for line in lines]


@pytest.mark.parametrize("abstract", [ABSTRACT, DEFINED, VERBS, *_dev_abstracts(20)])
def test_three_to_five_phrases_copied_verbatim_none_overlapping(abstract):
    chosen = choose_keywords(abstract)
    assert 3 <= len(chosen) <= 5
    assert all(phrase in abstract for phrase in chosen)
    for i, a in enumerate(chosen):
        for b in chosen[i + 1 :]:
            assert token_f1(a, b) < 0.5, (a, b)


def test_the_papers_own_name_and_its_repeated_phrases_are_chosen():
    chosen = choose_keywords(DEFINED, table={})  # the word scores alone
    assert "StyleMix" in chosen
    assert "feature statistics" in chosen
    # the learned order keeps the name, and the phrase without the verb it opens on
    chosen = choose_keywords(DEFINED)
    assert "StyleMix" in chosen
    assert "feature statistics" in chosen
    assert not any(phrase.startswith("mixes") for phrase in chosen)


def test_a_defined_short_form_is_given_by_its_long_form():
    chosen = choose_keywords(DEFINED)
    assert "Domain generalization" in chosen
    assert "DG" not in chosen


def test_judgements_function_words_and_verbs_stay_out_of_the_phrases():
    chosen = choose_keywords(VERBS)
    assert "message passing scheme" in chosen
    assert any(p.lower() == "graph neural networks" for p in chosen)
    words = {w.lower() for p in chosen for w in p.split()}
    assert not words & {"novel", "the", "provides", "first", "widely", "deep"}


def test_limit_cuts_the_same_ranking():
    assert choose_keywords(VERBS, limit=3) == choose_keywords(VERBS)[:3]
    assert choose_keywords("") == []


def test_keyword_scores_puts_code_beside_the_models_run(tmp_path, capsys):
    module = load_eval_script("keyword_scores")
    gold = {"keywords": ["domain generalization", "StyleMix", "feature statistics", "PACS"]}
    suite = tmp_path / "mini.jsonl"
    suite.write_text(json.dumps({"id": item(DEFINED, gold).id, "abstract": DEFINED, "gold": gold}))
    summary = answer(keywords=["source domains", "target domains", "PACS"])
    run = make_run(tmp_path / "run", [(item(DEFINED, gold), summary)], suite=str(suite))

    assert module.main(["--suite", str(suite), "--run", str(run.path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    model, code = out["model"]["keywords"]["metrics"], out["code"]["keywords"]["metrics"]
    assert model["precision"]["value"] == pytest.approx(1 / 3)  # PACS of the three
    assert model["recall"]["value"] == pytest.approx(1 / 4)
    chosen = choose_keywords(DEFINED)
    hits = sum(max(token_f1(c, g) for g in gold["keywords"]) >= 0.5 for c in chosen)
    assert code["precision"]["value"] == pytest.approx(hits / len(chosen))
    delta = out["code_minus_model_f1"]
    assert delta["value"] == pytest.approx(code["f1"]["value"] - model["f1"]["value"])
    assert delta["low"] == delta["high"] == pytest.approx(delta["value"])  # one item

    # The records alone (a run cut short leaves only its predictions) give the same numbers.
    records = str(run.path / "predictions.jsonl")
    assert module.main(["--suite", str(suite), "--run", records, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_keyword_scores_refuses_the_blind_part():
    with pytest.raises(SystemExit, match="blind"):
        load_eval_script("keyword_scores").main(["--suite", "blind"])


def test_a_verb_before_its_object_ends_the_phrase():
    abstract = (
        "The sparse encoder learns the codes of images. Our sparse encoder learns the codes "
        "fast, and a deeper sparse encoder learns the codes of video frames."
    )
    chosen = choose_keywords(abstract)
    assert "sparse encoder" in chosen
    assert not any("learns" in phrase for phrase in chosen)


@pytest.mark.parametrize(
    "sentence, phrase, kept",
    [
        pytest.param(
            "We propose RE-VLM, the first dual-stream vision-language model that jointly "
            "leverages RGB images and event streams for robust scene understanding.",
            "leverages RGB images",
            "RGB images",
            id="2605.19329",
        ),
        pytest.param(
            "Referring segmentation aims to segment the target objects in images or videos "
            "based on the textual query.",
            "Referring segmentation aims",
            "Referring segmentation",
            id="2605.17531",
        ),
        pytest.param(
            "Subsequently, we select the optimal solution using a loss function that "
            "explicitly trades off semantic purity and parsimony in the number of clusters.",
            "trades off semantic purity",
            "semantic purity",  # the verb's particle goes with it
            id="2605.18567",
        ),
        pytest.param(
            "Our work proposes a novel technique combining parts-of-speech filtering and "
            "perplexity based loss function to generate sensible triggers that are closer to "
            "natural phrases.",
            "generate sensible",
            "",  # no noun is left: no phrase
            id="2605.17936",
        ),
        pytest.param(
            "However, existing skill creation approaches treat skills as isolated and static "
            "artifacts, limiting their reusability, reliability, and long-term improvement.",
            "skill creation approaches",
            "skill creation approaches",  # a verb follows: the plural is a noun
            id="2605.27366",
        ),
        pytest.param(
            "Our system finds scheduling algorithms that cut cloud costs by 40%, generates "
            "CUDA kernels where 87% match or beat PyTorch.",
            "generates CUDA kernels",
            "CUDA kernels",
            id="2605.19633",
        ),
        pytest.param(
            "Our approach scales from cloud servers to edge devices with no loss.",
            "edge devices",
            "edge devices",  # "to" before a noun: no verb
            id="to-a-noun",
        ),
        pytest.param(
            "In this work, we shift the focus from Sign Language Translation (SLT) to Sign "
            "Language Understanding (SLU), with particular emphasis on semantic understanding.",
            "Sign Language Understanding",
            "Sign Language Understanding",  # a capital: a name, not a verb
            id="2606.03788",
        ),
        pytest.param(
            "Salient pixels matter most for the attack.",
            "Salient pixels",
            "Salient pixels",  # two words: the tagger's plural after one word is unsure
            id="two-words",
        ),
    ],
)
def test_a_key_phrase_neither_opens_nor_ends_on_a_verb(sentence, phrase, kept):
    assert without_verbs(Analysis(sentence), phrase) == kept


def test_a_phrase_without_a_verb_is_kept_as_written():
    text = "Domain generalization trains on source domains and tests on unseen target domains."
    analysis = Analysis(text)
    for phrase in ("Domain generalization", "unseen target domains", "not in the text"):
        assert without_verbs(analysis, phrase) == phrase
