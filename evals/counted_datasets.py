#!/usr/bin/env python3
"""Build ``summarizer/rules/data/counted_datasets.txt``: names that many papers use as a
dataset or benchmark, by the words around them ("on the VQA-RAD dataset", "R2R benchmark").

Usage: python evals/counted_datasets.py ABSTRACTS.jsonl... [--exclude FILE.jsonl...]
       [--min-papers 5] [--min-share 0.8] [--workers 2] [-o PATH]

Each input line is a JSON object with the abstract in ``summary`` or ``abstract`` (the daily
arXiv dumps of the public ``dw-dengwei/daily-arXiv-ai-enhanced`` repository have it in
``summary``; arXiv metadata is CC0). Every abstract's names are classified by the rules as
they stand (:func:`summarizer.rules.classify_names`); a paper counts once per name. A name
is kept when the rules call it a dataset in at least ``--min-papers`` distinct abstracts and
in at least ``--min-share`` of the abstracts where they call it anything: a name that is a
method in some papers and data in others is not kept. Left out: names the rules know
already (the hand-made list of well-known datasets and their families, methods, metric
names, shared terms), names of fewer than three characters, and one-word names written as
plain words ("Spring", "German"). ``--exclude`` leaves out the abstracts of other files (the
gold parts, or a slice kept to measure the list on), so that they shape nothing. A name the
counted list alone knows stays the paper's own where its wording says the paper makes it
("we introduce NAS-Bench-201": ``known_datasets.only_counted``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from summarizer.rules import Analysis, classify_names, find_candidates
from summarizer.rules.known_datasets import is_dataset_family, never_a_dataset, on_hand_list
from summarizer.rules.listed import key

OUT = Path(__file__).resolve().parent.parent / "summarizer" / "rules" / "data"
_HEADER = """\
# Names that many arXiv abstracts use as a dataset or benchmark, counted by
# evals/counted_datasets.py over the daily arXiv dumps of the public
# dw-dengwei/daily-arXiv-ai-enhanced repository (arXiv metadata is CC0), the eval parts left
# out: each is called a dataset by the words around it in at least {papers} abstracts and in
# at least {share:.0%} of those where it is called anything. Looked up as
# known_datasets.txt is. Generated; edit the script, not this file.
"""


def _text(line: str) -> str | None:
    record = json.loads(line)
    text = record.get("summary") or record.get("abstract")
    return " ".join(text.split()) if isinstance(text, str) else None


def read_abstracts(paths: Iterable[Path]) -> dict[str, str]:
    """The distinct abstracts of the files, by their first 200 characters."""
    out: dict[str, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            text = _text(line) if line.strip() else None
            if text:
                out.setdefault(text[:200], text)
    return out


def labels(text: str) -> list[tuple[str, str]]:
    """(name, label) of each name the rules classify in one abstract."""
    analysis = Analysis(text)
    _, _, calls = classify_names(analysis, find_candidates(analysis, with_numbers=False).names)
    return [(c.name, c.label) for c in calls]


def count(abstracts: Sequence[str], workers: int) -> tuple[Counter[str], Counter[str], dict]:
    """Per name key: abstracts calling it a dataset, abstracts calling it anything, and the
    spellings seen."""
    as_data: Counter[str] = Counter()
    any_call: Counter[str] = Counter()
    spelled: dict[str, Counter[str]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for calls in pool.map(labels, abstracts, chunksize=64):
            seen: dict[str, bool] = {}
            for name, label in calls:
                k = key(name)
                seen[k] = seen.get(k, False) or label == "dataset"
                spelled.setdefault(k, Counter())[name] += 1
            for k, data in seen.items():
                any_call[k] += 1
                as_data[k] += data
    return as_data, any_call, spelled


def _plain_word(name: str) -> bool:
    """One word of letters written as words are ("Spring", "German", "Twitter"): it may be
    data in some papers and something else in the next; or a piece after a lone letter ("D
    120" of "NTU RGB+D 120")."""
    return (name.isalpha() and (name.istitle() or name.islower())) or name[1:2] == " "


def choose(
    as_data: Counter[str], any_call: Counter[str], spelled: dict, papers: int, share: float
) -> list[str]:
    """The names kept, in their commonest spelling, sorted."""
    out = []
    for k, n in as_data.items():
        name = spelled[k].most_common(1)[0][0]
        if n < papers or n / any_call[k] < share or len(k) < 3:
            continue
        if (
            on_hand_list(name)
            or is_dataset_family(name)
            or never_a_dataset(name)
            or _plain_word(name)
        ):
            continue
        out.append(name)
    return sorted(out, key=str.lower)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--exclude", nargs="*", type=Path, default=[])
    parser.add_argument("--min-papers", type=int, default=5)
    parser.add_argument("--min-share", type=float, default=0.8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("-o", "--out", type=Path, default=OUT / "counted_datasets.txt")
    args = parser.parse_args(argv)
    left_out = read_abstracts(args.exclude)
    abstracts = [t for k, t in read_abstracts(args.inputs).items() if k not in left_out]
    as_data, any_call, spelled = count(abstracts, args.workers)
    names = choose(as_data, any_call, spelled, args.min_papers, args.min_share)
    header = _HEADER.format(papers=args.min_papers, share=args.min_share)
    args.out.write_text(header + "".join(f"{n.lower()}\n" for n in names), encoding="utf-8")
    print(f"{len(abstracts)} abstracts, {len(names)} names -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
