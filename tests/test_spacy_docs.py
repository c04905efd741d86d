"""spaCy's pipeline as the rules read it: a sentence the tagger has seen is parsed from its
tagging, with the very parse the whole pipeline gives (arXiv sentences quoted by id)."""

from __future__ import annotations

import pytest

from summarizer.rules import spacy_docs

SENTENCES = [
    # 2605.19329
    "We propose RE-VLM, the first dual-stream vision-language model that jointly leverages "
    "RGB images and event streams for robust scene understanding.",
    # 2606.03788
    "In this work, we shift the focus from Sign Language Translation (SLT) to Sign Language "
    "Understanding (SLU), with particular emphasis on semantic understanding.",
    # 2605.27366
    "However, existing skill creation approaches treat skills as isolated and static "
    "artifacts, limiting their reusability, reliability, and long-term improvement.",
]


def _reading(doc) -> list[tuple[str, str, str, int]]:
    return [(t.text, t.tag_, t.dep_, t.head.i) for t in doc]


@pytest.fixture
def fresh(monkeypatch):
    """An empty store of tagged sentences and an empty parse cache, restored after."""
    monkeypatch.setattr(spacy_docs, "_TAGGED", type(spacy_docs._TAGGED)())
    spacy_docs.parse.cache_clear()
    yield
    spacy_docs.parse.cache_clear()


def test_a_tagged_sentence_parses_as_the_whole_pipeline_parses_it(fresh):
    whole = [_reading(spacy_docs.pipeline()(s)) for s in SENTENCES]
    tagged = spacy_docs.tag(SENTENCES)
    before = [[t.tag_ for t in doc] for doc in tagged]
    for doc in tagged:
        doc.user_data["seen"] = "tagger"  # a mark a copy of the tagged sentence carries
    assert [_reading(spacy_docs.parse(s)) for s in SENTENCES] == whole
    parsed = [spacy_docs.parse(s) for s in SENTENCES]
    assert all(doc.has_annotation("DEP") for doc in parsed)
    assert all(doc.user_data.get("seen") == "tagger" for doc in parsed)
    # the tagged sentences stay as the tagger left them, unparsed, for the scorers
    assert [[t.tag_ for t in doc] for doc in tagged] == before
    assert not any(doc.has_annotation("DEP") for doc in tagged)


def test_an_untagged_sentence_is_parsed_by_the_whole_pipeline(fresh):
    doc = spacy_docs.parse(SENTENCES[0])
    assert doc.has_annotation("DEP")
    assert "seen" not in doc.user_data
    assert _reading(doc) == _reading(spacy_docs.pipeline()(SENTENCES[0]))


def test_the_store_keeps_the_last_sentences_only(fresh, monkeypatch):
    monkeypatch.setattr(spacy_docs, "_TAGGED_KEPT", 2)
    spacy_docs.tag(SENTENCES)
    assert list(spacy_docs._TAGGED) == SENTENCES[1:]
