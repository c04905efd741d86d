"""Short forms and long forms: "Imbalanced-SAM (ImbSAM)" is one name, and the short one.

The guide gives an acronym and its expansion as one item, the short name (``GAPT``, not
``Gated Phase Transition``) unless it is a math symbol. These rules find where a short
form is written in parentheses after its long form, keep the short one, and tell a short
form of lower-case words, a term ("domain generalization (DG)"), from a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .analysis import Abbreviation, Analysis
from .known_datasets import is_known_dataset
from .name_spans import glued, is_symbol, long_form_in, mentions, occurrences, size_variant_of
from .task_phrases import is_task_head
from .well_known import is_well_known

__all__ = [
    "spelled_out_in_parens",
    "OPEN_PAREN_END",
    "as_short_forms",
    "called_a_term",
    "closes_the_object",
    "expansion_only",
    "holding_long_form",
    "piece_short_form",
    "in_parens",
    "name_parts",
    "prefer_short",
    "short_of_a_task",
    "term_acronym",
    "written_as",
    "written_after",
]


OPEN_PAREN_END = re.compile(r"\(\s*$")
_CLOSE_PAREN = re.compile(r"\s*\)")


def in_parens(short: str, text: str) -> list[int]:
    """Where "(" short ")" is written (with optional spaces): the position of the "("."""
    out = []
    for i in occurrences(short, text):
        if not _CLOSE_PAREN.match(text, i + len(short)):
            continue
        opening = OPEN_PAREN_END.search(text, max(0, i - 40), i)
        if opening is not None:
            out.append(opening.start())
    return out


def written_as(long: str, short: str, text: str) -> bool:
    """True when the text has ``long (short)``, ``long`` a whole token ("XGraph Net (GN)"
    writes no "Graph Net")."""
    for at in in_parens(short, text):
        before = text[:at].rstrip()
        if before.endswith(long) and not (
            len(before) > len(long) and glued(before[-len(long) - 1])
        ):
            return True
    return False


def written_after(name: str, names: list[str], text: str) -> bool:
    """True when ``name`` is written in parentheses right after one of ``names``: "LUCID
    (LUnar Caption Image Dataset)" writes its long form after the name."""
    return any(written_as(other, name, text) for other in names)


def closes_the_object(name: str, abstract: str) -> bool:
    """ "we introduce disentangled state space models (DSSM).": the short form ends what
    was introduced, so it names the artifact; in "a novel behavioral cloning (BC)
    approach" it qualifies a noun, a term."""
    for at in occurrences(f"({name})", abstract):
        if _OBJECT_ENDS.match(abstract, at + len(name) + 2) and not _A_TERM_BEFORE.search(
            abstract, max(0, at - 80), at
        ):
            return True
    return False


def called_a_term(name: str, abstract: str) -> bool:
    """ "we introduce the term self-induced distributional shift (SIDS)"."""
    return any(
        _A_TERM_BEFORE.search(abstract, max(0, at - 80), at)
        for at in occurrences(f"({name})", abstract)
    )


# "we introduce the term self-induced distributional shift (SIDS)", "a class of problems
# called intertemporal social dilemmas (ISDs)": a term or a phenomenon, not an artifact.
_A_TERM_BEFORE = re.compile(
    r"\b(?:the\s+(?:term|notion|concept)|problems?\s+called|phenomen(?:on|a))\b[^.;()]*$", re.I
)
_OBJECT_ENDS = re.compile(r"\s*(?:[,.;:]|--|[-\u2013\u2014]\s|$|(?:that|which|to|for|and)\b)")


_WORDS_BEFORE = re.compile(r"((?:[\w\-']+\s+){1,6})$")


def term_acronym(name: str, abstract: str) -> bool:
    """True for an acronym of lower-case words: "domain generalization (DG)"."""
    if not re.fullmatch(r"[A-Z]{2,6}s?", name):
        return False
    match = None
    for at in in_parens(name, abstract):
        match = _WORDS_BEFORE.search(abstract, max(0, at - 200), at)
        if match is not None:
            break
    if match is None:
        return False
    parts = name_parts(match.group(1))[-len(name.rstrip("s")) :]
    initials = "".join(w[0] for w in parts).lower()
    # Title-Case words make a proper name ("Sharpness-Aware Minimization (SAM)"); lower-case
    # words, with an acronym or two among them, a term ("deep AUC maximization (DAM)").
    return initials == name.rstrip("s").lower() and not any(
        re.match(r"[A-Z][a-z]", w) for w in parts
    )


def short_of_a_task(name: str, analysis: Analysis) -> bool:
    """True for the short form of a task, not of a dataset: "Relation Extraction (RE)",
    "Vision-Language Navigation (VLN)", whose long form ends in a task's head noun
    (``data/task_heads.txt``). A well-known dataset stays one whatever its long form."""
    if is_known_dataset(name):
        return False
    for abbreviation in analysis.abbreviations:
        parts = name_parts(abbreviation.long)
        if abbreviation.short == name and parts and is_task_head(parts[-1]):
            return True
    return False


