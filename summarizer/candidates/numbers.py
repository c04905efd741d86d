"""Numbers an abstract states, with their unit or sign: the ``results`` of a record.

Every number written with digits counts, unless it is part of a name, a year, a citation
or an enumeration marker; ``kind``, ``metric`` and ``subject`` come from the words around it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .urls import url_matches

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


@dataclass(frozen=True)
class Number:
    """A number the abstract states, with what surrounds it."""

    value: str
    start: int
    end: int
    kind: str
    metric: str | None
    subject: str | None


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
    spans_of_urls = [m.span() for m in url_matches(abstract)]
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
