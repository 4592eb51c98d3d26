"""Balance reports of one study: terminal tables, CSV and JSON, PNG plots gathered in one
HTML page, in English or Russian (:func:`write_report`); several studies side by side are
:mod:`boardrules.sim.compare`'s.

:func:`build_report` needs no optional package; the console needs rich, the pictures
matplotlib (the ``report`` extra), imported only when a picture is drawn.

A win rate is flagged ▲ or ▼ when it differs from the even share (one win in ``seats``
games) after Holm's correction over every rate the report tests (each seat, each agent when
there are several, each grouping's labels): with fourteen rates, one whose 95% interval alone
leaves out the even share is often chance, and is not flagged. :func:`imbalance` is the
uncorrected test of one rate.
"""

from __future__ import annotations

import csv
import html
import json
import math
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from boardrules.labels import game_hook
from boardrules.serde import tag_of
from boardrules.sim.run import SimulationResult, Summary, label_content
from boardrules.sim.stats import Distribution, Rate, distribution, holm, p_against, wilson
from boardrules.sim.text import TEXT, agent_label, count, kind_label, part_label, text

__all__ = [
    "SORT_SCRIPT",
    "TEXT",
    "Estimate",
    "Report",
    "RuleCoverage",
    "build_report",
    "console_report",
    "content_groups",
    "imbalance",
    "kind_classes",
    "notes",
    "page",
    "paragraphs",
    "table",
    "text",
    "write_report",
]


