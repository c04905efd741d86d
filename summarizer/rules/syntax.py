"""What a sentence's grammar says about a number: the words it measures, and who performs it.

The wording rules of :mod:`.metrics` and :mod:`.subjects` read a few words either side of a
number, and say nothing when the words they know are not there. This module reads the
sentence's dependency parse instead (spaCy's small English pipeline, whose weights ship in
its wheel), and is asked only for the numbers those rules leave without a metric or a subject:

- **metric**: the noun phrase the number measures by its place in the sentence: "a footprint
  of under 7MB" (the noun the "of" hangs on), "improves the accuracy of X by 5.17%" and "the
  matching accuracy is improved by 1.9%" (what the verb that "by" hangs on changes), "reaching F1
  scores above 0.80" (what the verb keeps above or below it), "0.8 points" (the noun the
  number modifies);
- **subject**: the noun phrase that performs the clause the number is in, "the hierarchical
  system achieved a 72.5% success rate", a relative pronoun taken back to its noun ("a model
  that predicts ... with an accuracy of ~80%"); not a pronoun ("we", "it"), and not a noun
  that says what is measured or counted.

A parse is made per sentence, on first need, and kept by its text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Collection
from typing import TYPE_CHECKING

from .metrics import METRIC_NAMES, ends_in_metric
from .spacy_docs import parse
from .well_known import is_model_line
from .wordlists import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "MADE_NOUNS",
    "METHOD_NOUNS",
    "NOUNS",
    "OWN_WORDS",
    "SYSTEM_NOUNS",
    "head_in",
    "in_setting",
    "metric_of",
    "noun_phrase_at",
    "strip_marker",
    "subject_of",
    "subject_span",
]

# Verbs whose "by N" changes their object ("improves the accuracy by 5%") and that may be
# passive ("the accuracy is improved by 1.9%"): any verb will do; these say the object is a
# name compared with, not what is measured ("outperforms GPT-4 by 5%").
_COMPARING_STEMS = tuple(words("comparing_verbs"))
_PRONOUNS = frozenset(
    "we i you it they this that these those which who whom one ours itself each all both".split()
)
# Nouns that say what is counted, measured or found, never who performs it
# (data/not_performer_nouns.txt), and the nouns of change but "enhancement", a method's too.
_NOT_ACTORS = frozenset(words("not_performer_nouns")) | (
    frozenset(words("change_nouns")) - {"enhancement"}
)
# One-word nouns of what is measured, written in lower case ("the computational speed is 297
# times faster", "its precision remained high at 95%"): never who performs. Not those that
# also name a part of a method ("the combined loss reaches", "cross-domain memory improves").
_MEASURES = frozenset(w for w in words("metric_nouns") if " " not in w) - {
    "loss", "memory", "reward", "return", "cost", "energy", "p",
}  # fmt: skip
# The forms of "be" ("the accuracy is 85%").
_BE = frozenset("be is are was were been being am 's 're 'm \u2019s \u2019re".split())
NOUNS = frozenset({"NOUN", "PROPN"})
# A verb of change, and the prepositions of the values before and after it: "accuracy
# increases from 70.8% to 77.7%", "improved performance to 0.860".
_CHANGES = tuple(words("metric_verbs") + words("change_verbs"))
_FROM_TO = frozenset({"from", "to"})
# Prepositions that bound what the verb's object reaches: "keeps the error below 1%".
_BOUNDS = frozenset({"above", "below", "under", "over", "beyond"})
#: Words that make a phrase the paper's own: "our model", "the proposed approach".
OWN_WORDS = frozenset({"our", "proposed", "my", "this"})
_DETERMINERS = frozenset({"det", "poss", "amod", "predet"})


def _tokens(doc: Doc, start: int, end: int) -> list[Token]:
    """The tokens that overlap ``doc.text[start:end]``, by bisection over token offsets."""
    offsets = doc.user_data.get("offsets") or ([t.idx for t in doc], [t.idx + len(t) for t in doc])
    starts, ends = doc.user_data["offsets"] = offsets
    return [doc[i] for i in range(bisect_right(ends, start), bisect_left(starts, end))]


def _head_of(doc: Doc, start: int, end: int) -> Token | None:
    """The token of the number's span that the rest of the sentence hangs it on."""
    tokens = _tokens(doc, start, end)
    inside = {t.i for t in tokens}
    heads = [t for t in tokens if t.head.i not in inside or t.head.i == t.i]
    return heads[0] if heads else None


