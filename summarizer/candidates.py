"""Deterministic candidates found in an abstract: names, numbers and URLs.

Small models invent names and numbers freely, so the pipeline does not let them write
verbatim fields from scratch. Code finds every span that could be a name, a result or a
URL; the model only chooses among the names (the engine's grammar enforces the choice),
while ``results`` and ``code_url`` come from code alone:

- ``code_url`` is the first URL in the abstract, cut at markup and trailing punctuation.
- ``results`` holds every number written with digits that is not part of a name, a year
  or a citation, with its unit or sign; ``kind``, ``metric`` and ``subject`` are
  filled in from the words around it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .known_datasets import is_known_dataset
from .text import sentences

_URL = re.compile(
    r"(?:https?://|www\.)[^\s<>\"'{}|\\^`\]\[]+"
    r"|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:github\.io|io|com|org|net|ai|dev)"
    r"(?:/[^\s<>\"'{}|\\^`\]\[]*)?",
    re.IGNORECASE,
)
_URL_TRAIL = ".,;:!?)]}>'\""
# Every match of _URL holds one of these (lower-cased): a text without any has no URL.
_URL_MARKS = ("http", "www.", ".io", ".com", ".org", ".net", ".ai", ".dev")


@lru_cache(maxsize=64)
def _url_matches(abstract: str) -> tuple[re.Match[str], ...]:
    low = abstract.lower()
    if not any(mark in low for mark in _URL_MARKS):
        return ()
    return tuple(_URL.finditer(abstract))


_UNIT = (
    r"%|\\%|\s?(?:pp|p\.p\.|percentage points?|points?|times|fold|x(?!\d)|×(?!\d)|"
    r"[kKMBT]\b|million|billion|thousand|trillion|ms|s|sec|seconds|minutes|hours|h|days|"
    r"GB|MB|TB|GiB|FPS|fps|dB|mm|cm|km|meters|metres|Hz|kHz|PQ|BLEU|mAP|AP|FID|pts|"
    r"[GT]PU[\s\-](?:hours|days|months|years))(?![A-Za-z])"
)
_NUMBER = re.compile(
    # Only where a sign or a digit is: the first test at each position, the cheapest.
    r"(?=[\d<>≤≥~≈+\-−±u])"
    # Not glued to a name ("GPT-4", "v1.5", "ImageNet-100"), but the far end of a range
    # ("20-30%") and a deviation ("1.98+/-0.07") count.
    r"(?:(?<![\w.\-/^])|(?<=[\d%kKMB]-)|(?<=\d--)|(?<=[\d%]\u2013)|(?<=\+/-))"
    r"(?P<sign>[<>≤≥~≈]\s?|[+\-−±]|up to )?"
    r"(?P<num>(?>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))"
    r"(?P<unit>" + _UNIT + r")?"
    # "3D", "4M-sized" names are not numbers; "an 8B-parameter LLM" states a size
    r"(?:(?<=[KMBT])(?=-param)|(?!-?[A-Za-z])(?!\w*[A-Za-z]))",
)
_CITATION = re.compile(r"\[\d+(?:\s*[,\u2013-]\s*\d+)*\]")
_YEAR = re.compile(r"^(19|20)\d\d$")
_IMPROVEMENT = re.compile(
    r"\b(improv\w*|gain\w*|boost\w*|increas\w*|reduc\w*|decreas\w*|outperform\w*|"
    r"surpass\w*|faster|speed\s?up\w*|higher|lower|fewer|less|more|better|by|relative|"
    r"cut\w*|lift\w*|advantage|margin|exceed\w*|drop\w*|saving\w*)\b",
    re.IGNORECASE,
)
_STOP = {
    "of",
    "on",
    "in",
    "for",
    "and",
    "the",
    "a",
    "an",
    "to",
    "with",
    "at",
    "by",
    "from",
    "than",
    "over",
    "while",
    "across",
    "respectively",
    "compared",
    "vs",
    "versus",
    "which",
}

# Acronyms and capitalized words that name no artifact of a paper.
_GENERIC = {
    "ai",
    "ml",
    "nlp",
    "cv",
    "rl",
    "llm",
    "llms",
    "vlm",
    "vlms",
    "mllm",
    "mllms",
    "lm",
    "lms",
    "sota",
    "gpu",
    "gpus",
    "cpu",
    "cpus",
    "api",
    "apis",
    "cnn",
    "cnns",
    "rnn",
    "rnns",
    "lstm",
    "lstms",
    "gru",
    "grus",
    "mlp",
    "mlps",
    "gnn",
    "gnns",
    "dnn",
    "dnns",
    "nn",
    "qa",
    "vqa",
    "two",
    "three",
    "four",
    "five",
    "several",
    "kb",
    "kbs",
    "ner",
    "nli",
    "ocr",
    "rgb",
    "rgb-d",
    "asr",
    "tts",
    "ood",
    "iid",
    "url",
    "pdf",
    "json",
    "html",
    "sql",
    "id",
    "ii",
    "iii",
    "iv",
    "we",
    "our",
    "the",
    "this",
    "these",
    "in",
    "on",
    "to",
    "however",
    "moreover",
    "furthermore",
    "finally",
    "first",
    "second",
    "third",
    "specifically",
    "additionally",
    "experiments",
    "extensive",
    "existing",
    "code",
    "while",
    "although",
    "unlike",
    "despite",
    "as",
    "for",
    "by",
    "with",
    "based",
    "recent",
    "results",
    "using",
    "through",
    "given",
    "its",
    "their",
    "it",
    "both",
    "then",
    "a",
    "an",
    "when",
    "if",
    "further",
    "english",
    "chinese",
    "transformer",
    "transformers",
    "bert-style",
    "x",
    "y",
    "ssl",
    "gan",
    "gans",
    "vae",
    "vaes",
    "sgd",
    "kl",
    "mse",
    "iou",
    "map",
    "auc",
    "f1",
    "nas",
}
_NAME = re.compile(
    # a token start, then (a cheap test first) a capital or digit somewhere in the token
    r"(?<![\w\-])(?=[\w\-.*]*?[A-Z0-9])("
    r"[A-Za-z0-9]*(?:[a-z][A-Z]|[A-Z]{2}|[A-Za-z]\d|\d[A-Za-z])[A-Za-z0-9]*"  # ImbSAM, GAPT, o3
    r"(?:[\-\.][A-Za-z0-9]+)*\*?"  # Droplet3D-4M, DeepSeek-R1, t-ReX*
    r"|[A-Z][a-z]+(?:-[A-Z0-9][A-Za-z0-9]*)+"  # Glocal-IB, Imbalanced-SAM
    r"|[a-z]+-[A-Z][A-Za-z0-9]*\*?"  # t-ReX
    r")(?![\w])"
)


@dataclass(frozen=True)
class Number:
    """A number the abstract states, with what surrounds it."""

    value: str
    start: int
    end: int
    kind: str
    metric: str | None
    subject: str | None


@dataclass
class Candidates:
    """Everything code found in one abstract."""

    names: list[str] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    @property
    def code_url(self) -> str | None:
        return self.urls[0] if self.urls else None


def find_urls(abstract: str) -> list[str]:
    """URLs in order of appearance, as written, without trailing punctuation or markup."""
    out = []
    for match in _url_matches(abstract):
        url = match.group(0)
        url = re.split(r"[{}]", url)[0]
        while url and url[-1] in _URL_TRAIL:
            if url[-1] == ")" and url.count("(") >= url.count(")"):
                break  # a balanced closing parenthesis belongs to the URL
            url = url[:-1]
        if "." in url and url not in out:
            out.append(url)
    return out


def _window(text: str, start: int, end: int) -> tuple[str, str]:
    return text[max(0, start - 60) : start], text[end : end + 60]


def _metric_after(after: str) -> str | None:
    words = re.findall(r"[A-Za-z][A-Za-z0-9\-]*", after.split(".")[0].split(",")[0])[:4]
    picked = []
    for word in words:
        if word.lower() in _STOP:
            break
        picked.append(word)
    return " ".join(picked[:3]) or None


def _is_year(abstract: str, start: int, end: int) -> bool:
    """A 19xx/20xx number is a year after "in", "since", ... or before punctuation; else a count."""
    before = abstract[max(0, start - 16) : start].lower()
    after = abstract[end : end + 2]
    return bool(
        re.search(r"\b(in|since|until|before|after|during|from|of|by|to|early|late)\s+$", before)
        or re.search(r"\b(19|20)\d\d\s*(and|or|to|-|\u2013)\s*$", before)
        or abstract[start - 1 : start] == "("
        or re.match(r"\s*[),.;:]|$", after)
    )


# A version or an edition right after a name: "Gemini 2.0", "KITTI 2015", "Atari 2600".
_VERSION_NUMBER = re.compile(r"\d(?:\.\d)?|\d{2,4}")
_NAME_BEFORE = re.compile(r"(?<![\w.])([A-Z][\w\-\u00b7]*|[A-Za-z]+[A-Z][\w\-]*) $")
_METRIC_WORDS = {"AUC", "AUROC", "F1", "BLEU", "ROUGE", "mAP", "IoU", "Dice", "PSNR", "SSIM", "FID"}
_NOT_NAMES = {"The", "A", "An", "In", "On", "Of", "By", "To", "We", "Our", "Only", "All", "Top"}


def _after_product_name(abstract: str, start: int) -> bool:
    """True when a name stands right before the number: "Gemini 2.0", "Table 3"."""
    match = _NAME_BEFORE.search(abstract, max(0, start - 40), start)
    if match is None:
        return False
    word = match.group(1)
    if (
        word.istitle()
        and word.isalpha()
        and _SENTENCE_START.search(abstract, max(0, match.start(1) - 3), match.start(1))
    ):
        return False  # "Then 100 data ...": a capitalized first word, not a name
    return word not in _METRIC_WORDS and word not in _NOT_NAMES


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")


def find_numbers(abstract: str, names: list[str]) -> list[Number]:
    """Every number the abstract states with digits, with unit or sign, in order."""
    spans_of_urls = [m.span() for m in _url_matches(abstract)]
    spans_of_urls += [(m.start(), m.end()) for m in _CITATION.finditer(abstract)]
    out = []
    ends: set[int] = set()
    for match in _NUMBER.finditer(abstract):
        start, end = match.span()
        if any(a <= start < b for a, b in spans_of_urls):
            continue
        num, unit, sign = match.group("num"), match.group("unit") or "", match.group("sign")
        if (
            abstract[start - 1 : start] in {"-", "\u2013"}
            and not (ends & {start - 1, start - 2})
            and abstract[start - 3 : start] != "+/-"
        ):
            continue  # "CPM-3", "Qwen2.5-7B": not the far end of a range of numbers
        before_char = abstract[start - 1 : start]
        after_char = abstract[end : end + 1]
        if not unit and _YEAR.match(num) and _is_year(abstract, start, end):
            continue
        if unit == "s" and _YEAR.match(num):
            continue  # "the 1950s": a decade
        if before_char == "[" and after_char in {"]", ","}:
            continue  # a citation
        if (
            after_char == ")"
            and not unit
            and not sign
            and len(num) <= 2
            and (before_char == "(" or before_char.isspace())
        ):
            continue  # an enumeration marker: "(1)", "1)"
        if (
            not unit
            and not sign
            and _VERSION_NUMBER.fullmatch(num)
            and _after_product_name(abstract, start)
        ):
            continue  # "Gemini 2.0 Flash", "DALL-E 2": a version inside a name
        if sign in {"-", "\u2212"} and (
            abstract[start - 1 : start].isalnum() or abstract[start - 1 : start] == "-"
        ):
            sign = None
        if sign == "up to ":
            sign = None
            start += len("up to ")
        elif sign is None or sign == "":
            pass
        value = abstract[start:end] if sign else abstract[match.start("num") : end]
        value = value.rstrip()
        before, after = _window(abstract, match.start(), end)
        kind = "absolute"
        if (
            sign == "+"
            or _IMPROVEMENT.search(before[-25:])
            or re.match(
                r"\s*(relative|improvement|gain|faster|speed|reduction|fewer|less|lower|higher|more|"
                r"better|increase|decrease|boost)",
                after,
                re.IGNORECASE,
            )
        ):
            kind = "improvement"
        subject = None
        for name in names:
            if name in before:
                subject = name
        ends.add(end)
        out.append(
            Number(
                value=value,
                start=start if sign else match.start("num"),
                end=end,
                kind=kind,
                metric=_metric_after(after),
                subject=subject,
            )
        )
    return out


_ADJECTIVE_SUFFIX = re.compile(
    r"-(?:based|like|style|driven|guided|centric|specific|level|wise|only|free|aware|oriented)$",
    re.IGNORECASE,
)


def find_names(abstract: str) -> list[str]:
    """Spans that may name an artifact (method, model, dataset, benchmark), in order."""
    out: list[str] = []
    seen: set[str] = set()
    for sentence in sentences(abstract):
        for match in _NAME.finditer(sentence):
            name = match.group(1).rstrip(".")
            key = name.lower()
            if key in seen or key in _GENERIC or len(name) < 2:
                continue
            if re.fullmatch(r"[\d.,%]+[A-Za-z]?", name):
                continue  # a number with a unit, not a name
            if re.fullmatch(r"\d+[A-Za-z]{1,2}", name) and not re.search(r"[A-Z]{2}", name):
                continue  # "3D", "2.5D", "7B" are sizes or terms
            if _ADJECTIVE_SUFFIX.search(name):
                continue  # "ImageNet-based", "GPT-style" describe, they do not name
            seen.add(key)
            out.append(name)
    # Capitalized multi-word names such as "Sharpness-Aware Minimization" are left to
    # their acronym, which the guide prefers as the item.
    return out


_MAKE_VERB = (
    r"(?i:(?:propose[sd]?|introduce[sd]?|"
    r"present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?|release[sd]?|build|construct(?:s|ed)?|"
    r"curate[sd]?|proposed|created?))\s+"
)
# "I present ..." (a single author) as well as "we", "our", "this paper".
_WHO = r"\bI\s+|(?i:\b(?:we|our|this (?:paper|work))\s+(?:\w+\s+){0,2}?)"
_CUE_VERB = r"(?:" + _WHO + r")" + _MAKE_VERB
# Also "We use these innovations to construct ...", "This inspires us to propose ...": for
# short forms, where the long form shows what is named ("us to propose a novel DG model"
# names no DG).
_CUE_VERB_WIDE = r"(?:" + _WHO + r"|(?i:\b(?:we\s+(?:\w+\s+){1,4}?|us\s+)to\s+))" + _MAKE_VERB
_LEAD = r"(?:(?:a|an|the)\s+)?(?:(?:novel|new|simple|first|unified|end-to-end|proposed)\s+)*"
_TOKEN = r"[A-Z][\w\-]*(?:\^\w+)?(?:\*|\+\+|\+)?"
_PHRASE = _TOKEN + r"(?:\s+(?:(?:and|of|for|with|in)\s+)?" + _TOKEN + r"){0,5}"
_NAMING_CUE = r"\b(?:named|called|dubbed|termed|coined)\s+[\"'\u201c]?(?:the\s+(?=[A-Z]))?"
# A quoted name after "named": 'named "Ghost Batch Normalization"' gives the whole name.
_NAMING_CUE_QUOTED = (
    r"\b(?:named|called|dubbed|termed|coined)\s+[\"\u201c](?P<name>[A-Za-z][^\"\u201d.]{1,60}?)"
    r"[\"\u201d]"
)
# "a novel application of X (Y)": the novelty is the use, Y is not new.
_NOT_ARTIFACT = r"(?:application|use|usage|combination|perspective|view|analysis|study|insight)s?\b"
_ACRONYM_AFTER = (
    r"[\s~]*\((?:called\s+|dubbed\s+|or\s+)?"
    r"(?P<acr>[A-Za-z][\w\-]*[A-Z][\w\-]*(?:\^\w+)?)(?:\)|\s+-\s)"
)
_OWN = (
    r"(?i:\b(?:our|the proposed|the new|a new|a novel)\s+(?:\w+\s+)?(?:method|approach|model|"
    r"framework|architecture|algorithm|system|technique|scheme|benchmark|dataset|metric|"
    r"paradigm|network)s?,?\s+(?:called\s+|named\s+)?)"
)
# The end of a name that is not the start of a longer one with a short form after it.
_NOT_A_LONGER_NAME = r"(?![\w\-])(?!(?:\s+[\w\-]+){1,3}?[\s~]*\([A-Za-z][\w\-]*[A-Z])"
# Nouns for a thing a paper makes: "a new framework, X", "our X algorithm".
ARTIFACT_NOUN = (
    r"(?:method|approach|model|framework|architecture|algorithm|system|technique|scheme|"
    r"benchmark|dataset|metric|paradigm|network|strategy|task|loss|module|pipeline|schedule|"
    r"objective|regularizer|layer|block|mechanism|agent|tool|library)s?"
)
# A name ends at a stop or a function word, not amid lower-case words ("what we call
# Gaussian prototypical networks" names no "Gaussian").
_NAME_ENDS = (
    r"(?=\s*[.;:(]|\s*$|\s*,(?!\s+(?:and\s+)?[A-Z])"
    r"|\s+(?:which|that|since|to|for|and|in|as|is|are|with|where|because|on)\b"
    r"|\s+" + ARTIFACT_NOUN + r"\b)"
)
_WE_CALL = (
    r"(?i:\bwe\s+(?:call|dub|name|term|devise[sd]?|coin)\s+"
    r"(?:(?:(?:this|the|our)(?:\s+\w+)?|it|them)\s+)?(?:as\s+)?(?:an?\s+)?)"
)
_PASSIVE = (
    r"\s+(?:[\w\-]+\s+){0,2}(?:is|are)\s+(?:then\s+|also\s+|further\s+)?"
    r"(?:proposed|presented|introduced|developed)"
)


# Earlier work, then its name: "a recent generalizable NeRF architecture called GNT".
EXISTING_BEFORE_NAMING = re.compile(
    r"\b(?:recent|recently|existing|popular|prior|previous|well-known|standard|widely used|"
    # "based on a sparsity-enhanced topic model named STC", "We study a general formulation
    # of program synthesis called SyGuS", "the online learning literature called ..."
    r"based on|built on|builds on|we (?:study|consider|investigate|revisit|analy[sz]e)|"
    r"literature|classical|classic)\b"
    r"[^.;,()]*\s$",
    re.IGNORECASE,
)


def find_cue_names(abstract: str) -> list[str]:
    """Names written right after "we propose", "we introduce", "named", ...: new artifacts.

    A name followed by its short form in parentheses gives the short form, as the guide
    prefers ("MOtion-Based Variability Enhancement (MOVE)" gives ``MOVE``).
    """
    return list(_cue_names(abstract))


def _tokens(least: int, most: int) -> str:
    """``least`` to ``most`` more capitalized words after a first one."""
    return _TOKEN + r"(?:\s+" + _TOKEN + r"){" + f"{least},{most}" + "}"


def _name_then_artifact(least: int, most: int) -> str:
    """A capitalized name, its short form if any, then an artifact noun: "Global Alignment loss"."""
    return (
        r"(?P<name>" + _tokens(least, most) + r")" + _MAYBE_ACRONYM + r"\s+" + ARTIFACT_NOUN + r"\b"
    )


_CUE_PHRASE = r"(?P<name>" + _PHRASE + r")(?:" + _ACRONYM_AFTER + r")?"
# A name written in lower case with a digit or an inner capital: "vq-wav2vec", "iSparse".
_ODD_NAME = (
    r"(?P<name>[a-z][a-z\-]*(?:\d|[A-Z])[\w\-]*)(?P<acr>)"
    r"(?=\s*[,.;:(]|\s+(?:to|which|that|for|with|and|is|as)\b)"
)
_MAYBE_ACRONYM = r"(?:" + _ACRONYM_AFTER + r")?"


@dataclass(frozen=True)
class _Cue:
    pattern: re.Pattern[str]
    naming: bool = False  # after "named/called/...": skipped when it names earlier work
    lower_case: bool = False  # may give a name without a capital or digit
    #: Every match holds one of these words (lower-cased): a text without any is skipped.
    #: Empty: the pattern is tried on every text.
    needs: tuple[str, ...] = ()
    #: Every match opens with "I", "we", "our", "this" or "us": the pattern is tried only
    #: where one of them is (one cheap scan for all such cues, not a full scan for each).
    opens_with_who: bool = False
    #: Kept only after the paper says it makes something ("we propose", "novel").
    after_making: bool = False
    #: Every match opens with one of these words (lower-cased) or with the word right
    #: before one: the pattern is tried only there. Empty: tried everywhere.
    anchors: tuple[str, ...] = ()

    def matches(self, abstract: str, low: str, who: list[int] | None) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(abstract)`` gives. ``low``: the text lower-cased; ``who``:
        where "I/we/our/this/us" are in it, None where its positions are not the text's."""
        if who is not None and self.opens_with_who:
            starts = who
        elif who is not None and self.anchors:
            starts = _anchor_positions(low, self.anchors)
        else:
            yield from self.pattern.finditer(abstract)
            return
        end = 0
        for at in starts:
            if at < end:
                continue
            match = self.pattern.match(abstract, at)
            if match is not None:
                yield match
                end = max(match.end(), at + 1)


