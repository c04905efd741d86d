"""Keywords chosen by code: 3 to 5 key phrases copied from the abstract, no model asked.

The candidates are the abstract's noun chunks: runs of words between punctuation and the
words no key phrase holds (function words, judgements such as "novel" or "effective":
``data/task_stop_words.txt`` less a few nouns, and a few more here; a word shaped like a
verb before "the", "to", "by" ...), every run of up to four words inside one, and the
phrases the other rules find. A phrase never written but inside one longer phrase ("graph
neural" of "graph neural networks") is dropped. Each is scored by how often the abstract
writes it and its words, how early it first does, its number of words (two is the usual
key phrase, one the rarest), and what the other rules say of it: a name the paper gives its
own work (cue names: "we propose X") weighs most; a short form the abstract defines stands
for its long form, the keyword ("Domain generalization (DG)", its mentions of "DG"
counted); a task phrase (:mod:`.tasks`) and any other name-shaped span (:mod:`.names`) come
next. A scorer learned from dev's gold keywords (:mod:`.learned`) then orders the best 40.
They are taken in that order, each without a verb at its edges (:mod:`.verb_edges`:
"leverages RGB images" is "RGB images"), skipping one that overlaps a phrase already taken
(half its words or more in common, as the keywords scorer matches them), so five picks are
five different things, each written as the abstract writes it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..text import counts_f1
from ..text import words as tokens
from .analysis import Analysis, analysed
from .candidates import find_candidates
from .cue_names import find_cue_names
from .learned import probability, table_of
from .tasks import find_tasks
from .verb_edges import without_verbs
from .wordlists import words

__all__ = ["RERANKED", "choose_keywords", "keyword_features"]

# Words no keyword starts or ends with, beyond the task phrases' stop words: reporting
# verbs, vague nouns and quantities.
_EDGE_STOP = frozenset(
    """
    show shows shown demonstrate demonstrates demonstrated propose proposes proposed present
    presents presented introduce introduces introduced achieve achieves achieved outperform
    outperforms outperforming extensive experiments experiment results result paper work
    works study studies performance state art various different several many much more most
    first second two three four five one new novel existing recent prior previous further
    also however thus often well small key given able use used uses using way ways number
    lot set sets type types kind kinds aspects terms code available publicly github https
    http www com org html
    """.split()
)
# Nouns that end a key phrase ("teacher-student framework") but neither start one nor
# stand alone.
_HEAD_ONLY = frozenset(
    """
    method methods approach approaches framework frameworks model models task tasks problem
    problems paradigm technique techniques strategy strategies
    """.split()
)
# Words of the task phrases' stop list that a keyword may hold ("large language models",
# "latent space", "end-to-end training"), though not every one at its ends.
_INNER = frozenset(
    """
    model models large deep space dynamic adaptive unified joint open-ended end-to-end
    downstream complex high low long mean average division scales multiple general
    """.split()
)
_STOP = (frozenset(words("task_stop_words")) - _INNER) | frozenset(
    """
    is are was were be been being has have had do does did can could may might must shall
    should will would not no nor than then there here it they them we us our you your he she
    his her its their this that these those which who whom whose what when where why how
    while whereas although though because since if unless until so such very only just even
    each every all any some both either neither other another same own into onto upon over
    under between among through during before after above below within without about against
    across along around toward towards per via vs etc i e g al
    """.split()
)
# Words of ``_INNER`` no keyword starts or ends with.
_START_STOP = frozenset("space division scales mean average".split()) | _HEAD_ONLY
_END_STOP = frozenset("large deep high low long joint complex multiple general".split())
_TOKEN = re.compile(r"[A-Za-z0-9][\w'\u2019\-]*[A-Za-z0-9+*]|[A-Za-z0-9]|[^\sA-Za-z0-9]")
_WORDLIKE = re.compile(r"[A-Za-z0-9]")
_NUMBER = re.compile(r"[\d.,%x]+$|.*\d.*[%]$")
_ADVERB = re.compile(r"[a-z]{3,}ly$")
_MAX_WORDS = 4
#: How many of the best candidates by their word scores the scorer reorders.
RERANKED = 40
_EDGE_MARKS = "\"'`~.,;:()[]{}\u201c\u201d\u2018\u2019 "


@dataclass(slots=True)
class _Candidate:
    text: str  # as first written
    start: int
    count: int = 0


_Ranked = list[tuple[_Candidate, float, float]]  # a candidate, its word score, its bonus


def _key(phrase: str) -> str:
    """Lower case, hyphens as spaces, the last word without a plural ``s``."""
    return _singular(phrase.lower().replace("-", " "))


def _singular(low: str) -> str:
    if len(low) > 3 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return low[:-1]
    return low


def _is_stop(token: str, low: str | None = None) -> bool:
    low = token.lower() if low is None else low
    return (
        low in _STOP
        or bool(_NUMBER.match(low))
        or bool(_ADVERB.match(low))
        or len(low) < 2
        and not token.isupper()
    )


# A word ending so, right before one of these, is a verb: "the loss provides the bound",
# "models trained on", "a model that learns to".
_VERB_SHAPE = re.compile(r"[a-z]{3,}(?:[^s]s|ed)$")
_AFTER_VERB = frozenset(
    "the a an that this these those our its their to how what which whether by on with as "
    "from into in".split()
)


@lru_cache(maxsize=1 << 16)
def _kind(token: str) -> tuple[str, bool, bool]:
    """A token's lower case, whether it ends a run wherever it is (a mark, a stop word), and
    whether it is shaped like a verb."""
    low = token.lower()
    ends = not _WORDLIKE.match(token) or _is_stop(token, low)
    return low, ends, bool(_VERB_SHAPE.match(token))


def _chunks(text: str) -> list[list[tuple[str, int, str]]]:
    """Runs of candidate words ``(word, start, lower case)`` between punctuation, stop words
    and verbs."""
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(text)]
    kinds = [_kind(token) for token, _ in tokens]
    chunks: list[list[tuple[str, int, str]]] = []
    run: list[tuple[str, int, str]] = []
    last = len(tokens) - 1
    for i, (token, start) in enumerate(tokens):
        low, ends, verb_shaped = kinds[i]
        if ends or verb_shaped and i < last and kinds[i + 1][0] in _AFTER_VERB:
            if run:
                chunks.append(run)
            run = []
            continue
        run.append((token, start, low))
    if run:
        chunks.append(run)
    return chunks


def _candidates(text: str) -> dict[str, _Candidate]:
    found: dict[str, _Candidate] = {}
    # The text lower-cased once, hyphens as spaces, where that is each phrase lower-cased
    # alone: not when a letter lower-cases to two characters (the offsets move), nor with a
    # capital sigma (its lower case depends on the letter after it).
    low_text = text.lower().replace("-", " ")
    whole = len(low_text) == len(text) and "\u03a3" not in text
    for chunk in _chunks(text):
        size = len(chunk)
        for i in range(size):
            first = chunk[i][2]
            if first in _EDGE_STOP or first in _START_STOP:
                continue
            start = chunk[i][1]
            for j in range(i + 1, min(size, i + _MAX_WORDS) + 1):
                token, at, last = chunk[j - 1]
                if last in _EDGE_STOP or last in _END_STOP:
                    continue
                end = at + len(token)
                key = _singular(low_text[start:end]) if whole else _key(text[start:end])
                entry = found.get(key)
                if entry is None:
                    entry = found[key] = _Candidate(text[start:end], start)
                entry.count += 1
    return found


def _dominated(candidates: dict[str, _Candidate], kept: dict[str, float]) -> set[str]:
    """Phrases never written but inside one longer phrase ("graph neural" in "graph neural
    networks"): the longer one says all they say."""
    out: set[str] = set()
    get = candidates.get
    for key, longer in candidates.items():
        if " " not in key:
            continue
        parts = key.split()
        size = len(parts)
        for i in range(size):
            for j in range(i + 1, size + 1):
                if j - i == size:
                    continue
                inner = parts[i] if j - i == 1 else " ".join(parts[i:j])
                entry = get(inner)
                if entry is not None and entry.count <= longer.count:
                    out.add(inner)
    return out - kept.keys()


def _word_logs(candidates: dict[str, _Candidate]) -> dict[str, float]:
    """``log(1 + n)`` of how often each single word is written."""
    counts: Counter[str] = Counter()
    for key, entry in candidates.items():
        if " " not in key:
            counts[key] += entry.count
    return {word: math.log1p(count) for word, count in counts.items()}


# How a phrase's number of words weighs (one word is rarely a key phrase of its own).
SHAPE = {1: 0.55, 2: 1.0, 3: 1.0, 4: 0.8}
COUNT_WEIGHT = 2.5
EARLY_WEIGHT = 0.3
WEIGHTS = {"name": 1.0, "task": 1.5, "cue": 3.0, "long": 2.0}


def _score(
    key: str, entry: _Candidate, word_logs: dict[str, float], length: int, bonus: float
) -> float:
    parts = key.split()
    repeated = sum([word_logs.get(w, 0.0) for w in parts]) / len(parts)
    shape = SHAPE.get(len(parts), SHAPE[4])
    early = 1.0 + EARLY_WEIGHT * (1.0 - entry.start / max(length, 1))
    return (math.log1p(entry.count) * COUNT_WEIGHT + repeated) * shape * early + bonus


@dataclass
class _Known:
    """What the other rules say of the abstract: weights of phrases they found, as written,
    and the short forms whose long form stands for them."""

    bonus: dict[str, float]
    written: dict[str, str]
    short_of: dict[str, str]  # long form's key -> short form's key


def _known(analysis: Analysis, names: Sequence[str] | None, tasks: Sequence[str] | None) -> _Known:
    known = _Known({}, {}, {})

    def add(phrase: str, weight: float) -> None:
        phrase = phrase.strip(_EDGE_MARKS)
        key = _key(phrase)
        known.bonus[key] = max(known.bonus.get(key, 0.0), weight)
        known.written.setdefault(key, phrase)

    if names is None:
        names = find_candidates(analysis, with_numbers=False).names
    for name in names:
        add(name, WEIGHTS["name"])
    for task in find_tasks(analysis) if tasks is None else tasks:
        add(task, WEIGHTS["task"])
    for name in find_cue_names(analysis.unstyled):
        if name in analysis.text:  # not across a LaTeX style ("\\textbf{S}elf")
            add(name, WEIGHTS["cue"])
    for abbreviation in analysis.abbreviations:
        long = _trimmed(abbreviation.long)
        short = _key(abbreviation.short)
        if long and len(long.split()) > 1:
            add(long, max(WEIGHTS["long"], known.bonus.pop(short, 0.0)))
            known.short_of[_key(long)] = short
    return known


def _trimmed(phrase: str) -> str:
    """``phrase`` without the stop words it starts with."""
    parts = phrase.split()
    while parts and _is_stop(parts[0]):
        parts.pop(0)
    return " ".join(parts)


def _ranked(
    analysis: Analysis, names: Sequence[str] | None, tasks: Sequence[str] | None
) -> _Ranked:
    """The candidates by their word scores, best first, with the score and the bonus."""
    text = analysis.text
    candidates = _candidates(text)
    known = _known(analysis, names, tasks)
    for key, phrase in known.written.items():
        at = text.find(phrase)
        if at >= 0:
            entry = candidates.setdefault(key, _Candidate(phrase, at, 1))
            entry.text = phrase
    for long, short in known.short_of.items():
        if long in candidates and short in candidates:
            candidates[long].count += candidates.pop(short).count
    word_logs = _word_logs(candidates)
    for key in _dominated(candidates, known.bonus):
        del candidates[key]
    length, bonus = len(text), known.bonus
    scored = [
        (-_score(key, entry, word_logs, length, bonus.get(key, 0.0)), entry.start, n, key)
        for n, (key, entry) in enumerate(candidates.items())
    ]
    scored.sort()
    return [(candidates[key], -score, bonus.get(key, 0.0)) for score, _, _, key in scored]


def keyword_features(
    abstract: str | Analysis,
    *,
    names: Sequence[str] | None = None,
    tasks: Sequence[str] | None = None,
) -> list[tuple[str, frozenset[str]]]:
    """The best :data:`RERANKED` candidates by their word scores, in that order, each as
    written with the features the learned scorer reads."""
    analysis = analysed(abstract)
    return _features(_ranked(analysis, names, tasks), max(len(analysis.text), 1))


def _features(ranked: _Ranked, length: int) -> list[tuple[str, frozenset[str]]]:
    out = []
    for rank, (entry, score, bonus) in enumerate(ranked[:RERANKED]):
        parts = _key(entry.text).split()
        features = {
            "b",
            f"rank={min(rank, 10)}",
            f"sc={min(int(score), 12)}",
            f"n={min(len(parts), 4)}",
            f"cnt={min(entry.count, 4)}",
            f"pos={min(int(10 * entry.start / length), 9)}",
            "h=" + parts[-1],
            "f=" + parts[0],
            f"bonus={bonus:.1f}",
        }
        if any(c.isupper() for c in entry.text):
            features.add("cap")
        if any(c.isdigit() for c in entry.text):
            features.add("digit")
        if "-" in entry.text:
            features.add("hyph")
        out.append((entry.text, frozenset(features)))
    return out


def choose_keywords(
    abstract: str | Analysis,
    limit: int = 5,
    *,
    names: Sequence[str] | None = None,
    tasks: Sequence[str] | None = None,
    refused: Callable[[str], bool] | None = None,
    table: Mapping[str, float] | None = None,
) -> list[str]:
    """The abstract's key phrases, best first, at most ``limit``, each copied verbatim: the
    best :data:`RERANKED` candidates in the learned scorer's order, then the others.

    Args:
        abstract: The abstract's text, or its :class:`Analysis`.
        limit: How many to choose at most.
        names: The abstract's candidate names (``find_candidates(...).names``), when the
            caller has found them already; else they are found here.
        tasks: Its tasks (``find_tasks``), likewise.
        refused: Says of a phrase that the caller cannot keep it (the summary's own checks of
            a keyword); the next best phrase is taken instead.
        table: Weights other than the shipped ones, for training.

    Returns:
        Up to ``limit`` phrases of the abstract, no two of which overlap by half their words.
    """
    analysis = analysed(abstract)
    candidates = _ranked(analysis, names, tasks)
    ranked = [entry.text for entry, _, _ in candidates]
    weights = table_of("keyword_scores") if table is None else table
    scored = _features(candidates, max(len(analysis.text), 1))
    order = sorted(range(len(scored)), key=lambda i: (-probability(scored[i][1], weights), i))
    chosen: list[str] = []
    chosen_words: list[Counter[str]] = []
    for candidate in [scored[i][0] for i in order] + ranked[len(scored) :]:
        phrase = without_verbs(analysis, candidate)
        if not phrase:
            continue
        if chosen_words:
            own = Counter(tokens(phrase))
            if any(counts_f1(own, c) >= 0.5 for c in chosen_words):
                continue
        if refused is not None and refused(phrase):
            continue
        chosen.append(phrase)
        chosen_words.append(Counter(tokens(phrase)))
        if len(chosen) == limit:
            break
    return chosen
