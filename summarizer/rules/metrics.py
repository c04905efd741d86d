"""What a number measures: the ``metric`` of a result, in the abstract's words.

The words after the number speak first ("78.9% top-1 accuracy", "1,113 pairs", "a 97%
improvement in separation", "50% faster": speed), then the words before it ("an average
success rate of 39.1%", "reduces MBE by 50%", "raises top-1 accuracy from 71.2%", "(MSE >
4.0)"). Numbers listed or ranged together share one metric (see :mod:`.numbers`).
"""

from __future__ import annotations

import re

from .well_known import is_model_line
from .wordlists import alternation, table, words

# Words that end the words saying what a number measures: "accuracy on ImageNet".
_STOP = frozenset(words("metric_stop_words"))
# Words after a number that start a clause, not a metric: "512k without noticeable ...".
_CLAUSE_WORDS = frozenset(words("metric_clause_words"))
# A comparison says the number is a change, not what is measured: "3x less compute".
_COMPARATIVES = frozenset(words("comparatives"))
_COMPARED_QUANTITY: dict[str, str] = table("comparative_metrics")
_CHANGE_NOUNS = frozenset(words("change_nouns"))
_COUNT_ADJECTIVES = frozenset(words("count_adjectives"))
# Words inside a metric's name ("area under curve") that never start or end one.
_NOT_AT_EDGE = frozenset(("under",))
_HIGHER = ("higher", "lower", "better", "worse")  # "4.29% higher than", "higher in accuracy"
_NOT_LAST = _NOT_AT_EDGE | {"relative", *_HIGHER}  # never end one: "by 84% relative to"
#: The names of metrics written as names ("BLEU", "AUROC", "NDCG"): never a dataset or a
#: number's subject.
METRIC_NAMES = frozenset(words("metric_names"))
# A metric's name with its variant: "BLEU-4", "ROUGE-L", "AP50", "mAP50-95", "NDCG@10",
# "F1-score", a level or an average before it ("I-AUROC", "PA-MPJPE", "macro-F1"); not a
# name of its own that starts with one ("APT", "AP-10K").
_METRIC_NAME_VARIANT = re.compile(
    r"(?:[A-Z]{1,2}-|(?i:macro|micro|weighted)-)?(?:"
    + alternation("metric_names")
    + r")(?:(?:-(?:\d{1,3}|[A-Z]{1,2})|@?\d{1,3})(?:[-:]\d{1,3})?)?(?:[- ]scores?)?"
)


def is_metric_name(name: str) -> bool:
    """True for a metric's name as :data:`METRIC_NAMES` lists it, in the plural ("AUCs") or
    with its variant after it ("BLEU-4", "ROUGE-L", "AP50"): a name that is never a dataset
    or a subject."""
    if name.endswith("s") and name[:-1] in METRIC_NAMES:
        return True  # "AUCs"
    return name in METRIC_NAMES or bool(_METRIC_NAME_VARIANT.fullmatch(name))


