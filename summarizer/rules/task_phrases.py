"""Task phrases: a head noun of ``data/task_heads.txt`` ("segmentation", "learning") with
the words before it that qualify it ("semantic segmentation", "few-shot learning").

The qualifiers are read back from the head and stop at a stop word (``data/
task_stop_words.txt``: function words, judgements such as "optimal" or "large-scale"), at
a word shaped like a verb or an adverb, at a count, at a manner compound ("diffusion-based")
and at a possessive. A head that qualifies the next head joins it ("transfer learning"), and
a compound word that ends in a head is a phrase of its own ("meta-learning").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .analysis import Analysis
from .names import RESOLUTION
from .well_known import is_well_known
from .wordlists import alternation, words

__all__ = ["Phrase", "is_task_head", "phrases", "phrases_of", "word_before"]

_TASK_HEADS = words("task_heads")
_MODEL_KINDS = frozenset(words("model_kinds"))
# Words a task phrase stops at, read back from its head noun: "the", "novel", "achieve".
_TASK_STOP = frozenset(words("task_stop_words"))
_HEADS = alternation("task_heads")
# Up to three words and a head noun; tried only where a word starts.
_TASK_PHRASE = re.compile(r"(?<![\w'\-])((?:[\w'\-]+\s+){0,3})(" + _HEADS + r")\b", re.I)
_HEAD = re.compile(r"(?<![\w'\-])(?:" + _HEADS + r")\b", re.I)


def _task_phrases(abstract: str) -> Iterator[re.Match[str]]:
    """What ``_TASK_PHRASE.finditer`` finds, trying the pattern only at the word starts
    that can reach a head noun (at most three words before it) instead of at every word.

    A phrase starts at a word start (the look-behind) and ends at a head noun, and the
    scan takes the leftmost start first: so for each head, in order, the word starts
    from three words before it up to the head itself are tried, left to right.
    """
    tried = 0  # word starts before this are done: matched into, or unable to match
    for head in _heads(abstract):
        at = head.start()
        if at < tried:
            continue
        for start in _word_starts_up_to(abstract, at, 4):
            if start < tried:
                continue
            match = _TASK_PHRASE.match(abstract, start)
            if match:
                yield match
                tried = match.end()
                break
        else:
            tried = at + 1


_LOWER_HEADS = tuple(dict.fromkeys(h.lower() for h in _TASK_HEADS))


def is_task_head(word: str) -> bool:
    """True for a head noun of a task phrase (``data/task_heads.txt``), in any case."""
    return word.lower() in _LOWER_HEADS


def _heads(abstract: str) -> Iterator[re.Match[str]]:
    """What ``_HEAD.finditer`` finds. In ASCII text a head can only start where its
    lower-cased spelling is found, so the pattern is tried only there."""
    if not abstract.isascii():
        yield from _HEAD.finditer(abstract)
        return
    low = abstract.lower()
    starts: set[int] = set()
    for head in _LOWER_HEADS:
        at = low.find(head)
        while at >= 0:
            starts.add(at)
            at = low.find(head, at + 1)
    end = 0
    for at in sorted(starts):
        if at < end:
            continue  # inside the head found before
        match = _HEAD.match(abstract, at)
        if match:
            yield match
            end = match.end()


_WORD_START_AT = re.compile(r"(?<![\w'\-])[\w'\-]")


def _word_starts_up_to(text: str, at: int, count: int) -> list[int]:
    """The last ``count`` word starts at or before ``at``, in order."""
    span = 120
    while True:
        low = max(0, at - span)
        starts = [m.start() for m in _WORD_START_AT.finditer(text, low, at + 1)]
        if len(starts) >= count or low == 0:
            return starts[-count:]
        span *= 4


class Phrase(NamedTuple):
    """One task phrase of the text: its qualifier words, its head and where it is
    (``start`` is where its first word starts, ``end`` where its head ends)."""

    kept: tuple[str, ...]
    head: str
    start: int
    end: int

    @property
    def text(self) -> str:
        return " ".join((*self.kept, self.head)) if self.head else " ".join(self.kept)


# Words before a phrase that make its first word a verb: "to perform instance-level retrieval".
_VERB_BEFORE = frozenset(words("task_verb_before"))
# Endings of verbs and adverbs ("improving", "learned", "follows", "often"), and the words
# with those endings that are nouns or adjectives ("series", "anomaly", "early").
_VERB_ENDING = re.compile(r"(?:ly|ing|ed|[^s]es|ows|ses)$")
_NOT_VERBS = frozenset(words("task_not_verbs"))
# Compounds that say how, not what: "diffusion-based", "large-scale", "layer-wise".
_SUFFIX_STOP = re.compile(r"-(?:" + alternation("task_stop_suffixes") + r")$")


def word_before(text: str, at: int) -> str:
    """The word that ends right before ``at``, across spaces only ("" after punctuation)."""
    end = at
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_'-"):
        start -= 1
    return text[start:end]


# A lower-case word ending in "s" but not "ss", "us", "is" or "'s": a plural noun or a
# verb ("methods", "mimics"), which no task names before its head.
_PLURAL = re.compile(r"[a-z]{2}[^su'i]s$")


def _qualifiers(words: list[str]) -> list[str]:
    """The words before a head that qualify it, read back from the head up to the first
    stop word, verb or adverb, count, manner compound or (next to the head) possessive."""
    kept: list[str] = []
    for word in reversed(words):
        low = word.lower()
        if low in _TASK_STOP or word != word.strip(",;:()") or word.isdigit():
            break  # a stop word, a word at punctuation, a count ("12 segmentation")
        if RESOLUTION.fullmatch(low) or low == "s":
            break  # a size ("256x256 resolution"), the end of a possessive ("model’s reasoning")
        if low in _MODEL_KINDS or is_well_known(word):
            break  # a kind of model or a model: "MLLM generalization", "GPT-2 pretraining"
        if "--" in word or not any(c.isalnum() for c in word):
            break  # a dash ("tasks -- classification"), not a word
        if _PLURAL.search(word) and low not in _NOT_VERBS:
            break  # a plural noun or a verb: "connections rescue learning", "mimics"
        if "-" in low:
            if _SUFFIX_STOP.search(low):
                break  # how, not what: "diffusion-based"
        elif low not in _NOT_VERBS and _VERB_ENDING.search(low):
            # a verb or an adverb ("improving", "learned", "often"); a compound such as
            # "semi-supervised" or "long-tailed" is an adjective
            break
        if not kept and low.endswith(("'s", "\u2019s")):
            break  # "the model's generalization": a possessor is no kind of task
        kept.append(word)
    kept.reverse()
    return kept


def _cut_verb(abstract: str, kept: list[str], start: int, head_start: int) -> int:
    """Drops from ``kept`` a first word that is a verb; returns where the phrase starts."""
    if not kept:
        return start
    word = word_before(abstract, start).lower()
    # After "we" or "can" comes a verb, and after an adverb ("specifically target learning
    # with noisy labels"); after "to" a verb or a noun ("applied to image classification"),
    # so there only when more words follow it.
    adverb = word.endswith("ly") and len(word) > 4 and word not in _NOT_VERBS
    if (word in _VERB_BEFORE or adverb) and (word != "to" or len(kept) > 1):
        kept.pop(0)
        return abstract.index(kept[0], start) if kept else head_start
    return start


def _head_phrases(abstract: str) -> Iterator[Phrase]:
    """The phrases that end in a head noun written as a word of its own."""
    pending: Phrase | None = None
    for match in _task_phrases(abstract):
        if abstract[match.end() : match.end() + 1] == "-":
            continue  # the head begins a compound word: "detection-based", "task-relevant"
        before = match.group(1)
        kept = _qualifiers(before.split()) if before else []
        start = match.start(2)
        if kept:
            at = len(before)
            for word in reversed(kept):
                at = before.rfind(word, 0, at)
            start = match.start(1) + at
        start = _cut_verb(abstract, kept, start, match.start(2))
        phrase = Phrase(tuple(kept), match.group(2), start, match.end())
        if pending is not None and not kept and abstract[pending.end : phrase.start] == " ":
            # a head that qualifies the next one: "transfer learning", "detection transfer"
            # (not one before qualifiers: in "understanding compositional reasoning" the
            # first head is a verb)
            phrase = Phrase((*pending.kept, pending.head), phrase.head, pending.start, phrase.end)
        elif pending is not None:
            yield pending
        pending = phrase
    if pending is not None:
        yield pending


# The head that ends a compound word ("meta-learning"), matched right after its hyphen.
_COMPOUND_TAIL = re.compile(r"(?:" + _HEADS + r")(?![\w'\-])", re.I)
_HEAD_STARTS = frozenset(head[:2] for head in _LOWER_HEADS)
_COMPOUND = re.compile(r"((?:[\w']+-)+(?:" + _HEADS + r"))(?![\w'\-])", re.I)
# Words that may follow a compound that ends a task phrase ("meta-learning and ...").
_PHRASE_ENDS = frozenset(words("task_phrase_ends"))
_NEXT_WORD = re.compile(r" +([\w'\-]+)")
_WORDS_BEFORE = re.compile(r"((?:[\w'\-]+\s+){0,3})$")


def _compound_phrases(abstract: str) -> Iterator[Phrase]:
    """The phrases that end in a compound word whose last part is a head ("few-shot
    meta-learning"); a compound that is itself a head ("fine-tuning") is a bare head."""
    done = 0
    at = abstract.find("-")
    while at >= 0:
        tail = (
            _COMPOUND_TAIL.match(abstract, at + 1)
            if abstract[at + 1 : at + 3].lower() in _HEAD_STARTS
            else None
        )
        if tail and at >= done:
            start = at
            while start > 0 and (abstract[start - 1].isalnum() or abstract[start - 1] in "'-_"):
                start -= 1
            match = _COMPOUND.match(abstract, start)
            # a word of its own, not part of a URL or a path ("github.com/x/Meta-Learning")
            alone = start == 0 or abstract[start - 1].isspace() or abstract[start - 1] in "([\"'"
            if match and alone and match.end() == tail.end():
                done = match.end()
                phrase = _compound_phrase(abstract, match)
                if phrase is not None:
                    yield phrase
        at = abstract.find("-", at + 1)


def _compound_phrase(abstract: str, match: re.Match[str]) -> Phrase | None:
    token, at = match.group(1), match.start()
    after = _NEXT_WORD.match(abstract, match.end())
    if after and after.group(1).lower() not in _PHRASE_ENDS:
        return None  # a compound before a noun qualifies it: "a meta-learning framework"
    before = _WORDS_BEFORE.search(abstract, max(0, at - 120), at)
    kept = _qualifiers(before.group(1).split() if before else [])
    start = abstract.rindex(kept[0], 0, at) if kept else at
    start = _cut_verb(abstract, kept, start, at)
    if is_task_head(token):
        return Phrase(tuple(kept), token, start, match.end())
    return Phrase((*kept, token), "", start, match.end())


def phrases(abstract: str) -> list[Phrase]:
    """The task phrases of the text in order (bare heads included, with no ``kept``)."""
    found = list(_head_phrases(abstract))
    if "-" in abstract:
        found += _compound_phrases(abstract)
        found.sort(key=lambda p: p.start)
    return found


def phrases_of(analysis: Analysis) -> list[Phrase]:
    """:func:`phrases` of the abstract's text, found once per analysis (the task rules and
    the task scorer both read them)."""
    return analysis.kept(_phrases_of_text)


def _phrases_of_text(analysis: Analysis) -> list[Phrase]:
    return phrases(analysis.text)
