"""What ``-o`` may point at: every command that writes a file follows summarizer.io.target.

Nothing the user points at is destroyed: an input, a device, a FIFO, a socket, a symlink's
target that is an input, an unrelated file, a planted temporary file; two runs on one output
do not mix; a rerun with another model stops; a failed write is one line and resumable.
Cases that need root (mknod, a read-only mount) skip elsewhere with the reason.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from summarizer.errors import OutputError, UsageError
from summarizer.io.output import RecordWriter, escape_cell, unescape_cell
from summarizer.io.target import OutputLock, atomic_file, check_target

from .support.abstracts import ABSTRACT, answer
from .support.cli import endpoint_args, run_cli, start_cli
from .support.fake_openai import FakeOpenAI
from .support.limits import time_limit
from .support.records import IDENTITY, output_record

ROOT = os.geteuid() == 0
needs_root = pytest.mark.skipif(not ROOT, reason="needs root (mknod / mount)")


def _write(path: Path, *records: dict) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


@pytest.fixture
def endpoint():
    with FakeOpenAI(default=answer()) as server:
        yield server


def _endpoint_args(server: FakeOpenAI) -> list[str]:
    return endpoint_args(server.base_url, mode="json_schema", prompt="naive")


def _inputs(path: Path, n: int) -> Path:
    path.write_text(
        "".join(json.dumps({"id": f"p{i}", "abstract": ABSTRACT}) + "\n" for i in range(n)),
        encoding="utf-8",
    )
    return path


# --- the target rules, one by one ---------------------------------------------------------


def test_an_output_that_is_the_input_is_refused_also_through_links(tmp_path: Path) -> None:
    source = _inputs(tmp_path / "in.jsonl", 2)
    before = source.read_bytes()
    hard = tmp_path / "hard.jsonl"
    os.link(source, hard)
    soft = tmp_path / "soft.jsonl"
    soft.symlink_to(source)
    for out in (source, hard, soft):
        with pytest.raises(UsageError, match="is the input"):
            RecordWriter(out, inputs=[str(source)])
    assert source.read_bytes() == before


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_summarize_into_its_own_input_exits_2_and_keeps_the_input(
    tmp_path: Path, suffix: str
) -> None:
    source = tmp_path / f"same{suffix}"
    if suffix == ".csv":
        source.write_text(f"id,abstract\np1,{ABSTRACT.replace(',', ' ')}\n", encoding="utf-8")
    else:
        _inputs(source, 2)
    before = source.read_bytes()
    result = run_cli(["summarize", source.name, "-o", source.name, "--no-cache"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert "is the input" in result.stderr
    assert "unexpected" not in result.stderr
    assert source.read_bytes() == before


def test_an_unrelated_file_is_kept_unless_force(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    inputs_only = _inputs(tmp_path / "inputs.jsonl", 1)  # ids and abstracts: not an output
    for path in (notes, inputs_only):
        before = path.read_bytes()
        with pytest.raises(UsageError, match="not an output of this command.*--force"):
            RecordWriter(path)
        assert path.read_bytes() == before
    writer = RecordWriter(notes, force=True)
    writer.write(output_record("a"))
    writer.close()
    assert [json.loads(x)["id"] for x in notes.read_text().splitlines()] == ["a"]


def test_previous_outputs_are_recognised(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    failed_only = tmp_path / "failed.jsonl"
    _write(failed_only, output_record("x", ok=False))
    cut = tmp_path / "cut.jsonl"
    cut.write_text('{"id": "a", "summary": {"tldr": "cut sho', encoding="utf-8")
    for path in (empty, failed_only, cut):
        writer = RecordWriter(path)  # resumable, no --force needed
        assert set(writer.done) == set()  # nothing finished: every id is asked again
        writer.close()
        # Kept as the output, without the failed record or the half line set aside for rerun.
        assert path.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("kind", ["directory", "fifo", "socket"])
def test_directories_fifos_and_sockets_are_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "out.jsonl"
    holder = None
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        holder = socket.socket(socket.AF_UNIX)
        holder.bind(str(path))
    try:
        with pytest.raises(UsageError, match=f"is a {kind if kind != 'fifo' else 'FIFO'}"):
            RecordWriter(path)
        mode = os.stat(path).st_mode
        assert not stat.S_ISREG(mode)
    finally:
        if holder is not None:
            holder.close()


@needs_root
def test_a_character_device_stays_a_device(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a private /dev/null
    with pytest.raises(UsageError, match="character device"):
        RecordWriter(null)
    assert stat.S_ISCHR(os.stat(null).st_mode)
    source = _inputs(tmp_path / "in.jsonl", 1)
    result = run_cli(["summarize", source.name, "-o", str(null), "--no-cache"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert stat.S_ISCHR(os.stat(null).st_mode)


def test_a_symlink_is_followed_to_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    _write(real, output_record("a"))
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    writer = RecordWriter(link)
    writer.write(output_record("b"))
    writer.close()
    assert link.is_symlink()
    assert [json.loads(x)["id"] for x in real.read_text().splitlines()] == ["a", "b"]


def test_a_planted_temporary_file_is_never_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    for name in (out.name + ".tmp", "." + out.name + ".tmp"):
        (tmp_path / name).symlink_to(victim)
    writer = RecordWriter(out)
    writer.write(output_record("a"))
    writer.close()
    assert victim.read_text() == "precious\n"
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a"]


def test_a_planted_lock_symlink_is_refused(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    (tmp_path / ".out.jsonl.lock").symlink_to(victim)
    with pytest.raises(OutputError, match="symlink"):
        RecordWriter(out)
    assert victim.read_text() == "precious\n"


# --- one run per output ------------------------------------------------------------------


def test_a_second_writer_on_the_same_output_fails_at_once(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    first = RecordWriter(out)
    try:
        with pytest.raises(
            OutputError, match=rf"another summarizer run is writing .*pid {os.getpid()}"
        ):
            RecordWriter(out)
    finally:
        first.close()
    RecordWriter(out).close()  # free again once the first is closed
    assert not (tmp_path / ".out.jsonl.lock").exists()


def test_a_lock_left_by_a_killed_process_does_not_block(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys, time
                from summarizer.io.target import OutputLock
                OutputLock({str(out)!r}).acquire()
                print("locked", flush=True)
                time.sleep(60)
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        with time_limit(30):
            assert holder.stdout.readline().strip() == "locked"
            with pytest.raises(OutputError, match=f"pid {holder.pid}"):
                OutputLock(out).acquire()
            holder.send_signal(signal.SIGKILL)
            holder.wait()
        assert (tmp_path / ".out.jsonl.lock").exists()  # left behind by the killed run
        with OutputLock(out):
            pass
    finally:
        holder.kill()
        holder.wait()


def test_two_cli_runs_on_one_output_never_mix(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    source = _inputs(tmp_path / "in.jsonl", 3)
    out = tmp_path / "out.jsonl"
    with OutputLock(out):  # a run that is still writing
        result = run_cli(
            ["summarize", source.name, "-o", out.name, *_endpoint_args(endpoint)], tmp_path
        )
    assert result.returncode == 1, result.stderr
    assert f"another summarizer run is writing {out}" in result.stderr
    assert f"(pid {os.getpid()})" in result.stderr
    assert not out.exists() or out.read_text() == ""
    assert endpoint.requests == []


# --- resume must not mix runs ------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value",
    [("model", "m2"), ("prompt", "naive.v1"), ("template_hash", "t2"), ("schema", "s2")],
)
def test_a_rerun_with_another_model_prompt_or_schema_stops(
    tmp_path: Path, field: str, value: str
) -> None:
    out = tmp_path / "out.jsonl"
    _write(out, output_record("a"), output_record("b", ok=False))
    before = out.read_bytes()
    with pytest.raises(UsageError, match=f"another {field} 'm1'|another {field} '"):
        RecordWriter(out, identity=IDENTITY | {field: value})
    assert out.read_bytes() == before
    forced = RecordWriter(out, identity=IDENTITY | {field: value}, force=True)
    assert set(forced.done) == set()
    forced.close()
    assert out.read_text() == ""


def test_another_endpoint_for_the_same_model_only_warns(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    _write(
        out,
        output_record("a", endpoint="http://10.0.0.1/v1"),
        output_record("b", endpoint="http://h2/v1"),
    )
    writer = RecordWriter(out, identity=IDENTITY | {"endpoint": "http://h3/v1"})
    writer.close()
    assert set(writer.done) == {"a", "b"}
    assert len(writer.warnings) == 1 and "endpoint" in writer.warnings[0]


def test_csv_output_carries_what_the_resume_check_needs(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    writer = RecordWriter(out, identity=IDENTITY)
    writer.write(output_record("a"))
    writer.close()
    with pytest.raises(UsageError, match="another model"):
        RecordWriter(out, identity=IDENTITY | {"model": "m2"})
    RecordWriter(out, identity=IDENTITY).close()
    old = tmp_path / "old.csv"  # an older CSV without the identity columns
    old.write_text("id,title,tldr,error,prompt,model\na,,x,,default.v1,m1\n", encoding="utf-8")
    resumed = RecordWriter(old, identity=IDENTITY)
    resumed.close()
    assert any("cannot check" in w for w in resumed.warnings)


def test_cli_rerun_with_another_model_exits_2(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    source = _inputs(tmp_path / "in.jsonl", 2)
    args = ["summarize", source.name, "-o", "out.jsonl", "--no-cache", *_endpoint_args(endpoint)]
    first = run_cli(args, tmp_path)
    assert first.returncode == 0, first.stderr
    before = (tmp_path / "out.jsonl").read_bytes()
    other = [a if a != "fake" else "other-model" for a in args]
    second = run_cli(other, tmp_path)
    assert second.returncode == 2, second.stderr
    assert "another model 'fake'" in second.stderr and "--force" in second.stderr
    assert (tmp_path / "out.jsonl").read_bytes() == before
    forced = run_cli([*other, "--force"], tmp_path)
    assert forced.returncode == 0, forced.stderr
    models = {json.loads(x)["meta"]["model"] for x in (tmp_path / "out.jsonl").open()}
    assert models == {"other-model"}


# --- failed writes -----------------------------------------------------------------------

_FSIZE_CHILD = """
import json, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
from summarizer.errors import OutputError
from summarizer.io.output import RecordWriter
sys.path.insert(0, {tests!r})
record = json.loads({record!r})
writer = RecordWriter({out!r})
resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
try:
    for i in range(1000):
        writer.write(dict(record, id=f"r{{i}}"))
