"""Balance reports: terminal tables, CSV and JSON, PNG plots gathered in one HTML page, in
English or Russian, for one study (:func:`write_report`) or several side by side
(:func:`write_comparison`).

Drawing needs the ``report`` extra (matplotlib, rich); :func:`build_report` and
:func:`build_comparison` need neither.

A win rate is flagged ▲ or ▼ when it differs from the even share (one win in ``seats``
games) after Holm's correction over every rate the report tests (each seat, each agent when
there are several, each grouping's labels): with fourteen rates, one whose 95% interval alone
leaves out the even share is often chance, and is not flagged. :func:`imbalance` is the
uncorrected test of one rate. A comparison flags a difference between two studies the same
way, over every difference it tests.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from boardrules.labels import game_hook
from boardrules.sim.run import SimulationResult, Summary, label_content, rules_with_code
from boardrules.sim.stats import (
    Difference,
    Distribution,
    Rate,
    difference_of_means,
    difference_of_rates,
    distribution,
    holm,
    p_against,
    wilson,
)

__all__ = [
    "SORT_SCRIPT",
    "Comparison",
    "Estimate",
    "Figure",
    "Report",
    "RuleCoverage",
    "build_comparison",
    "build_report",
    "console_comparison",
    "console_report",
    "content_groups",
    "imbalance",
    "text",
    "wide_range",
    "write_comparison",
    "write_report",
]

#: Every sentence and heading of a report: key -> (English, Russian).
TEXT: dict[str, tuple[str, str]] = {
    "games": ("games", "партий"),
    "game": ("game", "партия"),
    "seat": ("seat", "игрок"),
    "agent": ("agent", "агент"),
    "count": ("count", "число"),
    "name": ("name", "название"),
    "flag": ("flag", "отметка"),
    "measure": ("measure", "величина"),
    "unit": ("unit", "единица"),
    "mean": ("mean", "среднее"),
    "sd": ("sd", "ст. откл."),
    "min": ("min", "мин."),
    "p5": ("p5", "5-й перц."),
    "median": ("median", "медиана"),
    "p95": ("p95", "95-й перц."),
    "max": ("max", "макс."),
    "actions": ("actions", "действий"),
    "points": ("points", "очков"),
    "events": ("events", "событий"),
    "percent_games": ("% of games", "% партий"),
    "percent_wins": ("% of seats played", "% сыгранных мест"),
    "win_rate": ("win rate", "доля побед"),
    "interval": ("95% interval", "95% интервал"),
    "win_rate_interval": ("win rate [95% interval]", "доля побед [95% интервал]"),
    "joint_wins": ("joint wins", "общие победы"),
    "against_even": ("against the even share", "против равной доли"),
    "seats_played": ("seats played", "сыграно мест"),
    "wins_by_seat": ("Wins by seat", "Победы по местам"),
    "wins_by_agent": ("Wins by agent", "Победы по агентам"),
    "wins_by": ("Wins by {grouping}", "Победы: {grouping}"),
    "lengths_points": ("Lengths and points", "Длина партий и очки"),
    "game_length": ("game length", "длина партии"),
    "points_seat": ("points, seat {seat}", "очки, игрок {seat}"),
    "high": ("▲ above even", "▲ выше равной доли"),
    "low": ("▼ below even", "▼ ниже равной доли"),
    "study": ("{title}: {games} games", "{title}: {games} партий"),
    "shared": (
        "Shared wins: {ties} of {games} games ({share}); no winner: {none}. A shared win "
        "counts as a share for each winner.",
        "Общие победы: {ties} из {games} партий ({share}); без победителя: {none}. Общая "
        "победа делится поровну между победителями.",
    ),
    "even": (
        "Even share: {even} ({seats} seats). ▲/▼ marks a rate that differs from it at the 5% "
        "level after Holm's correction for the {tested} rates tested; a rate whose 95% "
        "interval alone leaves out the even share is not flagged.",
        "Равная доля: {even} ({seats} мест). ▲/▼ отмечает долю, отличную от неё на уровне 5% "
        "с поправкой Холма на {tested} проверенных долей; доля, чей 95% интервал лишь сам по "
        "себе не содержит равную долю, не отмечается.",
    ),
    "no_flags": (
        "No win rate differs from the even share after Holm's correction.",
        "Ни одна доля побед не отличается от равной с поправкой Холма.",
    ),
    "flagged": ("Differs from the even share:", "Отличается от равной доли:"),
    "agents_seats": (
        "Agents by seat (seats rotate from game to game):",
        "Агенты по местам (места меняются от партии к партии):",
    ),
    "seat_agents": ("seat {seat}: {agents}", "игрок {seat}: {agents}"),
    "mixed": (
        "Warning: seats had different agents ({agents}). A rate by seat, character or "
        "specialisation mixes the rules with which agent played it; for balance, seat the "
        "same agent everywhere.",
        "Внимание: на местах играли разные агенты ({agents}). Доля побед места, персонажа "
        "или специализации смешивает правила с тем, какой агент играл; для проверки баланса "
        "посадите одного агента на все места.",
    ),
    "same_agent": (
        "Every seat played by {agent}: the rates describe this agent's play; another agent "
        "may flag other rates.",
        "На всех местах {agent}: доли описывают игру этого агента; другой агент может "
        "отметить другие доли.",
    ),
    "rules_content": ("Rules and content", "Правила и содержимое"),
    "sortable": ("Every table sorts by a click on its heading.",
                 "Любая таблица сортируется щелчком по заголовку столбца."),
    "coverage": ("Rule coverage", "Покрытие правил"),
    "coverage_note": (
        "For every rule: the actions at which it acted (its effects handled the action, or "
        "an event of the action is attributed to it), the share of games in which it acted, "
        "and how many probed actions it refused. Rules that never acted come first.",
        "Для каждого правила: сколько действий оно обработало (его эффект применялся к "
        "действию или событие действия относится к нему), в какой доле партий оно "
        "действовало и сколько проверенных действий отказало. Правила, которые ни разу не "
        "действовали, идут первыми.",
    ),
    "probe_off": (
        "Refusals were not probed in this study (probing off), so the refused column is "
        "empty, not zero; probe with probe_refusals=\"sampled\" or True "
        "(boardrules simulate probes a sample by default).",
        "Отказы в этом исследовании не проверялись (проверка выключена): столбец отказов "
        "пуст, а не нулевой; включите probe_refusals=\"sampled\" или True "
        "(boardrules simulate по умолчанию проверяет выборку).",
    ),
    "probe_on": (
        "Refusals probed at {probed} reached states ({how}).",
        "Отказы проверены в {probed} достигнутых позициях ({how}).",
    ),
    "probe_all": ("every state, the whole vocabulary or 256 actions of it",
                  "каждая позиция, весь словарь действий или 256 действий из него"),
    "probe_sampled": ("about one state in 32, 32 actions of the vocabulary each",
                      "примерно одна позиция из 32, по 32 действия словаря"),
    "rule": ("rule", "правило"),
    "rule_text": ("what it says", "о чём оно"),
    "acted": ("acted (actions)", "действовало (действий)"),
    "acted_games": ("games it acted in", "партий, где действовало"),
    "refused": ("refused (probed actions)", "отказало (проверенных действий)"),
    "not_probed": ("not probed", "не проверялось"),
    "no_code": ("— (no checks or effects: setup, scoring or views)",
                "— (нет проверок и эффектов: подготовка, подсчёт или видимость)"),
    "never": ("never acted", "ни разу не действовало"),
    "events_h": ("Events (by type tag)", "События (по типу)"),
    "actions_h": ("Actions by kind (type tag)", "Действия по видам (тип)"),
    "event": ("event", "событие"),
    "action_kind": ("kind of action", "вид действия"),
    "content_h": ("Content: {group}", "Содержимое: {group}"),
    "content_games_h": ("Content: games in which it happened",
                        "Содержимое: партии, где это случилось"),
    "content": ("content", "содержимое"),
    "share_games": ("share of games", "доля партий"),
    "plots": ("Plots", "Графики"),
    "none_here": ("{what}: none in this study.", "{what}: нет в этом исследовании."),
    "rows_kept": ("One row per game in results.csv.", "По строке на партию в results.csv."),
    "rows_not_kept": (
        "Only the summary was kept (keep_games=True adds results.csv, a row per game).",
        "Сохранена только сводка (keep_games=True добавляет results.csv, по строке на партию).",
    ),
    "more": ("{n} more in report.html", "ещё {n} в report.html"),
    "dashed": (
        "Dashed line: the even share, {even}. Hatched bar: differs from it after Holm's "
        "correction.",
        "Пунктир: равная доля, {even}. Штриховка: отличие от неё с поправкой Холма.",
    ),
    "by_seat": ("by seat", "по местам"),
    "by_agent": ("by agent", "по агентам"),
    "win_rate_axis": ("win rate (95% interval)", "доля побед (95% интервал)"),
    "win_rate_by": ("Win rate by {grouping}", "Доля побед: {grouping}"),
    "actions_per_game": ("actions per game", "действий за партию"),
    "length_title": ("Game length (actions)", "Длина партии (действий)"),
    "points_end": ("points at the end", "очки в конце"),
    "points_title": ("Points per seat", "Очки по местам"),
    "seat_games": ("seat {seat}\ngames", "игрок {seat}\nпартий"),
    "top": (" (top {top} of {n}; all in the table)", " (первые {top} из {n}; все в таблице)"),
    "acted_chart": ("Rule coverage: actions at which the rule acted",
                    "Покрытие правил: действий, где правило действовало"),
    "refused_chart": ("Rule coverage: probed actions the rule refused",
                      "Покрытие правил: проверенных действий, где правило отказало"),
    "actions_chart": ("Actions by kind", "Действия по видам"),
    "count_study": ("count over the study", "число за исследование"),
    # comparisons
    "compare_title": ("{title}: {games} games per variant", "{title}: {games} партий на вариант"),
    "compare_note": (
        "Each variant played the same seeded games with the same agents. For every figure: "
        "each variant's value with its 95% interval, and its difference from {base} with "
        "the difference's own 95% interval (Newcombe's for shares, a normal approximation "
        "for means). ◆ marks a difference significant at the 5% level after Holm's "
        "correction for the {tested} differences tested.",
        "Все варианты сыграли одни и те же партии (те же зёрна) с теми же агентами. Для "
        "каждой величины: значение в каждом варианте с 95% интервалом и разность с {base} с "
        "её собственным 95% интервалом (Ньюкомба для долей, нормальное приближение для "
        "средних). ◆ отмечает разность, значимую на уровне 5% с поправкой Холма на {tested} "
        "проверенных разностей.",
    ),
    "no_differences": ("No difference is significant after Holm's correction.",
                       "Ни одна разность не значима с поправкой Холма."),
    "differences": ("Significant differences:", "Значимые разности:"),
    "figure": ("figure", "величина"),
    "difference": ("{name} − {base}", "{name} − {base}"),
    "significant": ("◆ significant", "◆ значима"),
    "f_seat": ("win rate, seat {seat}", "доля побед, игрок {seat}"),
    "f_agent": ("win rate, agent {agent}", "доля побед, агент {agent}"),
    "f_group": ("win rate, {grouping} {label}", "доля побед, {grouping} {label}"),
    "f_ties": ("games with a shared win", "партии с общей победой"),
    "f_none": ("games without a winner", "партии без победителя"),
    "f_length": ("game length", "длина партии"),
    "f_points": ("points, seat {seat}", "очки, игрок {seat}"),
    "f_content": ("games with: {label}", "партии, где: {label}"),
    "f_rule": ("games in which {rule} acted", "партии, где действовало {rule}"),
    "u_share_games": ("% of games", "% партий"),
    "u_share_seats": ("% of seats played", "% сыгранных мест"),
    "u_actions": ("actions per game", "действий за партию"),
    "u_points": ("points", "очков"),
    "compare_chart": ("Differences from {base} (95% intervals)",
                      "Разности с {base} (95% интервалы)"),
}


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The report's sentence ``key`` in ``lang`` (``"en"`` or ``"ru"``), filled in.

    >>> text("f_seat", "ru", seat=2)
    'доля побед, игрок 2'
    """
    en, ru = TEXT[key]
    return (ru if lang == "ru" else en).format(**values)


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
class RuleCoverage:
    """How one rule fared in a study.

    Attributes:
        rule: the rule ID.
        text: its sentence in the report's language.
        acted: the actions at which it acted (see ``GameResult.acted``).
        games: the share of games in which it acted at least once.
        refused: the probed actions it refused, or ``None`` when refusals were not probed.
        has_code: whether it has checks or effects (the others describe setup, scoring
            or views and never act).
    """

    rule: str
    text: str
    acted: int
    games: Rate
    refused: int | None
    has_code: bool


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
            over the seats that label played; groupings and labels in the report's language.
        lengths: actions per game; ``points`` final points per seat.
        events, rules, refusals, content: counts, most frequent first; ``content`` keys
            are labels (``"card played: «…»"``) in the report's language.
        content_games: for each content label, the share of games in which it happened at
            least once, most frequent first (Orbita: the games in which a corporation formed).
        lang: the report's language.
        flags: every flagged rate as ``(kind, key, "high" | "low")``, where ``kind`` is
            ``"seat"``, ``"agent"`` or a grouping; flagged after Holm's correction over the
            ``tested`` rates.
        tested: how many rates were tested against the even share.
        seat_agents: per seat, the games each agent played there.
        mixed_agents: whether seats had different agents.
        coverage: every rule of the game, never-acting ones first.
        probed: reached states probed for refusals (0: probing was off).
        probe: the probing mode (``False``, ``True`` or ``"sampled"``).
        actions: actions played by kind, most frequent first.
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
    lang: str = "en"
    flags: tuple[tuple[str, str, str], ...] = ()
    tested: int = 0
    seat_agents: tuple[tuple[int, tuple[tuple[str, int], ...]], ...] = ()
    mixed_agents: bool = False
    coverage: tuple[RuleCoverage, ...] = ()
    probed: int = 0
    probe: bool | str = False
    actions: tuple[tuple[str, int], ...] = ()

    def flag(self, kind: str, key: object) -> str:
        """``"high"``, ``"low"`` or ``""``: the corrected flag of one rate."""
        for k, name, direction in self.flags:
            if k == kind and name == str(key):
                return direction
        return ""

    def flagged(self) -> tuple[tuple[str, Rate], ...]:
        """Every flagged rate (after Holm's correction), named (``"seat 3"``)."""
        out = []
        for kind, key, _ in self.flags:
            if kind == "seat":
                rate = dict(self.seat_rates)[int(key)]
                name = f"{text('seat', self.lang)} {key}"
            elif kind == "agent":
                rate = dict(self.agent_rates)[key]
                name = f"{text('agent', self.lang)} {key}"
            else:
                rate = dict(dict(self.group_rates)[kind])[key]
                name = f"{kind} {key}"
            out.append((name, rate))
        return tuple(out)