def _anchor_positions(low: str, anchors: tuple[str, ...]) -> list[int]:
    """Where each anchor occurs in ``low`` (inside longer words too), and where the word
    before it starts: every place where a match that opens at or just before one can."""
    found: set[int] = set()
    for word in anchors:
        at = low.find(word)
        while at >= 0:
            found.add(at)
            before = at - 1
            while before >= 0 and low[before].isspace():
                before -= 1
            while before >= 0 and (low[before].isalnum() or low[before] == "_"):
                before -= 1
            found.add(before + 1)
            at = low.find(word, at + 1)
    return sorted(found)


# Where a match of a cue that opens with _WHO may start, found in the lower-cased text.
_WHO_AT = re.compile(r"(?:we|our|this|us|i)\s")
# Letters whose lower case has another length, or that match ASCII letters when case is
# ignored: with one of them in the text, positions in the lower-cased text may not hold.
_CASE_ODD = re.compile("[\u0130\u0131\u017f\u212a]")


def _who_positions(abstract: str, low: str) -> list[int] | None:
    if len(low) != len(abstract) or (not abstract.isascii() and _CASE_ODD.search(abstract)):
        return None
    return [m.start() for m in _WHO_AT.finditer(low)]


_NAMING = ("named", "called", "dubbed", "termed", "coined")
_BARE_MAKING = ("propose", "introduce", "present", "develop", "design", "devise")
_GERUNDS = ("introducing", "proposing", "presenting", "developing", "designing", "devising")
_NEW = ("novel", "new")
_MAKING = (
    "propose", "introduce", "present", "develop", "design", "release", "build", "construct",
    "curate", "create",
)  # fmt: skip
_CUES = tuple(
    _Cue(
        re.compile(pattern),
        naming,
        lower,
        needs,
        pattern.startswith((_CUE_VERB, _CUE_VERB_WIDE, _WE_CALL)),
        bool(rest and rest[0]),
        rest[1] if len(rest) > 1 else (),
    )
    # (pattern, naming, lower_case, needs[, after_making[, anchors]])
    for pattern, naming, lower, needs, *rest in (
        (_NAMING_CUE_QUOTED + _MAYBE_ACRONYM, True, False, _NAMING, False, _NAMING),
        # not the capitalized start of a longer name: "the Max-Mahalanobis center (MMC) loss"
        (
            _CUE_VERB
            + _LEAD
            + _CUE_PHRASE
            + r"(?![\w\-]|\s+[A-Z])"
            + r"(?!(?:\s+[a-z][\w\-]*){1,3}[\s~]*\((?:called\s+)?[A-Za-z][\w\-]*[A-Z])"
            # a kind before its name: "a new IL paradigm called ..."
            + r"(?!\s+(?:[a-z][\w\-]*\s+){1,2}(?:called|named|dubbed|termed|coined)\b)",
            False,
            False,
            _MAKING,
        ),
        (
            _WE_CALL + r"(?P<name>" + _PHRASE + r")(?:" + _ACRONYM_AFTER + "|" + _NAME_ENDS + ")",
            False,
            False,
            ("call", "dub", "name", "term", "devise", "coin"),
        ),
        # not the start of a longer name with a short form: "a new IL paradigm called
        # Variational Imitation Learning with Diverse-quality demonstrations (VILD)"
        (
            _OWN + _CUE_PHRASE + _NOT_A_LONGER_NAME,
            False,
            False,
            ("our", "proposed", "new", "novel"),
            False,
            ("our", "proposed", "new", "novel"),
        ),
        # "dubbed GNT with Mixture-of-View-Experts (GNT-MOVE)" gives the short form alone.
        (
            _NAMING_CUE + r"[\w][\w\-]*(?:\s+[\w\-]+){1,7}?(?P<name>)" + _ACRONYM_AFTER,
            True,
            False,
            _NAMING,
            False,
            _NAMING,
        ),
        (
            _NAMING_CUE
            + r"(?P<name>[\w][\w\-\^]*\*?(?:\s+[A-Z0-9][\w\-]*){0,4})(?![\w\-\^*])"
            + r"(?!(?:\s+[\w\-]+){1,7}?[\s~]*\()"
            + _MAYBE_ACRONYM,
            True,
            False,
            _NAMING,
            False,
            _NAMING,
        ),
        (
            _CUE_VERB_WIDE
            # words may be quoted: we introduce the "inverse square root linear unit" (ISRLU)
            + r"(?:(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+[,:]?\s+){0,7}?"
            # the last word may touch the parenthesis: "neural network(GDNN)"
            + r"(?!which\b|that\b|where\b)[\w\-'\u201c\u201d\"]+(?P<name>)"
            + _ACRONYM_AFTER,
            False,
            False,
            _MAKING,
        ),
        (
            r"(?i:\bnovel\s+)(?!"
            + _NOT_ARTIFACT
            + r")(?:[\w\-]+\s+){0,5}?[\w\-]+(?P<name>)"
            + _ACRONYM_AFTER,
            False,
            False,
            ("novel",),
            False,
            ("novel",),
        ),
        (
            _CUE_PHRASE + _PASSIVE,
            False,
            False,
            ("proposed", "presented", "introduced", "developed"),
        ),
        # "by introducing a Global Alignment loss"
        (
            r"(?i:\b(?:introducing|proposing|presenting)\s+(?:an?|the)\s+(?:(?:new|novel)\s+)?)"
            + _name_then_artifact(0, 3),
            False,
            False,
            ("introducing", "proposing", "presenting"),
            False,
            ("introducing", "proposing", "presenting"),
        ),
        # "with our Concept Matrix Search algorithm" (two words at least: "our Transformer
        # model" is an existing one)
        (
            r"\b[Oo]ur\s+(?:(?:new|novel|proposed)\s+)?" + _name_then_artifact(1, 3),
            False,
            False,
            ("our",),
            False,
            ("our",),
        ),
        # "reveals a new Kinetics Scaling Law that ..."
        (
            r"\b(?:[Aa]n?|[Oo]ur)\s+(?:new|novel)\s+(?P<name>"
            + _tokens(1, 4)
            + r")"
            + _MAYBE_ACRONYM
            + r"(?=\s+(?:that|which|to|for|is|,)|[,.;])",
            False,
            False,
            ("new", "novel"),
            False,
            ("new", "novel"),
        ),
        # "introduces a simple framework, Feature Multiplexing, where ...", also after a
        # dash or colon: "a new algorithm - Projection Based Policy Optimization (PCPO)".
        (
            _CUE_VERB
            + r"(?:[\w\-']+\s+){0,8}?"
            # "We propose a simple alternative: the Plug and Play Language Model (PPLM)"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|alternative|solution)"
            + r"(?:,|:|\s[-\u2013\u2014])\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            # not the first of a list of words ("Divide, Conquer, and Combine (DCC)"), nor
            # the first word of a longer name ("Read to Fight Monsters (RTFM)")
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|and|for)\b)",
            False,
            False,
            _MAKING,
        ),
        (
            _CUE_PHRASE + r"\s+(?:[\w\-]+\s+){0,2}introduced in this (?:paper|work)",
            False,
            False,
            ("introduced in this",),
        ),
        # "by introducing Post-hoc Concept Bottleneck models (PCBMs)": the short form.
        (
            r"(?i:\bby\s+(?:introducing|proposing|presenting|developing|designing|devising)\s+)"
            + r"(?:[\w\-']+\s+){0,7}?[\w\-']+(?P<name>)"
            + _ACRONYM_AFTER,
            False,
            False,
            _GERUNDS,
            False,
            _GERUNDS,
        ),
        # "... and devise a practical implementation, Visual Instruction Bottleneck Tuning
        # (Vittle)": a bare verb (its subject is "we") and a name set off by a comma.
        (
            r"\b(?:propose|introduce|present|develop|design|devise)\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,4}?[\w\-]+,\s+"
            + r"(?P<name>"
            + _PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[.;]|\s*,(?!\s+(?:and\s+)?[A-Z])|\s+(?:which|that|for|and)\b)",
            False,
            False,
            _BARE_MAKING,
            False,
            _BARE_MAKING,
        ),
        # "... and introduce a differentiable variant (DCEM)", "which we call soft Q imitation
        # learning (SQIL)", "our proposed variational discriminator bottleneck (VDB)": the
        # short form of what is made.
        (
            r"(?:\band\s+(?:propose|introduce|present|develop|design|devise)|\bwe\s+call"
            r"|(?i:\bour\s+proposed))\s+(?:[\w\-']+\s+){0,6}?[\w\-']+(?P<name>)" + _ACRONYM_AFTER,
            False,
            False,
            (
                "and propose",
                "and introduce",
                "and present",
                "and develop",
                "and design",
                "and devise",
                "we call",
                "our proposed",
            ),
            False,
            ("and", "we", "our"),
        ),
        # "MoDify consists of two novel designs ... The first is MoDify-based Data
        # Augmentation which ...", "The first loss function is the Proto-Triplet Loss, which":
        # the parts of what the paper proposes, one by one.
        (
            r"\b(?:The|the)\s+(?:first|second|third|fourth|other|last)\s+(?:[\w\-]+\s+){0,2}?"
            + r"(?:is|are)\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:which|that|to|for)\b)",
            False,
            False,
            ("the first", "the second", "the third", "the fourth", "the other", "the last"),
            True,
            ("first", "second", "third", "fourth", "other", "last"),
        ),
        # "a new type of layers known as Concept Bottleneck Layers"
        (
            r"(?i:\b(?:an?|our)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,4}?known\s+as\s+(?:the\s+)?)"
            + _CUE_PHRASE
            + _NAME_ENDS,
            False,
            False,
            ("known as",),
            False,
            _NEW,
        ),
        # "We propose vq-wav2vec to learn ...", "we present iSparse, a ..."
        (_CUE_VERB + _ODD_NAME, False, True, _MAKING),
        # "Our main contribution is Secret, a novel approach to ..."
        (
            r"\b[Oo]ur\s+(?:main\s+|key\s+|first\s+)?contribution\s+is\s+(?:an?\s+|the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,.;:])",
            False,
            False,
            ("contribution is",),
            False,
            ("our",),
        ),
        # "which we refer to as Recall Traces", "We refer to the architecture as transformer
        # VAE (trVAE)", "We call the more general learning framework ReNeg, since ...".
        (
            r"(?i:\bwe\s+(?:refer\s+to\s+(?:(?:this|these|the|our|it|them)(?:\s+[\w\-]+){0,3}?"
            + r"\s+)?as|call\s+(?:this|the|our)(?:\s+[\w\-]+){1,4}?)\s+(?:an?\s+|the\s+)?)"
            # a lower-case first word only before a short form: "transformer VAE (trVAE)"
            + r"(?P<name>(?:[a-z][\w\-]*\s+(?=[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*[\s~]*\())?"
            + _PHRASE
            + r")(?:"
            + _ACRONYM_AFTER
            + r"|"
            + _NAME_ENDS
            + r")",
            False,
            False,
            ("refer to", "we call"),
            False,
            ("we",),
        ),
        # "The resulting algorithm, GenDICE, is", "the proposed architecture, the Gated
        # Transformer-XL (GTrXL)," and "The resulting algorithm, namely Interior Policy
        # Differentiation (IPD)": the paper's own artifact, then its name.
        (
            r"(?i:\b(?:the|our)\s+(?:resulting|proposed)\s+(?:[\w\-]+\s+){0,2}?)"
            + ARTIFACT_NOUN
            + r",\s+(?:namely\s+)?(?:the\s+)?"
            + _CUE_PHRASE
            + r"(?=\s*[,;.]|\s+(?:is|are|which|that|achieves|outperforms)\b)",
            False,
            False,
            ("resulting", "proposed"),
            False,
            ("resulting", "proposed"),
        ),
        # "by proposing LEMONADE, an evolutionary algorithm", "by proposing TSInsight where":
        # a name right after the gerund.
        (
            r"(?i:\bby\s+(?:introducing|proposing|presenting|developing|designing|devising)\s+)"
            + r"(?P<name>"
            + _PHRASE
            + r")(?:[\s~]*\((?P<acr>[A-Z][\w\-]*)\))?"
            + r"(?=\s*[,;.]|\s+(?:which|that|where|to|for)\b)",
            False,
            False,
            _GERUNDS,
            False,
            _GERUNDS,
        ),
        # "The proposed stackable recurrent (STAR) cell allows", "The resulting Noise Prior
        # GAN (NPGAN) achieves": the short form of what the paper proposes.
        (
            r"(?i:\bthe\s+(?:proposed\s+(?:[\w\-']+\s+){0,5}?|resulting\s+(?:[\w\-']+\s+){0,2}?))"
            + r"[\w\-']+(?P<name>)"
            + _ACRONYM_AFTER,
            False,
            False,
            ("the proposed", "the resulting"),
            False,
            ("proposed", "resulting"),
        ),
        # "We present local ensembles, a method for detecting ...", "we propose instance
        # adaptive adversarial training -- a technique that ...": a lower-case name, then
        # what kind of artifact it is.
        (
            _CUE_VERB
            # an article only before a name of two words or more ("the fusion discriminator")
            + r"(?:(?:the|an?)\s+(?=[a-z][\w\-]*\s+[a-z]))?(?!(?:the|an?)\s)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?:,|:|\s+--?|\s[\u2013\u2014])\s+an?\s+(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r"\b",
            False,
            True,
            _MAKING,
        ),
        # "a novel DG model built upon vision transformers, namely Generalizable
        # Mixture-of-Experts (GMoE)": "namely" after a new thing names it.
        (
            r"(?i:\b(?:novel|new|propose[sd]?|our)\b)[^.;]{0,80}?"
            # not the long form of a name just given: "framework ATLPA, namely Adversarial ..."
            + r"(?<![A-Z][,:])(?<![A-Z][,:]\s)"
            # not a list of what is measured or used: "improves several metrics, namely PESQ"
            + r"(?<!metrics,\s)(?<!metrics\s)(?<!datasets,\s)(?<!datasets\s)"
            + r"(?<!benchmarks,\s)(?<!benchmarks\s)(?<!baselines,\s)(?<!baselines\s)"
            + r"\bnamely,?\s+"
            + _CUE_PHRASE,
            True,
            False,
            ("namely",),
            False,
            ("novel", "new", "propose", "our"),
        ),
        # "We introduce the concept of local rank as a measure ...", "we introduce the notion
        # of property signatures, a ...": a concept the paper itself puts forward (not "we
        # formalize the notion of ...", nor "the concept of modifying ...").
        (
            r"(?i:\b(?:we|this (?:paper|work))\s+(?:\w+\s+)?(?:introduce|propose)s?\s+"
            r"(?:the|a)\s+(?:new\s+|novel\s+)?(?:notion|concept)\s+of\s+)"
            r"(?!(?:the|an?)\s)(?![a-z]+ing\b)"
            r"(?P<name>[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*){0,3}?)(?P<acr>)"
            r"(?=\s*[,.;:(]|\s+(?:as|which|that|to|for|and|in|with)\b)",
            False,
            True,
            ("notion of", "concept of"),
        ),
        # "a novel learning model called pseudo supervisor to ...": a lower-case name, kept
        # only after a new artifact and a naming word.
        (
            r"(?i:\b(?:novel|new)\s+(?:[\w\-()]+\s+){0,5}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:called|named|namely|dubbed|termed)\s+(?:the\s+)?)"
            + r"(?!(?:the|an?)\s)(?P<name>[a-z][a-z\-]+(?:\s+[a-z][a-z\-]+){0,2}?)(?P<acr>)"
            + r"(?=\s*[,.;:]|\s+(?:to|which|that|for|with|and)\b)",
            False,
            True,
            _NEW,
            False,
            _NEW,
        ),
        # "This metric, which we call mini-batch energy distance, combines ...", "we
        # introduce a technique called neuron editing that ...", "We refer to this process
        # as feature intertwiner": a lower-case name the paper gives its own thing.
        (
            # an artifact, not a phenomenon: "a property which we call coherence" is not one
            r"(?i:(?:\b"
            + ARTIFACT_NOUN
            + r",?\s+(?:which|that)\s+we\s+(?:call|term|dub|name)(?:\s+as)?"
            + r"|\bwe\s+refer\s+to\s+(?:this|these|it|them)(?:\s+[\w\-]+){0,3}?\s+as"
            + r"|\bwe\s+(?:introduce|propose|present|develop)\w*\s+(?:an?|the)\s+"
            + r"(?:[\w\-]+\s+){0,3}?"
            + ARTIFACT_NOUN
            + r",?\s+(?:called|named|dubbed|termed))\s+(?:the\s+)?)"
            + r"(?P<name>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)(?P<acr>)"
            + r"(?=\s*[,.;:(]|\s+(?:that|which|to|for|and|is|are|with|where)\b)",
            False,
            True,
            ("we call", "we term", "we dub", "we name", "refer to", "called", "named"),
        ),
        # "We present a novel neural network operator, chopout, with which ...", "a new
        # representation, one-pixel signature, that ...": a name set off by two commas right
        # after a new artifact, lower-case or not.
        (
            r"(?i:\b(?:an?|the)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,3}?"
            + r"(?:"
            + ARTIFACT_NOUN
            + r"|(?:operator|representation|measure|structure|criterion|estimator)s?)"
            + r",\s+(?:the\s+)?)"
            + r"(?!(?:based|using|built|inspired|called|named|termed|dubbed|which|that|where|"
            + r"namely|and|or|in|on|for|with|by|to|from|as|such|e\.g|i\.e|we|it|a|an|the)\b)"
            + r"(?P<name>[\w][\w\-]*(?:\s+[\w\-]+){0,3}?)(?P<acr>)"
            + r",\s+(?=(?:which|that|where|with|by|and|to|having|is|whose)\b)",
            False,
            True,
            _NEW,
            False,
            _NEW,
        ),
    )
)


