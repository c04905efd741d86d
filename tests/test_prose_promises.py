"""What the record's fields promise about their prose, kept by validation: a ``tldr`` or
``problem`` ends at a whole clause, and a ``tldr`` opens in the summarizer's own voice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from summarizer.schemas.paper_summary import PaperSummary
from summarizer.schemas.prose_bounds import (
    TEXT_BOUNDS,
    TEXT_PATTERNS,
    authors_voice,
    end_cleanly,
    open_end,
)

from .support.abstracts import ABSTRACT, answer

GOLD = Path(__file__).resolve().parents[1] / "evals" / "gold"


def _validate(**changes: str) -> PaperSummary:
    return PaperSummary.model_validate(answer(**changes), context={"abstract": ABSTRACT})


# Endings of real records that stopped inside their last clause.
CUT_TLDR = "ImbSAM is a class-aware optimizer built to support iterative."
CUT_PROBLEM = "Tail-class training is hard to make more reproducible compared to."


@pytest.mark.parametrize(
    "field, text, tail",
    [
        ("tldr", CUT_TLDR, "iterative"),
        ("problem", CUT_PROBLEM, "compared to"),
        ("problem", "Optimizers generalize poorly on tail classes and.", "and"),
        ("problem", "Optimizers generalize poorly on the.", "the"),
        ("problem", "Optimizers generalize poorly on tail classes to.", "to"),
        ("tldr", "ImbSAM improves tail accuracy across multiple.", "multiple"),
        ("tldr", "ImbSAM reweights classes, making it possible to support iterative.", "iterative"),
    ],
    ids=[
        "adjective",
        "compared-to",
        "conjunction",
        "article",
        "preposition",
        "determiner",
        "adjective after a causative's infinitive",
    ],
)
def test_a_sentence_that_stops_inside_a_clause_is_refused(field, text, tail) -> None:
    assert open_end(text) == tail
    with pytest.raises(ValidationError, match=f"ends on '{tail}', inside a clause"):
        _validate(**{field: text})


@pytest.mark.parametrize(
    "text",
    [
        "We propose ImbSAM, a class-aware optimizer that improves tail accuracy.",
        "We aim to improve tail-class accuracy with a class-aware optimizer.",
        "In this paper, we show that a class-aware optimizer helps tail classes.",
        "Our class-aware optimizer ImbSAM improves tail accuracy on CIFAR-100.",
    ],
    ids=["we-propose", "we-aim", "in-this-paper-we", "our"],
)
def test_a_tldr_in_the_authors_voice_is_refused(text) -> None:
    assert authors_voice(text)
    with pytest.raises(ValidationError, match="the authors' voice"):
        _validate(tldr=text)


def test_the_summarizers_own_voice_passes() -> None:
    for text in ("This paper shows that ImbSAM improves tail accuracy.", "Weak tails get help."):
        assert authors_voice(text) is None
        assert _validate(tldr=text).tldr == text


def test_the_grammar_opens_a_tldr_in_the_summarizers_voice_only() -> None:
    assert TEXT_PATTERNS["tldr"].startswith("^(This paper|The authors) ")


# The bundled model's prose that validation refused on dev abstracts written in English.
DRIFTED = [
    "This paper devises MammoDG, a deep-learning framework that leverages multi-view "
    "mammograms and a novel contrastive mechanism to\u589e\u5f3a.",
    "Existing methods are limited in this\u9886\u57df.",
    "Existing codes fail \ud55c\uad6d for long sequences.",
]


@pytest.mark.parametrize("text", DRIFTED)
def test_an_english_abstracts_grammar_keeps_east_asian_letters_out(text) -> None:
    import re

    from summarizer.io.inputs import Paper
    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.prose import foreign_script

    def pattern(abstract: str) -> str:
        planned = plan(Paper(id="p", abstract=abstract), load_prompt("default"), PaperSummary)
        return planned.response_model.model_json_schema()["properties"][field]["pattern"]

    field = "tldr" if text.startswith("This paper") else "problem"
    assert foreign_script(field, text, ABSTRACT) is not None  # what validation refuses
    assert not re.fullmatch(pattern(ABSTRACT), text)
    assert re.fullmatch(pattern(ABSTRACT), re.sub(r"[^\x00-\x7f]+", "word", text))
    # an abstract that writes Han leaves them open to the model
    assert re.fullmatch(pattern(ABSTRACT + " \u589e\u5f3a\u9886\u57df."), text)


def test_the_east_asian_exclusion_is_a_grammar_the_engine_parses() -> None:
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar")
    from summarizer.prompting.strategy import text_model

    schema = text_model(keywords=False, east_asian=False).model_json_schema()
    gbnf = llama_grammar.json_schema_to_gbnf(json.dumps(schema))
    assert "\u4e00-\u9fff" in gbnf and "\uac00-\ud7af" in gbnf
    llama_grammar.LlamaGrammar.from_string(gbnf, verbose=False)  # raises on a parse error


# Real gold sentences (evals/gold/dev.jsonl) at the edges of the rule: an adjective linked to
# its subject, a preposition ending an infinitive, nouns with an adjective's ending.
REAL = [
    "Speech-based Parkinson's disease detectors trained on one language generalize poorly to "
    "other languages, and naively combining datasets is suboptimal.",
    "How training set size, computational scale, model size and accuracy improvements relate "
    "in deep learning is not well understood.",
    "Visual generation models run a same-sized transformer over every generation or denoising "
    "pass, making inference computationally expensive.",
    "Large language models using in-context learning struggle with complex compositional "
    "questions because of cumulative errors in long reasoning steps and intricate tool-making "
    "logic.",
    "A study of imitation learning policies in simulation and on a real robot, with a new "
    "simulated benchmark of 19 tasks and 11 factors, ranks factors of variation by how hard "
    "they are to generalize to.",
    "LLMs learn spurious features from noisy web data that hurt generalization, and supervised "
    "finetuning to add task specificity is data inefficient.",
    "Models trained from scratch on diagnostic compositional generalization datasets fail "
    "while models trained on larger general data generalize better, and which data factors "
    "explain this is unclear.",
    "Although transferring pretrained deep features is widespread, little work has explained "
    "why deep feature representations are transferable.",
    "Prior work holds seemingly contradictory views on whether attention weights in neural "
    "networks are interpretable.",
    "Type II maximum likelihood gives only point estimates of Gaussian process "
    "hyperparameters, while the full hyperparameter posterior is intractable.",
    "NAS algorithms search different spaces and train architectures with different setups, so "
    "their performance cannot be fairly compared.",
    "Adversarial training with fast single-step attacks learns to produce weak perturbations "
    "rather than to defend against strong ones, leaving models vulnerable.",
    "Few cameras and frequent detection failures in gymnastics arenas often leave only two "
    "opposing views, making conventional multi-camera triangulation of a gymnast's 3D "
    "trajectory unreliable.",
]


@pytest.mark.parametrize("text", REAL, ids=[t.split()[-1].rstrip(".") for t in REAL])
def test_real_gold_sentences_end_at_a_whole_clause(text) -> None:
    assert open_end(text) is None
    assert authors_voice(text) is None


def _gold() -> list[tuple[str, dict]]:
    rows = []
    for path in sorted(GOLD.glob("*.jsonl")):
        rows += [(path.name, json.loads(line)) for line in path.read_text().splitlines() if line]
    return rows


def test_every_gold_record_passes_validation() -> None:
    rows = _gold()
    assert len(rows) >= 300
    refused = []
    for name, row in rows:
        try:
            PaperSummary.model_validate(row["gold"], context={"abstract": row["abstract"]})
        except ValidationError as exc:
            refused.append(f"{name} {row['id']}: {exc.errors()[0]['msg']}")
    assert refused == []


def test_a_sentence_cut_at_the_bound_ends_at_its_last_whole_clause() -> None:
    head = "This paper studies tail classes, "
    filler = "with a class-aware optimizer " * 20
    cut = (head + filler)[: len("This paper ") + TEXT_BOUNDS["tldr"]] + "."
    assert cut.endswith(" optimizer with.")
    assert end_cleanly("tldr", cut) == cut[: -len(" with.")] + "."


def test_a_cut_that_leaves_an_adjective_falls_back_to_the_last_comma() -> None:
    start = "This paper builds ImbSAM for tail classes, a tool that many teams use "
    body = start + "in research " * 30
    body = body[: TEXT_BOUNDS["tldr"] + len("This paper ") - len("to support iterative i")]
    cut = body.rstrip() + " to support iterative i."
    assert len(cut) - len("This paper ") - 1 >= TEXT_BOUNDS["tldr"]
    assert end_cleanly("tldr", cut) == "This paper builds ImbSAM for tail classes."


def test_a_tldr_that_copies_once_cut_at_its_bound_is_refused() -> None:
    sentence = (
        "The authors study sparse attention for long documents and show that it halves the "
        "memory use of a transformer on three long-document benchmarks"
    )
    abstract = f"Long documents strain attention. {sentence}. Code is released."
    tldr = sentence + (
        ", while keeping the accuracy of dense attention on every task they try it with so far."
    )
    assert end_cleanly("tldr", tldr) == sentence + "."  # what the record would keep
    with pytest.raises(ValidationError, match="tldr copies a sentence of the abstract"):
        PaperSummary.model_validate(answer(tldr=tldr), context={"abstract": abstract})
