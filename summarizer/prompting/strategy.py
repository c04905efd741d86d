"""How one abstract becomes a request, and how the answer becomes a summary.

A prompt's ``strategy`` picks one of these:

- :class:`CandidatePlan` (``candidates``): the response model is built for this
  abstract, so ``introduces`` and ``datasets`` can only hold names that code found in
  it (an enum: with a grammar-capable engine a hallucinated name cannot be decoded).
  ``results`` and ``code_url`` come from code (see :mod:`summarizer.rules`).
- ``cues``: as ``candidates``, but code also decides ``introduces``, ``datasets``,
  ``domain``, ``contribution_types`` and ``tasks`` from the abstract's wording (see
  :mod:`summarizer.rules.cues`); the model writes only ``tldr``, ``problem`` and ``keywords``
  (with the prompt's ``keywords = "code"``, code chooses those too:
  :func:`summarizer.rules.keywords.choose_keywords`, and the answer is tldr and problem).
  With the prompt's ``bind_metrics``, the model also chooses the ``metric`` of each number
  the rules are not sure of (:func:`unsure_metric`) among the phrases of its sentence, in
  the same answer (``metrics``, an enum per number: :func:`bound_model`).
- ``free``: the model fills the whole schema; grounding runs in validation and
  instructor re-asks on a miss.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from ..io.inputs import Paper
from ..rules import (
    Analysis,
    Candidates,
    classify_contributions,
    classify_domain,
    classify_names,
    find_candidates,
    find_numbers,
    find_tasks,
    with_scored,
)
from ..rules.keywords import choose_keywords
from ..rules.known_datasets import a_kind_of_data
from ..rules.metrics import metric_phrases
from ..rules.numbers import Number
from ..rules.short_forms import written_after
from ..rules.tags import tagged
from ..schemas.paper_summary import PaperSummary, Result, SummaryChecks, keyword_problem
from ..schemas.prose import writes_east_asian
from ..schemas.prose_bounds import TEXT_BOUNDS, end_cleanly, text_patterns
from .templates import Prompt

CODE_FIELDS = ("results", "code_url")
# Fields the model writes under the candidates strategy: all the others.
MODEL_FIELDS = tuple(f for f in PaperSummary.model_fields if f not in CODE_FIELDS)
# Fields the model writes under the cues strategy; the rest come from code.
TEXT_FIELDS = ("tldr", "problem", "keywords")
# The same when code chooses the keywords.
PROSE_FIELDS = ("tldr", "problem")
MAX_INTRODUCES = 3
MAX_DATASETS = 6


def _names_type(names: tuple[str, ...], limit: int, description: str) -> tuple[Any, Any]:
    if not names:
        return list[str], Field(max_length=0, description=description)
    return (
        list[Literal[names]],  # type: ignore[valid-type]
        Field(max_length=min(limit, len(names)), description=description),
    )


def _required(info: FieldInfo) -> FieldInfo:
    # Every answer field is required, so that a grammar makes the model write each one.
    info = copy.copy(info)
    info.default = PydanticUndefined
    info.default_factory = None
    return info


def text_model(keywords: bool = True, east_asian: bool = True) -> type[BaseModel]:
    """The response model of the cues strategy: the free-text fields only
    (:data:`TEXT_FIELDS`, or :data:`PROSE_FIELDS` without ``keywords``); one class each.

    ``east_asian=False`` (an abstract that writes no Han, kana or Hangul) keeps those letters
    out of the prose by the grammar (:func:`~summarizer.schemas.prose_bounds.text_patterns`).
    """
    return _text_model(bool(keywords), bool(east_asian))


@lru_cache(maxsize=4)
def _text_model(keywords: bool, east_asian: bool) -> type[BaseModel]:
    fields = PaperSummary.model_fields
    patterns = text_patterns(east_asian)
    spec: dict[str, Any] = {}
    for name in TEXT_FIELDS if keywords else PROSE_FIELDS:
        info = _required(fields[name])
        if name in patterns:
            # Only in the schema sent to the engine: validation keeps the guide's rules.
            info.json_schema_extra = {"pattern": patterns[name]}
        spec[name] = (fields[name].annotation, info)
    return create_model("TextAnswer" if keywords else "ProseAnswer", __base__=SummaryChecks, **spec)


def prompt_text_model(prompt: Prompt, abstract: str = "") -> type[BaseModel]:
    """The cues answer ``prompt`` asks for about ``abstract``: with ``keywords`` unless code
    chooses them, and with East Asian letters only where the abstract writes some."""
    return text_model(prompt.spec.keywords == "model", writes_east_asian(abstract))


#: The answer that leaves a number's metric to the rules.
NO_METRIC = "none"


def unsure_metric(number: Number) -> bool:
    """Whether the rules are not sure what ``number`` measures: they found no metric."""
    return number.metric is None


@lru_cache(maxsize=1024)
def bound_model(options: tuple[tuple[str, ...], ...], base: type[BaseModel]) -> type[BaseModel]:
    """The cues answer ``base`` (a :func:`text_model`) with ``metrics``: for value ``vK``, one
    of ``options[K-1]``."""
    metrics = create_model(
        "Metrics",
        **{f"v{k}": (Literal[choices], ...) for k, choices in enumerate(options, 1)},  # type: ignore[valid-type]
    )
    info = Field(
        description="For each value listed: the words of its sentence that say what it "
        f"measures, or {NO_METRIC}."
    )
    return create_model("BoundAnswer", __base__=base, metrics=(metrics, info))


@lru_cache(maxsize=1024)
def answer_model(names: tuple[str, ...]) -> type[BaseModel]:
    """The response model for an abstract whose candidate names are ``names``."""
    fields = PaperSummary.model_fields
    spec: dict[str, Any] = {}
    for name in MODEL_FIELDS:
        info = fields[name]
        if name == "introduces":
            spec[name] = _names_type(names, MAX_INTRODUCES, info.description or "")
        elif name == "datasets":
            spec[name] = _names_type(names, MAX_DATASETS, info.description or "")
        else:
            spec[name] = (info.annotation, _required(info))
    return create_model("Answer", __base__=SummaryChecks, **spec)


@dataclass
class Plan:
    """Everything needed to ask about one abstract, and to finish the answer."""

    messages: list[dict[str, Any]]
    response_model: type[BaseModel]
    candidates: Candidates | None
    decided: dict[str, Any] | None = None
    #: The value key (``v1``, ...) the answer gives each number's metric under, by the
    #: number's place in ``candidates.numbers``.
    bound: dict[int, str] | None = None

    def finish(self, parsed: BaseModel) -> dict[str, Any]:
        """The summary fields, before the final validation against the schema."""
        data = parsed.model_dump()
        chosen = data.pop("metrics", None) if self.bound else None
        if self.decided is not None:  # the cues strategy: the model wrote prose only
            for name in TEXT_BOUNDS:
                if isinstance(data.get(name), str):
                    data[name] = end_cleanly(name, data[name])
        if self.decided:
            data.update(self.decided)
        if self.candidates is not None:
            data["results"] = [
                Result(value=n.value, metric=self._metric(i, n, chosen), subject=n.subject,
                       kind=n.kind).model_dump()  # type: ignore[arg-type]
                for i, n in enumerate(self.candidates.numbers)
            ]  # fmt: skip
            data["code_url"] = self.candidates.code_url
        return data

    def _metric(self, place: int, number: Number, chosen: dict[str, Any] | None) -> str | None:
        key = (self.bound or {}).get(place)
        if number.metric is not None or key is None or not isinstance(chosen, dict):
            return number.metric
        pick = chosen.get(key)
        return pick if isinstance(pick, str) and pick != NO_METRIC else None


def _variables(
    abstract: str,
    title: str | None,
    cands: Candidates | None,
    unbound: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    return {
        "abstract": abstract,
        "title": title or "",
        "names": cands.names if cands else [],
        "numbers": [n.value for n in cands.numbers] if cands else [],
        "urls": cands.urls if cands else [],
        "unbound": unbound or [],
    }


def _unbound(
    analysis: Analysis, numbers: list[Number]
) -> tuple[list[dict[str, str]], dict[int, str], tuple[tuple[str, ...], ...]]:
    """The numbers whose metric the model chooses: their template variables (``key``,
    ``value``, ``sentence``), their keys by place, and each one's choices."""
    listed: list[dict[str, str]] = []
    keys: dict[int, str] = {}
    options: list[tuple[str, ...]] = []
    for place, number in enumerate(numbers):
        if not unsure_metric(number):
            continue
        sentence = analysis.sentence_at(number.start)
        text = sentence.text if sentence is not None else number.value
        key = f"v{len(listed) + 1}"
        listed.append({"key": key, "value": number.value, "sentence": text})
        keys[place] = key
        options.append((NO_METRIC, *metric_phrases(text)))
    return listed, keys, tuple(options)


