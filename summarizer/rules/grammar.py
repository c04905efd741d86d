"""The sentence's grammar applied to an abstract's numbers (:mod:`.syntax` per sentence).

Two uses, both after the wording rules of :mod:`.numbers` have spoken:

- a number they leave without a metric gets the one the sentence's parse gives, and a
  score left without a subject the clause's performer, else what the paper says it makes
  (:func:`by_grammar`, :func:`own_work`), which also names a subject written only as "our
  method" or "this model";
- a name they take for a number's subject is dropped where the parse puts it in a phrase of
  setting or comparison (:func:`name_in_setting`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .analysis import Analysis, Sentence
from .made import contribution_of
from .metrics import is_metric_name
from .number import Number
from .number_lists import FROM_BEFORE
from .performers import other_performer
from .subjects import named_after_size, possessor, versus_side
from .syntax import (
    MADE_NOUNS,
    in_setting,
    metric_of,
    noun_phrase_at,
    subject_of,
)

__all__ = ["by_grammar", "name_in_setting", "own_work"]


def by_grammar(
    analysis: Analysis,
    numbers: list[Number],
    names: Sequence[str],
    subjects: Sequence[str],
    fallback: str | None = None,
) -> list[Number]:
    """``numbers`` with the metric or subject the wording rules left empty filled from the
    sentence's grammar where it says one, and a metric read from the words after a number cut
    where its noun phrase ends. ``names`` are never a metric, and only ``subjects`` of them
    (not datasets or metric names) a subject. A subject is the clause's performer, except
    for the value before a change; failing that, what the paper makes, for a score (a unit or
    a decimal point). Where the wording rules gave the paper's main name (``fallback``) for
    want of one in the sentence, others' models named by their kind take the result
    (:func:`.syntax.other_performer`)."""
    not_subjects = [n for n in names if n not in subjects]
    not_metrics = [n for n in names if not is_metric_name(n)]
    candidates = list(subjects)
    out = []
    own: list[str | None] = []  # the paper's own work, looked up once, on first need
    listed_in = -1  # the sentence where a number was set against a result ("versus 0.3 for X")
    against: str | None = None  # the metric of that result
    for number in numbers:
        sentence = analysis.sentence_at(number.start)
        if sentence is not None:
            at, to = number.start - sentence.start, number.end - sentence.start
            sized = named_after_size(analysis.text, number.start, number.end, candidates)
            if sized is not None:
                # "an 8B Llama model": the size of the model it names, not a measure of it
                metric = None if number.metric and sized in number.metric else number.metric
                number = replace(number, subject=sized, metric=metric)
            owner = possessor(analysis.text, number.start, candidates)
            if owner is not None:
                number = replace(number, subject=owner)  # "compared to Trafilatura's 63.6%"
            listed = listed_in == sentence.start
            versus = versus_side(analysis.text, number.start, number.end, listed)
            if versus is not None:
                # "26.17% MAPE ... versus 29.34% by TimeMixer": the side set against, named,
                # measured as the result it is set against (the number before it)
                if not listed:
                    before = [n for n in out if n.start >= sentence.start]
                    against = before[-1].metric if before else None
                listed_in = sentence.start
                number = replace(number, subject=versus, metric=number.metric or against)
            number = replace(number, metric=_phrase_after(sentence, to, number.metric))
            subject = number.subject
            if subject is not None and _OWN_KIND_ONLY.fullmatch(subject):
                # "our method achieves 4.9%": what the paper says it makes, where it says so
                own = own or [own_work(analysis)]
                subject = own[0] or subject
            if (
                subject is not None
                and subject == fallback
                and fallback not in sentence.text
                and not _before_change(analysis.text, number)
            ):
                # the paper's own name, not written here: the clause may say who else
                subject = other_performer(sentence.text, at, to, not_subjects) or subject
            if subject is None and not _before_change(analysis.text, number):
                subject = subject_of(sentence.text, at, to, not_subjects)
                if subject is None and _SCORE.fullmatch(number.value):
                    own = own or [own_work(analysis)]
                    subject = own[0]
            metric = number.metric or metric_of(sentence.text, at, to, not_metrics)
            number = replace(number, metric=metric, subject=subject)
        out.append(number)
    return out


# The paper's own work named by its kind alone: "our method", "this model", "Our framework".
_OWN_KIND_ONLY = re.compile(r"(?i:our|this)\s+(?:" + "|".join(sorted(MADE_NOUNS)) + r")")


# A score is written with a unit or a decimal point ("45.2%", "3x", "0.912"); a bare whole
# number counts things ("6 datasets", "100,000 pixels"), whose subject is rarely a performer.
_SCORE = re.compile(r".*(?:\.\d|\d\s*[^\d\s.,]).*")


def _before_change(abstract: str, number: Number) -> bool:
    """True for the value before a change ("from 46.6% to 51.4%"), which belongs to what
    was changed (:func:`.number_lists.shared_in_lists`)."""
    return bool(FROM_BEFORE.search(abstract, max(0, number.start - 6), number.start))


# Between a number and the words after it that say what it measures: its unit's tail, an
# aside, "of the" ("46% of the misclassified examples").
_GAP = re.compile(r"[\s%\\\-]*(?:\([^()]{0,60}\)\s*)?(?:(?:of|in|on)\s+(?:the\s+|all\s+)?)?")


def _phrase_after(sentence: Sentence, after: int, metric: str | None) -> str | None:
    """A metric the words right after the number gave, cut where its noun phrase ends by
    the sentence's grammar ("40 games using a common set": games); None where those words
    are no noun phrase ("a discount factor of 0.999 extending ..."). A metric written
    elsewhere (before the number) is kept as it is."""
    if metric is None:
        return None
    at = sentence.text.find(metric, after, after + 80)
    if at < 0 or not _GAP.fullmatch(sentence.text, after, at):
        return metric  # not the words right after the number
    return noun_phrase_at(sentence.text, at, at + len(metric))


def name_in_setting(analysis: Analysis, name: str, at: int, number: int) -> bool:
    """True when the sentence's grammar puts the name written at ``at`` in a phrase of
    setting or comparison for the number at ``number`` (:func:`.syntax.in_setting`)."""
    sentence = analysis.sentence_at(at)
    if sentence is None or number >= sentence.end:
        return False
    base = sentence.start
    where = (number - base, number - base + 1)
    return in_setting(sentence.text, at - base, at - base + len(name), where)


def own_work(analysis: Analysis) -> str | None:
    """What the paper says it makes, in the first sentence that says so (for an abstract
    with no name of its own: :func:`.made.contribution_of`)."""
    for sentence in analysis.sentences:
        made = contribution_of(sentence.text)
        if made:
            return made
    return None
