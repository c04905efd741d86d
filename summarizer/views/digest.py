"""The digest page: output records as one self-contained HTML file.

The page is the template ``templates/digest.html.j2``, filled from what this module reads
of the records. It needs nothing at view time: its CSS and JavaScript (``digest_assets/``)
are inlined, the charts are inline SVG, and a Content-Security-Policy forbids every fetch,
so it opens the same from a laptop, a mail attachment or an air-gapped machine.

Everything a record holds (abstract, title, model output, error message) is untrusted text:
the template escapes every value (autoescape), and the abstract comes marked from the span
highlighter, each segment between spans escaped on its own; a code link becomes an ``href``
only for http(s) URLs. A record of the
wrong shape (``meta`` a list, say) is shown as a failed card that says so, with a warning.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections import Counter
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from markupsafe import Markup

from ..io.output import failed_fields, is_partial
from ..io.stdout import stdout_file
from ..io.target import OutputLock, atomic_file, check_target, is_stdout
from ..schemas.grounding import find_span
from ..schemas.paper_summary import CONTRIBUTION_TYPES, DOMAINS
from ..text import valid_text
from .highlight import first_wins
from .highlight import html as marked_html
from .highlight import marks as highlight_marks
from .pages import render
from .reading import failure, heading, load_records, malformed, plural, record_id, text_of

__all__ = ["build_digest", "highlight", "is_digest_file", "safe_href", "write_digest"]

# (field, css class, legend text), in priority order: where two spans overlap, the first wins.
_MARKS = (
    ("introduces", "hl-intro", "introduced here"),
    ("datasets", "hl-data", "dataset"),
    ("results", "hl-num", "result"),
    ("code_url", "hl-url", "code link"),
)
#: The page's generator tag: how a later run knows the file is a digest it may replace.
GENERATOR = "summarizer digest"
_PALETTE = {
    "computer_vision": "#2f6fde",
    "natural_language": "#8e44ad",
    "multimodal": "#d35400",
    "speech_audio": "#16a085",
    "healthcare": "#c0392b",
    "robotics_rl": "#7f8c1a",
    "graphs": "#2c3e50",
    "ml_theory": "#6d4c41",
    "general_ml": "#0f7b8a",
    "other": "#7b8794",
}
_TYPE_COLOR = "#55627a"
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):(?!\d)")
_CONTROL = re.compile(r"[\x00-\x20\x7f]")


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9_]+", "_", value.lower()).strip("_") or "none"


def _label(value: str) -> str:
    return value.replace("_", " ")


def _asset(name: str) -> str:
    return (resources.files("summarizer.views") / "digest_assets" / name).read_text(
        encoding="utf-8"
    )


def safe_href(url: str) -> str | None:
    """An http(s) URL for an ``href``, or None if ``url`` names another scheme.

    A URL written without a scheme (``github.com/x/y``) gets ``https://``.
    """
    url = _CONTROL.sub("", url)  # browsers drop these too, so "java\tscript:" is still caught
    if not url:
        return None
    if url.startswith("//"):
        return "https:" + url
    match = _SCHEME.match(url)
    if match is None:
        return "https://" + url
    return url if match.group(1).lower() in {"http", "https"} else None


def _meta(record: dict[str, Any]) -> dict[str, Any]:
    meta = record.get("meta")
    return meta if isinstance(meta, dict) else {}


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    summary = record.get("summary")
    if not isinstance(summary, dict) or malformed(record):
        return {}
    if record.get("error") and not is_partial(record):
        return {}
    return summary


def _partial_note(record: dict[str, Any]) -> dict[str, str] | None:
    """A partial record's warning: which fields did not validate, and why."""
    failed = failed_fields(record)
    if not failed:
        return None
    # Each reason names its field ("tldr copies a sentence ...").
    one = len(failed) == 1
    return {
        "names": ", ".join(failed),
        "verb": "is" if one else "are",
        "pronoun": "it" if one else "them",
        "reasons": "; ".join(reason or name for name, reason in failed.items()),
    }