def name_parts(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", name) if w]


def prefer_short(names: list[str], abstract: str, alone: bool = False) -> list[str]:
    """Drop a long form whose short form follows it in parentheses: "Imbalanced-SAM (ImbSAM)".

    A single word of a longer name is dropped too; with ``alone``, only if it is never
    written by itself (datasets: "MNIST and Fashion MNIST" are two).
    """
    out = []
    for name in names:
        shorter = [
            o for o in names if o != name and len(o) < len(name) and written_as(name, o, abstract)
        ]
        # A single word of a longer chosen name ("NATURAL" of "NATURAL INSTRUCTIONS").
        inside = [o for o in names if o != name and " " in o and name in o.split()]
        if inside and alone and not _only_inside(name, inside, abstract):
            inside = []
        # The long form in parentheses after a chosen short name: "VILA^2 (VILA-augmented-VILA)";
        # a long form has a lower-case word, which "Averaged GEM (A-GEM)" has not.
        expansion = [
            o
            for o in names
            if o != name
            and len(o) < len(name)
            and len(name_parts(name)) > len(name_parts(o))
            and _LOWER_WORD.search(name)
            and written_as(o, name, abstract)
        ]
        if not shorter and not inside and not expansion:
            out.append(name)
    return out


def _only_inside(name: str, longer: list[str], abstract: str) -> bool:
    """True when every mention of ``name`` is part of a mention of one of ``longer``."""
    spans = [(i, i + len(o)) for o in longer for i in occurrences(o, abstract)]
    return all(
        any(a <= start and end <= b for a, b in spans) for start, end in mentions(name, abstract)
    )


_LONG_FORM = re.compile(r"[^.;()]{1,120}$")
_LOWER_WORD = re.compile(r"[a-z]{2,}")


def expansion_only(name: str, abstract: str, shorts: list[str]) -> bool:
    """True when every mention of ``name`` is inside the long form of a chosen short name, or
    when a chosen name is its "+" version ("CompGS" beside "CompGS++": the paper's is the
    new version)."""
    if f"{name}+" in shorts or f"{name}++" in shorts:
        return True
    spots = mentions(name, abstract)
    if not spots:
        return False
    spans = []
    for short in shorts:
        if len(short) >= len(name):
            continue
        for at in in_parens(short, abstract):
            if abstract[at] != "(":
                continue
            run = _LONG_FORM.search(abstract, max(0, at - 120), at)
            if run is not None:
                # not past an appositive: "we curate VGG-Impact, a benchmark ..., and
                # introduce Audio-Physics Correlation Coefficient (APCC)"
                cut = max((m.end() for m in _APPOSITIVE.finditer(run.group())), default=0)
                spans.append((run.start() + cut, run.end()))
    return all(any(a <= s and e <= b for a, b in spans) for s, e in spots)


_APPOSITIVE = re.compile(r",\s+(?:a|an|the)\s")


def holding_long_form(name: str, analysis: Analysis) -> Abbreviation | None:
    """The "long form (SHORT)" pair whose long form holds the first mention of ``name``,
    when every mention of it is a part of a longer long form and none stands alone: a piece
    of a name, not a name ("Sample-Ensemble" of "Sample-Ensemble Genetic Evolutionary
    Network (SEGEN)", "Vision-Language" of "Vision-Language Navigation (VLN)")."""
    spans = [
        (pair, pair.long_start, pair.long_start + len(pair.long))
        for pair in analysis.abbreviations
        if pair.long != name
    ]
    holders = []
    for start, end in mentions(name, analysis.text):
        holder = next((pair for pair, a, b in spans if a <= start and end <= b), None)
        if holder is None:
            return None
        holders.append(holder)
    return holders[0] if holders else None


def piece_short_form(name: str, analysis: Analysis) -> str | None:
    """The short form that a piece of a long form stands for (:func:`holding_long_form`),
    unless it is a math symbol; None for a name that is no such piece."""
    holder = holding_long_form(name, analysis)
    return holder.short if holder is not None and not is_symbol(holder.short) else None


def as_short_forms(names: list[str], analysis: Analysis) -> list[str]:
    """Each long form as its short form, and each size variant as its base name: the one
    item the guide gives ("Gated Phase Transition (GAPT)" is GAPT, unless the short form is
    a math symbol; "POLAR-7B" is POLAR where POLAR is written too). A piece of a long form
    stands for its short form too (:func:`holding_long_form`); a long form whose short form
    is well known ("Low-Rank Adaptation (LoRA)") is not new."""
    out: list[str] = []
    for name in names:
        pair = long_form_in(name, analysis) or holding_long_form(name, analysis)
        if pair is not None and pair.short != name and not is_symbol(pair.short):
            if is_well_known(pair.short) or any(
                pair.short in name_parts(other) for other in names if other != name
            ):
                continue  # "Tensor-Train (TT)" is a part of "TT-RNN", not an item
            name = pair.short
        # "POLAR-7B" is POLAR, where the base name is written by itself too
        base = size_variant_of(name)
        if base is not None and mentions(base, analysis.text):
            name = base
        if name not in out:
            out.append(name)
    return out


def spelled_out_in_parens(
    name: str, abstract: str, start: int, abbreviations: Iterable[Abbreviation]
) -> bool:
    """ "IO-Net (i.e. InlierOutlierNet), a novel ...": a name at ``start`` inside parentheses
    is the long form of the name before them, unless it is a short form defined there."""
    inside = abstract.rfind("(", 0, start) > abstract.rfind(")", 0, start)
    return inside and all(a.short != name for a in abbreviations)
