"""The paper's tasks: short noun phrases that end in a task word ("... segmentation",
"... forecasting"). The words are data files: ``data/task_heads.txt`` and
``data/task_stop_words.txt``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

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


def find_tasks(abstract: str | Analysis, limit: int = 4) -> list[str]:
    """Short noun phrases that name a task: up to three words before a task head noun."""
    abstract = analysed(abstract).text
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    spelled: dict[str, str] = {}  # each phrase as first written
    for match in _task_phrases(abstract):
        words = match.group(1).split()
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
                or ("-" not in low and re.search(r"(?:ly|ing|ed|[^s]es|ows|ses)$", low))
            ):
                break
            kept.insert(0, clean)
        if not kept:
            continue  # a bare head noun ("learning") names no task
        phrase = " ".join([*kept, match.group(2)])
        key = phrase.lower()
        counts[key] += 1
        first.setdefault(key, match.start())
        spelled.setdefault(key, phrase)
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    out: list[str] = []
    for key in ranked:
        if any(key in o.lower() or o.lower() in key for o in out):
            continue
        out.append(spelled[key])
        if len(out) == limit:
            break
    return out