# in the plural ("AUROCs") or with a cut-off or a variant after it: "Recall@1", "NDCG@10",
# "ROUGE-L", "BLEU-4"
_METRIC_NOUN = (
    r"(?:"
    + alternation("metric_nouns")
    + "|(?:"
    + alternation("metric_names")
    + r")s?)(?:@\d+(?:\.\d+)?|-(?:\d{1,3}|[A-Z]{1,2})(?![\w\-]))?"
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")
# A metric's threshold or cut-off written after its name: "@0.5:0.95", "@10".
_AT_SUFFIX = re.compile(r"(?:@[\d.]+(?::[\d.]+)?)?")
# Units that name what they measure: "73.6 AP", "30.2 BLEU", "21 mAP".
_METRIC_UNITS = frozenset(words("units")) & METRIC_NAMES
_CHANGE_OBJECT = re.compile(r"\s+(?:in|on|for|of)\s+(?:the\s+)?", re.IGNORECASE)
# "7-20% in accuracy", "2% in Dice", "11% higher in accuracy": a metric noun after "in" or "on"
_IN = r"\s+(?:(?:" + "|".join(_HIGHER) + r")\s+)?(?:in|on)\s+(?:the\s+)?((?:[\w\-]+\s+)?"
_IN_METRIC = re.compile(_IN + _METRIC_NOUN + r")\b", re.IGNORECASE)
# "by up to 34.3% in terms of AUROC": what the number is in terms of
_IN_TERMS_OF = re.compile(r"\s+in\s+terms\s+of\s+(?:the\s+)?(?=[A-Za-z])", re.IGNORECASE)
# "10 MB of parameter memory": an amount of something
_AMOUNT_OF = re.compile(r"\s+of\s+(?:the\s+)?(?=[A-Za-z])", re.IGNORECASE)
# "3.1% of the tokens": a share of something
_SHARE_OF = re.compile(r"\s+of\s+(?:the\s+|all\s+)?(?=[A-Za-z])", re.IGNORECASE)


def _phrase(text: str, limit: int = 3, *, count: bool = False) -> str | None:
    """The first words of ``text`` up to a stop word, a clause word or punctuation."""
    clause = re.split(r"[.,;:()\[\]]", text, maxsplit=1)[0]
    picked: list[str] = []
    for word in _TOKEN.findall(clause)[: limit + 2]:
        low = word.lower()
        if low in _STOP or low in _CLAUSE_WORDS:
            break
        if count and not picked and low in _COUNT_ADJECTIVES:
            continue
        if not picked and low in _NOT_AT_EDGE:
            break
        picked.append(word)
    picked = picked[:limit]
    while picked and picked[-1].lower() in _NOT_LAST:
        picked.pop()  # "24.60 under 4-bit quantization", "by 84% relative to": no measure
    while picked and len(picked[-1]) == 1 and picked[-1].islower() and picked[-1] != "p":
        picked.pop()  # the "w" of "w.r.t.", cut at its first period
    return " ".join(picked) or None


_METRIC_WORD = re.compile(_METRIC_NOUN + r"s?", re.IGNORECASE)
# Verbs that end the words of a metric read back from its noun: "improving", "reduces".
_VERB_STEMS = (*words("metric_verbs"), "achiev", "reach", "yield", "obtain", "attain", "show")
# Nouns of quantities that, last in a listed phrase, make it a metric: "training time".
_QUANTITIES = frozenset("time times size length usage overhead consumption".split())


def ends_in_metric(phrase: str) -> str | None:
    """``phrase`` less the leading words that cannot qualify a metric (function words,
    judgements, verbs, adverbs), when its last word names one ("the success rate" is
    "success rate", "FID", "AP50"); None when it does not ("computational parameters")."""
    words_ = phrase.split()
    last = words_[-1].rpartition("-")[2] if words_ else ""  # "NTA-IoU"
    if not (_METRIC_WORD.fullmatch(last) or is_metric_name(last) or last in _QUANTITIES):
        return None
    kept = [words_[-1]]
    for word in reversed(words_[:-1]):
        low = word.lower()
        if low in _NOT_MODIFIERS or low.endswith(("ly", "ed")) or not word[0].isalpha():
            break
        if low.startswith(_VERB_STEMS) and low.endswith(("ing", "s")):
            break  # "reduces training time": a verb, then the metric ("training" is a noun)
        kept.insert(0, word)
    return " ".join(kept)


def leading_phrase(text: str, limit: int = 3) -> str | None:
    """The first words of ``text`` that may say what is measured: up to ``limit`` words, to
    a stop word, a clause word or punctuation."""
    return _phrase(text, limit)


def metric_after(after: str, unit: str) -> str | None:
    """What the words right after a number say it measures, or None."""
    after = after.removeprefix("$")  # the end of inline math around it: "$1.36\\%$ in EER"
    if re.match(r"\s*(?:-{1,2}|\u2013|/|to\s)\s*\d", after):
        return None  # "2--5x gains", "128k/64k": the far end of the range says it
    if after.startswith(("-parameter", "-param")):
        return "parameters"  # "an 8B-parameter LLM"
    if unit in _METRIC_UNITS:
        return unit + _AT_SUFFIX.match(after).group()  # "0.726 mAP@0.5:0.95": the unit says it
    if after[:1].isalnum() and unit != "×":
        # the rest of a glued token ("4k-16k"); after "4.45×speed up" a word of its own
        after = re.sub(r"^[\w\-]+", "", after)
    # a parenthesis right after the number is an aside: "1.93% (1.98+/-0.07) validation error"
    after = re.sub(r"^\s*\([^()]{0,60}\)", "", after)
    tokens = _TOKEN.findall(re.split(r"[.,;:()]", after, maxsplit=1)[0])
    lead = after.lstrip()
    # "a 97% improvement in separation": what the change is in
    first = tokens[0].lower() if tokens else ""
    skip = 1 if first == "relative" else 0
    if len(tokens) > skip and tokens[skip].lower() in _CHANGE_NOUNS:
        at = lead.find(tokens[skip]) + len(tokens[skip])
        tail = _CHANGE_OBJECT.match(lead, at)
        if tail:
            object_ = _phrase(lead[tail.end() :], 4)
            if object_:
                return object_
    # "50% faster", "11.7% more accurate": the quantity compared
    two = " ".join(t.lower() for t in tokens[:2])
    if two in _COMPARED_QUANTITY:
        return _COMPARED_QUANTITY[two]
    if first in _COMPARED_QUANTITY and (len(tokens) == 1 or tokens[1].lower() in _STOP):
        return _COMPARED_QUANTITY[first]
    if unit and unit not in {"%", "\\%", "x", "×"}:
        # "10 MB of parameter memory", "50,000 hours of public audio": what the unit measures
        amount = _AMOUNT_OF.match(after)
        if amount:
            return _phrase(after[amount.end() :], 4)
    if unit in {"%", "\\%"}:
        share = _SHARE_OF.match(after)
        if share:
            shared = _phrase(after[share.end() :], 4)
            return None if shared is None or shared.lower() in _NOT_SHARED else shared
    measured = _IN_METRIC.match(after)
    if measured:
        return measured.group(1)
    terms = _IN_TERMS_OF.match(after)
    if terms:
        return _phrase(after[terms.end() :], 4)
    while tokens and tokens[0].lower() in _COMPARATIVES:
        tokens = tokens[1:]
    return _phrase(" ".join(tokens[:4]), count=not unit)


# LaTeX's inline math around words and signs: "macro $F_1$ $\geq$ 0.796" reads "macro F1 ≥".
_MATH_SIGNS = {"pm": "\u00b1", "geq": "\u2265", "leq": "\u2264", "ge": "\u2265", "le": "\u2264"}
_MATH_SIGN = re.compile(r"\$?\\(" + "|".join(_MATH_SIGNS) + r")\b\$?")
_MATH_WORD = re.compile(r"\$\s*([A-Za-z]+)(?:_\{?([A-Za-z0-9]+)\}?)?\s*\$")


def plain_math(text: str) -> str:
    """``text`` with inline math of one word or sign written plain: "$F_1$" is "F1",
    "$\\geq$" is "≥"; anything else is left as written."""
    if "\\" not in text and "$" not in text:
        return text
    text = _MATH_SIGN.sub(lambda m: _MATH_SIGNS[m.group(1)], text)
    return _MATH_WORD.sub(lambda m: m.group(1) + (m.group(2) or ""), text)


#: A hedge between the words and the number, ending the text read before it: "of up to
#: 39.1%", "by about 50%" (data/metric_hedges.txt).
HEDGE = r"(?:(?:" + alternation("metric_hedges") + r")\s+)?$"
_WORDS = r"((?:[A-Za-z][\w\-]*\s+){0,3}?[A-Za-z][\w\-]*)"
# "an average success rate of 39.1%", "a speedup of 3x"; without an article only for a
# metric noun: "speedups of over 13x"
_METRIC_OF = re.compile(
    r"(?:\b(?:an?|the|its|their|our)\s+)((?:[A-Za-z][\w\-]*\s+){0,3}[A-Za-z][\w\-]*)\s+of\s+"
    + HEDGE
)
_NOUN_OF = re.compile(r"\b(" + _METRIC_NOUN + r")\s+of\s+" + HEDGE, re.IGNORECASE)
_VERB = r"\b(?:" + alternation("metric_verbs") + r")\w*(?:\s+up)?\s+(?:the\s+|its\s+|their\s+)?"
# "reduces MBE by 50%", "improves cross-entropy by 4.8%", "raises accuracy from 71.2%",
# "improving word error rate (WER) from 9.1"
_METRIC_BY = re.compile(
    _VERB + _WORDS + r"(?:\s*\([^()]{1,20}\))?\s+(?:by|from)\s+" + HEDGE, re.IGNORECASE
)
# "the accuracy improves from 60%": what is measured is the verb's subject
_RISES = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)\s+((?:[A-Za-z][\w\-]*\s+){0,2}?"
    + _METRIC_NOUN
    + r")\s+(?:"
    + alternation("metric_verbs")
    + r")\w*\s+(?:by|from)\s+"
    + HEDGE,
    re.IGNORECASE,
)
# "accuracies above 75%", "speedup ranging from 2x up to 100x", "accuracies reduced to below
# 1%": what is measured, then where its value lies
_NOUN_WHERE = re.compile(
    r"(?:(\S+)\s+)?\b(" + _METRIC_NOUN + r")\s+(?:ranging\s+from|above|below|between|"
    r"(?:reduced|dropped|fell|rose|increased|improved)\s+to(?:\s+(?:below|above))?)\s+" + HEDGE,
    re.IGNORECASE,
)
# "..., BLEU from 20.2 to 24.0": the verb written once, before the list; "accuracy (from
# 4.5% to 95.8%)", "an accuracy increase from 54.8%", "macro-F1 increases from 0.2242",
# "BLEU-4 from 0.031"; and "by": "an overall training speedup by up to 21.7%"
_NOUN_FROM = re.compile(
    r"(?:^|[\s(\[,])((?:[A-Za-z]+-)?" + _METRIC_NOUN + r"(?:-\w+)?)"
    r"(?:\s+(?:(?:" + alternation("metric_verbs") + r")\w*|" + alternation("change_nouns") + r"))?"
    r"(?:\s+|\s*\(\s*)(?:from|by)\s+" + HEDGE,
    re.IGNORECASE,
)
# "(MSE > 4.0)", "p < 0.001", "F1 = 90.2", "accuracy: 78%"
_NAMED_BEFORE = re.compile(
    r"(?:^|[\s(\[])((?:(?:" + alternation("metric_names") + r")\s+)?" + _METRIC_NOUN + r")"
    r"\s*(?:(?:[=:<>≤≥(]\s*){1,2}|of)?\s*$",
    re.IGNORECASE,
)


