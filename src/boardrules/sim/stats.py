"""Small statistics for balance reports: rates with 95% intervals, distribution summaries."""

from __future__ import annotations

import math
from collections import Counter

import attrs

__all__ = ["Distribution", "Rate", "distribution", "wilson"]

_Z95 = 1.959963984540054


@attrs.frozen
class Rate:
    """A proportion with its 95% Wilson score interval.

    >>> r = wilson(60, 100)
    >>> round(r.value, 2), round(r.low, 3), round(r.high, 3)
    (0.6, 0.502, 0.691)
    """

    successes: float
    trials: int
    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"


def wilson(successes: float, trials: int) -> Rate:
    """The Wilson score interval at 95% (good for small counts and rates near 0 or 1)."""
    if trials <= 0:
        return Rate(successes, trials, 0.0, 0.0, 1.0)
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # Clamp to the rate itself: at p = 0 or 1 rounding could put a bound a hair inside.
    low = min(p, max(0.0, centre - half))
    high = max(p, min(1.0, centre + half))
    return Rate(successes, trials, p, low, high)


@attrs.frozen
class Distribution:
    """Mean, spread and quantiles of a counted integer distribution."""

    count: int
    mean: float
    stdev: float
    minimum: int
    p5: int
    median: int
    p95: int
    maximum: int


def _quantile(values: list[tuple[int, int]], total: int, q: float) -> int:
    target = q * (total - 1)
    seen = 0
    for value, n in values:
        seen += n
        if seen > target:
            return value
    return values[-1][0]


def distribution(counts: Counter[int]) -> Distribution:
    """Summarize a ``Counter`` of integer values.

    >>> distribution(Counter({1: 2, 3: 2})).mean
    2.0
    """
    total = sum(counts.values())
    if total == 0:
        return Distribution(0, 0.0, 0.0, 0, 0, 0, 0, 0)
    values = sorted(counts.items())
    mean = sum(v * n for v, n in values) / total
    var = sum(n * (v - mean) ** 2 for v, n in values) / total
    return Distribution(
        count=total,
        mean=mean,
        stdev=math.sqrt(var),
        minimum=values[0][0],
        p5=_quantile(values, total, 0.05),
        median=_quantile(values, total, 0.5),
        p95=_quantile(values, total, 0.95),
        maximum=values[-1][0],
    )
