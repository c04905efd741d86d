"""The CLI's one error handler: exit codes and a single clean ``Error:`` line.

Every run goes through the real entry point, ``summarizer.cli:main`` (what the
``summarizer`` console script calls), in a subprocess. All of these fail while reading
the input or the options, before any request; ``--base-url`` points at a closed loopback
port anyway, so a regression cannot start the embedded engine or reach the network.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .support.cli import CONSOLE_SCRIPT, MODULE, NARROW, NOWHERE, run_cli

WRAP_BUG = (
    "BUG: cli.main prints the error with rich's Console, which wraps it at 80 columns when "
    "stderr is not a terminal, so a message over 80 characters splits over lines"
)


def _assert_one_error_line(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("Error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert result.stdout == ""


@pytest.mark.parametrize(
    "name, content, fragments",
    [
        pytest.param("missing.txt", None, ["missing.txt: no such file"], id="missing-file"),
        pytest.param("empty.txt", b"", ["empty.txt: the file is empty"], id="empty-file"),
        pytest.param(
            "model.bin", b"GGUF\x00\x00\x01" * 50, ["model.bin", "binary"], id="binary-file"
        ),
        pytest.param(
            "latin.txt",
            b"caf\xe9 au lait\n",
            ["latin.txt", "not UTF-8"],
            id="undecodable",
        ),
        pytest.param(
            "in.jsonl",
            b'{"abstract": "Fine."}\n{"abstract": broken}\n',
            ["in.jsonl, line 2", "not valid JSON"],
            id="jsonl-broken-line",
        ),
        pytest.param(
            "in.jsonl",
            b'{"abstract": "Fine."}\n{"title": "no abstract"}\n',
            ["in.jsonl, line 2", "no 'abstract' field"],
            id="jsonl-no-abstract",
        ),
        pytest.param(
            "in.csv",
            b"id,title,body\n1,T,text\n",
            ["in.csv: no 'abstract' column (columns: id, title, body)"],
            id="csv-no-abstract-column",
        ),
    ],
)
def test_bad_input_is_one_error_line_and_exit_1(
    tmp_path: Path, name: str, content: bytes | None, fragments: list[str]
) -> None:
    if content is not None:
        (tmp_path / name).write_bytes(content)
    result = run_cli(["summarize", name, *NOWHERE], tmp_path, env=NARROW)
    _assert_one_error_line(result, *fragments)
    assert not (tmp_path / "cache" / "engine.log").exists()


def test_error_in_second_input_is_found_before_any_request(tmp_path: Path) -> None:
    (tmp_path / "good.jsonl").write_text('{"abstract": "Fine."}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = run_cli(
        ["summarize", "good.jsonl", "missing.jsonl", "-o", str(out), *NOWHERE], tmp_path, env=NARROW
    )
    _assert_one_error_line(result, "missing.jsonl: no such file")
    assert not out.exists()


def test_error_line_with_a_long_path_is_not_wrapped(tmp_path: Path) -> None:
    deep = tmp_path / ("a-rather-long-directory-name-" * 3) / "missing-input-file.jsonl"
    result = run_cli(["summarize", str(deep), *NOWHERE], tmp_path, env=NARROW)
    _assert_one_error_line(result, f"{deep}: no such file")


def test_bad_option_is_a_usage_error_exit_2(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text('{"abstract": "Fine."}\n', encoding="utf-8")
    result = run_cli(
        ["summarize", "in.jsonl", "--concurrency", "0", *NOWHERE], tmp_path, env=NARROW
    )
    assert "Traceback" not in result.stderr
    assert "--concurrency" in result.stderr
    assert result.returncode == 2, result.stderr


def test_bad_option_never_exits_0_or_shows_a_traceback(tmp_path: Path) -> None:
    # The part of the usage-error contract that holds today (see the xfail above).
    (tmp_path / "in.jsonl").write_text('{"abstract": "Fine."}\n', encoding="utf-8")
    result = run_cli(
        ["summarize", "in.jsonl", "--concurrency", "0", *NOWHERE], tmp_path, env=NARROW
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "greater than or equal to 1" in result.stderr


@pytest.mark.parametrize(
    "args, expected",
    [
        pytest.param(["--help"], ["summarize", "prompts", "cache", "engine"], id="top-level"),
        pytest.param(
            ["summarize", "--help"],
            ["--output", "--base-url", "--concurrency", "--prompt"],
            id="summarize",
        ),
    ],
)
def test_help(tmp_path: Path, args: list[str], expected: list[str]) -> None:
    result = run_cli(args, tmp_path, env=NARROW)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Usage:" in result.stdout
    for word in expected:
        assert word in result.stdout


def test_version_prints_the_installed_version_and_exits_0(tmp_path: Path) -> None:
    from importlib.metadata import version

    for entry in (CONSOLE_SCRIPT, MODULE):
        result = run_cli(["--version"], tmp_path, env=NARROW, entry=entry)
        assert result.returncode == 0, result.stderr
        assert result.stdout == f"summarizer {version('summarizer')}\n"
        assert result.stderr == ""
    # Eager: it wins over a command that would otherwise fail.
    result = run_cli(["--version", "summarize", "missing.jsonl"], tmp_path, env=NARROW)
    assert result.returncode == 0 and result.stdout.startswith("summarizer ")


def test_python_dash_m_entry_point(tmp_path: Path) -> None:
    result = run_cli(["--help"], tmp_path, env=NARROW, entry=MODULE)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "summarize" in result.stdout


# --- settings: checked before any input is read or any output is written ---------------------

ABSTRACT_LINE = (
    '{"abstract": "We propose ImbSAM for long-tailed recognition; it improves tail accuracy '
    'by 4.8% on ImageNet-LT."}\n'
)


@pytest.mark.parametrize(
    "args, fragment",
    [
        pytest.param(["--timeout", "-1", *NOWHERE], "timeout", id="timeout-negative"),
        pytest.param(["--timeout", "nan", *NOWHERE], "timeout", id="timeout-nan"),
        pytest.param(["--timeout", "inf", *NOWHERE], "timeout", id="timeout-inf"),
        pytest.param(["--mode", "bogus", *NOWHERE], "unknown mode", id="mode-bogus"),
        pytest.param(["--model-path", "m.gguf", *NOWHERE], "model_path", id="model-path-and-url"),
        pytest.param(["--base-url", "localhost:8080/v1"], "not an http(s) URL", id="url-no-scheme"),
    ],
)
def test_a_bad_setting_flag_is_a_usage_error_before_any_work(
    tmp_path: Path, args: list[str], fragment: str
) -> None:
    (tmp_path / "in.jsonl").write_text(ABSTRACT_LINE, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = run_cli(["summarize", "in.jsonl", "-o", str(out), *args], tmp_path, env=NARROW)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and fragment in result.stderr
    assert not out.exists()


def test_a_bad_setting_in_the_environment_is_exit_1(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text(ABSTRACT_LINE, encoding="utf-8")
    result = run_cli(
        ["summarize", "in.jsonl", *NOWHERE], tmp_path, env={**NARROW, "SUMMARIZER_TIMEOUT": "nan"}
    )
    _assert_one_error_line(result, "timeout from env SUMMARIZER_TIMEOUT")


def test_a_hosted_endpoint_without_its_key_is_one_error_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text(ABSTRACT_LINE * 3, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = run_cli(
        ["summarize", "in.jsonl", "-o", str(out), "--base-url", "https://api.example.invalid/v1"],
        tmp_path,
        env=NARROW,
    )
    _assert_one_error_line(result, "No API key", "OPENAI_API_KEY")
    assert not out.exists()


def test_a_cloned_folder_cannot_send_a_token_to_its_server(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text(ABSTRACT_LINE, encoding="utf-8")
    (tmp_path / "summarizer.toml").write_text(
        'base_url = "https://collector.example.net/v1"\napi_key_env = "GITHUB_TOKEN"\n',
        encoding="utf-8",
    )
    env = {**NARROW, "XDG_CONFIG_HOME": str(tmp_path / "xdg"), "GITHUB_TOKEN": "ghp_not_for_them"}
    result = run_cli(["summarize", "in.jsonl"], tmp_path, env=env)
    _assert_one_error_line(result, "cannot choose which secret is sent", "--api-key-env")
    assert "ghp_not_for_them" not in result.stderr
