"""The paper's contribution types: what it makes, by the nouns it names it with.

A thing the paper makes is described by a phrase whose head noun says what kind of thing
it is: "DiagnosisArena, a challenging benchmark designed to ...", "we present a large
dataset of ...", "the MSA module", "we conduct a large-scale empirical study". The head is
the last noun of ``data/contribution_nouns.toml`` in the phrase, read up to a word that
starts what the thing does or holds ("that", "of", "designed", "containing"): "a data
collection paradigm that ..." is a method, "SUB: an image and concept benchmark
containing ... the CUB dataset" a benchmark. The introduced names are read this way, and
so are the objects of "we propose / present / conduct ...". Theory, empirical studies and
surveys are also known by their cue words when no phrase names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .analysis import Analysis, analysed
from .cue_words import (
    MAKE,
    MAKE_AFTER_WHO,
    NAMED,
    THIS_WORK_ANY,
    THIS_WORK_NOUNS,
    either,
    tensed,
    without,
)
from .wordlists import table

__all__ = ["classify_contributions", "described_kinds", "kind_of_phrase", "made_kinds"]

_NOUNS = table("contribution_nouns")
_KINDS = ("benchmark", "dataset", "system", "method", "empirical_study", "theory", "survey")
_KIND_OF: dict[str, str] = {}
for _kind in _KINDS:
    for _noun in _NOUNS[_kind]:
        _KIND_OF.setdefault(_noun, _kind)
# "a benchmark called X": a naming word ends the phrase too.
_NAMING_WORDS = frozenset((*NAMED, "namely"))
_ENDS = frozenset(_NOUNS["ends_before"]) | set(NAMED)
_THEORY_WORDS = frozenset(_NOUNS["theory_words"])
_DETERMINERS = frozenset({"a", "an", "the", "our", "one", "two", "three", "several"})
# A word (hyphens and apostrophes inside), a number, or one mark.
_TOKEN = re.compile(r"[^\W\d_][\w'\-]*|\d[\w.,]*|[^\w\s]")


def _kind_of_word(word: str) -> str | None:
    low = word.lower().rsplit("-", 1)[-1]
    kind = _KIND_OF.get(low)
    if kind is None and low.endswith("s"):
        kind = _KIND_OF.get(low[:-1])
    return kind


def kind_of_phrase(words: Sequence[str]) -> str | None:
    """The kind the head noun of a phrase names, reading ``words`` from the phrase's
    start (after its determiner) up to a word that ends it; None when no noun names one."""
    kind = None
    theory = False
    at = 0
    while at < len(words) and at < 12:
        word = words[at]
        low = word.lower()
        if word == "(":  # a short form: "a Multi-Modal Representation Learning (MMRL) framework"
            close = next((i for i in range(at + 1, min(at + 6, len(words))) if words[i] == ")"), 0)
            if not close:
                break
            at = close + 1
            continue
        if low in _ENDS or not word[0].isalnum():
            break
        if low == "and" and at + 1 < len(words) and words[at + 1].lower() in _DETERMINERS:
            break  # "a method and a dataset": the second is a phrase of its own
        theory = theory or low in _THEORY_WORDS
        found = _kind_of_word(word)
        if found:
            kind = _modified(words[at - 1], found) if at else found
        at += 1
    if theory and kind == "empirical_study":
        return "theory"
    return kind


_SET_OFF = frozenset({",", ":", "is", "was"})
# "an evaluation framework", "a benchmarking platform": a benchmark, not a method or a tool.
_BENCHMARK_MODIFIERS = frozenset(_NOUNS["benchmark_modifiers"])


def _modified(previous: str, kind: str) -> str:
    if kind in ("method", "system") and previous.lower() in _BENCHMARK_MODIFIERS:
        return "benchmark"
    return kind


def _kind_of_name(tokens: Sequence[str], at: int, size: int) -> str | None:
    """What the phrase around the name at ``tokens[at:at + size]`` says it is."""
    after = at + size
    if 0 < at and tokens[at - 1] == "(" and after < len(tokens) and tokens[after] == ")":
        after += 1  # the name is the short form: "the ... (IBLM) objective"
    elif after < len(tokens) and tokens[after] == "(":  # "NAME (SHORT)"
        close = next((i for i in range(after, min(after + 6, len(tokens))) if tokens[i] == ")"), 0)
        if close:
            after = close + 1
    if after < len(tokens):
        word = tokens[after]
        kind = _kind_of_word(word) if word[0].isalpha() else None
        if kind:  # "the SUB benchmark", "the (MSA) module"
            return _modified(tokens[after - 1], kind)
        if word in _SET_OFF:  # "NAME, a challenging benchmark for ..."
            rest = list(tokens[after + 1 : after + 16])
            while rest and rest[0].lower() in _DETERMINERS | {"is", "a", "an"}:
                rest.pop(0)
            kind = kind_of_phrase(rest)
            if kind:
                return kind
    # "a new benchmark called NAME", "a framework, dubbed NAME": the noun before the naming.
    before = at - 1
    if before >= 0 and tokens[before] == ",":
        before -= 1
    if before >= 1 and tokens[before].lower() in _NAMING_WORDS:
        before -= 1
        if tokens[before] == ",":
            before -= 1
        if before >= 0 and tokens[before][0].isalpha():
            return _kind_of_word(tokens[before])
    return None


def described_kinds(analysis: Analysis, names: Iterable[str]) -> list[str]:
    """The kinds of thing the phrases around each name say it is, in the names' order."""
    out: list[str] = []
    for name in names:
        parts = _TOKEN.findall(name)
        if not parts:
            continue
        for sentence in analysis.sentence_texts:
            if name not in sentence:
                continue
            tokens = _TOKEN.findall(sentence)
            kind = None
            for at in range(len(tokens) - len(parts) + 1):
                if tokens[at : at + len(parts)] == parts:
                    kind = _kind_of_name(tokens, at, len(parts))
                    if kind:
                        break
            if kind:
                out.append(kind)
                break
    return out


