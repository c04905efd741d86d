"""Reading inputs, round 3: JSONL lines Python's json cannot take, a text dump with one huge
paragraph, and abstracts in scripts written without spaces (Chinese, Japanese, Thai)."""

from __future__ import annotations

import gc
import hashlib
import json
import tracemalloc
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.io import paragraphs
from summarizer.io.inputs import Paper, make_paper, read_papers
from summarizer.schemas.grounding import find_span
from summarizer.text import NormalizedText, normalize_whitespace, paper_id, word_count

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit

REASK_PROMPT = (
    'name = "reask"\nversion = 1\nstrategy = "free"\nreask = true\nmax_retries = 2\n'
    'ground = "reask"\ngrammar = true\nsystem = "Summarize."\nuser = "{{ abstract }}"\n'
)


def _sha16(text: str) -> str:
    """The guide's id, computed here independently of summarizer.text."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _asked(server: FakeOpenAI, abstract: str) -> list[dict]:
    """The requests that summarize ``abstract`` (not the endpoint's mode probe)."""
    return [r for r in server.requests if abstract in json.dumps(r, ensure_ascii=False)]


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _summarize(
    tmp_path: Path, name: str, server: FakeOpenAI, *extra: str, prompt: str = "naive-grammar"
):
    out = tmp_path / "out.jsonl"
    args = ["summarize", name, "-o", str(out), "--prompt", prompt, *extra]
    with time_limit(100):
        result = run_cli([*args, *endpoint_args(server.base_url)], tmp_path, timeout=90)
    assert "Traceback" not in result.stderr, result.stderr
    assert "unexpected" not in result.stderr, result.stderr
    return result, out


# --- 1. JSONL lines that json cannot read -----------------------------------------------------

DEPTH = 100_000
UNREADABLE = [
    pytest.param('{"abstract": broken}', "not valid JSON (Expecting value)", id="broken-json"),
    pytest.param("[" * DEPTH + "]" * DEPTH, "nested too deeply", id="deep-array"),
    pytest.param('{"a":' * DEPTH + "1" + "}" * DEPTH, "nested too deeply", id="deep-object"),
    pytest.param(
        '{"abstract": "A short abstract.", "title": ' + "[" * DEPTH + "]" * DEPTH + "}",
        "nested too deeply",
        id="deep-title",
    ),
    pytest.param(
        '{"id": 1' + "0" * DEPTH + ', "abstract": "We study one thing here."}',
        "a number of over 4,300 digits",
        id="huge-number-id",
    ),
]


@pytest.mark.parametrize("line, fragment", UNREADABLE)
def test_an_unreadable_jsonl_line_is_that_lines_input_error(tmp_path, line, fragment):
    (tmp_path / "in.jsonl").write_text(
        json.dumps({"abstract": ABSTRACT}) + "\n" + line + "\n" + json.dumps({"abstract": "x"})
    )
    with FakeOpenAI(default=answer()) as server:
        result, out = _summarize(tmp_path, "in.jsonl", server)
        assert server.requests == []  # found before any request, as any broken line is
    assert result.returncode == 1, result.stderr
    (message,) = result.stderr.splitlines()
    assert message.startswith("Error: in.jsonl, line 2: "), message
    assert fragment in message and "fix or remove the line" in message, message
    assert not out.exists()


def test_reading_an_unreadable_line_raises_input_error_naming_it(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text('{"abstract": "Fine."}\n\n' + "[" * DEPTH + "]" * DEPTH + "\n")
    with pytest.raises(
        InputError, match=r"in\.jsonl, line 3: cannot be read as JSON \(arrays or objects nested"
    ):
        list(read_papers([str(path)]))


def test_an_id_of_many_digits_within_the_limit_is_read_as_before(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text('{"id": 1' + "0" * 4000 + ', "abstract": "We study one thing. It works."}\n')
    (paper,) = read_papers([str(path)])
    assert paper.id == "1" + "0" * 4000 and paper.problem is None


# --- 2. A text dump with one huge paragraph ---------------------------------------------------

SENTENCE = "Scaling laws for sparse mixtures of experts hold over many sizes. "


def _peak_of_reading(path: Path) -> tuple[list[Paper], int]:
    gc.collect()
    tracemalloc.start()
    try:
        papers = list(read_papers([str(path)]))
        return papers, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "paragraph",
    [
        pytest.param((SENTENCE * 310_000).strip(), id="words"),
        pytest.param("QmFzZTY0IGVuY29kZWQ" * 1_100_000, id="one-word"),
        pytest.param(
            "\n".join([SENTENCE.strip() + "  \t" * 20] * 220_000),
            id="many-lines-of-trailing-whitespace",
        ),
    ],
)
def test_a_huge_paragraph_is_refused_without_being_held_whole(tmp_path, paragraph):
    assert len(paragraph) > 20_000_000
    path = tmp_path / "big.txt"
    nxt = ABSTRACT.replace("ImbSAM", "ImbSAM2")
    path.write_text(f"Daily Papers\n\n{ABSTRACT}\n\n{paragraph}\n\n{nxt}\n", encoding="utf-8")
    with time_limit(60):
        papers, peak = _peak_of_reading(path)
    assert peak < len(paragraph) // 8, f"peak {peak:,} bytes for a {len(paragraph):,} line"
    first, huge, last = papers
    normalized = normalize_whitespace(paragraph)
    assert (first.abstract, first.problem, last.abstract, last.problem) == (
        ABSTRACT,
        None,
        nxt,
        None,
    )
    assert huge.id == _sha16(paragraph)  # the id of the whole paragraph, as before
    assert huge.source == f"{path}#2" and last.source == f"{path}#3"
    assert huge.abstract == normalized[:1000] + "\u2026"
    assert huge.problem == (
        f"abstract is {len(normalized):,} characters, over the limit of 20,000; "
        "not sent to the model (the record keeps its first 1,000)"
    )


# Line ends of every kind, a CR LF the piece size can cut between its two characters, blank
# lines of spaces and of CRs, a header, and runs of whitespace across pieces.
TRICKY = [
    "Daily Papers\r\n\r\nOne abstract\r\non two lines.\r\n\r\nAnother one here.\r\n",
    "First  one\rstill first.\r\rSecond\r\n \t \r\nThird\u00a0para\u2003graph.\n\n\n",
    "word" * 7 + "\r\n" + "x" * 9 + "\r\n\r\n" + " " * 11 + "tail   words   here",
    "a\r\n\r\nb\n \n\nc d e\r" + "\r\n" * 3 + "Daily papers\n\nlast one, no newline",
    "\ufeffDaily Papers\n\n" + "\r\n".join(["long line " * 5] * 4) + "\n\n\u3000\u3000\n中文摘要。",
]


def _old_reading(text: str, limit: int) -> list[tuple[str, str | None, str]]:
    """What the reader gave before it read in pieces: lines split as open(newline="") does,
    paragraphs joined, normalized and checked whole."""
    lines, start = [], 0
    for at, ch in enumerate(text):
        if ch == "\n" or (ch == "\r" and text[at + 1 : at + 2] != "\n"):
            lines.append(text[start : at + 1])
            start = at + 1
    lines.append(text[start:])
    out, buf = [], []
    for line in [*lines, ""]:
        if line.strip():
            buf.append(line)
            continue
        whole = " ".join(" ".join(buf).split())
        buf.clear()
        if whole and whole.lower() != "daily papers":
            if len(whole) > limit:
                out.append((whole[:1000] + "\u2026", "over", _sha16(whole)))
            else:
                out.append((whole, None, _sha16(whole)))
    return out


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8, 64])
@pytest.mark.parametrize("limit", [20_000, 12])
def test_reading_in_pieces_gives_the_papers_of_reading_whole_lines(
    tmp_path, monkeypatch, size, limit
):
    monkeypatch.setattr(paragraphs, "PIECE_CHARS", size)
    for n, text in enumerate(TRICKY):
        path = tmp_path / f"dump{n}.txt"
        path.write_bytes(text.encode("utf-8"))
        got = [
            (p.abstract, "over" if "over the limit" in (p.problem or "") else None, p.id)
            for p in read_papers([str(path)], limit_chars=limit, dedupe=False)
        ]
        assert got == _old_reading(text.lstrip("\ufeff"), limit), (n, text)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7, 100])