def _family(
    seat_rates: Sequence[tuple[int, Rate]],
    agent_rates: Sequence[tuple[str, Rate]],
    group_rates: Sequence[tuple[str, Sequence[tuple[str, Rate]]]],
) -> list[tuple[str, str, Rate]]:
    """The rates a report tests against the even share: seats, agents when there are
    several, each grouping's labels when it has several."""
    family = [("seat", str(s), r) for s, r in seat_rates]
    if len(agent_rates) > 1:
        family += [("agent", n, r) for n, r in agent_rates]
    for grouping, rates in group_rates:
        if len(rates) > 1:
            family += [(grouping, label, r) for label, r in rates]
    return [(kind, key, r) for kind, key, r in family if r.trials > 0]


def _holm_flags(
    family: list[tuple[str, str, Rate]], even: float
) -> tuple[tuple[str, str, str], ...]:
    significant = holm([p_against(r, even) for _, _, r in family])
    return tuple(
        (kind, key, "high" if r.value > even else "low")
        for (kind, key, r), yes in zip(family, significant, strict=True) if yes
    )


def _group_label(game: Any, grouping: str, label: str, lang: str) -> str:
    hook = game_hook(game, "group_label") if game is not None else None
    return str(hook(grouping, label, lang)) if hook is not None else (label or grouping)