def imbalance(rate: Rate, even: float) -> str:
    """``"high"`` or ``"low"`` when the rate's 95% interval leaves out ``even``, else ``""``
    (one rate, uncorrected; reports correct for every rate they test, see
    :attr:`Report.flags`).

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
class Estimate:
    """A figure of one study: a share of games (``kind="rate"``) or a mean per game, with
    its 95% interval."""

    value: float
    low: float
    high: float
    kind: str

    def format(self) -> str:
        """``"48.2% [45.1%, 51.3%]"`` or ``"33.40 [33.02, 33.78]"``."""
        if self.kind == "rate":
            return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"

    @classmethod
    def of(cls, summary: Summary, key: tuple[Any, ...], share: bool) -> Estimate:
        """The figure ``key`` of a study: its share of games (Wilson) or its mean per game
        (a normal interval from the sums of its values and their squares)."""
        n = summary.games
        if share:
            rate = wilson(summary.played.get(key, 0), n)
            return cls(rate.value, rate.low, rate.high, "rate")
        mean = summary.sums.get(key, 0) / n if n else 0.0
        var = (summary.squares.get(key, 0) - n * mean * mean) / (n - 1) if n > 1 else 0.0
        half = 1.959963984540054 * math.sqrt(max(var, 0.0) / n) if n else 0.0
        return cls(mean, mean - half, mean + half, "mean")


@attrs.frozen
class RuleCoverage:
    """How one rule fared in a study.

    Attributes:
        rule: the rule ID.
        text: its sentence in the report's language.
        refused, changed, read: the steps at which its check refused, its effect acted,
            its fact was read (see ``GameResult.decisions``).
        asked, run: the steps at which its check was asked, its effect run (whatever they
            answered or did).
        ran: the parts it states that ran (``"setup"``, ``"turn"`` ...).
        games: the share of games in which it took part at all.
        probed: the probed actions of the vocabulary it refused, ``None`` when not probed.
        terms: whether it only defines terms (it never acts).
    """

    rule: str
    text: str
    refused: int
    changed: int
    read: int
    asked: int
    run: int
    ran: tuple[str, ...]
    games: Rate
    probed: int | None
    terms: bool


@attrs.frozen
class Report:
    """What a study found, ready to show.

    Attributes:
        title: the heading; ``lang`` its language.
        games: games played; ``seats`` seats per game; ``even`` the even share of wins.
        ties: games whose win was shared; ``no_winner`` games without a winner.
        seat_rates: win rate per seat (a shared win counts as a share); ``seat_ties`` per
            seat, the games it won jointly.
        agent_rates: win rate per agent (in the report's language), over the seats it played.
        group_rates: per grouping the game names (``"character"``), the win rate per label.
        lengths: actions per game; ``points`` final points per seat.
        actions, events: per kind (its label), the mean per game with its interval.
        endings: per rule, the share of games it ended.
        coverage: every rule of the game, never-reached ones first.
        content: the game's tallies summed, most frequent first, keyed by label;
            ``content_games`` the share of games in which each happened.
        flags: every flagged rate as ``(kind, key, "high" | "low")`` after Holm's
            correction over the ``tested`` rates.
        seat_agents: per seat, the games each agent played there; ``mixed_agents`` whether
            seats had different agents.
        probed: reached states probed for refusals (0: off); ``probe`` the mode.
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
    actions: tuple[tuple[str, Estimate], ...] = ()
    events: tuple[tuple[str, Estimate], ...] = ()
    endings: tuple[tuple[str, Rate], ...] = ()
    coverage: tuple[RuleCoverage, ...] = ()
    content: tuple[tuple[str, int], ...] = ()
    content_games: tuple[tuple[str, Rate], ...] = ()
    lang: str = "en"
    flags: tuple[tuple[str, str, str], ...] = ()
    tested: int = 0
    seat_agents: tuple[tuple[int, tuple[tuple[str, int], ...]], ...] = ()
    mixed_agents: bool = False
    probed: int = 0
    probe: bool | str = False

    def flag(self, kind: str, key: object) -> str:
        """``"high"``, ``"low"`` or ``""``: the corrected flag of one rate."""
        return next((d for k, name, d in self.flags if k == kind and name == str(key)), "")

    def flagged(self) -> tuple[tuple[str, Rate], ...]:
        """Every flagged rate (after Holm's correction), named (``"seat 3"``)."""
        out = []
        for kind, key, _ in self.flags:
            if kind == "seat":
                rate, name = dict(self.seat_rates)[int(key)], f"{text('seat', self.lang)} {key}"
            elif kind == "agent":
                rate, name = dict(self.agent_rates)[key], f"{text('agent', self.lang)} {key}"
            else:
                rate, name = dict(dict(self.group_rates)[kind])[key], f"{kind} {key}"
            out.append((name, rate))
        return tuple(out)


def _family(report_rates: Sequence[tuple[str, Sequence[tuple[Any, Rate]]]]
            ) -> list[tuple[str, str, Rate]]:
    """The rates a report tests against the even share: seats, agents when there are
    several, each grouping's labels when it has several."""
    return [(kind, str(key), rate) for kind, rates in report_rates
            if kind == "seat" or len(rates) > 1 for key, rate in rates if rate.trials > 0]


def _group_label(game: Any, grouping: str, label: str, lang: str) -> str:
    hook = game_hook(game, "group_label") if game is not None else None
    return str(hook(grouping, label, lang)) if hook is not None else (label or grouping)


def kind_classes(game: Any) -> dict[str, type]:
    """Each action and event class of ``game`` by its type tag."""
    if game is None:
        return {}
    kinds = (*game.action_classes, *(typing.get_args(game.event_type) or (game.event_type,)))
    return {tag_of(kind): kind for kind in kinds if isinstance(kind, type)}


def _coverage(result: SimulationResult, lang: str) -> tuple[RuleCoverage, ...]:
    game, s = result.game, result.summary
    if game is None or not result.coverage:
        return ()
    decisions = s.decisions
    rows = [
        RuleCoverage(
            rule=rule.id, text=rule.text("ru" if lang == "ru" else "en"),
            refused=decisions.get((rule.id, "refused"), 0),
            changed=decisions.get((rule.id, "changed"), 0),
            read=decisions.get((rule.id, "read"), 0),
            asked=decisions.get((rule.id, "asked"), 0),
            run=decisions.get((rule.id, "run"), 0),
            ran=tuple(part for part in ("setup", "turn", "steps", "end", "score", "view")
                      if getattr(rule, part) is not None and decisions.get((rule.id, "ran"))),
            games=wilson(s.played.get(("took", rule.id), 0), s.games),
            probed=s.refusals.get(rule.id, 0) if s.probed else None,
            terms=rule.terms,
        )
        for rule in game.rulebook
    ]
    order = {row.rule: i for i, row in enumerate(rows)}
    return tuple(sorted(rows, key=lambda r: (r.games.value > 0, r.games.value, order[r.rule])))


def build_report(result: SimulationResult, title: str, lang: str = "en") -> Report:
    """Turn a study's summary into rates with 95% intervals, corrected flags, rule coverage
    and distribution summaries, labelled in ``lang`` (``"en"`` or ``"ru"``)."""
    s: Summary = result.summary
    game = result.game
    seat_rates = tuple((seat, wilson(s.seat_wins.get(seat, 0.0), s.games))
                       for seat in range(s.seats))
    agent_rates = tuple((agent_label(name, lang), wilson(s.agent_wins.get(name, 0.0), n))
                        for name, n in sorted(s.agent_games.items()))
    group_rates = tuple(
        (_group_label(game, grouping, "", lang), tuple(
            (_group_label(game, grouping, label, lang),
             wilson(s.group_wins.get(grouping, {}).get(label, 0.0), played))
            for label, played in sorted(counts.items())))
        for grouping, counts in sorted(s.group_games.items())
    )
    even = 1 / s.seats if s.seats else 0.0
    family = _family([("seat", seat_rates), ("agent", agent_rates), *group_rates])
    significant = holm([p_against(r, even) for _, _, r in family])
    content, content_games = s.content, s.content_games
    if lang != "en" and game is not None and (s.content_ids or not s.content):
        content = label_content(game, s.content_ids, lang)
        content_games = label_content(game, s.content_games_ids, lang)
    classes = kind_classes(game)

    def per_game(kind: str) -> tuple[tuple[str, Estimate], ...]:
        keys = sorted((k for k in s.sums if k[0] == kind), key=lambda k: -s.sums[k])
        return tuple((kind_label(game, classes.get(k[1]), k[1], lang),
                      Estimate.of(s, k, share=False)) for k in keys)

    return Report(
        title=title, games=s.games, seats=s.seats, even=even, ties=s.ties,
        no_winner=s.no_winner, seat_rates=seat_rates,
        seat_ties=tuple((seat, s.seat_ties.get(seat, 0)) for seat in range(s.seats)),
        agent_rates=agent_rates, group_rates=group_rates,
        lengths=distribution(s.lengths),
        points=tuple((seat, distribution(c)) for seat, c in sorted(s.points.items())),
        actions=per_game("action"), events=per_game("event"),
        endings=tuple((rule, wilson(n, s.games)) for rule, n in s.endings.most_common()),
        coverage=_coverage(result, lang),
        content=tuple(content.most_common()),
        content_games=tuple((label, wilson(min(n, s.games), s.games))
                            for label, n in content_games.most_common()),
        lang=lang,
        flags=tuple((kind, key, "high" if r.value > even else "low")
                    for (kind, key, r), yes in zip(family, significant, strict=True) if yes),
        tested=len(family),
        seat_agents=tuple((seat, tuple(sorted((agent_label(a, lang), n)
                                              for a, n in agents.items())))
                          for seat, agents in sorted(s.seat_agents.items())),
        mixed_agents=len(s.agent_games) > 1, probed=s.probed, probe=result.probe,
    )


def content_groups(
    content: tuple[tuple[str, int], ...], top: int | None = None, lang: str = "en"
) -> list[tuple[str, tuple[tuple[str, int], ...]]]:
    """Content counts grouped by the prefix before ``": "`` (``"card played: x"``), most
    frequent first (all of them, or at most ``top`` per group); keys without a prefix form
    one group, ``counts`` (in Russian «прочее»), last.

    >>> content_groups((("card played: a", 3), ("rest", 5), ("card played: b", 1)))
    [('card played', (('a', 3), ('b', 1))), ('counts', (('rest', 5),))]
    """
    groups: dict[str, list[tuple[str, int]]] = {}
    other = text("other_counts", lang)
    for key, n in content:
        prefix, sep, rest = key.partition(": ")
        group, name = (prefix, rest) if sep else (other, key)
        groups.setdefault(group, []).append((name, n))
    return [
        (group, tuple(sorted(items, key=lambda kv: (-kv[1], kv[0]))[:top]))
        for group, items in sorted(groups.items(), key=lambda kv: (kv[0] == other, kv[0]))
    ]


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _rate_text(rate: Rate) -> str:
    return f"{rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


def notes(report: Report) -> list[str]:
    """The report's sentences: shared wins, the even share, the agents, the flags."""
    lang = report.lang
    share = _pct(report.ties / report.games) if report.games else _pct(0)
    lines = [
        text("shared", lang, ties=report.ties, games=count(report.games, "game", lang, of=True),
             share=share, none=report.no_winner),
        text("even", lang, even=_pct(report.even), seats=count(report.seats, "seat", lang),
             tested=report.tested),
        text("agents_seats", lang),
    ]
    for seat, agents in report.seat_agents:
        listed = ", ".join(f"{name} ({count(n, 'game', lang)})" for name, n in agents)
        lines.append(text("seat_agents", lang, seat=seat, agents=listed))
    names = [name for name, _ in report.agent_rates]
    if report.mixed_agents:
        lines.append(text("mixed", lang, agents=", ".join(names)))
    elif names:
        lines.append(text("same_agent", lang, agent=names[0]))
    flagged = report.flagged()
    for (_, _, direction), (name, rate) in zip(report.flags, flagged, strict=True):
        lines.append(f"{text(direction, lang)}: {name} {_rate_text(rate)}")
    if not flagged:
        lines.append(text("no_flags", lang))
    lines.append(text("coverage_note" if report.coverage else "no_coverage", lang))
    if report.probed:
        how = text("probe_all" if report.probe is True else "probe_sampled", lang)
        lines.append(text("probe_on", lang, probed=report.probed, how=how))
    elif not report.probe:
        lines.append(text("probe_off", lang))
    return lines


def _coverage_rows(report: Report) -> list[list[str]]:
    lang = report.lang
    rows = []
    for row in report.coverage:
        if row.terms:
            cells = [text("terms", lang)] * 4
        else:
            ran = ", ".join(part_label(part, lang) for part in row.ran)
            cells = [f"{row.refused} / {row.asked}" if row.asked else str(row.refused),
                     f"{row.changed} / {row.run}" if row.run else str(row.changed),
                     str(row.read),
                     ran or ("—" if row.games.value else text("never", lang))]
        probed = [] if row.probed is None else [str(row.probed)]
        rows.append([row.rule, row.text, *cells, _rate_text(row.games), *probed])
    return rows


def _coverage_headers(report: Report) -> list[str]:
    keys = ["rule", "rule_text", "refused", "changed", "read", "ran", "decided_games"]
    keys += ["probed_refusals"] if report.probed else []
    return [text(k, report.lang) for k in keys]


def _measure_rows(report: Report) -> list[list[str]]:
    lang = report.lang
    rows = [(text("game_length", lang), text("actions", lang), report.lengths)]
    rows += [(text("points_seat", lang, seat=s), text("points", lang), d)
             for s, d in report.points]
    return [[label, unit, f"{d.mean:.2f}", f"{d.stdev:.2f}",
             *map(str, (d.minimum, d.p5, d.median, d.p95, d.maximum))]
            for label, unit, d in rows]


def _tables(report: Report) -> list[tuple[str, list[str], list[list[str]]]]:
    """Every table of the report: its caption, headings and rows (all rows)."""
    lang = report.lang
    rate_heads = [text("win_rate_interval", lang), text("flag", lang)]
    ties = dict(report.seat_ties)
    out = [
        (text("wins_by_seat", lang), [text("seat", lang), *rate_heads, text("joint_wins", lang)],
         [[str(s), _rate_text(r), _flag(report, "seat", s), str(ties.get(s, 0))]
          for s, r in report.seat_rates]),
        (text("wins_by_agent", lang), [text("agent", lang), text("seats_played", lang),
                                       *rate_heads],
         [[n, str(r.trials), _rate_text(r), _flag(report, "agent", n)]
          for n, r in report.agent_rates]),
    ]
    out += [(text("wins_by", lang, grouping=g), [g, text("seats_played", lang), *rate_heads],
             [[label, str(r.trials), _rate_text(r), _flag(report, g, label)]
              for label, r in rates]) for g, rates in report.group_rates]
    out.append((text("lengths_points", lang),
                [text(k, lang) for k in ("measure", "unit", "mean", "sd", "min", "p5",
                                         "median", "p95", "max")], _measure_rows(report)))
    if report.coverage:
        out.append((text("endings_h", lang), [text("rule", lang), text("share_games", lang)],
                    [[rule, _rate_text(r)] for rule, r in report.endings]))
        out.append((text("coverage", lang), _coverage_headers(report),
                    _coverage_rows(report)))
    for caption, heading, items in (("actions_h", "action_kind", report.actions),
                                    ("events_h", "event", report.events)):
        out.append((text(caption, lang), [text(heading, lang), text("mean", lang)],
                    [[name, e.format()] for name, e in items]))
    out += [(text("content_h", lang, group=g), [text("name", lang), text("count", lang)],
             [[name, str(n)] for name, n in items])
            for g, items in content_groups(report.content, lang=lang)]
    out.append((text("content_games_h", lang), [text("content", lang), text("share_games", lang)],
                [[name, _rate_text(r)] for name, r in report.content_games]))
    return out


def _flag(report: Report, kind: str, key: object) -> str:
    found = report.flag(kind, key)
    return text(found, report.lang) if found else ""


def console_report(report: Report, console: Any = None, top: int = 12) -> None:
    """Print the report as tables (rich) in its language, at most ``top`` rows each (the
    HTML report has every row), within 100 columns."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console(width=100)
    console.rule(text("study", report.lang, title=report.title,
                      games=count(report.games, "game", report.lang)))
    for line in notes(report):
        console.print(line, markup=False, highlight=False)
    for caption, headers, rows in _tables(report):
        if not rows:
            continue
        shown = Table(*headers, title=caption)
        for row in rows[:top]:
            shown.add_row(*row)
        if len(rows) > top:
            shown.caption = text("more", report.lang, n=len(rows) - top)
        console.print(shown)


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


def table(headers: list[str], rows: list[list[Any]], caption: str = "", lang: str = "en",
          folded: bool = False) -> str:
    """An HTML table that sorts by a click on a heading; ``folded``: inside a collapsed
    ``<details>`` whose summary is the caption."""
    if not rows:
        return f"<p>{text('none_here', lang, what=html.escape(caption or headers[0]))}</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    title = f"<caption>{html.escape(caption)}</caption>" if caption and not folded else ""
    made = (f"<table class='sortable'>{title}<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")
    if folded:
        return f"<details><summary>{html.escape(caption)}</summary>{made}</details>"
    return made


def page(title: str, lang: str, body: str) -> str:
    """A self-contained HTML page."""
    return (
        f"<!doctype html><html lang='{html.escape(lang)}'><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:1rem 0}"
        "caption,summary{text-align:left;font-weight:600;padding:.3rem 0}"
        "td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}"
        "th{background:#f3f0fa;cursor:pointer}figure{display:inline-block;margin:.5rem}"
        "img{max-width:100%}.warn{color:#b71c1c}</style>"
        f"<h1>{html.escape(title)}</h1>{body}<script>{SORT_SCRIPT}</script></html>"
    )


def paragraphs(lines: Sequence[str]) -> str:
    """Lines as HTML paragraphs."""
    return "".join(f"<p>{html.escape(line)}</p>" for line in lines)


def report_plots(report: Report, summary: Summary) -> dict[str, bytes]:
    """Every picture of a study's report, by file name."""
    from boardrules.sim.pictures import numbered, panels, png, pyplot, rate_bars, wide_range

    plt = pyplot()
    lang, even = report.lang, report.even
    plots: dict[str, bytes] = {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4), sharey=True)
    rate_bars(left, [f"{text('seat', lang)} {s}" for s, _ in report.seat_rates],
              [r for _, r in report.seat_rates],
              [report.flag("seat", s) for s, _ in report.seat_rates], even, "#5e35b1")
    left.set_ylabel(text("win_rate_axis", lang))
    left.set_title(text("by_seat", lang))
    rate_bars(right, [n for n, _ in report.agent_rates], [r for _, r in report.agent_rates],
              [report.flag("agent", n) for n, _ in report.agent_rates], even, "#00897b")
    right.set_title(text("by_agent", lang))
    fig.text(0.5, -0.1, text("dashed", lang, even=f"{even:.0%}"), ha="center",
             fontsize="small")
    plots["win_rates.png"] = png(plt, fig)
    for key, (grouping, rates) in zip(sorted(summary.group_games), report.group_rates,
                                      strict=True):
        fig, ax = plt.subplots(figsize=(max(5, 0.6 * len(rates) + 2), 3.4))
        rate_bars(ax, [label for label, _ in rates], [r for _, r in rates],
                  [report.flag(grouping, label) for label, _ in rates], even, "#8e24aa")
        ax.set_ylabel(text("win_rate_axis", lang))
        ax.set_title(text("win_rate_by", lang, grouping=grouping))
        plots[f"wins_by_{key.replace(' ', '_')}.png"] = png(plt, fig)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    lengths = sorted(summary.lengths.items())
    if lengths:
        span = lengths[-1][0] - lengths[0][0] + 1
        ax.hist([v for v, _ in lengths], bins=min(40, span), weights=[n for _, n in lengths],
                color="#5e35b1")
    ax.set_xlabel(text("actions_per_game", lang))
    ax.set_ylabel(text("games", lang))
    ax.set_title(text("length_title", lang))
    plots["lengths.png"] = png(plt, fig)
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
        plots["points.png"] = png(plt, fig)
    decided = [(row.rule, float(row.refused + row.changed + row.read))
               for row in report.coverage if not row.terms]
    rules = [(text("actions_chart", lang), [(k, e.value * report.games)
                                            for k, e in report.actions]),
             (text("rules_chart", lang), sorted(decided, key=lambda kv: -kv[1]))]
    plots.update(numbered("rules", panels(plt, [p for p in rules if p[1]],
                                          text("count_study", lang), "#00897b", lang, 40)))
    groups = [(text("content_h", lang, group=g), [(k, float(v)) for k, v in items])
              for g, items in content_groups(report.content, lang=lang)]
    plots.update(numbered("content", panels(plt, groups, text("count_study", lang),
                                            "#fb8c00", lang, 20)))
    return plots


