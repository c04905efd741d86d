"""Forced and free tokens of an answer: which decoded tokens the JSON-schema grammar left no choice.

A :class:`Scaffold` reads a JSON Schema the way llama-cpp-python's converter builds its grammar
(properties in declaration order, required ones first; compact JSON, no whitespace) and answers,
for any prefix of an answer, which text must come next: after ``{"tldr":"…"`` it is
``,"problem":"``. Strings are the model's (it chooses where one ends); so are the choice
points of an array between ``minItems`` and ``maxItems`` (another item or ``]``), numbers,
booleans and enums of more than one value. A schema it does not know (``anyOf``, optional
properties, ``additionalProperties`` objects) forces nothing from there on, so the counts
only ever under-state what is forced.

:func:`forced_and_free` splits an answer's tokens with it: a token is forced when its whole
text lies inside the text the grammar forced at that point. ``bench/run.py``'s floor section
prints the counts per abstract; ``bench/decode_steps.py`` uses the scaffold as the draft of
jump-forward decoding.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# A node of the scaffold: ("lit", text) | ("str",) | ("obj", [(key_literal, node), ...])
# | ("arr", node, min, max) | ("free",)
Node = tuple[Any, ...]


class _Unknown(Exception):
    """The text reached a part of the schema the scaffold does not model."""


@dataclass
class Scaffold:
    """The forced text of a JSON Schema's compact answers (see the module docstring)."""

    schema: dict[str, Any]
    root: Node = field(init=False)

    def __post_init__(self) -> None:
        self.root = self._node(self.schema)

    def _node(self, schema: dict[str, Any]) -> Node:
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            return self._node(self.schema.get("$defs", {}).get(name, {}))
        if "const" in schema:
            return ("lit", json.dumps(schema["const"], ensure_ascii=False, separators=(",", ":")))
        if "enum" in schema and len(schema["enum"]) == 1:
            return ("lit", json.dumps(schema["enum"][0], ensure_ascii=False))
        kind = schema.get("type")
        if kind == "string" and "enum" not in schema:
            return ("str",)
        if kind == "array" and isinstance(schema.get("items"), dict):
            top = schema.get("maxItems")
            return ("arr", self._node(schema["items"]), schema.get("minItems", 0), top)
        if kind == "object" and schema.get("properties"):
            props = schema["properties"]
            required = [k for k in props if k in set(schema.get("required", []))]
            if len(required) != len(props):
                return ("free",)  # optional properties: a choice at each one
            return (
                "obj",
                [(json.dumps(k, ensure_ascii=False), self._node(props[k])) for k in required],
            )
        return ("free",)

    def forced_after(self, text: str) -> str:
        """The text the grammar forces after ``text`` (a prefix of an answer); "" if none."""
        try:
            _, forced, _ = self._walk(self.root, text, 0)
        except _Unknown:
            return ""
        return forced or ""

    def _start(self, node: Node) -> tuple[str, bool]:
        """What every value of ``node`` begins with, and whether that is the whole value."""
        kind = node[0]
        if kind == "lit":
            return node[1], True
        if kind == "str":
            return '"', False
        if kind == "obj":
            return self._sequence(self._parts(node), "", 0)[1:]  # type: ignore[return-value]
        if kind == "arr":
            return "[" + (self._start(node[1])[0] if node[2] > 0 else ""), False
        return "", False

    @staticmethod
    def _parts(node: Node) -> list[Node]:
        parts: list[Node] = [("lit", "{")]
        for k, (key, value) in enumerate(node[1]):
            parts += [("lit", ("," if k else "") + key + ":"), value]
        return [*parts, ("lit", "}")]

    def _walk(self, node: Node, text: str, i: int) -> tuple[int, str | None, bool]:
        """Consume one value of ``node`` from ``text[i:]``.

        Returns ``(end, None, True)`` when the value ends inside ``text``, else
        ``(len(text), forced, complete)``: the text forced from the end of ``text`` on, and
        whether it completes the value.
        """
        kind, n = node[0], len(text)
        if kind == "obj":
            return self._sequence(self._parts(node), text, i)
        if i >= n:
            return (n, *self._start(node))
        if kind == "lit":
            lit = node[1]
            if n - i >= len(lit):
                return i + len(lit), None, True
            return n, lit[n - i :], True
        if kind == "str":
            j = i + 1
            while j < n:
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == '"':
                    return j + 1, None, True
                j += 1
            return n, "", False
        if kind == "arr":
            item, least, most = node[1], node[2], node[3]
            i += 1  # "["
            count = 0
            while True:
                if i >= n:
                    if count == 0:
                        return n, self._start(item)[0] if least > 0 else "", False
                    if count < least:
                        return n, "," + self._start(item)[0], False
                    if most is not None and count >= most:
                        return n, "]", True
                    return n, "", False
                if text[i] == "]":
                    return i + 1, None, True
                if count:
                    i += 1  # ","
                i, forced, _ = self._walk(item, text, i)
                if forced is not None:
                    return n, forced, False
                count += 1
        raise _Unknown(kind)

    def _sequence(self, parts: list[Node], text: str, i: int) -> tuple[int, str | None, bool]:
        for k, part in enumerate(parts):
            i, forced, complete = self._walk(part, text, i)
            if forced is not None:
                # Once a part is complete, what starts the next one is forced too.
                for following in parts[k + 1 :]:
                    if not complete:
                        break
                    start, complete = self._start(following)
                    forced += start
                return len(text), forced, complete
        return i, None, True


def forced_and_free(scaffold: Scaffold, tokens: list[str]) -> tuple[int, int]:
    """How many of an answer's tokens (their texts, in order) were forced and how many free."""
    forced = free = 0
    text = ""
    for piece in tokens:
        ahead = scaffold.forced_after(text)
        if piece and ahead.startswith(piece):
            forced += 1
        else:
            free += 1
        text += piece
    return forced, free


def answer_counts(
    papers: list[Any], records: list[dict[str, Any]], prompt: str, model_path: str
) -> list[str]:
    """``forced/free`` for each record: its answer's tokens, recounted from its summary.

    The answer is rebuilt from the fields the prompt's answer model asks the model for (as
    compact JSON, the engine's ``whitespace=none``) and split by the bundled model's tokenizer,
    which may split it otherwise than decoding did (``model_path``: the GGUF file served);
    "-" for a record without a summary.
    """
    from llama_cpp import Llama

    from summarizer.prompting.strategy import plan
    from summarizer.prompting.templates import load_prompt
    from summarizer.schemas.registry import load_schema

    vocab = Llama(model_path, vocab_only=True, verbose=False)
    spec, model = load_prompt(prompt), load_schema("paper_summary.v1").model
    counts = []
    for paper, record in zip(papers, records, strict=True):
        summary = record.get("summary")
        if not summary:
            counts.append("-")
            continue
        response = plan(paper, spec, model).response_model
        fields = {k: summary.get(k) for k in response.model_fields}
        text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
        ids = vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False)
        pieces = [vocab.detokenize([t]).decode("utf-8", errors="replace") for t in ids]
        forced, free = forced_and_free(Scaffold(response.model_json_schema()), pieces)
        counts.append(f"{forced}/{free}")
    return counts