def _phrase(noun: Token, names: Collection[str]) -> str | None:
    """The noun with the words that make it a phrase ("word error rate", "matching
    accuracy"), without determiners, numbers or anything after it; None for a name."""
    left = [
        t
        for t in noun.lefts
        if t.dep_ in {"compound", "amod", "nmod"} and t.is_alpha or t.dep_ == "compound"
    ]
    begin = min([t.i for t in left] + [noun.i])
    # keep only a contiguous run that ends at the noun
    words = []
    for t in noun.doc[begin : noun.i + 1]:
        if t.dep_ in {"det", "poss", "nummod", "punct", "predet"} or t.like_num:
            words = []
            continue
        words.append(t)
    first = noun.doc[words[0].i] if words else noun
    while _glued_after(first):  # "zero-shot performance", not "shot performance"
        first = noun.doc[first.i - 1]
    text = noun.doc[first.i : noun.i + 1].text
    if text in names or noun.text in names or not any(c.isalpha() for c in text):
        return None
    written = noun.doc.text[first.idx :].split(None, 1)[0].rstrip(".,;:)")
    if " " in text or written == text or not written.startswith(text):
        return text
    # a piece of one written word: "macro" of "macro-F1" (the metric written whole),
    # "Qwen2.5" of "Qwen2.5-VL-7B" (a model, no metric)
    if ends_in_metric(written):
        return written
    return None if written in names or is_model_line(written) else text


def _glued_after(token: Token) -> bool:
    """True when ``token`` goes on a word written right before it, without a space: the
    parser split one written word ("zero-shot", "Qwen2.5-VL-7B") into pieces."""
    if token.i == 0:
        return False
    before = token.doc[token.i - 1]
    return not before.whitespace_ and (before.text[-1:].isalnum() or before.text[-1:] in "-.")


def _is_number(token: Token) -> bool:
    return (
        token.like_num
        or any(c.isdigit() for c in token.text)
        or (any(c.dep_ == "nummod" for c in token.children))
    )


def _measured_by(by: Token, names: Collection[str]) -> str | None:
    """What a verb changes "by" a number, "from" or "to" it (or keeps "above" it): its
    object, or its subject when passive or when it has no object."""
    verb = by.head
    if verb.pos_ not in {"VERB", "AUX"}:
        return None
    if verb.lower_.startswith(_COMPARING_STEMS):
        return None
    for child in verb.children:
        if child.dep_ in {"dobj", "nsubjpass"} and child.pos_ in NOUNS:
            return _phrase(child, names)
    # "Top-1 and Top-5 error increased by 120% and 384%": with no object, what the verb's
    # subject is changes, unless that is who does it ("our method improves by 5%")
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if (
        subject is not None
        and subject.pos_ in NOUNS
        and subject.lower_ not in _PRONOUNS
        and not head_in(subject, MADE_NOUNS)
        and not any(t.lower_ in OWN_WORDS for t in subject.subtree)
    ):
        return _phrase(subject, names)
    return None