def _items(summary: dict[str, Any], field: str) -> list[str]:
    if field == "results":
        return [
            str(r.get("value", "")) for r in summary.get("results") or [] if isinstance(r, dict)
        ]
    if field == "code_url":
        return [_code(summary)] if _code(summary) else []
    return _list(summary.get(field))


def _code(summary: dict[str, Any]) -> str:
    url = summary.get("code_url")
    return url.strip() if isinstance(url, str) else ""


def _list(value: Any) -> list[str]:
    return [str(x) for x in value] if isinstance(value, list) else []


def _spans(record: dict[str, Any], abstract: str) -> list[tuple[int, int, str]]:
    """Non-overlapping (start, end, class) marks, from the record's spans or found anew."""
    given = record.get("spans") if isinstance(record.get("spans"), dict) else None
    summary = _summary(record)
    candidates: list[tuple[int, int, str]] = []
    for field, css, _ in _MARKS:
        if given is not None and field in given:
            candidates += highlight_marks(given, abstract, {field: css})
        else:  # an older record without spans: find the items again
            found = [find_span(item, abstract) for item in _items(summary, field)]
            raw = (found[0] if found else None) if field == "code_url" else found
            candidates += highlight_marks({field: raw}, abstract, {field: css})
    return first_wins(candidates)


def highlight(record: dict[str, Any]) -> str:
    """The abstract as HTML, each segment escaped on its own, marks around the spans."""
    abstract = text_of(record.get("abstract"))
    return marked_html(abstract, _spans(record, abstract) if _summary(record) else [])


def _card(record: dict[str, Any]) -> dict[str, Any]:
    """What one card shows of ``record`` (the template escapes every value)."""
    summary = _summary(record)
    abstract = text_of(record.get("abstract"))
    card: dict[str, Any] = {
        "id": record_id(record),
        "heading": heading(record),
        "foot": " · ".join(
            x for x in (record_id(record), str(_meta(record).get("model") or "")) if x
        ),
        "abstract": Markup(highlight(record)),
        "failed": not summary,
    }
    if not summary:
        card["kind"], card["message"] = failure(record)
        return card
    domain = str(summary.get("domain") or "other")
    types = _list(summary.get("contribution_types"))
    href = safe_href(_code(summary))
    results = [r for r in summary.get("results") or [] if isinstance(r, dict)]
    present = {css for _, _, css in _spans(record, abstract)}
    return card | {
        "domain": domain,
        "domain_slug": _slug(domain),
        "domain_label": _label(domain),
        "type_slugs": " ".join(_slug(t) for t in types),
        "types": [_label(t) for t in types],
        "href": href,
        "has_code": int(bool(href)),
        "has_numbers": int(bool(results)),
        "partial": _partial_note(record),
        "tldr": summary.get("tldr") or "",
        "problem": summary.get("problem") or "",
        "introduces": _items(summary, "introduces"),
        "legend": [(css, label) for _, css, label in _MARKS if css in present],
        "datasets": _items(summary, "datasets"),
        "tasks": _list(summary.get("tasks")),
        "results": [
            {
                "value": r.get("value", ""),
                "gain": r.get("kind") == "improvement",
                "metric": r.get("metric") or "–",
                "subject": r.get("subject") or "–",
            }
            for r in results
        ],
        "code": _code(summary),
    }


def _bar_chart(
    label: str, group: str, counts: list[tuple[str, int]], colors: dict[str, str]
) -> dict[str, Any]:
    """A horizontal bar chart (inline SVG in the page); each bar toggles the matching filter."""
    row, left, span = 24, 118, 150
    top = max((n for _, n in counts), default=1) or 1
    bars = []
    for i, (name, n) in enumerate(counts):
        bars.append(
            {
                "y": i * row,
                "w": max(2, round(span * n / top)),
                "value": _slug(name) if group == "type" else name,
                "name": name,
                "label": _label(name),
                "n": n,
                "color": colors.get(name, _TYPE_COLOR),
            }
        )
    return {
        "label": label,
        "group": group,
        "row": row,
        "left": left,
        "width": left + span + 32,
        "height": row * max(len(counts), 1) + 4,
        "bars": bars,
    }


