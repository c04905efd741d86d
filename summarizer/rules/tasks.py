"""The paper's tasks: the problems and applications it names ("semantic segmentation",
"few-shot learning"), at most four, none when no phrase names one clearly.

A task is a phrase of :mod:`.task_phrases` (qualifiers and a task head noun) that is not:

- a bare head ("learning", "generalization");
- a modifier of the noun after it ("generalization error", "reconstruction loss");
- a kind of the noun after it ("a contrastive learning framework") or a tool the paper
  uses ("via knowledge distillation");
- a field of study ("machine learning");
- a name the paper gives its own work (its cue names and their long forms).

The most repeated phrases come first, then the earliest. The words are data files:
``data/task_*.txt``.
"""

from __future__ import annotations

import re
from collections import Counter

from .analysis import Analysis, analysed
from .cue_names import find_cue_names
from .task_phrases import Phrase, phrases_of, word_before
from .wordlists import words

__all__ = ["find_tasks"]

_AFTER_WORD = re.compile(r"\s*([\w'\-]+)")
# Nouns that, right after a task phrase, make it a modifier of another noun.
_MODIFIED = frozenset(words("task_modified_nouns"))
# "a/an PHRASE NOUN": the phrase names a kind of the noun, unless the noun is "task".
_KIND_BEFORE = frozenset(("a", "an"))
_KIND_NOUN_OK = frozenset(("task",))
# Words before a phrase that make it a tool used or a concept compared, not the problem.
_TOOL_BEFORE = frozenset(words("task_tool_before"))
# Fields of study that end in a head: "machine learning", "scientific machine learning".
_FIELDS = frozenset(words("task_fields"))
_FIELD_ENDS = tuple(" " + field for field in _FIELDS)
# A resolution that is how fine something is, not a problem resolved: "spatial resolution",
# "high-resolution" (not "coreference resolution", "super-resolution").
_A_RESOLUTION = re.compile(
    r"(?:^| )(?:high|low|higher|lower|ultra high|spatial|temporal|spectral|angular|image|full|"
    r"native|input|output|fine|coarse|arbitrary|variable|pixel|frame|video|spatiotemporal|time) "
    r"resolution$"
)


def _is_task_use(abstract: str, phrase: Phrase) -> bool:
    """Whether this occurrence of the phrase names a problem rather than a modifier of the
    noun after it, a kind of that noun, or a tool."""
    after = _AFTER_WORD.match(abstract, phrase.end)
    next_word = after.group(1).lower() if after else ""
    if next_word in _MODIFIED:
        return False
    word = word_before(abstract, phrase.start).lower()
    if word in _TOOL_BEFORE:
        return False
    return not (word in _KIND_BEFORE and next_word[:1].isalpha() and next_word not in _KIND_NOUN_OK)


def _own_names(analysis: Analysis) -> tuple[str, ...]:
    """The names the paper gives its own work, lower-cased."""
    return tuple(name.lower() for name in find_cue_names(analysis.unstyled))


def _is_own_name(abstract: str, phrase: Phrase, key: str, names: tuple[str, ...]) -> bool:
    """Whether the phrase is (part of) one of the paper's own names, or the long form
    written right before one: "Minor Components Adaptation (SoMA)". A name the paper gives
    a problem it sets is a task all the same: "we introduce the \\emph{Private
    Contiguous-Block Retrieval (PCBR)} problem"."""
    if any(key in name for name in names):
        return True
    rest = abstract[phrase.end : phrase.end + 60].lower()
    return rest.startswith(" (") and any(
        rest[2:].startswith(name + ")") and not _PROBLEM.match(rest, 3 + len(name))
        for name in names
    )


# What the paper names may be a problem it sets: "(PCBR)} problem", "(SPSSR) task".
_PROBLEM = re.compile(r"\}?\s*(?:problems?|tasks?|settings?)\b")


def find_tasks(abstract: str | Analysis, limit: int = 4) -> list[str]:
    """The abstract's tasks: the phrases that name a problem, most repeated first."""
    analysis = analysed(abstract)
    text = analysis.text
    names = _own_names(analysis)
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    spelled: dict[str, str] = {}  # each phrase as first written
    own: set[str] = set()
    for found in phrases_of(analysis):
        if not found.kept or not _is_task_use(text, found):
            continue  # a bare head noun ("learning") names no task
        phrase = found.text
        key = phrase.lower()
        field = key.replace("-", " ")
        if field in _FIELDS or field.endswith(_FIELD_ENDS) or _A_RESOLUTION.search(field):
            continue  # a field of study; a resolution that is a property ("spatial resolution")
        if names and _is_own_name(text, found, key, names):
            own.add(key)
        counts[key] += 1
        first.setdefault(key, found.start)
        spelled.setdefault(key, phrase)
    ranked = sorted((k for k in counts if k not in own), key=lambda k: (-counts[k], first[k]))
    out: list[str] = []
    for key in ranked:
        if any(key in o.lower() or o.lower() in key for o in out):
            continue
        out.append(spelled[key])
        if len(out) == limit:
            break
    return out
