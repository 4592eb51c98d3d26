"""``compare``: the same seeded games under several rules variants, paired game by game.

Every variant plays the same games (seeds, agents, seats), so each figure's difference from
the first study is paired: for a share of games McNemar's test on the games where the two
disagree and a paired interval, for a mean per game a paired interval on the per-game
differences. The headline family — win share per seat, length, how games ended, and per
game the actions and events of each kind and the steps at which each rule decided — is
corrected with Holm's method as one family; the content rows (per card, per resource) are
their own family. The report says how many games came out the same, and says plainly when
a variant changed nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from boardrules.agents.base import Agent
from boardrules.core.errors import BadInput
from boardrules.labels import game_hook
from boardrules.sim.report import (
    Estimate,
    Report,
    build_report,
    kind_classes,
    page,
    paragraphs,
    table,
)
from boardrules.sim.run import Executors, Key, Probe, SimulationResult, play_studies
from boardrules.sim.stats import Difference, Pairs, holm_adjusted
from boardrules.sim.text import count, kind_label, text, variant_label

__all__ = ["Comparison", "Figure", "Pairing", "build_comparison", "compare",
           "console_comparison", "study_name", "write_comparison"]

#: The kinds of figure in the headline family (the rest: content).
_HEADLINE = ("win", "tie", "none", "length", "points", "end", "action", "event", "rule")
#: Figures that are a share of games (each game counts 0 or 1, or a share of a win).
_SHARES = ("win", "tie", "none", "end", "content_games")


def _decided(row: dict[Key, Any]) -> dict[Key, Any]:
    """A game's row without the steps at which checks were asked and effects ran: how often
    the engine consults a rule is not an outcome (a variant's listing may ask more)."""
    return {k: v for k, v in row.items() if k[0] != "rule" or k[2] not in ("asked", "run")}


def study_name(game: Any) -> str:
    """A study's name in a comparison: the game's variant, or ``rulebook`` for its own rules.

    >>> from boardrules.games import semya
    >>> study_name(semya.Game()), study_name(semya.fool_optional(semya.Game()))
    ('rulebook', 'fool-optional')
    """
    variant = getattr(game, "variant", None)
    return variant if isinstance(variant, str) else "rulebook"


class Pairing:
    """The per-game figures of studies that played the same games, summed in game order
    (the ``pair`` of :func:`~boardrules.sim.run.play_studies`): per other study and figure,
    the :class:`~boardrules.sim.stats.Pairs`, and the games that came out the same."""

    def __init__(self, studies: int) -> None:
        self.pairs: list[dict[Key, Pairs]] = [{} for _ in range(studies - 1)]
        self.same = [0] * (studies - 1)

    def __call__(self, chunk: int, rows: list[Any]) -> None:
        first, *others = rows
        for study, games in enumerate(others):
            pairs = self.pairs[study]
            for a, b in zip(first, games, strict=True):
                if a == b or _decided(a) == _decided(b):
                    self.same[study] += 1
                for key in a.keys() | b.keys():
                    if (key[0] not in _HEADLINE and key[0] != "content") or (
                            key[0] == "rule" and key[2] not in ("refused", "changed")):
                        continue
                    found = pairs.get(key)
                    if found is None:
                        found = pairs[key] = Pairs()
                    found.add(a.get(key, 0), b.get(key, 0))


@attrs.frozen
class Figure:
    """One figure across the compared studies.

    Attributes:
        key: what it is, in no language (``("action", "play_card")``).
        name: what it is, in the comparison's language; ``unit`` its unit.
        family: ``"headline"`` or ``"content"``: the family Holm's correction runs over.
        kind: ``"rate"`` (a share of games) or ``"mean"`` (per game).
        estimates: one per study, in the order of the studies.
        differences: one per study after the first, paired with the first: its value,
            95% interval, p-value, Holm's adjusted p-value (``adjusted``) and whether that
            is below 0.05 (``significant``); ``None`` where every game had the same value
            under both (then it is not tested).
    """

    key: tuple[Any, ...]
    name: str
    unit: str
    family: str
    kind: str
    estimates: tuple[Estimate, ...]
    differences: tuple[Difference | None, ...]


@attrs.frozen
class Comparison:
    """Several studies of the same agents and seeds, side by side (:func:`compare`).

    Attributes:
        title: the heading; ``lang`` its language.
        names: each study's name (a variant's name; ``rulebook`` for the game's own rules).
        reports: each study's own report.
        figures: every figure that happened in some study, the headline family first.
        tested: per family, how many differences Holm's correction ran over.
        same: per study after the first, the games that came out the same as under it.
    """

    title: str
    names: tuple[str, ...]
    reports: tuple[Report, ...]
    figures: tuple[Figure, ...]
    tested: Mapping[str, int]
    same: tuple[int, ...]
    lang: str = "en"

    def significant(self) -> tuple[tuple[Figure, str, Difference], ...]:
        """Every significant difference: the figure, the study's name and the difference."""
        return tuple((figure, name, d) for figure in self.figures
                     for name, d in zip(self.names[1:], figure.differences, strict=True)
                     if d is not None and d.significant)

    def shown(self, top: int, family: str = "headline") -> list[tuple[Figure, int, Difference]]:
        """The ``top`` differences of ``family`` with the smallest adjusted p-values."""
        found = [(f, i, d) for f in self.figures if f.family == family
                 for i, d in enumerate(f.differences) if d is not None]
        return sorted(found, key=lambda x: (x[2].adjusted or 1.0, x[2].p))[:top]


def _figure_name(key: tuple[Any, ...], game: Any, lang: str, classes: dict[str, type],
                 content: Mapping[str, str]) -> tuple[str, str]:
    kind = key[0]
    share, per_game = text("u_share", lang), text("u_per_game", lang)
    if kind == "win":
        return text("f_seat", lang, seat=key[1]), share
    if kind in ("tie", "none", "length"):
        unit = text("u_actions", lang) if kind == "length" else share
        return text({"tie": "f_ties", "none": "f_none", "length": "f_length"}[kind], lang), unit
    if kind == "points":
        return text("f_points", lang, seat=key[1]), text("u_points", lang)
    if kind == "end":
        return text("f_end", lang, rule=key[1]), share
    if kind in ("action", "event"):
        label = kind_label(game, classes.get(key[1]), key[1], lang)
        return text(f"f_{kind}", lang, kind=label), per_game
    if kind == "rule":
        return text(f"f_{key[2]}", lang, rule=key[1]), per_game
    return text("f_content", lang, label=content.get(key[1], key[1])), per_game


def build_comparison(results: Sequence[SimulationResult], names: Sequence[str], title: str,
                     pairing: Pairing, lang: str = "en") -> Comparison:
    """Put studies side by side: every figure of each, and each study's paired difference
    from the first, with Holm's adjusted p-values per family.

    Raises:
        ValueError: unless there are as many names as results, and at least two.
    """
    if len(results) != len(names) or len(results) < 2:
        raise ValueError("give at least two studies, and one name for each")
    labels = [variant_label(name, lang) for name in names]
    reports = tuple(build_report(r, f"{title}: {n}", lang)
                    for r, n in zip(results, labels, strict=True))
    game = results[0].game
    classes = kind_classes(game)
    hook = game_hook(game, "content_label") if game is not None else None
    keys = dict.fromkeys(k for pairs in pairing.pairs for k in pairs)
    content = {k[1]: str(hook(k[1], lang)) if callable(hook) else k[1]
               for k in keys if k[0] == "content"}
    rows = []
    for key in sorted(keys, key=lambda k: (_HEADLINE.index(k[0]) if k[0] in _HEADLINE
                                           else len(_HEADLINE), str(k[1:]))):
        name, unit = _figure_name(key, game, lang, classes, content)
        share = key[0] in _SHARES
        estimates = tuple(Estimate.of(r.summary, key, share) if key[0] != "win" else
                          _win(r, key[1]) for r in results)
        differences = [None if key not in p or not (p[key].up or p[key].down)
                       else p[key].difference() for p in pairing.pairs]
        family = "headline" if key[0] in _HEADLINE else "content"
        rows.append((key, name, unit, family, "rate" if share else "mean", estimates,
                     differences))
    tested: dict[str, int] = {}
    adjusted: dict[int, float] = {}
    for family in ("headline", "content"):
        found = [d for row in rows if row[3] == family for d in row[6] if d is not None]
        tested[family] = len(found)
        adjusted.update(zip(map(id, found), holm_adjusted([d.p for d in found]), strict=True))
    figures = tuple(
        Figure(key, name, unit, family, kind, estimates, tuple(
            None if d is None else attrs.evolve(d, adjusted=adjusted[id(d)],
                                                significant=adjusted[id(d)] < 0.05)
            for d in differences))
        for key, name, unit, family, kind, estimates, differences in rows)
    return Comparison(title, tuple(names), reports, figures, tested, tuple(pairing.same), lang)


def _win(result: SimulationResult, seat: int) -> Estimate:
    from boardrules.sim.stats import wilson

    rate = wilson(result.summary.seat_wins.get(seat, 0.0), result.summary.games)
    return Estimate(rate.value, rate.low, rate.high, "rate")


def _difference_text(d: Difference | None, kind: str) -> str:
    if d is None:
        return "0"
    if kind == "rate":
        return f"{d.value:+.1%} [{d.low:+.1%}, {d.high:+.1%}]"
    return f"{d.value:+.2f} [{d.low:+.2f}, {d.high:+.2f}]"


def _p(value: float | None) -> str:
    return "—" if value is None else f"{value:.3g}" if value >= 0.001 else "<0.001"


def notes(comparison: Comparison) -> list[str]:
    """The comparison's sentences: the method and family sizes, identical games, findings."""
    lang = comparison.lang
    base, *others = (variant_label(n, lang) for n in comparison.names)
    games = comparison.reports[0].games
    lines = [text("compare_note", lang, base=base, tested=comparison.tested["headline"],
                  content=comparison.tested["content"])]
    for name, same in zip(others, comparison.same, strict=True):
        lines.append(text("nothing", lang, name=name) if same == games else
                     text("identical", lang, name=name, same=same,
                          games=count(games, "game", lang, of=True), base=base))
    found = comparison.significant()
    lines.append(text("differences", lang) if found else text("no_differences", lang))
    lines += [f"◆ {f.name} ({f.unit}), {name}: {_difference_text(d, f.kind)}, "
              f"{text('adjusted', lang)} {_p(d.adjusted)}" for f, name, d in found]
    return lines


def _rows(comparison: Comparison, family: str) -> list[list[str]]:
    return [[f.name, f.unit, *(e.format() for e in f.estimates),
             *(_difference_text(d, f.kind) + (" ◆" if d is not None and d.significant else "")
               + f" p={_p(None if d is None else d.p)}"
               + f" {text('adjusted', comparison.lang)}={_p(None if d is None else d.adjusted)}"
               for d in f.differences)]
            for f in comparison.figures if f.family == family]


def _headers(comparison: Comparison) -> list[str]:
    lang = comparison.lang
    base, *others = (variant_label(n, lang) for n in comparison.names)
    return [text("figure", lang), text("unit", lang), base, *others,
            *(text("difference", lang, name=n, base=base) for n in others)]


def console_comparison(comparison: Comparison, write: Callable[[str], object] | None = None,
                       top: int = 20) -> None:
    """Print a comparison in lines of at most 100 characters: its sentences, then the
    ``top`` headline differences with the smallest adjusted p-values (every figure is in
    ``comparison.html``)."""
    import sys
    import textwrap

    out = write or (lambda line: sys.stdout.write(line + "\n"))
    lang = comparison.lang
    out(text("compare_title", lang, title=comparison.title,
             games=count(comparison.reports[0].games, "game", lang))[:100])
    for line in notes(comparison):
        for part in textwrap.wrap(line, 100):
            out(part)
    base, *others = (variant_label(n, lang) for n in comparison.names)
    heading = text("difference", lang, name=others[0], base=base) if len(others) == 1 else ""
    out(f"{text('figure', lang)[:38]:38}    {heading[:36]:36} {text('p', lang):>8} "
        f"{text('adjusted', lang):>10}")
    for figure, index, d in comparison.shown(top):
        name = figure.name + (f" ({others[index]})" if len(others) > 1 else "")
        mark = "◆" if d.significant else " "
        out(f"{name[:38]:38} {mark:>2} {_difference_text(d, figure.kind)[:36]:36} "
            f"{_p(d.p):>8} {_p(d.adjusted):>10}")
    rest = sum(d is not None for f in comparison.figures for d in f.differences) - len(
        comparison.shown(top))
    if rest > 0:
        out(text("more", lang, n=rest))


def write_comparison(comparison: Comparison, out: Path | str, pictures: bool = True) -> Path:
    """Write ``comparison.html`` (the headline family's table, then the content family's
    in a collapsed table), ``comparison.json`` and, unless ``pictures`` is false,
    ``differences.png`` to ``out``.

    Returns:
        The path of ``comparison.html``.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    lang = comparison.lang
    data = {"title": comparison.title, "names": list(comparison.names),
            "tested": dict(comparison.tested), "same": list(comparison.same),
            "figures": [attrs.asdict(f) for f in comparison.figures]}
    (folder / "comparison.json").write_text(json.dumps(data, ensure_ascii=False, indent=2),
                                            encoding="utf-8")
    body = paragraphs(notes(comparison))
    body += table(_headers(comparison), _rows(comparison, "headline"), text("headline", lang),
                  lang)
    body += table(_headers(comparison), _rows(comparison, "content"),
                  text("content_family", lang), lang, folded=True)
    if pictures:
        from boardrules.sim.pictures import comparison_plot, images

        others = comparison.names[1:]
        rows = [(f.name + (f" ({others[i]})" if len(others) > 1 else ""), i, d)
                for f, i, d in comparison.shown(30)]
        title = text("compare_chart", lang, base=variant_label(comparison.names[0], lang),
                     shown=len(rows))
        plot = {"differences.png": comparison_plot(rows, title)}
        (folder / "differences.png").write_bytes(plot["differences.png"])
        body += images(plot)
    heading = text("compare_title", lang, title=comparison.title,
                   games=count(comparison.reports[0].games, "game", lang))
    path = folder / "comparison.html"
    path.write_text(page(heading, lang, body), encoding="utf-8")
    return path


def compare(
    games: Sequence[Any] | Mapping[str, Any],
    agents: Sequence[Agent],
    n: int = 100,
    seed: int = 0,
    *,
    title: str | None = None,
    lang: str = "en",
    executor: Executors = "processes",
    setup: dict[str, Any] | None = None,
    probe_refusals: Probe = False,
    progress: Callable[[int], None] | None = None,
    keep_games: bool = False,
    coverage: bool = True,
) -> Comparison:
    """Play the same ``n`` seeded games with the same agents under each game (rules variants
    of one game, or one game with other options) and compare them game by game.

    Args:
        games: two or more games, named by their variant (``rulebook`` for the game's own
            rules), or a mapping of names to games.
        agents: one agent per seat, the same for every study.
        n: games per study.
        seed: the study seed, shared by every study, so they differ only by their rules.
        title: the heading (default: the game's name).
        lang: ``"en"`` or ``"ru"``.
        executor: as for :func:`~boardrules.sim.simulate`.
        setup: as for :func:`~boardrules.sim.simulate`.
        probe_refusals: as for :func:`~boardrules.sim.simulate`.
        keep_games: as for :func:`~boardrules.sim.simulate`.
        coverage: as for :func:`~boardrules.sim.simulate`; on by default, so the headline
            counts each rule's decisions and the rules that ended the games.
        progress: called with the games finished over all the studies.

    Raises:
        BadInput: for fewer than two games or two with the same name (``$.games``), and for
            anything :func:`~boardrules.sim.simulate` refuses.

    >>> from boardrules.agents import RandomAgent
    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> both = compare([game, semya.fool_optional(game)], [RandomAgent()] * 2, 30,
    ...                executor=None)
    >>> both.names, both.figures[0].name
    (('rulebook', 'fool-optional'), 'win share, seat 0')
    """
    named = dict(games) if isinstance(games, Mapping) else {}
    if not isinstance(games, Mapping):
        for game in games:
            name = study_name(game)
            if name in named:
                raise BadInput("$.games", f"two studies are named {name!r}; name them with a "
                               "mapping")
            named[name] = game
    if len(named) < 2:
        raise BadInput("$.games", "compare needs at least two games (rules variants)")
    pairing = Pairing(len(named))
    results = play_studies(list(named.values()), agents, n, seed, executor=executor,
                           setup=setup, progress=progress, probe_refusals=probe_refusals,
                           keep_games=keep_games, pair=pairing, coverage=coverage)
    heading = title or next(iter(named.values())).name
    return build_comparison(results, list(named), heading, pairing, lang)