# "improvements of 6.67% on specialized tasks": the change, and what it is on
_CHANGE_OF = re.compile(
    r"\b(" + alternation("change_nouns") + r")(?:\s*\([^()]{0,60}\))?\s+of\s+" + HEDGE,
    re.IGNORECASE,
)
# "The generalization gap of BERT is significantly reduced by over 65%"
_PASSIVE = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)\s+((?:[A-Za-z][\w\-]*\s+){0,2}?[A-Za-z][\w\-]*)"
    r"(?:\s+of\s+[^.;,()]{1,50}?)?\s+(?:is|are|was|were|has been|have been)\s+(?:\w+ly\s+)?"
    r"(?:" + alternation("metric_verbs") + r")\w*\s+by\s+" + HEDGE
)


# "the accuracy drop is less than 0.5%": what is measured, then a copula and a bound
_COPULA = re.compile(
    r"\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Oo]ur)\s+((?:[A-Za-z][\w\-]*\s+){0,2}[A-Za-z][\w\-]*)\s+"
    r"(?:is|are|was|were|remains|stays)\s+(?:(?:less than|lower than|below|under|above|"
    r"more than|at most|at least|only|just|about|around|approximately)\s+)?$"
)
# "improves GSM8K by 5.8% and MATH-500 by 2.8%": the verb written once
_ELIDED_BY = re.compile(
    _VERB + r"(?:[^.;]|\.\d){1,80}?\bby\s+(?:[^.;]|\.\d){1,20}?\s*(?:\band|,)\s+"
    r"((?:[A-Za-z][\w\-]*\s+){0,2}?"
    r"[A-Za-z][\w\-]*)\s+by\s+" + HEDGE,
    re.IGNORECASE,
)
_NOT_SHARED = frozenset({"total", "them", "those", "these", "which", "all", "it"})


