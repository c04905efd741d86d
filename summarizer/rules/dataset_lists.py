"""Dataset names written as such: "the Visual Genome dataset", "on Cora, Citeseer and Pubmed"."""

from __future__ import annotations

import re
from collections.abc import Collection

from .analysis import Analysis, analysed
from .data_cues import models_plural
from .known_datasets import is_known_dataset
from .name_spans import is_opener, mentions, with_first_words
from .names import ADJECTIVE_SUFFIX, GENERIC
from .well_known import is_well_known
from .wordlists import alternation


def find_dataset_phrases(abstract: str | Analysis) -> list[str]:
    """Title-Case names written right before "dataset" or "benchmark": "Visual Genome dataset".

    An :class:`Analysis` keeps them."""
    return list(analysed(abstract).kept(_dataset_phrases))


def _dataset_phrases(analysis: Analysis) -> tuple[str, ...]:
    abstract = analysis.text
    out: list[str] = []
    matches = [*_DATASET_PHRASE.finditer(abstract), *TITLED_DATASET.finditer(abstract)]
    for match in sorted(matches, key=lambda m: m.start()):
        # the pattern holds three words; a longer name's first words are the span rules'
        start = with_first_words(
            abstract, match.start(1), match.start(1) + len(match.group(1).rstrip())
        )
        name = abstract[start : match.end(1)].strip()
        if _SENTENCE_START.search(abstract, 0, match.start()) and is_opener(name.split()[0]):
            # "The Visual Genome dataset": a phrase's opener, not the name's first word,
            # which "Long Horizon Bench benchmark is ..." keeps
            name = name.partition(" ")[2].strip()
            if not name:
                continue
        if name.lower() in GENERIC or name in out or ADJECTIVE_SUFFIX.search(name):
            continue  # "MNIST-like datasets" describe, they do not name
        # One capitalized word counts only after a lower-case word: "from the Wilds
        # benchmark", not "Benchmark" at the start of a sentence.
        if " " in name or _LOWER_WORD_BEFORE.search(
            abstract, max(0, match.start() - 16), match.start()
        ):
            out.append(name)
    return tuple(out)


_DATASET_PHRASE = re.compile(r"\b((?:[A-Z][\w\-]*\s+){1,3})(?=(?:dataset|benchmark|corpus)s?\b)")
# A name whose own last word says what it is: "the Stanford Question Answering Dataset",
# "on the Winograd Schema Challenge", "Long Range Graph Benchmark".
TITLED_DATASET = re.compile(
    r"\b((?:[A-Z][\w\-]*\s+){1,6}(?:Dataset|Benchmark|Corpus|Challenge|Treebank))"
    # not a longer name's word: "Virtual Dataset Normalization (VDN)"
    r"(?![\w\-]|\s+[A-Z])"
)
# One token that ends in its data word: "GaslightingBench", "MMBench", "LongBench-v2".
BENCH_NAME = re.compile(r"[A-Z][\w]*(?:Bench|Benchmark)(?:-[\w.]+)?")
# A token that ends like a benchmark's name, after a hyphen or in "Eval" or "Arena":
# "GenAI-Bench", "VL-RewardBench", "AlpacaEval", "WebArena"; a paper names its own ones so too
# ("we propose an extension to NAS-Bench-101: NAS-Bench-201"), so this counts only where no
# wording says the name is new (rules/cues.py). Not "SemEval-2026", a series of shared tasks.
BENCH_LIKE = re.compile(r"(?!SemEval)[A-Z][\w\-]*?(?:Bench|Benchmark|Eval|Arena)(?:-[\w.]+)?")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
_LOWER_WORD_BEFORE = re.compile(r"\b(?:" + alternation("dataset_lead_words") + r")\s+$")


def find_listed_datasets(abstract: str | Analysis) -> tuple[str, ...]:
    """The members of a list of datasets: "(including Cora, Citeseer, Pubmed and NELL)",
    "dialogue data-sets: Ubuntu, Switchboard and OpenSubtitles", "the Omniglot and CIFAR
    datasets". Plain capitalized words are names here, which elsewhere they are not. An
    :class:`Analysis` keeps them."""
    return analysed(abstract).kept(_listed_datasets)


def _listed_datasets(analysis: Analysis) -> tuple[str, ...]:
    abstract = analysis.text
    lists: list[re.Match[str]] = []
    for noun in _DATA_NOUN_AT.finditer(abstract):
        # the list that ends right before the noun, found in a window (a full scan for lists
        # costs more than the rest of this function)
        before = _LIST_THEN_DATA.search(abstract, max(0, noun.start() - 300), noun.start())
        if before is not None:
            lists.append(before)
        after = _DATA_THEN_LIST.match(abstract, noun.end())
        if after is not None:
            lists.append(after)
        # "on two popular benchmarks NPLIB1 and MassSpecGym"; not model/data pairs
        # ("On the benchmarks LeNet-5/MNIST and VGG-16/CIFAR-10") nor the verb
        named = _DATA_NAMING_LIST.match(abstract, noun.end())
        if (
            named is not None
            and "/" not in named["list"]
            and not _BENCHMARK_VERB.search(abstract, max(0, noun.start() - 6), noun.start())
            and not _OWN_DATA.search(abstract, max(0, noun.start() - 50), noun.start())
        ):
            lists.append(named)
    # "Our experiments were performed on Switchboard, LibriSpeech and Wall Street Journal":
    # a list after "on" with a well-known dataset in it.
    for match in _ON_LIST.finditer(abstract):
        items = _LIST_ITEM.findall(match.group("list"))
        if any(is_known_dataset(item) for item in items):
            lists.append(match)
    out: list[str] = []
    for found in lists:
        for item in _LIST_ITEM.finditer(abstract, *found.span("list")):
            # an item holds three words; a longer name's first words are the span rules'
            # ("on Long Range Graph Benchmark and ZINC datasets")
            name = abstract[with_first_words(abstract, *item.span()) : item.end()]
            if name.lower() not in GENERIC and name not in out:
                out.append(name)
    return tuple(out)


