"""Reading abstracts: Daily Papers text, JSONL, CSV, stdin; ids, duplicates, bad input."""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.inputs import Paper, read_papers


def _sha16(text: str) -> str:
    """The guide's id, computed here independently of summarizer.text."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _read(path: Path | str, **kwargs: object) -> list[Paper]:
    return list(read_papers([str(path)], **kwargs))  # type: ignore[arg-type]


class _Stdin:
    """Stands in for sys.stdin: the reader takes raw bytes from ``.buffer``."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


# --- Daily Papers text -----------------------------------------------------------------------

DAILY = (
    "Daily Papers\n"
    "\n"
    "We propose ImbSAM, a flat-minima method\n"
    "for  long-tailed   classification.\n"
    "\n"
    "\n"
    "DiagnosisArena is a benchmark of 1,113 cases.\n"
    "   \n"
    "A third abstract.\n"
)


def test_daily_papers_skips_header_and_joins_lines(tmp_path: Path) -> None:
    path = tmp_path / "dump.txt"
    path.write_text(DAILY, encoding="utf-8")
    papers = _read(path)
    assert [p.abstract for p in papers] == [
        "We propose ImbSAM, a flat-minima method for long-tailed classification.",
        "DiagnosisArena is a benchmark of 1,113 cases.",
        "A third abstract.",
    ]
    assert [p.source for p in papers] == [f"{path}#1", f"{path}#2", f"{path}#3"]
    assert all(p.problem is None and p.title is None for p in papers)


def test_daily_papers_crlf_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "dump.txt"
    path.write_bytes(DAILY.replace("\n", "\r\n").encode("utf-8"))
    assert len(_read(path)) == 3


@pytest.mark.parametrize(
    "abstract",
    [
        pytest.param("One line abstract.", id="one-line"),
        pytest.param("Spread  over\ntwo lines\twith tabs.", id="multi-line-whitespace"),
        pytest.param("Ünïcode abstract — with a dash.", id="non-ascii"),
    ],
)
def test_id_is_sha256_prefix_of_normalized_abstract(tmp_path: Path, abstract: str) -> None:
    path = tmp_path / "one.txt"
    path.write_text(f"Daily Papers\n\n{abstract}\n", encoding="utf-8")
    [paper] = _read(path)
    assert paper.id == _sha16(abstract)
    assert len(paper.id) == 16 and int(paper.id, 16) >= 0


def test_same_abstract_same_id_across_formats(tmp_path: Path) -> None:
    text = tmp_path / "a.txt"
    text.write_text("An   abstract\nabout things.\n", encoding="utf-8")
    jsonl = tmp_path / "a.jsonl"
    jsonl.write_text('{"abstract": "An abstract about things."}\n', encoding="utf-8")
    [from_text] = _read(text)
    [from_jsonl] = _read(jsonl)
    assert from_text.id == from_jsonl.id == _sha16("An abstract about things.")


# --- JSONL -----------------------------------------------------------------------------------


def test_jsonl_keeps_id_and_title(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(
        '{"id": "paper-1", "title": "ImbSAM", "abstract": "First abstract."}\n'
        "\n"
        '{"title": "", "abstract": "Second abstract."}\n',
        encoding="utf-8",
    )
    first, second = _read(path)
    assert (first.id, first.title, first.abstract) == ("paper-1", "ImbSAM", "First abstract.")
    assert (second.id, second.title) == (_sha16("Second abstract."), None)
    assert second.source == f"{path}, line 3"


def test_jsonl_numeric_id_becomes_string(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"id": 7, "abstract": "An abstract."}\n', encoding="utf-8")
    assert _read(path)[0].id == "7"


@pytest.mark.parametrize(
    "bad_line, message",
    [
        pytest.param(
            '{"title": "no abstract"}', "line 2: record has no 'abstract'", id="no-abstract"
        ),
        pytest.param(
            '{"abstract": "   "}', "line 2: record has no 'abstract'", id="blank-abstract"
        ),
        pytest.param("this is not json", "line 2: not valid JSON", id="not-json"),
        pytest.param('{"abstract": "cut', "line 2: not valid JSON", id="truncated"),
        pytest.param('["a", "list"]', "line 2: expected a JSON object", id="not-an-object"),
    ],
)
def test_jsonl_bad_line_names_the_line(tmp_path: Path, bad_line: str, message: str) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"abstract": "Fine."}\n' + bad_line + "\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        _read(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)


# --- CSV -------------------------------------------------------------------------------------


