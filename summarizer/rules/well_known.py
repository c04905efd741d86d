"""Methods and models older than nearly every paper that names them: never the paper's own.

A name is well known when ``data/naming_well_known.txt`` lists it, compared without case,
hyphens and spaces and with an ``s`` plural, or when it is a listed name with a size or
version after it ("BERT-large", "ResNet-50", "Llama-2-7B", "ViT-B/16"): a paper that
applies or extends one of these ("we fine-tune Llama-2-7B", "we extend LoRA") does not
introduce it. A name built on one with a word of its own ("Align-LoRA", "MAML++") is not
the listed name and may be new.
"""

from __future__ import annotations

import re

from .wordlists import words

__all__ = ["WELL_KNOWN", "is_well_known"]

#: The listed names, as written in the list.
WELL_KNOWN = frozenset(words("naming_well_known"))


def _key(name: str) -> str:
    return re.sub(r"[\s\-_]", "", name.lower())


_KEYS = frozenset(_key(n) for n in WELL_KNOWN)
# A part that gives a size or a version: "50", "7b", "v2", "4o", "large", "B" of "ViT-B/16";
# not a dimension ("CLIP-3D", "Clip3D" are names of their own).
_VARIANT = re.compile(
    r"v?\d+(?:\.\d+)*[a-ce-z]?|\d+(?:\.\d+)?[bmkt]|[sblhg]|tiny|small|base|medium|large|xl|xxl|"
    r"huge|giant|mini|nano|turbo|instruct|chat"
)
_GLUED_VERSION = re.compile(r"(?<=[a-z])v?\d+(?:\.\d+)*$")


def is_well_known(name: str) -> bool:
    """True for a listed name, its plural, or the name with a size or version after it."""
    key = _key(name)
    if key in _KEYS or (name.endswith("s") and key[:-1] in _KEYS):  # "GATs", not "GATS"
        return True
    parts = [p for p in re.split(r"[\s\-_/]+", name.lower()) if p]
    while len(parts) > 1 and _VARIANT.fullmatch(parts[-1]):
        parts.pop()
        if "".join(parts) in _KEYS:
            return True
    # "GPT4", "Qwen2.5", "DINOv3": a version glued to the name
    unglued = _GLUED_VERSION.sub("", parts[-1]) if parts else ""
    return unglued != parts[-1] and "".join([*parts[:-1], unglued]) in _KEYS