def metric_of(sentence: str, start: int, end: int, names: Collection[str] = ()) -> str | None:
    """What the number at ``sentence[start:end]`` measures, by the sentence's grammar; None
    where the grammar does not say. ``names`` are never a metric."""
    doc = parse(sentence)
    head = _head_of(doc, start, end)
    if head is None:
        return None
    while head.dep_ in {"conj", "appos"} and _is_number(head.head):
        head = head.head  # "are 99.56%, 97.22% and 94.32%": the first of the list says
    up = head.head
    while head.dep_ == "pobj" and up.lower_ == "than" and up.head.dep_ == "pobj":
        head, up = up.head, up.head.head  # "by more than 60x": the "by" of "more"
    if head.dep_ == "pobj" and up.dep_ == "prep":
        if up.lower_ == "of" and up.head.pos_ in NOUNS and up.head.i < up.i:
            return _phrase(up.head, names)  # "a footprint of under 7MB"
        if up.lower_ == "by" or up.lower_ in _FROM_TO and up.head.lower_.startswith(_CHANGES):
            # "improves the accuracy of X by 5.17%", "accuracy increases from 70.8% to 77.7%"
            return _measured_by(up, names)
        if up.lower_ in _BOUNDS and up.head.pos_ in {"VERB", "AUX"}:
            return _measured_by(up, names)  # "reaching FTB and FBS scores above 0.80"
    if head.dep_ in {"nummod", "quantmod"} and up.pos_ in NOUNS and up.i > head.i:
        # "scores above 0.80" parses the number onto the noun it follows or precedes; not
        # onto the far end of its range ("by 4-15x")
        return None if up.text[:1].isdigit() else _phrase(up, names)
    if head.dep_ in {"attr", "acomp"} and up.lower_ in _BE:
        for child in up.children:
            if child.dep_ == "nsubj" and child.pos_ in NOUNS:
                return _phrase(child, names)  # "the accuracy is 85%"
    return None


def _clause_verb(token: Token) -> Token | None:
    while token.head.i != token.i:
        token = token.head
        if token.pos_ in {"VERB", "AUX"} and any(c.dep_ == "nsubj" for c in token.children):
            return token
    return None


def _actor(token: Token) -> Token | None:
    """The noun a relative pronoun stands for ("a model that predicts": model)."""
    if token.lower_ in {"that", "which", "who"} and token.head.dep_ == "relcl":
        return token.head.head if token.head.head.pos_ in NOUNS else None
    if token.pos_ not in NOUNS or token.lower_ in _PRONOUNS:
        return None
    return token


def subject_of(
    sentence: str, start: int, end: int, not_subjects: Collection[str] = ()
) -> str | None:
    """Who performs the clause the number at ``sentence[start:end]`` is in, as the
    sentence writes it (its determiner kept: "the hierarchical system"); None where that is
    a pronoun, a noun of what is measured, holds one of ``not_subjects`` (the datasets), or
    is not in the sentence."""
    span = subject_span(sentence, start, end, not_subjects)
    return strip_marker(span.text) if span is not None else None


def _measures(noun: Token) -> bool:
    """True for a noun that says what is measured: "speed", "precision", "mAP"."""
    return noun.text in METRIC_NAMES or noun.text.islower() and noun.lower_ in _MEASURES


def subject_span(
    sentence: str, start: int, end: int, not_subjects: Collection[str] = ()
) -> Span | None:
    """The words of :func:`subject_of` as a span of the sentence's parse, list marker and
    all, or None."""
    doc = parse(sentence)
    head = _head_of(doc, start, end)
    verb = _clause_verb(head) if head is not None else None
    if verb is None:
        return None
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if len(subjects) != 1:
        return None  # "parts, which models achieve 40% on": the parse cannot say which
    noun = _actor(subjects[0])
    if noun is None or noun.lower_ in _NOT_ACTORS or _measures(noun):
        return None
    words = [t for t in noun.subtree if t.i <= noun.i and not t.is_punct]
    if not words:
        return None  # a mark the parse took for a noun
    # the noun with what comes before it in its phrase, from its first word
    first = min(t.i for t in words)
    while first < noun.i and doc[first].lower_ == "even":
        first += 1  # "even the best frontier models score below 10%": no part of them
    span: Span = doc[first : noun.i + 1]
    pointed = [t.lower_ for t in span if t.dep_ in _DETERMINERS and t.lower_ in _PRONOUNS]
    own = any(t.lower_ in OWN_WORDS for t in span if t.dep_ in _DETERMINERS)
    if (
        span.start_char <= start < span.end_char
        or any(w not in OWN_WORDS for w in pointed)
        or own
        and not head_in(noun, MADE_NOUNS)
    ):
        # the number's own phrase ("Over 40 trials"), a phrase a pronoun points with ("each
        # model", "those methods"), or the paper's own that is no method ("this relation");
        # the paper's own method ("our dynamics model", "this model", "the proposed
        # approach") is kept: this is asked only where the paper has no name of its own
        return None
    if any(name in span.text for name in not_subjects):
        return None
    return span


