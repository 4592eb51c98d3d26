"""Balance reports: terminal tables, CSV and JSON, PNG plots gathered in one HTML page.

Needs the ``report`` extra (matplotlib, rich).

A rate is flagged when its 95% Wilson interval leaves out the even share (one win in
``seats`` games): ``high`` when the whole interval lies above it, ``low`` below. With
several seats or characters, about one flag in twenty is chance; look again with more
games before changing a rule.
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

__all__ = [
    "SORT_SCRIPT",
    "Report",
    "build_report",
    "console_report",
    "content_groups",
    "imbalance",
    "wide_range",
    "write_report",
]


def imbalance(rate: Rate, even: float) -> str:
    """``"high"`` or ``"low"`` when the rate's 95% interval leaves out ``even``, else ``""``.

    >>> imbalance(wilson(156, 500), 0.25)  # 31.2% [27.3%, 35.4%] against 25%
    'high'
    >>> imbalance(wilson(130, 500), 0.25)
    ''
    """
    if rate.trials == 0:
        return ""
    if rate.low > even:
        return "high"
    if rate.high < even:
        return "low"
    return ""


@attrs.frozen
class Report:
    """What a study found, ready to show.

    Attributes:
        title: the heading.
        games: games played.
        seats: seats per game.
        even: the even share of wins, ``1 / seats``.
        ties: games whose win was shared; ``no_winner`` games without a winner.
        seat_rates: win rate per seat (a shared win counts as a share).
        seat_ties: per seat, the games it won jointly.
        agent_rates: win rate per agent, over the seats it played.
        group_rates: per grouping the game names (``"character"``), the win rate per label
            over the seats that label played.
        lengths: actions per game; ``points`` final points per seat.
        events, rules, refusals, content: counts, most frequent first; ``content`` keys
            are labels (``"card played: «…»"``).
        content_games: for each content label, the share of games in which it happened at
            least once, most frequent first (Orbita: the games in which a corporation formed).
    """

    title: str
    games: int
    seats: int
    even: float
    ties: int
    no_winner: int
    seat_rates: tuple[tuple[int, Rate], ...]
    seat_ties: tuple[tuple[int, int], ...]
    agent_rates: tuple[tuple[str, Rate], ...]
    group_rates: tuple[tuple[str, tuple[tuple[str, Rate], ...]], ...]
    lengths: Distribution
    points: tuple[tuple[int, Distribution], ...]
    events: tuple[tuple[str, int], ...]
    rules: tuple[tuple[str, int], ...]
    refusals: tuple[tuple[str, int], ...]
    content: tuple[tuple[str, int], ...]
    content_games: tuple[tuple[str, Rate], ...] = ()

    def flagged(self) -> tuple[tuple[str, Rate], ...]:
        """Every rate whose interval leaves out the even share, named (``"seat 3"``)."""
        named = [(f"seat {s}", r) for s, r in self.seat_rates]
        named += [(f"agent {n}", r) for n, r in self.agent_rates]
        named += [(f"{g} {label}", r) for g, rates in self.group_rates for label, r in rates]
        return tuple((name, r) for name, r in named if imbalance(r, self.even))


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
    group_rates = tuple(
        (grouping, tuple(
            (label, wilson(s.group_wins.get(grouping, {}).get(label, 0.0), played))
            for label, played in sorted(counts.items())
        ))
        for grouping, counts in sorted(s.group_games.items())
    )
    return Report(
        title=title,
        games=s.games,
        seats=s.seats,
        even=1 / s.seats if s.seats else 0.0,
        ties=s.ties,
        no_winner=s.no_winner,
        seat_rates=seat_rates,
        seat_ties=tuple((seat, s.seat_ties.get(seat, 0)) for seat in range(s.seats)),
        agent_rates=agent_rates,
        group_rates=group_rates,
        lengths=distribution(s.lengths),
        points=tuple((seat, distribution(c)) for seat, c in sorted(s.points.items())),
        events=tuple(s.events.most_common()),
        rules=tuple(s.rules.most_common()),
        refusals=tuple(s.refusals.most_common()),
        content=tuple(s.content.most_common()),
        content_games=tuple(
            (label, wilson(count, s.games)) for label, count in s.content_games.most_common()
        ),
    )


def content_groups(
    content: tuple[tuple[str, int], ...], top: int | None = None
) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    """Content counts grouped by the prefix before ``": "`` (``"card played: x"``), most
    frequent first (all of them, or at most ``top`` per group); keys without a prefix form
    one group, ``counts``.

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


