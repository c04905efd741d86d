"""Tasks the phrase rules miss, chosen by a scorer learned from the labelled dev part.

The phrase rules of :mod:`.tasks` name a task only where a head noun of their closed list
ends it ("segmentation", "learning"), and give none for a quarter of the dev abstracts.
This module reads every noun phrase of the abstract instead, by its part-of-speech tags
(spaCy's tagger, without the parse): each run of nouns, adjectives and gerunds, cut to each
phrase of up to six words that starts after a space and ends on a noun or a gerund
("Low-light image enhancement", "image dehazing"). A logistic model scores each phrase from
its words, its tags, the words around it, where and how often the abstract writes it, and
whether the phrase rules found it (``data/task_scores.json``, trained by
``evals/train_scorers.py tasks`` on the dev part only).

The rules stay in front, and the scorer only fills in where it is sure (:func:`choose`):
every task of the rules, and while they are fewer than :data:`FILL_TO`, each phrase of
more than one word that the scorer gives at least :data:`SURE` and that overlaps none of them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NamedTuple

from ..text import counts_f1, words
from . import learned
from .analysis import Analysis, analysed
from .learned import table_of
from .tags import NOUN_TAGS, tagged
from .task_phrases import is_task_head, phrases_of
from .tasks import find_tasks

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = [
    "FILL_TO",
    "SURE",
    "ScoredPhrase",
    "choose",
    "phrase_features",
    "probability",
    "ranked",
    "with_scored",
]

#: The score at which the scorer's phrase is taken.
SURE = 0.7
#: The scorer adds phrases only while the tasks are fewer than this.
FILL_TO = 3
# Tags of the words a noun phrase runs over; it ends on a noun and never starts on a hyphen.
_RUN = frozenset(
    {"NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "VBG", "HYPH", "NFP", "CD", "AFX", "FW"}
)
_JOINERS = frozenset({"HYPH", "NFP"})
_OPENERS = frozenset({"(", "[", "{", '"', "'", "\u201c", "\u2018"})
_LONGEST = 6
# Features that belong to one place the phrase is written, not to the phrase: a phrase
# written again keeps those of its first place.
_PLACE = ("sidx=", "prev=", "prevt=", "next=", "nextt=", "prev2=", "h|prev=")


class ScoredPhrase(NamedTuple):
    """A noun phrase of the abstract, as first written, with the scorer's probability."""

    text: str
    score: float


def _overlaps(phrase: str, taken: list[tuple[str, Counter[str]]]) -> bool:
    """True when ``phrase`` is in, holds, or shares half its words (token F1) with one of
    ``taken`` (phrases as :func:`_counted` gives them)."""
    key, own = phrase.lower(), Counter(words(phrase))
    return any(key in low or low in key or counts_f1(own, counts) >= 0.5 for low, counts in taken)


def _counted(phrases: list[str]) -> list[tuple[str, Counter[str]]]:
    """Each phrase lower-cased, with its word counts."""
    return [(p.lower(), Counter(words(p))) for p in phrases]


def _runs(tags: list[str]) -> Iterator[tuple[int, int]]:
    """The (first, last) token indexes of each run of noun-phrase tags."""
    i, n = 0, len(tags)
    while i < n:
        if tags[i] not in _RUN or tags[i] in _JOINERS:
            i += 1
            continue
        j = i
        while j + 1 < n and tags[j + 1] in _RUN:
            j += 1
        yield i, j
        i = j + 1


def _starts_phrase(tokens: list[Token], at: int) -> bool:
    """A phrase starts on a word that follows a space or a bracket, never inside a compound
    ("pass" of "single-pass")."""
    if tokens[at].tag_ in _JOINERS:
        return False
    return at == 0 or bool(tokens[at - 1].whitespace_) or tokens[at - 1].text in _OPENERS


def _ends_phrase(tokens: list[Token], at: int) -> bool:
    """A phrase ends on a noun or a gerund ("image dehazing") that no hyphen or letter
    follows."""
    token = tokens[at]
    if token.tag_ not in NOUN_TAGS and not (token.tag_ == "VBG" and token.text.endswith("ing")):
        return False
    return (
        at + 1 == len(tokens)
        or bool(token.whitespace_)
        or not tokens[at + 1].text[0].isalnum()
        and tokens[at + 1].tag_ not in _JOINERS
    )


