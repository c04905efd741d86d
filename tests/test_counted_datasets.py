"""``evals/counted_datasets.py``: which names many papers use as data, and the list the name
rules read beside the hand-made one."""

from __future__ import annotations

from pathlib import Path

from summarizer.rules.known_datasets import is_known_dataset, on_hand_list, only_counted

from .conftest import load_eval_script
from .support.dumps import write_dump

counted_datasets = load_eval_script("counted_datasets")


def _count(tmp_path: Path, args: list[str]) -> tuple[int, list[str]]:
    """Run the script on ``args`` (names seen in 3 papers or more, one worker); its exit
    code and the names it lists."""
    out = tmp_path / "counted.txt"
    code = counted_datasets.main([*args, "--min-papers", "3", "--workers", "1", "-o", str(out)])
    names = [line for line in out.read_text().splitlines() if not line.startswith("#")]
    return code, names


def test_a_name_papers_call_a_dataset_is_kept_and_one_they_also_make_is_not(
    tmp_path: Path,
) -> None:
    abstracts = [
        f"We evaluate model {i} on the QuxVista-9 benchmark and report gains." for i in range(4)
    ]
    # ZorbNet is data in two papers and a method in three: under the share asked
    abstracts += [f"We evaluate model {i} on the ZorbNet dataset." for i in range(2)]
    abstracts += [f"We propose ZorbNet, a new architecture, variant {i}." for i in range(3)]
    # a plain word used as data is left out, however often
    abstracts += [f"We evaluate model {i} on the Spring dataset." for i in range(4)]
    code, names = _count(tmp_path, [str(write_dump(tmp_path / "a.jsonl", abstracts))])
    assert code == 0
    assert names == ["quxvista-9"]


def test_abstracts_left_out_shape_nothing(tmp_path: Path) -> None:
    abstracts = [f"We evaluate model {i} on the QuxVista-9 benchmark." for i in range(4)]
    kept = write_dump(tmp_path / "a.jsonl", abstracts)
    left_out = write_dump(tmp_path / "gold.jsonl", abstracts[:2])
    _, names = _count(tmp_path, [str(kept), "--exclude", str(left_out)])
    assert not names


def test_the_shipped_list_is_read_beside_the_hand_made_one() -> None:
    assert is_known_dataset("LaSOT") and only_counted("LaSOT")
    assert (
        is_known_dataset("ImageNet") and on_hand_list("ImageNet") and not only_counted("ImageNet")
    )
