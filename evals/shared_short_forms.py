#!/usr/bin/env python3
"""Build ``summarizer/rules/data/shared_short_forms.toml``: the short forms that many papers
define the same way ("supervised fine-tuning (SFT)", "magnetic resonance imaging (MRI)").

Usage: python evals/shared_short_forms.py ABSTRACTS.jsonl... [--exclude GOLD.jsonl...]
       [--min-papers 10] [--min-share 0.6] [-o PATH]

Each input line is a JSON object with the abstract in ``summary`` or ``abstract`` (the daily
arXiv dumps of the public ``dw-dengwei/daily-arXiv-ai-enhanced`` repository have it in
``summary``; arXiv metadata is CC0). A paper counts once per (short form, long form). A short
form is kept when its most common long form is defined in at least ``--min-papers`` distinct
abstracts and makes at least ``--min-share`` of its definitions: a short form coined by many
papers for different things ("PRISM", "STAR") is not shared. Left out: well-known datasets
and metric names (lists of their own) and long forms that name data ("massive text
embedding benchmark", "world values survey"). ``--exclude`` leaves out abstracts of the
gold files, so that no eval part shapes the list.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from summarizer.rules.known_datasets import is_known_dataset
from summarizer.rules.metrics import is_metric_name

OUT = Path(__file__).resolve().parent.parent / "summarizer" / "rules" / "data"
# "Supervised Fine-Tuning (SFT)": up to seven words, then a short form in parentheses.
_DEFINED = re.compile(
    r"((?:[A-Za-z][\w\-]*\s+){0,6}[A-Za-z][\w\-]*)\s+\(([A-Z][A-Za-z0-9\-]{1,9})\)"
)
_DATA_LAST = re.compile(
    r"(?:benchmark|dataset|data set|survey|corpus|database|suite|collection|challenge|bank)s?$"
)


def _key(text: str) -> str:
    return " ".join(text.split())[:200]


def long_form(words: list[str], short: str) -> str | None:
    """The last words before a short form whose initials spell it, lower-cased."""
    letters = [c for c in short if c.isupper() or c.isdigit()]
    for size in range(1, min(len(words), len(letters) + 2) + 1):
        tail = words[-size:]
        initials = "".join(w[0].upper() for w in re.split(r"[\s\-]+", " ".join(tail)) if w)
        if initials.startswith(letters[0]) and len(initials) >= len(letters) - 1:
            return " ".join(tail).lower()
    return None


def definitions(abstracts: Iterable[str]) -> dict[str, Counter[str]]:
    """For each short form, how many abstracts define it with each long form."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for text in abstracts:
        seen: set[tuple[str, str]] = set()
        for match in _DEFINED.finditer(" ".join(text.split())):
            short = match.group(2)
            long = long_form(match.group(1).split(), short)
            if long and (short, long) not in seen:
                seen.add((short, long))
                found[short][long] += 1
    return found


def shared(
    found: dict[str, Counter[str]], min_papers: int, min_share: float
) -> dict[str, tuple[str, int]]:
    """The shared short forms: {short: (its long form, the papers that define it so)}."""
    out = {}
    for short, longs in found.items():
        long, papers = longs.most_common(1)[0]
        if papers < min_papers or papers / sum(longs.values()) < min_share:
            continue
        if is_known_dataset(short) or is_metric_name(short) or _DATA_LAST.search(long):
            continue
        out[short] = (long, papers)
    return out


def _abstracts(paths: Sequence[Path], excluded: set[str]) -> Iterable[str]:
    done: set[str] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            text = record.get("summary") or record.get("abstract") or ""
            if text and _key(text) not in excluded and _key(text) not in done:
                done.add(_key(text))
                yield text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("abstracts", nargs="+", type=Path)
    parser.add_argument("--exclude", nargs="*", type=Path, default=[])
    parser.add_argument("--min-papers", type=int, default=10)
    parser.add_argument("--min-share", type=float, default=0.6)
    parser.add_argument("-o", "--output", type=Path, default=OUT / "shared_short_forms.toml")
    args = parser.parse_args(argv)
    excluded = {
        _key(json.loads(line)["abstract"])
        for path in args.exclude
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    found = definitions(_abstracts(args.abstracts, excluded))
    kept = shared(found, args.min_papers, args.min_share)
    lines = [
        "# Short forms that many papers define the same way: a shared term, never the name a",
        "# paper gives its own work nor a dataset. Built by evals/shared_short_forms.py from the",
        f"# abstracts of {len(args.abstracts)} daily arXiv dumps (arXiv metadata, CC0; public",
        "# repository dw-dengwei/daily-arXiv-ai-enhanced), the eval parts' abstracts left out:",
        f"# each long form is defined in at least {args.min_papers} abstracts and makes at least",
        f"# {args.min_share:.0%} of its short form's definitions. The number is those abstracts.",
        "",
        "[forms]",
    ]
    for short, (long, papers) in sorted(kept.items(), key=lambda kv: (-kv[1][1], kv[0])):
        lines.append(f"{json.dumps(short)} = [{json.dumps(long)}, {papers}]")
    args.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(kept)} shared short forms of {len(found)} defined -> {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