def write_report(result: SimulationResult, out: Path | str, title: str, lang: str = "en",
                 pictures: bool = True) -> Path:
    """Write ``summary.json``, PNG plots (unless ``pictures`` is false), a self-contained
    ``report.html`` and, when the study kept its games (``keep_games=True``),
    ``results.csv`` with one row per game; the words in ``lang`` (``"en"`` or ``"ru"``).

    Returns:
        The path of ``report.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    report = build_report(result, title, lang)
    if result.games:
        with (folder / "results.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["index", "seed", "agents", "winners", "points", "length", "ender"])
            for game in result.games:
                writer.writerow([game.index, game.seed, " ".join(game.agents),
                                 " ".join(map(str, game.winners)),
                                 " ".join(map(str, game.points)), game.length, game.ender])
    summary = attrs.asdict(report, value_serializer=lambda _i, _a, v: v)
    (folder / "summary.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2),
                                         encoding="utf-8")
    plots: dict[str, bytes] = {}
    if pictures:
        plots = report_plots(report, result.summary)
        for name, data in plots.items():
            (folder / name).write_bytes(data)
    kept = text("rows_kept" if result.games else "rows_not_kept", lang)
    body = paragraphs([f"{count(report.games, 'game', lang)}. {kept}", *notes(report)])
    body += "".join(table(headers, rows, caption, lang) for caption, headers, rows
                    in _tables(report))
    if plots:
        from boardrules.sim.pictures import images

        body += f"<h2>{html.escape(text('plots', lang))}</h2>{images(plots)}"
    path = folder / "report.html"
    path.write_text(page(title, lang, body), encoding="utf-8")
    return path
