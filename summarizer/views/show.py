"""Output records as cards in the terminal, and ``--where`` filters to pick them.

A filter is ``KEY=VALUE`` or ``KEY!=VALUE``; a comma in the value means "any of these"
(``domain=healthcare,graphs``), and several filters must all hold. Keys:

- ``domain``, ``type`` (a contribution type): the label, exactly (case aside);
- ``dataset``, ``introduces``, ``task``, ``keyword``, ``title``, ``text``: a case-insensitive
  substring of an item (``text`` searches the title, abstract and every summary text);
- ``has_code``, ``has_numbers``, ``failed``, ``partial``: ``yes`` or ``no`` (a partial
  record, whose prose did not validate, is not a failed one).

Every piece of a record is untrusted text on its way to a terminal: it goes through
:func:`~summarizer.text.printable`, so an ESC, a carriage return or a bidi override in an
abstract, an id or an error message is shown as an escape, never acted on. A record of the
wrong shape is shown as failed (``failed=yes`` picks it), with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..errors import InputError
from ..io.output import failed_fields, is_partial
from ..text import printable
from .highlight import marks as highlight_marks
from .reading import failure, heading, malformed

__all__ = ["Condition", "parse_where", "render_card", "select_records"]

_TRUE = {"yes", "true", "1", "y"}
_FALSE = {"no", "false", "0", "n"}
_HIGHLIGHT = {
    "introduces": "bold black on yellow",
    "datasets": "black on cyan",
    "results": "black on green",
    "code_url": "underline blue",
}


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    summary = record.get("summary")
    return summary if isinstance(summary, dict) and not malformed(record) else {}


def _line(value: Any) -> Text:
    """One line of untrusted text, escaped for the terminal."""
    return Text(printable(str(value)))


def _texts(items: Any) -> list[str]:
    return [str(i) for i in items] if isinstance(items, list) else []


def _all_text(record: dict[str, Any]) -> list[str]:
    s = _summary(record)
    out = [str(record.get("title") or ""), str(record.get("abstract") or "")]
    out += [str(s.get(k) or "") for k in ("tldr", "problem", "domain", "code_url")]
    for key in ("contribution_types", "introduces", "datasets", "tasks", "keywords"):
        out += _texts(s.get(key))
    for r in s.get("results") or []:
        if isinstance(r, dict):
            out += [str(r.get(k) or "") for k in ("value", "metric", "subject")]
    return out


def is_failed(record: dict[str, Any]) -> bool:
    """A record whose summary is missing or that carries an error (but a partial one's)."""
    if is_partial(record) and _summary(record):
        return False
    return bool(record.get("error")) or not _summary(record)


_LABELS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "domain": lambda r: [str(_summary(r).get("domain") or "")],
    "type": lambda r: _texts(_summary(r).get("contribution_types")),
}
_TEXTS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "dataset": lambda r: _texts(_summary(r).get("datasets")),
    "introduces": lambda r: _texts(_summary(r).get("introduces")),
    "task": lambda r: _texts(_summary(r).get("tasks")),
    "keyword": lambda r: _texts(_summary(r).get("keywords")),
    "title": lambda r: [str(r.get("title") or "")],
    "text": _all_text,
}
_FLAGS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "has_code": lambda r: bool(_summary(r).get("code_url")),
    "has_numbers": lambda r: bool(_summary(r).get("results")),
    "failed": is_failed,
    "partial": lambda r: is_partial(r) and bool(_summary(r)),
}
_ALIASES = {
    "contribution_type": "type",
    "contribution_types": "type",
    "datasets": "dataset",
    "tasks": "task",
    "keywords": "keyword",
}
KEYS = (*_LABELS, *_TEXTS, *_FLAGS)


@dataclass(frozen=True)
class Condition:
    """One ``--where`` filter."""

    key: str
    values: tuple[str, ...]
    negate: bool = False

    def __call__(self, record: dict[str, Any]) -> bool:
        return self._holds(record) != self.negate

    def _holds(self, record: dict[str, Any]) -> bool:
        if self.key in _FLAGS:
            wanted = self.values[0] in _TRUE
            return _FLAGS[self.key](record) == wanted
        if self.key in _LABELS:
            have = {h.lower() for h in _LABELS[self.key](record)}
            return any(v in have for v in self.values)
        have_text = [h.lower() for h in _TEXTS[self.key](record)]
        return any(v in h for v in self.values for h in have_text)


def parse_where(expressions: Iterable[str]) -> list[Condition]:
    """Parse ``KEY=VALUE`` / ``KEY!=VALUE`` filters.

    Raises:
        ValueError: An expression is malformed or names an unknown key; the message
            lists the keys.
    """
    conditions = []
    for expr in expressions:
        negate = "!=" in expr
        key, sep, value = expr.partition("!=" if negate else "=")
        key = key.strip().lower().replace("-", "_")
        key = _ALIASES.get(key, key)
        values = tuple(v.strip().lower() for v in value.split(",") if v.strip())
        if not sep or not values:
            raise ValueError(f"--where {expr!r}: write KEY=VALUE, e.g. domain=healthcare")
        if key not in KEYS:
            raise ValueError(f"--where {expr!r}: unknown key {key!r}; use one of {', '.join(KEYS)}")
        if key in _FLAGS and (len(values) != 1 or values[0] not in _TRUE | _FALSE):
            raise ValueError(f"--where {expr!r}: {key} takes yes or no")
        conditions.append(Condition(key, values, negate))
    return conditions


