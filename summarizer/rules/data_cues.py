"""The wording that says a name is a dataset: "datasets such as X", "accuracy on X", "the X
and Y benchmarks", a list with well-known datasets; what is a kind of model and never a
dataset ("CNNs", "DenseNet"); and a dataset's name as written with its year and language
pair ("WMT'14 English-German").
"""

from __future__ import annotations

import re

from .cue_words import MAKE_DATA_FORMS, OWN_DATA_STOPS, OWN_DATA_WORDS, either
from .known_datasets import DATA_WORD, is_known_dataset
from .name_spans import glued, mentions, occurrences
from .short_forms import OPEN_PAREN_END
from .well_known import is_model_line
from .wordlists import words

__all__ = [
    "DATA_WORD",
    "LANGUAGE_PAIR",
    "built_here",
    "called_another_kind",
    "listed_as_data",
    "models_plural",
    "named_as_model",
    "with_versions",
]


_LIST_CUE = re.compile(
    r"\b"
    + DATA_WORD
    # items with dots inside them only ("v1.5", "e.g."): a list ends at its sentence's stop
    + r"\s*(?:[:,(]|such as|including|like)\s*"
    + r"(?:(?:[ei]\.[ge]\.|[\w\-]+(?:\.[\w\-]+)*),?\s+(?:and\s+)?){0,6}\(?$"
)
# "On the UCF-101 and HMDB-51 benchmarks, StretchySnake outperforms ...": after the comma of
# an opening phrase, a name and a verb are the sentence's clause, no item of a list.
_CLAUSE_AFTER_OPENER = re.compile(r"\s+(?:also\s+|further\s+|consistently\s+)?[a-z]+s\b(?<!ss)")
# "two new datasets, where advanced models like GPT-3.5": the list is of something else.
_NOT_A_LIST = re.compile(r"\b(?:where|which|that|models?|methods?|baselines?)\b")
_MODEL_AFTER = re.compile(
    r"(?:/[\w\-.]+)?\s+(?:models?|methods?|architectures?|networks?|backbones?)\b"
)
_PAREN_CUE = re.compile(r"\s*\)[^.]{0,60}\b" + DATA_WORD)
_ON_CUE = re.compile(
    r"\b(?:accuracy|performance|results?|evaluated|evaluate|trained|experiments?|tested)"
    r"\s+on\s+(?:the\s+|both\s+)?$",
    re.IGNORECASE,  # "Experiments on X show ..." opens a sentence
)
# "59.77% Mean IoU on CUHK", "a 12% higher success rate on LIBERO": a score on the data it is
# measured on; a metric's name as written (data/metric_names.txt) or a noun of what is
# measured (data/metric_nouns.txt). Not a cost, whose "on" is the hardware or the model it
# runs on ("7.5x speedup on RTX 4090", "fewer FLOPs on Wan2.1-1.3B"), nor "p".
_COSTS = frozenset(
    "loss memory reward return cost energy p speed speedup speedups speed-up latency "
    "throughput FLOPs GFLOPs TFLOPs TTFT".split()
)
_MEASURED_ON = re.compile(
    r"(?<![\w\-])(?:"
    + "|".join(re.escape(w) for w in words("metric_names") if w not in _COSTS)
    + r"|(?i:"
    + "|".join(re.escape(w) for w in words("metric_nouns") if w not in _COSTS)
    + r"))\s+on\s+(?:the\s+|both\s+)?$"
)


# "26.15% on ProofNet", "86.8 EPDMS on NAVSIMv2": a score, at most one word naming what it
# measures, then "on" and the data it is measured on.
_SCORE_ON = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s?\\?%|(?<=\.\d)|(?<=\.\d\d)|(?<=\.\d\d\d))"
    r"(?:\s+[A-Za-z][\w\-@]*)?\s+on\s+(?:the\s+)?$"
)


# "On Geometry3K, UEC-RL achieves ...", "On OpenWebText and LM1B, LDLM achieves ...": the data
# a sentence opens on, before a comma; not a model it opens on ("On LLaMA2-7B, it achieves",
# "On Qwen3-Omni-thinking, ..."): a model line's name or a size in the name.
_OPENING_ON = re.compile(r"(?:^|[.!?]\s+)On\s+(?:the\s+)?(?:[\w\-+.]+\s+and\s+)?$")
_OPENING_ON_AFTER = re.compile(r"\s*,|\s+and\s+[\w\-+.]+\s*,")
_SIZED = re.compile(r"[\s\-]\d+(?:\.\d+)?[BM]\b")  # "LLaMA2-7B", "Llama-3 70B"; not "LM1B"


