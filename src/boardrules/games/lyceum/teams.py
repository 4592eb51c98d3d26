"""Team standings across tables (LY-21): total XP for equal tables, mean XP otherwise."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.standings import Standings

__all__ = ["TeamStanding", "team_standings"]


@attrs.frozen
class TeamStanding:
    """One table's place in the team competition.

    Attributes:
        table: the table's name.
        players: how many seats played at it.
        total: the XP of all its seats together.
        mean: the mean XP per seat (exact).
        rank: 1 for first place; tables with equal results share a rank.
        by_mean: whether tables were ranked by mean XP (their sizes differ).
    """

    table: str
    players: int
    total: int
    mean: Fraction
    rank: int
    by_mean: bool


def team_standings(
    results: Mapping[str, Standings | Sequence[int]],
) -> tuple[TeamStanding, ...]:
    """Rank tables by total XP when they seat equally many players, else by mean XP (LY-21).

    Args:
        results: per table name, its final :class:`~boardrules.Standings` or its seats' XP.

    Returns:
        One :class:`TeamStanding` per table, in the order given.

    Raises:
        BadInput: for no tables or a table without seats.

    >>> [(t.table, t.total, t.rank) for t in team_standings({"A": [900, 700], "B": [1000, 500]})]
    [('A', 1600, 1), ('B', 1500, 2)]
    >>> [(t.table, t.mean, t.rank) for t in team_standings({"A": [900, 700], "B": [1000]})]
    [('A', Fraction(800, 1), 2), ('B', Fraction(1000, 1), 1)]
    """
    if not results:
        raise BadInput("$", "LY-21: at least one table")
    points: dict[str, list[int]] = {}
    for name, result in results.items():
        values = list(result.points) if isinstance(result, Standings) else list(result)
        if not values:
            raise BadInput(f"$.{name}", "LY-21: a table has at least one seat")
        for i, v in enumerate(values):
            if type(v) is not int:
                raise BadInput(f"$.{name}[{i}]", "XP is an integer")
        points[name] = values
    by_mean = len({len(v) for v in points.values()}) > 1
    keys = {
        name: Fraction(sum(v), len(v)) if by_mean else Fraction(sum(v))
        for name, v in points.items()
    }
    return tuple(
        TeamStanding(
            table=name,
            players=len(v),
            total=sum(v),
            mean=Fraction(sum(v), len(v)),
            rank=1 + sum(1 for k in keys.values() if k > keys[name]),
            by_mean=by_mean,
        )
        for name, v in points.items()
    )
