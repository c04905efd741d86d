"""Suite loaders: gold JSONL, SciTLDR, SciERC and suite-name resolution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.evaluation import suites
from summarizer.evaluation.suites import (
    EvalItem,
    detokenize,
    load_gold,
    load_scierc,
    load_scitldr,
    load_suite,
    published_reference,
)
from summarizer.schemas.grounding import find_span
from summarizer.text import paper_id

EVALDATA = Path(__file__).resolve().parents[2] / "shared" / "evaldata"

ABSTRACT = (
    "We introduce ImbSAM for long-tailed classification on CIFAR-100, reaching 45.82% accuracy."
)
GOLD = {
    "tldr": "ImbSAM improves long-tailed classification.",
    "problem": "Sharpness-aware minimization ignores rare classes.",
    "contribution_types": ["method"],
    "introduces": ["ImbSAM"],
    "datasets": ["CIFAR-100"],
    "tasks": ["long-tailed classification"],
    "results": [{"value": "45.82%", "metric": "accuracy", "subject": "ImbSAM", "kind": "absolute"}],
    "domain": "computer_vision",
    "code_url": None,
    "keywords": ["sharpness", "long-tailed", "ImbSAM"],
}


def _write_lines(path: Path, records: list) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n")
    return path


def _gold_record(abstract: str = ABSTRACT, **extra) -> dict:
    return {"id": paper_id(abstract), "abstract": abstract, "gold": GOLD, **extra}


# ------------------------------------------------------------------ gold JSONL


def test_load_gold(tmp_path: Path) -> None:
    accept = {"domain": ["general_ml"], "introduces_extra": ["ImbSAM-L"]}
    path = _write_lines(tmp_path / "g.jsonl", [_gold_record(accept=accept), ""])
    [item] = load_gold(path)
    assert item.id == paper_id(ABSTRACT)
    assert item.accept == accept
    assert item.fields == (
        "tldr",
        "problem",
        "contribution_types",
        "introduces",
        "datasets",
        "tasks",
        "results",
        "domain",
        "code_url",
        "keywords",
    )
    assert item.references == {"tldr": [GOLD["tldr"]], "problem": [GOLD["problem"]]}


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("{not json", "invalid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (json.dumps({"id": "x", "gold": {}}), "'abstract' is missing"),
        (
            json.dumps({"id": "x", "abstract": "A b.", "gold": []}),
            "'gold' is missing or not a dict",
        ),
        (json.dumps({"abstract": "A b.", "gold": {}, "accept": []}), "'accept' must be an object"),
        (json.dumps(_gold_record()), "duplicate id"),
    ],
    ids=["bad-json", "not-object", "no-abstract", "gold-not-object", "accept-not-object", "dup-id"],
)
def test_load_gold_bad_line_names_line(tmp_path: Path, bad_line: str, message: str) -> None:
    path = _write_lines(tmp_path / "g.jsonl", [_gold_record(), "", bad_line])
    with pytest.raises(InputError, match=message) as err:
        load_gold(path)
    assert f"{path}:3:" in str(err.value)


def test_load_gold_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read gold file"):
        load_gold(tmp_path / "nope.jsonl")


# ------------------------------------------------------------------ SciTLDR


def test_load_scitldr(tmp_path: Path) -> None:
    rec = {
        "source": ["First sentence.", "Second one."],
        "source_labels": [0, 1],
        "rouge_scores": [0.1, 0.2],
        "paper_id": "abc123",
        "target": ["Author TLDR.", "Reviewer TLDR one.", "Reviewer TLDR two."],
        "title": "A Paper",
    }
    [item] = load_scitldr(_write_lines(tmp_path / "dev.jsonl", [rec]))
    assert item.abstract == "First sentence. Second one."
    assert item.id == paper_id(item.abstract)
    assert item.source_id == "abc123" and item.title == "A Paper"
    assert item.fields == ("tldr",)
    assert item.gold == {"tldr": "Author TLDR."}
    assert item.references == {"tldr": rec["target"]}


def test_load_scitldr_needs_targets(tmp_path: Path) -> None:
    path = _write_lines(tmp_path / "dev.jsonl", [{"source": ["A."], "target": []}])
    with pytest.raises(InputError, match=r"dev\.jsonl:1: empty"):
        load_scitldr(path)


# ------------------------------------------------------------------ SciERC


@pytest.mark.parametrize(
    ("tokens", "text"),
    [
        (["a", ",", "b", "."], "a, b."),
        (["x", "-LRB-", "y", "-RRB-", "z"], "x (y) z"),
        (["rate", ":", "5", "%", ";", "ok"], "rate: 5%; ok"),
        (["``", "hi", "''"], '" hi "'),
    ],
    ids=["comma-period", "ptb-brackets", "colon-percent-semicolon", "ptb-quotes"],
)
def test_detokenize(tokens: list[str], text: str) -> None:
    assert detokenize(tokens) == text


SCIERC_DOC = {
    "doc_key": "P99-1001",
    "sentences": [
        [
            "We",
            "propose",
            "CRF",
            "-LRB-",
            "conditional",
            "random",
            "fields",
            "-RRB-",
            "for",
            "parsing",
            ".",
        ],
        ["On", "Penn", "Treebank", ",", "CRF", "improves", "F1", "and", "parsing", "."],
    ],
    "ner": [
        [[2, 2, "Method"], [4, 6, "Method"], [9, 9, "Task"]],
        [
            [12, 13, "Material"],
            [15, 15, "Method"],
            [17, 17, "Metric"],
            [19, 19, "Task"],
            [0, 0, "Generic"],
        ],
    ],
    "relations": [[], []],
    "clusters": [],
}


def test_load_scierc(tmp_path: Path) -> None:
    [item] = load_scierc(_write_lines(tmp_path / "dev.json", [SCIERC_DOC]))
    assert item.abstract == (
        "We propose CRF (conditional random fields) for parsing. "
        "On Penn Treebank, CRF improves F1 and parsing."
    )
    assert item.source_id == "P99-1001"
    assert item.fields == ("introduces", "tasks", "datasets", "metrics")
    assert item.gold == {
        "introduces": ["CRF", "conditional random fields"],  # the second "CRF" deduplicated
        "tasks": ["parsing"],
        "datasets": ["Penn Treebank"],
        "metrics": ["F1"],
    }
    for mentions in item.gold.values():
        assert all(find_span(m, item.abstract) for m in mentions)


def test_load_scierc_span_out_of_range(tmp_path: Path) -> None:
    doc = {**SCIERC_DOC, "ner": [[[30, 31, "Task"]], []]}
    with pytest.raises(InputError, match=r"dev\.json:1: entity span"):
        load_scierc(_write_lines(tmp_path / "dev.json", [doc]))


# ------------------------------------------------------------------ load_suite


def test_load_suite_prefixes(tmp_path: Path) -> None:
    path = _write_lines(tmp_path / "dev.json", [SCIERC_DOC])
    assert load_suite(f"scierc:{path}")[0].source_id == "P99-1001"
    gold = _write_lines(tmp_path / "mine.jsonl", [_gold_record()])
    assert isinstance(load_suite(gold)[0], EvalItem)
    assert load_suite(str(gold))[0].id == paper_id(ABSTRACT)


def test_load_suite_dev_from_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "evals" / "gold").mkdir(parents=True)
    _write_lines(tmp_path / "evals" / "gold" / "test.jsonl", [_gold_record()])
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(suites, "gold_dirs", lambda _=None: [Path.cwd() / "evals" / "gold"])
    assert len(load_suite("test")) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nonsense", "unknown suite 'nonsense'; use 'dev', 'test' or 'blind'"),
        ("scitldr:/no/such/file.jsonl", "scitldr file not found"),
        ("/no/such/gold.jsonl", "gold file not found"),
    ],
    ids=["unknown-name", "missing-scitldr", "missing-gold"],
)
def test_load_suite_errors(spec: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        load_suite(spec)


def test_load_suite_dev_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(suites, "gold_dirs", lambda _=None: [tmp_path])
    with pytest.raises(InputError, match="no gold file for suite 'dev'.*run from the repository"):
        load_suite("dev")


def test_published_reference() -> None:
    [ref] = published_reference("scitldr:/any/dev.jsonl")
    assert (ref.field, ref.metric, ref.value, ref.system) == ("tldr", "rouge1", 0.438, "CATTS")
    assert published_reference("dev") == []


# ------------------------------------------------------------------ the real public files


@pytest.mark.skipif(not EVALDATA.is_dir(), reason=f"public eval data not present at {EVALDATA}")
def test_real_evaldata_counts() -> None:
    tldr = load_suite(f"scitldr:{EVALDATA / 'scitldr' / 'dev.jsonl'}")
    assert len(tldr) == 619
    assert sum(len(item.references["tldr"]) for item in tldr) == 1453
    scierc = load_suite(f"scierc:{EVALDATA / 'scierc' / 'dev.json'}")
    assert len(scierc) == 50
    # Mentions are detokenized like the abstract, so every one of them is grounded.
    assert all(
        find_span(m, item.abstract) for item in scierc for f in item.fields for m in item.gold[f]
    )
