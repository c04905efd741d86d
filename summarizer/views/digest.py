"""The digest page: output records as one self-contained HTML file.

The page needs nothing at view time: its CSS and JavaScript (``digest_assets/``) are
inlined, the charts are SVG drawn here, and a Content-Security-Policy forbids every fetch,
so it opens the same from a laptop, a mail attachment or an air-gapped machine.

Everything a record holds (abstract, title, model output, error message) is untrusted text:
it is escaped with :func:`html.escape` piece by piece, including each segment between the
highlighted spans; a code link becomes an ``href`` only for http(s) URLs. A record of the
wrong shape (``meta`` a list, say) is shown as a failed card that says so, with a warning.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..io.output import failed_fields, is_partial, read_records
from ..io.target import OutputLock, atomic_file, check_target
from ..schemas.grounding import find_span
from ..schemas.paper_summary import CONTRIBUTION_TYPES, DOMAINS
from ..text import printable, valid_text

__all__ = [
    "build_digest",
    "failure",
    "heading",
    "highlight",
    "load_records",
    "malformed",
    "safe_href",
    "write_digest",
]

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
# The fields of an output record that are objects when present, and those that are text.
_OBJECTS = ("summary", "spans", "meta", "error")
_TEXTS = ("title", "abstract")
_LISTED = 5  # malformed records named in the warning; the rest are counted


def _esc(value: Any) -> str:
    return escape(str(value), quote=True)


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the number it takes: ``1 paper``, ``2 papers``."""
    return f"{n} {noun if n == 1 else many or noun + 's'}"


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


