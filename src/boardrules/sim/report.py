"""Balance reports: terminal tables, CSV and JSON, PNG plots gathered in one HTML page.

Needs the ``report`` extra (matplotlib, rich).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from pathlib import Path
from typing import Any

import attrs

from boardrules.sim.run import SimulationResult, Summary
from boardrules.sim.stats import Distribution, Rate, distribution, wilson

__all__ = ["Report", "build_report", "console_report", "write_report"]


@attrs.frozen
class Report:
    """What a study found, ready to show."""

    title: str
    games: int
    seat_rates: tuple[tuple[int, Rate], ...]
    agent_rates: tuple[tuple[str, Rate], ...]
    lengths: Distribution
    points: tuple[tuple[int, Distribution], ...]
    events: tuple[tuple[str, int], ...]
    rules: tuple[tuple[str, int], ...]
    refusals: tuple[tuple[str, int], ...]
    content: tuple[tuple[str, int], ...]


def build_report(result: SimulationResult, title: str) -> Report:
    """Turn a study's summary into rates with 95% intervals and distribution summaries."""
    s: Summary = result.summary
    seat_rates = tuple(
        (seat, wilson(s.seat_wins.get(seat, 0.0), s.games)) for seat in range(s.seats)
    )
    agent_rates = tuple(
        (name, wilson(s.agent_wins.get(name, 0.0), s.agent_games[name]))
        for name in sorted(s.agent_games)
    )
    return Report(
        title=title,
        games=s.games,
        seat_rates=seat_rates,
        agent_rates=agent_rates,
        lengths=distribution(s.lengths),
        points=tuple((seat, distribution(c)) for seat, c in sorted(s.points.items())),
        events=tuple(s.events.most_common()),
        rules=tuple(s.rules.most_common()),
        refusals=tuple(s.refusals.most_common()),
        content=tuple(s.content.most_common()),
    )


def content_groups(
    content: tuple[tuple[str, int], ...], top: int = 12
) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    """Content counts grouped by the prefix before ``": "`` (``"card played: x"``), most
    frequent first, at most ``top`` per group; keys without a prefix form one group.

    >>> content_groups((("card played: a", 3), ("rest", 5), ("card played: b", 1)))
    [('card played', (('a', 3), ('b', 1))), ('counts', (('rest', 5),))]
    """
    groups: dict[str, list[tuple[str, int]]] = {}
    for key, count in content:
        prefix, sep, rest = key.partition(": ")
        group, name = (prefix, rest) if sep else ("counts", key)
        groups.setdefault(group, []).append((name, count))
    return [
        (group, tuple(sorted(items, key=lambda kv: (-kv[1], kv[0]))[:top]))
        for group, items in sorted(groups.items(), key=lambda kv: (kv[0] == "counts", kv[0]))
    ]


