"""A list of names of ``data/`` and the one way a name is looked up in it.

A name is listed when its key (lower case, without spaces, hyphens and underscores:
"CIFAR-10" is "cifar10") is a listed name's key, in the plural ("ImageNets", "GATs"; a
capital "S" is no plural: "GATS"), or with a size or a version after it: "BERT-large",
"Llama-2-7B", "ViT-B/16", "Kinetics-600", "COCO2017", "Qwen2.5". A dimension is no version
("CLIP-3D" is a name of its own), nor is a word of the name's own ("Align-LoRA").
:mod:`.known_datasets` and :mod:`.well_known` read their lists through this.
"""

from __future__ import annotations

import re

from .wordlists import words

__all__ = ["NameList", "key", "name_parts", "unglued"]

# A part that gives a size or a version: "50", "7b", "v2", "4o", "large", "B" of "ViT-B/16";
# not a dimension ("3d").
_VARIANT = re.compile(
    r"v?\d+(?:\.\d+)*[a-ce-z]?|\d+(?:\.\d+)?[bmkt]|[sblhg]|tiny|small|base|medium|large|xl|xxl|"
    r"huge|giant|mini|nano|turbo|instruct|chat"
)
# A version glued to the name: "GPT4", "DINOv3", "COCO2017".
_GLUED_VERSION = re.compile(r"(?<=[a-z])v?\d+(?:\.\d+)*$")
_PARTS = re.compile(r"[\s\-_/]+")


def key(name: str) -> str:
    """The name as lists compare it: lower case, no spaces, hyphens or underscores."""
    return re.sub(r"[\s\-_]", "", name.lower())


def name_parts(name: str) -> list[str]:
    """The name's parts, lower case, split at spaces, hyphens, underscores and slashes:
    "Llama-2-7B" is ["llama", "2", "7b"]."""
    return [p for p in _PARTS.split(name.lower()) if p]


def unglued(part: str) -> str:
    """A part without the version glued to it: "gpt4" is "gpt", "dinov3" is "dino"."""
    return _GLUED_VERSION.sub("", part)


class NameList:
    """The names of ``data/NAME.txt`` (of each name given), looked up as the module
    docstring says."""

    def __init__(self, *list_names: str) -> None:
        #: The listed names, as written in the lists.
        self.names = frozenset(n for list_name in list_names for n in words(list_name))
        self._keys = frozenset(key(n) for n in self.names)

    def find(self, name: str) -> str | None:
        """The key of the listed name that ``name`` is (itself, its plural, or with a size
        or version), or None."""
        found = key(name)
        if found in self._keys:
            return found
        if name.endswith("s") and found[:-1] in self._keys:
            return found[:-1]
        parts = name_parts(name)
        while len(parts) > 1 and _VARIANT.fullmatch(parts[-1]):
            parts.pop()
            if "".join(parts) in self._keys:
                return "".join(parts)
        if not parts:
            return None
        last = unglued(parts[-1])
        base = "".join([*parts[:-1], last])
        return base if last != parts[-1] and base in self._keys else None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None
