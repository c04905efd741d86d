"""Comparing two runs: per-field deltas, whether they are noise, items that changed, gates.

``A`` is the reference (the old prompt or model), ``B`` the candidate; a delta is
``B - A``. Both runs are re-aggregated on the items they have in common, each with its
95% percentile bootstrap CI; a delta whose two intervals overlap is flagged as noise.
That test is conservative (it calls some real differences noise), which suits a gate
that should not fail a change on luck.

A gate ``FIELD[.METRIC]=DELTA`` fails when B's metric is lower than A's by more than
``DELTA`` (a fraction: ``introduces.f1=0.02``). A bare field uses its main metric: F1 for
list and label fields, accuracy for ``domain`` and ``code_url``, ROUGE-1 for text fields,
the rate for ``grounding``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .run import RUN_FILE, EvalRun
from .run_scores import MAIN_METRIC, item_metrics, kind_of, score_table
from .scorers import ItemScore

# Deltas smaller than this are float noise from summing in a different order.
EPSILON = 1e-9
BASELINE_PROMPT = "naive"


@dataclass(frozen=True)
class Estimate:
    """A metric's value and its bootstrap CI."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class MetricDelta:
    """One metric of one field in both runs."""

    field: str
    metric: str
    main: bool
    a: Estimate
    b: Estimate

    @property
    def delta(self) -> float:
        return self.b.value - self.a.value

    @property
    def noise(self) -> bool:
        """True when the two CIs overlap: the runs are not shown to differ."""
        return self.a.low <= self.b.high and self.b.low <= self.a.high


@dataclass(frozen=True)
class ItemChange:
    """An item whose score on a field's main metric differs between the runs."""

    id: str
    field: str
    metric: str
    a: float
    b: float

    @property
    def delta(self) -> float:
        return self.b - self.a


@dataclass
class Comparison:
    """Two runs side by side on their common items."""

    a: EvalRun
    b: EvalRun
    common: list[str]
    only_a: list[str]
    only_b: list[str]
    deltas: list[MetricDelta] = field(default_factory=list)
    changes: list[ItemChange] = field(default_factory=list)

    def get(self, name: str, metric: str | None = None) -> MetricDelta | None:
        """The delta of ``name``'s ``metric`` (its main metric when None)."""
        for d in self.deltas:
            if d.field == name and (d.metric == metric or (metric is None and d.main)):
                return d
        return None

    @property
    def fields(self) -> list[str]:
        return list(dict.fromkeys(d.field for d in self.deltas))

    def differences(self) -> list[str]:
        """What differs in how the two runs were made (prompt, model, ...), as text."""
        out = []
        for key in ("suite", "model", "endpoint", "mode", "schema"):
            if self.a.info.get(key) != self.b.info.get(key):
                out.append(f"{key}: {self.a.info.get(key)} -> {self.b.info.get(key)}")
        pa, pb = self.a.info.get("prompt") or {}, self.b.info.get("prompt") or {}
        if (pa.get("id"), pa.get("template_hash")) != (pb.get("id"), pb.get("template_hash")):
            out.append(
                f"prompt: {pa.get('id')} ({pa.get('template_hash')}) -> "
                f"{pb.get('id')} ({pb.get('template_hash')})"
            )
        return out


def _estimates(table: dict, name: str) -> dict[str, Estimate]:
    return {m: Estimate(v["value"], v["low"], v["high"]) for m, v in table[name]["metrics"].items()}


def compare_runs(a: EvalRun, b: EvalRun) -> Comparison:
    """Compare run ``b`` against run ``a`` on the items both scored.

    Raises:
        ValueError: when the runs have no item in common.
    """
    a_scores, b_scores = a.scores_by_id(), b.scores_by_id()
    common = [i for i in a.ids if i in b_scores]
    if not common:
        raise ValueError(
            f"the runs {a.path} and {b.path} share no item; compare runs of the same suite"
        )
    sa = [a_scores[i] for i in common]
    sb = [b_scores[i] for i in common]
    ta, tb = score_table(sa), score_table(sb)
    cmp = Comparison(
        a,
        b,
        common,
        [i for i in a.ids if i not in b_scores],
        [i for i in b.ids if i not in a_scores],
    )
    for name in ta:
        if name not in tb:
            continue
        ea, eb = _estimates(ta, name), _estimates(tb, name)
        main = ta[name]["main"]
        for metric in ea:
            if metric in eb:
                cmp.deltas.append(MetricDelta(name, metric, metric == main, ea[metric], eb[metric]))
        for item_id, x, y in zip(common, sa, sb, strict=True):
            if name in x and name in y:
                va, vb = _main_value(x[name]), _main_value(y[name])
                if abs(vb - va) > EPSILON:
                    cmp.changes.append(ItemChange(item_id, name, main, va, vb))
    cmp.changes.sort(key=lambda c: (-abs(c.delta), c.field, c.id))
    return cmp