def test_normalized_text_in_pieces_is_the_text_normalized_whole(size):
    for text in [*TRICKY, ABSTRACT, "", "   ", " a", "a ", "ab  cd\t\te", "\u3000x\u3000"]:
        stream = NormalizedText()
        parts = [stream.feed(text[i : i + size]) for i in range(0, len(text), size)]
        assert "".join(parts) == normalize_whitespace(text), (size, text)
        assert stream.paper_id() == _sha16(text) == paper_id(text)


def test_a_long_abstract_from_jsonl_gets_the_id_of_the_whole_text():
    text = (SENTENCE * 3_000) + "  \n tail"
    paper = make_paper(text, "in.jsonl, line 1", None, None, 20_000)
    assert paper.id == _sha16(text) and paper.problem is not None


# --- 3. Scripts written without spaces --------------------------------------------------------

ZH = (
    "类别不平衡损害了尾部类别的识别。我们提出FooNet，一种类别感知的优化器，并在CIFAR-100上"
    "进行评估，尾部准确率提高了4.8%。代码：https://github.com/x/foonet。"
)
ZH_PLAIN = (
    "类别不平衡损害了尾部类别的识别。我们提出一种类别感知的优化器，尾部准确率提高了百分之五。"
)
JA = (
    "クラスの不均衡は尾部クラスの認識を損なう。本研究ではクラスを考慮した最適化手法FooNetを"
    "提案し、CIFAR-100で評価したところ、尾部精度が4.8%向上した。コード：https://github.com/x/foonet"
)
TH = "ความไม่สมดุลของคลาสทำให้การจำแนกคลาสหางแย่ลง เราเสนอตัวปรับให้เหมาะสมแบบใหม่"


