"""The benchmark table: what was measured, its value, and what to read it against."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class Row:
    what: str
    value: str
    against: str


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * q / 100) - 1))]


def format_table(title: str, rows: list[Row]) -> str:
    w1 = max(len(r.what) for r in rows)
    w2 = max(len(r.value) for r in rows)
    lines = [title, f"{'measure':<{w1}}  {'value':<{w2}}  against", "-" * (w1 + w2 + 40)]
    lines += [f"{r.what:<{w1}}  {r.value:<{w2}}  {r.against}" for r in rows]
    return "\n".join(lines)
