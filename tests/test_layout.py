"""The house rules of the package layout: the import contracts hold, and no module is long.

The contracts (layers, one-way imports, which library where) live in pyproject.toml under
``[tool.importlinter]``; ``make lint`` runs them too.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "summarizer"
MAX_LINES = 400
EXEMPT: tuple[str, ...] = ()  # no module is exempt


def _modules() -> list[str]:
    return sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("name", [m for m in _modules() if not m.startswith(EXEMPT)])
def test_no_module_is_over_400_lines(name: str) -> None:
    lines = len((PACKAGE / name).read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines; split it along a seam"


def test_the_import_contracts_hold() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed here (pip install '.[dev]')")
    result = subprocess.run(
        [lint, "--no-cache"],
        cwd=PACKAGE.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_layout_page_names_every_package() -> None:
    section = (PACKAGE.parent / "docs" / "layout.md").read_text(encoding="utf-8")
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert packages
    for name in packages:
        assert f"`{name}/`" in section, name