# A word right before a metric noun that may say which one it is: a lower-case word
# ("worst-group accuracy", "step accuracy"; not a function word, a judgement, a verb or an
# adverb) or a metric's name ("F1 score").
_MODIFIER = re.compile(r"(?<![\w\-'\u2019])([A-Za-z][\w\-]*)\s+$")
_NOT_MODIFIERS = (frozenset(words("task_stop_words")) | _STOP) - {"overall", "average", "mean"}


def _modified(before: str, at: int, noun: str) -> str:
    """``noun`` with the up to two modifiers written right before it (``before[:at]``)."""
    out = noun
    for _ in range(2):
        word = _MODIFIER.search(before, 0, at)
        if word is None:
            break
        low = word.group(1).lower()
        if word.group(1) in METRIC_NAMES:  # "F1 score", "Dice score"
            return f"{word.group(1)} {out}"
        if (
            not word.group(1)[0].islower()
            or low in _NOT_MODIFIERS
            or low.endswith(("ing", "ly", "ed"))
        ):
            break
        out, at = f"{word.group(1)} {out}", word.start()
    return out


# A model's size at the end of its name: "RDT-1B", "Qwen3-VL-8B", "LLaVA-Next-7B".
_SIZED_NAME = re.compile(r"[A-Z][\w.\-]*-\d+(?:\.\d+)?[BM]")


