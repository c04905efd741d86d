"""The paper's domain and its contribution types, from the abstract's words.

Weighted domain words, found as whole words, decide the domain (application areas before
technique areas); the nouns that describe what the paper makes decide the contribution
types (:mod:`.contributions`). Prompts with ``strategy = "cues"`` use these with the name
rules of :mod:`.cues` and the tasks of :mod:`.tasks`. The domain words are a data file,
``data/domain_words.toml``.
"""

from __future__ import annotations

import math
from collections import Counter

from .analysis import Analysis, analysed
from .contributions import classify_contributions as classify_contributions
from .phrases import PhraseTable
from .urls import url_matches
from .wordlists import table

# Each domain's words, weak words and weight (data/domain_words.toml). Application areas
# weigh more than technique areas; the first of equal scores wins, so the file's order of
# domains matters.
_DOMAINS = table("domain_words")
_DOMAIN_WEIGHT: dict[str, float] = {d: float(t["weight"]) for d, t in _DOMAINS.items()}
_WEAK: frozenset[tuple[str, str]] = frozenset(
    (d, entry) for d, t in _DOMAINS.items() for entry in t.get("weak", ())
)
# The domains a winner gives way to when one of their words is found at all.
_YIELDS_TO: dict[str, tuple[str, ...]] = {
    d: tuple(t["yields_to"]) for d, t in _DOMAINS.items() if "yields_to" in t
}
_DOMAIN_PHRASES = PhraseTable(
    (entry, d) for d, t in _DOMAINS.items() for entry in (*t["words"], *t.get("weak", ()))
)


def domain_scores(abstract: str | Analysis) -> dict[str, float]:
    """A score per domain from the words of the abstract, URLs left out.

    Each domain word found adds to its domain 1 + ln(times found), times the domain's
    weight; a weak word adds only where a word of its own domain is found too, or where no
    domain has one.
    """
    analysis = analysed(abstract)
    text = analysis.text
    for url in reversed(url_matches(analysis)):  # a URL's words are no domain's
        text = text[: url.start()] + " | " + text[url.end() :]
    found = Counter(_DOMAIN_PHRASES.find(text))
    named = {d for d, entry in found if (d, entry) not in _WEAK}
    scores = dict.fromkeys(_DOMAINS, 0.0)
    for (domain, _), times in found.items():
        if domain in named or not named:
            scores[domain] += 1 + math.log(times)
    return {domain: score * _DOMAIN_WEIGHT[domain] for domain, score in scores.items()}


def classify_domain(abstract: str | Analysis) -> str:
    """The most likely domain, or ``other`` when no domain word is found. A winner gives way
    to a domain of its ``yields_to`` with any word found: a language paper about "MLLMs" is
    multimodal."""
    scores = domain_scores(abstract)
    best = max(scores, key=lambda d: scores[d])
    if scores[best] <= 0:
        return "other"
    return next((d for d in _YIELDS_TO.get(best, ()) if scores[d] > 0), best)
