"""Reports: the per-field table in three forms, escaping, span marks, published numbers."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from rich.console import Console

from summarizer.cli.eval_tables import terminal_table
from summarizer.evaluation.compare import compare_runs
from summarizer.evaluation.report import markdown, write_reports
from summarizer.evaluation.report_html import highlight, html_report
from summarizer.evaluation.run import EvalRun

from .browser import HEADLESS_FLAGS, needs_browser
from .support.runs import GOLD, item, make_run

SCRIPT_ABSTRACT = (
    "We introduce ImbSAM <script>alert('abstract')</script> for long-tailed classification on "
    "CIFAR-100 & ImageNet-LT, reaching 45.82% accuracy. Code: https://github.com/x/imbsam."
)
PRED = {
    **GOLD,
    "tldr": "<script>alert('answer')</script> ImbSAM helps rare classes.",
    "problem": "Rare classes are ignored.",
    "datasets": ["CIFAR-100", "TinyNet"],  # TinyNet is not in the abstract
    "keywords": ["long-tailed", "sharpness", "rare classes"],
}


@pytest.fixture
def script_run(tmp_path: Path) -> EvalRun:
    other = "We study warmup for language model pretraining and find 12 sizes behave alike."
    other_gold = {
        **GOLD,
        "introduces": [],
        "datasets": [],
        "results": [{"value": "12", "metric": "sizes", "subject": None, "kind": "absolute"}],
        "code_url": None,
        "domain": "natural_language",
    }
    return make_run(
        tmp_path / "run",
        [
            (item(SCRIPT_ABSTRACT, GOLD, title="<script>alert('title')</script> ImbSAM"), PRED),
            (item(other, other_gold), None),
        ],
    )


def test_highlight_marks_spans_and_escapes_each_segment():
    abstract = "A <b> & ImbSAM on CIFAR-100 gets 45.82%."
    marked = highlight(
        abstract,
        {
            "introduces": [[8, 14]],
            "datasets": [[18, 27], None],
            "results": [[33, 39]],
            "code_url": None,
        },
    )
    assert marked == (
        'A &lt;b&gt; &amp; <mark class="introduces" title="introduces">ImbSAM</mark> on '
        '<mark class="datasets" title="datasets">CIFAR-100</mark> gets '
        '<mark class="results" title="results">45.82%</mark>.'
    )


@pytest.mark.parametrize(
    "bad",
    [
        {"introduces": [[5, 500]]},
        {"introduces": [[-1, 3]]},
        {"introduces": [["a", "b"]]},
        {"introduces": [[4, 2]]},
        {"code_url": [1]},
        {"datasets": "nonsense"},
        None,
    ],
    ids=["past-end", "negative", "not-ints", "reversed", "short", "not-a-list", "none"],
)
def test_highlight_ignores_spans_that_do_not_fit(bad):
    assert highlight("a <i>b</i> c", bad) == "a &lt;i&gt;b&lt;/i&gt; c"


def test_highlight_clips_overlapping_spans():
    marked = highlight("ImageNet-LT data", {"datasets": [[0, 11]], "introduces": [[0, 8]]})
    assert marked == '<mark class="datasets" title="datasets">ImageNet-LT</mark> data'


def test_html_escapes_script_in_abstract_answer_gold_title_and_error(script_run):
    page = html_report(script_run)
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(&#x27;abstract&#x27;)&lt;/script&gt;" in page
    assert "&lt;script&gt;alert(&#x27;answer&#x27;)&lt;/script&gt;" in page
    assert "&lt;script&gt;alert(&#x27;title&#x27;)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "boom &lt;script&gt;x&lt;/script&gt;" in page
    assert "m&lt;1&gt;" in page  # even the model name


def test_html_is_self_contained(script_run):
    page = html_report(script_run)
    for forbidden in ("<script", "<link", "<iframe", "<img", "@import", "url(", "@font-face"):
        assert forbidden not in page
    assert not re.search(r"<[^>]*\b(src|href)\s*=", page)  # in a tag, not in escaped text
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page


def test_html_drill_down_has_marks_gold_prediction_and_scores(script_run):
    page = html_report(script_run)
    assert '<mark class="introduces" title="introduces">ImbSAM</mark>' in page
    assert '<mark class="code_url" title="code_url">https://github.com/x/imbsam</mark>' in page
    assert '<li class="miss ungrounded">TinyNet</li>' in page
    assert '<li class="hit">CIFAR-100</li>' in page
    assert "F1 0.50 (tp 1, fp 1, fn 1)" in page  # datasets of the first item
    assert "not found: TinyNet" in page
    assert page.count('<details class="item') == 2
    assert '<span class="badge failed">failed</span>' in page


def test_markdown_has_the_table_with_cis_and_escapes_text(script_run):
    md = markdown(script_run)
    assert "| field | metric | score | 95% CI | n |" in md
    assert re.search(
        r"\| datasets \| \*\*f1\*\* \| 0\.\d{3} \| \[0\.\d{3}, \d\.\d{3}\] \| 2 \|", md
    )
    assert "**re-asks**: 2" in md
    assert "boom &lt;script&gt;x&lt;/script&gt; \\| pipe" in md
    assert "published" not in md  # no published numbers for a gold file suite


def test_reasks_of_cached_answers_are_not_this_runs(script_run):
    from summarizer.cli.eval_tables import overview_table

    for record in script_run.records:
        if not record["error"]:  # failures are never cached
            record["meta"]["cached"] = True
    script_run.info["cached"] = 1
    md = markdown(script_run)
    assert "**re-asks**: 1 this run (1 more behind the 1 cached answer)" in md
    console = Console(record=True, width=160)
    console.print(overview_table(script_run))
    assert "1 this run (1 more behind the 1 cached answer)" in console.export_text()


def test_terminal_table_lists_every_field(script_run):
    console = Console(record=True, width=160)
    console.print(terminal_table(script_run))
    text = console.export_text()
    for name in (*script_run.info["fields"], "grounding"):
        assert name in text
    assert "95% CI" in text


def test_published_reference_is_printed_beside_ours(tmp_path):
    abstract = "We propose CATTS, which uses titles as an auxiliary target for TLDR generation."
    tl = item(
        abstract,
        {"tldr": "CATTS generates TLDRs with titles."},
        references={"tldr": ["CATTS generates TLDRs with titles.", "A TLDR method."]},
    )
    run = make_run(
        tmp_path / "run",
        [(tl, {**PRED, "tldr": "CATTS writes TLDRs from titles."})],
        suite="scitldr:/data/SciTLDR-A/test.jsonl",
    )
    assert run.info["published"][0]["value"] == 0.438
    console = Console(record=True, width=160)
    console.print(terminal_table(run))
    for text in (markdown(run), html_report(run), console.export_text()):
        assert "0.438 CATTS (SciTLDR-A test)" in text
    assert "Cachola et al." in markdown(run)


def test_baseline_columns_show_deltas_and_noise(tmp_path, script_run):
    worse = {**PRED, "introduces": [], "datasets": []}
    base = make_run(tmp_path / "naive", [(it, worse) for it in script_run.items], prompt="naive")
    cmp = compare_runs(base, script_run)
    md = markdown(script_run, cmp)
    assert "| naive | Δ |" in md
    assert re.search(
        r"\| introduces \| \*\*f1\*\* \| 1\.000 .*\| 0\.000 \| \+1\.000 \(noise\) \|", md
    )
    assert "naive.v1 run naive on 2 common items" in md
    assert ">+1.000 (noise)<" in html_report(script_run, cmp)


def test_write_reports_puts_both_files_in_the_run_folder(script_run):
    md, page = write_reports(script_run)
    assert md == script_run.path / "report.md" and page == script_run.path / "report.html"
    assert md.read_text().startswith("# Eval run run")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@needs_browser(selenium=False)
def test_report_html_renders_in_a_headless_browser(script_run, tmp_path):
    _, page = write_reports(script_run)
    # Open every drill-down so that the screenshot shows them too.
    opened = tmp_path / "opened.html"
    opened.write_text(page.read_text().replace('<details class="item', '<details open class="item'))
    png = tmp_path / "report.png"
    subprocess.run(
        [
            CHROMIUM,
            *HEADLESS_FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={png}",
            "--window-size=1280,2000",
            opened.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert _png_size(png) == (1280, 2000)
    assert png.stat().st_size > 20_000  # a blank page compresses to a few kB


def test_a_partial_record_is_shown_as_partial_and_counted(tmp_path):
    run = make_run(
        tmp_path / "run",
        [(item(SCRIPT_ABSTRACT, GOLD), PRED), (item(SCRIPT_ABSTRACT + " Again.", GOLD), PRED)],
        partial=frozenset({1}),
    )
    assert run.info["failed"] == 1 and run.info["partial"] == 1
    assert "(1 done, 1 failed of which 1 partial, 0 from cache)" in markdown(run)
    page = html_report(run)
    assert '<span class="badge partial">partial</span>' in page
    assert '<span class="badge failed">' not in page