_MAKING_BEFORE = re.compile(
    r"\b(?:we|this (?:paper|work))\s+(?:\w+\s+){0,2}?"
    r"(?:propose|introduce|present|develop|design|devise)|\b(?:novel|new)\b",
    re.I,
)
# "a novel approach called MACH (Merged Average Classifiers via Hashing) was proposed":
# the rest of the sentence says the named thing is earlier work.
PROPOSED_BEFORE = re.compile(
    r"[^.;]*?\b(?:was|were|has been|have been|had been)\s+(?:recently\s+)?"
    r"(?:proposed|introduced|developed|presented)\b"
)
# "X (Y), a recent approach ...": the words right after a name say it is earlier work.
EARLIER_KIND_AFTER = re.compile(
    r"\)?,\s*an?\s+(?:[\w-]+\s+){0,2}?(?:recent|popular|standard|existing|well-known|"
    r"classic|common|widely[\w-]*|prior|previous)\b",
    re.I,
)
# "building on X (Y)", "the use of X (Y)": the words right before the name say it is
# earlier work.
_BUILDS_ON = re.compile(
    r"\b(?:(?:building|build|builds|built|based|relying|drawing)\s+(?:up)?on|on top of|use of|"
    r"to use|using)\s+(?:[\w\-]+\s+){0,6}(?:[\w\-]+)?[\s~]*\(?$",
    re.I,
)


