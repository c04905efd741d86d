"""Well-known datasets and benchmarks: a name on this list is a dataset wherever it is used.

Names are looked up as :mod:`.listed` does: without case, hyphens and spaces ("CIFAR-10"
is "cifar10"), in the plural ("ImageNets") and with a version or size suffix
("Kinetics600", "COCO2017"). The lists are ``data/known_datasets.txt``, made by hand, and
``data/counted_datasets.txt``, the names many arXiv abstracts use as data
(``evals/counted_datasets.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from .analysis import Abbreviation
from .listed import NameList, key
from .metrics import is_metric_name
from .well_known import is_common, is_model_line
from .wordlists import words

# The hand-made list, and the names many arXiv papers use as data (evals/counted_datasets.py)
_LIST = NameList("known_datasets", "counted_datasets")
# Lower case, as data/known_datasets.txt lists them.
KNOWN_DATASETS = _LIST.names


# A word that names data: "datasets", "benchmark", "corpora", "test set".
DATA_WORD = r"(?:datasets?|benchmarks?|corpus|corpora|suites?|test sets?|splits?|collections?)"


# Sites that host data and fields of study (data/never_datasets.txt), as lists compare names.
_NEVER = frozenset(key(name) for name in words("never_datasets"))


def never_a_dataset(name: str, defined: Iterable[Abbreviation] = ()) -> bool:
    """True for a metric's name ("F1-score", "ROUGE-L"), a well-known method or model
    ("LoRA", "GRPO", "Gemini-2.5"), a model of a known line ("Gemini-3.1-Pro", "Phi-4-mini"),
    a shared term ("EHR", "AR", "MRI"), a term the abstract defines
    (:func:`defined_as_a_term`), a language ("the Arabic dataset"), a site that hosts data
    ("available on HuggingFace") or a field ("STEM benchmarks"): whatever the words around
    it, no dataset. ``defined`` are the abstract's short forms."""
    return (
        is_metric_name(name)
        or is_common(name, defined)
        or is_model_line(name)
        or a_kind_of_data(name, defined)
    )


_LANGUAGES = frozenset(words("naming_languages"))


def a_kind_of_data(name: str, defined: Iterable[Abbreviation] = ()) -> bool:
    """True for a name that says what kind of data, not which: a language ("the Arabic
    dataset", "French and German benchmarks"), a field or a site it comes from ("STEM
    benchmarks", "datasets like GitHub and Jira": data/never_datasets.txt) or a term the
    abstract defines (:func:`defined_as_a_term`). Where the wording reads it as data, it is
    no subject either."""
    return name in _LANGUAGES or key(name) in _NEVER or defined_as_a_term(name, defined)


def defined_as_a_term(name: str, defined: Iterable[Abbreviation] = ()) -> bool:
    """True for a short form the abstract defines by a common noun phrase, written in lower
    case but its first word: "hyperspectral image (HSI)", "Parkinson's disease (PD)",
    "Diabetic retinopathy (DR)". "Four public HSI datasets" are datasets of a kind, none of
    them named. A name of the hand-made list stays a dataset ("outside knowledge visual
    question answering (OK-VQA)")."""
    if on_hand_list(name):
        return False
    letters = sum(c.isalpha() for c in name)
    return any(a.short == name and _is_term(a.long, letters) for a in defined)


_LONG_PART = re.compile(r"[^\s\-]+")
_LOWER_WORD = re.compile(r"[a-z]+(?:'s)?")
# A long form with a data word names data ("Devanagari handwritten character dataset",
# "Mycetoma database", "hardware model checking competition"); one with a pronoun is a
# clause read as a long form ("evaluate our method on satellite imagery").
_NOT_A_TERM = re.compile(
    r"(?i)\b(?:data\w*|bench\w*|" + DATA_WORD + r"|competitions?|challenges?"
    r"|we|our|this|these|its|their)\b"
)
_FUNCTION_WORDS = frozenset(("of", "and", "or", "the", "in", "on", "for", "to", "with", "from"))


def _is_term(long: str, letters: int) -> bool:
    """Whether a long form is a common noun phrase: its words are lower case but the first
    (a one-word long form must be lower case: "ventriculomegaly (VM)", not "EndoMapper
    (EM)"), with no digit nor inner capital, and no more content words than the short form
    has letters (more is a clause read as a long form)."""
    parts = _LONG_PART.findall(long)
    if not parts or _NOT_A_TERM.search(long):
        return False
    if len(parts) > 1:
        parts[0] = parts[0][:1].lower() + parts[0][1:]
    if not all(_LOWER_WORD.fullmatch(part) for part in parts):
        return False
    return sum(part not in _FUNCTION_WORDS for part in parts) <= letters


_BY_HAND = NameList("known_datasets")


def only_counted(name: str) -> bool:
    """True for a name on the counted list alone, not on the hand-made one: a paper may
    introduce it ("we introduce NAS-Bench-201"), which its wording then says."""
    return name in _LIST and name not in _BY_HAND


def on_hand_list(name: str) -> bool:
    """True for a name of the hand-made list (``data/known_datasets.txt``)."""
    return name in _BY_HAND


def is_known_dataset(name: str) -> bool:
    """True for a listed name, its plural, or the name with a size or version after it."""
    return name in _LIST


@cache
def _families() -> frozenset[str]:
    """The keys of listed names without their number: "cifar" of "cifar-10", "cifar100"."""
    return frozenset(
        family
        for name in KNOWN_DATASETS
        if (family := re.sub(r"\d+(?:\.\d+)?$", "", key(name))) != key(name) and len(family) > 2
    )


def is_dataset_family(name: str) -> bool:
    """True for the name of a family of listed datasets written without its number: "CIFAR"
    (of CIFAR-10 and CIFAR-100)."""
    return key(name) in _families()


@cache
def _multiword() -> re.Pattern[str]:
    spelled = sorted((n for n in KNOWN_DATASETS if re.search(r"[\s\-]", n)), key=len, reverse=True)
    alternatives = "|".join(
        r"[\s\-]+".join(re.escape(part) for part in re.split(r"[\s\-]+", n)) for n in spelled
    )
    # Tried only where a capitalized word starts.
    return re.compile(
        r"(?<![\w\-])(?=(?-i:[A-Z]))(?:" + alternatives + r")(?![\w\-])", re.IGNORECASE
    )


# Listed names that are also English words or other things' names: not taken alone.
_ALSO_WORDS = frozenset(key(w) for w in words("dataset_also_words"))

# One capitalized word in lower case after its capital: "Omniglot", "Imagenet", "Cityscapes";
# not at the start of a sentence, where any word is capitalized ("Habitat loss is ...").
_CAPITALIZED_WORD = re.compile(r"(?<![\w\-])(?<!^)(?<![.!?]\s)[A-Z][a-z]+\d*(?![\w\-])")


def find_known_datasets(abstract: str) -> list[str]:
    """Listed names the candidate shapes miss, as the abstract writes them: names of several
    words or parts when written capitalized ("Conceptual Captions", "Open X-Embodiment"; not
    "natural questions" in running prose), and one-word names written as a capitalized word
    ("Omniglot", "Imagenet", "Atari")."""
    out: list[str] = []
    for match in _multiword().finditer(abstract):
        text = match.group(0)
        if text[0].isupper() and text not in out:
            out.append(text)
    for match in _CAPITALIZED_WORD.finditer(abstract):
        text = match.group(0)
        if text not in out and _LIST.find(text) not in (None, *_ALSO_WORDS):
            out.append(text)
    return out
