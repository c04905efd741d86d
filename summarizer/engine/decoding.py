"""How the embedded engine decodes under a JSON-schema grammar: the options that change answers.

llama-cpp-python turns the request's JSON Schema into a GBNF grammar whose ``space`` rule
(``" "?``) follows every JSON token, so the model may spend a decoding step on a space after
``{``, ``:``, ``,`` or a closing quote. :class:`Decoding` says which rule the engine uses:

``whitespace=free`` (the default)
    llama-cpp-python's own rule.
``whitespace=none``
    ``space`` admits nothing: answers are compact JSON (``{"tldr":"…","keywords":["…"]}``),
    about 8 tokens shorter for the default prompt's answer; greedy answers differ in wording
    too, since the model is steered off the spacing it prefers.

The option is read from ``SUMMARIZER_ENGINE_DECODING`` (e.g. ``whitespace=free``) by both
sides: the client keys its cache and names its records with it (:func:`current`), and the
engine process it starts applies it (:func:`install`, from the server's bootstrap). A
detached engine records the option it was started with and is reused only by runs that ask
for the same.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields

from ..errors import ConfigError

VARIABLE = "SUMMARIZER_ENGINE_DECODING"

#: The ``space`` rule of each whitespace setting, as GBNF.
SPACE_RULES = {"none": '""', "free": '" "?'}


@dataclass(frozen=True)
class Decoding:
    """The embedded engine's decoding options, written ``name=value,name=value``."""

    whitespace: str = "free"

    def __post_init__(self) -> None:
        if self.whitespace not in SPACE_RULES:
            raise ValueError(
                f"whitespace={self.whitespace!r}: use one of {', '.join(sorted(SPACE_RULES))}"
            )

    @property
    def text(self) -> str:
        """The options as ``SUMMARIZER_ENGINE_DECODING`` writes them, in a fixed order."""
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self))

    @classmethod
    def parse(cls, text: str) -> Decoding:
        """The options ``text`` names (the others at their defaults).

        Raises:
            ValueError: an unknown name, a value out of range, or no ``=``.
        """
        known = {f.name for f in fields(cls)}
        options: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, sep, value = part.partition("=")
            name = name.strip()
            if not sep or name not in known:
                raise ValueError(
                    f"{part!r}: write name=value with name one of {', '.join(sorted(known))}"
                )
            options[name] = value.strip()
        return cls(**options)


def current() -> Decoding:
    """The options of this process: ``SUMMARIZER_ENGINE_DECODING``, else the defaults.

    Raises:
        ConfigError: the variable names an unknown option or value.
    """
    try:
        return Decoding.parse(os.environ.get(VARIABLE, ""))
    except ValueError as exc:
        raise ConfigError(f"{VARIABLE}: {exc}") from exc


def install(decoding: Decoding) -> None:
    """Make every JSON-schema grammar of this process use ``decoding``'s whitespace rule."""
    from llama_cpp import llama_grammar

    # SchemaConverter reads the module's SPACE_RULE each time it is built.
    llama_grammar.SPACE_RULE = SPACE_RULES[decoding.whitespace]