def console_report(report: Report, console: Any = None) -> None:
    """Print the report as tables (rich)."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    console.rule(f"{report.title}: {report.games} games")
    table = Table("seat", "win rate [95% interval]", title="Wins by seat")
    for seat, rate in report.seat_rates:
        table.add_row(str(seat), str(rate))
    console.print(table)
    table = Table("agent", "games", "win rate [95% interval]", title="Wins by agent")
    for name, rate in report.agent_rates:
        table.add_row(name, str(rate.trials), str(rate))
    console.print(table)
    table = Table("measure", "mean", "sd", "min", "p5", "median", "p95", "max",
                  title="Lengths and points")
    rows = [("game length", report.lengths)] + [(f"points, seat {s}", d) for s, d in report.points]
    for label, d in rows:
        table.add_row(label, f"{d.mean:.2f}", f"{d.stdev:.2f}", *map(str, (
            d.minimum, d.p5, d.median, d.p95, d.maximum)))
    console.print(table)
    sections = [
        ("Events", report.events),
        ("Rule IDs named by events", report.rules),
        ("Rule IDs behind refusals (probed)", report.refusals),
    ] + [(f"Content: {group}", items) for group, items in content_groups(report.content)]
    for caption, items in sections:
        if items:
            table = Table("name", "count", title=caption)
            for name, count in items:
                table.add_row(name, str(count))
            console.print(table)


def _png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def _plots(report: Report, summary: Summary) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    plots: dict[str, bytes] = {}
    fig, ax = plt.subplots(figsize=(6, 3.2))
    labels = [f"seat {s}" for s, _ in report.seat_rates] + [n for n, _ in report.agent_rates]
    rates = [r for _, r in report.seat_rates] + [r for _, r in report.agent_rates]
    ax.bar(labels, [r.value for r in rates],
           yerr=[[r.value - r.low for r in rates], [r.high - r.value for r in rates]],
           capsize=4, color=["#5e35b1"] * len(report.seat_rates) + ["#00897b"] * len(
               report.agent_rates))
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("Win rates by seat and by agent")
    plots["win_rates.png"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.2))
    lengths = sorted(summary.lengths.items())
    if lengths:
        span = lengths[-1][0] - lengths[0][0] + 1
        ax.hist([v for v, _ in lengths], bins=min(40, span), weights=[n for _, n in lengths],
                color="#5e35b1")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    plots["lengths.png"] = _png(fig)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.2))
    for seat, counts in sorted(summary.points.items()):
        values = sorted(counts.items())
        ax.plot([v for v, _ in values], [n for _, n in values], marker="o", label=f"seat {seat}")
    ax.set_xlabel("points at the end")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("Points")
    plots["points.png"] = _png(fig)
    plt.close(fig)

    counted = list(report.rules) + [(f"refused: {k}", v) for k, v in report.refusals]
    if counted:
        fig, ax = plt.subplots(figsize=(6, 0.4 * len(counted) + 1))
        ax.barh([k for k, _ in counted][::-1], [v for _, v in counted][::-1], color="#00897b")
        ax.set_xlabel("count")
        ax.set_title("Rule IDs in events and refusals")
        plots["rules.png"] = _png(fig)
        plt.close(fig)
    if report.content:
        top = report.content[:15]
        fig, ax = plt.subplots(figsize=(6, 0.35 * len(top) + 1))
        ax.barh([k for k, _ in top][::-1], [v for _, v in top][::-1], color="#fb8c00")
        ax.set_xlabel("games")
        ax.set_title("Content (top 15)")
        plots["content.png"] = _png(fig)
        plt.close(fig)
    return plots


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    if not rows:
        return f"<p>{html.escape(headers[0])}: none in this study.</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_report(result: SimulationResult, out: Path | str, title: str) -> Path:
    """Write ``results.csv``, ``summary.json``, PNG plots and a self-contained ``report.html``.

    Returns:
        The path of ``report.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    report = build_report(result, title)
    with (folder / "results.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["index", "seed", "agents", "winners", "points", "length"])
        for game in result.games:
            writer.writerow([
                game.index, game.seed, " ".join(game.agents),
                " ".join(map(str, game.winners)), " ".join(map(str, game.points)), game.length,
            ])
    summary = attrs.asdict(report, value_serializer=lambda _i, _a, v: v)
    (folder / "summary.json").write_text(
        json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    plots = _plots(report, result.summary)
    for name, data in plots.items():
        (folder / name).write_bytes(data)
    images = "".join(
        f'<figure><img alt="{html.escape(name)}" src="data:image/png;base64,'
        f'{base64.b64encode(data).decode()}"></figure>'
        for name, data in plots.items()
    )
    sections = [
        "<h2>Wins</h2>",
        _table(["seat", "win rate", "95% interval"],
               [[s, f"{r.value:.1%}", f"{r.low:.1%} – {r.high:.1%}"]
                for s, r in report.seat_rates]),
        _table(["agent", "games", "win rate", "95% interval"],
               [[n, r.trials, f"{r.value:.1%}", f"{r.low:.1%} – {r.high:.1%}"]
                for n, r in report.agent_rates]),
        "<h2>Lengths and points</h2>",
        _table(["measure", "mean", "sd", "min", "p5", "median", "p95", "max"],
               [[label, f"{d.mean:.2f}", f"{d.stdev:.2f}", d.minimum, d.p5, d.median, d.p95,
                 d.maximum]
                for label, d in [("game length", report.lengths)]
                + [(f"points, seat {s}", d) for s, d in report.points]]),
        "<h2>Rules and content</h2>",
        _table(["rule ID in events", "count"], [list(x) for x in report.rules]),
        _table(["rule ID behind refusals", "count"], [list(x) for x in report.refusals]),
        *(
            _table([group, "count"], [list(x) for x in items])
            for group, items in content_groups(report.content)
        ),
        "<h2>Plots</h2>",
        images,
    ]
    page = (
        "<!doctype html><html lang='en'><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:1rem 0}"
        "td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}"
        "th{background:#f3f0fa}figure{display:inline-block;margin:.5rem}</style>"
        f"<h1>{html.escape(title)}</h1><p>{report.games} games.</p>" + "".join(sections)
        + "</html>"
    )
    path = folder / "report.html"
    path.write_text(page, encoding="utf-8")
    return path

