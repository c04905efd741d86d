"""``summarizer show``: --where filters, id selection, and the cards rich prints."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from summarizer.errors import InputError
from summarizer.views.show import parse_where, render_card, select_records

from .support.cli import run_cli

ABSTRACT = (
    "We present DiagnosisArena, a benchmark of 1,113 cases; o3-mini reaches 45.82% accuracy on "
    "MedQA. Code: https://github.com/SPIRAL-MED/DiagnosisArena"
)


def rec(
    rid: str, domain: str | None, types=("method",), code=None, results=(), **extra: Any
) -> dict:
    summary = None
    if domain is not None:
        summary = {
            "tldr": f"TL;DR of {rid}.",
            "problem": f"Problem of {rid}.",
            "contribution_types": list(types),
            "introduces": extra.get("introduces", []),
            "datasets": extra.get("datasets", []),
            "tasks": ["long-tailed classification"],
            "results": list(results),
            "domain": domain,
            "code_url": code,
            "keywords": ["a", "b", "c"],
        }
    error = (
        None if summary else {"type": "BackendError", "message": "the endpoint answered HTTP 500"}
    )
    return {
        "id": rid,
        "title": extra.get("title"),
        "abstract": extra.get("abstract", ABSTRACT),
        "summary": summary,
        "error": error,
        "meta": {},
        "spans": extra.get("spans", {}),
    }


NUMBER = {"value": "45.82%", "metric": "accuracy", "subject": "o3-mini", "kind": "absolute"}
RECORDS = [
    rec(
        "aa11",
        "healthcare",
        ("benchmark", "dataset"),
        "https://github.com/SPIRAL-MED/DiagnosisArena",
        [NUMBER],
        introduces=["DiagnosisArena"],
        datasets=["MedQA"],
        title="DiagnosisArena",
    ),
    rec(
        "aa22",
        "computer_vision",
        ("method",),
        None,
        [],
        introduces=["ImbSAM"],
        datasets=["ImageNet-LT"],
    ),
    rec("bb33", "healthcare", ("empirical_study",), None, [NUMBER]),
    rec("cc44", None),
]


def ids(records: list[dict]) -> list[str]:
    return [r["id"] for r in records]


@pytest.mark.parametrize(
    "where, expected",
    [
        pytest.param(["domain=healthcare"], ["aa11", "bb33"], id="domain"),
        pytest.param(["domain=HEALTHCARE"], ["aa11", "bb33"], id="domain-case"),
        pytest.param(["domain=healthcare,computer_vision"], ["aa11", "aa22", "bb33"], id="any-of"),
        pytest.param(["domain!=healthcare"], ["aa22", "cc44"], id="not"),
        pytest.param(["type=method"], ["aa22"], id="type"),
        pytest.param(["contribution-type=benchmark"], ["aa11"], id="type-alias"),
        pytest.param(["has_code=yes"], ["aa11"], id="has-code"),
        pytest.param(["has_numbers=no"], ["aa22", "cc44"], id="no-numbers"),
        pytest.param(["failed=yes"], ["cc44"], id="failed"),
        pytest.param(["dataset=imagenet"], ["aa22"], id="dataset-substring"),
        pytest.param(["introduces=diagnosisarena"], ["aa11"], id="introduces"),
        pytest.param(
            ["domain=healthcare", "has_numbers=yes", "type=empirical_study"], ["bb33"], id="and"
        ),
        pytest.param(["text=o3-mini"], ["aa11", "aa22", "bb33", "cc44"], id="text-in-abstract"),
        pytest.param(["title=diagnosis"], ["aa11"], id="title"),
    ],
)
def test_where(where, expected):
    assert ids(select_records(RECORDS, conditions=parse_where(where))) == expected


@pytest.mark.parametrize(
    "expr, message",
    [
        pytest.param("domain", "write KEY=VALUE", id="no-equals"),
        pytest.param("domain=", "write KEY=VALUE", id="no-value"),
        pytest.param("colour=red", "unknown key 'colour'", id="unknown-key"),
        pytest.param("has_code=maybe", "has_code takes yes or no", id="bad-bool"),
    ],
)
def test_where_errors(expr, message):
    with pytest.raises(ValueError, match=message):
        parse_where([expr])


def test_select_by_id_and_prefix():
    assert ids(select_records(RECORDS, ["bb33", "aa2"])) == ["bb33", "aa22"]
    assert ids(select_records(RECORDS, ["aa22", "aa22"])) == ["aa22"]
    with pytest.raises(InputError, match="matches 2 records"):
        select_records(RECORDS, ["aa"])
    with pytest.raises(InputError, match="no record has the id 'zz'"):
        select_records(RECORDS, ["zz"])


def _text(renderable: Any) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_card_shows_summary_fields():
    text = _text(render_card(RECORDS[0]))
    for expected in (
        "DiagnosisArena",
        "healthcare",
        "benchmark",
        "TL;DR of aa11.",
        "Problem of aa11.",
        "MedQA",
        "45.82%",
        "accuracy",
        "o3-mini",
        "https://github.com/SPIRAL-MED/DiagnosisArena",
        "aa11",
    ):
        assert expected in text
    assert "1,113 cases" not in text  # the abstract only with --abstract
    assert "1,113 cases" in _text(render_card(RECORDS[0], abstract=True))


def test_failed_card_shows_error_and_abstract():
    text = _text(render_card(RECORDS[3]))
    assert "failed: BackendError: the endpoint answered HTTP 500" in text
    assert "We present DiagnosisArena" in text


def test_model_text_is_not_rich_markup():
    record = rec("dd55", "other", title="[bold red]T[/]")
    record["summary"]["tldr"] = "[link=file:///etc/passwd]click[/link] and [red]x"
    text = _text(render_card(record))
    assert "[link=file:///etc/passwd]click[/link] and [red]x" in text and "[bold red]T[/]" in text


def test_abstract_highlights_use_spans_and_ignore_bad_ones():
    from summarizer.views.show import highlighted_abstract

    record = rec(
        "ee66", "other", spans={"introduces": [[11, 25], [5, 500], None], "code_url": [0, 2]}
    )
    styled = highlighted_abstract(record)
    assert [(s.start, s.end) for s in styled.spans] == [(11, 25), (0, 2)]
    assert styled.plain[11:25] == "DiagnosisArena"


#: The terminal width these tests read the cards at.
WIDE = {"COLUMNS": "120"}


@pytest.fixture
def out_file(tmp_path: Path) -> Path:
    path = tmp_path / "out.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def test_show_command(out_file):
    result = run_cli(
        ["show", str(out_file), "--where", "domain=healthcare"], out_file.parent, env=WIDE
    )
    assert result.returncode == 0, result.stderr
    assert "TL;DR of aa11." in result.stdout and "TL;DR of bb33." in result.stdout
    assert "aa22" not in result.stdout
    assert "2 of 4 records" in result.stderr


def test_show_command_by_id_and_nothing_matches(out_file):
    result = run_cli(["show", str(out_file), "aa2", "-a"], out_file.parent, env=WIDE)
    assert (
        result.returncode == 0
        and "TL;DR of aa22." in result.stdout
        and "1,113 cases" in result.stdout
    )
    none = run_cli(["show", str(out_file), "-w", "domain=graphs"], out_file.parent, env=WIDE)
    assert none.returncode == 0 and none.stdout == "" and "no record matches" in none.stderr


@pytest.mark.parametrize(
    "args, code, message",
    [
        pytest.param(["--where", "colour=red"], 2, "unknown key", id="bad-where"),
        pytest.param(["zz"], 1, "Error: no record has the id 'zz'", id="unknown-id"),
    ],
)
def test_show_command_errors(out_file, args, code, message):
    result = run_cli(["show", str(out_file), *args], out_file.parent, env=WIDE)
    assert (
        result.returncode == code and message in result.stderr and "Traceback" not in result.stderr
    )


# --- untrusted text on the terminal and records of the wrong shape ---------------------------

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\rFake line \u202eevil\x9b31m"


def _raw(renderable: Any) -> str:
    """What the terminal would receive, without colour codes of rich's own."""
    console = Console(file=io.StringIO(), width=200, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_control_characters_in_a_card_are_shown_escaped():
    record = rec("id\x1b[31m", "other", title="T" + HOSTILE, abstract="We study things." + HOSTILE)
    record["summary"]["tldr"] = "TL;DR" + HOSTILE
    record["summary"]["datasets"] = ["Set" + HOSTILE]
    record["summary"]["results"] = [{"value": "1%" + HOSTILE, "metric": "m\x1b", "subject": None}]
    text = _raw(render_card(record, abstract=True))
    assert not any(ch in text for ch in "\x1b\x07\r\x9b\u202e")
    assert "\\x1b]0;pwned\\x07\\x1b[2J\\rFake line \\u202eevil\\x9b31m" in text
    assert "id\\x1b[31m" in text


def test_control_characters_in_a_failed_card_are_shown_escaped():
    record = rec("ff77", None, abstract="An abstract.\x1b[5m")
    record["error"] = {"type": "BackendError", "message": "HTTP 500: " + HOSTILE}
    text = _raw(render_card(record))
    assert "\x1b" not in text and "\x9b" not in text
    assert "HTTP 500: \\x1b]0;pwned" in text and "An abstract.\\x1b[5m" in text


def test_highlights_stay_on_their_words_when_escapes_lengthen_the_text():
    from summarizer.views.show import highlighted_abstract

    abstract = "\x1b[1mWe propose GridSeg\x1b[0m and test it on COCO."
    start = abstract.index("GridSeg")
    data = abstract.index("COCO")
    record = rec(
        "gg88",
        "other",
        abstract=abstract,
        spans={"introduces": [[start, start + 7]], "datasets": [[data, data + 4]]},
    )
    styled = highlighted_abstract(record)
    marked = [styled.plain[s.start : s.end] for s in styled.spans]
    assert marked == ["GridSeg", "COCO"]
    assert "\x1b" not in styled.plain and styled.plain.startswith("\\x1b[1mWe propose")


@pytest.mark.parametrize(
    "field, value, reason",
    [
        pytest.param("meta", ["a", "list"], "'meta' is a list, not an object", id="meta-list"),
        pytest.param("summary", "a string", "'summary' is text, not an object", id="summary-str"),
        pytest.param("spans", [1, 2], "'spans' is a list, not an object", id="spans-list"),
        pytest.param("error", "oops", "'error' is text, not an object", id="error-str"),
        pytest.param("title", {"a": 1}, "'title' is an object, not text", id="title-dict"),
        pytest.param("id", ["x"], "'id' is a list, not text", id="id-list"),
    ],
)
def test_malformed_record_is_a_failed_card_not_a_crash(field, value, reason):
    record = rec("hh99", "other")
    record[field] = value
    text = _text(render_card(record, abstract=True))
    assert f"failed: Malformed record: {reason}" in text
    assert select_records([record], (), parse_where(["failed=yes"])) == [record]


def test_show_command_warns_about_malformed_records(tmp_path):
    bad = rec("mm00", "other")
    bad["meta"] = ["not", "an", "object"]
    path = tmp_path / "out.jsonl"
    lines = [json.dumps(r) for r in [*RECORDS, bad]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_cli(["show", str(path)], tmp_path, env=WIDE)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "warning:" in result.stderr and "1 record of the wrong shape" in result.stderr
    assert "mm00: 'meta' is a list, not an object" in result.stderr
    assert "Malformed record" in result.stdout and "TL;DR of aa11." in result.stdout


LONG_TITLE = (
    "MammoDG: Generalisable Deep Learning Breaks the Limits of Cross-Domain Multi-Center "
    "Breast Cancer Screening"
)


@pytest.mark.parametrize("failed", [False, True], ids=["summarized", "failed"])
def test_a_title_too_long_for_the_border_ends_in_an_ellipsis_and_is_shown_whole(failed):
    record = rec("mm1", None if failed else "healthcare", title=LONG_TITLE)
    console = Console(record=True, width=80, color_system=None)
    console.print(render_card(record))
    lines = console.export_text().splitlines()
    assert len(lines[0]) == 80 and "…" in lines[0]  # the border line: cut, and marked so
    assert LONG_TITLE.split()[0] in lines[0]
    inside = " ".join(line.strip("│ ") for line in lines[1:4])
    assert LONG_TITLE in inside  # wrapped at words inside the card, every word kept


def test_a_title_that_fits_is_shown_once_in_the_border():
    record = rec("mm2", "healthcare", title="MammoDG")
    text = _text(render_card(record))
    assert text.splitlines()[0].startswith("╭─ MammoDG ─")
    assert text.count("MammoDG") == 1 and "…" not in text