def _ordered(counter: Counter[str], order: tuple[str, ...]) -> list[tuple[str, int]]:
    rank = {name: i for i, name in enumerate(order)}
    return sorted(counter.items(), key=lambda kv: (-kv[1], rank.get(kv[0], len(rank)), kv[0]))


def _chips(group: str, counts: list[tuple[str, int]]) -> list[dict[str, Any]]:
    return [
        {
            "value": _slug(name) if group == "type" else name,
            "slug": _slug(name),
            "label": _label(name),
            "n": n,
        }
        for name, n in counts
    ]


def build_digest(
    records: list[dict[str, Any]], title: str = "Paper digest", source: str = ""
) -> str:
    """The digest page for ``records`` as one HTML document (a string)."""
    ok = [_summary(r) for r in records if _summary(r)]
    domains = Counter(str(s.get("domain") or "other") for s in ok)
    types = Counter(t for s in ok for t in _list(s.get("contribution_types")))
    with_code = sum(bool(safe_href(_code(s))) for s in ok)
    with_numbers = sum(bool(s.get("results")) for s in ok)
    failed = len(records) - len(ok)
    partial = sum(is_partial(r) and bool(_summary(r)) for r in records)
    domain_counts, type_counts = _ordered(domains, DOMAINS), _ordered(types, CONTRIBUTION_TYPES)
    models = sorted({str(_meta(r)["model"]) for r in records if _meta(r).get("model")})
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    sub = " · ".join(
        x
        for x in (
            plural(len(records), "paper"),
            source and f"from {source}",
            models and "model " + ", ".join(models),
            f"built {stamp}",
        )
        if x
    )
    share = round(100 * with_code / len(ok)) if ok else 0
    css = _asset("digest.css") + "".join(
        f".badge.d-{_slug(name)},.dot.d-{_slug(name)}{{background:{color}}}"
        for name, color in _PALETTE.items()
    )
    script = _asset("digest.js")
    policy = (
        f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(script)}'; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    page = render(
        "summarizer.views",
        "digest.html.j2",
        policy=policy,
        generator=GENERATOR,
        title=title,
        sub=sub,
        css=Markup(css),
        script=Markup(script),
        domain_chart=_bar_chart("Papers per domain", "domain", domain_counts, _PALETTE),
        type_chart=_bar_chart("Papers per contribution type", "type", type_counts, {}),
        with_code=with_code,
        summarized=plural(len(ok), "summarized paper"),
        share=share,
        with_numbers=with_numbers,
        partial=partial,
        failed=failed,
        domain_chips=_chips("domain", domain_counts),
        type_chips=_chips("type", type_counts),
        total=len(records),
        cards=[_card(r) for r in records],
    )
    return valid_text(page)  # a planted lone surrogate could not be written as UTF-8


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def is_digest_file(path: Path) -> bool:
    """Whether ``path`` is a page that :func:`write_digest` wrote (one may be replaced)."""
    with Path(path).open("r", encoding="utf-8", errors="replace") as fh:
        head = fh.read(256_000)
    return head.startswith("<!doctype html>") and (
        f'content="{GENERATOR}"' in head or 'aria-label="Overview"' in head
    )


def write_digest(
    source: Path,
    target: Path | str,
    title: str | None = None,
    force: bool = False,
    stream: TextIO | None = None,
) -> int:
    """Write the digest of the JSONL output ``source`` to ``target``; returns the paper count.

    ``target`` follows the output rules of :mod:`summarizer.io.target`: never ``source``
    itself, nor a file that is not a digest unless ``force``; ``-`` writes the page to
    ``stream`` (standard output by default).

    Raises:
        InputError: ``source`` is missing or holds no records.
        UsageError: ``target`` may not be written.
        OutputError: ``target`` cannot be written.
    """
    path = None
    if not is_stdout(target):
        path = check_target(
            target, inputs=[source], recognize=is_digest_file, what="digest", force=force
        )
    records = load_records(source)
    page = build_digest(
        records, title=title or f"Digest of {Path(source).name}", source=Path(source).name
    )
    if path is None:
        with stdout_file(stream) as fh:
            fh.write(page)
    else:
        with OutputLock(path, what="digest"), atomic_file(path) as fh:
            fh.write(page)
    return len(records)