def phrase_features(
    abstract: str | Analysis, rule_tasks: list[str] | None = None
) -> dict[str, tuple[str, frozenset[str]]]:
    """Each noun phrase of the abstract (lower-cased key) with its text as first written and
    the features the scorer reads; ``rule_tasks`` are the abstract's :func:`.find_tasks`."""
    analysis = analysed(abstract)
    rule = [t.lower() for t in (find_tasks(analysis) if rule_tasks is None else rule_tasks)]
    rule_phrases = {p.text.lower() for p in phrases_of(analysis)}
    rule_counted = _counted(rule)
    low = analysis.text.lower()
    sentences = analysis.sentences
    out: dict[str, tuple[str, set[str]]] = {}
    for k, (sentence, doc) in enumerate(zip(sentences, tagged(analysis), strict=True)):
        tokens = list(doc)
        tags = [t.tag_ for t in tokens]
        for first, last in _runs(tags):
            for end in range(first, last + 1):
                if not _ends_phrase(tokens, end):
                    continue
                for start in range(max(first, end - _LONGEST + 1), end + 1):
                    if not _starts_phrase(tokens, start):
                        continue
                    span = tokens[start : end + 1]
                    text = sentence.text[span[0].idx : span[-1].idx + len(span[-1])]
                    key = text.lower()
                    if len(key) < 3 or not re.search("[a-z]", key):
                        continue
                    head = span[-1].text.lower()
                    before = tokens[start - 1] if start > 0 else None
                    after = tokens[end + 1] if end + 1 < len(tokens) else None
                    prev = before.text.lower() if before else "^"
                    prev2 = tokens[start - 2].text.lower() if start > 1 else "^"
                    features = {
                        "b",
                        "h=" + head,
                        "hs3=" + head[-3:],
                        "hs4=" + head[-4:],
                        "f=" + span[0].text.lower(),
                        "ft=" + span[0].tag_,
                        f"len={len(span)}",
                        "tags=" + " ".join(t.tag_ for t in span),
                        "prev=" + prev,
                        "prevt=" + (before.tag_ if before else "^"),
                        "next=" + (after.text.lower() if after else "$"),
                        "nextt=" + (after.tag_ if after else "$"),
                        f"sidx={min(k, 3)}",
                        f"prev2={prev2} {prev}",
                        f"h|prev={head}|{prev}",
                        "full" if (start == first and end == last) else "part",
                        "endrun" if end == last else "midrun",
                        f"occ={min(low.count(key), 4)}",
                    }
                    if k == len(sentences) - 1:
                        features.add("lastsent")
                    if key in rule:
                        features.update(("rule", f"rule{rule.index(key)}"))
                    if _overlaps(key, rule_counted):
                        features.add("rulenear")
                    if key in rule_phrases:
                        features.add("rulephr")
                    if is_task_head(head):
                        features.add("taskhead")
                    if any(c.isupper() for c in text[1:]):
                        features.add("cap")
                    if any(c.isdigit() for c in text):
                        features.add("digit")
                    if key not in out:
                        out[key] = (text, features)
                    else:
                        kept = out[key][1]
                        kept.update(f for f in features if not f.startswith(_PLACE))
                        kept.add("multi")
    return {key: (text, frozenset(features)) for key, (text, features) in out.items()}


def probability(features: Iterable[str], table: Mapping[str, float] | None = None) -> float:
    """The scorer's probability that a phrase with these features names a task (``table``:
    weights other than the shipped ones, for training)."""
    return learned.probability(features, table_of("task_scores") if table is None else table)


def ranked(
    found: Mapping[str, tuple[str, Iterable[str]]], table: Mapping[str, float] | None = None
) -> list[ScoredPhrase]:
    """The phrases of :func:`phrase_features`, highest score first (the earliest written on
    a tie)."""
    scored = [ScoredPhrase(text, probability(f, table)) for text, f in found.values()]
    return sorted(scored, key=lambda p: -p.score)


def choose(rule_tasks: list[str], phrases_ranked: list[ScoredPhrase]) -> list[str]:
    """The rules' tasks, all of them; while they are fewer than :data:`FILL_TO`, the
    scorer's phrases at :data:`SURE` or above, of more than one word, that overlap none of
    them, best first."""
    out = list(rule_tasks)
    for phrase in phrases_ranked:
        if phrase.score < SURE or len(out) >= FILL_TO:
            break
        # a bare word ("Image", "dehazing") names no task, as in the rules; and the rules'
        # own phrase for the same task is the better written one
        if (" " in phrase.text or "-" in phrase.text) and not _overlaps(phrase.text, _counted(out)):
            out.append(phrase.text)
    return out


def with_scored(abstract: str | Analysis, rule_tasks: list[str]) -> list[str]:
    """The abstract's tasks: :func:`choose` over the rules' tasks and its scored phrases
    (not read where the rules give :data:`FILL_TO` already)."""
    if len(rule_tasks) >= FILL_TO:
        return list(rule_tasks)
    return choose(rule_tasks, ranked(phrase_features(abstract, rule_tasks)))