def listed_as_data(name: str, abstract: str, loose: bool = True) -> bool:
    """ "datasets such as X", "accuracy on X", "X and Y benchmarks", a list of known
    datasets; with ``loose``, also "X (...) benchmark"."""
    n = len(name)
    for i in occurrences(name, abstract):
        if i + n < len(abstract) and glued(abstract[i + n]) or i > 0 and glued(abstract[i - 1]):
            continue  # a part of a longer token: "MNIST" of "Fashion-MNIST"
        if _MODEL_AFTER.match(abstract, i + n):
            continue  # "results on T2V/T2I models such as ..."
        before = abstract[max(0, i - 300) : i]
        listed = _LIST_CUE.search(before)
        if (
            listed
            and not _NOT_A_LIST.search(listed.group(0))
            and not _CLAUSE_AFTER_OPENER.match(abstract, i + n)
            or _ON_CUE.search(before)
            or _MEASURED_ON.search(before)
            or (
                _SCORE_ON.search(before)
                or _OPENING_ON.search(before)
                and _OPENING_ON_AFTER.match(abstract, i + n)
            )
            and not (is_model_line(name) or _SIZED.search(name))  # a model is no data
        ):
            return True
        if loose and OPEN_PAREN_END.search(before) and _PAREN_CUE.match(abstract, i + n):
            return True
        if _COORDINATED_DATA.match(abstract, i + n) or _among_known_datasets(name, abstract, i):
            return True
        if _PAREN_LIST_DATA.match(abstract, i + n) and _IN_OPEN_PAREN.search(before):
            return True
    return False


# "the closed-loop NAVSIM and Bench2Drive benchmarks"
_COORDINATED_DATA = re.compile(
    r"(?:\s*(?:,|and|or)\s*(?:the\s+)?[\w\-.]+){1,4}\s+(?:\w+\s+)?" + DATA_WORD + r"\b"
)
# "fine-grained (Gym99, Gym288) benchmarks": a list in parentheses right before a data word.
_PAREN_LIST_DATA = re.compile(
    r"(?:\s*(?:,|and|or)\s*(?:and\s+)?[\w\-.]+){0,4}\s*\)\s+(?:[\w\-]+\s+)?" + DATA_WORD + r"\b"
)
_IN_OPEN_PAREN = re.compile(r"\((?:[\w\-.]+\s*(?:,|and|or)\s*(?:and\s+)?){0,4}$")
_LIST_BOUNDS = re.compile(r"[.;:()\[\]]")
_LIST_SEPARATORS = re.compile(r"\s*(?:,|\band\b|\bor\b)\s*")


def _among_known_datasets(name: str, abstract: str, at: int) -> bool:
    """ "CIFAR10, STL10, CINIC10, Tiny-ImageNet": a plain list with two well-known datasets."""
    start = max((m.end() for m in _LIST_BOUNDS.finditer(abstract, max(0, at - 200), at)), default=0)
    end = _LIST_BOUNDS.search(abstract, at)
    segment = abstract[start : end.start() if end else len(abstract)]
    items = [x for x in _LIST_SEPARATORS.split(segment) if x]
    if name not in items:
        return False
    return sum(is_known_dataset(x) for x in items if x != name) >= 2


# "CNNs and ViTs", "LLMs": the plural of a kind of model, not a dataset.
_MODELS_PLURAL = re.compile(r"[A-Z][\w\-]*[A-Z]s")


# Model families: "in DenseNet on the CIFAR-100 dataset" names a network, not data.
_MODEL_FAMILY = re.compile(
    r"(?:ResNe[Xx]?t|DenseNet|VGG|LeNet|AlexNet|Inception|MobileNet|EfficientNet|ShuffleNet|"
    r"SqueezeNet|GoogLeNet|Xception|U-?Net|ViT|DeiT|Swin|ConvNeXt|BERT|RoBERTa|GPT|T5|LLaMA|"
    r"Llama|Qwen|Mistral|CLIP)"
    r"(?:[\w.\-]*)"
)