# An item's marker in a list written in a sentence: "(1) deep learning methods lose".
_ENUMERATOR = re.compile(r"^\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s*~?\s*")


def strip_marker(phrase: str) -> str:
    """``phrase`` without the marker of a list item it starts with: "(1) deep learning
    methods" gives "deep learning methods"."""
    return _ENUMERATOR.sub("", phrase)


# Prepositions whose phrase is where, on what or of what a number was measured, or what it
# is compared with: a name inside one is not the number's subject.
_SETTING_PREPOSITIONS = frozenset(
    "on in across over of at than to from including like versus against".split()
)


def in_setting(sentence: str, start: int, end: int, number: tuple[int, int]) -> bool:
    """True when the name at ``sentence[start:end]`` stands in a prepositional phrase of
    setting or comparison ("on spoken StoryCloze and SALMon", "the batch size of BERT
    pretraining", "hardware (NVIDIA A100)"), so that it performs nothing in its clause;
    False where the number (``sentence[number[0]:number[1]]``) hangs on the name's own
    phrase ("the performance of VeLO, meta-trained with 4000 TPU-months")."""
    doc = parse(sentence)
    token = _head_of(doc, start, end)
    value = _head_of(doc, *number)
    if token is None or value is None:
        return False
    if value in token.subtree:
        return False
    while token.head.i != token.i:
        if token.dep_ in {"nsubj", "nsubjpass"}:
            return False  # it performs (or undergoes) its clause
        token = token.head
        if token.pos_ in {"VERB", "AUX"}:
            return False
        if token.dep_ == "prep" and token.lower_ in _SETTING_PREPOSITIONS:
            return True
    return False


METHOD_NOUNS = frozenset(table("contribution_nouns")["method"])
SYSTEM_NOUNS = frozenset(table("contribution_nouns")["system"])
#: The nouns of what a paper makes that performs a result: a method's or a system's.
MADE_NOUNS = METHOD_NOUNS | SYSTEM_NOUNS


def head_in(noun: Token, kinds: frozenset[str]) -> bool:
    """True when ``noun`` is a noun of ``kinds`` (or its plural)."""
    word = noun.lower_
    return noun.pos_ in NOUNS and (word in kinds or word.endswith("s") and word[:-1] in kinds)


_PHRASE_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "X", "SYM"})
_PHRASE_DEPS = frozenset({"amod", "compound", "nmod", "nummod"})


def noun_phrase_at(sentence: str, start: int, end: int) -> str | None:
    """The words of ``sentence[start:end]`` up to the first that is not part of a noun
    phrase by the sentence's parse ("misclassified examples along": "misclassified
    examples"; "games using": "games"; "end-to-end latency reduction" whole); None where the
    first word is none ("extending"). A word is its whitespace-separated run of tokens, read
    by its last token (so "end-to-end" is one word)."""
    doc = parse(sentence)
    kept_end = None
    word: list[Token] = []
    for token in _tokens(doc, start, end):
        word.append(token)
        if token.whitespace_ and token.idx + len(token.text) < end:
            if not _in_phrase(word[-1]):
                break
            kept_end, word = token.idx + len(token.text), []
    else:
        if word and _in_phrase(word[-1]):
            kept_end = min(end, word[-1].idx + len(word[-1].text))
    if kept_end is None:
        return None
    return sentence[start:kept_end].strip() or None


def _in_phrase(token: Token) -> bool:
    return token.pos_ in _PHRASE_POS or token.dep_ in _PHRASE_DEPS
