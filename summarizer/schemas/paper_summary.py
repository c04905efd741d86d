"""``PaperSummary`` v1: the structured summary of one abstract.

The fields, types and limits follow the annotation guide (shared contract). Verbatim
fields (``introduces``, ``datasets``, ``results[].value``, ``code_url``) are grounded while
validating: pass the abstract as validation context (``context={"abstract": ...}``) and an
item that is not in the abstract is a validation error whose message tells the model what
to fix, so instructor re-asks. With ``"drop": True`` in the context such items are removed
instead, and recorded in ``context["dropped"]``. With ``"repair": True``, a free-text
field written as several sentences keeps its first sentence instead of failing.

The prose the model writes (``tldr``, ``problem``, ``keywords``) is refused, with a re-ask
message, when it is degenerate (:mod:`summarizer.schemas.prose`): letters of a script the abstract
does not use, a phrase repeated in a loop, a sentence that stops inside a clause or a word.

User schemas can reuse :data:`VerbatimList` and :data:`VerbatimStr` to get the same
grounding on their own fields.
"""

from __future__ import annotations

import re
from collections import Counter
from contextvars import ContextVar
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from ..records import SPAN_LISTS, SPAN_ONE
from ..text import sentences, words
from . import prose
from .grounding import find_span, is_grounded, normalize
from .prose_bounds import authors_voice, end_cleanly

SCHEMA_NAME = "paper_summary"
SCHEMA_VERSION = 1
SCHEMA_ID = f"{SCHEMA_NAME}.v{SCHEMA_VERSION}"

ContributionType = Literal[
    "method", "dataset", "benchmark", "theory", "empirical_study", "survey", "system"
]
Domain = Literal[
    "computer_vision",
    "natural_language",
    "multimodal",
    "speech_audio",
    "healthcare",
    "robotics_rl",
    "graphs",
    "ml_theory",
    "general_ml",
    "other",
]
CONTRIBUTION_TYPES: tuple[str, ...] = ContributionType.__args__  # type: ignore[attr-defined]
DOMAINS: tuple[str, ...] = Domain.__args__  # type: ignore[attr-defined]

TLDR_MAX_WORDS = 40
_TRAILING_PUNCT = ".,;:)]}>\"'"
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):(?!\d)")


# The validation context of the answer being validated, for callers that cannot pass it to
# pydantic directly: instructor renders every message as a Jinja template with the
# ``context`` it is given, which would rewrite an abstract holding "{{ ... }}".
validation_context: ContextVar[dict[str, Any] | None] = ContextVar(
    "summarizer_validation_context", default=None
)


def _context_of(info: ValidationInfo) -> dict[str, Any] | None:
    ctx = info.context if info.context is not None else validation_context.get()
    return ctx if isinstance(ctx, dict) else None


def _context(info: ValidationInfo) -> dict[str, Any] | None:
    ctx = _context_of(info)
    if ctx is not None and isinstance(ctx.get("abstract"), str):
        return ctx
    return None


def _grounded_keywords(value: list[str], ctx: dict[str, Any]) -> list[str]:
    """The keywords found in the abstract (the guide: each is checked for grounding). The
    others are dropped and recorded while at least three are left; below that, they are a
    re-ask that names them."""
    missing = [phrase for phrase in value if not is_grounded(phrase, ctx["abstract"])]
    if not missing:
        return value
    kept = [phrase for phrase in value if phrase not in missing]
    if len(kept) >= 3 or ctx.get("drop"):
        ctx.setdefault("dropped", []).extend({"field": "keywords", "item": i} for i in missing)
        return kept
    quoted = ", ".join(repr(i) for i in missing)
    verb = "is" if len(missing) == 1 else "are"
    raise ValueError(
        f"{quoted} {verb} not in the abstract; keywords must be key phrases copied from the "
        "abstract"
    )


def _missing(field: str, items: list[str], ctx: dict[str, Any]) -> None:
    """Raise a re-ask message for ungrounded items, or record them when dropping."""
    if ctx.get("drop"):
        ctx.setdefault("dropped", []).extend({"field": field, "item": i} for i in items)
        return
    quoted = ", ".join(repr(i) for i in items)
    verb = "is" if len(items) == 1 else "are"
    raise ValueError(
        f"{quoted} {verb} not in the abstract; {field} must copy text exactly as written "
        "in the abstract, or leave the item out"
    )


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for item in items:
        key = normalize(item)
        if key and key not in seen:
            seen.add(key)
            out.append(item.strip())
    return out