_MAKING = re.compile(
    r"\b(?:we|" + THIS_WORK_ANY + r"|our (?:" + "|".join(THIS_WORK_NOUNS) + r"))\s+"
    r"(?:\w+ly\s+|also\s+|first\s+|further\s+|then\s+|here\s+)?(?:"
    + "|".join(tensed(v) for v in dict.fromkeys((*MAKE_AFTER_WHO, *_NOUNS["verbs_more"])))
    + r")\s+(?:(?:a|an|the|our)\s+)?",
    re.IGNORECASE,
)


def made_kinds(analysis: Analysis) -> list[str]:
    """The kinds of the things "we propose / present / conduct ..." name, in order."""
    out: list[str] = []
    for match in _MAKING.finditer(analysis.text):
        kind = kind_of_phrase(_TOKEN.findall(analysis.text[match.end() : match.end() + 160]))
        if kind:
            out.append(kind)
    return out


# "this survey", "our review": the survey nouns but "taxonomy" (a taxonomy is made in many a
# paper that surveys nothing).
_SURVEY_NOUNS = either(without(_NOUNS["survey"], "taxonomy"))
_CUES: dict[str, re.Pattern[str]] = {
    "survey": re.compile(
        r"\b(?:(?:this|our|the present) (?:\w+ ){0,2}(?:" + _SURVEY_NOUNS + r")|"
        r"we (?:survey|review)|position paper|systematic (?:literature )?review|"
        r"(?:survey|review|overview) of (?:the )?(?:\w+ )?(?:literature|research|works?|"
        r"advances|methods|approaches|progress|developments|techniques))\b"
    ),
    "theory": re.compile(
        r"\b(theorem|we prove|prove that|proof|bounds?|theoretical(ly)?|provabl\w+|"
        r"guarantee)\b"
    ),
    "empirical_study": re.compile(
        r"\b(we (study|investigate|analy[sz]e|examine|evaluate|find|observe|explore|reveal)|"
        r"empirical(ly)? (study|analysis)|our (study|analysis|findings))\b"
    ),
    "system": re.compile(
        r"\b(library|toolkit|open-source (implementation|tool|framework)|platform|"
        r"software|system for|api|implementation)\b"
    ),
    "method": re.compile(
        r"\b(we (" + either(MAKE) + r")|novel (method|approach|"
        r"framework|algorithm|architecture|model)|our (method|approach|framework|model))\b"
    ),
}
_PROOF = re.compile(r"\b(we prove|theorem|non-vacuous)\b")


def classify_contributions(abstract: str | Analysis, introduces: list[str]) -> list[str]:
    """1 to 3 contribution types, most important first."""
    analysis = analysed(abstract)
    text = analysis.low
    counted: dict[str, int] = {}

    def count(kind: str) -> int:  # each pattern is run only when its count decides
        if kind not in counted:
            counted[kind] = len(_CUES[kind].findall(text))
        return counted[kind]

    named = described_kinds(analysis, introduces)
    made = made_kinds(analysis)
    chosen: list[str] = []
    if not introduces and ("survey" in made or count("survey")):
        chosen.append("survey")
    chosen += [k for k in named if k in ("benchmark", "dataset", "system", "method")]
    if introduces and len(named) < len(introduces) and "method" not in chosen:
        chosen.append("method")  # a name no phrase describes is most often a method's
    chosen += [k for k in made if k in ("benchmark", "dataset", "system", "method")]
    if count("theory") >= 2 or _PROOF.search(text) or "theory" in made:
        chosen.append("theory")
    if "empirical_study" in made or "method" not in chosen and count("empirical_study") >= 2:
        chosen.append("empirical_study")
    if not chosen and count("system") >= 2:
        chosen.append("system")
    if not chosen:
        chosen.append("method" if count("method") else "empirical_study")
    return list(dict.fromkeys(chosen))[:3]