@pytest.mark.parametrize(
    "text, count",
    [
        pytest.param("Transformers.", 1, id="one-english-word"),
        pytest.param("We propose X.", 3, id="three-english-words"),
        pytest.param("Self-supervised learning.", 2, id="hyphenated-english-as-before"),
        pytest.param("a - b", 3, id="spaced-punctuation-as-before"),
        pytest.param("短。", 1, id="one-han-character"),
        pytest.param("我们提出FooNet，一种优化器。", 10, id="han-and-latin"),
        pytest.param("クラスを考慮した", 6, id="katakana-run-is-one-word"),
        pytest.param("한국어 문장은 띄어쓰기를 합니다.", 4, id="hangul-is-spaced"),
        # 15 + 4 + FooNet + 10 + 2 + CIFAR, 100 + 5 + 8 + 4.8 + 2 + https, github.com, x, foonet
        pytest.param(ZH, 54, id="chinese-abstract"),
    ],
)
def test_word_count(text, count):
    assert word_count(text) == count


@pytest.mark.parametrize("abstract", [ZH, ZH_PLAIN, JA, TH], ids=["zh", "zh-plain", "ja", "th"])
def test_an_abstract_without_spaces_is_not_too_short(abstract):
    assert len(abstract.split()) < 3  # what counted as its words before
    paper = make_paper(abstract, "in.jsonl, line 1", None, None, 20_000)
    assert paper.problem is None


def test_each_han_character_counts_one_word_toward_the_minimum():
    three = make_paper("变换器", "in.jsonl, line 1", None, None, 20_000).problem
    assert three is not None and three.startswith("abstract is a single sentence of 3 words")
    paper = make_paper("模型。", "in.jsonl, line 1", None, None, 20_000)
    assert paper.problem == (
        "abstract has 2 words, too short to summarize (at least 3); not sent to the model"
    )


ZH_ANSWER = answer(
    tldr="FooNet是一种类别感知优化器，在CIFAR-100上将尾部准确率提高了4.8%。",
    problem="优化器在尾部类别上的泛化能力较差。",
    introduces=["FooNet"],
    tasks=["长尾识别"],
    results=[{"value": "4.8%", "metric": "尾部准确率", "subject": "FooNet", "kind": "improvement"}],
    code_url="https://github.com/x/foonet",
    keywords=["类别不平衡", "尾部类别", "优化器"],
)
JA_ANSWER = answer(
    tldr="FooNetはクラスを考慮した最適化手法で、CIFAR-100の尾部精度を4.8%向上させる。",
    problem="最適化手法は尾部クラスでの汎化性能が低い。",
    introduces=["FooNet"],
    tasks=["長尾認識"],
    results=[{"value": "4.8%", "metric": "尾部精度", "subject": "FooNet", "kind": "improvement"}],
    code_url="https://github.com/x/foonet",
    keywords=["クラスの不均衡", "尾部クラス", "尾部精度"],
)


