"""The built wheel carries the prompts, schemas and digest assets, and finds them installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(REPO),
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "-w",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0 and "hatchling" in result.stderr:
        pytest.skip("hatchling is not installed here (pip install '.[dev]')")
    assert result.returncode == 0, result.stderr
    (path,) = out.glob("summarizer-*.whl")
    return path


def _installed_run(wheel: Path, tmp_path: Path, code: str) -> tuple[Path, dict]:
    """``code`` run outside the checkout on the wheel's files alone: where they were unpacked,
    and the JSON the code printed."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=elsewhere,
        env=os.environ | {"PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return site, json.loads(result.stdout)


def test_wheel_contains_prompts_schemas_and_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for prompt in sorted((REPO / "prompts").glob("*.toml")):
        assert f"summarizer/_bundled/prompts/{prompt.name}" in names
    assert "summarizer/_bundled/schemas/paper_summary.v1.json" in names
    assert any(n.startswith("summarizer/views/digest_assets/") for n in names)
    assert "summarizer/views/templates/digest.html.j2" in names
    assert "summarizer/evaluation/templates/report.html.j2" in names


def test_installed_wheel_loads_its_bundled_prompts(wheel, tmp_path):
    code = (
        "import json, summarizer.prompting.templates as p; pr = p.load_prompt('default'); "
        "print(json.dumps({'file': p.__file__, 'prompt': pr.path, 'ids': sorted(p.available())}))"
    )
    site, info = _installed_run(wheel, tmp_path, code)
    assert info["file"].startswith(str(site))  # the installed copy, not the checkout
    assert info["prompt"].startswith(str(site / "summarizer" / "_bundled" / "prompts"))
    assert {"default.v1", "naive.v1", "naive-grammar.v1", "candidates.v1"} <= set(info["ids"])


def test_wheel_contains_the_rules_data_files(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = sorted((REPO / "summarizer" / "rules" / "data").iterdir())
    assert data
    for path in data:
        assert f"summarizer/rules/data/{path.name}" in names


def test_installed_wheel_reads_the_rules_word_lists(wheel, tmp_path):
    """The rules run from the installed copy, with their lists read from its data files."""
    code = (
        "import json\n"
        "from importlib import resources\n"
        "from summarizer.run.codehash import keyed_files\n"
        "from summarizer.rules import find_candidates, wordlists\n"
        "from summarizer.rules.known_datasets import is_known_dataset\n"
        "from summarizer.rules.labels import classify_domain\n"
        "from summarizer.rules.tasks import find_tasks\n"
        "text = ('We propose FooNet for semantic segmentation of MRI scans of patients. It '\n"
        "        'reaches 91.2% Dice on BraTS, 4.5 times faster than U-Net.')\n"
        "c = find_candidates(text)\n"
        "print(json.dumps({\n"
        "    'data': str(resources.files('summarizer.rules').joinpath('data')),\n"
        "    'known': len(wordlists.words('known_datasets')),\n"
        "    'cifar': is_known_dataset('CIFAR-10'),\n"
        "    'domain': classify_domain(text),\n"
        "    'tasks': find_tasks(text),\n"
        "    'numbers': [n.value for n in c.numbers],\n"
        "    'keyed': [r for r, _ in keyed_files() if r.startswith('rules/data/')],\n"
        "}))\n"
    )
    site, info = _installed_run(wheel, tmp_path, code)
    assert info["data"].startswith(str(site / "summarizer" / "rules" / "data"))
    listed = (REPO / "summarizer" / "rules" / "data" / "known_datasets.txt").read_text()
    assert info["known"] == sum(1 for e in listed.splitlines() if e and not e.startswith("#"))
    assert info["cifar"] is True
    assert info["domain"] == "healthcare"
    assert info["tasks"] == ["semantic segmentation"]
    assert info["numbers"] == ["91.2%", "4.5 times"]
    # a changed word list changes what the rules decide, so it is part of the cache key
    shipped = sorted(p.name for p in (REPO / "summarizer" / "rules" / "data").iterdir())
    assert info["keyed"] == [f"rules/data/{name}" for name in shipped]


def test_installed_wheel_renders_its_page_templates(wheel, tmp_path):
    """The digest and report templates load from the installed copy, not the checkout."""
    code = (
        "import json\n"
        "from summarizer.views import pages\n"
        "from summarizer.views.digest import build_digest\n"
        "record = {'id': 'p1', 'title': 'T', 'abstract': 'We propose FooNet.', 'summary': None,\n"
        "          'error': {'type': 'InputError', 'message': 'x'}, 'meta': {}, 'spans': {}}\n"
        "page = build_digest([record])\n"
        "report = pages.environment('summarizer.evaluation').get_template('report.html.j2')\n"
        "print(json.dumps({'file': pages.__file__, 'card': 'id=\"p-p1\"' in page,\n"
        "                  'report': report.filename}))\n"
    )
    site, info = _installed_run(wheel, tmp_path, code)
    assert info["file"].startswith(str(site))
    assert info["card"]
    assert info["report"].startswith(str(site / "summarizer" / "evaluation" / "templates"))
