"""Small statistics for balance reports: rates with 95% intervals, distribution summaries,
tests against the even share with Holm's correction, and differences between two studies
with their own intervals: of independent studies (Newcombe's for rates, a normal
approximation for means), or of studies that played the same games (:class:`Pairs`:
McNemar's test for shares, a paired interval for means)."""

from __future__ import annotations

import math
from collections import Counter

import attrs

__all__ = [
    "Difference",
    "Distribution",
    "Pairs",
    "Rate",
    "difference_of_means",
    "difference_of_rates",
    "distribution",
    "holm",
    "holm_adjusted",
    "p_against",
    "wilson",
]

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


def _two_sided(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def p_against(rate: Rate, expected: float) -> float:
    """The two-sided p-value of the score test of ``rate`` against the share ``expected``.

    It is the test the Wilson interval inverts: the 95% interval leaves ``expected`` out
    exactly when this is below 0.05.

    >>> round(p_against(wilson(156, 500), 0.25), 4)
    0.0014
    """
    if rate.trials <= 0 or not 0 < expected < 1:
        return 1.0
    se = math.sqrt(expected * (1 - expected) / rate.trials)
    return _two_sided((rate.value - expected) / se)


def holm(p_values: list[float], alpha: float = 0.05) -> list[bool]:
    """Which of ``p_values`` are significant at family-wise level ``alpha`` by Holm's
    step-down method (the ``k``-th smallest is compared with ``alpha / (m - k)``, and testing
    stops at the first that fails).

    >>> holm([0.01, 0.04, 0.03, 0.2])
    [True, False, False, False]
    >>> holm([0.001, 0.012, 0.04])
    [True, True, True]
    """
    m = len(p_values)
    significant = [False] * m
    for k, index in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        if p_values[index] > alpha / (m - k):
            break
        significant[index] = True
    return significant


def holm_adjusted(p_values: list[float]) -> list[float]:
    """Holm's adjusted p-values: a difference is significant at family-wise level ``alpha``
    exactly when its adjusted p-value is at most ``alpha`` (what :func:`holm` flags).

    >>> [round(p, 3) for p in holm_adjusted([0.01, 0.04, 0.03, 0.2])]
    [0.04, 0.09, 0.09, 0.2]
    """
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for k, index in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - k) * p_values[index]))
        adjusted[index] = running
    return adjusted


@attrs.frozen
class Difference:
    """``value`` = second minus first, with its 95% interval and a two-sided p-value.

    ``adjusted`` (Holm's adjusted p-value) and ``significant`` are filled in by the caller
    after a correction over every difference of the family it tests (:func:`holm_adjusted`).
    """

    value: float
    low: float
    high: float
    p: float
    significant: bool = False
    adjusted: float | None = None


@attrs.define
class Pairs:
    """One figure of two studies that played the same games, summed game by game.

    >>> pairs = Pairs()
    >>> for a, b in [(0, 1)] * 30 + [(1, 0)] * 10 + [(1, 1)] * 60:
    ...     pairs.add(a, b)
    >>> d = pairs.difference()
    >>> round(d.value, 2), round(d.p, 4), pairs.binary
    (0.2, 0.0022, True)
    """

    n: int = 0
    d: float = 0.0
    dd: float = 0.0
    up: int = 0
    down: int = 0
    binary: bool = True

    def add(self, first: float, second: float) -> None:
        """One game: the figure in the first study and in the second."""
        diff = second - first
        self.n += 1
        self.d += diff
        self.dd += diff * diff
        if diff > 0:
            self.up += 1
        elif diff < 0:
            self.down += 1
        if first not in (0, 1) or second not in (0, 1):
            self.binary = False

    def difference(self) -> Difference:
        """The mean of second minus first with its paired 95% interval; the p-value of
        McNemar's test (exact below 50 discordant games) for a share of games (every
        value 0 or 1), else of the paired mean's normal test."""
        n = self.n
        mean = self.d / n if n else 0.0
        var = (self.dd - n * mean * mean) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(max(var, 0.0) / n) if n else 0.0
        low, high = mean - _Z95 * se, mean + _Z95 * se
        if self.binary:
            return Difference(mean, low, high, _mcnemar(self.up, self.down))
        if se == 0:
            return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0)
        return Difference(mean, low, high, _two_sided(mean / se))


def _mcnemar(up: int, down: int) -> float:
    """McNemar's two-sided p-value for ``up`` and ``down`` discordant games."""
    total = up + down
    if total == 0:
        return 1.0
    if total >= 50:
        return _two_sided((abs(up - down) - 1) / math.sqrt(total))
    tail: float = sum(math.comb(total, k) for k in range(min(up, down) + 1)) / 2**total
    return min(1.0, 2 * tail)


def difference_of_rates(first: Rate, second: Rate) -> Difference:
    """``second - first`` with Newcombe's hybrid score interval (built from the two Wilson
    intervals) and the p-value of the pooled two-proportion z-test.

    Newcombe's (1998) example, 56/70 against 48/80: the difference is 0.2 with the interval
    0.0524 to 0.3339, here with the sign of second minus first.

    >>> d = difference_of_rates(wilson(56, 70), wilson(48, 80))
    >>> round(d.value, 4), round(d.low, 4), round(d.high, 4)
    (-0.2, -0.3339, -0.0524)
    """
    d = second.value - first.value
    low = d - math.sqrt((second.value - second.low) ** 2 + (first.high - first.value) ** 2)
    high = d + math.sqrt((second.high - second.value) ** 2 + (first.value - first.low) ** 2)
    n1, n2 = first.trials, second.trials
    if n1 <= 0 or n2 <= 0:
        return Difference(d, -1.0, 1.0, 1.0)
    pooled = (first.successes + second.successes) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = _two_sided(d / se) if se > 0 else (1.0 if d == 0 else 0.0)
    return Difference(d, max(-1.0, low), min(1.0, high), p)


def difference_of_means(first: Distribution, second: Distribution) -> Difference:
    """``second.mean - first.mean`` with a normal-approximation 95% interval (each mean's
    standard error from its own spread) and its two-sided p-value.

    >>> a = distribution(Counter({10: 50, 20: 50}))
    >>> b = distribution(Counter({12: 50, 22: 50}))
    >>> d = difference_of_means(a, b)
    >>> round(d.value, 2), round(d.low, 2), round(d.high, 2), d.p < 0.2
    (2.0, 0.61, 3.39, True)
    """
    d = second.mean - first.mean
    if first.count <= 1 or second.count <= 1:
        return Difference(d, -math.inf, math.inf, 1.0)
    # The spread with n - 1, so that a small study is not overconfident.
    v1 = first.stdev**2 * first.count / (first.count - 1)
    v2 = second.stdev**2 * second.count / (second.count - 1)
    se = math.sqrt(v1 / first.count + v2 / second.count)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    return Difference(d, d - _Z95 * se, d + _Z95 * se, _two_sided(d / se))
