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


def test_wheel_contains_prompts_schemas_and_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for prompt in sorted((REPO / "prompts").glob("*.toml")):
        assert f"summarizer/_bundled/prompts/{prompt.name}" in names
    assert "summarizer/_bundled/schemas/paper_summary.v1.json" in names
    assert any(n.startswith("summarizer/digest_assets/") for n in names)


def test_installed_wheel_loads_its_bundled_prompts(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = (
        "import json, summarizer.prompting as p; pr = p.load_prompt('default'); "
        "print(json.dumps({'file': p.__file__, 'prompt': pr.path, 'ids': sorted(p.available())}))"
    )
    env = os.environ | {"PYTHONPATH": str(site)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["file"].startswith(str(site))  # the installed copy, not the checkout
    assert info["prompt"].startswith(str(site / "summarizer" / "_bundled" / "prompts"))
    assert {"default.v1", "naive.v1", "naive-grammar.v1", "candidates.v1"} <= set(info["ids"])