def load_records(path: Path, warn: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """The records of a JSONL output, with an InputError that says what to do if unreadable.

    Args:
        path: The JSONL output of ``summarize``.
        warn: Told, in one line, about records of the wrong shape (they are kept, and
            shown as failed); by default the line goes to standard error.
    """
    path = Path(path)
    if path.suffix.lower() == ".csv":
        raise InputError(
            f"{path}: use the JSONL output (summarize -o out.jsonl); CSV drops the spans"
        )
    try:
        records = read_records(path)
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise InputError(f"{path} is a directory; give the .jsonl output of summarize") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not a JSONL output of summarize (not UTF-8)") from exc
    if not records:
        raise InputError(f"{path} holds no output records; create them with summarizer summarize")
    bad = [(r, reason) for r in records if (reason := malformed(r))]
    if bad:
        named = "; ".join(f"{_record_id(r)}: {reason}" for r, reason in bad[:_LISTED])
        more = f"; and {len(bad) - _LISTED} more" if len(bad) > _LISTED else ""
        line = (
            f"{path}: {len(bad)} record{'s' if len(bad) != 1 else ''} of the wrong shape, "
            f"shown as failed ({named}{more})"
        )
        (warn or _to_stderr)(printable(line))
    return records


def _to_stderr(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr)


def malformed(record: dict[str, Any]) -> str | None:
    """Why ``record`` is not shaped like an output record (``'meta' is a list, not an
    object``), or None if it is."""
    for key in _OBJECTS:
        value = record.get(key)
        if value is not None and not isinstance(value, dict):
            return f"{key!r} is {_kind(value)}, not an object"
    for key in _TEXTS:
        value = record.get(key)
        if value is not None and not isinstance(value, str):
            return f"{key!r} is {_kind(value)}, not text"
    if not isinstance(record.get("id"), str | int) or isinstance(record.get("id"), bool):
        return f"'id' is {_kind(record.get('id'))}, not text"
    return None


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    names = {list: "a list", dict: "an object", str: "text", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _record_id(record: dict[str, Any]) -> str:
    rid = record.get("id")
    return str(rid) if isinstance(rid, str | int) else "(no id)"


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


def _partial_note(record: dict[str, Any]) -> str:
    """A partial record's warning: which fields did not validate, and why."""
    failed = failed_fields(record)
    if not failed:
        return ""
    # Each reason names its field ("tldr copies a sentence ...").
    reasons = "; ".join(reason or name for name, reason in failed.items())
    return (
        f'<p class="error">Partial: {_esc(", ".join(failed))} did not validate and '
        f"{'is' if len(failed) == 1 else 'are'} shown as the model wrote "
        f"{'it' if len(failed) == 1 else 'them'} ({_esc(reasons)})</p>"
    )


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
    """Valid, non-overlapping (start, end, class) marks, from the record's spans or found anew."""
    given = record.get("spans") if isinstance(record.get("spans"), dict) else None
    summary = _summary(record)
    chosen: list[tuple[int, int, str]] = []
    for field, css, _ in _MARKS:
        if given is not None and field in given:
            raw = given[field]
            candidates = [raw] if field == "code_url" else raw if isinstance(raw, list) else []
        else:  # an older record without spans: find the items again
            candidates = [find_span(item, abstract) for item in _items(summary, field)]
        for span in candidates:
            if not (isinstance(span, list | tuple) and len(span) == 2):
                continue
            start, end = span
            if not (
                isinstance(start, int)
                and isinstance(end, int)
                and 0 <= start < end <= len(abstract)
            ):
                continue
            if all(end <= s or start >= e for s, e, _ in chosen):
                chosen.append((start, end, css))
    return sorted(chosen)


def highlight(record: dict[str, Any]) -> str:
    """The abstract as HTML, each segment escaped on its own, marks around the spans."""
    abstract = _text(record.get("abstract"))
    parts, pos = [], 0
    for start, end, css in _spans(record, abstract) if _summary(record) else []:
        parts.append(_esc(abstract[pos:start]))
        parts.append(f'<mark class="{css}">{_esc(abstract[start:end])}</mark>')
        pos = end
    parts.append(_esc(abstract[pos:]))
    return "".join(parts)


def heading(record: dict[str, Any]) -> str:
    """The title, or else the abstract's first words."""
    if _text(record.get("title")):
        return _text(record["title"])
    words = _text(record.get("abstract")).split()
    return " ".join(words[:12]) + (" …" if len(words) > 12 else "") or _record_id(record)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _field(label: str, html: str) -> str:
    return f'<p class="field"><span class="k">{_esc(label)}</span> {html}</p>' if html else ""


def _card(record: dict[str, Any]) -> str:
    summary = _summary(record)
    rid = _record_id(record)
    head = f"<h2>{_esc(heading(record))}</h2>"
    foot = _esc(" · ".join(x for x in (rid, str(_meta(record).get("model") or "")) if x))
    abstract = f'<p class="abstract">{highlight(record)}</p>'
    if not summary:
        kind, message = failure(record)
        return (
            f'<article class="card failed" id="p-{_esc(rid)}" data-domain="" data-types="" '
            f'data-code="0" data-numbers="0" data-failed="1">{head}'
            f'<p class="error">Failed: {_esc(kind)}: {_esc(message)}</p>{abstract}'
            f'<p class="foot">{foot}</p></article>'
        )
    domain = str(summary.get("domain") or "other")
    types = _list(summary.get("contribution_types"))
    href = safe_href(_code(summary))
    results = [r for r in summary.get("results") or [] if isinstance(r, dict)]
    badges = [f'<span class="badge domain d-{_slug(domain)}">{_esc(_label(domain))}</span>']
    badges += [f'<span class="badge type">{_esc(_label(t))}</span>' for t in types]
    if href:
        badges.append('<span class="badge code">code</span>')
    code = ""
    if _code(summary):
        text = _esc(_code(summary))
        code = f'<a href="{_esc(href)}" rel="noopener noreferrer">{text}</a>' if href else text
    present = {css for _, _, css in _spans(record, _text(record.get("abstract")))}
    legend = "".join(
        f'<span><mark class="{css}">{_esc(label)}</mark></span>'
        for _, css, label in _MARKS
        if css in present
    )
    return (
        f'<article class="card" id="p-{_esc(rid)}" data-domain="{_esc(domain)}" '
        f'data-types="{_esc(" ".join(_slug(t) for t in types))}" data-code="{int(bool(href))}" '
        f'data-numbers="{int(bool(results))}" data-failed="0">{head}'
        f'<div class="badges">{"".join(badges)}</div>'
        + _partial_note(record)
        + f'<p class="tldr">{_esc(summary.get("tldr") or "")}</p>'
        + _field("Problem", _esc(summary.get("problem") or ""))
        + _field(
            "Introduces",
            ", ".join(
                f'<mark class="hl-intro">{_esc(x)}</mark>' for x in _items(summary, "introduces")
            ),
        )
        + abstract
        + (f'<div class="legend">{legend}</div>' if legend else "")
        + _field("Datasets", ", ".join(_esc(x) for x in _items(summary, "datasets")))
        + _field("Tasks", ", ".join(_esc(x) for x in _list(summary.get("tasks"))))
        + _results_table(results)
        + _field("Code", code)
        + f'<p class="foot">{foot}</p></article>'
    )


def failure(record: dict[str, Any]) -> tuple[str, str]:
    """The error type and message a failed (or malformed) record is shown with."""
    reason = malformed(record)
    if reason is not None:
        return "Malformed record", reason
    error = record.get("error") if isinstance(record.get("error"), dict) else {}
    return str(error.get("type") or "Error"), str(error.get("message") or "no summary")


def _results_table(results: list[dict[str, Any]]) -> str:
    if not results:
        return ""
    rows = "".join(
        f'<tr><td class="value">{_esc(r.get("value", ""))}'
        + ('<span class="gain">gain</span>' if r.get("kind") == "improvement" else "")
        + f"</td><td>{_esc(r.get('metric') or '–')}</td>"
        + f"<td>{_esc(r.get('subject') or '–')}</td></tr>"
        for r in results
    )
    return (
        '<table class="results"><thead><tr><th>value</th><th>metric</th><th>subject</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _bar_chart(
    label: str, group: str, counts: list[tuple[str, int]], colors: dict[str, str]
) -> str:
    """A horizontal bar chart as inline SVG; each bar toggles the matching filter."""
    row, left, span = 24, 118, 150
    width, height = left + span + 32, row * max(len(counts), 1) + 4
    top = max((n for _, n in counts), default=1) or 1
    bars = []
    for i, (name, n) in enumerate(counts):
        y, w = i * row, max(2, round(span * n / top))
        value = _slug(name) if group == "type" else name
        bars.append(
            f'<g data-group="{group}" data-value="{_esc(value)}" role="button" tabindex="0" '
            f'aria-pressed="false"><title>{_esc(name)}: {n}</title>'
            f'<rect x="0" y="{y}" width="{width}" height="{row}" fill="transparent"/>'
            f'<text x="{left - 8}" y="{y + 17}" text-anchor="end">{_esc(_label(name))}</text>'
            f'<rect class="bar" x="{left}" y="{y + 5}" width="{w}" height="16" rx="3" '
            f'fill="{colors.get(name, _TYPE_COLOR)}"/>'
            f'<text x="{left + w + 6}" y="{y + 17}">{n}</text></g>'
        )
    return (
        f'<figure><figcaption>{_esc(label)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" '
        f'role="img" aria-label="{_esc(label)}" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}">{"".join(bars)}</svg></figure>'
    )


def _ordered(counter: Counter[str], order: tuple[str, ...]) -> list[tuple[str, int]]:
    rank = {name: i for i, name in enumerate(order)}
    return sorted(counter.items(), key=lambda kv: (-kv[1], rank.get(kv[0], len(rank)), kv[0]))


def _chips(label: str, group: str, counts: list[tuple[str, int]]) -> str:
    chips = "".join(
        f'<button type="button" class="chip" data-group="{group}" '
        f'data-value="{_esc(_slug(name) if group == "type" else name)}" aria-pressed="false">'
        + (f'<span class="dot d-{_slug(name)}"></span>' if group == "domain" else "")
        + f'{_esc(_label(name))}<span class="n">{n}</span></button>'
        for name, n in counts
    )
    return f'<div class="group"><span class="label">{_esc(label)}</span>{chips}</div>'


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
    stats = (
        f'<figure><figcaption>At a glance</figcaption><ul class="stats">'
        f"<li><b>{with_code}</b> of {plural(len(ok), 'summarized paper')} "
        f"link{'s' if with_code == 1 else ''} to code ({share}%)</li>"
        f"<li><b>{with_numbers}</b> {'paper reports' if with_numbers == 1 else 'papers report'} "
        "numbers</li>"
        + (f"<li><b>{partial}</b> partial: some prose did not validate</li>" if partial else "")
        + f"<li><b>{failed}</b> failed to summarize</li></ul>"
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="share with code" '
        f'viewBox="0 0 200 12" width="200" height="12"><rect width="200" height="12" rx="6" '
        f'fill="#dde2ea"/><rect width="{2 * share}" height="12" rx="6" fill="#1d2330"/>'
        "</svg></figure>"
    )
    css = _asset("digest.css") + "".join(
        f".badge.d-{_slug(name)},.dot.d-{_slug(name)}{{background:{color}}}"
        for name, color in _PALETTE.items()
    )
    script = _asset("digest.js")
    policy = (
        f"default-src 'none'; style-src '{_sha256(css)}'; script-src '{_sha256(script)}'; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    page = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f'<meta name="generator" content="{GENERATOR}">'
        f'<title>{_esc(title)}</title><style>{css}</style></head><body><div class="page">'
        f'<header class="top"><h1>{_esc(title)}</h1><p class="sub">{_esc(sub)}</p></header>'
        f'<section class="overview" aria-label="Overview">'
        f"{_bar_chart('Papers per domain', 'domain', domain_counts, _PALETTE)}"
        f"{_bar_chart('Papers per contribution type', 'type', type_counts, {})}{stats}</section>"
        '<section class="filters" aria-label="Filters">'
        f"{_chips('Domain', 'domain', domain_counts)}{_chips('Contribution', 'type', type_counts)}"
        '<div class="row"><label><input type="checkbox" id="f-code"> has code</label>'
        '<label><input type="checkbox" id="f-numbers"> has numbers</label>'
        '<input type="search" id="f-q" placeholder="Search the cards…" aria-label="Search">'
        '<button type="button" class="chip" id="f-clear">clear filters</button>'
        f'<span class="count">showing <b id="f-shown">{len(records)}</b> of {len(records)}</span>'
        "</div></section><main>"
        + "".join(_card(r) for r in records)
        + '<p class="empty" id="f-none" hidden>No paper matches these filters.</p>'
        f"</main></div><script>{script}</script></body></html>\n"
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


def write_digest(source: Path, target: Path, title: str | None = None, force: bool = False) -> int:
    """Write the digest of the JSONL output ``source`` to ``target``; returns the paper count.

    ``target`` follows the output rules of :mod:`summarizer.io.target`: never ``source``
    itself, nor a file that is not a digest unless ``force``.

    Raises:
        InputError: ``source`` is missing or holds no records.
        UsageError: ``target`` may not be written.
        OutputError: ``target`` cannot be written.
    """
    path = check_target(
        target, inputs=[source], recognize=is_digest_file, what="digest", force=force
    )
    records = load_records(source)
    page = build_digest(
        records, title=title or f"Digest of {Path(source).name}", source=Path(source).name
    )
    with OutputLock(path, what="digest"), atomic_file(path) as fh:
        fh.write(page)
    return len(records)