def _ground_list(value: list[str], info: ValidationInfo) -> list[str]:
    value = _dedupe(value)
    ctx = _context(info)
    if ctx is None:
        return value
    abstract = ctx["abstract"]
    found = {v: find_span(v, abstract) for v in value}
    missing = [v for v, span in found.items() if span is None]
    if missing:
        _missing(info.field_name or "this field", missing, ctx)
    # Keep each item in the abstract's own spelling.
    return [abstract[span[0] : span[1]] for span in found.values() if span is not None]


def _ground_str(value: str | None, info: ValidationInfo) -> str | None:
    ctx = _context(info)
    if value is None or ctx is None:
        return value
    span = find_span(value, ctx["abstract"])
    if span is not None:
        return ctx["abstract"][span[0] : span[1]]
    _missing(info.field_name or "this field", [value], ctx)
    return None


def _refuse(message: str | None) -> None:
    if message:
        raise ValueError(message)


def _as_kept(field: str, text: str) -> str:
    """The sentence as the summary will keep it: a grammar cuts a sentence at its length
    bound, and the plan ends it at a whole clause (``prose_bounds.end_cleanly``), so a word cut
    there is not the model's to fix."""

    return end_cleanly(field, text)


def keyword_problem(phrase: str, abstract: str | None = None) -> str | None:
    """Why a summary refuses ``phrase`` as a keyword, or None: it is in another script than
    the abstract, or it writes a word or phrase twice in a row ("neural network network")."""
    if abstract is not None:
        message = prose.foreign_script("keywords", phrase, abstract)
        if message is not None:
            return message
    return prose.repeated_phrase("keywords", phrase)


VerbatimList = Annotated[list[str], AfterValidator(_ground_list)]
"""A list of strings that must each occur in the abstract (grounded when validating)."""

VerbatimStr = Annotated[str | None, AfterValidator(_ground_str)]
"""An optional string that must occur in the abstract (grounded when validating)."""


class Result(BaseModel):
    """One quantitative claim of the abstract: one number."""

    model_config = ConfigDict(extra="forbid")

    value: str = Field(
        description="The number exactly as written in the abstract, with its unit or sign "
        "(e.g. '45.82%', '>90%', '1.01B'). Leave out words such as 'over' or 'about'."
    )
    metric: str | None = Field(
        default=None, description="What is measured, in the abstract's words; null if unsaid."
    )
    subject: str | None = Field(
        default=None, description="The model or method the number belongs to; null if unsaid."
    )
    kind: Literal["absolute", "improvement"] = Field(
        default="absolute",
        description="'improvement' for a gain or reduction, 'absolute' for a score or count.",
    )

    @field_validator("value")
    @classmethod
    def _has_digit(cls, value: str) -> str:
        value = value.strip()
        if not re.search(r"\d", value):
            raise ValueError(f"result value {value!r} has no digits; give the number as written")
        return value