@lru_cache(maxsize=64)
def _cue_names(abstract: str) -> tuple[str, ...]:
    out: list[str] = []
    low = abstract.lower()
    who = _who_positions(abstract, low)
    for cue in _CUES:
        if cue.needs and not any(word in low for word in cue.needs):
            continue
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
            at = match.start("acr") if short else match.start("name")
            if _BUILDS_ON.search(abstract, match.start(), at):
                continue  # "we propose building on You Only Learn One Representation (YOLOR)"
            if short and (not name or len(short) < len(name)):
                name = short
            name = _GLUED_WORD.sub("", _own_abbreviation(name.rstrip(".,;:")))
            if not cue.lower_case and not re.search(r"[A-Z0-9]", name):
                continue
            if name and name.lower() not in _GENERIC and name not in out:
                out.append(name)
            more = _AND_ANOTHER.match(abstract, match.end()) if short else None
            if more is not None and more.group("acr") not in out:
                out.append(more.group("acr"))  # "X (A) and Y (B)": both are made here
    return tuple(out)


# The second of two new things, each with its short form: "namely Nesterov Iterative Fast
# Gradient Sign Method (NI-FGSM) and Scale-Invariant attack Method (SIM)".
_AND_ANOTHER = re.compile(
    r",?\s+and\s+(?:an?\s+|the\s+)?(?:[\w\-]+\s+){0,6}?[\w\-]+" + _ACRONYM_AFTER
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


def find_dataset_phrases(abstract: str) -> list[str]:
    """Title-Case names written right before "dataset" or "benchmark": "Visual Genome dataset"."""
    out = []
    for match in _DATASET_PHRASE.finditer(abstract):
        name = match.group(1).strip()
        if name.lower() in _GENERIC or name in out or _ADJECTIVE_SUFFIX.search(name):
            continue  # "MNIST-like datasets" describe, they do not name
        # One capitalized word counts only after a lower-case word: "from the Wilds
        # benchmark", not "Benchmark" at the start of a sentence.
        if " " in name or _LOWER_WORD_BEFORE.search(
            abstract, max(0, match.start() - 16), match.start()
        ):
            out.append(name)
    return out


_DATASET_PHRASE = re.compile(
    r"(?<![.!?]\s)(?<!^)\b((?:[A-Z][\w\-]*\s+){1,3})(?=(?:dataset|benchmark|corpus)s?\b)"
)
_LOWER_WORD_BEFORE = re.compile(
    r"\b(?:the|on|from|of|in|and|with|challenging|popular|standard|public|recent|classic|"
    r"well-known|widely-used|large-scale)\s+$"
)


@lru_cache(maxsize=64)
def find_listed_datasets(abstract: str) -> tuple[str, ...]:
    """The members of a list of datasets: "(including Cora, Citeseer, Pubmed and NELL)",
    "dialogue data-sets: Ubuntu, Switchboard and OpenSubtitles", "the Omniglot and CIFAR
    datasets". Plain capitalized words are names here, which elsewhere they are not."""
    lists: list[str] = []
    for noun in _DATA_NOUN_AT.finditer(abstract):
        # the list that ends right before the noun, found in a window (a full scan for lists
        # costs more than the rest of this function)
        before = _LIST_THEN_DATA.search(abstract, max(0, noun.start() - 300), noun.start())
        if before is not None:
            lists.append(before.group("list"))
        after = _DATA_THEN_LIST.match(abstract, noun.end())
        if after is not None:
            lists.append(after.group("list"))
    # "Our experiments were performed on Switchboard, LibriSpeech and Wall Street Journal":
    # a list after "on" with a well-known dataset in it.
    for match in _ON_LIST.finditer(abstract):
        items = _LIST_ITEM.findall(match.group("list"))
        if any(is_known_dataset(item) for item in items):
            lists.append(match.group("list"))
    out: list[str] = []
    for found in lists:
        for item in _LIST_ITEM.findall(found):
            if item.lower() not in _GENERIC and item not in out:
                out.append(item)
    return tuple(out)


_DATA_NOUN = r"(?:data[\s\-]?sets?|benchmarks?|corpora|corpus)"
# "Cora", "Fashion MNIST", "CNN/Daily Mail", "enwik8", "miniImageNet"
_ITEM = (
    r"(?:[A-Z][\w\-]*(?:[./][\w\-]+)*(?:\s+[A-Z0-9][\w\-]*){0,2}"
    r"|[a-z]+\d[\w\-]*|[a-z]+[A-Z][\w\-]*)"
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


_GLUED_WORD = re.compile(r"(?<=[A-Za-z0-9])-(?:a|an|the|including|which|that|such|and|or|with)$")


def find_candidates(abstract: str) -> Candidates:
    """All candidates of one abstract."""
    urls = find_urls(abstract)
    outside_urls = abstract
    for match in reversed(_url_matches(abstract)):
        outside_urls = outside_urls[: match.start()] + " " + outside_urls[match.end() :]
    names = list(
        dict.fromkeys(
            find_cue_names(abstract)
            + find_names(abstract)
            + find_dataset_phrases(abstract)
            + list(find_listed_datasets(abstract))
        )
    )
    # "we introduce Compositional-ARC-a dataset", "LLMs-including o3-mini": a dash lost
    # between a name and the next word
    names = list(dict.fromkeys(_GLUED_WORD.sub("", n) for n in names))
    names = [n for n in names if n in outside_urls]
    return Candidates(names=names, numbers=find_numbers(abstract, names), urls=urls)