_DATA_NOUN = r"(?:data[\s\-]?sets?|benchmarks?|corpora|corpus)"
# "Cora", "Fashion MNIST", "CNN/Daily Mail", "NTU RGB+D 120", "enwik8", "miniImageNet"
_ITEM = (
    r"(?:[A-Z][\w\-]*(?:[./+][\w\-]+)*(?:\s+[A-Z0-9][\w\-]*(?:\+[\w\-]+)*){0,2}"
    r"|[a-z]+\d[\w\-]*|[a-z]+[A-Z][\w\-]*|\d+(?:-[A-Z][\w\-]*|[A-Z]{2,}[\w\-]*|[A-Z][a-z][\w\-]*))"
)
_LIST = _ITEM + r"(?:\s*,\s*(?:the\s+)?" + _ITEM + r")*\s*,?\s+(?:and|or)\s+(?:the\s+)?" + _ITEM
_LIST_ITEM = re.compile(r"(?<![\w\-])" + _ITEM + r"(?![\w\-])")
_DATA_NOUN_AT = re.compile(r"\b" + _DATA_NOUN + r"\b")
# Searched up to the noun: "Omniglot and CIFAR datasets"
_LIST_THEN_DATA = re.compile(
    r"(?<![\w\-])(?P<list>"
    + _LIST
    # one word may come between ("MT datasets"), not a preposition ("X on benchmark datasets")
    + r")\s+(?:(?!(?:on|in|of|for|with|from|over|across|against|to)\b)[a-zA-Z][\w\-]*\s+)?$"
)
_ON_LIST = re.compile(
    r"\b(?:on|with|using|across|over)\s+(?:the\s+)?(?P<list>"
    + _LIST
    # the list ends the phrase: not "on MNIST, ImageNet and Google Cloud Vision API"
    + r")(?=\s*[,.;:)]|\s+[a-z]|\s*$)"
)
# Matched right after the noun: "datasets (including Cora, Citeseer, Pubmed and NELL)"
_DATA_THEN_LIST = re.compile(
    r"\s*(?::|\(\s*(?:including|e\.g\.,?|i\.e\.,?|such as|namely)?|,?\s+(?:namely|including|"
    + r"such as|like|e\.g\.,?|i\.e\.,?))\s*,?\s*(?:the\s+)?(?P<list>"
    + _LIST
    + r")(?![\w\-])"
)

# The list right after the noun, with no colon or "such as" between: "on standard benchmarks
# WikiTableQuestions and TabFact", "two benchmark datasets Plant Village and PlantDoc"; not
# after the verb ("We benchmark GPT-5, GPT-5-mini, and GPT-4o")
_DATA_NAMING_LIST = re.compile(r"\s+(?P<list>" + _LIST + r")(?![\w\-])")
# the paper's own data: "our newly proposed large-scale datasets ProcTHOR-OD and ProcFront"
_OWN_DATA = re.compile(
    r"\b(?:our|new|newly|novel|proposed)\b(?:\s+(?!(?:on|in|of|for|across|with)\b)[\w\-]+){0,3}\s+$",
    re.I,
)
_BENCHMARK_VERB = re.compile(r"\b(?:we|to|they|also|and)\s+$", re.IGNORECASE)


def beside_a_known_dataset(
    abstract: str, datasets: list[str], others: Collection[str]
) -> list[str]:
    """The names of ``others`` written in one list with a well-known dataset of ``datasets``:
    "on LRS3, LRS2, and WildVSR", "MathVista and MathVerse". Items of one list are one kind
    of thing; a list of models that names a dataset too ("LLaDA-Instruct, GSM8K") does not
    count, since its seed must be a known dataset and its new items no known model."""
    out: list[str] = []
    for found in _ANY_LIST.finditer(abstract):
        items = [m.group(0) for m in _LIST_ITEM.finditer(abstract, *found.span("list"))]
        if not any(item in datasets and is_known_dataset(item) for item in items):
            continue
        out += [
            item
            for item in items
            if item in others
            and item not in datasets
            and item not in out
            and not is_well_known(item)
            and not models_plural(item)
        ]
    return out


_ANY_LIST = re.compile(r"(?<![\w\-])(?P<list>" + _LIST + r")(?![\w\-])")


def inside_a_titled_name(name: str, names: list[str], abstract: str) -> bool:
    """True when ``name`` is written only as the start of a longer name of ``names`` that
    ends in its data word ("Visual Genome" of "the Visual Genome Dataset")."""
    longer = [n for n in names if n.startswith(name + " ") and TITLED_DATASET.fullmatch(n)]
    if not longer:
        return False
    spans = [(a, a + len(n)) for n in longer for a, _ in mentions(n, abstract)]
    return all(any(a <= at < b for a, b in spans) for at, _ in mentions(name, abstract))
