"""The dev and test suites can come from a gold folder outside the checkout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from summarizer.errors import InputError
from summarizer.evaluation.suites import GOLD_DIR_ENV, gold_dirs, load_suite

ABSTRACT = "We propose FooNet, a network for segmentation. It reaches 91.2% Dice on BraTS."


def _gold_folder(root: Path, name: str) -> Path:
    root.mkdir(parents=True)
    record = {"id": "p1", "abstract": ABSTRACT, "gold": {"tldr": "We propose FooNet."}}
    (root / f"{name}.jsonl").write_text(json.dumps(record) + "\n")
    return root


def test_a_gold_folder_given_as_an_argument_is_the_only_place_looked(tmp_path, monkeypatch):
    monkeypatch.delenv(GOLD_DIR_ENV, raising=False)
    folder = _gold_folder(tmp_path / "elsewhere" / "gold", "dev")
    assert gold_dirs(folder) == [folder]
    (item,) = load_suite("dev", gold_dir=folder)
    assert item.abstract == ABSTRACT
    with pytest.raises(InputError, match=str(folder / "test.jsonl")):
        load_suite("test", gold_dir=folder)  # not found there: the checkout is not tried


def test_the_gold_folder_setting_points_dev_and_test_elsewhere(tmp_path, monkeypatch):
    folder = _gold_folder(tmp_path / "mine", "test")
    monkeypatch.setenv(GOLD_DIR_ENV, str(folder))
    monkeypatch.chdir(tmp_path)
    assert [item.abstract for item in load_suite("test")] == [ABSTRACT]
    with pytest.raises(InputError, match=GOLD_DIR_ENV):
        load_suite("dev")
