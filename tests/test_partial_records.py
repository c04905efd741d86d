"""Partial records (prose that never validated, the rest kept) in the digest and in show."""

from __future__ import annotations

import re

from rich.console import Console

from summarizer.views.digest import build_digest
from summarizer.views.show import parse_where, render_card, select_records

ABSTRACT = "We propose ImbSAM, evaluated on CIFAR-100. Code: https://github.com/x/imbsam."
REASON = "tldr copies a sentence of the abstract; summarize in your own words"


def _partial() -> dict:
    return {
        "id": "p1",
        "title": "ImbSAM",
        "abstract": ABSTRACT,
        "summary": {
            "tldr": "We propose ImbSAM, evaluated on CIFAR-100.",
            "problem": "Tail classes are hard.",
            "contribution_types": ["method"],
            "introduces": ["ImbSAM"],
            "datasets": ["CIFAR-100"],
            "tasks": [],
            "results": [],
            "domain": "computer_vision",
            "code_url": "https://github.com/x/imbsam",
            "keywords": ["a", "b", "c"],
        },
        "error": {
            "type": "PartialRecord",
            "message": f"tldr did not validate after 5 attempts ({REASON})",
            "fields": [{"field": "tldr", "reason": REASON}],
        },
        "meta": {"model": "m"},
        "spans": {"introduces": [[11, 17]], "datasets": [[32, 41]], "results": []},
    }


def _failed() -> dict:
    record = _partial() | {"id": "f1", "summary": None, "spans": {}}
    record["error"] = {"type": "OutputValidationError", "message": "never validated"}
    return record


def _text(renderable) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_digest_shows_a_partial_record_with_its_fields_and_the_warning():
    page = build_digest([_partial(), _failed()])
    card = page[page.index('id="p-p1"') :].split("</article>")[0]
    assert 'data-failed="0"' in card
    assert "Partial: tldr did not validate and is shown as the model wrote it" in card
    assert "copies a sentence of the abstract" in card
    assert '<mark class="hl-intro">ImbSAM</mark>' in card  # the kept fields and their spans
    assert '<mark class="hl-data">CIFAR-100</mark>' in card
    assert "<li><b>1</b> partial: some prose did not validate</li>" in page
    assert "<li><b>1</b> failed to summarize</li>" in page


def test_show_renders_a_partial_card_and_where_tells_it_from_a_failed_one():
    text = _text(render_card(_partial()))
    assert f"partial: tldr did not validate ({REASON})" in text
    assert "We propose ImbSAM, evaluated on CIFAR-100." in text
    assert re.search(r"introduces +ImbSAM", text) and "failed:" not in text
    records = [_partial(), _failed()]
    assert [r["id"] for r in select_records(records, (), parse_where(["partial=yes"]))] == ["p1"]
    assert [r["id"] for r in select_records(records, (), parse_where(["failed=yes"]))] == ["f1"]
