"""The pictures of a report and a comparison (matplotlib, the ``report`` extra): imported
only when a picture is drawn, and no picture taller than :data:`MAX_PIXELS`."""

from __future__ import annotations

import base64
import html
import io
from typing import TYPE_CHECKING, Any

from boardrules.sim.report import Report, content_groups
from boardrules.sim.run import Summary
from boardrules.sim.stats import Rate
from boardrules.sim.text import text

if TYPE_CHECKING:
    from boardrules.sim.compare import Comparison

__all__ = ["DPI", "MAX_PIXELS", "comparison_plot", "images", "report_plots", "wide_range"]

#: Dots per inch, and the tallest picture in pixels (a taller one is split or cut short).
DPI = 110
MAX_PIXELS = 4000
_INCHES = (MAX_PIXELS - 200) / DPI  # room for the titles that bbox_inches adds


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    return plt


def _png(plt: Any, figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


def images(plots: dict[str, bytes]) -> str:
    """The plots as HTML figures with the PNG inline."""
    return "".join(
        f'<figure><img alt="{html.escape(name)}" src="data:image/png;base64,'
        f'{base64.b64encode(data).decode()}"></figure>' for name, data in plots.items())


def wide_range(values: list[int]) -> bool:
    """Whether values span so many orders of magnitude that a linear axis hides the small
    ones (the largest at least 100 times the smallest non-zero size).

    >>> wide_range([90, 120, 10_000]), wide_range([3, 7, 12]), wide_range([-5, 0, 2_000])
    (True, False, True)
    """
    sizes = [abs(v) for v in values if v]
    return bool(sizes) and max(sizes) >= 100 * min(sizes)


def _rate_bars(ax: Any, labels: list[str], rates: list[Rate], flags: list[str], even: float,
               colour: str) -> None:
    bars = ax.bar(labels, [r.value for r in rates],
                  yerr=[[r.value - r.low for r in rates], [r.high - r.value for r in rates]],
                  capsize=4, color=colour)
    for bar, flag in zip(bars, flags, strict=True):
        if flag:  # differs from the even share after Holm's correction
            bar.set_hatch("//")
            bar.set_edgecolor("#c62828")
    ax.axhline(even, color="#444", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.tick_params(axis="x", labelrotation=30)


def _panels(plt: Any, panels: list[tuple[str, list[tuple[str, float]]]], unit: str,
            colour: str, lang: str, top: int) -> list[bytes]:
    """Horizontal bars, one panel per group, in as many pictures as keep each below
    :data:`MAX_PIXELS`."""
    pictures: list[bytes] = []
    batch: list[tuple[str, list[tuple[str, float]]]] = []
    height = 0.0
    for caption, items in [*panels, ("", [])]:
        size = 0.3 * min(len(items), top) + 0.9
        if batch and (not items or height + size > _INCHES):
            heights = [0.3 * min(len(i), top) + 0.9 for _, i in batch]
            fig, axes = plt.subplots(len(batch), 1, figsize=(7, sum(heights)), squeeze=False,
                                     gridspec_kw={"height_ratios": heights})
            for ax, (title, shown) in zip(axes[:, 0], batch, strict=True):
                cut = shown[:top]
                ax.barh([k for k, _ in cut][::-1], [v for _, v in cut][::-1], color=colour)
                if wide_range([round(v) for _, v in cut]):
                    ax.set_xscale("log")
                more = text("top", lang, top=top, n=len(shown)) if len(shown) > top else ""
                ax.set_title(f"{title}{more}", fontsize="medium")
                ax.set_xlabel(unit)
            fig.tight_layout()
            pictures.append(_png(plt, fig))
            batch, height = [], 0.0
        if items:
            batch.append((caption, items))
            height += size
    return pictures


def _numbered(name: str, pictures: list[bytes]) -> dict[str, bytes]:
    """``name.png``, then ``name-2.png`` ... for a picture split in several."""
    return {(f"{name}.png" if i == 0 else f"{name}-{i + 1}.png"): data
            for i, data in enumerate(pictures)}


def report_plots(report: Report, summary: Summary) -> dict[str, bytes]:
    """Every picture of a study's report, by file name."""
    plt = _pyplot()
    lang, even = report.lang, report.even
    plots: dict[str, bytes] = {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4), sharey=True)
    _rate_bars(left, [f"{text('seat', lang)} {s}" for s, _ in report.seat_rates],
               [r for _, r in report.seat_rates],
               [report.flag("seat", s) for s, _ in report.seat_rates], even, "#5e35b1")
    left.set_ylabel(text("win_rate_axis", lang))
    left.set_title(text("by_seat", lang))
    _rate_bars(right, [n for n, _ in report.agent_rates], [r for _, r in report.agent_rates],
               [report.flag("agent", n) for n, _ in report.agent_rates], even, "#00897b")
    right.set_title(text("by_agent", lang))
    fig.text(0.5, -0.1, text("dashed", lang, even=f"{even:.0%}"), ha="center",
             fontsize="small")
    plots["win_rates.png"] = _png(plt, fig)
    for key, (grouping, rates) in zip(sorted(summary.group_games), report.group_rates,
                                      strict=True):
        fig, ax = plt.subplots(figsize=(max(5, 0.6 * len(rates) + 2), 3.4))
        _rate_bars(ax, [label for label, _ in rates], [r for _, r in rates],
                   [report.flag(grouping, label) for label, _ in rates], even, "#8e24aa")
        ax.set_ylabel(text("win_rate_axis", lang))
        ax.set_title(text("win_rate_by", lang, grouping=grouping))
        plots[f"wins_by_{key.replace(' ', '_')}.png"] = _png(plt, fig)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    lengths = sorted(summary.lengths.items())
    if lengths:
        span = lengths[-1][0] - lengths[0][0] + 1
        ax.hist([v for v, _ in lengths], bins=min(40, span), weights=[n for _, n in lengths],
                color="#5e35b1")
    ax.set_xlabel(text("actions_per_game", lang))
    ax.set_ylabel(text("games", lang))
    ax.set_title(text("length_title", lang))
    plots["lengths.png"] = _png(plt, fig)
    seats = sorted(summary.points.items())
    if seats:
        # One panel per seat, each with its own axis; a logarithmic one where the values
        # span orders of magnitude (Orbita's points run from tens to tens of thousands).
        fig, axes = plt.subplots(len(seats), 1, figsize=(6, 1.8 * len(seats) + 0.6),
                                 squeeze=False)
        for ax, (seat, counts) in zip(axes[:, 0], seats, strict=True):
            xs, ns = zip(*sorted(counts.items()), strict=True)
            ax.vlines(xs, 0, ns, color="#fb8c00", linewidth=2)
            ax.plot(xs, ns, "o", color="#e65100", markersize=3)
            ax.set_ylim(bottom=0)
            if wide_range(list(xs)):
                ax.set_xscale("symlog", linthresh=max(1, min(abs(x) for x in xs if x)))
            ax.set_ylabel(text("seat_games", lang, seat=seat))
        axes[-1, 0].set_xlabel(text("points_end", lang))
        axes[0, 0].set_title(text("points_title", lang))
        fig.tight_layout()
        plots["points.png"] = _png(plt, fig)
    decided = [(row.rule, float(row.refused + row.changed + row.read))
               for row in report.coverage if not row.terms]
    rules = [(text("actions_chart", lang), [(k, e.value * report.games)
                                            for k, e in report.actions]),
             (text("rules_chart", lang), sorted(decided, key=lambda kv: -kv[1]))]
    plots.update(_numbered("rules", _panels(plt, [p for p in rules if p[1]],
                                            text("count_study", lang), "#00897b", lang, 40)))
    groups = [(text("content_h", lang, group=g), [(k, float(v)) for k, v in items])
              for g, items in content_groups(report.content)]
    plots.update(_numbered("content", _panels(plt, groups, text("count_study", lang),
                                              "#fb8c00", lang, 20)))
    return plots


def comparison_plot(comparison: Comparison, top: int = 30) -> bytes:
    """The ``top`` headline differences with the smallest adjusted p-values, each with its
    95% interval in standard units of the figure (its difference over its spread), so
    shares and means share one axis; every figure is in the table."""
    plt = _pyplot()
    rows = comparison.shown(top)
    others = comparison.names[1:]
    fig, ax = plt.subplots(figsize=(8, min(_INCHES, 0.28 * max(len(rows), 1) + 1.2)))
    colours = ["#5e35b1", "#00897b", "#fb8c00", "#8e24aa", "#c62828"]
    labels = []
    for y, (figure, index, d) in enumerate(reversed(rows)):
        scale = max(d.high - d.low, 1e-12) / 3.92  # the standard error, from the interval
        ax.errorbar([d.value / scale], [y], xerr=[[(d.value - d.low) / scale],
                                                  [(d.high - d.value) / scale]],
                    fmt="D" if d.significant else "o", color=colours[index % len(colours)],
                    capsize=3)
        labels.append(figure.name + (f" ({others[index]})" if len(others) > 1 else ""))
    ax.axvline(0, color="#444", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels, fontsize="small")
    ax.set_title(text("compare_chart", comparison.lang, base=comparison.names[0],
                      shown=len(rows)), fontsize="medium")
    fig.tight_layout()
    return _png(plt, fig)
