#!/usr/bin/env python3
"""Check hand-labelled gold records against the annotation guide.

Usage: python3 evals/check_gold.py evals/gold/dev.jsonl [evals/gold/test.jsonl ...]

Standalone on purpose (stdlib only, nothing imported from the package), so the gold set
can be checked before or without installing the project. The grounding normalization
mirrors ``summarizer/grounding.py`` and the guide: case, whitespace runs, hyphen (or dash)
versus space and LaTeX ``\\%`` versus ``%`` do not matter, and a match must sit on token
boundaries (``5%`` is not found inside ``45%``). Keep the two in step.

Prints one line per problem, ``ERROR`` or ``WARN``, with file, line, record id and field.
Exit status: 0 when there are no errors (warnings allowed), 1 otherwise, 2 on bad usage.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from typing import Any

TOP_REQUIRED = {"id", "abstract", "gold"}
TOP_OPTIONAL = {"accept", "notes", "source"}
GOLD_FIELDS = (
    "tldr",
    "problem",
    "contribution_types",
    "introduces",
    "datasets",
    "tasks",
    "results",
    "domain",
    "code_url",
    "keywords",
)
RESULT_FIELDS = {"value", "metric", "subject", "kind"}
CONTRIBUTION_TYPES = {
    "method",
    "dataset",
    "benchmark",
    "theory",
    "empirical_study",
    "survey",
    "system",
}
DOMAINS = {
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
}
RESULT_KINDS = {"absolute", "improvement"}
ACCEPT_KEYS = {"domain", "contribution_types", "introduces_extra"}
TLDR_MAX_WORDS = 40
TASKS_MAX = 4
KEYWORDS_MIN, KEYWORDS_MAX = 3, 6
CONTRIB_MIN, CONTRIB_MAX = 1, 3

_DASHES = "-\u2010\u2011\u2012\u2013\u2212"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "vs.", "cf.", "Fig.", "Eq.", "etc.")
_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:github|gitlab)\.io\S*")
_TRAILING_PUNCT = ".,;:!?"


def paper_id(abstract: str) -> str:
    """First 16 hex digits of sha256 of the whitespace-normalized abstract."""
    return hashlib.sha256(" ".join(abstract.split()).encode("utf-8")).hexdigest()[:16]


def normalize(text: str) -> str:
    """The guide's grounding normal form."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] == "%":
            i += 1
            ch = "%"
        if ch.isspace() or ch in _DASHES:
            if out and out[-1] != " ":
                out.append(" ")
            i += 1
            continue
        out.append(ch.lower())
        i += 1
    return "".join(out).strip()


def is_grounded(item: str, abstract: str) -> bool:
    """True when ``item`` occurs in ``abstract`` on token boundaries after normalization."""
    needle = normalize(item)
    if not needle:
        return False
    left = r"(?<![0-9a-z])" if needle[0].isalnum() else ""
    right = r"(?![0-9a-z])" if needle[-1].isalnum() else ""
    if needle[-1].isdigit():
        right = r"(?![0-9a-z]|[.,][0-9])"
    return re.search(left + re.escape(needle) + right, normalize(abstract)) is not None


def sentences(text: str) -> list[str]:
    protected = text
    for i, abbr in enumerate(_ABBREVIATIONS):
        protected = protected.replace(abbr, f"\x00{i}\x00")
    return [p for p in _SENTENCE_END.split(protected) if p.strip()]


class Report:
    def __init__(self) -> None:
        self.errors = 0
        self.warnings = 0

    def error(self, where: str, rid: str, field: str, msg: str) -> None:
        self.errors += 1
        print(f"ERROR {where} {rid} {field}: {msg}")

    def warn(self, where: str, rid: str, field: str, msg: str) -> None:
        self.warnings += 1
        print(f"WARN  {where} {rid} {field}: {msg}")


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _check_str_list(rep, where, rid, field, value, *, lo=0, hi=None) -> list[str]:
    if not _is_str_list(value):
        rep.error(where, rid, field, "must be a list of strings")
        return []
    if len(value) < lo or (hi is not None and len(value) > hi):
        bound = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        rep.error(where, rid, field, f"has {len(value)} items, needs {bound}")
    seen: set[str] = set()
    for item in value:
        if not item.strip():
            rep.error(where, rid, field, "empty item")
        elif item != item.strip():
            rep.error(where, rid, field, f"{item!r} has leading or trailing whitespace")
        key = normalize(item)
        if key in seen:
            rep.warn(where, rid, field, f"duplicate item {item!r}")
        seen.add(key)
    return value


def _check_sentence(rep, where, rid, field, value) -> None:
    if not isinstance(value, str) or not value.strip():
        rep.error(where, rid, field, "must be a non-empty string")
        return
    if len(sentences(value.strip())) != 1:
        rep.error(where, rid, field, "must be exactly one sentence")