def models_plural(name: str) -> bool:
    """A kind of model, never a dataset: "CNNs and ViTs", "LLMs", "DenseNet", "VGG-16"."""
    if is_known_dataset(name):
        return False
    return _MODELS_PLURAL.fullmatch(name) is not None or _MODEL_FAMILY.fullmatch(name) is not None


# "KGE models such as TransE and QuatE", "rollout algorithms such as UCT and RTDP": listed as
# kinds of model or method; "AR models": the name of a kind of model.
_MODEL_NOUN = r"(?:models?|methods?|algorithms?|architectures?|networks?|baselines?|approaches)"
_MODELS_SUCH_AS = re.compile(
    r"\b" + _MODEL_NOUN + r"\s+(?:such\s+as|including|like|e\.g\.,?)\s+"
    r"(?:[\w\-.]+,?\s+(?:and\s+|or\s+)?){0,4}$"
)
_MODEL_NOUN_AFTER = re.compile(r"\s+(?:[\w\-]+\s+)?" + _MODEL_NOUN + r"\b")


def named_as_model(name: str, abstract: str) -> bool:
    """A name the wording makes a kind of model or method, never a dataset: listed after
    "models such as" or written before "models" ("AR models"), and never before a dataset
    word; a known dataset is never one."""
    if is_known_dataset(name):
        return False
    spots = mentions(name, abstract)
    if any(_DATA_AFTER.match(abstract, end) for _, end in spots):
        return False
    return any(
        _MODELS_SUCH_AS.search(abstract, max(0, start - 120), start)
        or _MODEL_NOUN_AFTER.match(abstract, end)
        for start, end in spots
    )


_DATA_AFTER = re.compile(r"\s+(?:[\w\-]+\s+)?" + DATA_WORD + r"\b")


_LANGUAGES = r"(?:" + either(words("naming_languages")) + r")"
# "English-German", "English-to-German", "German to English": a translation direction.
LANGUAGE_PAIR = re.compile(_LANGUAGES + r"(?:(?:-(?:to-)?|\s+to\s+)" + _LANGUAGES + r")+")
# What follows a dataset name and belongs to it: "ScanNet++", "WMT'14 English-German", "IWSLT
# 2014 German to English", "PASCAL VOC 2007", "MovieLens 1M" (a size, not a count of things:
# "ImageNet 1.2M images"), a number or a version before the word for data ("the
# CustomConcept 101 dataset", "the Spider 2.0 benchmark"), and the edition of a benchmark
# written after it ("SWE-bench Verified", "GPQA Diamond", "BIG-Bench Hard", "LongBench Pro").
_VERSION_AFTER = re.compile(
    r"(?:\+\+?(?![\w+]))?"
    r"(?:\s*['\u2019]\d{2}|\s+(?:19|20)\d{2}|\s+\d+(?:\.\d+)?[KM](?![\w\-])(?!\s+[a-z]+s\b)"
    r"|\s+\d+(?:\.\d+)?(?=\s+" + DATA_WORD + r"\b)"
    # a release: "AlpacaEval 2.0", "Terminal-Bench 2.0", "MultiWOZ 2.4", "Arena Hard v2" (a
    # major of 1 to 4, one decimal: not a score, "MT-Bench 8.2", "FAD 0.79", "78.6%")
    r"|\s+[1-4]\.\d(?![\d.]|\s*\\?%)|\s+[vV]\d{1,2}(?:\.\d{1,2})?(?![\d.]))?"
    r"(?:\s+" + LANGUAGE_PAIR.pattern + r")?"
    r"(?:\s+(?:Verified|Lite|Pro|Hard|Diamond|Mini|Multilingual|Multimodal)(?![\w\-+]))?"
    r"(?![\w\-])"
)


def with_versions(datasets: list[str], abstract: str) -> list[str]:
    """Each dataset name as written with its year, language pair, plus signs or number, where
    it has them; a name written with plus signs and without is two datasets."""
    out: list[str] = []
    for name in datasets:
        spelled = []
        for start, end in mentions(name, abstract):
            more = _VERSION_AFTER.match(abstract, end)
            spelled.append(" ".join(abstract[start : more.end()].split()) if more else name)
        # "RefCOCO, RefCOCO+": a plus makes another dataset, beside the one without it
        plus = [x for x in dict.fromkeys(spelled) if x[len(name) : len(name) + 1] == "+"]
        longer = [x for x in dict.fromkeys(spelled) if x != name and x not in plus]
        alone = [name] if name in spelled or not plus else []
        for item in (longer or alone) + plus:
            if item not in out:
                out.append(item)
    return out


