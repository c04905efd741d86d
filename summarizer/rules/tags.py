"""The part-of-speech tags of an abstract's words, which the learned scorers read.

spaCy's tagger alone (its ``tok2vec`` and ``tagger`` steps, no parse) over all the sentences
of the abstract as one batch (:func:`.spacy_docs.tag`). The tagged sentences and their
tokens' offsets are kept on the :class:`.Analysis`, so the task scorer and the keyword rules
tag an abstract once, and a sentence's parse reuses its tagging.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from .analysis import Analysis
from .spacy_docs import tag

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["NOUN_TAGS", "tag_at", "tagged"]

#: The tags of a noun, common or proper, singular or plural.
NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})


def _tag(analysis: Analysis) -> list[Doc]:
    return tag([sentence.text for sentence in analysis.sentences])


def tagged(analysis: Analysis) -> list[Doc]:
    """Each sentence of ``analysis`` as tokens with their tags (``tag_``), in order."""
    return analysis.kept(_tag)


def _starts(analysis: Analysis) -> tuple[list[int], list[str]]:
    """The abstract's offset of each token's first character, in order, and its tag."""
    starts: list[int] = []
    tags: list[str] = []
    for sentence, doc in zip(analysis.sentences, tagged(analysis), strict=True):
        for token in doc:
            starts.append(sentence.start + token.idx)
            tags.append(token.tag_)
    return starts, tags


def tag_at(analysis: Analysis, position: int) -> str:
    """The tag of the token that holds character ``position`` of the abstract ("" outside
    every sentence's tokens)."""
    starts, tags = analysis.kept(_starts)
    i = bisect_right(starts, position) - 1
    return tags[i] if i >= 0 else ""