def _example_variables(prompt: Prompt, with_candidates: bool) -> list[tuple[dict, Any]]:
    """The few-shot examples' template variables: the same for every abstract, found once
    per prompt."""
    key = (id(prompt), with_candidates)
    held = _EXAMPLES.get(key)
    if held is None or held[0] is not prompt:
        variables = [
            (
                _variables(
                    e.abstract, None, find_candidates(e.abstract) if with_candidates else None
                ),
                e.answer,
            )
            for e in prompt.spec.examples
        ]
        held = _EXAMPLES[key] = (prompt, variables)
    return held[1]


# Per prompt object (kept alive here, so its id is not reused): a prompt loaded anew, an
# edited file say, gets its own entry.
_EXAMPLES: dict[tuple[int, bool], tuple[Prompt, list[tuple[dict, Any]]]] = {}


def _only_spelled(name: str, spelled: list[str], text: str) -> bool:
    """True when every time ``text`` writes ``name`` it writes one of ``spelled`` (the
    datasets as written with their releases) that starts with it."""
    longer = [d for d in spelled if d.startswith(name)]
    return bool(longer) and text.count(name) == sum(text.count(d) for d in longer)


def plan(paper: Paper, prompt: Prompt, schema: type[BaseModel]) -> Plan:
    """Render the prompt and build the response model for one paper."""
    spec = prompt.spec
    if spec.strategy == "cues":
        # One analysis of the abstract, read by every rule below.
        analysis = Analysis(paper.abstract)
        # Every sentence tagged once, in one batch, before any rule asks for a parse: the
        # parses reuse the tagging, and the learned scorers read its tags.
        tagged(analysis)
        cands = find_candidates(analysis, with_numbers=False)
        introduces, datasets, calls = classify_names(analysis, cands.names)
        # Results once the paper's own names and its datasets are known (their subjects). A
        # kind of data the wording reads as data is no subject either ("four public HSI
        # datasets", "Japanese benchmarks"), nor a dataset's name that the abstract only ever
        # writes with its release ("Terminal-Bench" of "Terminal-Bench 2.0"), nor the long form
        # after the short one of data the paper makes ("VERI (Visual Emergency Recognition
        # Dataset)": its counts are VERI's).
        defined, text = analysis.abbreviations, analysis.text
        spelled = [d for d in datasets if d not in cands.names]
        read_as_data = datasets + [
            c.name
            for c in calls
            if c.label == "dataset"
            and (
                a_kind_of_data(c.name, defined)
                or _only_spelled(c.name, spelled, text)
                or written_after(c.name, introduces, text)
            )
        ]
        cands.numbers = find_numbers(analysis, cands.names, read_as_data, introduces)
        decided: dict[str, Any] = {
            "introduces": introduces,
            "datasets": datasets,
            "domain": classify_domain(analysis),
            "contribution_types": classify_contributions(analysis, introduces),
            "tasks": with_scored(analysis, rule_tasks := find_tasks(analysis)),
        }
        if spec.keywords == "code":
            decided["keywords"] = choose_keywords(
                analysis,
                names=cands.names,
                tasks=rule_tasks,  # the phrases the rules read, not the scorer's guesses
                refused=lambda phrase: keyword_problem(phrase, paper.abstract) is not None,
            )
        examples = _example_variables(prompt, with_candidates=True)
        listed, keys, options = (
            _unbound(analysis, cands.numbers) if spec.bind_metrics else ([], {}, ())
        )
        variables = _variables(paper.abstract, paper.title, cands, listed)
        messages = prompt.render(variables, examples)
        answer = prompt_text_model(prompt, paper.abstract)
        if not listed:
            return Plan(messages, answer, cands, decided)
        return Plan(messages, bound_model(options, answer), cands, decided, keys)
    if spec.strategy == "candidates":
        cands = find_candidates(Analysis(paper.abstract))
        examples = _example_variables(prompt, with_candidates=True)
        messages = prompt.render(_variables(paper.abstract, paper.title, cands), examples)
        return Plan(messages, answer_model(tuple(cands.names)), cands)
    examples = _example_variables(prompt, with_candidates=False)
    messages = prompt.render(_variables(paper.abstract, paper.title, None), examples)
    return Plan(messages, schema, None)