def _flag(rate: Rate, even: float) -> str:
    return {"high": "▲ above even", "low": "▼ below even"}.get(imbalance(rate, even), "")


def console_report(report: Report, console: Any = None, top: int = 12) -> None:
    """Print the report as tables (rich); content at most ``top`` per group (the HTML
    report has every item)."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    console.rule(f"{report.title}: {report.games} games")
    console.print(
        f"Shared wins: {report.ties} of {report.games} games; no winner: {report.no_winner}. "
        f"Even share: {report.even:.1%}; ▲/▼ marks a 95% interval that leaves it out."
    )
    for name, rate in report.flagged():
        console.print(f"[bold]{_flag(rate, report.even)}[/bold]: {name} wins {rate}")
    table = Table("seat", "win rate [95% interval]", "joint wins", "flag", title="Wins by seat")
    ties = dict(report.seat_ties)
    for seat, rate in report.seat_rates:
        table.add_row(str(seat), str(rate), str(ties.get(seat, 0)), _flag(rate, report.even))
    console.print(table)
    table = Table("agent", "games", "win rate [95% interval]", "flag", title="Wins by agent")
    for name, rate in report.agent_rates:
        table.add_row(name, str(rate.trials), str(rate), _flag(rate, report.even))
    console.print(table)
    for grouping, rates in report.group_rates:
        table = Table(grouping, "seats played", "win rate [95% interval]", "flag",
                      title=f"Wins by {grouping}")
        for label, rate in rates:
            table.add_row(label, str(rate.trials), str(rate), _flag(rate, report.even))
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
        ("Rule IDs behind events", report.rules),
        ("Rule IDs behind refusals (probed)", report.refusals),
    ] + [(f"Content: {group}", items) for group, items in content_groups(report.content)]
    for caption, items in sections:
        if items:
            table = Table("name", "count", title=caption)
            for name, count in items[:top]:
                table.add_row(name, str(count))
            if len(items) > top:
                table.caption = f"{len(items) - top} more in report.html"
            console.print(table)
    if report.content_games:
        table = Table("name", "games", "share of games [95% interval]",
                      title="Content: games in which it happened")
        for name, rate in report.content_games[:top]:
            table.add_row(name, f"{rate.successes:.0f}", str(rate))
        if len(report.content_games) > top:
            table.caption = f"{len(report.content_games) - top} more in report.html"
        console.print(table)


def _png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def wide_range(values: list[int]) -> bool:
    """Whether values span so many orders of magnitude that a linear axis hides the small
    ones (the largest at least 100 times the smallest non-zero size).

    >>> wide_range([90, 120, 10_000]), wide_range([3, 7, 12]), wide_range([-5, 0, 2_000])
    (True, False, True)
    """
    sizes = [abs(v) for v in values if v]
    return bool(sizes) and max(sizes) >= 100 * min(sizes)


def _rate_bars(ax: Any, labels: list[str], rates: list[Rate], even: float, colour: str) -> None:
    bars = ax.bar(labels, [r.value for r in rates],
                  yerr=[[r.value - r.low for r in rates], [r.high - r.value for r in rates]],
                  capsize=4, color=colour)
    for bar, rate in zip(bars, rates, strict=True):
        if imbalance(rate, even):  # the interval leaves out the even share
            bar.set_hatch("//")
            bar.set_edgecolor("#c62828")
    ax.axhline(even, color="#444", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.tick_params(axis="x", labelrotation=30)


def _rate_note(fig: Any, even: float) -> None:
    fig.text(0.5, -0.1, f"Dashed line: the even share, {even:.0%}. Hatched bar: its 95% "
             "interval leaves the even share out.", ha="center", fontsize="small")


def _count_panels(
    plt: Any, panels: list[tuple[str, tuple[tuple[str, int], ...]]], unit: str, colour: str,
    top: int = 20,
) -> Any:
    """One horizontal bar panel per group, each on its own axis."""
    heights = [0.3 * min(len(items), top) + 0.8 for _, items in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(7, sum(heights)), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    for ax, (caption, items) in zip(axes[:, 0], panels, strict=True):
        shown = items[:top]
        ax.barh([k for k, _ in shown][::-1], [v for _, v in shown][::-1], color=colour)
        if wide_range([v for _, v in shown]):
            ax.set_xscale("log")
        more = f" (top {top} of {len(items)}; all in the table)" if len(items) > top else ""
        ax.set_title(f"{caption}{more}", fontsize="medium")
        ax.set_xlabel(unit)
    fig.tight_layout()
    return fig


def _plots(report: Report, summary: Summary) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    plots: dict[str, bytes] = {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4), sharey=True)
    _rate_bars(left, [f"seat {s}" for s, _ in report.seat_rates],
               [r for _, r in report.seat_rates], report.even, "#5e35b1")
    left.set_ylabel("win rate (95% interval)")
    left.set_title("by seat")
    _rate_bars(right, [n for n, _ in report.agent_rates], [r for _, r in report.agent_rates],
               report.even, "#00897b")
    right.set_title("by agent")
    _rate_note(fig, report.even)
    plots["win_rates.png"] = _png(fig)
    plt.close(fig)

    for grouping, rates in report.group_rates:
        fig, ax = plt.subplots(figsize=(max(5, 0.6 * len(rates) + 2), 3.4))
        _rate_bars(ax, [label for label, _ in rates], [r for _, r in rates], report.even,
                   "#8e24aa")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title(f"Win rate by {grouping}")
        _rate_note(fig, report.even)
        plots[f"wins_by_{grouping.replace(' ', '_')}.png"] = _png(fig)
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

    seats = sorted(summary.points.items())
    if seats:
        # One panel per seat, each with its own axis; a logarithmic one where the values
        # span orders of magnitude (Orbita's points run from tens to tens of thousands).
        fig, axes = plt.subplots(len(seats), 1, figsize=(6, 1.8 * len(seats) + 0.6),
                                 squeeze=False)
        for ax, (seat, counts) in zip(axes[:, 0], seats, strict=True):
            values = sorted(counts.items())
            xs = [v for v, _ in values]
            ns = [n for _, n in values]
            # Stems drawn in screen units stay visible on a logarithmic axis, where a bar
            # one point wide would vanish.
            ax.vlines(xs, 0, ns, color="#fb8c00", linewidth=2)
            ax.plot(xs, ns, "o", color="#e65100", markersize=3)
            ax.set_ylim(bottom=0)
            if wide_range(xs):
                ax.set_xscale("symlog", linthresh=max(1, min(abs(x) for x in xs if x)))
                if min(xs) >= 0:
                    ax.set_xlim(left=0)
            ax.set_ylabel(f"seat {seat}\ngames")
        axes[-1, 0].set_xlabel("points at the end")
        axes[0, 0].set_title("Points per seat")
        fig.tight_layout()
        plots["points.png"] = _png(fig)
        plt.close(fig)

    rule_panels = [
        (caption, items) for caption, items in (
            ("Rule IDs behind events (events)", report.rules),
            ("Rule IDs behind refusals (probed actions)", report.refusals),
        ) if items
    ]
    if rule_panels:
        fig = _count_panels(plt, rule_panels, "count", "#00897b", top=40)
        plots["rules.png"] = _png(fig)
        plt.close(fig)
    groups = content_groups(report.content)
    if groups:
        fig = _count_panels(plt, [(f"Content: {g}", items) for g, items in groups],
                            "count over the study", "#fb8c00")
        plots["content.png"] = _png(fig)
        plt.close(fig)
    return plots


#: Click a heading to sort its table by that column (descending first, then ascending).
SORT_SCRIPT = """
document.querySelectorAll('table.sortable th').forEach((th, col) => {
  th.title = 'sort';
  th.addEventListener('click', () => {
    const table = th.closest('table'), body = table.tBodies[0];
    const index = Array.from(th.parentNode.children).indexOf(th);
    const down = th.dataset.order !== 'desc';
    th.dataset.order = down ? 'desc' : 'asc';
    const key = tr => {
      // A cell that starts with a number sorts by it ("31.2%", "27.3% – 35.4%": 27.3).
      const text = tr.children[index].textContent.trim();
      const number = parseFloat(text);
      return /^[-+]?[0-9]/.test(text) && !isNaN(number) ? number : text.toLowerCase();
    };
    const rows = Array.from(body.rows).sort((a, b) => {
      const x = key(a), y = key(b);
      const order = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0)
        : (typeof x === 'number' ? -1 : 1);
      return down ? -order : order;
    });
    rows.forEach(row => body.appendChild(row));
  });
});
"""


def _table(headers: list[str], rows: list[list[Any]], caption: str = "") -> str:
    if not rows:
        return f"<p>{html.escape(caption or headers[0])}: none in this study.</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f"<table class='sortable'>{title}<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _rate_row(name: Any, rate: Rate, even: float) -> list[Any]:
    return [name, rate.trials, f"{rate.value:.1%}", f"{rate.low:.1%} – {rate.high:.1%}",
            _flag(rate, even)]


def write_report(result: SimulationResult, out: Path | str, title: str) -> Path:
    """Write ``summary.json``, PNG plots, a self-contained ``report.html`` and, when the
    study kept its games (``keep_games=True``), ``results.csv`` with one row per game.

    Returns:
        The path of ``report.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    report = build_report(result, title)
    if result.games:
        with (folder / "results.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["index", "seed", "agents", "winners", "points", "length"])
            for game in result.games:
                writer.writerow([
                    game.index, game.seed, " ".join(game.agents),
                    " ".join(map(str, game.winners)), " ".join(map(str, game.points)),
                    game.length,
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
    rate_headers = ["games", "win rate", "95% interval", "against the even share"]
    flagged = report.flagged()
    findings = (
        "<p><strong>Outside the even share:</strong> "
        + html.escape("; ".join(f"{name} {rate}" for name, rate in flagged)) + "</p>"
        if flagged else "<p>No win rate's 95% interval leaves out the even share.</p>"
    )
    share = report.ties / report.games if report.games else 0.0
    rows = (
        "One row per game in results.csv." if result.games
        else "Only the summary was kept (keep_games=True adds results.csv, a row per game)."
    )
    sections = [
        "<h2>Wins</h2>",
        f"<p>Even share {report.even:.1%} ({report.seats} seats). A shared win counts as a "
        f"share for each winner. Shared wins: {report.ties} of {report.games} games "
        f"({share:.1%}); no winner: {report.no_winner}.</p>",
        findings,
        _table(["seat", *rate_headers, "joint wins"],
               [[*_rate_row(s, r, report.even), dict(report.seat_ties).get(s, 0)]
                for s, r in report.seat_rates], "Wins by seat"),
        _table(["agent", *rate_headers], [_rate_row(n, r, report.even)
                                          for n, r in report.agent_rates], "Wins by agent"),
        *(
            _table([grouping, "seats played", *rate_headers[1:]],
                   [_rate_row(label, r, report.even) for label, r in rates],
                   f"Wins by {grouping}")
            for grouping, rates in report.group_rates
        ),
        "<h2>Lengths and points</h2>",
        _table(["measure", "mean", "sd", "min", "p5", "median", "p95", "max"],
               [[label, f"{d.mean:.2f}", f"{d.stdev:.2f}", d.minimum, d.p5, d.median, d.p95,
                 d.maximum]
                for label, d in [("game length", report.lengths)]
                + [(f"points, seat {s}", d) for s, d in report.points]]),
        "<h2>Rules and content</h2>",
        "<p>Every table sorts by a click on its heading.</p>",
        _table(["event", "count"], [list(x) for x in report.events], "Events"),
        _table(["rule ID", "events"], [list(x) for x in report.rules], "Rule IDs behind events"),
        _table(["rule ID", "refused actions"], [list(x) for x in report.refusals],
               "Rule IDs behind refusals (probed)"),
        *(
            _table([group, "count"], [list(x) for x in items], f"Content: {group}")
            for group, items in content_groups(report.content)
        ),
        _table(["content", "games", "share of games", "95% interval"],
               [[name, f"{r.successes:.0f}", f"{r.value:.1%}", f"{r.low:.1%}–{r.high:.1%}"]
                for name, r in report.content_games],
               "Content: games in which it happened"),
        "<h2>Plots</h2>",
        images,
    ]
    page = (
        "<!doctype html><html lang='en'><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:1rem 0}"
        "caption{text-align:left;font-weight:600;padding:.3rem 0}"
        "td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}"
        "th{background:#f3f0fa;cursor:pointer}figure{display:inline-block;margin:.5rem}"
        "</style>"
        f"<h1>{html.escape(title)}</h1><p>{report.games} games. {rows}</p>" + "".join(sections)
        + f"<script>{SORT_SCRIPT}</script></html>"
    )
    path = folder / "report.html"
    path.write_text(page, encoding="utf-8")
    return path
