"""Build the README's example record and ``docs/digest.png`` with the tool as it is now.

The model's part of each record (``tldr`` and ``problem``: the default prompt leaves the
keywords to code) is an answer the embedded engine gave once, kept in
``docs/example_answers.json``; everything else is decided by the current code. The answers
are replayed through the loopback fake endpoint of the tests (``tests/support/fake_openai.py``),
so no engine runs and the output is the same on every machine. From the ten records of the
first ten seed abstracts it writes:

- the JSON block of ``README.md`` between the ``example-record`` markers: the first record,
  abridged (the abstract cut, three results, ``meta`` without the run's timing and tokens);
- ``docs/digest.png``: the digest of the ten records as headless Chromium renders it. Where
  Chromium is missing it says so and keeps the PNG there is.

    python docs/gen_example.py            # what `make docs` runs
    python docs/gen_example.py --record   # ask the embedded engine again for the answers
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds" / "000_89500ff302b6df21.txt"
ANSWERS = REPO / "docs" / "example_answers.json"
README = REPO / "README.md"
PNG = REPO / "docs" / "digest.png"
PAPERS = 10
#: The name the recorded model is served under, so that the record names it.
MODEL = "qwen2.5-coder-0.5b-instruct"
PROMPT, MODE = "default", "json_object_schema"
START, END = "<!-- example-record: start -->", "<!-- example-record: end -->"
#: What ``meta`` keeps in the README: not the endpoint's address, the time or the tokens.
SHOWN_META = ("model", "prompt", "prompt_hash", "template_hash", "schema", "mode", "attempts")
SHOWN_RESULTS = 3
WINDOW = (1280, 1400)
#: Headless, and no network chatter of the browser's own (as tests/browser.py starts it).
HEADLESS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def answer_fields() -> tuple[str, ...]:
    """What the prompt has the model write: the fields of its answer."""
    from summarizer.prompting.strategy import prompt_text_model
    from summarizer.prompting.templates import load_prompt

    return tuple(prompt_text_model(load_prompt(PROMPT)).model_fields)


def papers(seeds: Path = SEEDS) -> list[Any]:
    """The first ten papers of the seed dump: those whose answers are recorded are shown."""
    from summarizer.io.inputs import read_papers

    return list(read_papers([str(seeds)]))[:PAPERS]


def record_answers(seeds: Path = SEEDS, answers: Path = ANSWERS) -> None:
    """Summarize the papers on the embedded engine and keep the model's part of each.

    The file is written after each paper, and papers it already holds are not asked again:
    delete it to record every answer anew. ``summarizer engine start`` first keeps one
    engine up for all of them.
    """
    from summarizer import Settings, summarize_many

    kept = json.loads(answers.read_text()) if answers.exists() else {}
    fields = answer_fields()
    # A loaded machine may take minutes per answer; a timeout is no answer to record.
    settings = Settings(prompt=PROMPT, mode=MODE, concurrency=1, use_cache=False, timeout=900)
    for paper in papers(seeds):
        if paper.id in kept:
            continue
        (record,) = summarize_many([paper.abstract], settings)
        if record.summary is None:
            raise SystemExit(f"{record.id}: no summary ({record.error}); record again")
        kept[record.id] = {f: getattr(record.summary, f) for f in fields}
        answers.write_text(json.dumps(kept, indent=2, ensure_ascii=False) + "\n")
        print(f"recorded {record.id} ({len(kept)} of {PAPERS})", flush=True)
    order = [p.id for p in papers(seeds)]
    answers.write_text(json.dumps({i: kept[i] for i in order}, indent=2, ensure_ascii=False) + "\n")


def replay(seeds: Path = SEEDS, answers: Path = ANSWERS) -> list[dict[str, Any]]:
    """The records of the papers, the recorded answers served by the loopback fake."""
    sys.path.insert(0, str(REPO))
    from summarizer import Settings, summarize_many
    from tests.support.fake_openai import FakeOpenAI

    recorded = json.loads(answers.read_text())
    found = [p for p in papers(seeds) if p.id in recorded]
    quoted = {p.id: json.dumps(" ".join(p.abstract.split())[:120])[1:-1] for p in found}

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        asked = json.dumps(body)
        (paper_id,) = [i for i, q in quoted.items() if q in asked]
        return recorded[paper_id]

    with FakeOpenAI(respond=respond, models=(MODEL,)) as server:
        settings = Settings(
            base_url=server.base_url,
            model=MODEL,
            prompt=PROMPT,
            mode=MODE,
            concurrency=1,
            use_cache=False,
        )
        records = summarize_many([p.abstract for p in found], settings)
    return [r.to_dict() for r in records]


def shown(record: dict[str, Any]) -> dict[str, Any]:
    """The README's abridged copy of a record."""
    abstract = record["abstract"]
    summary = dict(record["summary"])
    summary["results"] = summary["results"][:SHOWN_RESULTS]
    spans = dict(record["spans"])
    spans["results"] = spans["results"][:SHOWN_RESULTS]
    return {
        "id": record["id"],
        "title": record["title"],
        "abstract": f"{' '.join(abstract.split()[:7])} … {abstract.split()[-1]}",
        "summary": summary,
        "error": record["error"],
        "meta": {k: record["meta"][k] for k in SHOWN_META if k in record["meta"]},
        "spans": spans,
    }


def record_block(record: dict[str, Any]) -> str:
    """The README's JSON block of the example record, fences and markers included."""
    text = json.dumps(shown(record), indent=2, ensure_ascii=False)
    # A span's two offsets on one line, as people write them.
    text = re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", text)
    return f"{START}\n```json\n{text}\n```\n{END}"


def write_readme(record: dict[str, Any], readme: Path = README) -> bool:
    """Put the example record into ``readme``; True if it changed."""
    old = readme.read_text()
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(old):
        raise SystemExit(f"{readme}: no {START} ... {END} block")
    new = pattern.sub(lambda _: record_block(record), old)
    if new != old:
        readme.write_text(new)
    return new != old


def chromium() -> str | None:
    """The Chromium binary, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def write_png(records: list[dict[str, Any]], png: Path = PNG) -> bool:
    """Screenshot the digest of ``records`` into ``png``; False (the old PNG kept) without
    Chromium."""
    browser = chromium()
    if browser is None:
        print(f"Chromium not found (make browser installs it): {png} kept as it is")
        return False
    from summarizer.views.digest import write_digest

    with tempfile.TemporaryDirectory() as tmp:
        source, page, shot = Path(tmp, "seeds.jsonl"), Path(tmp, "digest.html"), Path(tmp, "d.png")
        source.write_text("".join(json.dumps(r) + "\n" for r in records))
        plural = "s" if len(records) != 1 else ""
        write_digest(source, page, title=f"Digest of {len(records)} seed abstract{plural}")
        flags = [f"--user-data-dir={Path(tmp, 'profile')}", f"--screenshot={shot}"]
        size = f"--window-size={WINDOW[0]},{WINDOW[1]}"
        run = [browser, *HEADLESS, *flags, size, page.as_uri()]
        subprocess.run(run, check=True, capture_output=True, timeout=120)
        shutil.copyfile(shot, png)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", action="store_true", help="ask the embedded engine again")
    parser.add_argument("--readme", type=Path, default=README)
    parser.add_argument("--png", type=Path, default=PNG)
    args = parser.parse_args(argv)
    if args.record:
        record_answers()
    records = replay()
    changed = write_readme(records[0], args.readme)
    print(f"{args.readme}: example record {'updated' if changed else 'unchanged'}")
    if write_png(records, args.png):
        print(f"{args.png}: digest of {len(records)} records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