def _check_grounded(rep, where, rid, field, items, abstract, *, warn_only=False) -> None:
    report = rep.warn if warn_only else rep.error
    for item in items:
        if item.strip() and not is_grounded(item, abstract):
            report(where, rid, field, f"{item!r} is not found in the abstract")


def _check_results(rep, where, rid, results, abstract) -> None:
    if not isinstance(results, list):
        rep.error(where, rid, "results", "must be a list")
        return
    for k, res in enumerate(results):
        field = f"results[{k}]"
        if not isinstance(res, dict):
            rep.error(where, rid, field, "must be an object")
            continue
        keys = set(res)
        if keys != RESULT_FIELDS:
            missing = sorted(RESULT_FIELDS - keys)
            extra = sorted(keys - RESULT_FIELDS)
            rep.error(where, rid, field, f"keys: missing {missing}, unexpected {extra}")
        value = res.get("value")
        if not isinstance(value, str) or not value.strip():
            rep.error(where, rid, f"{field}.value", "must be a non-empty string")
        else:
            if not re.search(r"[0-9]", value):
                rep.error(where, rid, f"{field}.value", f"{value!r} has no digits")
            if value != value.strip():
                rep.error(where, rid, f"{field}.value", f"{value!r} has surrounding whitespace")
            if not is_grounded(value, abstract):
                rep.error(where, rid, f"{field}.value", f"{value!r} is not found in the abstract")
        for name in ("metric", "subject"):
            if name in res and res[name] is not None:
                if not isinstance(res[name], str) or not res[name].strip():
                    rep.error(where, rid, f"{field}.{name}", "must be null or a non-empty string")
        if res.get("kind") not in RESULT_KINDS:
            rep.error(
                where, rid, f"{field}.kind", f"{res.get('kind')!r} not in {sorted(RESULT_KINDS)}"
            )
    values = [
        normalize(r["value"])
        for r in results
        if isinstance(r, dict) and isinstance(r.get("value"), str)
    ]
    for v in sorted({v for v in values if values.count(v) > 1}):
        rep.warn(where, rid, "results", f"value {v!r} appears more than once")


def _check_code_url(rep, where, rid, url, abstract) -> None:
    urls = [u.rstrip(_TRAILING_PUNCT) for u in _URL.findall(abstract)]
    if url is None:
        if urls:
            rep.warn(where, rid, "code_url", f"null, but the abstract has a URL: {urls[0]!r}")
        return
    if not isinstance(url, str) or not url.strip():
        rep.error(where, rid, "code_url", "must be null or a non-empty string")
        return
    if url[-1] in _TRAILING_PUNCT:
        rep.error(where, rid, "code_url", f"{url!r} ends with punctuation")
    if not is_grounded(url, abstract):
        rep.error(where, rid, "code_url", f"{url!r} is not found in the abstract")
    elif urls and not urls[0].startswith(url):
        rep.warn(where, rid, "code_url", f"{url!r} is not the first URL ({urls[0]!r})")


def _check_accept(rep, where, rid, accept, abstract) -> None:
    if not isinstance(accept, dict):
        rep.error(where, rid, "accept", "must be an object")
        return
    for key in sorted(set(accept) - ACCEPT_KEYS):
        rep.error(where, rid, f"accept.{key}", f"unknown key; allowed: {sorted(ACCEPT_KEYS)}")
    if "domain" in accept:
        doms = accept["domain"]
        if not _is_str_list(doms) or not doms:
            rep.error(where, rid, "accept.domain", "must be a non-empty list of domains")
        else:
            for d in doms:
                if d not in DOMAINS:
                    rep.error(where, rid, "accept.domain", f"{d!r} not in the domain enum")
    if "contribution_types" in accept:
        alts = accept["contribution_types"]
        if not isinstance(alts, list) or not alts:
            rep.error(where, rid, "accept.contribution_types", "must be a non-empty list of sets")
        else:
            for alt in alts:
                if not _is_str_list(alt) or not CONTRIB_MIN <= len(alt) <= CONTRIB_MAX:
                    rep.error(
                        where, rid, "accept.contribution_types", f"{alt!r}: need 1 to 3 values"
                    )
                    continue
                for c in alt:
                    if c not in CONTRIBUTION_TYPES:
                        rep.error(where, rid, "accept.contribution_types", f"{c!r} not in the enum")
                if len(set(alt)) != len(alt):
                    rep.error(where, rid, "accept.contribution_types", f"{alt!r} repeats a value")
    if "introduces_extra" in accept:
        extra = _check_str_list(
            rep, where, rid, "accept.introduces_extra", accept["introduces_extra"]
        )
        _check_grounded(rep, where, rid, "accept.introduces_extra", extra, abstract)


