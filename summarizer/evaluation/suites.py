"""Evaluation suites: gold records and public datasets, loaded into one item shape.

Every loader returns a list of :class:`EvalItem`. ``fields`` names the fields the suite has
gold for, so the harness scores only those (grounding needs no gold and is always scored).

- Hand-labelled gold JSONL (``evals/gold/dev.jsonl``, ``test.jsonl``) in the annotation
  guide's record format: every guide field.
- SciTLDR, abstract-only setting (Cachola et al., 2020): ``tldr`` only, with all of a paper's
  TL;DRs as references (ROUGE keeps the best-matching one).
- SciERC (Luan et al., 2018), DyGIE JSON lines: entity mentions mapped onto summary fields.
  SciERC labels *every* mention, not what the paper introduces, so its ``introduces`` gold is
  "Method mentions" and its ``datasets`` gold is "Material mentions" (often generic phrases
  such as "image sequence"). Predicted ``introduces`` are scored as method mentions: expect
  low recall by design; the numbers compare systems with each other, not with the guide.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..text import paper_id
from .scorers import SCORED_FIELDS, item_key

# SciERC entity type -> the gold field its mentions stand for.
SCIERC_FIELDS = {
    "Method": "introduces",
    "Task": "tasks",
    "Material": "datasets",
    "Metric": "metrics",
}
#: The hand-labelled parts, by name: ``dev`` to tune on; ``test`` and ``blind`` to report on
#: (``blind`` is scored only when a piece of work ends, and never tuned on).
GOLD_SUITES = ("dev", "test", "blind")
_SUITE_FORMS = (
    "'dev', 'test' or 'blind' (evals/gold/<name>.jsonl), 'scitldr:PATH', 'scierc:PATH', "
    "or a path to a gold .jsonl file"
)


@dataclass(frozen=True)
class EvalItem:
    """One abstract to summarize and the gold to score the summary against.

    Attributes:
        id: The guide's paper id (sha256 of the whitespace-normalized abstract, 16 hex),
            the same id the pipeline gives the abstract, so predictions join on it.
        abstract: The abstract text given to the summarizer.
        title: The paper title when the suite has one.
        gold: Gold values, keyed by field.
        accept: Further accepted answers (the guide's ``accept`` object).
        fields: The fields this suite has gold for.
        references: Reference texts per text field (several for SciTLDR).
        source_id: The dataset's own id (OpenReview id, SciERC doc_key), when it has one.
    """

    id: str
    abstract: str
    title: str | None
    gold: dict[str, Any]
    accept: dict[str, Any]
    fields: tuple[str, ...]
    references: dict[str, list[str]]
    source_id: str | None = None


@dataclass(frozen=True)
class PublishedScore:
    """A published number to print beside ours (values as fractions, like ours)."""

    field: str
    metric: str
    value: float
    system: str
    split: str
    source: str


def _json_lines(path: Path, what: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, object)`` for each non-blank line of a JSON-lines file."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError as exc:
        raise InputError(f"cannot read {what} file {path}: {exc.strerror or exc}") from exc
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{path}:{lineno}: invalid JSON ({exc.msg}); each line must be one JSON object"
            ) from exc
        except (ValueError, RecursionError) as exc:  # nested too deep, or a huge number
            raise InputError(
                f"{path}:{lineno}: cannot be read as JSON (nested too deeply or a number too "
                "long); each line must be one JSON object"
            ) from exc
        if not isinstance(obj, dict):
            raise InputError(f"{path}:{lineno}: expected a JSON object, got {type(obj).__name__}")
        yield lineno, obj


def _need(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is str and not value.strip()):
        raise InputError(f"{where}: {key!r} is missing or not a {kind.__name__}; fix the record")
    return value


def load_gold(path: str | Path) -> list[EvalItem]:
    """Load hand-labelled gold records (the annotation guide's JSONL format).

    Args:
        path: The gold ``.jsonl`` file.

    Returns:
        One item per record; ``fields`` are the scored guide fields present in its gold.

    Raises:
        InputError: naming the line, when a line is not a JSON object with a non-empty
            ``abstract`` and a ``gold`` object, or an id repeats. ``evals/check_gold.py``
            checks the records in full.
    """
    path = Path(path)
    items: list[EvalItem] = []
    seen: dict[str, int] = {}
    for lineno, rec in _json_lines(path, "gold"):
        where = f"{path}:{lineno}"
        abstract = _need(rec, "abstract", str, where)
        gold = _need(rec, "gold", dict, where)
        accept = {} if rec.get("accept") is None else rec["accept"]
        if not isinstance(accept, dict):
            raise InputError(f"{where}: 'accept' must be an object; fix the record")
        rid = rec.get("id") or paper_id(abstract)
        if rid in seen:
            raise InputError(f"{where}: duplicate id {rid!r} (first on line {seen[rid]})")
        seen[rid] = lineno
        refs = {f: [gold[f]] for f in ("tldr", "problem") if isinstance(gold.get(f), str)}
        items.append(
            EvalItem(
                id=rid,
                abstract=abstract,
                title=rec.get("title"),
                gold=gold,
                accept=accept,
                fields=tuple(f for f in SCORED_FIELDS if f in gold),
                references=refs,
                source_id=rec.get("source"),
            )
        )
    return items


def load_scitldr(path: str | Path) -> list[EvalItem]:
    """Load SciTLDR's abstract-only split (``SciTLDR-A/{train,dev,test}.jsonl``).

    The abstract is the ``source`` sentences joined with spaces; every ``target`` is a
    ``tldr`` reference (the author's first), and ``gold["tldr"]`` is the author's.

    Raises:
        InputError: naming the line, when a line lacks ``source`` or ``target``.
    """
    path = Path(path)
    items = []
    for lineno, rec in _json_lines(path, "SciTLDR"):
        where = f"{path}:{lineno}"
        source = _need(rec, "source", list, where)
        targets = [t.strip() for t in _need(rec, "target", list, where) if isinstance(t, str)]
        targets = [t for t in targets if t]
        abstract = " ".join(s.strip() for s in source if isinstance(s, str) and s.strip())
        if not abstract or not targets:
            raise InputError(f"{where}: empty 'source' or 'target'; is this a SciTLDR-A file?")
        items.append(
            EvalItem(
                id=paper_id(abstract),
                abstract=abstract,
                title=rec.get("title"),
                gold={"tldr": targets[0]},
                accept={},
                fields=("tldr",),
                references={"tldr": targets},
                source_id=rec.get("paper_id"),
            )
        )
    return items


# PTB escapes that the SciERC tokens use for brackets and quotes.
_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
_PTB.update({"``": '"', "''": '"'})
_NO_SPACE_BEFORE = {",", ".", ";", ":", ")", "]", "}", "%", "'s", "n't", "?", "!"}
_NO_SPACE_AFTER = {"(", "[", "{"}


def detokenize(tokens: list[str]) -> str:
    """Join tokens into readable text: no space before ``, . ; : )`` nor after ``(``.

    Light on purpose: mention strings are detokenized the same way, so every entity stays a
    substring of the abstract, which is what grounding checks.
    """
    out: list[str] = []
    for raw in tokens:
        tok = _PTB.get(raw, raw)
        if out and tok not in _NO_SPACE_BEFORE and out[-1] not in _NO_SPACE_AFTER:
            out.append(" ")
        out.append(tok)
    return "".join(out)


def load_scierc(path: str | Path) -> list[EvalItem]:
    """Load SciERC in the DyGIE JSON-lines format (``{train,dev,test}.json``).

    ``ner`` spans are ``[start, end, type]`` with document-level, end-inclusive token
    indices. Method mentions become gold ``introduces``, Task ``tasks``, Material
    ``datasets`` and Metric ``metrics`` (scored against predicted ``results[].metric``);
    other types are ignored. Mentions are deduplicated by the scorers' item key.

    Raises:
        InputError: naming the line, when a line lacks ``sentences`` or a span is out of range.
    """
    path = Path(path)
    items = []
    for lineno, rec in _json_lines(path, "SciERC"):
        where = f"{path}:{lineno}"
        tokens = [t for sent in _need(rec, "sentences", list, where) for t in sent]
        abstract = detokenize(tokens)
        found: dict[str, dict[str, str]] = {f: {} for f in SCIERC_FIELDS.values()}
        for sent in rec.get("ner") or []:
            for span in sent:
                try:
                    start, end, kind = span
                    inside = 0 <= start <= end < len(tokens)
                except (TypeError, ValueError):
                    inside = False
                if not inside:
                    raise InputError(f"{where}: entity span {span} is outside the document")
                if kind in SCIERC_FIELDS:
                    text = detokenize(tokens[start : end + 1])
                    found[SCIERC_FIELDS[kind]].setdefault(item_key(text), text)
        gold = {f: list(mentions.values()) for f, mentions in found.items()}
        items.append(
            EvalItem(
                id=paper_id(abstract),
                abstract=abstract,
                title=None,
                gold=gold,
                accept={},
                fields=tuple(gold),
                references={},
                source_id=rec.get("doc_key"),
            )
        )
    return items


#: The setting that points the ``dev`` and ``test`` suites at a gold folder of one's own.
GOLD_DIR_ENV = "SUMMARIZER_GOLD_DIR"


def gold_dirs(gold_dir: str | Path | None = None) -> list[Path]:
    """Where the ``dev`` and ``test`` suites are looked for, first match wins.

    Args:
        gold_dir: A folder holding ``dev.jsonl`` and ``test.jsonl``. Default: the
            ``SUMMARIZER_GOLD_DIR`` variable; without either, ``evals/gold`` of the source
            checkout this package runs from and of the working directory (an installed
            wheel has no checkout, so it finds them only from the repository root).
    """
    chosen = gold_dir or os.environ.get(GOLD_DIR_ENV)
    if chosen:
        return [Path(chosen).expanduser()]
    checkout = Path(__file__).resolve().parents[2] / "evals" / "gold"
    return list(dict.fromkeys([checkout, Path.cwd() / "evals" / "gold"]))


def load_suite(name_or_path: str | Path, gold_dir: str | Path | None = None) -> list[EvalItem]:
    """Load a suite by name or path.

    Args:
        name_or_path: ``dev``, ``test`` or ``blind`` (``<gold folder>/<name>.jsonl``, see
            :func:`gold_dirs`), ``scitldr:PATH``, ``scierc:PATH``, or a path to a gold
            ``.jsonl`` file.
        gold_dir: The gold folder for ``dev`` and ``test`` (see :func:`gold_dirs`).

    Returns:
        The suite's items.

    Raises:
        InputError: for an unknown form or a missing file, saying what is accepted.
    """
    spec = str(name_or_path)
    kind, sep, rest = spec.partition(":")
    loaders = {"scitldr": load_scitldr, "scierc": load_scierc}
    if sep and kind in loaders:
        path = Path(rest).expanduser()
        if not path.is_file():
            raise InputError(f"{kind} file not found: {path}; give the path to the data file")
        return loaders[kind](path)
    if spec in GOLD_SUITES:
        tried = [d / f"{spec}.jsonl" for d in gold_dirs(gold_dir)]
        for path in tried:
            if path.is_file():
                return load_gold(path)
        looked = ", ".join(str(p) for p in tried)
        raise InputError(
            f"no gold file for suite {spec!r} (looked in {looked}); run from the repository "
            f"root, set {GOLD_DIR_ENV} to a folder with {spec}.jsonl, or pass the path to a "
            "gold .jsonl file"
        )
    path = Path(spec).expanduser()
    if path.suffix == ".jsonl":
        if not path.is_file():
            raise InputError(f"gold file not found: {path}; check the path")
        return load_gold(path)
    raise InputError(f"unknown suite {spec!r}; use {_SUITE_FORMS}")


def published_reference(suite: str | Path) -> list[PublishedScore]:
    """Published numbers for a suite, to print beside ours (empty when none are known).

    SciTLDR's number is on its test split with the "max over references" ROUGE; on its
    dev split ours is indicative, not a like-for-like comparison.
    """
    if str(suite).partition(":")[0] == "scitldr":
        return [
            PublishedScore(
                field="tldr",
                metric="rouge1",
                value=0.438,
                system="CATTS",
                split="SciTLDR-A test",
                source="Cachola et al., Findings of EMNLP 2020",
            )
        ]
    return []
