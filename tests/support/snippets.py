"""The code blocks of the README and of the docs pages, and running them as written.

A block is run in a sandbox laid out like a checkout (the gold files, the bench scripts, the
prompts and ``../shared`` reached through links, sample inputs under the names the pages use),
with ``summarizer`` and ``python`` of this venv first on PATH. The only change made to a block
is its endpoint: every OpenAI-compatible URL it names is pointed at the loopback server the
test runs, and so are the commands that name none (``SUMMARIZER_BASE_URL``), unless the block
is one the test runs on the embedded engine.
"""

from __future__ import annotations

import ast
import builtins
import csv
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .cli import cli_env

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
SEED_FILE = SHARED / "seeds" / "000_89500ff302b6df21.txt"

_FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
_INCLUDE = re.compile(r'^--8<-- "([^"]+)"$', re.M)
#: The endpoints the pages name: hosted OpenAI, Ollama, vLLM, llama-server, the fast server.
ENDPOINT = re.compile(
    r"https?://(?:localhost|127\.0\.0\.1|api\.openai\.com|vllm\.internal)(?::\d+)?/v1"
)


@dataclass(frozen=True)
class Snippet:
    """One fenced block of a page: ``page`` is relative to the repository."""

    page: str
    index: int
    language: str
    code: str

    @property
    def id(self) -> str:
        first = next((line for line in self.code.splitlines() if line.strip()), "")
        return f"{self.page}#{self.index}: {first[:50]}"


def page_text(path: Path) -> str:
    """The page as the site renders it: ``--8<-- "FILE"`` lines replaced by FILE's text."""
    text = path.read_text(encoding="utf-8")
    return _INCLUDE.sub(lambda m: (REPO / m.group(1)).read_text(encoding="utf-8"), text)


def snippets(path: Path, languages: tuple[str, ...] = ("bash", "python")) -> list[Snippet]:
    """The page's blocks in those languages, in page order."""
    page = str(path.relative_to(REPO))
    found = [m for m in _FENCE.finditer(page_text(path)) if m.group(1) in languages]
    return [Snippet(page, i, m.group(1), m.group(2)) for i, m in enumerate(found)]


def doc_pages() -> list[Path]:
    """Every Markdown page of the site, in path order."""
    return sorted((REPO / "docs").rglob("*.md"))


def command_lines(code: str) -> list[str]:
    """The shell lines of a bash block, comments cut, heredoc bodies left out."""
    lines, heredoc = [], None
    for line in code.splitlines():
        if heredoc is not None:
            heredoc = None if line.strip() == heredoc else heredoc
            continue
        marker = re.search(r"<<-?\s*'?(\w+)'?", line)
        if marker:
            heredoc = marker.group(1)
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if line:
            lines.append(line)
    return lines


def summarizer_commands(snippet: Snippet) -> list[list[str]]:
    """The argument lists of the ``summarizer`` commands of a bash block (after a pipe too)."""
    found = []
    for line in command_lines(snippet.code):
        for part in line.split("|"):
            words = shlex.split(part.strip())
            if words[:1] == ["summarizer"]:
                found.append(words[1:])
    return found


GROUPS = {"eval", "cache", "engine", "config", "batch"}


def help_command(argv: list[str]) -> list[str]:
    """The command whose ``--help`` lists the options of ``summarizer ARGV``."""
    words = [w for w in argv if not w.startswith("-")]
    group = words[:2] if words and words[0] in GROUPS else words[:1]
    if group and group[0] == "eval" and group[-1] != "compare":
        group = ["eval", "run"]  # `eval SUITE` is `eval run SUITE`
    return group


def assert_commands_exist(snippet: Snippet) -> None:
    """Every ``summarizer`` command of a bash block is one the CLI has, and so is every option
    it passes (read from the command's ``--help``)."""
    from typer.testing import CliRunner

    from summarizer.cli import app

    for argv in summarizer_commands(snippet) if snippet.language == "bash" else []:
        result = CliRunner().invoke(app, [*help_command(argv), "--help"])
        assert result.exit_code == 0, (argv, result.output)
        for option in (w.split("=")[0] for w in argv if w.startswith("--")):
            assert option in result.output, (option, argv)


def names_used_but_not_defined(code: str) -> set[str]:
    """The names a snippet reads that it neither assigns, imports, nor gets from builtins."""
    tree = ast.parse(code)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return used - bound


def output_paths(snippet: Snippet) -> list[str]:
    """What the block's ``summarizer`` commands write with ``-o`` (standard output left out)."""
    paths = []
    for argv in summarizer_commands(snippet):
        for flag, value in zip(argv, argv[1:], strict=False):
            if flag == "-o" and value != "-":
                paths.append(value)
    return paths


# --- the sandbox -------------------------------------------------------------------------


def _seed_abstracts(n: int) -> list[str]:
    paragraphs = SEED_FILE.read_text(encoding="utf-8").split("\n\n")[1:]
    return [p.strip() for p in paragraphs if p.strip()][:n]


def make_sandbox(root: Path) -> Path:
    """A working folder ``root/repo`` with what the pages' commands read, and ``root/shared``.

    Inputs under the names the pages use: ``papers.txt`` (a Daily Papers dump), ``papers.jsonl``,
    ``papers.csv`` and ``papers.parquet`` (three seed abstracts each), and ``archive.jsonl``
    (twelve).
    """
    work = root / "repo"
    work.mkdir(parents=True)
    (root / "shared").symlink_to(SHARED, target_is_directory=True)
    for name in ("evals", "bench", "prompts", ".venv"):
        if (REPO / name).exists():
            (work / name).symlink_to(REPO / name, target_is_directory=True)
    (work / "home").mkdir()
    three = _seed_abstracts(3)
    (work / "papers.txt").write_text("Daily Papers\n\n" + "\n\n".join(three) + "\n")
    rows = [{"title": f"Paper {i}", "abstract": a} for i, a in enumerate(three, 1)]
    (work / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    with (work / "papers.csv").open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=["title", "abstract"])
        writer.writeheader()
        writer.writerows(rows)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        pass  # the Parquet page then fails on its missing input, naming the extra
    else:
        pq.write_table(pa.Table.from_pylist(rows), work / "papers.parquet")
    archive = [{"abstract": a} for a in _seed_abstracts(12)]
    (work / "archive.jsonl").write_text("".join(json.dumps(r) + "\n" for r in archive))
    return work


def snippet_env(
    work: Path, base_url: str | None, extra: Mapping[str, str | None] | None = None
) -> dict[str, str]:
    """The environment a block runs in: this venv first on PATH, a home of its own, the cache
    in the sandbox, and with ``base_url`` every command pointed at that endpoint."""
    env = cli_env(work, {"XDG_CONFIG_HOME": None, "XDG_CACHE_HOME": None, **(extra or {})})
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(work / "home")
    env["NO_MKDOCS_2_WARNING"] = "1"
    if base_url is not None:
        env.update(SUMMARIZER_BASE_URL=base_url, SUMMARIZER_MODEL="fast")
    return env


def run_snippet(
    snippet: Snippet,
    work: Path,
    env: Mapping[str, str],
    base_url: str | None,
    timeout: float,
) -> subprocess.CompletedProcess[str]:
    """Run the block in ``work``: bash with ``-e -o pipefail``, or this venv's Python."""
    code = ENDPOINT.sub(base_url, snippet.code) if base_url else snippet.code
    if snippet.language == "bash":
        args = ["bash", "-e", "-o", "pipefail", "-c", code]
    else:
        args = [sys.executable, "-c", code]
    return subprocess.run(
        args,
        cwd=work,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )
