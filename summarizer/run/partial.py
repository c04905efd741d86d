"""What is kept of an abstract whose prose never validated: a partial record.

The fields code decides (names, datasets, results, domain, URL) do not depend on the model's
prose. When ``tldr``, ``problem`` or ``keywords`` still fail validation after the re-asks and
the sampled tries, the record keeps everything that did validate, and for each failed field
the best answer's own text, unvalidated. Its ``error`` says so::

    "error": {
      "type": "PartialRecord",
      "message": "tldr did not validate after 5 attempts: tldr copies a sentence ...",
      "fields": [{"field": "tldr", "reason": "tldr copies a sentence of the abstract; ..."}]
    }

A partial record is not finished (:func:`summarizer.io.output.is_finished`): a rerun asks again,
and it is never cached. ``--strict`` (``Settings.strict``) fails such an abstract instead,
with no summary, as before partial records existed.

Also here: what ``meta.reasks`` keeps of each failed answer (:func:`reasks`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ValidationError, create_model

from ..backends.base import cut, error_line

#: The error type of a partial record.
PARTIAL = "PartialRecord"
#: The fields a partial record may hold unvalidated: the model's own prose.
PROSE_FIELDS = ("tldr", "problem", "keywords")
#: ``meta.reasks`` lists at most this many failed answers (the first ones); ``meta.attempts``
#: still counts them all.
MAX_REASKS_KEPT = 8


def reasks(failed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What ``meta.reasks`` keeps of the failed answers: their number and errors, no text."""
    return [{"attempt": f["attempt"], "errors": list(f["errors"])} for f in failed][
        :MAX_REASKS_KEPT
    ]


@dataclass
class PartialAnswer:
    """The best failed answer, validated without the prose fields that failed."""

    #: The answer as the response model without the failed fields (they are None in it).
    parsed: BaseModel
    #: Each failed field and why (its first error).
    failed: dict[str, str]
    #: Each failed field's text as the answer gave it, unvalidated (None if it gave none).
    values: dict[str, Any]
    #: The answer's attempt number.
    attempt: int
    #: Items dropped from it as ungrounded, as ``context["dropped"]`` lists them.
    dropped: list[dict[str, Any]]


def best_partial(
    failed: list[dict[str, Any]], model: type[BaseModel], context: dict[str, Any]
) -> PartialAnswer | None:
    """The failed answer that loses the fewest fields, if only prose fields failed in it.

    Among answers that fail as few fields, the later one wins: it was asked with the errors
    of those before it. None when every answer is broken elsewhere (not JSON, a label that is
    not one, a number with no digits): such an abstract fails.
    """
    best: PartialAnswer | None = None
    for answer in failed:
        found = _partial(answer, model, context)
        if found is not None and (best is None or len(found.failed) <= len(best.failed)):
            best = found
    return best


def _partial(
    answer: dict[str, Any], model: type[BaseModel], context: dict[str, Any]
) -> PartialAnswer | None:
    data = answer_object(answer.get("raw"))
    if data is None:
        return None
    prose = {f for f in PROSE_FIELDS if f in model.model_fields}
    ctx = {**context, "drop": True, "dropped": []}
    try:
        model.model_validate(data, context=ctx)
    except ValidationError as exc:
        reasons = field_errors(exc)
    else:
        return None  # valid once ungrounded items are dropped: not what this is for
    if not reasons or not set(reasons) <= prose:
        return None
    ctx["dropped"] = []
    kept = {k: v for k, v in data.items() if k not in reasons}
    try:
        parsed = lenient_model(model, frozenset(reasons)).model_validate(kept, context=ctx)
    except ValidationError:
        return None
    values = {name: prose_value(name, data.get(name)) for name in reasons}
    return PartialAnswer(parsed, reasons, values, int(answer.get("attempt") or 0), ctx["dropped"])


def answer_object(raw: Any) -> dict[str, Any] | None:
    """The JSON object of an answer's text (also inside a code block), or None."""
    if not isinstance(raw, str):
        return None
    start, end = raw.find("{"), raw.rfind("}")
    for text in (raw, raw[start : end + 1] if 0 <= start < end else None):
        if text is None:
            continue
        try:
            data = json.loads(text)
        except ValueError:
            continue
        return data if isinstance(data, dict) else None
    return None


def field_errors(exc: ValidationError) -> dict[str, str]:
    """Each top-level field with an error, and its first error as one short line; errors of
    the answer as a whole are under ``""``."""
    out: dict[str, str] = {}
    for error in exc.errors():
        out.setdefault(str(error["loc"][0]) if error["loc"] else "", error_line(error))
    return out


def prose_value(field: str, value: Any) -> Any:
    """A failed prose field's own text, tidied (spaces), or None when it is not of the field's
    shape (a sentence for ``tldr`` and ``problem``, a list of phrases for ``keywords``)."""
    if field == "keywords":
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return [" ".join(v.split()) for v in value if v.strip()][:10]
        return None
    if isinstance(value, str):
        return cut(" ".join(value.split()), 1000) or None
    return None


@lru_cache(maxsize=256)
def lenient_model(model: type[BaseModel], fields: frozenset[str]) -> type[BaseModel]:
    """``model`` with ``fields`` optional and unchecked: left out, they are None and their
    validators do not run (pydantic does not validate defaults)."""
    overrides: dict[str, Any] = {name: (Any, None) for name in sorted(fields)}
    return create_model(f"{model.__name__}Partial", __base__=model, **overrides)


def partial_error(answer: PartialAnswer, attempts: int) -> dict[str, Any]:
    """The ``error`` of a partial record."""
    names = ", ".join(answer.failed)
    first = next(iter(answer.failed.values()))
    return {
        "type": PARTIAL,
        "message": cut(
            f"{names} did not validate after {attempts} attempt"
            f"{'' if attempts == 1 else 's'} ({first}); the other fields are kept",
            300,
        ),
        "fields": [{"field": name, "reason": reason} for name, reason in answer.failed.items()],
    }