@pytest.mark.parametrize(
    "abstract, reply", [(ZH, ZH_ANSWER), (JA, JA_ANSWER)], ids=["chinese", "japanese"]
)
def test_an_abstract_without_spaces_is_summarized_and_grounded(tmp_path, abstract, reply):
    (tmp_path / "in.jsonl").write_text(json.dumps({"abstract": abstract}, ensure_ascii=False))
    with FakeOpenAI(default=reply) as server:
        result, out = _summarize(tmp_path, "in.jsonl", server)
        assert len(_asked(server, abstract)) == 1
    assert result.returncode == 0, result.stderr
    (record,) = _records(out)
    assert record["error"] is None, record["error"]
    summary, spans = record["summary"], record["spans"]
    assert summary["tldr"] == reply["tldr"] and summary["keywords"] == reply["keywords"]
    assert summary["introduces"] == ["FooNet"] and summary["datasets"] == ["CIFAR-100"]
    for field, value in [("introduces", "FooNet"), ("datasets", "CIFAR-100"), ("results", "4.8%")]:
        ((start, end),) = spans[field]
        assert abstract[start:end] == value
    start, end = spans["code_url"]
    assert abstract[start:end] == summary["code_url"] == "https://github.com/x/foonet"


def test_an_english_answer_to_a_chinese_abstract_that_uses_latin_letters_is_kept(tmp_path):
    # The prose check refuses letters of a script the abstract does not use; this abstract
    # writes FooNet and CIFAR in Latin letters, so English prose passes it. (Keywords are
    # phrases of the abstract, so they stay in its words.)
    reply = answer(
        tldr="FooNet, a class-aware optimizer, improves tail accuracy on CIFAR-100 by 4.8%.",
        introduces=["FooNet"],
        code_url="https://github.com/x/foonet",
        keywords=["类别不平衡", "尾部类别", "FooNet"],
    )
    (tmp_path / "in.jsonl").write_text(json.dumps({"abstract": ZH}, ensure_ascii=False))
    with FakeOpenAI(default=reply) as server:
        result, out = _summarize(tmp_path, "in.jsonl", server)
    assert result.returncode == 0, result.stderr
    (record,) = _records(out)
    assert record["error"] is None and record["summary"]["tldr"] == reply["tldr"]


def test_an_english_answer_to_a_chinese_abstract_without_latin_letters_is_reasked(tmp_path):
    english = answer(introduces=[], datasets=[], results=[], code_url=None)
    chinese = answer(
        tldr="一种类别感知的优化器提高了尾部类别的准确率。",
        problem="优化器在尾部类别上的泛化能力较差。",
        introduces=[],
        datasets=[],
        tasks=["长尾识别"],
        results=[],
        code_url=None,
        keywords=["类别不平衡", "尾部类别", "优化器"],
    )
    (tmp_path / "in.jsonl").write_text(json.dumps({"abstract": ZH_PLAIN}, ensure_ascii=False))
    (tmp_path / "reask.v1.toml").write_text(REASK_PROMPT)
    with FakeOpenAI([english, chinese]) as server:
        # a set mode: no probe takes the first scripted reply
        result, out = _summarize(
            tmp_path, "in.jsonl", server, "--mode", "json_schema", prompt="reask.v1.toml"
        )
        asked = _asked(server, ZH_PLAIN)
    assert len(asked) == 2
    told = asked[1]["messages"][-1]["content"]
    assert "in Latin script, which the abstract does not use" in told
    assert "with Han letters only" in told
    assert result.returncode == 0, result.stderr
    (record,) = _records(out)
    assert record["error"] is None and record["meta"]["attempts"] == 2
    assert record["summary"]["tldr"] == chinese["tldr"]


def test_an_english_answer_to_a_chinese_abstract_without_latin_letters_fails_without_reask(
    tmp_path,
):
    (tmp_path / "in.jsonl").write_text(json.dumps({"abstract": ZH_PLAIN}, ensure_ascii=False))
    english = answer(introduces=[], datasets=[], results=[], code_url=None)
    with FakeOpenAI(default=english) as server:
        result, out = _summarize(tmp_path, "in.jsonl", server)
    assert result.returncode == 3, result.stderr
    (record,) = _records(out)
    assert record["error"]["type"] == "PartialRecord"
    failed = {f["field"]: f["reason"] for f in record["error"]["fields"]}
    assert set(failed) == {"tldr", "problem", "keywords"}
    for reason in failed.values():
        assert "in Latin script, which the abstract does not use" in reason, reason
        assert "with Han letters only" in reason, reason


@pytest.mark.parametrize("abstract", [ZH, JA], ids=["chinese", "japanese"])
def test_a_latin_name_next_to_han_or_kana_is_found_where_it_is_named(abstract):
    # Han and kana are letters too, but they do not run on into a Latin name.
    at = abstract.index("FooNet")
    assert find_span("FooNet", abstract) == (at, at + len("FooNet"))
    assert find_span("Foo", abstract) is None  # still a whole name, not its start