def _coverage(result: SimulationResult, lang: str) -> tuple[RuleCoverage, ...]:
    game, s = result.game, result.summary
    if game is None:
        return ()
    coded = set(rules_with_code(game))
    probed = s.probed > 0
    rows = [
        RuleCoverage(
            rule=rule.id,
            text=rule.text("ru" if lang == "ru" else "en"),
            acted=s.acted.get(rule.id, 0),
            games=wilson(s.acted_games.get(rule.id, 0), s.games),
            refused=s.refusals.get(rule.id, 0) if probed else None,
            has_code=rule.id in coded,
        )
        for rule in game.rulebook
    ]
    order = {row.rule: i for i, row in enumerate(rows)}
    return tuple(sorted(rows, key=lambda r: (r.acted > 0, r.acted, order[r.rule])))


def build_report(result: SimulationResult, title: str, lang: str = "en") -> Report:
    """Turn a study's summary into rates with 95% intervals, corrected flags, rule coverage
    and distribution summaries, labelled in ``lang`` (``"en"`` or ``"ru"``)."""
    s: Summary = result.summary
    game = result.game
    seat_rates = tuple(
        (seat, wilson(s.seat_wins.get(seat, 0.0), s.games)) for seat in range(s.seats)
    )
    agent_rates = tuple(
        (name, wilson(s.agent_wins.get(name, 0.0), s.agent_games[name]))
        for name in sorted(s.agent_games)
    )
    group_rates = tuple(
        (_group_label(game, grouping, "", lang), tuple(
            (_group_label(game, grouping, label, lang),
             wilson(s.group_wins.get(grouping, {}).get(label, 0.0), played))
            for label, played in sorted(counts.items())
        ))
        for grouping, counts in sorted(s.group_games.items())
    )
    even = 1 / s.seats if s.seats else 0.0
    family = _family(seat_rates, agent_rates, group_rates)
    content, content_games = s.content, s.content_games
    if lang != "en" and game is not None and (s.content_ids or not s.content):
        content = label_content(game, s.content_ids, lang)
        labelled = label_content(game, s.content_games_ids, lang)
        content_games = type(labelled)({k: min(v, s.games) for k, v in labelled.items()})
    return Report(
        title=title,
        games=s.games,
        seats=s.seats,
        even=even,
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
        content=tuple(content.most_common()),
        content_games=tuple(
            (label, wilson(count, s.games)) for label, count in content_games.most_common()
        ),
        lang=lang,
        flags=_holm_flags(family, even),
        tested=len(family),
        seat_agents=tuple(
            (seat, tuple(sorted(agents.items()))) for seat, agents in sorted(s.seat_agents.items())
        ),
        mixed_agents=len(s.agent_games) > 1,
        coverage=_coverage(result, lang),
        probed=s.probed,
        probe=result.probe,
        actions=tuple(s.actions.most_common()),
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


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _rate_text(rate: Rate) -> str:
    return f"{rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"


def _flag_text(direction: str, lang: str) -> str:
    return text(direction, lang) if direction else ""


def _agents_line(report: Report, seat: int, agents: tuple[tuple[str, int], ...]) -> str:
    games = text("games", report.lang)
    listed = ", ".join(f"{name} ({n} {games})" for name, n in agents)
    return text("seat_agents", report.lang, seat=seat, agents=listed)


def _agent_notes(report: Report) -> list[str]:
    """What the report says about the agents: every seat's, and a warning when they differ."""
    lang = report.lang
    lines = [text("agents_seats", lang)]
    lines += [_agents_line(report, seat, agents) for seat, agents in report.seat_agents]
    names = [name for name, _ in report.agent_rates]
    if report.mixed_agents:
        lines.append(text("mixed", lang, agents=", ".join(names)))
    elif names:
        lines.append(text("same_agent", lang, agent=names[0]))
    return lines


def _probe_note(report: Report) -> str:
    if report.probed == 0:
        return text("probe_off", report.lang)
    how = text("probe_all" if report.probe is True else "probe_sampled", report.lang)
    return text("probe_on", report.lang, probed=report.probed, how=how)


def _coverage_rows(report: Report) -> list[list[str]]:
    lang = report.lang
    rows = []
    for row in report.coverage:
        refused = text("not_probed", lang) if row.refused is None else str(row.refused)
        acted = str(row.acted) if row.has_code or row.acted else text("no_code", lang)
        rows.append([row.rule, row.text, acted, _rate_text(row.games), refused])
    return rows


def _coverage_headers(lang: str) -> list[str]:
    return [text("rule", lang), text("rule_text", lang), text("acted", lang),
            text("acted_games", lang) + ", " + text("interval", lang), text("refused", lang)]


def _length_rows(report: Report) -> list[tuple[str, str, Distribution]]:
    lang = report.lang
    rows = [(text("game_length", lang), text("actions", lang), report.lengths)]
    rows += [(text("points_seat", lang, seat=s), text("points", lang), d)
             for s, d in report.points]
    return rows


def _measure_headers(lang: str) -> list[str]:
    return [text(k, lang) for k in
            ("measure", "unit", "mean", "sd", "min", "p5", "median", "p95", "max")]


def _measure_cells(d: Distribution) -> list[str]:
    return [f"{d.mean:.2f}", f"{d.stdev:.2f}",
            *map(str, (d.minimum, d.p5, d.median, d.p95, d.maximum))]


def console_report(report: Report, console: Any = None, top: int = 12) -> None:
    """Print the report as tables (rich) in its language; content at most ``top`` per
    group, and rules at most ``top`` (the HTML report has every item)."""
    from rich.console import Console
    from rich.table import Table

    lang = report.lang
    console = console or Console()

    def say(line: str) -> None:
        console.print(line, markup=False, highlight=False)

    console.rule(text("study", lang, title=report.title, games=report.games))
    share = _pct(report.ties / report.games) if report.games else _pct(0)
    say(text("shared", lang, ties=report.ties, games=report.games, share=share,
             none=report.no_winner))
    say(text("even", lang, even=_pct(report.even), seats=report.seats, tested=report.tested))
    for line in _agent_notes(report):
        say(line)
    flagged = report.flagged()
    for (_, _, direction), (name, rate) in zip(report.flags, flagged, strict=True):
        say(f"{_flag_text(direction, lang)}: {name} {_rate_text(rate)}")
    if not flagged:
        say(text("no_flags", lang))
    table = Table(text("seat", lang), text("win_rate_interval", lang), text("joint_wins", lang),
                  text("flag", lang), title=text("wins_by_seat", lang))
    ties = dict(report.seat_ties)
    for seat, rate in report.seat_rates:
        table.add_row(str(seat), _rate_text(rate), str(ties.get(seat, 0)),
                      _flag_text(report.flag("seat", seat), lang))
    console.print(table)
    table = Table(text("agent", lang), text("seats_played", lang),
                  text("win_rate_interval", lang), text("flag", lang),
                  title=text("wins_by_agent", lang))
    for name, rate in report.agent_rates:
        table.add_row(name, str(rate.trials), _rate_text(rate),
                      _flag_text(report.flag("agent", name), lang))
    console.print(table)
    for grouping, rates in report.group_rates:
        table = Table(grouping, text("seats_played", lang), text("win_rate_interval", lang),
                      text("flag", lang), title=text("wins_by", lang, grouping=grouping))
        for label, rate in rates:
            table.add_row(label, str(rate.trials), _rate_text(rate),
                          _flag_text(report.flag(grouping, label), lang))
        console.print(table)
    table = Table(*_measure_headers(lang), title=text("lengths_points", lang))
    for label, unit, d in _length_rows(report):
        table.add_row(label, unit, *_measure_cells(d))
    console.print(table)
    table = Table(*_coverage_headers(lang), title=text("coverage", lang))
    for row in _coverage_rows(report)[:top]:
        table.add_row(*row)
    if len(report.coverage) > top:
        table.caption = text("more", lang, n=len(report.coverage) - top)
    console.print(table)
    say(_probe_note(report))
    sections = [
        (text("actions_h", lang), text("action_kind", lang), report.actions),
        (text("events_h", lang), text("event", lang), report.events),
    ] + [(text("content_h", lang, group=group), text("name", lang), items)
         for group, items in content_groups(report.content)]
    for caption, heading, items in sections:
        if items:
            table = Table(heading, text("count", lang), title=caption)
            for name, count in items[:top]:
                table.add_row(name, str(count))
            if len(items) > top:
                table.caption = text("more", lang, n=len(items) - top)
            console.print(table)
    if report.content_games:
        table = Table(text("content", lang), text("games", lang),
                      text("share_games", lang) + " [" + text("interval", lang) + "]",
                      title=text("content_games_h", lang))
        for name, rate in report.content_games[:top]:
            table.add_row(name, f"{rate.successes:.0f}", _rate_text(rate))
        if len(report.content_games) > top:
            table.caption = text("more", lang, n=len(report.content_games) - top)
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


def _rate_note(fig: Any, even: float, lang: str) -> None:
    fig.text(0.5, -0.1, text("dashed", lang, even=f"{even:.0%}"), ha="center",
             fontsize="small")


def _count_panels(
    plt: Any, panels: list[tuple[str, tuple[tuple[str, int], ...]]], unit: str, colour: str,
    lang: str, top: int = 20,
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
        more = text("top", lang, top=top, n=len(items)) if len(items) > top else ""
        ax.set_title(f"{caption}{more}", fontsize="medium")
        ax.set_xlabel(unit)
    fig.tight_layout()
    return fig


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    return plt


def _plots(report: Report, summary: Summary) -> dict[str, bytes]:
    plt = _pyplot()
    lang = report.lang
    plots: dict[str, bytes] = {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4), sharey=True)
    _rate_bars(left, [f"{text('seat', lang)} {s}" for s, _ in report.seat_rates],
               [r for _, r in report.seat_rates],
               [report.flag("seat", s) for s, _ in report.seat_rates], report.even, "#5e35b1")
    left.set_ylabel(text("win_rate_axis", lang))
    left.set_title(text("by_seat", lang))
    _rate_bars(right, [n for n, _ in report.agent_rates], [r for _, r in report.agent_rates],
               [report.flag("agent", n) for n, _ in report.agent_rates], report.even,
               "#00897b")
    right.set_title(text("by_agent", lang))
    _rate_note(fig, report.even, lang)
    plots["win_rates.png"] = _png(fig)
    plt.close(fig)

    groupings = sorted(summary.group_games)
    for key, (grouping, rates) in zip(groupings, report.group_rates, strict=True):
        fig, ax = plt.subplots(figsize=(max(5, 0.6 * len(rates) + 2), 3.4))
        _rate_bars(ax, [label for label, _ in rates], [r for _, r in rates],
                   [report.flag(grouping, label) for label, _ in rates], report.even, "#8e24aa")
        ax.set_ylabel(text("win_rate_axis", lang))
        ax.set_title(text("win_rate_by", lang, grouping=grouping))
        _rate_note(fig, report.even, lang)
        plots[f"wins_by_{key.replace(' ', '_')}.png"] = _png(fig)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(6, 3.2))
    lengths = sorted(summary.lengths.items())
    if lengths:
        span = lengths[-1][0] - lengths[0][0] + 1
        ax.hist([v for v, _ in lengths], bins=min(40, span), weights=[n for _, n in lengths],
                color="#5e35b1")
    ax.set_xlabel(text("actions_per_game", lang))
    ax.set_ylabel(text("games", lang))
    ax.set_title(text("length_title", lang))
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
            ax.set_ylabel(text("seat_games", lang, seat=seat))
        axes[-1, 0].set_xlabel(text("points_end", lang))
        axes[0, 0].set_title(text("points_title", lang))
        fig.tight_layout()
        plots["points.png"] = _png(fig)
        plt.close(fig)

    acted = tuple((row.rule, row.acted) for row in report.coverage if row.has_code or row.acted)
    refused = tuple(report.refusals) if report.probed else ()
    rule_panels = [
        (caption, tuple(sorted(items, key=lambda kv: -kv[1]))) for caption, items in (
            (text("actions_chart", lang), report.actions),
            (text("acted_chart", lang), acted),
            (text("refused_chart", lang), refused),
        ) if items
    ]
    if rule_panels:
        fig = _count_panels(plt, rule_panels, text("count_study", lang), "#00897b", lang,
                            top=40)
        plots["rules.png"] = _png(fig)
        plt.close(fig)
    groups = content_groups(report.content)
    if groups:
        fig = _count_panels(plt, [(text("content_h", lang, group=g), items)
                                  for g, items in groups],
                            text("count_study", lang), "#fb8c00", lang)
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