class SummaryChecks(BaseModel):
    """The guide's checks on the free-text and label fields, shared by every summary model."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("contribution_types", check_fields=False)
    @classmethod
    def _unique_types(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(value))

    @field_validator("tasks", "keywords", check_fields=False)
    @classmethod
    def _unique_phrases(cls, value: list[str], info: ValidationInfo) -> list[str]:
        value = _dedupe(value)
        if info.field_name == "keywords":
            ctx = _context(info)
            for phrase in value:
                _refuse(keyword_problem(phrase, ctx["abstract"] if ctx is not None else None))
            if ctx is not None:
                value = _grounded_keywords(value, ctx)
            if len(value) < 3:
                raise ValueError("keywords needs 3 to 6 different phrases")
        return value

    @field_validator("code_url", mode="before", check_fields=False)
    @classmethod
    def _clean_url(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        value = value.strip()
        scheme = _SCHEME.match(value)
        if scheme and scheme.group(1).lower() not in {"http", "https"}:
            raise ValueError(f"code_url {value!r} must be an http or https URL")
        value = value.rstrip(_TRAILING_PUNCT)
        if not value or value.lower() in {"null", "none", "n/a"}:
            return None
        return value

    @field_validator("tldr", "problem", check_fields=False)
    @classmethod
    def _one_sentence(cls, value: str, info: ValidationInfo) -> str:
        value = " ".join(value.split())
        field = info.field_name or "this field"
        if not value:
            raise ValueError(f"{field} is empty; write one sentence")
        ctx = _context(info)
        abstract = ctx["abstract"] if ctx is not None else None
        if abstract is not None:
            _refuse(prose.foreign_script(field, value, abstract))
        parts = sentences(value)
        if len(parts) > 1:
            ctx = _context_of(info) or {}
            if not ctx.get("repair"):
                raise ValueError(f"{info.field_name} must be exactly one sentence")
            value = parts[0]
        if info.field_name == "tldr":
            n = len(value.split())
            if n > TLDR_MAX_WORDS:
                raise ValueError(f"tldr has {n} words; write one sentence of at most 40 words")
            ctx = _context(info)
            # What the record keeps may copy where the whole sentence did not: the bound
            # cuts a long sentence back to its first clause.
            if ctx is not None and any(
                copies_abstract(text, ctx["abstract"]) for text in {value, _as_kept("tldr", value)}
            ):
                raise ValueError(
                    "tldr copies a sentence of the abstract; summarize in your own words"
                )
            voice = authors_voice(value)
            if voice:
                raise ValueError(
                    f"tldr opens with {voice!r}, the authors' voice; write it as the "
                    "summarizer: open with what the paper does, e.g. 'This paper shows ...'"
                )
        _refuse(prose.repeated_phrase(field, value))
        _refuse(prose.cut_end(field, _as_kept(field, value), abstract))
        return value


class PaperSummary(SummaryChecks):
    """Structured summary of one scientific abstract (schema ``paper_summary.v1``)."""

    tldr: str = Field(
        max_length=400,
        description="One sentence of at most 40 words in your own words: what the paper "
        "contributes and its key finding. Not a copy of a sentence of the abstract.",
    )
    problem: str = Field(
        max_length=400, description="One sentence: the problem or gap the paper addresses."
    )
    contribution_types: list[ContributionType] = Field(
        min_length=1, max_length=3, description="1 to 3 contribution types, most important first."
    )
    introduces: VerbatimList = Field(
        default_factory=list,
        description="Names of artifacts this paper itself introduces (methods, models, "
        "datasets, benchmarks, metrics), exactly as written. Short name for an acronym.",
    )
    datasets: VerbatimList = Field(
        default_factory=list,
        description="Named existing datasets or benchmarks the paper uses, exactly as written.",
    )
    tasks: list[str] = Field(
        default_factory=list, max_length=4, description="At most 4 ML tasks, short noun phrases."
    )
    results: list[Result] = Field(
        default_factory=list, description="Each number the abstract states, one item per number."
    )
    domain: Domain = Field(description="The primary area of the paper: one value.")
    code_url: VerbatimStr = Field(
        default=None, description="The first URL to code, data or a project page; null if none."
    )
    keywords: list[str] = Field(
        min_length=3, max_length=6, description="3 to 6 key phrases for search."
    )

    @model_validator(mode="after")
    def _ground_results(self, info: ValidationInfo) -> PaperSummary:
        ctx = _context(info)
        if ctx is None:
            return self
        abstract = ctx["abstract"]
        kept, missing = [], []
        for result in self.results:
            span = find_span(result.value, abstract)
            if span is None:
                missing.append(result.value)
            else:
                result.value = abstract[span[0] : span[1]]
                kept.append(result)
        if missing:
            _missing("results[].value", missing, ctx)
        self.results = kept
        return self


@lru_cache(maxsize=1024)
def copies_abstract(text: str, abstract: str, threshold: float = 0.8) -> bool:
    """True when ``text`` is (nearly) a sentence of ``abstract`` copied: at least
    ``threshold`` of its words are in the sentence and of the sentence's words in it."""
    mine = words(text)
    if not mine:
        return False
    normalized, sentence_words = _abstract_words(abstract)
    if normalize(text).rstrip(".") in normalized:
        return True
    counted = Counter(mine)
    for theirs in sentence_words:
        size = len(theirs)
        # Both shares can reach the threshold only for sentences of about the same length.
        if size + 1 < threshold * len(mine) or threshold * size > len(mine) + 1:
            continue
        common = sum((counted & Counter(theirs)).values())
        precision = common / len(mine)
        recall = common / size
        if precision >= threshold and recall >= threshold:
            return True
    return False


@lru_cache(maxsize=1024)
def _abstract_words(abstract: str) -> tuple[str, tuple[list[str], ...]]:
    """The normalized abstract, and the words of each of its sentences that has any."""
    split = (words(sentence) for sentence in sentences(abstract))
    return normalize(abstract), tuple(theirs for theirs in split if theirs)


def spans(summary: BaseModel, abstract: str) -> dict[str, Any]:
    """Character spans in ``abstract`` of every verbatim item of a PaperSummary."""
    out: dict[str, Any] = {}
    data = summary.model_dump()
    for field in SPAN_LISTS:
        if field in data:
            items = data[field]
            texts = [r["value"] for r in items] if field == "results" else items
            out[field] = [find_span(text, abstract) for text in texts]
    for field in SPAN_ONE:
        if data.get(field):
            out[field] = find_span(data[field], abstract)
    return out