def check_record(rep: Report, where: str, rec: Any) -> str | None:
    """Check one parsed record; return its id (for the duplicate check) if it has one."""
    if not isinstance(rec, dict):
        rep.error(where, "-", "record", "must be a JSON object")
        return None
    rid = rec.get("id") if isinstance(rec.get("id"), str) else "-"
    keys = set(rec)
    for key in sorted(TOP_REQUIRED - keys):
        rep.error(where, rid, key, "missing")
    for key in sorted(keys - TOP_REQUIRED - TOP_OPTIONAL):
        rep.error(where, rid, key, "unexpected key")
    abstract = rec.get("abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        rep.error(where, rid, "abstract", "must be a non-empty string")
        return rid if rid != "-" else None
    if abstract != abstract.strip():
        rep.warn(where, rid, "abstract", "has leading or trailing whitespace")
    expected = paper_id(abstract)
    if rec.get("id") != expected:
        rep.error(where, rid, "id", f"is {rec.get('id')!r}, expected {expected!r}")
    for key in ("notes", "source"):
        if key in rec and not isinstance(rec[key], str):
            rep.error(where, rid, key, "must be a string")
    if "accept" in rec:
        _check_accept(rep, where, rid, rec["accept"], abstract)

    gold = rec.get("gold")
    if not isinstance(gold, dict):
        rep.error(where, rid, "gold", "must be an object")
        return rid
    for key in GOLD_FIELDS:
        if key not in gold:
            rep.error(where, rid, key, "missing from gold")
    for key in sorted(set(gold) - set(GOLD_FIELDS)):
        rep.error(where, rid, key, "unexpected field in gold")

    if "tldr" in gold:
        _check_sentence(rep, where, rid, "tldr", gold["tldr"])
        if isinstance(gold["tldr"], str):
            n = len(gold["tldr"].split())
            if n > TLDR_MAX_WORDS:
                rep.error(where, rid, "tldr", f"{n} words, at most {TLDR_MAX_WORDS}")
            first = sentences(abstract)[0] if sentences(abstract) else ""
            if normalize(gold["tldr"]) == normalize(first):
                rep.error(where, rid, "tldr", "copies the abstract's first sentence")
    if "problem" in gold:
        _check_sentence(rep, where, rid, "problem", gold["problem"])

    if "contribution_types" in gold:
        ct = _check_str_list(
            rep,
            where,
            rid,
            "contribution_types",
            gold["contribution_types"],
            lo=CONTRIB_MIN,
            hi=CONTRIB_MAX,
        )
        for c in ct:
            if c not in CONTRIBUTION_TYPES:
                rep.error(where, rid, "contribution_types", f"{c!r} not in the enum")
    if "domain" in gold and gold["domain"] not in DOMAINS:
        rep.error(where, rid, "domain", f"{gold['domain']!r} not in the enum")

    for field in ("introduces", "datasets"):
        if field in gold:
            items = _check_str_list(rep, where, rid, field, gold[field])
            _check_grounded(rep, where, rid, field, items, abstract)
    if (
        "introduces" in gold
        and "datasets" in gold
        and _is_str_list(gold["introduces"])
        and _is_str_list(gold["datasets"])
    ):
        both = {normalize(x) for x in gold["introduces"]} & {normalize(x) for x in gold["datasets"]}
        for item in sorted(both):
            rep.error(where, rid, "datasets", f"{item!r} is also in introduces")
    if "tasks" in gold:
        tasks = _check_str_list(rep, where, rid, "tasks", gold["tasks"], hi=TASKS_MAX)
        _check_grounded(rep, where, rid, "tasks", tasks, abstract, warn_only=True)
    if "keywords" in gold:
        kws = _check_str_list(
            rep, where, rid, "keywords", gold["keywords"], lo=KEYWORDS_MIN, hi=KEYWORDS_MAX
        )
        _check_grounded(rep, where, rid, "keywords", kws, abstract, warn_only=True)
    if "results" in gold:
        _check_results(rep, where, rid, gold["results"], abstract)
    if "code_url" in gold:
        _check_code_url(rep, where, rid, gold["code_url"], abstract)
    return rid if rid != "-" else None


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 2 if not argv else 0
    rep = Report()
    first_seen: dict[str, str] = {}
    records = 0
    for path in argv:
        try:
            with open(path, encoding="utf-8") as fh:
                lines = fh.readlines()
        except OSError as exc:
            rep.error(path, "-", "file", f"cannot read: {exc}")
            continue
        for lineno, line in enumerate(lines, 1):
            where = f"{path}:{lineno}"
            if not line.strip():
                rep.warn(where, "-", "line", "blank line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                rep.error(where, "-", "json", f"invalid JSON: {exc}")
                continue
            records += 1
            rid = check_record(rep, where, rec)
            if rid is None:
                continue
            if rid in first_seen:
                rep.error(where, rid, "id", f"duplicate id, first seen at {first_seen[rid]}")
            else:
                first_seen[rid] = where
    status = "FAIL" if rep.errors else "OK"
    print(f"{status}: {records} records, {rep.errors} errors, {rep.warnings} warnings")
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
