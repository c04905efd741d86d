"""The digest page: escaping, highlights, links, overview, and the filters in a real browser."""

from __future__ import annotations

import json
import os
import re
import shutil
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from summarizer.schemas.grounding import find_span
from summarizer.views.digest import build_digest, highlight, safe_href
from summarizer.views.reading import load_records

from .browser import headless_chrome, needs_browser
from .support.cli import run_cli

DIAG = (
    "Given the limitations of existing medical benchmarks, we present DiagnosisArena, a benchmark "
    "of 1,113 pairs of patient cases spanning 28 medical specialties. The most advanced models, "
    "o3-mini and DeepSeek-R1, achieve only 45.82% and 17.79% accuracy on MedQA-style cases. "
    "Code: https://github.com/SPIRAL-MED/DiagnosisArena."
)
IMB = (
    "Sharpness-aware minimization overlooks tail classes. We propose ImbSAM, which restricts the "
    "sharpness term to tail classes, and reach 45.3% accuracy on ImageNet-LT, a gain of 4.8%. "
    "Code is at github.com/cool/imbsam"
)
SEG = "We propose GridSeg, a segmentation method that labels pixels on a coarse grid first."
XSS = (
    "A study of <script>alert('abstract')</script> filters and <img src=x onerror=alert(2)> tags "
    "in 3 large language models & their tokenizers."
)
FAILED = "An abstract whose summary never validated <b>bold</b>, kept so the card is not blank."
SPEECH = "We release EchoKit, a toolkit and method for speech enhancement on FLEURS."


def record(
    rid: str,
    abstract: str,
    summary: dict[str, Any] | None = None,
    error: dict | None = None,
    spans: bool = True,
) -> dict[str, Any]:
    """An output record as summarize writes it, with spans found the way the pipeline does."""
    full = None
    span_map: dict[str, Any] = {}
    if summary is not None:
        full = {
            "tldr": "",
            "problem": "",
            "contribution_types": [],
            "introduces": [],
            "datasets": [],
            "tasks": [],
            "results": [],
            "domain": "other",
            "code_url": None,
            "keywords": [],
        }
        full.update(summary)
        if spans:
            span_map = {
                "introduces": [find_span(x, abstract) for x in full["introduces"]],
                "datasets": [find_span(x, abstract) for x in full["datasets"]],
                "results": [find_span(r["value"], abstract) for r in full["results"]],
            }
            if full["code_url"]:
                span_map["code_url"] = find_span(full["code_url"], abstract)
    return {
        "id": rid,
        "title": None,
        "abstract": abstract,
        "summary": full,
        "error": error,
        "meta": {"model": "qwen2.5-coder-0.5b-instruct", "prompt": "default.v1"},
        "spans": span_map,
    }


def _result(value: str, metric: str | None, subject: str | None, kind: str = "absolute") -> dict:
    return {"value": value, "metric": metric, "subject": subject, "kind": kind}


RECORDS = [
    record(
        "a1",
        DIAG,
        {
            "tldr": "DiagnosisArena shows top models reach under 46% diagnostic accuracy.",
            "problem": "Medical benchmarks do not test professional-level diagnostic reasoning.",
            "contribution_types": ["benchmark", "dataset"],
            "introduces": ["DiagnosisArena"],
            "results": [_result("45.82%", "accuracy", "o3-mini"), _result("1,113", "pairs", None)],
            "domain": "healthcare",
            "code_url": "https://github.com/SPIRAL-MED/DiagnosisArena",
        },
    ),
    record(
        "b2",
        IMB,
        {
            "tldr": "ImbSAM focuses sharpness-aware minimization on tail classes.",
            "problem": "SAM overlooks tail classes in long-tailed classification.",
            "contribution_types": ["method"],
            "introduces": ["ImbSAM"],
            "datasets": ["ImageNet-LT"],
            "results": [
                _result("45.3%", "accuracy", "ImbSAM"),
                _result("4.8%", "accuracy", "ImbSAM", "improvement"),
            ],
            "domain": "computer_vision",
            "code_url": "github.com/cool/imbsam",
        },
    ),
    record(
        "c3",
        SEG,
        {
            "tldr": "GridSeg labels pixels coarse-to-fine.",
            "problem": "Dense labelling is slow.",
            "contribution_types": ["method"],
            "introduces": ["GridSeg"],
            "domain": "computer_vision",
        },
        spans=False,
    ),  # an older record without spans: the items are found again
    record(
        "d4",
        XSS,
        {
            "tldr": "Filters miss </p><script>alert('tldr')</script> in model text.",
            "problem": "<img src=x onerror=alert('problem')>",
            "contribution_types": ["empirical_study"],
            "introduces": ["<script>alert('abstract')</script>"],
            "results": [_result("3", "<b>models</b>", None)],
            "domain": "natural_language",
            "code_url": "javascript:alert('code')",
        },
    ),
    record(
        "e5",
        FAILED,
        None,
        {"type": "OutputValidationError", "message": "tldr <must> be one sentence"},
    ),
    record(
        "f6",
        SPEECH,
        {
            "tldr": "EchoKit enhances speech.",
            "problem": "Speech enhancement tools are scattered.",
            "contribution_types": ["system", "method"],
            "introduces": ["EchoKit"],
            "datasets": ["FLEURS"],
            "domain": "speech_audio",
        },
    ),
]