def _main_value(score: ItemScore) -> float:
    return item_metrics(score)[MAIN_METRIC[kind_of(score)]]


@dataclass(frozen=True)
class Gate:
    """``--fail-if-worse FIELD[.METRIC]=DELTA``: fail when the metric drops by more."""

    field: str
    metric: str | None
    max_drop: float

    def __str__(self) -> str:
        name = f"{self.field}.{self.metric}" if self.metric else self.field
        return f"{name}={self.max_drop:g}"


@dataclass(frozen=True)
class GateResult:
    """A gate checked against a comparison."""

    gate: Gate
    delta: MetricDelta
    failed: bool

    @property
    def message(self) -> str:
        d = self.delta
        verdict = "FAILED" if self.failed else "ok"
        return (
            f"{verdict}: {d.field}.{d.metric} {d.a.value:.3f} -> {d.b.value:.3f} "
            f"({d.delta:+.3f}; allowed drop {self.gate.max_drop:g})"
        )


def parse_gate(text: str) -> Gate:
    """Parse ``FIELD[.METRIC]=DELTA``, e.g. ``introduces.f1=0.02`` or ``tldr=0.01``.

    Raises:
        ValueError: with a message that shows the expected form.
    """
    form = "expected FIELD[.METRIC]=DELTA, e.g. introduces.f1=0.02"
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"{text!r}: {form}")
    try:
        drop = float(value)
    except ValueError:
        raise ValueError(f"{text!r}: DELTA {value.strip()!r} is not a number; {form}") from None
    if not 0 <= drop < float("inf"):
        raise ValueError(f"{text!r}: DELTA must be 0 or more (the largest drop allowed)")
    field_name, _, metric = name.partition(".")
    if not field_name:
        raise ValueError(f"{text!r}: {form}")
    return Gate(field_name, metric or None, drop)


def check_gates(cmp: Comparison, gates: list[Gate]) -> list[GateResult]:
    """Check each gate; a gate fails when ``A - B`` exceeds its allowed drop.

    Raises:
        ValueError: when a gate names a field or metric the runs do not both have.
    """
    results = []
    for gate in gates:
        delta = cmp.get(gate.field, gate.metric)
        if delta is None:
            metrics = sorted({d.metric for d in cmp.deltas if d.field == gate.field})
            if metrics:
                raise ValueError(
                    f"gate {gate}: {gate.field!r} has no metric {gate.metric!r}; "
                    f"use one of {', '.join(metrics)}"
                )
            raise ValueError(
                f"gate {gate}: no field {gate.field!r} in both runs; "
                f"use one of {', '.join(cmp.fields)}"
            )
        results.append(GateResult(gate, delta, -delta.delta > gate.max_drop + EPSILON))
    return results


def find_baseline(
    runs_dir: Path, info: dict[str, Any], prompt: str = BASELINE_PROMPT
) -> Path | None:
    """The newest run of ``prompt`` on the same suite, items, model, endpoint and schema."""
    if (info.get("prompt") or {}).get("name") == prompt or not runs_dir.is_dir():
        return None
    same = ("suite", "items_hash", "model", "endpoint", "schema")
    found: list[tuple[str, Path]] = []
    for run_json in runs_dir.glob(f"*/{RUN_FILE}"):
        try:
            other = json.loads(run_json.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError):
            continue
        if (other.get("prompt") or {}).get("name") == prompt and all(
            other.get(k) == info.get(k) for k in same
        ):
            found.append((str(other.get("created", "")), run_json.parent))
    return max(found)[1] if found else None
