"""Names the abstract's wording gives as new: the cues of ``cue_patterns`` applied."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .analysis import Abbreviation, Analysis, abbreviations, analysed
from .cue_defined import defined_after_making
from .cue_lists import COUNTS, listed_names
from .cue_patterns import ACRONYM_AFTER, CUES, Cue, who_positions
from .cue_words import (
    BUILT_ON,
    EARLIER,
    EARLIER_AFTER_NAME,
    EARLIER_BEFORE_NAMING,
    MAKE_BARE,
    MAKE_DONE,
    THIS_WORK,
    either,
    without,
)
from .made import coined_names
from .names import ADJECTIVE_SUFFIX, GENERIC, GLUED_WORD, whole_name_end

_MAKING_BEFORE = re.compile(
    r"\b(?:we|" + THIS_WORK + r")\s+(?:\w+\s+){0,2}?"
    r"(?:" + either(MAKE_BARE) + r")|\b(?:novel|new)\b",
    re.I,
)
# "a novel approach called MACH (Merged Average Classifiers via Hashing) was proposed":
# the rest of the sentence says the named thing is earlier work.
PROPOSED_BEFORE = re.compile(
    r"[^.;]*?\b(?:was|were|has been|have been|had been)\s+(?:recently\s+)?"
    r"(?:" + either(MAKE_DONE) + r")\b"
)
# "X (Y), a recent approach ...": the words right after a name say it is earlier work.
EARLIER_KIND_AFTER = re.compile(
    r"\)?,\s*an?\s+(?:[\w-]+\s+){0,2}?(?:" + either(EARLIER_AFTER_NAME) + r")\b", re.I
)
# "building on X (Y)", "the use of X (Y)": the words right before the name say it is
# earlier work. In lower case: "Based on" in a long form in title case is part of the name
# ("Privacy-Preserving Preselection for Face Identification Based on Packing (PFIP)").
_BUILDS_ON = re.compile(
    r"\b(?:(?:building|build|builds|built|based|relying|drawing)\s+(?:up)?on|on top of|use of|"
    r"to use|using)\s+(?:[\w\-]+\s+){0,6}(?:[\w\-]+)?[\s~]*\(?$"
)


# Earlier work, then its name: "a recent generalizable NeRF architecture called GNT".
# "based on a sparsity-enhanced topic model named STC", "We study a general formulation of
# program synthesis called SyGuS", "the online learning literature called ...".
EXISTING_BEFORE_NAMING = re.compile(
    r"\b(?:" + either(EARLIER_BEFORE_NAMING) + r"|we (?:study|consider|investigate|revisit|"
    r"analy[sz]e))\b[^.;,()]*\s$",
    re.IGNORECASE,
)


# Before a name, what says it is earlier work: a comparison, a use, or an adjective of
# earlier work (not "recent", "well-known" or "classic": "the recent X" may be the paper's).
EXISTING = (
    r"(?:outperform\w*|surpass\w*|than|compared (?:to|with)|such as|e\.g\.,?|including|like|"
    r"built upon|using|uses|use|with|versus|vs\.?|over|beyond|extends?|baselines?|"
    r"state-of-the-art|"
    + either((*without(EARLIER, "recent", "well-known", "classic"), *BUILT_ON))
    + r")"
)


def find_cue_names(abstract: str | Analysis) -> list[str]:
    """Names written right after "we propose", "we introduce", "named", ...: new artifacts.

    A name followed by its short form in parentheses gives the short form, as the guide
    prefers ("MOtion-Based Variability Enhancement (MOVE)" gives ``MOVE``). Given an
    :class:`~summarizer.rules.analysis.Analysis`, the names it found already are reused.
    """
    return list(analysed(abstract).kept(_cue_names))


def _cue_names(analysis: Analysis) -> tuple[str, ...]:
    out: list[str] = []
    abstract, low = analysis.text, analysis.low
    who = who_positions(abstract, low)
    for cue in CUES:
        _add_names(cue, abstract, low, who, out, analysis.abbreviations)
    listed = listed_names(abstract)
    # "two new datasets: Andersen and Persuasion": the list's names, not one name of both
    # and "two new Federated Learning algorithms, namely Fed-Cyclic and Fed-Star": two coined
    # words, each a name, not one name ("Tanks and Temples", "Splat and Distill" stay whole)
    joined = [
        n
        for n in out
        if len(parts := _LIST_JOINT.split(n)) > 1
        and (set(parts) <= set(listed) or all(_COINED_WORD.fullmatch(p) for p in parts))
    ]
    pieces = [p for n in joined for p in _LIST_JOINT.split(n) if p not in listed]
    out = [n for n in out if n not in joined] + [n for n in listed + pieces if n not in out]
    out += [n for n in defined_after_making(analysis) if n not in out]
    for sentence in analysis.sentences:
        if any(name in sentence.text for name in out):
            continue  # the wording cues named what this sentence makes (no parse for it)
        for name in coined_names(sentence.text):
            if not _said_already(name, out):
                out.append(name)
    return tuple(out)


_LIST_JOINT = re.compile(r",?\s+and\s+|,\s+")
# One word that reads as a coined name: a digit, a hyphen, an underscore or a plus in it, or two
# capitals ("Fed-Cyclic", "ViDDAR", "KG2KV", "QAM", "SloPragEval"), not "Tanks" or "Splat".
_COINED_WORD = re.compile(r"(?=\S*(?:[\d\-_+]|[A-Z]\S*[A-Z]))[A-Za-z]\S*")


def _said_already(name: str, names: list[str]) -> bool:
    """True when ``name`` is among ``names`` already, or is part of one of them or holds
    one. The sentence holds no name of the wording cues; "infer-noise" beside
    "infer-transformation" is a name of its own."""
    if name in names or name.lower() in GENERIC:
        return True
    return any(name in n or n in name for n in names)


def names_of_cue(cue: Cue, abstract: str) -> list[str]:
    """The names one cue alone gives in ``abstract``, with every check ``find_cue_names``
    makes (its example's test)."""
    out: list[str] = []
    low = abstract.lower()
    _add_names(cue, abstract, low, who_positions(abstract, low), out, abbreviations(abstract))
    return out


def _short_form_ahead(
    abstract: str, defined: Sequence[Abbreviation], start: int, end: int
) -> Abbreviation | None:
    """The short form defined by a long form that the name at ``start:end`` begins and that
    goes on past it, with no punctuation in it: "we propose a Segmented Allocation with
    Momentum-Adjusted Utility for ... Learning (SAMP-HDRL)", where the cue's name stops at
    "with". A long form with a comma is a list or a clause, not one name: "Efficient Patch
    tokenization, Integration and Representation framework (EPIR)"."""
    for pair in defined:
        # the long form may start a word or two into the name: "Training-Free Light-Guided
        # ... via Initial Noise Manipulation (LGTM)" defines LGTM from "Light-Guided" on
        if (
            (pair.long_start <= start or start < pair.long_start < end)
            and end < pair.long_end
            and not pair.short.islower()  # "through (neural) simulation": no short form
            and not _BREAK.search(abstract, min(start, pair.long_start), pair.long_end)
        ):
            return pair
    return None


# The rest of a version after its point, glued to the name: ".0", ".2M", ".5-Uni".
_DOTTED_ON = re.compile(r"\.\d+(?:[\w+]|[\-.]\w)*")


# Punctuation no long form of one name holds: "Vavanagi, a community-run platform for
# Hula (Vula'a)".
_BREAK = re.compile(r"[,;:()]")


def _add_names(
    cue: Cue,
    abstract: str,
    low: str,
    who: list[int] | None,
    out: list[str],
    defined: Sequence[Abbreviation] = (),
) -> None:
    """Append to ``out`` the names of ``cue``'s matches that are not there yet;
    ``defined`` are the abstract's short forms."""
    if cue.needs and not any(word in low for word in cue.needs):
        return
    for match in cue.matches(abstract, low, who):
        if cue.naming and EXISTING_BEFORE_NAMING.search(
            abstract, max(0, match.start() - 80), match.start()
        ):
            continue  # "a recent architecture called GNT" names earlier work
        if cue.after_making and not _MAKING_BEFORE.search(
            abstract, max(0, match.start() - 400), match.start()
        ):
            continue  # "Two methods exist. The first is X, which ...": not the paper's
        if PROPOSED_BEFORE.match(abstract, match.end()):
            continue  # "a novel approach called MACH (...) was proposed" by others
        if EARLIER_KIND_AFTER.match(abstract, match.end()):
            continue  # "... (SWA), a recent approach which ...": earlier work
        name, short = match.group("name"), match.group("acr")
        short_at = match.start("acr")  # where the short form starts (-1: none yet)
        if name and not short:  # the cue's pattern stops at a joint the span rules read over
            name = abstract[match.start("name") : whole_name_end(abstract, *match.span("name"))]
            # and at a version's point: "Qwen-Image-2.0", "FineEdit-1.2M", "Skill0.5"
            dotted = _DOTTED_ON.match(abstract, match.start("name") + len(name))
            if dotted and name[-1:].isdigit():
                name += dotted[0]
            ahead = _short_form_ahead(
                abstract, defined, match.start("name"), match.start("name") + len(name)
            )
            if ahead is not None and ahead.short.lower() not in GENERIC and _may_name(cue, name):
                short, short_at = ahead.short, ahead.short_start
        if name and _EMPHASIS_OPEN.search(abstract, 0, match.start("name")):
            # "\textit{Chain of Functions (CoF)}": the short form inside the emphasis closes it
            if not (short and _SHORT_CLOSES.match(abstract, short_at + len(short))):
                closed = _EMPHASIS_CLOSE.match(abstract, match.start("name") + len(name))
                if closed is None:
                    continue  # "\emph{Word Mover's Embedding}": the name goes on past the match
                if not closed.group("acr") and abstract[closed.end() : closed.end() + 1].isalpha():
                    continue  # "\textbf{I}mportance": a word's first letter set in bold
                short = short or closed.group("acr")
        at = short_at if short else match.start("name")
        if _BUILDS_ON.search(abstract, match.start(), at):
            continue  # "we propose building on You Only Learn One Representation (YOLOR)"
        if short and (not name or len(short) < len(name)):
            name = short
        name = GLUED_WORD.sub("", _own_abbreviation(name.rstrip(".,;:")))
        if not _may_name(cue, name):
            continue
        if ADJECTIVE_SUFFIX.search(name):
            continue  # "we propose KAN-based detectors": a kind, not a name
        if len(name) > 1 and name.lower() not in GENERIC and name not in out:
            out.append(name)  # not "M" of "M$^2$D-LIF"
        if not short:
            continue
        more = _AND_ANOTHER.match(abstract, match.end()) or _AND_LATER.match(abstract, match.end())
        if more is not None and more.group("acr") not in out:
            out.append(more.group("acr"))  # "X (A) and Y (B)": both are made here


def _may_name(cue: Cue, name: str) -> bool:
    """Whether ``cue`` may give ``name``: one with a capital or a digit, or any for a cue
    that reads lower-case names but a count of things ("two approaches")."""
    if re.search(r"[A-Z0-9]", name) is not None:
        return True
    # "we propose two approaches: an instruction-guided ...": a count, not a name
    return cue.lower_case and (name.split() or [""])[0] not in COUNTS


# A name set in LaTeX's emphasis ("we propose \textit{Parallel Adaptive GAN}(PAGAN)") ends
# where the emphasis does, its short form after it.
_EMPHASIS_OPEN = re.compile(r"\\(?:emph|textit|textbf)\{\s*\Z")
# The end of a short form written inside the emphasis with its long form.
_SHORT_CLOSES = re.compile(r"\)\s*\}")
_EMPHASIS_CLOSE = re.compile(r"\s*\}(?:\s*\((?P<acr>[A-Z][\w\-]*[A-Z][\w\-]*)\))?")


# The second of two new things, each with its short form: "namely Nesterov Iterative Fast
# Gradient Sign Method (NI-FGSM) and Scale-Invariant attack Method (SIM)".
_AND_ANOTHER = re.compile(
    r",?\s+and\s+(?:an?\s+|the\s+)?(?:[\w\-]+\s+){0,6}?[\w\-]+" + ACRONYM_AFTER
)


# The second after a clause about the first: "we propose Morphing Cross-Attention (MCA),
# which fuses ... for structural coherence, and Temporal-Fused Self-Attention (TFSA)". The
# comma before "and" sets the second beside the first, not inside the clause ("which
# combines a CNN and Long Short-Term Memory (LSTM)"); no other short form stands between,
# and the second is a name: capitalised words, one lower-case word before them at most.
_AND_LATER = re.compile(
    r"\)?[^.;()]*?,\s+and\s+(?:an?\s+|the\s+)?"
    r"(?:[a-z][\w\-]*\s+)?(?:[A-Z][\w\-]*\s+){0,5}[A-Z][\w\-]*" + ACRONYM_AFTER
)


def _own_abbreviation(name: str) -> str:
    """The last word of a name when it abbreviates the words before it.

    "Customized Polytropon C-Poly" gives ``C-Poly``; "Structured IB" stays whole.
    """
    words = name.split()
    if len(words) < 2:
        return name
    last, rest = words[-1], words[:-1]
    capitals = "".join(ch for ch in last if ch.isupper())
    initials = "".join(w[0] for w in rest if w[0].isupper())
    if len(capitals) >= 2 and capitals == initials.upper() and len(initials) == len(rest):
        return last
    return name
