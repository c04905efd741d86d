"""The bounds the grammar puts on the prose fields, and how a sentence cut at its bound ends.

Engines that constrain decoding get ``TEXT_PATTERNS`` in the response schema of the cues
strategy: one sentence, bounded in length, and a tldr that opens in the summarizer's own
voice ("This paper ...", "The authors ...", never the abstract's "We ..."). :func:`end_cleanly`
ends a sentence the bound stopped at a whole clause; validation (:mod:`.paper_summary`) and
the plan (:mod:`summarizer.prompting.strategy`) both use it. :func:`open_end` tells a sentence
whose last clause is not whole ("... to support iterative.", "... compared to."), and
:func:`authors_voice` a tldr that speaks as the authors; validation refuses both, so that the
model is asked again.
"""

from __future__ import annotations

import re

__all__ = [
    "EAST_ASIAN",
    "TEXT_BOUNDS",
    "TEXT_PATTERNS",
    "authors_voice",
    "end_cleanly",
    "open_end",
    "text_patterns",
]


# For engines that constrain decoding: one sentence (no full stop inside, decimals
# allowed), bounded in length, and a tldr that opens in the summarizer's own voice, so
# that a small model cannot paste the abstract's first sentence.
def _sentence_char(excluded: str = "") -> str:
    """One unit of a sentence body: no sentence end, quote or backslash (nor ``excluded``),
    or a full stop before a digit."""
    return r'([^.!?\n"\\' + excluded + r"]|[.][0-9])"


_SENTENCE_CHAR = _sentence_char()
# Letters of the scripts a small model drifts into mid-sentence (Han, kana, Hangul): the
# grammar keeps them out of the prose of an abstract that writes none of them, as validation
# would refuse them (:func:`summarizer.schemas.prose.foreign_script`).
EAST_ASIAN = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_OPENING = r"(This paper|The authors) "
# The longest sentence body the grammar lets through, in _SENTENCE_CHAR units.
TEXT_BOUNDS = {"tldr": 200, "problem": 190}


def text_patterns(east_asian: bool = True) -> dict[str, str]:
    """The prose fields' patterns; ``east_asian=False`` leaves out the :data:`EAST_ASIAN`
    letters."""
    char = _sentence_char("" if east_asian else EAST_ASIAN)
    return {
        "tldr": r"^" + _OPENING + char + "{20," + str(TEXT_BOUNDS["tldr"]) + "}[.]$",
        "problem": r"^" + char + "{15," + str(TEXT_BOUNDS["problem"]) + "}[.]$",
    }


TEXT_PATTERNS = text_patterns()
_UNIT = re.compile(_SENTENCE_CHAR)
_OPENING_AT = re.compile(_OPENING)
# Words a sentence does not end on: "... by reducing overfitting and".
_DANGLING = re.compile(
    r"(?:[\s,;:(\-]+(?:and|or|but|of|the|a|an|to|by|with|for|in|on|at|from|that|which|"
    r"while|using|via|as|its|their|is|are|into|than|such|both|between|like))+$",
    re.IGNORECASE,
)


_WORD = re.compile(r"\w+(?:['\u2019]\w+)*")
# Words a clause cannot end on: articles, conjunctions, prepositions, possessives, and the
# determiners and quantifiers that need a noun after them.
_ARTICLES = "a an the"
_CONJUNCTIONS = "and or but nor while whereas because although though that which where if than"
_PREPOSITIONS = (
    "to of for with by from in on at into onto via versus vs between among amongst across "
    "through toward towards against without within upon like as about under over compared "
    "relative due such"
)
_DETERMINERS = "its their our his her my your whose this these those each every several multiple"
_CLOSED = frozenset(f"{_ARTICLES} {_CONJUNCTIONS} {_PREPOSITIONS} {_DETERMINERS}".split())
_PREPOSITION = frozenset(_PREPOSITIONS.split())
# Words that open a clause a preposition may end: "... is what such studies call for."
_WH = frozenset("what which whom where whatever".split())
# Adjectives by their ending ("iterative", "robust" and a few common ones by name): the last
# word of a clause only after a verb that links it ("... remains unclear.").
_ADJECTIVE = re.compile(
    r"(?:[^e]ive|ous|ful|able|ible|ic|al|less|[^m]ent|ant|ular|ilar|inear|lear)$"
)
_ADJECTIVES = frozenset(
    "novel new robust accurate specific previous current diverse complex simple large "
    "small deep sparse dense various".split()
)
# Nouns with an adjective's ending: "a contrastive objective.", "the retrieval signal."
_NOUNS = frozenset(
    """objective alternative initiative primitive derivative narrative perspective incentive
    executive representative relative detective motive native archive retrieval signal
    interval proposal removal tutorial terminal potential animal journal manual material
    arrival approval rival trial denial capital festival total metal portal survival renewal
    referral withdrawal disposal appraisal reversal refusal individual professional original
    principal criminal chemical mineral differential residual marginal polynomial medal
    arsenal canal hospital ritual fractal metric topic heuristic logic music clinic graphic
    graphics arithmetic rhetoric mechanic traffic public epidemic pandemic critic magic
    fabric mosaic plastic analytic analytics basic characteristic agent gradient component
    student variant client patient parent content event extent intent percent constant
    participant assistant descendant tenant plant giant coefficient quotient ingredient
    recipient respondent opponent exponent proponent incident accident president resident
    talent descent determinant invariant applicant consultant pollutant reactant mutant
    variable table cable deliverable observable syllable vegetable timetable handful""".split()
)
# Verbs whose object an adjective completes, however long the object: "..., making the
# triangulation of a gymnast's trajectory unreliable."
_CAUSATIVES = frozenset(
    "make makes made making render renders rendered rendering keep keeps kept keeping leave "
    "leaves leaving left".split()
)
# Verbs that link a subject to an adjective (the causatives among them), and degree words
# before one: "is unclear", "makes it interpretable", "leaving models vulnerable", "more
# expensive".
_LINKS = _CAUSATIVES | frozenset(
    """is are was were be been being remain remains remained become becomes became seem
    seems seemed appear appears appeared prove proves proved proven stay stays deem deemed
    consider considered find finds found more most less least very highly too so as""".split()
)

# Forms of "be" before a participle that is also a preposition: "... cannot be compared."
_BE = frozenset("be is are was were been being".split())


def open_end(text: str) -> str | None:
    """The last word of ``text`` when it leaves the last clause open, else None.

    A clause does not end on an article, a conjunction, a preposition ("... compared to.")
    or a determiner, nor on an adjective without its noun ("... to support iterative.").
    A preposition may end an infinitive ("how hard they are to generalize to.") or a clause
    opened by "what" or "which" ("... is what such studies call for."), and an
    adjective a clause that links it to its subject ("... remains unclear.", "... is
    computationally expensive.") or a causative verb to its object ("..., making the
    triangulation of a gymnast's trajectory unreliable.").
    """
    words = [w.lower() for w in _WORD.findall(text)]
    if not words:
        return None
    last = words[-1]
    if last == "compared" and _BE.intersection(words[-3:-1]):
        return None  # a passive, not the preposition: "... cannot be fairly compared."
    if last in _CLOSED:
        clause = _WORD.findall(re.split(r"[,;:]", text)[-1].lower())
        stranded = len(words) >= 3 and words[-3] == "to" or _WH.intersection(clause[:-2])
        if last in _PREPOSITION and stranded:
            return None
        return "compared to" if words[-2:] == ["compared", "to"] else last
    attributive = last in _ADJECTIVES or (
        len(last) > 4 and _ADJECTIVE.search(last) is not None and last not in _NOUNS
    )
    if not attributive:
        return None
    # A linking verb or degree word before it in its clause, with no "to" or article between
    # ("... built to support iterative." and "... for the iterative." are not linked).
    clause = _WORD.findall(re.split(r"[,;:]", text)[-1].lower())[:-1]
    for word in reversed(clause[-6:]):
        if word in _LINKS or word.endswith("ly"):
            return None
        if word == "to" or word in _ARTICLES.split():
            break
    for word in reversed(clause):
        if word == "to":
            break  # "... making it possible to support iterative."
        if word in _CAUSATIVES:
            return None
    return last


# A tldr that speaks as the authors do: "We propose ...", "Our method ...", "In this paper,
# we ...", "Here we ...".
_AUTHORS_VOICE = re.compile(
    r"^(?:(?:in this (?:paper|work|study|article)|here(?:in)?|to this end)[,\s]+)?(?:we|our|us)\b",
    re.IGNORECASE,
)


def authors_voice(text: str) -> str | None:
    """The opening of ``text`` when it speaks in the authors' first person, else None."""
    match = _AUTHORS_VOICE.match(text.strip())
    if match is None:
        return None
    return " ".join(text.strip().split()[: len(match.group().split()) + 1])


def end_cleanly(field: str, text: str) -> str:
    """A sentence that the grammar stopped at its length bound, ended at a whole clause.

    Such a sentence is cut wherever the bound fell, often inside a word ("... reducing
    overfitting and im."). The last word goes, then the last clause if a comma or semicolon
    keeps at least half of the sentence, then the small words the end is left on. Where that
    still leaves the clause open (:func:`open_end`), the sentence ends at its last comma or
    semicolon instead; where there is none, it is returned as it came, for validation to
    refuse. A sentence shorter than the bound is returned as it is.
    """
    bound = TEXT_BOUNDS.get(field)
    opening = _OPENING_AT.match(text) if field == "tldr" else None
    start = opening.end() if opening else 0
    if bound is None or not text.endswith(".") or len(_UNIT.findall(text[start:-1])) < bound:
        return text
    body = text[:-1]
    body = body[: body.rfind(" ")] if body.rfind(" ") > start else body
    clause = max(body.rfind(","), body.rfind(";"))
    if clause - start >= 20 and clause >= len(body) / 2:
        body = body[:clause]
    body = _DANGLING.sub("", body).rstrip(" ,;:-(")
    if open_end(body):
        clause = max(body.rfind(","), body.rfind(";"))
        shorter = _DANGLING.sub("", body[:clause]).rstrip(" ,;:-(") if clause > start else ""
        if len(shorter) - start < 15 or open_end(shorter):
            return text
        body = shorter
    return body + "." if len(body) - start >= 15 else text