def _table(headers: list[str], rows: list[list[Any]], caption: str = "",
           lang: str = "en") -> str:
    if not rows:
        what = html.escape(caption or headers[0])
        return f"<p>{text('none_here', lang, what=what)}</p>"
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f"<table class='sortable'>{title}<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _rate_row(name: Any, rate: Rate, flag: str, lang: str) -> list[Any]:
    return [name, rate.trials, f"{rate.value:.1%}", f"{rate.low:.1%} – {rate.high:.1%}",
            _flag_text(flag, lang)]


def _page(title: str, lang: str, body: str) -> str:
    return (
        f"<!doctype html><html lang='{html.escape(lang)}'><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}table{border-collapse:collapse;margin:1rem 0}"
        "caption{text-align:left;font-weight:600;padding:.3rem 0}"
        "td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}"
        "th{background:#f3f0fa;cursor:pointer}figure{display:inline-block;margin:.5rem}"
        ".warn{color:#b71c1c}</style>"
        f"<h1>{html.escape(title)}</h1>{body}<script>{SORT_SCRIPT}</script></html>"
    )


def _images(plots: dict[str, bytes]) -> str:
    return "".join(
        f'<figure><img alt="{html.escape(name)}" src="data:image/png;base64,'
        f'{base64.b64encode(data).decode()}"></figure>'
        for name, data in plots.items()
    )


