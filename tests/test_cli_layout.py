"""Listings that print paths, at the 80 columns a piped or small terminal has.

A path cut with "…" or folded inside a table column cannot be read or copied; these run the
real entry point in a subprocess with ``COLUMNS`` set, as a terminal of that width would.
"""

from __future__ import annotations

import pytest

from summarizer.prompting.templates import available

from .support.cli import run_cli


@pytest.mark.parametrize("columns", [80, 50])
def test_prompts_shows_every_path_whole(tmp_path, columns):
    result = run_cli(["prompts"], tmp_path, env={"COLUMNS": str(columns)}, no_settings=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout
    for name, path in available().items():
        # The name, and its whole path on the same line: never cut, never folded.
        assert any(line.startswith(name + " ") and line.endswith(str(path)) for line in lines)
    assert all(line == line.rstrip() for line in lines)  # no padding into a pipe
    prose = [line for line in lines if line.startswith("    ")]
    assert prose and all(len(line) <= max(columns, 40) for line in prose)


def test_config_show_keeps_a_long_path_whole_at_80_columns(tmp_path):
    deep = tmp_path / "a-rather-long-directory-name" / "with" / "several" / "levels" / "cache"
    assert len(str(deep)) > 80
    xdg = tmp_path / "xdg"
    env = {"SUMMARIZER_CACHE_DIR": str(deep), "XDG_CONFIG_HOME": str(xdg)}
    narrow = run_cli(["config", "show"], tmp_path, env={**env, "COLUMNS": "80"}, no_settings=True)
    assert narrow.returncode == 0, narrow.stderr
    lines = narrow.stdout.splitlines()
    assert "…" not in narrow.stdout
    assert any(line.startswith("cache_dir ") and line.endswith(str(deep)) for line in lines)
    assert "from env SUMMARIZER_CACHE_DIR" in narrow.stdout
    assert "variable SUMMARIZER_TIMEOUT" in narrow.stdout  # what the table's column said
    for f in (tmp_path / "summarizer.toml", xdg / "summarizer" / "summarizer.toml"):
        assert f"  {f} (none)" in lines

    # With room for every cell, the same settings are one table row each.
    wide = run_cli(["config", "show"], tmp_path, env={**env, "COLUMNS": "300"}, no_settings=True)
    assert wide.returncode == 0, wide.stderr
    row = next(line for line in wide.stdout.splitlines() if line.startswith("cache_dir "))
    assert str(deep) in row and "env SUMMARIZER_CACHE_DIR" in row
    assert wide.stdout.splitlines()[0].split() == ["setting", "value", "source", "variable"]