class _Collect(HTMLParser):
    """Collects tags (with attributes) and text, as a browser's parser would see them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture(scope="module")
def page() -> str:
    return build_digest(RECORDS, title="Test <digest>", source="out.jsonl")


def _parse(html: str) -> _Collect:
    parser = _Collect()
    parser.feed(html)
    return parser


def test_untrusted_text_never_becomes_markup(page):
    parsed = _parse(page)
    scripts = [t for t, _ in parsed.tags if t == "script"]
    assert len(scripts) == 1  # ours, at the end; none from a record
    assert not [a for t, a in parsed.tags if t == "img"]
    assert not any(k.startswith("on") for _, attrs in parsed.tags for k in attrs)
    text = "".join(parsed.text)
    for shown in (
        "<script>alert('abstract')</script>",
        "</p><script>alert('tldr')</script>",
        "<img src=x onerror=alert('problem')>",
        "<b>models</b>",
        "tldr <must> be one sentence",
        "Test <digest>",
    ):
        assert shown in text  # shown as text, exactly as written


def test_highlights_escape_each_segment_and_mark_the_spans():
    html = highlight(RECORDS[3])
    assert (
        '<mark class="hl-intro">&lt;script&gt;alert(&#x27;abstract&#x27;)&lt;/script&gt;</mark>'
        in html
    )
    assert "&lt;img src=x onerror=alert(2)&gt;" in html and "&amp; their" in html
    diag = highlight(RECORDS[0])
    assert '<mark class="hl-intro">DiagnosisArena</mark>' in diag
    assert '<mark class="hl-num">45.82%</mark>' in diag
    assert '<mark class="hl-url">https://github.com/SPIRAL-MED/DiagnosisArena</mark>.' in diag
    # No spans in the record: found again in the abstract.
    assert '<mark class="hl-intro">GridSeg</mark>' in highlight(RECORDS[2])


@pytest.mark.parametrize(
    "spans",
    [
        pytest.param({"introduces": [[5, 2]]}, id="reversed"),
        pytest.param({"introduces": [[0, 10_000]]}, id="past-the-end"),
        pytest.param({"introduces": [["0", "3"]], "code_url": "x"}, id="not-ints"),
        pytest.param({"introduces": [[0, 9], [3, 12]], "results": [[4, 6]]}, id="overlapping"),
    ],
)
def test_bad_or_overlapping_spans_never_break_the_text(spans):
    rec = {**RECORDS[2], "spans": spans}
    html = highlight(rec)
    plain = re.sub(r"</?mark[^>]*>", "", html)
    assert plain == SEG  # nothing lost, nothing doubled
    assert html.count("<mark") <= 1


@pytest.mark.parametrize(
    "url, href",
    [
        pytest.param("https://github.com/a/b", "https://github.com/a/b", id="https"),
        pytest.param("http://x.org/p?q=1&r=2", "http://x.org/p?q=1&r=2", id="http"),
        pytest.param("github.com/a/b", "https://github.com/a/b", id="scheme-less"),
        pytest.param("localhost:8080/x", "https://localhost:8080/x", id="host-port"),
        pytest.param("//cdn.example.org/x", "https://cdn.example.org/x", id="protocol-relative"),
        pytest.param("javascript:alert(1)", None, id="javascript"),
        pytest.param("JavaScript:alert(1)", None, id="javascript-case"),
        pytest.param("java\tscript:alert(1)", None, id="javascript-tab"),
        pytest.param(" data:text/html,<b>", None, id="data"),
        pytest.param("vbscript:x", None, id="vbscript"),
        pytest.param("", None, id="empty"),
    ],
)
def test_safe_href(url, href):
    assert safe_href(url) == href


def test_code_links_are_http_only(page):
    hrefs = [a.get("href") for t, a in _parse(page).tags if t == "a"]
    assert hrefs == [
        "https://github.com/SPIRAL-MED/DiagnosisArena",
        "https://github.com/cool/imbsam",
    ]
    assert "javascript:alert(&#x27;code&#x27;)" in page  # shown as text, not linked


def test_page_is_self_contained(page):
    parsed = _parse(page)
    for tag, attrs in parsed.tags:
        assert tag not in ("link", "iframe", "object", "embed", "img")
        assert "src" not in attrs, (tag, attrs)
    assert "@import" not in page and "url(" not in page and "@font-face" not in page
    policy = next(
        a["content"] for t, a in parsed.tags if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert "default-src 'none'" in policy and "unsafe" not in policy


def test_failed_record_shows_error_and_abstract(page):
    card = re.search(r'<article class="card failed".*?</article>', page, re.S).group(0)
    assert "OutputValidationError" in card and "tldr &lt;must&gt; be one sentence" in card
    assert "kept so the card is not blank" in card and "&lt;b&gt;bold&lt;/b&gt;" in card


def test_overview_counts(page):
    domain_chart = re.search(r'aria-label="Papers per domain".*?</svg>', page, re.S).group(0)
    bars = dict(re.findall(r"<title>(\w+): (\d+)</title>", domain_chart))
    assert bars == {
        "computer_vision": "2",
        "healthcare": "1",
        "natural_language": "1",
        "speech_audio": "1",
    }
    types = dict(
        re.findall(
            r"<title>(\w+): (\d+)</title>",
            page.split('aria-label="Papers per contribution type"')[1],
        )
    )
    assert types["method"] == "3" and types["benchmark"] == "1" and types["system"] == "1"
    assert "<b>2</b> of 5 summarized papers link to code" in page
    assert "<b>1</b> failed to summarize" in page


def test_counts_of_one_take_the_singular(tmp_path):
    page = build_digest(RECORDS[:1])  # one paper, with code and numbers
    stats = page.split('<ul class="stats">')[1].split("</ul>")[0]
    assert "<b>1</b> of 1 summarized paper links to code (100%)" in stats
    assert "<b>1</b> paper reports numbers" in stats
    assert "1 papers" not in page and "report numbers" not in stats
    assert "1 paper · " in page  # the subtitle
    two = build_digest(RECORDS[:2])
    assert "<b>2</b> papers report numbers" in two and "2 papers · " in two
    assert "of 2 summarized papers link to code" in two

    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps(RECORDS[0]) + "\n", encoding="utf-8")
    result = run_cli(["digest", str(source)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("(1 paper)")


def test_digest_command_writes_the_file(tmp_path):
    source = tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    result = run_cli(["digest", str(source), "-o", str(tmp_path / "d" / "digest.html")], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(6 papers)" in result.stderr
    assert (tmp_path / "d" / "digest.html").read_text(encoding="utf-8").count(
        '<article class="card'
    ) == 6


@pytest.mark.parametrize(
    "name, content, message",
    [
        pytest.param("missing.jsonl", None, "no such file", id="missing"),
        pytest.param("empty.jsonl", "", "holds no output records", id="empty"),
        pytest.param("out.csv", "id,title\n", "use the JSONL output", id="csv"),
    ],
)
def test_digest_command_errors(tmp_path, name, content, message):
    if content is not None:
        (tmp_path / name).write_text(content, encoding="utf-8")
    result = run_cli(["digest", str(tmp_path / name)], tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert "Traceback" not in result.stderr


@needs_browser()
def test_filters_in_headless_chromium(tmp_path):
    """Open the file as a user would, click a domain filter, and keep screenshots."""
    from selenium.webdriver.common.by import By

    target = tmp_path / "digest.html"
    target.write_text(build_digest(RECORDS, title="Browser test"), encoding="utf-8")
    shots = Path(os.environ.get("DIGEST_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    driver = headless_chrome(tmp_path / "profile", "--window-size=1280,2600", browser_log=True)
    try:
        driver.set_page_load_timeout(30)
        driver.get(target.as_uri())

        def visible() -> list[str]:
            cards = driver.find_elements(By.CSS_SELECTOR, "article.card")
            return [c.get_attribute("id") for c in cards if c.is_displayed()]

        assert len(visible()) == 6
        driver.save_screenshot(str(shots / "digest-before.png"))
        driver.find_element(
            By.CSS_SELECTOR, 'button.chip[data-group="domain"][data-value="computer_vision"]'
        ).click()
        assert visible() == ["p-b2", "p-c3"]
        assert driver.find_element(By.ID, "f-shown").text == "2"
        driver.save_screenshot(str(shots / "digest-after-domain.png"))

        driver.find_element(By.ID, "f-code").click()  # has code: only ImbSAM among the two
        assert visible() == ["p-b2"]
        driver.find_element(By.ID, "f-clear").click()
        driver.find_element(By.ID, "f-q").send_keys("echokit")
        assert visible() == ["p-f6"]
        driver.find_element(By.ID, "f-clear").click()
        # A bar in the overview chart toggles the same filter as the chip.
        driver.find_element(
            By.CSS_SELECTOR, 'svg g[data-group="type"][data-value="benchmark"] text'
        ).click()
        assert visible() == ["p-a1"]
        driver.find_element(By.ID, "f-clear").click()
        driver.find_element(By.ID, "f-numbers").click()
        assert visible() == ["p-a1", "p-b2", "p-d4"]

        # No script from a record ran (an alert would be open) and the CSP blocked nothing of ours.
        assert driver.execute_script("return document.querySelectorAll('script').length") == 1
        problems = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not problems, problems
    finally:
        driver.quit()
    if shots != tmp_path:
        shutil.copy(target, shots / "digest.html")


def test_summary_of_another_schema_still_renders():
    odd = {
        "id": "z9",
        "abstract": "Plain text.",
        "error": None,
        "spans": {"introduces": 5, "results": "x"},
        "meta": None,
        "summary": {"tldr": "One line.", "contribution_types": "method", "results": "3",
                    "introduces": ["Plain"], "code_url": 42},
    }  # fmt: skip
    page = build_digest([odd])
    assert "One line." in page and 'data-types=""' in page and "Plain text." in page
    assert "<a " not in page and 'data-code="0"' in page


@pytest.mark.parametrize(
    "field, value, reason",
    [
        pytest.param("meta", ["qwen"], "'meta' is a list, not an object", id="meta-list"),
        pytest.param("summary", ["tldr"], "'summary' is a list, not an object", id="summary-list"),
        pytest.param("spans", "0-4", "'spans' is text, not an object", id="spans-str"),
        pytest.param("error", 500, "'error' is a number, not an object", id="error-number"),
        pytest.param("abstract", ["a"], "'abstract' is a list, not text", id="abstract-list"),
    ],
)
def test_malformed_record_is_a_failed_card_not_a_crash(field, value, reason):
    odd = record("m1", SEG, {"introduces": ["GridSeg"], "tldr": "GridSeg labels grids."})
    odd[field] = value
    page = build_digest([RECORDS[0], odd])
    card = page.split('id="p-m1"')[1].split("</article>")[0]
    assert 'data-failed="1"' in page.split('id="p-m1"')[1][:200]
    assert f"Failed: Malformed record: {escape(reason)}" in card
    assert "<b>1</b> failed to summarize" in page
    assert "qwen2.5-coder-0.5b-instruct" in page  # the good record's model still counts


def test_load_records_warns_once_about_records_of_the_wrong_shape(tmp_path):
    odd = [dict(RECORDS[0], id=f"w{i}", meta=["x"]) for i in range(7)]
    path = tmp_path / "out.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [RECORDS[1], *odd]), encoding="utf-8")
    said: list[str] = []
    records = load_records(path, warn=said.append)
    assert len(records) == 8
    (line,) = said
    assert "7 records of the wrong shape, shown as failed" in line
    assert "w0: 'meta' is a list, not an object" in line and "and 2 more" in line
    assert load_records(tmp_path / "out.jsonl", warn=said.append) and len(said) == 2


def test_planted_lone_surrogate_still_gives_a_page_that_can_be_written():
    odd = record("s1", "We study \ud800 things.", {"tldr": "One \udc00 line."})
    page = build_digest([odd])
    page.encode("utf-8")
    assert "We study \ufffd things." in page


def test_digest_command_with_a_malformed_record(tmp_path):
    odd = dict(RECORDS[0], id="bad1", meta=["not", "an", "object"], summary="x")
    source = tmp_path / "out.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in [*RECORDS, odd]), encoding="utf-8")
    target = tmp_path / "digest.html"
    result = run_cli(["digest", str(source), "-o", str(target)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "warning:" in result.stderr and "bad1: 'summary' is text" in result.stderr
    assert "Malformed record" in target.read_text(encoding="utf-8")
