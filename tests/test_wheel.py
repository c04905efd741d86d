"""The wheel, installed into a clean venv, works from any folder with no checkout in sight.

The wheel is built offline (no build isolation: hatchling from this venv) and installed with
``--no-deps --no-index`` into a fresh venv; the dependencies come from this venv through a
``.pth`` line naming its site-packages, which adds only that folder (its editable install of
the checkout is a ``.pth`` file there, and ``.pth`` files of an added folder are not read).
Every command runs in a temporary folder outside the checkout, without ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import time
import venv
from pathlib import Path

import pytest

from summarizer.run.codehash import tree_hash
from summarizer.schemas.registry import export_json_schema

from .support.suite import ABSTRACTS, KEY_ENV, SECRET, SuiteEndpoint, write_suite

REPO = Path(__file__).resolve().parents[1]
#: The whole module (build, install and every command) stays under this many seconds.
BUDGET = 90.0
ABSTRACT = (
    "We propose FooNet for semantic segmentation of MRI scans of patients. It reaches "
    "91.2% Dice on BraTS, 4.5 times faster than U-Net. Code: https://github.com/x/foonet."
)


class Installed:
    """A venv holding only the installed wheel, and a folder outside the checkout to run in."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.venv = root / "venv"
        self.cwd = root / "elsewhere"
        self.cwd.mkdir()
        self.began = time.monotonic()
        self.env = {
            name: value
            for name, value in os.environ.items()
            if name not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
            and not name.startswith("SUMMARIZER_")
        } | {
            "SUMMARIZER_CACHE_DIR": str(root / "cache"),
            "XDG_CONFIG_HOME": str(root / "config"),
            "COLUMNS": "200",
        }

    def run(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        """``args[0]`` from the venv's bin folder, run in the outside folder."""
        left = BUDGET - (time.monotonic() - self.began)
        assert left > 0, f"over the {BUDGET:.0f} s budget before {args}"
        return subprocess.run(
            [str(self.venv / "bin" / args[0]), *args[1:]],
            cwd=self.cwd,
            env=self.env | env,
            capture_output=True,
            text=True,
            timeout=left,
            check=False,
        )

    def python(self, code: str) -> dict:
        result = self.run("python", "-c", code)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    place = Installed(tmp_path_factory.mktemp("installed"))
    dist = place.root / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
        + ["--quiet", "-w", str(dist), str(REPO)],
        capture_output=True,
        text=True,
        timeout=BUDGET,
        check=False,
    )
    if built.returncode != 0 and "hatchling" in built.stderr:
        pytest.skip("hatchling is not installed here (pip install '.[dev]')")
    assert built.returncode == 0, built.stderr
    (wheel,) = dist.glob("summarizer-*.whl")
    venv.create(place.venv, with_pip=False, symlinks=True)
    python = place.venv / "bin" / "python"
    added = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install"]
        + ["--no-deps", "--no-index", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        timeout=BUDGET,
        check=False,
    )
    assert added.returncode == 0, added.stderr
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return place


def test_the_package_is_the_installed_copy(installed):
    found = installed.python(
        "import json, importlib.metadata as m, summarizer\n"
        "print(json.dumps({'file': summarizer.__file__, 'version': m.version('summarizer')}))"
    )
    assert Path(found["file"]).is_relative_to(installed.venv), found
    assert found["version"] == summarizer_version()
    version = installed.run("summarizer", "--version")
    assert version.returncode == 0 and found["version"] in version.stdout, version


def summarizer_version() -> str:
    import tomllib

    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]


def test_config_show_and_prompts_list_the_installed_files(installed):
    config = installed.run("summarizer", "config", "show")
    assert config.returncode == 0, config.stderr
    for setting in ("base_url", "model", "prompt", "cache_dir", "api_key_env"):
        assert setting in config.stdout
    assert str(installed.root / "cache") in config.stdout
    listed = installed.run("summarizer", "prompts")
    assert listed.returncode == 0, listed.stderr
    bundled = installed.venv.resolve()
    for prompt in sorted((REPO / "prompts").glob("*.toml")):
        line = next(x for x in listed.stdout.splitlines() if x.startswith(prompt.stem + " "))
        path = Path(line.split()[-1])
        assert path.name == prompt.name and path.resolve().is_relative_to(bundled), line


def test_the_default_prompt_schema_and_rules_run_from_the_installed_copy(installed):
    found = installed.python(
        "import json\n"
        "from summarizer.io.inputs import Paper\n"
        "from summarizer.prompting.strategy import plan\n"
        "from summarizer.prompting.templates import load_prompt\n"
        "from summarizer.rules import find_candidates\n"
        "from summarizer.run.codehash import schema_dir, tree_hash\n"
        "from summarizer.schemas.registry import load_schema\n"
        "from summarizer.views.pages import environment\n"
        f"abstract = {ABSTRACT!r}\n"
        "prompt, schema = load_prompt('default'), load_schema('default')\n"
        "p = plan(Paper('p1', abstract), prompt, schema.model)\n"
        "c = find_candidates(abstract)\n"
        "print(json.dumps({\n"
        "    'prompt': str(prompt.path), 'schema': schema.id, 'messages': len(p.messages),\n"
        "    'rendered': p.messages[-1]['content'],\n"
        "    'exported': (schema_dir() / 'paper_summary.v1.json').read_text(),\n"
        "    'numbers': [n.value for n in c.numbers], 'hash': tree_hash(),\n"
        "    'digest': environment('summarizer.views').get_template('digest.html.j2').filename,\n"
        "}))"
    )
    assert Path(found["prompt"]).resolve().is_relative_to(installed.venv.resolve())
    assert found["schema"] == "paper_summary.v1" and found["messages"] >= 2
    assert "FooNet" in found["rendered"]
    assert found["exported"].strip() == export_json_schema().strip()
    assert found["numbers"] == ["91.2%", "4.5 times"]
    assert Path(found["digest"]).resolve().is_relative_to(installed.venv.resolve())
    # Every file the cache key reads is in the wheel, as it is in the checkout.
    assert found["hash"] == tree_hash()


def test_eval_reads_a_gold_folder_outside_the_checkout_and_the_digest_renders(installed):
    gold = installed.root / "my-gold"
    gold.mkdir()
    write_suite(gold / "dev.jsonl")
    with SuiteEndpoint() as fake:
        args = ["summarizer", "eval", "dev", "--base-url", fake.base_url, "--model", "fake-model"]
        args += ["--api-key-env", KEY_ENV, "--mode", "json_schema", "--prompt", "candidates"]
        result = installed.run(
            *args, "--out", str(installed.root / "run"), SUMMARIZER_GOLD_DIR=str(gold),
            **{KEY_ENV: SECRET},
        )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    run = installed.root / "run"
    info = json.loads((run / "run.json").read_text())
    assert info["failed"] == 0 and len(fake.requests) == len(ABSTRACTS)
    scores = (run / "scores.jsonl").read_text().splitlines()
    assert {json.loads(s)["id"] for s in scores} == {
        json.loads(p)["id"] for p in (run / "predictions.jsonl").read_text().splitlines()
    }
    assert "ZorbNet" in (run / "report.html").read_text()
    page = installed.root / "digest.html"
    digest = installed.run("summarizer", "digest", str(run / "predictions.jsonl"), "-o", str(page))
    assert digest.returncode == 0, digest.stderr
    assert 'id="p-' in page.read_text() and "QuillBench" in page.read_text()
