"""A short form the paper defines for what it makes, in lower-case words: "We introduce a
safety-aware probing (SAP) optimization framework", "this paper proposes a
foreground-background separation (FBS) method".

The long form is the whole object of the making verb (after its article and words such as
"novel"), and an artifact noun or a stop follows the short form. A term many papers define
("convolutional neural network (CNN)", :func:`.well_known.is_common`) is no name of the
paper's, nor a field or a setting ("a domain incremental learning (DIL) approach"), nor
what a made thing measures ("a computational framework assessing user-perceived quality
(UPQ)": the long form is not the object).
"""

from __future__ import annotations

import re

from .analysis import Analysis
from .cue_parts import ARTIFACT_NOUN, CUE_VERB
from .cue_words import NEW_WORDS, either
from .well_known import is_common
from .wordlists import words

__all__ = ["defined_after_making"]

# "we introduce a ", "this paper proposes a novel ", "we devise an efficient ": where the
# long form starts.
_MAKING_BEFORE = re.compile(
    CUE_VERB + r"(?:an?|the)\s+(?:(?:" + either(NEW_WORDS) + r"|yet|and)\s+)*\Z"
)
# After the short form: the kind of thing ("optimization framework", "loss") or a stop.
_KIND_AFTER = re.compile(
    r"\s*(?:[,.;:]|(?:(?:-based\s+)?[a-z][\w\-]*\s+){0,2}?"
    + ARTIFACT_NOUN
    + r"\b|\s+(?:to|that|which|for)\b)"
)
# Words a lower-case long form of one name holds none of: it is one noun phrase.
_CLAUSE_WORD = re.compile(
    r"\b(?:of|for|that|which|to|with|using|based|on|in|by|via|from|and|or|leveraging|"
    r"assessing|integrating|combining)\b"
)


# A long form that ends in a task's head noun names a field or a setting the paper works in
# ("a domain incremental learning (DIL) approach", "a visual question answering (VQA)
# dataset"), not what it makes.
_TASK_HEADS = frozenset(words("task_heads"))


def defined_after_making(analysis: Analysis) -> tuple[str, ...]:
    """Short forms of lower-case long forms that are the whole object of "we propose",
    "we introduce", ... (see the module); found once per abstract and kept on its analysis."""
    return analysis.kept(_defined_after_making)


def _defined_after_making(analysis: Analysis) -> tuple[str, ...]:
    text = analysis.text
    out: list[str] = []
    for pair in analysis.abbreviations:
        long = pair.long
        if not long[:1].islower() or _CLAUSE_WORD.search(long):
            continue
        if not re.search(r"[A-Z]", pair.short) or pair.short in out:
            continue
        if len(pair.short.rstrip("s")) < 3:
            continue  # "a novel behavioral cloning (BC) approach": two letters make a term
        if long.split()[-1].lower() in _TASK_HEADS or is_common(pair.short, analysis.abbreviations):
            continue
        if not _MAKING_BEFORE.search(text, max(0, pair.long_start - 160), pair.long_start):
            continue
        if not _KIND_AFTER.match(text, pair.short_end + 1):
            continue
        out.append(pair.short)
    return tuple(out)
