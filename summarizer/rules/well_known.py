"""Methods and models older than nearly every paper that names them: never the paper's own.

A name is well known when ``data/naming_well_known.txt`` lists it, looked up as
:mod:`.listed` does: without case, hyphens and spaces, with an ``s`` plural, and with a size
or version after it ("BERT-large", "ResNet-50", "Llama-2-7B", "ViT-B/16"): a paper that
applies or extends one of these ("we fine-tune Llama-2-7B", "we extend LoRA") does not
introduce it. A name built on one with a word of its own ("Align-LoRA", "MAML++") is not
the listed name and may be new.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .analysis import Abbreviation
from .listed import NameList, name_parts, unglued
from .wordlists import table, words

__all__ = [
    "WELL_KNOWN",
    "is_common",
    "is_model_line",
    "is_shared_term",
    "is_well_known",
    "spaced_model_names",
]

_LIST = NameList("naming_well_known")
#: The listed names, as written in the list.
WELL_KNOWN = _LIST.names


def is_well_known(name: str) -> bool:
    """True for a listed name, its plural, or the name with a size or version after it."""
    return name in _LIST


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())


# Short forms many papers define the same way ("supervised fine-tuning (SFT)"), counted on
# arXiv abstracts by evals/shared_short_forms.py: short form -> its long form, as _plain
# writes it.
_SHARED: dict[str, str] = {
    short: _plain(long) for short, (long, _) in table("shared_short_forms")["forms"].items()
}


def is_shared_term(name: str, defined: Iterable[Abbreviation] = ()) -> bool:
    """True for a short form that many papers define the same way ("SFT", "RL", "MRI",
    "EHRs"), in the singular or the plural: a term of the field, not a name; unless the
    abstract defines it as something else ("Progressive Adaptive Decoding (PAD)", where
    most papers write "presentation attack detection (PAD)"). ``defined`` are the
    abstract's short forms (:attr:`.Analysis.abbreviations`)."""
    long = _SHARED.get(name) or _SHARED.get(name + "s")
    if long is None and name.endswith("s"):
        long = _SHARED.get(name[:-1])
    if long is None:
        return False
    own = [_plain(a.long) for a in defined if a.short == name]
    return not own or any(long in o for o in own)


def is_common(name: str, defined: Iterable[Abbreviation] = ()) -> bool:
    """True for a name no paper gives its own work: a well-known method or model, or a
    shared term (:func:`is_shared_term`)."""
    return is_well_known(name) or is_shared_term(name, defined)


_LINES = frozenset(words("model_lines"))
# What follows a line's name in a model's: a version, a size, a tier or an edition.
_EDITION = re.compile(
    r"v?\d+(?:\.\d+)*[a-z]?|\d+(?:\.\d+)?[bmkt]|[a-z]\d+(?:\.\d+)?b?|pro|flash|lite|plus|max|"
    r"ultra|sonnet|opus|haiku|preview|thinking|it|mini|nano|turbo|instruct|chat|base|small|"
    r"medium|large|vl|omni|coder|exp|distill|next|ov|onevision|med|multimodal|reasoning|dev|"
    r"schnell|hq"
)


def is_model_line(name: str) -> bool:
    """True for a model of a listed line (``data/model_lines.txt``), its version, size and
    tier after it: "Gemini-3.1-Pro", "Claude Opus-4.6", "Phi-4-mini", "Gemma3-4B-IT",
    "LLaVA-NeXT-13B", "DeepSeek-R1-Distill-Qwen-32B", or the line alone ("DeepSeek"); not
    "Llama Questions" nor "Tulu-3-SFT-Mix", datasets named after one."""
    parts = name_parts(name)
    return (
        bool(parts)
        and unglued(parts[0].split(".")[0]) in _LINES  # "FLUX.1-dev": a version after a dot
        # "DeepSeek-R1-Distill-Qwen-32B": the line distilled into is written as a part
        and all(_EDITION.fullmatch(p) or p in _LINES for p in parts[1:])
    )


# Where a line's name starts a word, and the whole word from there.
_LINE_AT = re.compile(
    r"(?<![\w\-.])(?i:" + "|".join(sorted(map(re.escape, _LINES), key=len, reverse=True)) + ")"
)
_SPACED_START = re.compile(r"[A-Za-z][\w.\-]*")
_SPACED_NEXT = re.compile(r" ([\w.\-]+)")
# Lower-case tiers written after a version: "GPT-4o mini", "o3 mini".
_LOWER_TIERS = frozenset(("mini", "nano", "turbo", "preview", "instruct", "chat"))


def spaced_model_names(text: str) -> list[str]:
    """Models of a listed line written with spaces, as the text writes them: "Claude Opus
    4.5", "Claude 3.5 Sonnet", "Gemini 2.5 Pro", "Llama 3.1 8B", "GPT-4o mini". Each word
    after the line's name is an edition (:func:`is_model_line`) with a digit or a capital; a
    lower-case tier only after a version ("Llama large language models" names no model)."""
    found: list[str] = []
    for line in _LINE_AT.finditer(text):
        first = _SPACED_START.match(text, line.start())
        if first is None or not is_model_line(first[0].rstrip(".")):
            continue
        end, words_after = first.end(), 0
        while words_after < 3 and (nxt := _SPACED_NEXT.match(text, end)):
            word = nxt[1].rstrip(".")
            after_version = any(c.isdigit() for c in text[first.start() : end])
            shaped = any(c.isdigit() for c in word) or word[:1].isupper()
            if not (shaped or (after_version and word in _LOWER_TIERS)):
                break
            if not all(_EDITION.fullmatch(part) for part in word.lower().split("-")):
                break
            end, words_after = nxt.start(1) + len(word), words_after + 1
        if words_after and (name := text[first.start() : end]) not in found:
            found.append(name)
    return found
