"""Numbers an abstract states, with their unit or sign: the ``results`` of a record.

Every number written with digits counts, unless it is part of a name, a year, a citation
or an enumeration marker; ``kind``, ``metric`` and ``subject`` come from the words around it.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from .analysis import Analysis, analysed
from .components import main_name
from .cue_words import either, without
from .data_counts import data_subject
from .defined_metrics import defined_metric, metric_short_forms, short_forms_beside
from .grammar import by_grammar, name_in_setting
from .known_datasets import is_dataset_family, is_known_dataset
from .markup import as_written, percent_signed
from .metric_lists import margins_over, points_share_the_metric, respective_metrics, size_metric
from .metrics import is_metric_name, metric_after, metric_before, one_value_of
from .name_spans import mentions
from .names import is_version
from .number import Number
from .number_lists import (
    compared_share_the_metric,
    deviations_share_the_metric,
    elided_metrics,
    margins_share_the_metric,
    scored_on,
    shared_in_lists,
    start_before,
    versus_pairs,
)
from .number_names import (
    AT_BEFORE,
    VERSION_NUMBER,
    YEAR,
    after_product_name,
    is_year,
    size_in_name,
)
from .number_ranges import from_to_share_the_metric, range_ends_share_the_metric
from .slash_lists import after_slash, slashed_metrics
from .subjects import actor_phrase, compared_side, measured_name, subject_before
from .urls import url_matches
from .wordlists import alternation, words
from .written_metrics import used_as_metric

# A unit: a percent sign, a word of data/units.txt or a currency's code, or one of the few that
# need a pattern ("3x" but not "3x4", a lone "k" or "M", "GPU hours"), a space before it or not.
_UNIT = (
    # "4.45×speed up", "3.49X" and LaTeX's "$20\times$" and "3.7$\times$" keep their sign of times
    # (not "3$\times$3", a shape); degrees as written
    r"\s?%|\s?\\%|X(?!\d)|×(?=[A-Za-z])|\\times\b|\s?\$\{?\\times\}?\$(?!\s?\d)|\$\^\{?\\circ\}?\$|\^\{?\\circ\}?|°|"
    r"\s?(?:x(?!\d)|×(?!\d)|[kKMBT]\b|[GT]PU[\s\-](?:hours|days|months|years)|"
    + f"{alternation('units')}|{alternation('currency_codes')}"
    + r")(?![A-Za-z])"
)
_NUMBER = re.compile(
    # Only where a sign or a digit is: the first test at each position, the cheapest.
    r"(?=[\d<>≤≥~≈+\-−±u])"
    # Not glued to a name ("GPT-4", "v1.5", "pass@1") nor an exponent ("T^{-1/2}", "x_{10}"), but
    # the far end of a range ("20-30%", "2.0x-3.0x") and a deviation ("1.98+/-0.07") count.
    r"(?:(?<![\w.\-/^@])(?<![\^_]\{)(?<![\^_]\{[-−])|(?<=[\d%kKMB]-)|(?<=\d[x×]-)|(?<=\d--)|(?<=[\d%]\u2013)|(?<=\+/-)"
    # the next value of a slash list: "90.0/79.2" (see slash_lists)
    r"|(?<=[\d%kKMB]/))"
    r"(?P<sign>[<>≤≥~≈]\s?|[+\-−±]|up to )?"
    # a power of ten ("p < 10^-6", "10^{5} states", "7.17 x 10^-27") and a fraction of counts
    # ("9/10 tasks", "1/10 of the parameters") are one value each
    r"(?P<num>(?>(?:\d+(?:\.\d+)?\s?(?:\\times|×|x)\s?)?10\^\{?[-−]?\d+\}?"
    r"|\d{1,4}/\d{1,4}(?![\d/.])|\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|\d{1,3}(?:['\u2019]\d{3})+(?!\d)|\d+(?:\.\d+)?))"  # "3'123'253": thousands
    r"(?P<unit>" + _UNIT + r")?"
    # "3D", "4M-sized" names are not numbers; "an 8B-parameter LLM" states a size
    r"(?:(?<=[KMBT])(?=-param)|(?<=×)|(?!-?[A-Za-z])(?!\w*[A-Za-z]))",
)
# What may follow the "+" of "330+" (not "98.09+-0.7%", "90+%" or "1+1").
_AFTER_PLUS = frozenset(("", " ", "\n", ",", ".", ";", ":", ")"))
# Citations, whose numbers are no results: "[12]", "[3, 7]", "arXiv:2512.12960".
_CITATION = re.compile(r"\[\d+(?:\s*[,\u2013-]\s*\d+)*\]|(?i:arxiv):?\s*\d{4}\.\d{4,5}")
# LaTeX math: "$O(\epsilon^{-4})$", "$(1-\gamma)^7$" are formulas, whose numbers are no
# results; a number written in math alone ("$75\%$", "$3.28$", "$25.72^\circ$") is one.
_MATH = re.compile(r"\$([^$]{1,200})\$")
# An order of growth bounds, it states no result: "O(1/\epsilon)", "O(N^2)", "o(1)", not "O(200k)".
_ORDER = re.compile(
    r"(?<![\w\\])(?:(?:O|\\mathcal\{O\}|\\Omega|\\Theta|Θ|Ω)\((?!\s*\d[\d.,]*\s?[kKMB]?\s*\))[^()]{1,40}|[Oo]\(1)\)"
)
_PLAIN = re.compile(r"\s*[<>~+\-]?\s*[\d.,]+\s*(?:\\%|%|\\times|\^\\circ|\^\{\\circ\})?\s*")
# Words before a number that make it a change: a verb of change of data/metric_verbs.txt
# ("improves", "cuts"; not "compress": "compression ratios of 47.1" state a score), a
# comparative ("faster", "more"; not those that compare with a threshold: "when SIR is
# smaller than 0dB"), "by", "outperforms" ...
_THRESHOLD_WORDS = ("slower", "larger", "smaller", "worse")
_CHANGE_VERBS = (*without(words("metric_verbs"), "compress"), "gain", "outperform", "surpass")
_IMPROVEMENT = re.compile(
    r"\b(?:(?:"
    + either((*_CHANGE_VERBS, "exceed", "saving"))
    + r")\w*|"
    + either(without(words("comparatives"), *_THRESHOLD_WORDS))
    + r"|higher|fewer|by|relative|advantage|margin)\b",
    re.IGNORECASE,
)


def _window(text: str, start: int, end: int) -> tuple[str, str]:
    return text[max(0, start - 120) : start], text[end : end + 60]


# Words right after a number that make it a change: "4.8% relative", "3x faster", "92%
# self-attention latency reduction" (a noun of change within the next few words).
_CHANGE_AFTER = re.compile(
    r"\s*(?:"
    + alternation("change_nouns")
    + "|"
    + alternation("comparatives")
    + r"|relative|speed|fewer|lower|higher|cheaper"
    r"|(?:[\w\-]+\s+){1,3}(?:reduction|improvement|gain|speedup|enhancement|acceleration)s?\b)",
    re.IGNORECASE,
)


def find_numbers(
    text: str | Analysis,
    names: list[str],
    datasets: Collection[str] = (),
    own: Collection[str] = (),
) -> list[Number]:
    """Every number the abstract states with digits, with unit or sign, in order.

    ``names`` are the abstract's candidate names, of which the nearest before a number in
    its sentence is its ``subject``; ``datasets`` (and well-known datasets and metric names)
    are never a subject: "ImageNet", "Top-1". Where no name stands before it, the subject is
    the paper's main own name: of ``own`` (the names it says it makes), the one written most.
    A count that describes a dataset ("a dataset of 25k conversations") is the dataset's
    (:mod:`.data_counts`).

    They are read with LaTeX's text styles blanked and a percent written as a word read as a
    sign (:mod:`.markup`), and given as the abstract writes them.
    """
    analysis = analysed(text)
    plain = analysis.unstyled
    signed = percent_signed(plain.text)
    if signed != plain.text:
        plain = Analysis(signed)
    numbers = _find_numbers(plain, names, datasets, own)
    if plain is analysis:
        return numbers
    return as_written(numbers, analysis.text)


def _find_numbers(
    analysis: Analysis, names: list[str], datasets: Collection[str], own: Collection[str]
) -> list[Number]:
    abstract = analysis.text
    metric_shorts = metric_short_forms(analysis.abbreviations)
    # and its long form's words: "Multiply-Accumulate" of "Multiply-Accumulate Operations (MACs)"
    metric_longs = [a.long for a in analysis.abbreviations if a.short in metric_shorts]
    # a name the paper introduces is a subject even when listed as a known dataset since
    subjects = [
        n
        for n in names
        if n not in datasets
        and (n in own or (_can_be_subject(n) and not used_as_metric(n, abstract)))
        and (n in own or n not in metric_shorts)  # "IS" of "Inception Score (IS)"
        and not any(f" {n} " in f" {long} " for long in metric_longs)
    ]
    own = [n for n in own if n in subjects]
    subjects = [n for n in subjects if not _part_of_own(n, own, abstract)]
    fallback = main_name(analysis, own)
    starts = _clause_starts(analysis)
    not_results = [m.span() for m in url_matches(analysis)]
    not_results += [(m.start(), m.end()) for m in _CITATION.finditer(abstract)]
    not_results += [m.span() for m in _ORDER.finditer(abstract)]
    not_results += [m.span() for m in _MATH.finditer(abstract) if not _PLAIN.fullmatch(m[1])]
    out = []
    ends: set[int] = set()
    for match in _NUMBER.finditer(abstract):
        start, end = match.span()
        if any(a <= start < b for a, b in not_results):
            continue
        num, unit, sign = match.group("num"), match.group("unit") or "", match.group("sign")
        if unit.lstrip().startswith("degree") and abstract.startswith(" of freedom", end):
            end, unit = match.end("num"), ""  # "the 3 degrees of freedom pose": a count
        if (
            abstract[start - 1 : start] in {"-", "\u2013"}
            and not (ends & {start - 1, start - 2})
            and abstract[start - 3 : start] != "+/-"
        ):
            continue  # "CPM-3", "Qwen2.5-7B": not the far end of a range of numbers
        before_char = abstract[start - 1 : start]
        after_char = abstract[end : end + 1]
        if not unit and YEAR.match(num) and is_year(abstract, start, end):
            continue
        if "/" in num and (YEAR.match(num.partition("/")[2]) or num == "24/7"):
            continue  # "AIME 2024/2025", "No. 402/2013", "24/7": no fraction
        if YEAR.match(num) and (unit == "s" or abstract[end : end + 2] in _DECADE_S):
            continue  # "the 1950s", "the 1990's": a decade
        if before_char in ("'", "\u2019") and (
            abstract[start - 2 : start - 1].isalpha() or unit == "s"
        ):
            continue  # "WMT'14", "AAAI'26": a year in a name; "the '90s": a decade
        if before_char == "[" and after_char in {"]", ","}:
            continue  # a citation
        if before_char == ":" and AT_BEFORE.search(abstract, max(0, start - 12), start):
            continue  # "mAP@0.5:0.95": the thresholds of a metric's name
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
            and VERSION_NUMBER.fullmatch(num)
            and after_product_name(abstract, start)
        ):
            continue  # "Gemini 2.0 Flash", "DALL-E 2": a version inside a name
        if unit in {"B", "M"} and not sign and size_in_name(abstract, start, end):
            continue  # "Llama 3.1 8B", "Qwen-2.5-VL (7B)": a size inside a name
        if sign in {"-", "\u2212"} and (
            abstract[start - 1 : start].isalnum()
            or abstract[start - 1 : start] == "-"
            or start in ends  # "98%-99%": the dash of a range, right after its first value
        ):
            sign = None
        if sign == "up to ":
            sign = None
            start += len("up to ")
        if abstract[end : end + 1] == "+" and abstract[end + 1 : end + 2] in _AFTER_PLUS:
            end += 1  # "330+ papers", "10+ benchmarks": more than the number, as written
        value = abstract[start:end] if sign else abstract[match.start("num") : end]
        value = value.rstrip()
        if abstract[start - 1 : start] == "/" and not after_slash(
            abstract, start, value, out[-1] if out else None
        ):
            continue  # "4.4/5": the end of a scale; "LLaMA 1B/3B": a name's
        before, after = _window(abstract, match.start(), end)
        kind = "absolute"
        if sign == "+" or _IMPROVEMENT.search(before[-25:]) or _CHANGE_AFTER.match(after):
            kind = "improvement"
        ends.add(end)
        out.append(
            Number(
                value=value,
                start=start if sign else match.start("num"),
                end=end,
                kind=kind,
                metric=metric_after(after, unit.strip())
                or defined_metric(before)
                or metric_before(before, after),
                subject=data_subject(abstract, start_before(starts, start), start, names)
                or _subject(analysis, starts, match.start(), subjects, fallback),
            )
        )
    numbers = shared_in_lists(abstract, starts, out, subjects)
    numbers = margins_share_the_metric(abstract, starts, numbers)
    numbers = by_grammar(analysis, numbers, names, subjects, fallback)
    numbers = elided_metrics(abstract, starts, numbers)
    numbers = deviations_share_the_metric(abstract, numbers)
    numbers = slashed_metrics(abstract, starts, numbers)
    numbers = versus_pairs(abstract, starts, numbers)
    numbers = from_to_share_the_metric(abstract, numbers)
    numbers = margins_over(abstract, starts, numbers)
    numbers = respective_metrics(abstract, starts, numbers)
    numbers = compared_share_the_metric(abstract, starts, numbers)
    numbers = points_share_the_metric(abstract, starts, numbers)
    numbers = [replace(n, metric=one_value_of(n.metric) or size_metric(n.value)) for n in numbers]
    numbers = range_ends_share_the_metric(abstract, numbers)
    numbers = [scored_on(abstract, n, datasets) for n in numbers]
    numbers = short_forms_beside(abstract, numbers, metric_shorts)  # "(RCA 0.27)"
    # what is measured is not who scores: the paper's main name does, if it is not measured
    return [
        replace(n, subject=None if measured_name(fallback, n.metric) else fallback)
        if measured_name(n.subject, n.metric)
        else n
        for n in numbers
    ]


def _part_of_own(name: str, own: list[str], abstract: str) -> bool:
    """A word of one of the paper's own names, never written apart from it: "INSTRUCTIONS"
    of "we introduce NATURAL INSTRUCTIONS, a dataset of 61 distinct tasks" (whose counts are
    the dataset's)."""
    inside = [span for o in own if o != name and name in o for span in mentions(o, abstract)]
    return bool(inside) and all(
        any(a <= start and end <= b for a, b in inside) for start, end in mentions(name, abstract)
    )


def _subject(
    analysis: Analysis,
    starts: list[int],
    start: int,
    names: list[str],
    fallback: str | None,
) -> str | None:
    """Whom the number at ``start`` belongs to (see :mod:`.subjects`); where no name says,
    the paper's own name."""
    abstract = analysis.text
    begin = start_before(starts, start)
    if abstract[begin:start].rstrip().endswith("("):
        # "FooNet (45.1%) outperforms BarNet (40.2%)": the name the parenthesis follows
        head = abstract[begin:start].rstrip()[:-1].rstrip()
        named = [n for n in names if head.endswith(n) and not head[: -len(n)][-1:].isalnum()]
        if named:
            return max(named, key=len)
        side = compared_side(abstract, begin, start)
        if side:
            return side
    models = _MODELS_BEFORE.search(abstract, begin, start)
    if models:
        return models.group(1)  # "small LLMs (1.5B to 3B)": the models it describes
    named = subject_before(abstract, begin, start, names)
    if named and not name_in_setting(analysis, *named, start):
        return named[0]
    actor = actor_phrase(abstract, begin, start)
    if actor is not None and not actor.own:
        return actor.phrase
    # the paper's own work: its own name, if it has one, else the words that say it is
    return fallback or (actor.phrase if actor is not None else None)


_HARDWARE = frozenset(words("hardware_names"))
_DECADE_S = frozenset({"'s", "\u2019s"})
# "4k-16k", "10-20%": a range of numbers taken for a name
_RANGE = re.compile(r"(?i)[\d.,]+[kmbx%]?(?:-|--|\u2013)[\d.,]+[kmbx%]?")


# Models written as a phrase before a parenthesis: "small LLMs (", "seven LLMs ("
# (and the far end of a range in it: "(1.5B to 3B)").
_MODELS_BEFORE = re.compile(
    r"(?<![\w\-])((?:(?!(?:of|across|in|on|for|with|and|or|the|a|an|to|from|by|over)\b)"
    r"[A-Za-z][\w\-]*\s+){0,2}(?:LLMs|MLLMs|VLMs|LMs|models|networks|agents))"
    r"\s*\((?:\s*[\d.]+\s?[A-Za-z]{0,2}\s*(?:to|-{1,2}|\u2013)\s*)?$"
)


def _can_be_subject(name: str) -> bool:
    return not (
        is_known_dataset(name)
        or is_dataset_family(name)
        or name in _HARDWARE
        or _RANGE.fullmatch(name)
        or is_metric_name(name)
        or is_version(name)  # "v2": a version, of what it follows
        or re.fullmatch(r"(?i)top-\d+", name)
        or _NUMBER.fullmatch(name)  # "3times"
        or _UNIT_ALONE.fullmatch(name)  # "dB", "GPU-days"
    )


_UNIT_ALONE = re.compile(_UNIT.replace(r"\s?", "", 1))


def _clause_starts(analysis: Analysis) -> list[int]:
    """Where each sentence of the abstract, or clause after a semicolon, starts, in order."""
    starts = {0, *(s.start for s in analysis.sentences)}
    starts.update(m.end() for m in re.finditer(r";\s", analysis.text))
    return sorted(starts)
