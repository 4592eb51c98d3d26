"""Drawing the pictures of a report and a comparison (matplotlib, the ``report`` extra):
imported only when a picture is drawn, and no picture taller than :data:`MAX_PIXELS`."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from boardrules.sim.stats import Difference, Rate
from boardrules.sim.text import text

__all__ = [
    "DPI",
    "MAX_PIXELS",
    "comparison_plot",
    "images",
    "numbered",
    "panels",
    "png",
    "pyplot",
    "rate_bars",
    "wide_range",
]

#: Dots per inch, and the tallest picture in pixels (a taller one is split or cut short).
DPI = 110
MAX_PIXELS = 4000
_INCHES = (MAX_PIXELS - 200) / DPI  # room for the titles that bbox_inches adds


def pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    return plt


def png(plt: Any, figure: Any) -> bytes:
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


def rate_bars(ax: Any, labels: list[str], rates: list[Rate], flags: list[str], even: float,
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


def panels(plt: Any, panels: list[tuple[str, list[tuple[str, float]]]], unit: str,
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
            pictures.append(png(plt, fig))
            batch, height = [], 0.0
        if items:
            batch.append((caption, items))
            height += size
    return pictures


def numbered(name: str, pictures: list[bytes]) -> dict[str, bytes]:
    """``name.png``, then ``name-2.png`` ... for a picture split in several."""
    return {(f"{name}.png" if i == 0 else f"{name}-{i + 1}.png"): data
            for i, data in enumerate(pictures)}


def comparison_plot(rows: Sequence[tuple[str, int, Difference]], title: str) -> bytes:
    """A comparison's shown differences (each as its figure's name, the variant's index among
    the compared and the difference), each with its 95% interval in standard units of the
    figure (its difference over its spread), so shares and means share one axis."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, min(_INCHES, 0.28 * max(len(rows), 1) + 1.2)))
    colours = ["#5e35b1", "#00897b", "#fb8c00", "#8e24aa", "#c62828"]
    labels = []
    for y, (name, index, d) in enumerate(reversed(rows)):
        scale = max(d.high - d.low, 1e-12) / 3.92  # the standard error, from the interval
        ax.errorbar([d.value / scale], [y], xerr=[[(d.value - d.low) / scale],
                                                  [(d.high - d.value) / scale]],
                    fmt="D" if d.significant else "o", color=colours[index % len(colours)],
                    capsize=3)
        labels.append(name)
    ax.axvline(0, color="#444", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels, fontsize="small")
    ax.set_title(title, fontsize="medium")
    fig.tight_layout()
    return png(plt, fig)
