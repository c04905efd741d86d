"""Spans shaped like names: CamelCase, acronyms, hyphenated and alphanumeric tokens."""

from __future__ import annotations

import re

from .analysis import Analysis, analysed
from .name_spans import extend_over_joints, mentions, name_bounds
from .wordlists import alternation, words

# Acronyms and capitalized words that name no artifact of a paper, in lower case.
GENERIC = frozenset(words("generic_names"))

_NAME = re.compile(
    # a token start (not after a number's decimal point: "6.1K-problem"), then (a cheap
    # test first) a capital or digit somewhere in the token
    r"(?<![\w\-])(?<!\d\.)(?=[\w\-.*]*?[A-Z0-9])("
    r"[A-Za-z0-9]*(?:[a-z][A-Z]|[A-Z]{2}|[A-Za-z]\d|\d[A-Za-z])[A-Za-z0-9]*"  # ImbSAM, GAPT, o3
    r"(?:[\-\.][A-Za-z0-9]+)*\*?"  # Droplet3D-4M, DeepSeek-R1, t-ReX*
    r"|[A-Z][a-z]+(?:-[A-Z0-9][A-Za-z0-9]*)+(?:[\-\.][A-Za-z0-9]+)*"  # Glocal-IB, Gemini-1.5-Pro
    r"|[a-z]+-[A-Z][A-Za-z0-9]*\*?"  # t-ReX
    # one capital before a hyphen and a part shaped like a name: V-JEPA, A-OKVQA, D-NeRF
    # (not X-ray, K-means, U-shaped)
    r"|[A-Z]-(?=[A-Za-z0-9]*(?:[A-Z]{2}|[A-Za-z]\d|[a-z][A-Z]))[A-Za-z0-9]+"
    r"(?:[\-\.][A-Za-z0-9]+)*\*?"
    r")(?![\w])"
)

# A resolution or a shape: "256x256", "32×32", "1x1".
RESOLUTION = re.compile(r"\d+(?:\s?[x×]\s?\d+)+")

# A token that is a name by itself (a part after a slash that is one is a second name).
WHOLE_NAME = re.compile(_NAME.pattern[len(r"(?<![\w\-])(?<!\d\.)") :])

# "ImageNet-based", "GPT-style": a name ending so is an adjective; so is one that ends in a
# lower-case past participle ("ImageNet-derived", "GPU-accelerated", "LLM-labeled"; not
# "-embed" nor "-speed") or a number's compound ("206B-token", "7B-scale", "3D-language"),
# and a capitalised word after a prefix ("non-English", "sub-Saharan").
ADJECTIVE_SUFFIX = re.compile(
    r"-(?:" + alternation("name_adjective_suffixes") + r")$"
    r"|-(?-i:[a-z]+(?<![eb])ed)$"
    r"|^\d[\w.]*-(?-i:[a-z]+)$"
    r"|^(?-i:(?:" + alternation("name_adjective_prefixes") + r")-[A-Z][a-z]+)$",
    re.IGNORECASE,
)


# A version written after a name, with a space: "SQuAD v2", "NAVSIM v1.0", "Pick-a-Pic V2".
_VERSION_AFTER = re.compile(r" [vV]\d{1,2}(?:\.\d{1,2})?(?![\w\-]|\.\d)")
# After a name the paper makes, a version without a "v" too, before a stop or a clause: "We
# introduce Seedream 4.0, an efficient ..." (not "X 2.5 times faster"). Only there: after any
# name it would take a score ("PSNR 32.5, ...").
_MADE_VERSION_AFTER = re.compile(
    r" \d{1,2}\.\d{1,2}(?=\s*[,;:()]|\.(?:\s|$)|\s+(?:is|was|which|that)\b)"
)
# A version on its own ("NAVSIM v1, v2"): of the name before it, no name itself.
_VERSION = re.compile(r"[vV]\d+(?:\.\d+)*")


def whole_name_end(text: str, start: int, end: int) -> int:
    """Where a name a wording rule found at ``start:end`` ends, by the span rules: past its
    joints, over a slash when its first word reads over it ("called Graph ViT/MLP-Mixer"),
    and over a version after it ("we introduce Moonshine v2", "We introduce Seedream 4.0,")."""
    end = extend_over_joints(text, end, WHOLE_NAME, shared_head=" " in text[start:end].strip())
    version = _VERSION_AFTER.match(text, end) or _MADE_VERSION_AFTER.match(text, end)
    return version.end() if version is not None else end


