"""An abstract too thin to summarize is refused before any request, never given invented prose.

"We propose FooNet for things." once came back with the problem "a tool for analyzing and
visualizing data": a single short sentence cannot state both the problem and the
contribution, so the model made them up. Real abstracts are far above the bound: the seeds
and every SciTLDR train and dev abstract pass it (counted below).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.evaluation.suites import load_gold, load_scitldr
from summarizer.io.inputs import read_papers
from summarizer.io.papers import MIN_ONE_SENTENCE_WORDS, make_paper, sentence_count, too_short
from summarizer.text import word_count

from .conftest import REPO, SEEDS, SHARED
from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit

THIN = "We propose FooNet for things."
SCITLDR = SHARED / "evaldata" / "scitldr"


def _refusal(abstract: str) -> str | None:
    return make_paper(abstract, "in.jsonl, line 1", None, None, 20_000).problem


@pytest.mark.parametrize(
    ("abstract", "words"),
    [
        pytest.param(THIN, 5, id="the-reported-case"),
        pytest.param("We study one thing here.", 5, id="one-short-sentence"),
        pytest.param(
            "We propose ImbSAM, a class-aware optimizer that improves tail accuracy by 4.8%.",
            12,
            id="a-contribution-with-a-number-but-no-problem",
        ),
        pytest.param("我们提出了一种新的优化器。", 12, id="one-chinese-sentence"),
    ],
)
def test_one_short_sentence_is_refused_with_the_reason(abstract: str, words: int) -> None:
    assert _refusal(abstract) == (
        f"abstract is a single sentence of {words} words, too short to summarize: an abstract "
        "states the problem and the contribution (give at least 2 sentences, or 25 words); "
        "not sent to the model"
    )


@pytest.mark.parametrize(
    "abstract",
    [
        pytest.param(ABSTRACT, id="the-sample-abstract"),
        pytest.param(
            "Class imbalance hurts recognition of tail classes. We propose ImbSAM.",
            id="a-problem-and-a-contribution",
        ),
        pytest.param(
            "The main goal of network pruning is imposing sparsity on the neural network by "
            "increasing the number of parameters with zero value in order to reduce the "
            "architecture size and the computational speedup, which we study here.",
            id="one-long-sentence",
        ),
        pytest.param(
            "类别不平衡损害了尾部类别的识别。我们提出一种类别感知的优化器。",
            id="two-chinese-sentences-without-spaces",
        ),
    ],
)
def test_an_abstract_that_states_a_problem_and_a_contribution_is_kept(abstract: str) -> None:
    assert _refusal(abstract) is None


def test_fewer_than_three_words_keeps_its_own_message() -> None:
    assert _refusal("Transformers.") == (
        "abstract has 1 word, too short to summarize (at least 3); not sent to the model"
    )


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("One. Two here.", 2),
        ("See e.g. this one.", 1),
        ("第一句。第二句。", 2),
        ("「第一句。」第二句！", 2),
        ("第一句。", 1),
    ],
)
def test_sentence_count(text: str, count: int) -> None:
    assert sentence_count(text) == count


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the shared seeds are not here")
def test_no_seed_abstract_is_refused() -> None:
    papers = list(read_papers(sorted(str(p) for p in SEEDS.glob("*.txt"))))
    assert len(papers) == 221  # the two Daily Papers dumps, 74 words at the shortest
    assert [p.id for p in papers if p.problem] == []


@pytest.mark.skipif(not SCITLDR.is_dir(), reason="the shared SciTLDR copy is not here")
@pytest.mark.parametrize("split", ["train", "dev"])
def test_no_scitldr_abstract_is_refused(split: str) -> None:
    abstracts = [item.abstract for item in load_scitldr(SCITLDR / f"{split}.jsonl")]
    assert len(abstracts) == {"train": 1992, "dev": 619}[split]
    assert [a[:60] for a in abstracts if too_short(a)] == []
    # The nearest to the bound: a single sentence of 33 words in train, 53 in dev.
    one_sentence = [word_count(a) for a in abstracts if sentence_count(a) < 2]
    assert min(one_sentence) > MIN_ONE_SENTENCE_WORDS


def test_no_gold_abstract_is_refused() -> None:
    for path in sorted((REPO / "evals" / "gold").glob("*.jsonl")):
        assert [i.id for i in load_gold(path) if too_short(i.abstract)] == [], path.name


def _summarize(tmp_path: Path, lines: list[dict], server: FakeOpenAI):
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    args = ["summarize", "in.jsonl", "-o", "out.jsonl", *endpoint_args(server.base_url)]
    result = run_cli([*args, "--prompt", "naive-grammar", "--no-cache"], tmp_path, timeout=80)
    out = tmp_path / "out.jsonl"
    records = [json.loads(x) for x in out.read_text().splitlines()] if out.exists() else []
    return result, {r["id"]: r for r in records}


def test_a_thin_abstract_is_a_refused_record_and_no_request_is_sent(tmp_path: Path) -> None:
    with time_limit(90), FakeOpenAI(default=answer()) as server:
        result, records = _summarize(tmp_path, [{"id": "thin", "abstract": THIN}], server)
        asked = list(server.requests)
    assert result.returncode == 3, result.stderr  # finished, some items failed
    assert "Traceback" not in result.stderr
    thin = records["thin"]
    assert thin["summary"] is None
    assert thin["error"]["type"] == "InputError"
    assert "single sentence of 5 words, too short to summarize" in thin["error"]["message"]
    assert "too short to summarize" in result.stderr
    assert [r for r in asked if THIN in json.dumps(r)] == []
    assert asked == []


def test_beside_a_thin_abstract_a_real_one_is_summarized(tmp_path: Path) -> None:
    lines = [{"id": "thin", "abstract": THIN}, {"id": "real", "abstract": ABSTRACT}]
    with time_limit(90), FakeOpenAI(default=answer()) as server:
        result, records = _summarize(tmp_path, lines, server)
        asked = [json.dumps(r) for r in server.requests]
    assert result.returncode == 3, result.stderr
    assert records["real"]["error"] is None
    assert records["real"]["summary"]["introduces"] == ["ImbSAM"]
    assert records["thin"]["error"]["type"] == "InputError"
    assert not any(THIN in r for r in asked)
    assert sum("ImbSAM" in r for r in asked) == 1
