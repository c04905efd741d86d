"""The paper's domain and its contribution types, from the abstract's words.

Weighted cue words decide the domain (application areas before technique areas) and the
contribution types. Prompts with ``strategy = "cues"`` use these with the name rules of
:mod:`.cues` and the tasks of :mod:`.tasks`. The domain words are a data file,
``data/domain_words.toml``.
"""

from __future__ import annotations

import re

from .analysis import Analysis, analysed
from .cue_words import MAKE, either
from .wordlists import table

# Each domain's words and weight (data/domain_words.toml). Application areas weigh more than
# technique areas; the first of equal scores wins, so the file's order of domains matters.
_DOMAINS = table("domain_words")
_DOMAIN_WORDS: dict[str, tuple[str, ...]] = {d: tuple(t["words"]) for d, t in _DOMAINS.items()}
_DOMAIN_WEIGHT: dict[str, float] = {d: float(t["weight"]) for d, t in _DOMAINS.items()}


# Domain words by their first two characters: each word start of the abstract is checked
# against the few words it could begin, and a word counts where it starts a word.
_DOMAIN_BY_START: dict[str, list[tuple[str, str]]] = {}
for _domain, _words in _DOMAIN_WORDS.items():
    for _word in _words:
        _DOMAIN_BY_START.setdefault(_word[:2], []).append((_domain, _word))
_WORD_START = re.compile(r"\b\w")


def domain_scores(abstract: str) -> dict[str, float]:
    """A score per domain from the words of the abstract (each domain word counts at every
    word of the abstract that starts with it)."""
    text = abstract.lower()
    hits = dict.fromkeys(_DOMAIN_WORDS, 0)
    for match in _WORD_START.finditer(text):
        at = match.start()
        for domain, word in _DOMAIN_BY_START.get(text[at : at + 2], ()):
            if text.startswith(word, at):
                hits[domain] += 1
    return {domain: hits[domain] * _DOMAIN_WEIGHT[domain] for domain in _DOMAIN_WORDS}


def classify_domain(abstract: str) -> str:
    """The most likely domain, or ``other`` when no domain word is found."""
    scores = domain_scores(abstract)
    best = max(scores, key=lambda d: scores[d])
    return best if scores[best] > 0 else "other"


_TYPE_PATTERNS: dict[str, str] = {
    "survey": r"\b(survey|review of|overview|tutorial|position paper|we argue|taxonomy|"
    r"systematic review|literature)\b",
    "benchmark": r"\b(benchmark|evaluation suite|leaderboard|metric|evaluation protocol|"
    r"testbed)\b",
    "dataset": r"\b(dataset|corpus|data collection|annotat\w+|curated?|collected|"
    r"we release .{0,40}data)\b",
    "theory": r"\b(theorem|we prove|prove that|proof|bounds?|theoretical(ly)?|provabl\w+|"
    r"guarantee)\b",
    "empirical_study": r"\b(we (study|investigate|analy[sz]e|examine|evaluate|find|observe|"
    r"explore|reveal)|empirical(ly)? (study|analysis)|our (study|analysis|findings))\b",
    "system": r"\b(library|toolkit|open-source (implementation|tool|framework)|platform|"
    r"software|system for|api|implementation)\b",
    "method": r"\b(we (" + either(MAKE) + r")|novel (method|approach|"
    r"framework|algorithm|architecture|model)|our (method|approach|framework|model))\b",
}


_TYPE_REGEXES = {kind: re.compile(pattern) for kind, pattern in _TYPE_PATTERNS.items()}
_PROOF = re.compile(r"\b(we prove|theorem|non-vacuous)\b")


def classify_contributions(abstract: str | Analysis, introduces: list[str]) -> list[str]:
    """1 to 3 contribution types, most important first."""
    analysis = analysed(abstract)
    text = analysis.low
    counted: dict[str, int] = {}

    def count(kind: str) -> int:  # each pattern is run only when its count decides
        if kind not in counted:
            counted[kind] = len(_TYPE_REGEXES[kind].findall(text))
        return counted[kind]

    chosen: list[str] = []
    if not introduces and count("survey") >= 1:
        chosen.append("survey")
    intro_sentences = " ".join(
        s.lower() for s in analysis.sentence_texts if any(n in s for n in introduces)
    )
    for kind in ("benchmark", "dataset"):
        if introduces and _TYPE_REGEXES[kind].search(intro_sentences):
            chosen.append(kind)
    if introduces and not chosen:
        chosen.append("method")
    elif introduces and count("method"):
        chosen.append("method")
    if count("theory") >= 2 or _PROOF.search(text):
        chosen.append("theory")
    if "method" not in chosen and count("empirical_study") >= 2:
        chosen.append("empirical_study")
    if not chosen and count("system") >= 2:
        chosen.append("system")
    if not chosen:
        chosen.append("method" if count("method") else "empirical_study")
    return list(dict.fromkeys(chosen))[:3]