def select_records(
    records: list[dict[str, Any]], ids: Iterable[str] = (), conditions: Iterable[Condition] = ()
) -> list[dict[str, Any]]:
    """The records with the given ids (or unique id prefixes) that meet every condition.

    Raises:
        InputError: An id matches no record, or a prefix matches several.
    """
    picked = records
    ids = list(ids)
    if ids:
        picked = []
        for wanted in ids:
            matches = [r for r in records if str(r.get("id", "")).startswith(wanted)]
            exact = [r for r in matches if str(r.get("id")) == wanted]
            matches = exact or matches
            if not matches:
                raise InputError(f"no record has the id {printable(repr(wanted))}")
            if len({str(r.get("id")) for r in matches}) > 1:
                raise InputError(
                    f"the id prefix {printable(repr(wanted))} matches {len(matches)} records; "
                    "give more of it"
                )
            picked.extend(m for m in matches if m not in picked)
    conditions = list(conditions)
    return [r for r in picked if all(c(r) for c in conditions)]


def highlighted_abstract(record: dict[str, Any]) -> Text:
    """The abstract with the summary's verbatim items (its ``spans``) highlighted.

    The spans index the abstract as stored; each piece between span edges is escaped on
    its own, so an escape that lengthens the text cannot shift a highlight.
    """
    raw = record.get("abstract")
    abstract = raw if isinstance(raw, str) else ""
    marks = highlight_marks(record.get("spans"), abstract, _HIGHLIGHT)
    edges = sorted({0, len(abstract), *(e for s, t, _ in marks for e in (s, t))})
    text, at = Text(), {}
    for start, end in zip(edges, edges[1:], strict=False):
        at[start] = len(text)
        text.append(printable(abstract[start:end], multiline=True))
    at[len(abstract)] = len(text)
    for start, end, style in marks:
        text.stylize(style, at[start], at[end])
    return text


class _Card:
    """A panel whose title, if the border is too short for it, ends in "…" there and is
    printed whole as the card's first line: a title cut with no sign of it reads as whole."""

    # The border around the title: a corner and a dash before it, a space each side of it,
    # and a corner after it.
    _BORDER = 5

    def __init__(self, title: Text, body: list[RenderableType], **panel: Any) -> None:
        self.title, self.body, self.panel = title, body, panel

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        title, body = self.title, self.body
        room = options.max_width - self._BORDER - 1  # at least one dash after the title
        if title.cell_len > room:
            short = title.copy()
            short.truncate(max(room, 1), overflow="ellipsis")
            title, body = short, [self.title.copy(), *body]
        yield Panel(Group(*body), title=title, title_align="left", **self.panel)


def render_card(record: dict[str, Any], abstract: bool = False) -> RenderableType:
    """One record as a rich panel: TL;DR, problem, artifacts, results, code, badges.

    A failed record shows its error and its abstract instead.
    """
    title = Text(printable(heading(record)), style="bold")
    subtitle = Text(printable(str(record.get("id", ""))), style="dim")
    if is_failed(record):
        kind, reason = failure(record)
        message = Text.assemble(
            ("failed: ", "bold red"), (printable(f"{kind}: {reason}", multiline=True), "red")
        )
        return _Card(
            title,
            [message, Text(""), highlighted_abstract(record)],
            subtitle=subtitle,
            border_style="red",
        )
    s = _summary(record)
    unchecked = failed_fields(record)
    tldr = _line(_prose(s.get("tldr")))
    tldr.stylize("bold")
    parts: list[RenderableType] = [_badges(s)]
    if unchecked:
        # Each reason names its field ("tldr copies a sentence ...").
        reasons = "; ".join(why or name for name, why in unchecked.items())
        parts.append(
            Text.assemble(
                ("partial: ", "bold yellow"),
                (printable(f"{', '.join(unchecked)} did not validate ({reasons})"), "yellow"),
            )
        )
    parts.append(tldr)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    rows = [
        ("problem", _prose(s.get("problem"))),
        ("introduces", ", ".join(_texts(s.get("introduces")))),
        ("datasets", ", ".join(_texts(s.get("datasets")))),
        ("tasks", ", ".join(_texts(s.get("tasks")))),
    ]
    for label, value in rows:
        if value:
            grid.add_row(label, _line(value))
    if s.get("code_url"):
        grid.add_row("code", Text(printable(str(s["code_url"])), style="underline blue"))
    parts.append(grid)
    results = [r for r in s.get("results") or [] if isinstance(r, dict)]
    if results:
        table = Table("value", "metric", "subject", box=None, header_style="dim", pad_edge=False)
        for r in results:
            value = str(r.get("value", ""))
            if r.get("kind") == "improvement":
                value += " (gain)"
            table.add_row(
                _line(value), _line(r.get("metric") or "–"), _line(r.get("subject") or "–")
            )
        parts.append(table)
    if abstract:
        parts += [Text(""), highlighted_abstract(record)]
    return _Card(title, parts, subtitle=subtitle, border_style="yellow" if unchecked else "blue")


def _prose(value: Any) -> str:
    # A partial record's failed field may be null, or not text.
    return value if isinstance(value, str) else ""


def _badges(summary: dict[str, Any]) -> Text:
    badges = Text()
    if summary.get("domain"):
        badges.append(f" {printable(str(summary['domain']))} ", style="bold white on dark_blue")
    for kind in _texts(summary.get("contribution_types")):
        badges.append(" ")
        badges.append(f" {printable(kind)} ", style="black on grey82")
    return badges
