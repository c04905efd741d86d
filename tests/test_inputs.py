"""Reading abstracts: Daily Papers text, JSONL, CSV, stdin; ids, duplicates, bad input."""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import sys
import threading
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.io.inputs import Paper, read_papers, rereadable

from .support.limits import time_limit


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
    "for  long-tailed   classification. It helps tail classes.\n"
    "\n"
    "\n"
    "DiagnosisArena is a benchmark of 1,113 cases. Models fail it.\n"
    "   \n"
    "A third abstract. It has two sentences.\n"
)


def test_daily_papers_skips_header_and_joins_lines(tmp_path: Path) -> None:
    path = tmp_path / "dump.txt"
    path.write_text(DAILY, encoding="utf-8")
    papers = _read(path)
    assert [p.abstract for p in papers] == [
        "We propose ImbSAM, a flat-minima method for long-tailed classification. "
        "It helps tail classes.",
        "DiagnosisArena is a benchmark of 1,113 cases. Models fail it.",
        "A third abstract. It has two sentences.",
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
    with pytest.raises(InputError, match=r"line 3: empty abstract"):
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
        f'{{"abstract": "{long}"}}\n{{"abstract": "A short abstract. Two sentences."}}\n',
        encoding="utf-8",
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


# --- text the writer could not encode --------------------------------------------------------


def test_lone_surrogates_become_valid_text_and_ids_stay_apart(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    # JSON can spell a lone surrogate; json.loads gives a str that UTF-8 cannot encode.
    path.write_text(
        '{"id": "\\ud800", "abstract": "We study \\ud800 tails and heads.", "title": "T\\udc00"}\n'
        '{"id": "\\ud801", "abstract": "We study other tails and heads."}\n'
        '{"abstract": "A pair \\ud83d\\ude00 stays one character here."}\n',
        encoding="utf-8",
    )
    first, second, third = _read(path)
    assert (first.id, second.id) == ("\\ud800", "\\ud801")  # stable and distinct
    assert first.abstract == "We study \ufffd tails and heads." and first.title == "T\ufffd"
    assert third.abstract == "A pair \U0001f600 stays one character here."
    for paper in (first, second, third):
        for value in (paper.id, paper.abstract, paper.title or "", paper.source or ""):
            value.encode("utf-8")  # what the writer does; raised before
    assert _read(path)[0].id == first.id  # the same id on a rerun


def test_undecodable_file_name_still_gives_a_writable_source(tmp_path: Path) -> None:
    raw = os.fsencode(tmp_path) + b"/caf\xe9.jsonl"
    with open(raw, "w", encoding="utf-8") as fh:
        fh.write('{"abstract": "We study one thing here."}\n')
    [paper] = _read(os.fsdecode(raw))
    assert paper.source is not None and "\\udce9" in paper.source
    paper.source.encode("utf-8")


# --- CSV rows that a stray quote would run together ------------------------------------------


@pytest.mark.parametrize(
    "text, why",
    [
        pytest.param(
            'id,abstract\n1,"We study x and more\n2,"We study y. And more"\n3,"We study z. W."\n',
            "closes only on line 3",
            id="closed-by-the-next-rows-quote",
        ),
        pytest.param(
            'id,abstract\n1,"We study x and more\n2,We study y. And more\n3,We study z. W.\n',
            "is never closed",
            id="never-closed",
        ),
    ],
)
def test_csv_unterminated_quote_refuses_that_row_and_reads_the_rest(
    tmp_path: Path, text: str, why: str
) -> None:
    path = tmp_path / "in.csv"
    path.write_text(text, encoding="utf-8")
    bad, two, three = _read(path)
    assert bad.id == "1" and bad.abstract == "We study x and more"
    assert bad.problem is not None and bad.problem.startswith(f"{path}, line 2: a quote")
    assert why in bad.problem and "fix the quoting" in bad.problem
    assert (two.id, two.abstract, two.problem) == ("2", "We study y. And more", None)
    assert (three.id, three.abstract, three.problem) == ("3", "We study z. W.", None)
    assert three.source == f"{path}, line 4"


def test_csv_last_row_with_an_open_quote_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text('id,abstract\n1,We study x. And more.\n2,"We study y, cut\n', encoding="utf-8")
    good, cut = _read(path)
    assert good.problem is None
    assert cut.id == "2" and cut.problem is not None and "line 3" in cut.problem


def test_csv_quoting_that_is_only_untidy_is_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text(
        'id,abstract\n1,"A quoted\nmulti-line abstract. Two."\n2,"Space after. It" ,x\n'
        '3,A. B "b" c d\n',
        encoding="utf-8",
    )
    papers = _read(path)
    assert [(p.id, p.abstract, p.problem) for p in papers] == [
        ("1", "A quoted\nmulti-line abstract. Two.", None),
        ("2", "Space after. It", None),
        ("3", 'A. B "b" c d', None),
    ]


# --- pipes, FIFOs and formats ----------------------------------------------------------------


def test_fifo_is_read_not_called_empty(tmp_path: Path) -> None:
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write('{"id": "f1", "abstract": "We read this from a FIFO today."}\n')

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    with time_limit(10):
        [paper] = _read(fifo)
    writer.join(5)
    assert (paper.id, paper.abstract) == ("f1", "We read this from a FIFO today.")
    assert rereadable(str(fifo)) is False


@pytest.mark.parametrize(
    "data, expected",
    [
        pytest.param(b'{"id": "j", "abstract": "A JSONL line, piped."}\n', "j", id="jsonl"),
        pytest.param(b"id,abstract\nc,A CSV row, piped.\n", "c", id="csv"),
    ],
)
def test_dev_fd_of_a_pipe_is_read_like_a_file(data: bytes, expected: str) -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, data)
    os.close(write_end)
    path = f"/dev/fd/{read_end}"  # what a shell's <(cat in.jsonl) passes
    try:
        assert rereadable(path) is False
        [paper] = _read(path)
    finally:
        with contextlib.suppress(OSError):
            os.close(read_end)
    assert paper.id == expected


def test_an_empty_pipe_says_so() -> None:
    read_end, write_end = os.pipe()
    os.close(write_end)
    try:
        with pytest.raises(InputError, match=r"/dev/fd/\d+: the input is empty"):
            _read(f"/dev/fd/{read_end}")
    finally:
        with contextlib.suppress(OSError):
            os.close(read_end)


def test_regular_files_and_missing_paths_are_rereadable(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text("We study one thing.\n", encoding="utf-8")
    assert rereadable(str(path)) and rereadable(str(tmp_path / "missing.txt"))
    assert rereadable("-") is False


@pytest.mark.parametrize(
    "data, ids",
    [
        pytest.param(b"id,title,abstract\nc1,T,An abstract, with a comma.\n", ["c1"], id="csv"),
        pytest.param(b"\xef\xbb\xbfid\tabstract\nt1\tA tab, separated row.\n", ["t1"], id="tsv"),
        pytest.param(b"abstract\nOne abstract per row here.\n", None, id="csv-one-column"),
        pytest.param(b'\n  {"id": "j1", "abstract": "JSON lines."}\n', ["j1"], id="jsonl"),
    ],
)
def test_stdin_format_is_detected(
    monkeypatch: pytest.MonkeyPatch, data: bytes, ids: list[str] | None
) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    papers = _read("-")
    assert len(papers) == 1 and papers[0].source != "stdin#1"  # not one text abstract
    if ids is not None:
        assert [p.id for p in papers] == ids


def test_a_text_dump_headed_abstract_is_not_taken_for_csv(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(b"Abstract\n\nWe study one thing, then another.\n"))
    assert [p.source for p in _read("-")] == ["stdin#1", "stdin#2"]


def test_format_overrides_the_suffix_and_the_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "in.txt"
    path.write_text('{"id": "x", "abstract": "JSON in a .txt file."}\n', encoding="utf-8")
    assert _read(path)[0].source == f"{path}#1"
    assert _read(path, format="jsonl")[0].id == "x"
    monkeypatch.setattr(sys, "stdin", _Stdin(b"id,abstract\n1,Read as text on purpose.\n"))
    assert _read("-", format="txt")[0].source == "stdin#1"
    with pytest.raises(ValueError, match="unknown input format 'xml'"):
        _read(path, format="xml")


def test_refused_long_abstract_keeps_a_prefix_and_its_length(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    long = "token " * 200_000
    path.write_text(f'{{"abstract": "{long}"}}\n', encoding="utf-8")
    [paper] = _read(path)
    assert paper.problem is not None and "1,199,999 characters" in paper.problem
    assert paper.abstract == long.strip()[:1000] + "\u2026"
    assert paper.id == _sha16(long)  # the id still names the whole abstract