_CURRENCIES = frozenset(words("currency_codes"))
# Right after the code, an amount ("USD 5.58", "USD~146,000", "USD$\sim$340,000"); right
# before it, one with its size ("89M USD", "1.81B USD").
_AMOUNT_AFTER = re.compile(r"(?:\s|~|\$|\\sim)*\d")
_AMOUNT_BEFORE = re.compile(r"\d[\d.,]*\s?[KMBkmb]?\s*$")


def _an_amounts_unit(text: str, code: str) -> bool:
    """True when the abstract writes the currency ``code`` beside an amount."""
    return any(
        _AMOUNT_AFTER.match(text, end) or _AMOUNT_BEFORE.search(text, max(0, start - 16), start)
        for start, end in mentions(code, text)
    )


def find_names(abstract: str | Analysis) -> list[str]:
    """Spans that may name an artifact (method, model, dataset, benchmark), in order."""
    analysis = analysed(abstract)
    out: list[str] = []
    seen: set[str] = set()
    for sentence in analysis.sentence_texts:
        end = 0
        for match in _NAME.finditer(sentence):
            if match.start() < end:
                continue  # a part of the name before, after its joint: "Z-Mixer2" of "Q/Z-Mixer2"
            # the whole name: "ZEN:re", "Graph-Q/Z-Mixer", "Open Drama-QA"
            start, end = name_bounds(sentence, match.start(), match.end(), WHOLE_NAME)
            version = _VERSION_AFTER.match(sentence, end)
            if version is not None:
                end = version.end()  # "SQuAD v2": the version is part of the name
            name = sentence[start:end].rstrip(".")
            key = name.lower()
            if key in seen or key in GENERIC or len(name) < 2:
                continue
            if name in _CURRENCIES and _an_amounts_unit(analysis.text, name):
                continue  # "USD 5.58", "89M USD": the unit of an amount
            if re.fullmatch(r"[\d.,%]+[A-Za-z]?", name):
                continue  # a number with a unit, not a name
            if re.fullmatch(r"\d+[A-Za-z]{1,2}", name) and not re.search(r"[A-Z]{2}", name):
                continue  # "3D", "2.5D", "7B" are sizes or terms
            if is_version(name):
                continue  # "v2" of "NAVSIM v1, v2": a version of the name before it
            if RESOLUTION.fullmatch(name):
                continue  # "256x256" of "ImageNet 256x256" is a resolution
            if ADJECTIVE_SUFFIX.search(name):
                continue  # "ImageNet-based", "GPT-style" describe, they do not name
            seen.add(key)
            out.append(name)
    # Capitalized multi-word names such as "Sharpness-Aware Minimization" are left to
    # their acronym, which the guide prefers as the item.
    return [n for n in out if not _only_as_tail(n, out, analysis.text)]


def is_version(name: str) -> bool:
    """True for a version on its own ("v2", "V1.5"), which is no name."""
    return bool(_VERSION.fullmatch(name))


def only_with_version(name: str, text: str) -> bool:
    """True when every mention of ``name`` in ``text`` has a version after it ("HPD" of
    "HPD v3"): the name with its version is the name."""
    found = mentions(name, text)
    return bool(found) and all(_VERSION_AFTER.match(text, end) for _, end in found)


def _only_as_tail(name: str, names: list[str], text: str) -> bool:
    """True when ``name`` is only written as the end of a longer name of ``names``: "Long
    Video-Bench is hard" opens a sentence, where "Long" may be any capitalized word, but
    "on Long Video-Bench" shows that it is the name's."""
    heads = [n[: -len(name)] for n in names if n != name and n.endswith(" " + name)]
    return bool(heads) and all(
        any(text.endswith(head, 0, start) for head in heads) for start, _ in mentions(name, text)
    )


# A dash lost between a name and the next word: "Compositional-ARC-a dataset".
GLUED_WORD = re.compile(r"(?<=[A-Za-z0-9])-(?:" + alternation("glued_words") + r")$")
# The same lost dash, right after a name's end.
GLUED_AFTER = re.compile(r"-(?:" + alternation("glued_words") + r")(?![\w\-])")
