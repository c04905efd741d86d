"""bench/ab.py on a stub command: the arms interleaved, each run from a fresh cache, the
records read, checked and compared, and the table they make. No engine, nothing timed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bench.ab import (
    Arm,
    Run,
    check_flags,
    identical,
    report,
    run_all,
    run_arm,
    schedule,
    validate,
)

from .support.abstracts import ABSTRACT, answer

# Stands in for `summarizer`: logs which arm ran with which cache folder, then writes --limit
# records of the answer in its JSON file, usage included.
STUB = """
import json, sys
name, log, answer_file, command, seeds, _, n, _, out, no_cache, _, cache = sys.argv[1:]
assert (command, no_cache) == ("summarize", "--no-cache")
with open(log, "a") as fh:
    fh.write(json.dumps([name, cache]) + "\\n")
summary = json.load(open(answer_file))
with open(out, "w") as fh:
    for i in range(int(n)):
        record = {"id": f"p{i}", "abstract": f"{i} " + open(seeds).read(), "summary": summary,
                  "error": None,
                  "meta": {"usage": {"prompt_tokens": 100 + i, "completion_tokens": 10}}}
        fh.write(json.dumps(record) + "\\n")
"""


def _arms(tmp_path: Path, answers: dict[str, dict]) -> dict[str, Arm]:
    stub = tmp_path / "stub.py"
    stub.write_text(STUB)
    arms = {}
    for name, summary in answers.items():
        path = tmp_path / f"answer-{name}.json"
        path.write_text(json.dumps(summary))
        command = (sys.executable, str(stub), name, str(tmp_path / "order.log"), str(path))
        arms[name] = Arm(name, f"c-{name}", command)
    return arms


def _run(arm: str, repeat: int, seconds: float, summaries: list[dict], valid: int) -> Run:
    records = [
        {"abstract": f"a{i}", "summary": s, "error": None,
         "meta": {"usage": {"prompt_tokens": 50, "completion_tokens": 5}}}
        for i, s in enumerate(summaries)
    ]  # fmt: skip
    return Run(arm, repeat, seconds, 0, 0.5, 0.75, records, valid)


def test_repeats_alternate_which_arm_goes_first():
    assert schedule(4) == [
        (0, "A"), (0, "B"), (1, "B"), (1, "A"), (2, "A"), (2, "B"), (3, "B"), (3, "A"),
    ]  # fmt: skip
    assert schedule(1) == [(0, "A"), (0, "B")]


def test_each_run_is_the_whole_command_from_a_fresh_cache_in_schedule_order(tmp_path):
    seeds = tmp_path / "seeds.txt"
    seeds.write_text(ABSTRACT)
    models = tmp_path / "models"
    models.mkdir()
    arms = _arms(tmp_path, {"A": answer(), "B": answer(tldr="ImbSAM improves tail accuracy.")})
    work = tmp_path / "work"
    runs = run_all(arms, 3, lambda arm, repeat: run_arm(arm, repeat, work, seeds, 2, models))

    logged = [json.loads(line) for line in (tmp_path / "order.log").read_text().splitlines()]
    assert [name for name, _ in logged] == [arm for _, arm in schedule(3)]
    assert [(r.repeat, r.arm) for r in runs] == schedule(3)
    caches = [Path(cache) for _, cache in logged]
    assert len(set(caches)) == 6
    assert all((c / "models").resolve() == models.resolve() for c in caches)
    assert all(r.exit_code == 0 and r.ok == 2 for r in runs)
    assert runs[0].tokens("prompt_tokens") == 100 + 101
    assert runs[0].tokens("completion_tokens") == 20

    validate(runs)
    assert [r.valid for r in runs] == [2] * 6  # the support answer is grounded in ABSTRACT
    assert identical(runs[0], runs[1]) == (0, 2)  # A and B differ in tldr
    assert identical(runs[0], runs[3]) == (2, 2)  # A against itself


def test_an_ungrounded_keyword_is_not_valid_though_the_record_has_no_error(tmp_path):
    seeds = tmp_path / "seeds.txt"
    seeds.write_text(ABSTRACT)
    arms = _arms(tmp_path, {"A": answer(keywords=["class imbalance", "tail classes", "zebra"])})
    (run,) = [run_arm(arms["A"], 0, tmp_path / "work", seeds, 1, None)]
    validate([run])
    assert (run.ok, run.valid) == (1, 0)


def test_report_gives_medians_spread_ratio_and_identical_summaries():
    one, two = answer(), answer(tldr="Another tldr of ImbSAM.")
    runs = [
        _run("A", 0, 10.0, [one, one], 2), _run("B", 0, 8.0, [one, two], 2),
        _run("B", 1, 9.0, [one, two], 2), _run("A", 1, 12.0, [one, one], 2),
    ]  # fmt: skip
    arms = {"A": Arm("A", "8e333c6", ()), "B": Arm("B", "abc1234 + tree", ())}
    text = report(arms, runs, 2)
    lines = text.splitlines()
    assert lines[0] == "### A/B: summarize 2 abstracts, whole command"
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines if line[:2] == "| "]
    assert rows[0][:3] == ["arm", "repeat", "seconds"]
    assert [row[:2] for row in rows[1:]] == [
        ["A (8e333c6)", "1"],
        ["B (abc1234 + tree)", "1"],
        ["B (abc1234 + tree)", "2"],
        ["A (8e333c6)", "2"],
    ]
    assert rows[1] == ["A (8e333c6)", "1", "10.0", "100", "10", "0", "2/2", "2/2", "0.50 -> 0.75"]
    assert "A (8e333c6): median (min-max) 11.0 (10.0-12.0) s" in lines
    assert "B (abc1234 + tree): median (min-max) 8.5 (8.0-9.0) s" in lines
    # 8.5 / 11.0 of the medians; repeat 1: 8 / 10, repeat 2: 9 / 12
    assert "B/A seconds: 0.773 of the medians; per repeat 0.750-0.800 (0.800, 0.750)" in lines
    assert "summaries byte-identical between A and B: 1/2 (repeat 1), 1/2 (repeat 2)" in lines
    assert "Checks: every run exited 0 with every record valid." in lines


@pytest.mark.parametrize(
    ("exit_code", "valid", "failed"),
    [pytest.param(3, 2, True, id="exit-3"), pytest.param(0, 1, True, id="one-invalid"),
     pytest.param(0, 2, False, id="clean")],
)  # fmt: skip
def test_report_names_a_run_that_failed_its_checks(exit_code, valid, failed):
    runs = [_run("A", 0, 1.0, [answer()] * 2, 2), _run("B", 0, 1.0, [answer()] * 2, valid)]
    runs[1].exit_code = exit_code
    text = report({"A": Arm("A", "a", ()), "B": Arm("B", "b", ())}, runs, 2)
    assert ("Checks failed: B repeat 1" in text) is failed


def test_an_arm_whose_summarize_lacks_a_flag_is_refused():
    def arm(shown: str) -> Arm:
        return Arm("A", "old", (sys.executable, "-c", f"print({shown!r})"))

    check_flags(arm("--limit --no-cache --cache-dir --output"))
    with pytest.raises(SystemExit, match="old has no --no-cache"):
        check_flags(arm("--limit --cache-dir --output"))