def _p(line: str, cls: str = "") -> str:
    attr = f" class='{cls}'" if cls else ""
    return f"<p{attr}>{html.escape(line)}</p>"


def write_report(result: SimulationResult, out: Path | str, title: str,
                 lang: str = "en") -> Path:
    """Write ``summary.json``, PNG plots, a self-contained ``report.html`` and, when the
    study kept its games (``keep_games=True``), ``results.csv`` with one row per game; the
    words in ``lang`` (``"en"`` or ``"ru"``).

    Returns:
        The path of ``report.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    report = build_report(result, title, lang)
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
    rate_headers = [text(k, lang) for k in ("games", "win_rate", "interval", "against_even")]
    flagged = report.flagged()
    findings = (
        _p(text("flagged", lang) + " " + "; ".join(
            f"{name} {_rate_text(rate)}" for name, rate in flagged))
        if flagged else _p(text("no_flags", lang))
    )
    share = _pct(report.ties / report.games) if report.games else _pct(0)
    notes = _agent_notes(report)
    sections = [
        f"<h2>{html.escape(text('wins_by_seat', lang).split()[0])}</h2>",
        _p(text("shared", lang, ties=report.ties, games=report.games, share=share,
                none=report.no_winner)),
        _p(text("even", lang, even=_pct(report.even), seats=report.seats,
                tested=report.tested)),
        *(_p(line, "warn" if report.mixed_agents and i == len(notes) - 1 else "")
          for i, line in enumerate(notes)),
        findings,
        _table([text("seat", lang), *rate_headers, text("joint_wins", lang)],
               [[*_rate_row(s, r, report.flag("seat", s), lang),
                 dict(report.seat_ties).get(s, 0)] for s, r in report.seat_rates],
               text("wins_by_seat", lang), lang),
        _table([text("agent", lang), *rate_headers],
               [_rate_row(n, r, report.flag("agent", n), lang) for n, r in report.agent_rates],
               text("wins_by_agent", lang), lang),
        *(
            _table([grouping, text("seats_played", lang), *rate_headers[1:]],
                   [_rate_row(label, r, report.flag(grouping, label), lang)
                    for label, r in rates],
                   text("wins_by", lang, grouping=grouping), lang)
            for grouping, rates in report.group_rates
        ),
        f"<h2>{html.escape(text('lengths_points', lang))}</h2>",
        _table(_measure_headers(lang),
               [[label, unit, *_measure_cells(d)] for label, unit, d in _length_rows(report)],
               lang=lang),
        f"<h2>{html.escape(text('coverage', lang))}</h2>",
        _p(text("coverage_note", lang)),
        _p(_probe_note(report)),
        _table(_coverage_headers(lang), _coverage_rows(report), text("coverage", lang), lang),
        f"<h2>{html.escape(text('rules_content', lang))}</h2>",
        _p(text("sortable", lang)),
        _table([text("action_kind", lang), text("actions", lang)],
               [list(x) for x in report.actions], text("actions_h", lang), lang),
        _table([text("event", lang), text("events", lang)], [list(x) for x in report.events],
               text("events_h", lang), lang),
        *(
            _table([group, text("count", lang)], [list(x) for x in items],
                   text("content_h", lang, group=group), lang)
            for group, items in content_groups(report.content)
        ),
        _table([text("content", lang), text("games", lang), text("share_games", lang),
                text("interval", lang)],
               [[name, f"{r.successes:.0f}", f"{r.value:.1%}", f"{r.low:.1%}–{r.high:.1%}"]
                for name, r in report.content_games],
               text("content_games_h", lang), lang),
        f"<h2>{html.escape(text('plots', lang))}</h2>",
        _images(plots),
    ]
    rows = text("rows_kept" if result.games else "rows_not_kept", lang)
    body = _p(f"{report.games} {text('games', lang)}. {rows}") + "".join(sections)
    path = folder / "report.html"
    path.write_text(_page(title, lang, body), encoding="utf-8")
    return path


# -- comparisons --------------------------------------------------------------------------


@attrs.frozen
class Estimate:
    """One figure of one study: a share (``kind="rate"``) or a mean, with its 95% interval."""

    value: float
    low: float
    high: float
    kind: str

    def format(self) -> str:
        """``"48.2% [45.1%, 51.3%]"`` or ``"33.40 [33.02, 33.78]"``."""
        if self.kind == "rate":
            return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"


def _difference_text(d: Difference | None, kind: str) -> str:
    if d is None:
        return "—"
    if kind == "rate":
        return f"{d.value:+.1%} [{d.low:+.1%}, {d.high:+.1%}]"
    return f"{d.value:+.2f} [{d.low:+.2f}, {d.high:+.2f}]"


@attrs.frozen
class Figure:
    """One figure across the compared studies.

    Attributes:
        name: what it is, in the comparison's language.
        unit: its unit.
        kind: ``"rate"`` (a share with Wilson intervals) or ``"mean"``.
        estimates: one per study, in the order of the studies.
        differences: one per study after the first: that study minus the first, with its
            own 95% interval; ``significant`` after Holm's correction over every difference
            of the comparison. ``None`` where a study has no data for the figure, or where
            neither study varies and both agree (0 of n games against 0 of n): such pairs
            say nothing and are not counted among the differences tested.
    """

    name: str
    unit: str
    kind: str
    estimates: tuple[Estimate | None, ...]
    differences: tuple[Difference | None, ...]


@attrs.frozen
class Comparison:
    """Several studies of the same agents and seeds, side by side (:func:`build_comparison`).

    Attributes:
        title: the heading.
        names: each study's name (a variant's name; ``rulebook`` for the game's own rules).
        reports: each study's own report.
        figures: every figure, with each study's value and the differences from the first.
        tested: how many differences were tested (the size of Holm's correction).
        lang: the language.
    """

    title: str
    names: tuple[str, ...]
    reports: tuple[Report, ...]
    figures: tuple[Figure, ...]
    tested: int
    lang: str = "en"

    def significant(self) -> tuple[tuple[Figure, str, Difference], ...]:
        """Every significant difference: the figure, the study's name and the difference."""
        return tuple(
            (figure, name, d)
            for figure in self.figures
            for name, d in zip(self.names[1:], figure.differences, strict=True)
            if d is not None and d.significant
        )


def _mean_estimate(d: Distribution) -> Estimate | None:
    if d.count == 0:
        return None
    half = 1.959963984540054 * d.stdev / math.sqrt(max(d.count - 1, 1))
    return Estimate(d.mean, d.mean - half, d.mean + half, "mean")


def _rate_estimate(rate: Rate | None) -> Estimate | None:
    if rate is None or rate.trials == 0:
        return None
    return Estimate(rate.value, rate.low, rate.high, "rate")


def _figures_of(report: Report) -> dict[tuple[str, ...], tuple[str, str, Rate | Distribution]]:
    """Every figure of one report by a key shared across studies: (name, unit, value)."""
    lang = report.lang
    share_games, share_seats = text("u_share_games", lang), text("u_share_seats", lang)
    out: dict[tuple[str, ...], tuple[str, str, Rate | Distribution]] = {}
    for seat, rate in report.seat_rates:
        out[("seat", str(seat))] = (text("f_seat", lang, seat=seat), share_games, rate)
    if len(report.agent_rates) > 1:
        for name, rate in report.agent_rates:
            out[("agent", name)] = (text("f_agent", lang, agent=name), share_seats, rate)
    for grouping, rates in report.group_rates:
        for label, rate in rates:
            out[("group", grouping, label)] = (
                text("f_group", lang, grouping=grouping, label=label), share_seats, rate)
    out[("ties",)] = (text("f_ties", lang), share_games, wilson(report.ties, report.games))
    out[("none",)] = (text("f_none", lang), share_games, wilson(report.no_winner, report.games))
    out[("length",)] = (text("f_length", lang), text("u_actions", lang), report.lengths)
    for seat, d in report.points:
        out[("points", str(seat))] = (text("f_points", lang, seat=seat), text("u_points", lang),
                                      d)
    for label, rate in report.content_games:
        out[("content", label)] = (text("f_content", lang, label=label), share_games, rate)
    for row in report.coverage:
        if row.has_code:
            out[("rule", row.rule)] = (text("f_rule", lang, rule=row.rule), share_games,
                                       row.games)
    return out


def _degenerate(a: Rate | Distribution, b: Rate | Distribution) -> bool:
    """Two results without any spread and the same value (0 of n against 0 of m)."""
    if isinstance(a, Rate) and isinstance(b, Rate):
        return a.value == b.value and a.value in (0.0, 1.0)
    if isinstance(a, Distribution) and isinstance(b, Distribution):
        return a.mean == b.mean and a.stdev == b.stdev == 0
    return False


def build_comparison(
    results: Sequence[SimulationResult], names: Sequence[str], title: str, lang: str = "en"
) -> Comparison:
    """Put studies side by side: every figure of each, and each study's difference from the
    first with its own 95% interval, flagged after Holm's correction.

    Raises:
        ValueError: unless there are as many names as results, and at least two.
    """
    if len(results) != len(names) or len(results) < 2:
        raise ValueError("give at least two studies, and one name for each")
    reports = tuple(build_report(r, f"{title}: {n}", lang) for r, n in zip(results, names,
                                                                         strict=True))
    per_study = [_figures_of(r) for r in reports]
    keys: list[tuple[str, ...]] = []
    for study in per_study:
        keys += [k for k in study if k not in keys]
    rows: list[tuple[str, str, str, list[Estimate | None], list[Difference | None]]] = []
    for key in keys:
        found = [study.get(key) for study in per_study]
        name, unit = next((f[0], f[1]) for f in found if f is not None)
        if key[0] == "content":  # content a study never tallied happened in none of its games
            found = [f if f is not None else (name, unit, wilson(0, r.games))
                     for f, r in zip(found, reports, strict=True)]
        values = [f[2] if f is not None else None for f in found]
        kind = "mean" if any(isinstance(v, Distribution) for v in values) else "rate"
        estimates: list[Estimate | None] = [
            _mean_estimate(v) if isinstance(v, Distribution) else _rate_estimate(v)
            for v in values
        ]
        differences: list[Difference | None] = []
        first = values[0]
        for other in values[1:]:
            if first is not None and other is not None and _degenerate(first, other):
                differences.append(None)
            elif isinstance(first, Distribution) and isinstance(other, Distribution):
                differences.append(difference_of_means(first, other)
                                   if first.count and other.count else None)
            elif isinstance(first, Rate) and isinstance(other, Rate) and first.trials \
                    and other.trials:
                differences.append(difference_of_rates(first, other))
            else:
                differences.append(None)
        rows.append((name, unit, kind, estimates, differences))
    tested = [d for *_, ds in rows for d in ds if d is not None]
    verdicts = dict(zip(map(id, tested), holm([d.p for d in tested]), strict=True))
    figures: tuple[Figure, ...] = tuple(
        Figure(name, unit, kind, tuple(estimates), tuple(
            None if d is None else attrs.evolve(d, significant=verdicts.get(id(d), False))
            for d in differences
        ))
        for name, unit, kind, estimates, differences in rows
    )
    return Comparison(title, tuple(names), reports, figures, len(tested), lang)


def _comparison_headers(comparison: Comparison) -> list[str]:
    lang = comparison.lang
    base = comparison.names[0]
    return [text("figure", lang), text("unit", lang), *comparison.names,
            *(text("difference", lang, name=n, base=base) for n in comparison.names[1:])]


def _comparison_rows(comparison: Comparison) -> list[list[str]]:
    rows = []
    for f in comparison.figures:
        cells = [e.format() if e is not None else "—" for e in f.estimates]
        diffs = [_difference_text(d, f.kind) + (" ◆" if d is not None and d.significant else "")
                 for d in f.differences]
        rows.append([f.name, f.unit, *cells, *diffs])
    return rows


def _comparison_lines(comparison: Comparison) -> list[str]:
    lang = comparison.lang
    lines = [text("compare_note", lang, base=comparison.names[0], tested=comparison.tested)]
    lines += _agent_notes(comparison.reports[0])[-1:]
    found = comparison.significant()
    if not found:
        lines.append(text("no_differences", lang))
    else:
        lines.append(text("differences", lang))
        lines += [f"◆ {figure.name} ({figure.unit}), {name}: {_difference_text(d, figure.kind)}"
                  for figure, name, d in found]
    return lines


def console_comparison(comparison: Comparison, console: Any = None) -> None:
    """Print a comparison as one table (rich), the significant differences first."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    first = comparison.reports[0]
    console.rule(text("compare_title", comparison.lang, title=comparison.title,
                      games=first.games))
    for line in _comparison_lines(comparison):
        console.print(line, markup=False, highlight=False)
    table = Table(*_comparison_headers(comparison))
    for row in _comparison_rows(comparison):
        table.add_row(*row)
    console.print(table)


def _comparison_plot(comparison: Comparison) -> bytes:
    """Each difference from the first study with its interval, one row per figure of shares
    (means have their own units and are in the table)."""
    plt = _pyplot()
    figures = [f for f in comparison.figures if f.kind == "rate"
               and any(d is not None for d in f.differences)]
    others = comparison.names[1:]
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(figures) * len(others) + 1.2))
    y = 0
    labels = []
    colours = ["#5e35b1", "#00897b", "#fb8c00", "#8e24aa", "#c62828"]
    for figure in reversed(figures):
        for i, (name, d) in enumerate(zip(others, figure.differences, strict=True)):
            if d is not None:
                colour = colours[i % len(colours)]
                ax.errorbar([d.value], [y], xerr=[[d.value - d.low], [d.high - d.value]],
                            fmt="D" if d.significant else "o", color=colour, capsize=3)
            labels.append(f"{figure.name} ({name})" if len(others) > 1 else figure.name)
            y += 1
    ax.axvline(0, color="#444", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels, fontsize="small")
    ax.xaxis.set_major_formatter(lambda v, _: f"{v:+.0%}")
    ax.set_title(text("compare_chart", comparison.lang, base=comparison.names[0]),
                 fontsize="medium")
    fig.tight_layout()
    data = _png(fig)
    plt.close(fig)
    return data


def write_comparison(comparison: Comparison, out: Path | str) -> Path:
    """Write ``comparison.html`` (one table of every figure side by side, and a plot of the
    differences of shares), ``comparison.json`` and ``differences.png`` to ``out``.

    Returns:
        The path of ``comparison.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    lang = comparison.lang
    plot = _comparison_plot(comparison)
    (folder / "differences.png").write_bytes(plot)
    data = {
        "title": comparison.title,
        "names": list(comparison.names),
        "tested": comparison.tested,
        "figures": [attrs.asdict(f) for f in comparison.figures],
    }
    (folder / "comparison.json").write_text(json.dumps(data, ensure_ascii=False, indent=2),
                                            encoding="utf-8")
    games = comparison.reports[0].games
    heading = text("compare_title", lang, title=comparison.title, games=games)
    body = "".join(_p(line) for line in _comparison_lines(comparison)) + _table(
        _comparison_headers(comparison), _comparison_rows(comparison), lang=lang
    ) + _images({"differences.png": plot})
    path = folder / "comparison.html"
    path.write_text(_page(heading, lang, body), encoding="utf-8")
    return path