except OutputError as exc:
    print("OutputError:", exc)
    writer.close()
    sys.exit(0)
sys.exit("no error")
"""


def test_a_full_disk_is_one_error_naming_the_path_and_resumable(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    line = json.dumps(output_record("r0"))
    code = _FSIZE_CHILD.format(
        tests=str(Path(__file__).parent), record=line, out=str(out), limit=len(line) * 5 + 100
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"OutputError: cannot write {out}" in done.stdout
    resumed = RecordWriter(out)
    resumed.close()
    assert set(resumed.done) == {f"r{i}" for i in range(5)}  # the torn sixth is dropped
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]  # no temporary file


@needs_root
def test_a_read_only_folder_is_one_error_and_leaves_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    _write(folder / "out.jsonl", output_record("a"), output_record("b", ok=False))
    mounted = subprocess.run(
        ["mount", "--bind", "-o", "ro", str(folder), str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot make a read-only mount here: {mounted.stderr.decode().strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)], check=True)
        with pytest.raises(OutputError, match=f"cannot write {folder / 'out.jsonl'}"):
            RecordWriter(folder / "out.jsonl")
        assert sorted(p.name for p in folder.iterdir()) == ["out.jsonl"]
    finally:
        subprocess.run(["umount", str(folder)], check=False)


@pytest.mark.parametrize("name", ["out.jsonl", "out.csv"])
def test_a_run_that_writes_no_record_leaves_no_new_output(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    RecordWriter(out, identity=IDENTITY).close()  # stopped before its first record
    assert sorted(tmp_path.iterdir()) == []  # no empty file (nor a header alone), no lock
    writer = RecordWriter(out, identity=IDENTITY)
    writer.write(output_record("a"))
    writer.close()
    assert out.stat().st_size > 0
    again = RecordWriter(out, identity=IDENTITY)  # a rerun with nothing left to do
    again.close()
    assert set(again.done) == {"a"} and out.stat().st_size > 0


def test_an_existing_output_is_kept_even_when_no_record_is_written(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.touch()  # the user's own empty file: not ours to remove
    RecordWriter(empty).close()
    assert empty.exists()
    failed = tmp_path / "failed.jsonl"
    _write(failed, output_record("a", ok=False))
    RecordWriter(failed, identity=IDENTITY).close()  # its failed record is set aside
    assert failed.exists() and failed.read_text() == ""


def test_atomic_file_leaves_nothing_when_the_block_fails(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_file(target) as fh:
        fh.write("half")
        raise RuntimeError("boom")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]


# --- the other commands that write -------------------------------------------------------


def test_digest_never_overwrites_its_source_or_another_file(tmp_path: Path) -> None:
    source = tmp_path / "run.jsonl"
    _write(source, output_record("a"))
    before = source.read_bytes()
    result = run_cli(["digest", source.name, "-o", source.name], tmp_path)
    assert result.returncode == 2, result.stderr
    assert source.read_bytes() == before
    notes = tmp_path / "notes.html"
    notes.write_text("<p>mine</p>", encoding="utf-8")
    assert run_cli(["digest", source.name, "-o", notes.name], tmp_path).returncode == 2
    assert notes.read_text() == "<p>mine</p>"
    page = tmp_path / "page.html"
    assert run_cli(["digest", source.name, "-o", page.name], tmp_path).returncode == 0
    assert run_cli(["digest", source.name, "-o", page.name], tmp_path).returncode == 0  # ours
    assert run_cli(["digest", source.name, "-o", notes.name, "--force"], tmp_path).returncode == 0
    assert "<!doctype html>" in notes.read_text()


def test_batch_prepare_never_overwrites_its_input(tmp_path: Path) -> None:
    source = _inputs(tmp_path / "in.jsonl", 2)
    before = source.read_bytes()
    args = ["batch", "prepare", source.name, "-o", source.name, "--model", "gpt-4o-mini"]
    result = run_cli(args, tmp_path)
    assert result.returncode == 2, result.stderr
    assert source.read_bytes() == before
    args[4] = "requests.jsonl"
    assert run_cli(args, tmp_path).returncode == 0
    assert run_cli(args, tmp_path).returncode == 0  # a request file it wrote may be replaced


def test_merge_refuses_an_input_as_its_output(tmp_path: Path) -> None:
    shard = tmp_path / "s1.jsonl"
    _write(shard, output_record("p0"))
    source = _inputs(tmp_path / "in.jsonl", 1)
    before = source.read_bytes()
    result = run_cli(["merge", source.name, shard.name, "--input", source.name], tmp_path)
    assert result.returncode == 2, result.stderr
    assert source.read_bytes() == before


def test_dash_writes_to_stdout(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    source = _inputs(tmp_path / "in.jsonl", 2)
    result = run_cli(
        ["summarize", source.name, "-o", "-", "--no-cache", *_endpoint_args(endpoint)], tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert sorted(json.loads(x)["id"] for x in result.stdout.splitlines()) == ["p0", "p1"]
    assert not (tmp_path / "-").exists()


def test_a_closed_stdout_is_one_line_not_a_crash(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    source = _inputs(tmp_path / "in.jsonl", 200)
    with time_limit(120):
        child = start_cli(
            ["summarize", source.name, "--no-cache", *_endpoint_args(endpoint)], tmp_path
        )
        assert child.stdout.readline()  # like `| head -1`
        child.stdout.close()
        stderr = child.stderr.read()
        code = child.wait()
    assert code == 1, stderr
    assert "broken pipe" in stderr
    assert "unexpected" not in stderr and "Traceback" not in stderr


# --- CSV cells ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ['=HYPERLINK("http://x")', "+1+2", "-2+3", "@SUM(A1)", "\tx", "'quoted", "plain"]
)
def test_csv_cells_are_never_formulas_and_read_back_exactly(text: str) -> None:
    cell = escape_cell(text)
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert unescape_cell(cell) == text


def test_negative_numbers_stay_numbers_in_csv() -> None:
    assert escape_cell("-4.1%") == "-4.1%"
    assert escape_cell("+3.2") == "+3.2"


def test_csv_resume_reads_escaped_ids(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    writer = RecordWriter(out)
    record = output_record("=cmd|' /C calc'!A0")
    record["title"] = '=HYPERLINK("http://evil")'
    writer.write(record)
    writer.close()
    with out.open(encoding="utf-8", newline="") as fh:
        (row,) = csv.DictReader(fh)
    assert row["id"] == "'=cmd|' /C calc'!A0"
    assert row["title"] == '\'=HYPERLINK("http://evil")'
    resumed = RecordWriter(out)
    resumed.close()
    assert set(resumed.done) == {"=cmd|' /C calc'!A0"}


def test_check_target_names_what_it_refuses(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(UsageError, match="digest .*[Nn]ot a directory"):
        check_target(tmp_path / "file" / "page.html", what="digest")


# --- inputs that can be read once, and usage errors before any work ----------------------


def test_a_fifo_input_is_read_once_and_summarized(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    source = _inputs(tmp_path / "in.jsonl", 2)
    fifo = tmp_path / "papers.jsonl"
    os.mkfifo(fifo)
    with time_limit(120):
        child = start_cli(  # like `summarize <(cat in.jsonl)`
            ["summarize", str(fifo), "-o", "out.jsonl", "--no-cache", *_endpoint_args(endpoint)],
            tmp_path,
            stdout=None,
        )
        with fifo.open("w", encoding="utf-8") as fh:
            fh.write(source.read_text(encoding="utf-8"))
        stderr = child.stderr.read()
        assert child.wait() == 0, stderr
    ids = [json.loads(x)["id"] for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert sorted(ids) == ["p0", "p1"]


def test_csv_on_stdin_with_format(tmp_path: Path, endpoint: FakeOpenAI) -> None:
    text = f"id,abstract\nc1,{ABSTRACT.replace(',', ' ')}\n"
    result = run_cli(
        ["summarize", "-", "--format", "csv", "--no-cache", *_endpoint_args(endpoint)],
        tmp_path,
        input=text,
    )
    assert result.returncode == 0, result.stderr
    assert [json.loads(x)["id"] for x in result.stdout.splitlines()] == ["c1"]


@pytest.mark.parametrize(
    "flags",
    [
        ["--workers", "2"],
        ["--format", "bogus"],
        ["--timeout", "nan"],
        ["--mode", "bogus"],
        ["--model-path", "m.gguf", "--base-url", "http://127.0.0.1:9/v1"],
    ],
    ids=lambda flags: " ".join(flags),
)
def test_usage_errors_exit_2_before_any_work(tmp_path: Path, flags: list[str]) -> None:
    source = _inputs(tmp_path / "in.jsonl", 1)
    result = run_cli(["summarize", source.name, "-o", "out.jsonl", *flags], tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("Error: ") and "unexpected" not in result.stderr
    assert not (tmp_path / "out.jsonl").exists()


def test_a_missing_api_key_is_one_error_before_anyoutput_record(tmp_path: Path) -> None:
    source = _inputs(tmp_path / "in.jsonl", 3)
    args = ["summarize", source.name, "-o", "out.jsonl", "--base-url", "https://api.example/v1"]
    result = run_cli(args, tmp_path)
    assert result.returncode == 1, result.stderr
    assert "No API key" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "out.jsonl").exists()
