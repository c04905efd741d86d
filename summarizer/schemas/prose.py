"""Checks for degenerate prose in the fields a model writes (``tldr``, ``problem``, keywords).

A small model sometimes drifts out of the abstract's language mid-sentence ("... a novel
contrastive mechanism to增强."), loops on a phrase, or stops inside a clause. Each check
returns None for sound text, or a re-ask message that says what to fix.

Scripts are Unicode's (``regex``'s ``\\p{Script=...}``): a letter of a script the abstract
does not use is refused. Digits, punctuation and symbols are the Common script and always
allowed; combining marks take the script of the letter they sit on.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from functools import lru_cache

import regex

from .prose_bounds import open_end

# The scripts named in messages; a letter of any other script is named after its Unicode
# character name ("GLAGOLITIC").
_SCRIPTS = (
    "Latin Greek Cyrillic Armenian Hebrew Arabic Syriac Thaana Devanagari Bengali Gurmukhi "
    "Gujarati Oriya Tamil Telugu Kannada Malayalam Sinhala Thai Lao Tibetan Myanmar Georgian "
    "Hangul Ethiopic Cherokee Khmer Mongolian Hiragana Katakana Bopomofo Han Yi Coptic"
).split()
_SCRIPT_OF = regex.compile("|".join(f"(?P<{s}>\\p{{Script={s}}})" for s in _SCRIPTS))
_NO_SCRIPT = regex.compile(r"[\p{Script=Common}\p{Script=Inherited}]")
# Japanese writes one text in these three; an abstract that uses one may use the others.
_FAMILIES = {s: "Han" for s in ("Han", "Hiragana", "Katakana", "Bopomofo")}

_WORD = regex.compile(r"\w+(?:['\u2019]\w+)*")
# Words repeated at once that can be good English.
_DOUBLE_OK = frozenset({"that", "had"})
# A hyphen, an opening bracket or an opening curly quote last (a straight quote may close).
_OPEN_TAIL = regex.compile(r"[-\u2010\u2011(\[{\u201c\u2018]\s*[.!?]?$")
_EDGE_PUNCT = ".,;:!?()[]{}\"'\u201c\u201d\u2018\u2019/"


@lru_cache(maxsize=4096)
def _script(ch: str) -> str | None:
    """The script of one character, or None for Common and Inherited ones."""
    if ch.isascii():
        return "Latin" if ch.isalpha() else None
    if _NO_SCRIPT.match(ch):
        return None
    match = _SCRIPT_OF.match(ch)
    if match and match.lastgroup:
        return match.lastgroup
    return unicodedata.name(ch, "UNKNOWN").split()[0].title()


def scripts(text: str) -> set[str]:
    """The scripts ``text`` writes letters in (Common and Inherited characters have none)."""
    found = {"Latin"} if regex.search(r"[A-Za-z]", text) else set()
    for ch in set(text):
        if not ch.isascii():
            script = _script(ch)
            if script:
                found.add(script)
    return found


@lru_cache(maxsize=1024)
def _abstract_families(abstract: str) -> frozenset[str]:
    return frozenset(_FAMILIES.get(s, s) for s in scripts(abstract))


def writes_east_asian(abstract: str) -> bool:
    """Whether ``abstract`` writes letters of Han, kana or Hangul
    (:data:`~summarizer.schemas.prose_bounds.EAST_ASIAN`)."""
    return bool(_abstract_families(abstract) & {"Han", "Hangul"})


@lru_cache(maxsize=1024)
def foreign_script(field: str, text: str, abstract: str) -> str | None:
    """A message when ``text`` has letters of a script that ``abstract`` does not use."""
    if text.isascii() and regex.search(r"[A-Za-z]", abstract):
        return None
    allowed = _abstract_families(abstract)
    strange: dict[str, list[str]] = {}
    for ch in text:
        script = _script(ch)
        if script and _FAMILIES.get(script, script) not in allowed:
            strange.setdefault(script, [])
            if ch not in strange[script]:
                strange[script].append(ch)
    if not strange:
        return None
    # Quote the foreign run as written, so the model sees what to replace.
    runs = [m.group() for m in regex.finditer(r"\S+", text) if any(_odd(m.group(), strange))]
    named = " and ".join(sorted(strange))
    used = ", ".join(sorted(s for s in scripts(abstract))) or "its own"
    whole = "each keyword" if field == "keywords" else f"the whole of {field}"
    return (
        f"{field} has {', '.join(repr(r) for r in runs[:3])} in {named} script, which the "
        f"abstract does not use; write {whole} in the abstract's language, "
        f"with {used} letters only"
    )


def _odd(word: str, strange: dict[str, list[str]]) -> list[bool]:
    return [any(ch in chars for chars in strange.values()) for ch in word]


def _runs(text: str) -> list[list[str]]:
    """The lower-cased words of ``text`` in runs that punctuation does not break: a phrase
    said again after a comma or a full stop ("SGD, SGD with momentum") is a list, not a loop.
    A hyphenated compound is one word ("off-policy policy evaluation")."""
    runs: list[list[str]] = [[]]
    for token in text.split():
        word = token.strip(_EDGE_PUNCT).lower()
        if word and token[:1] not in _EDGE_PUNCT:
            runs[-1].append(word)
        elif word:
            runs.append([word])
        if not word or token[-1:] in _EDGE_PUNCT:
            runs.append([])
    return [run for run in runs if run]


@lru_cache(maxsize=1024)
def repeated_phrase(field: str, text: str) -> str | None:
    """A message when ``text`` loops: a word or phrase written twice in a row ("the the",
    "deep learning deep learning"), or a phrase of 3 or more words written 3 or more times."""
    for words in _runs(text):
        n = len(words)
        for size in range(1, n // 2 + 1):
            for i in range(n - 2 * size + 1):
                phrase = words[i : i + size]
                if phrase == words[i + size : i + 2 * size] and not _fine_twice(phrase):
                    return f"{field} repeats {' '.join(phrase)!r} twice in a row; write it once"
    words = [w.lower() for w in _WORD.findall(text)]
    for size in range(3, len(words) // 3 + 1):
        counts: Counter[tuple[str, ...]] = Counter(
            tuple(words[i : i + size]) for i in range(len(words) - size + 1)
        )
        gram, times = counts.most_common(1)[0]
        if times >= 3:
            return f"{field} repeats {' '.join(gram)!r} {times} times; say each thing once"
    return None


def _fine_twice(phrase: list[str]) -> bool:
    # "that that", "had had", "10 10"; "(learning) to learn to learn".
    if len(phrase) == 1:
        return phrase[0] in _DOUBLE_OK or phrase[0].isdigit()
    return len(phrase) == 2 and phrase[0] == "to"


@lru_cache(maxsize=1024)
def cut_end(field: str, text: str, abstract: str | None = None) -> str | None:
    """A message when the sentence ``text`` stops inside its last clause or word: on a
    hyphen or an opening bracket or quote, on a word no clause ends on ("... and.",
    "... compared to.", "... to support iterative."; :func:`.prose_bounds.open_end`), or,
    given the abstract, on the start of one of its words that is no word of its own
    ("... a contrastive mech.")."""
    stripped = text.rstrip()
    if _OPEN_TAIL.search(stripped):
        return f"{field} stops on {stripped.rstrip('.!? ')[-12:]!r}; finish the sentence"
    words = _WORD.findall(stripped)
    if not words or stripped[-1:] not in ".!?":
        return None
    last = words[-1]
    tail = open_end(stripped)
    if tail:
        shown = " ".join(words[-len(tail.split()) :])
        return (
            f"{field} ends on {shown!r}, inside a clause; finish the sentence or end it "
            "at the last whole clause"
        )
    whole = _cut_from(last.lower(), abstract) if abstract else None
    if whole:
        return f"{field} ends on {last!r}, a cut word ({whole!r}?); finish the sentence"
    return None


# Endings a word takes: a word of the abstract that is the last word and some of these is a
# form of it ("learn", "learning"; "data", "datasets"), not the rest of a cut word.
_ENDINGS = regex.compile(
    r"(?:(?P<double>[bdgklmnprt])(?P=double)?)?"
    r"(?:s|es|e|d|ed|ing|ion|ation|ization|isation|ize|ise|ate|al|ally|ly|r|er|or|ity|"
    r"ities|ies|y|ment|ness|ive|ous|ic|ics|ical|ful|less|able|ibility|ability|ist|ism|"
    r"ance|ence|ant|ent|set|up|wise)+"
)


@lru_cache(maxsize=1024)
def _abstract_vocabulary(abstract: str) -> frozenset[str]:
    return frozenset(w.lower() for w in regex.findall(r"\p{L}+", abstract))


def _cut_from(last: str, abstract: str) -> str | None:
    """The word of ``abstract`` that ``last`` is the cut start of, if any."""
    if len(last) < 2 or not last.isalpha():
        return None
    vocabulary = _abstract_vocabulary(abstract)
    if last in vocabulary:
        return None
    longer = sorted(w for w in vocabulary if w.startswith(last) and w != last)
    if not longer or any(_ENDINGS.fullmatch(w, len(last)) for w in longer):
        return None
    return longer[0]