# "we collect AscendMotion, a large-scale ... climbing motion dataset": up to four words
# between the verb and the name, and an appositive that calls the name a dataset.
_WORD = re.compile(r"[A-Za-z]+")
_CALLED_DATA = re.compile(r"\s*,\s+(?:an?|the)\s+[^.;]{0,80}?\b" + DATA_WORD + r"\b", re.I)
# "we collect a TransLab dataset", "a ... (VLIR) corpus": the name, then a word for data.
_DATA_AFTER = re.compile(r"\)?\s+" + DATA_WORD + r"\b")
# The clause a name is written in ends at a stop, a colon, a semicolon or a comma.
_CLAUSE_END = re.compile(r"[.;:!?,]\s")


def _said_made(abstract: str, at: int) -> bool:
    """True when the clause before ``at`` says the paper has the data made: "custom", "new"
    or "our" among its last three words ("a custom SDSU PSG dataset", "our new AnyInsertion
    dataset"), or "we" and a verb that makes data among its last words ("we collect a TransLab
    dataset"), with no preposition after them ("we evaluated our model on MNIST dataset"). A
    short form in parentheses is read from before its long form ("we compile a modest but
    carefully curated Visuo-Lingual Interleaved Rationale (VLIR) corpus")."""
    clause = _CLAUSE_END.split(abstract[max(0, at - 100) : at])[-1]
    words = _WORD.findall(clause)
    if abstract[max(0, at - 1) : at] == "(":
        while words and words[-1][:1].isupper():
            words.pop()
    lower = [w.lower() for w in words]
    stops = [k for k, w in enumerate(lower) if w in OWN_DATA_STOPS]
    if stops:
        lower = lower[stops[-1] + 1 :]
    if any(w in OWN_DATA_WORDS for w in lower[-3:]):
        return True
    return "we" in lower[-8:] and any(w in MAKE_DATA_FORMS for w in lower[-6:])


def built_here(name: str, abstract: str) -> bool:
    """True when the abstract makes the dataset ``name``:

    - a verb that makes data among the five words before it, and an appositive after it that
      calls it a dataset or a benchmark ("this process yields LapBench-114K, a large-scale
      benchmark");
    - or, where it is first written, a word for data right after it and a clause before it
      that says the paper has it made (:func:`_said_made`: "we collect a TransLab dataset",
      "a custom IJmond dataset"; not "conducted on the Room-to-Room (R2R) dataset ... we
      collect a cross-lingual R2R dataset").
    """
    for k, (at, end) in enumerate(mentions(name, abstract)):
        if k == 0 and _DATA_AFTER.match(abstract, end) and _said_made(abstract, at):
            return True
        if not _CALLED_DATA.match(abstract, end):
            continue
        before = _WORD.findall(abstract[max(0, at - 80) : at])[-5:]
        if any(word.lower() in MAKE_DATA_FORMS for word in before):
            return True
    return False


# "JEST, a recent state-of-the-art data curation method", "HuggingFace, an online
# platform": an appositive whose head, after a few words that qualify it, is a kind of thing
# other than data.
_OTHER_KIND_AFTER = re.compile(
    r"\s*,\s+an?\s+(?:(?!of\b|for\b|designed\b|that\b|which\b)[\w\-]+\s+){0,4}?"
    r"(?:methods?|models?|approach(?:es)?|frameworks?|algorithms?|systems?|tools?|agents?|"
    r"techniques?|architectures?|networks?|librar(?:y|ies)|toolkits?|platforms?)\b"
)
_DATA_NAME_END = re.compile(r"(?i)(?:data(?:set)?|bench(?:mark)?|corpus)$")


def called_another_kind(name: str, abstract: str) -> bool:
    """True when the abstract's first "NAME, a ..." calls the name a method, a model, a tool or
    a platform: "JEST, a recent state-of-the-art data curation method" is no dataset. A name
    that ends in a word for data keeps it ("... Value Benchmark, a rigorous tool")."""
    if _DATA_NAME_END.search(name):
        return False
    for _, end in mentions(name, abstract):
        if abstract.startswith(",", end):
            return _OTHER_KIND_AFTER.match(abstract, end) is not None
    return False
