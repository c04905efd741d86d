"""The paper's tasks: short noun phrases that end in a task word ("... segmentation",
"... forecasting"). The words are data files: ``data/task_heads.txt`` and
``data/task_stop_words.txt``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .analysis import Analysis, analysed
from .wordlists import alternation, words

__all__ = ["find_tasks"]


_TASK_HEADS = words("task_heads")
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


# Toggles, measured on dev (kept only while tuning).
USE_CUE = True
USE_AFTER = True
USE_BEFORE = True
MIN_EVIDENCE = 0

_AFTER_WORD = re.compile(r"\s*([\w'\-]+)")
_BEFORE_WORD = re.compile(r"([\w'\-]+)\s*$")
# Nouns that, right after a task phrase, make it a modifier of something else: "generalization
# error", "reconstruction loss", "a robotic learning system".
_MODIFIED = frozenset(words("task_modified_nouns"))
# Words before a phrase that make its first word a verb: "to perform instance-level retrieval".
_VERB_BEFORE = frozenset(words("task_verb_before"))


@dataclass(frozen=True)
class _Phrase:
    """One task phrase of the text: its qualifier words, its head, and where it is."""

    kept: tuple[str, ...]
    head: str
    start: int
    end: int


def _qualifiers(words: list[str]) -> list[str]:
    """The words of a phrase before its head that qualify it: read back from the head, up
    to the first stop word, verb, adverb, count or manner word."""
    kept: list[str] = []
    for word in reversed(words):
        clean = word.strip(",;:()")
        low = clean.lower()
        if (
            clean != word
            or not clean
            or low in _TASK_STOP
            or clean.isdigit()  # "12 segmentation" counts, it names no task
            # a verb or an adverb ("improving", "learned", "often"); a compound such as
            # "semi-supervised" or "long-tailed" is an adjective
            or ("-" not in low and low not in _NOT_VERBS and _VERB_ENDING.search(low))
            or _SUFFIX_STOP.search(low)
            # "the model's generalization": a possessor is no kind of task
            or (not kept and low.endswith(("'s", "\u2019s")))
        ):
            break
        kept.insert(0, clean)
    return kept


def _with_verb_cut(abstract: str, kept: list[str], start: int, head_start: int) -> int:
    """Drops from ``kept`` a first word that is a verb and returns where the phrase starts."""
    if not kept:
        return start
    before = _BEFORE_WORD.search(abstract, max(0, start - 40), start)
    word = before.group(1).lower() if before else ""
    # after "we" or "can" comes a verb; after "to" a verb or a noun ("applied to image
    # classification"), so there only when more words follow it;
    # and after an adverb a verb too: "specifically target learning with noisy labels"
    adverb = word.endswith("ly") and len(word) > 4 and word not in _NOT_VERBS
    if (word in _VERB_BEFORE or adverb) and (word != "to" or len(kept) > 1):
        kept.pop(0)
        return abstract.index(kept[0], start) if kept else head_start
    return start


def _head_phrases(abstract: str) -> Iterator[_Phrase]:
    """The phrases that end in a head noun written as a word of its own."""
    pending: _Phrase | None = None
    for match in _task_phrases(abstract):
        if match.end() < len(abstract) - 1 and abstract[match.end()] == "-":
            continue  # the head begins a compound word: "detection-based", "task-relevant"
        spans = [(m.start(), m.group()) for m in re.finditer(r"\S+", match.group(1))]
        kept = _qualifiers([word for _, word in spans])
        start = match.start(1) + spans[len(spans) - len(kept)][0] if kept else match.start(2)
        start = _with_verb_cut(abstract, kept, start, match.start(2))
        phrase = _Phrase(tuple(kept), match.group(2), start, match.end())
        if pending is not None and not kept and abstract[pending.end : match.start(2)] == " ":
            # a head that qualifies the next one: "transfer learning", "detection transfer"
            phrase = _Phrase((*pending.kept, pending.head), phrase.head, pending.start, phrase.end)
        elif pending is not None:
            yield pending
        pending = phrase
    if pending is not None:
        yield pending


# A word that ends in a head after a hyphen: "meta-learning", "question-answering".
_COMPOUND = re.compile(r"(?<![\w'\-])((?:[\w']+-)+(?:" + _HEADS + r"))(?![\w\-])", re.I)
_PHRASE_ENDS = frozenset(words("task_phrase_ends"))
_NEXT_WORD = re.compile(r" +([\w'\-]+)")
_WORDS_BEFORE = re.compile(r"((?:[\w'\-]+\s+){0,3})$")


def _compound_phrases(abstract: str) -> Iterator[_Phrase]:
    """The phrases that end in a compound word whose last part is a head ("few-shot
    meta-learning"); a compound that is itself a head ("fine-tuning") is a bare head."""
    low = abstract.lower()
    starts: set[int] = set()
    for head in _LOWER_HEADS:
        at = low.find("-" + head)
        while at >= 0:
            starts.add(low.rfind(" ", 0, at) + 1)
            at = low.find("-" + head, at + 1)
    for at in sorted(starts):
        match = _COMPOUND.match(abstract, at)
        if not match:
            continue
        token = match.group(1)
        after = _NEXT_WORD.match(abstract, match.end())
        if after and after.group(1).lower() not in _PHRASE_ENDS:
            continue  # a compound before a noun qualifies it: "a meta-learning framework"
        before = _WORDS_BEFORE.search(abstract, max(0, at - 120), at)
        words_before = before.group(1).split() if before else []
        kept = _qualifiers(words_before)
        start = abstract.rindex(kept[0], 0, at) if kept else at
        start = _with_verb_cut(abstract, kept, start, at)
        if token.lower() in _LOWER_HEADS:
            yield _Phrase(tuple(kept), token, start, match.end())
        else:
            yield _Phrase((*kept, token), "", start, match.end())


def _phrases(abstract: str) -> list[_Phrase]:
    """The task phrases of the text, in order: each head noun with its qualifiers."""
    found = list(_head_phrases(abstract))
    if "-" in abstract:
        found += _compound_phrases(abstract)
        found.sort(key=lambda p: p.start)
    return found


# Endings of verbs and adverbs ("improving", "learned", "often", "follows"), and the
# words with those endings that are nouns or adjectives ("series", "anomaly", "early").
_VERB_ENDING = re.compile(r"(?:ly|ing|ed|[^s]es|ows|ses)$")
_NOT_VERBS = frozenset(words("task_not_verbs"))
# Fields of study, not tasks, though they end in a head: "machine learning".
_FIELDS = frozenset(words("task_fields"))
_FIELD_ENDS = tuple(" " + field for field in _FIELDS)
_SUFFIX_STOP = re.compile(r"-(?:" + alternation("task_stop_suffixes") + r")$")


def _modifies(abstract: str, phrase: _Phrase) -> bool:
    """Whether the phrase is a modifier of the noun after it ("generalization error")."""
    after = _AFTER_WORD.match(abstract, phrase.end)
    return bool(after and after.group(1).lower() in _MODIFIED)


_KIND_BEFORE = frozenset(("a", "an"))
_KIND_AFTER_OK = frozenset(("task",))
TECH_BEFORE = frozenset(("via", "using", "from", "by", "between"))


def _kind_of(abstract: str, phrase: _Phrase) -> bool:
    """Whether the phrase names a kind of what follows it ("a contrastive learning
    framework", "a zero-order optimization method") or a tool used ("via contrastive
    learning")."""
    before = _BEFORE_WORD.search(abstract, max(0, phrase.start - 40), phrase.start)
    word = before.group(1).lower() if before else ""
    if word in TECH_BEFORE:
        return True
    if word not in _KIND_BEFORE:
        return False
    after = _AFTER_WORD.match(abstract, phrase.end)
    return bool(
        after and after.group(1)[0].isalpha() and after.group(1).lower() not in _KIND_AFTER_OK
    )


def _is_own_name(phrase: str, analysis: Analysis) -> bool:
    """Whether the phrase is (part of) a name the paper gives its own work."""
    key = phrase.lower()
    names = analysis.cue_names
    if any(key in n.lower() for n in names):
        return True
    return any(a.short in names and key in a.long.lower() for a in analysis.abbreviations)


def find_tasks(abstract: str | Analysis, limit: int = 4) -> list[str]:
    """Short noun phrases that name a task: up to three words before a task head noun."""
    analysis = analysed(abstract)
    text = analysis.text
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    spelled: dict[str, str] = {}  # each phrase as first written
    for found in _phrases(text):
        if not found.kept:
            continue  # a bare head noun ("learning") names no task
        if USE_AFTER and _modifies(text, found):
            continue
        if USE_BEFORE and _kind_of(text, found):
            continue
        phrase = " ".join([*found.kept, found.head]).strip()
        key = phrase.lower()
        field = key.replace("-", " ")
        if field in _FIELDS or field.endswith(_FIELD_ENDS):
            continue
        counts[key] += 1
        first.setdefault(key, found.start)
        spelled.setdefault(key, phrase)
    if USE_CUE:
        for key in [k for k in counts if _is_own_name(spelled[k], analysis)]:
            del counts[key]
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    out: list[str] = []
    for key in ranked:
        if any(key in o.lower() or o.lower() in key for o in out):
            continue
        out.append(spelled[key])
        if len(out) == limit:
            break
    return out