def _names_a_model(words_: str) -> bool:
    """True for words that name a model, of a listed line or with its size ("improves
    InternVL2-76B by 5.8%", "improves RDT-1B by 8%"): never what is measured."""
    return is_model_line(words_) or bool(_SIZED_NAME.fullmatch(words_))


def metric_before(before: str, after: str = "") -> str | None:
    """What the words before a number say it measures, when the words after say nothing."""
    before = plain_math(before).removesuffix("$")  # "by $1.36\\%$": inline math opens
    article = _METRIC_OF.search(before)  # "by an average of 5%": what the verb changes first
    if article and article.group(1).lower() != "average":
        return _phrase(article.group(1), 4)
    named = _NAMED_BEFORE.search(before[-30:])
    if named and (named.group(1).lower() != "p" or re.search(r"(?:^|[\s(])p\s*[<=]?\s*$", before)):
        return named.group(1)
    change = _CHANGE_OF.search(before)
    if change:
        on = re.match(r"\s+(on|in|for)\s+(?:the\s+)?", after)
        object_ = _phrase(after[on.end() :], 4) if on else None
        return f"{change.group(1)} {on.group(1)} {object_}" if on and object_ else None
    match = (
        _COPULA.search(before)
        or _ELIDED_BY.search(before)
        or _NOUN_OF.search(before)
        or _METRIC_BY.search(before)
        or _PASSIVE.search(before)
        or _RISES.search(before)
    )
    if match is not None and not _names_a_model(match.group(1)):
        return _phrase(match.group(1), 4)
    tail = before[-40:]
    noun_from = _NOUN_FROM.search(tail)
    if noun_from:
        return _modified(before, len(before) - len(tail) + noun_from.start(1), noun_from.group(1))
    where = _NOUN_WHERE.search(before[-50:])
    # not the last word of a longer name of it: "FTB and FBS scores above 0.80"
    if where and not (where.group(1) or "")[:1].isupper():
        return where.group(2)
    return article.group(1) if article else None


# Words a phrase of a sentence does not start or end with when it may say what a number
# measures: function words and the words that only join ("accuracy of", "on the").
_EDGE_WORDS = _STOP | frozenset(words("name_openers"))
_WORD = re.compile(r"[^\s]+")
_PUNCTUATION = re.compile(r"[.,;:!?()\[\]{}\"\u201c\u201d]+(?:\s|$)|\s[(\[{\"\u201c]+|[()\[\]{}]")


def metric_phrases(sentence: str, most: int = 3) -> list[str]:
    """The phrases of ``sentence`` that may say what one of its numbers measures, for a
    model to choose among: runs of one to ``most`` words, as written, with no digit and no
    function word at either end ("top-1 accuracy" is not one: it has a digit; "accuracy",
    "word error rate" are). In the order they are written, each once."""
    out: dict[str, None] = {}
    for part in _PUNCTUATION.split(sentence):  # a phrase is written whole, within a clause
        words_ = _WORD.findall(part)
        for i in range(len(words_)):
            for n in range(1, most + 1):
                span = words_[i : i + n]
                if len(span) < n or any(any(c.isdigit() for c in w) for w in span):
                    break
                if span[0].lower() in _EDGE_WORDS or span[-1].lower() in _EDGE_WORDS:
                    continue
                out[" ".join(span)] = None
    return list(out)


# The nouns of what is measured or changed (data/metric_nouns.txt, data/change_nouns.txt):
# a last word that is one of them plus "s" is a plural.
_ONE_VALUE_NOUNS = frozenset(
    w.lower() for w in words("metric_nouns") + words("change_nouns") + words("metric_names")
)


def one_value_of(metric: str | None) -> str | None:
    """The metric of one number: a plural noun of what is measured or changed in the
    singular, as the abstract writes it less its "s" ("error rate" of "error rates of 3.9%,
    18.5% and 26.0%", "average improvement" of "average improvements of 23.81% and 11.15%",
    "speed up" of "3x to 7x speed ups"). A model's name that is not also a metric's is none:
    "achieves 95% of Llama3.1-inst model's performance", "a 9.2% boost for LLaVA-Med"."""
    if not metric:
        return metric
    if metric[0].isupper() and _names_a_model(metric) and not is_metric_name(metric):
        return None
    head, _, last = metric.rpartition(" ")
    low = last.lower()
    if low.endswith("ies") and low[:-3] + "y" in _ONE_VALUE_NOUNS:
        return metric[:-3] + "y"  # "accuracies"
    plural = low.endswith("s") and (
        low[:-1] in _ONE_VALUE_NOUNS or low == "ups" and head.lower().endswith("speed")
    )
    return metric[:-1] if plural else metric
