"""Methods and models older than nearly every paper that names them: never the paper's own.

A name is well known when ``data/naming_well_known.txt`` lists it, looked up as
:mod:`.listed` does: without case, hyphens and spaces, with an ``s`` plural, and with a size
or version after it ("BERT-large", "ResNet-50", "Llama-2-7B", "ViT-B/16"): a paper that
applies or extends one of these ("we fine-tune Llama-2-7B", "we extend LoRA") does not
introduce it. A name built on one with a word of its own ("Align-LoRA", "MAML++") is not
the listed name and may be new.
"""

from __future__ import annotations

from .listed import NameList

__all__ = ["WELL_KNOWN", "is_well_known"]

_LIST = NameList("naming_well_known")
#: The listed names, as written in the list.
WELL_KNOWN = _LIST.names


def is_well_known(name: str) -> bool:
    """True for a listed name, its plural, or the name with a size or version after it."""
    return name in _LIST