def test_csv_reads_abstract_id_and_title(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    text = '\ufeffid,title,abstract\n1,ImbSAM,"An abstract, with a comma."\n,,"Multi\nline."\n'
    path.write_bytes(text.encode("utf-8"))
    first, second = _read(path)
    assert (first.id, first.title, first.abstract) == ("1", "ImbSAM", "An abstract, with a comma.")
    assert (second.id, second.title, second.abstract) == (
        _sha16("Multi line."),
        None,
        "Multi\nline.",
    )


def test_csv_without_abstract_column_lists_columns(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text("id,title,body\n1,T,some text\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"no 'abstract' column \(columns: id, title, body\)"):
        _read(path)


def test_csv_empty_abstract_names_the_row(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text('abstract\nFine.\n""\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"row 3: empty abstract"):
        _read(path)


def test_tsv_is_read_with_tabs(tmp_path: Path) -> None:
    path = tmp_path / "in.tsv"
    path.write_text("id\tabstract\n1\tAn abstract, with a comma.\n", encoding="utf-8")
    [paper] = _read(path)
    assert paper.abstract == "An abstract, with a comma."


# --- stdin -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, expected_source",
    [
        pytest.param(b'{"id": "s1", "abstract": "From stdin."}\n', "stdin, line 1", id="jsonl"),
        pytest.param(b"Daily Papers\n\nFrom stdin.\n", "stdin#1", id="text"),
    ],
)
def test_stdin_dash(monkeypatch: pytest.MonkeyPatch, data: bytes, expected_source: str) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    [paper] = _read("-")
    assert paper.abstract == "From stdin."
    assert paper.source == expected_source


@pytest.mark.parametrize(
    "data, message",
    [
        pytest.param(b"", "the input is empty", id="empty"),
        pytest.param(b"abc\x00def", "binary", id="binary"),
        pytest.param(b"caf\xe9 abstract", "not UTF-8", id="latin-1"),
    ],
)
def test_stdin_bad_input(monkeypatch: pytest.MonkeyPatch, data: bytes, message: str) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    with pytest.raises(InputError, match=message):
        _read("-")


# --- duplicates and limits -------------------------------------------------------------------


def test_duplicates_are_yielded_once(tmp_path: Path) -> None:
    path = tmp_path / "dup.txt"
    path.write_text("Same text.\n\nSame   text.\n\nOther text.\n", encoding="utf-8")
    assert [p.abstract for p in _read(path)] == ["Same text.", "Other text."]
    assert len(_read(path, dedupe=False)) == 3


def test_duplicates_across_files_are_yielded_once(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.jsonl"
    a.write_text("Shared abstract.\n", encoding="utf-8")
    b.write_text('{"abstract": "Shared  abstract."}\n{"abstract": "New."}\n', encoding="utf-8")
    papers = list(read_papers([str(a), str(b)]))
    assert [p.abstract for p in papers] == ["Shared abstract.", "New."]


def test_over_long_abstract_carries_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    long = "word " * 400  # 2,000 characters before stripping
    path.write_text(
        f'{{"abstract": "{long}"}}\n{{"abstract": "A short abstract."}}\n', encoding="utf-8"
    )
    big, short = _read(path, limit_chars=1000)
    assert big.problem is not None
    assert "1,999 characters" in big.problem and "1,000" in big.problem
    assert short.problem is None


# --- whole-input failures --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, content, message",
    [
        pytest.param("empty.txt", b"", "the file is empty", id="empty-file"),
        pytest.param("blank.txt", b"\n  \n\n", "no abstracts found", id="only-blank-lines"),
        pytest.param("header.txt", b"Daily Papers\n", "no abstracts found", id="only-header"),
        pytest.param("blank.jsonl", b"\n\n", "no records found", id="jsonl-no-records"),
        pytest.param("head.csv", b"id,abstract\n", "no rows found", id="csv-header-only"),
        pytest.param("bin.txt", b"GGUF\x00\x01\x02" * 10, "binary", id="binary-file"),
        pytest.param("latin.txt", b"caf\xe9 au lait\n", "not UTF-8", id="undecodable-text"),
        pytest.param(
            "latin.jsonl", b'{"abstract": "caf\xe9"}\n', "not UTF-8", id="undecodable-jsonl"
        ),
        pytest.param("latin.csv", b"abstract\ncaf\xe9\n", "not UTF-8", id="undecodable-csv"),
    ],
)
def test_bad_file_raises_one_line_input_error(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError) as info:
        _read(path)
    assert message in str(info.value)
    assert str(info.value).startswith(str(path))
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file") as info:
        _read(tmp_path / "nope.txt")
    assert "\n" not in str(info.value)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory") as info:
        _read(tmp_path)
    assert "\n" not in str(info.value)


def test_errors_are_raised_lazily_but_before_bad_items(tmp_path: Path) -> None:
    # Streaming: the good line before a broken one is yielded, then the error.
    path = tmp_path / "in.jsonl"
    path.write_text('{"abstract": "Good."}\nbroken\n', encoding="utf-8")
    stream = read_papers([str(path)])
    assert next(stream).abstract == "Good."
    with pytest.raises(InputError, match="line 2"):
        next(stream)
